"""Many points on a map: a density (heat) layer, and every point in one PNG image overlay.

The density layer bins the points on a grid. The image is a compact encoding: widget state of a
few bytes a point, less than lonboard's binary GeoArrow for the same points (see
benchmarks/README.md).
"""

from __future__ import annotations

import base64
import math
import struct
import zlib
from typing import Any

import ipyleaflet
import numpy as np
import pandas as pd

from mapsnb.errors import NothingToDraw
from mapsnb.layers._base import PREFIX, Bounds, MapsnbLayer, _frame
from mapsnb.layers._features import _coords

#: The latitude Web Mercator (Leaflet's projection) stops at.
MAX_LAT = 85.0511
#: Colour of :func:`points_layer`'s dots (RGB).
POINT_RGB = (33, 102, 172)


class HeatmapLayer(MapsnbLayer, ipyleaflet.Heatmap):
    """The density of many points (what :func:`heatmap_layer` returns)."""


class PointsLayer(MapsnbLayer, ipyleaflet.ImageOverlay):
    """Every point of a large frame drawn into one PNG (what :func:`points_layer` returns)."""


def _points(
    data: Any, weight: str | None
) -> tuple[pd.DataFrame, np.ndarray, np.ndarray, np.ndarray]:
    """Return the frame of ``data``, the finite points' lat, lng and weight (1 without ``weight``)."""
    df = _frame(data)
    lat, lng, ok = _coords(df)
    if weight is None:
        w = np.ones(int(ok.sum()))
    elif weight in df.columns:
        w = pd.to_numeric(df[weight], errors="coerce").to_numpy(dtype=float, na_value=np.nan)[ok]
        w = np.where(np.isfinite(w), w, 0.0)
    else:
        raise NothingToDraw(
            f"weight={weight!r} is not a column (columns: {', '.join(map(str, df.columns))})"
        )
    if not ok.any():
        raise NothingToDraw("no row has coordinates: nothing to draw")
    return df, np.clip(lat[ok], -MAX_LAT, MAX_LAT), lng[ok], w


def _mercator(lat: np.ndarray) -> np.ndarray:
    y: np.ndarray = np.log(np.tan(np.pi / 4 + np.radians(lat) / 2))
    return y


def heatmap_layer(
    data: Any,
    *,
    weight: str | None = None,
    cells: int = 256,
    radius: float = 12.0,
    blur: float = 15.0,
) -> HeatmapLayer:
    """Return a density (heat) layer of many points: ``ipyleaflet.Heatmap`` of the points binned.

    The points are counted (or their ``weight`` summed) on a grid of ``cells`` cells along
    the longer side of their bounds; each occupied cell is one ``[lat, lng, intensity]`` at
    its centre (5 decimals), so 100,000 points send at most ``cells²`` triples.

    Parameters
    ----------
    data
        A result or a frame with coordinates (``lat``/``lng``, ``matched_lat``/…).
    weight
        A numeric column whose sum is each cell's intensity (default: the count).
    cells
        Grid cells along the longer side (16–2048).
    radius, blur
        Leaflet.heat's point radius and blur, in pixels.

    Returns
    -------
    HeatmapLayer
        Named ``"mapsnb:density"``; :func:`show` draws and fits it, with the data's credits.

    Raises
    ------
    NothingToDraw
        No row has coordinates, or ``weight`` is not a column.
    """
    if isinstance(cells, bool) or not isinstance(cells, int) or not 16 <= cells <= 2048:
        raise ValueError(f"cells must be an integer from 16 to 2048, got {cells!r}")
    df, lat, lng, w = _points(data, weight)
    south, north, west, east = lat.min(), lat.max(), lng.min(), lng.max()
    step = max(north - south, east - west, 1e-6) / cells
    iy = np.floor((lat - south) / step).astype(np.int64)
    ix = np.floor((lng - west) / step).astype(np.int64)
    key = iy * (cells + 1) + ix
    unique, inverse = np.unique(key, return_inverse=True)
    totals = np.bincount(inverse, weights=w, minlength=len(unique))
    cy, cx = unique // (cells + 1), unique % (cells + 1)
    centre_lat = np.round(south + (cy + 0.5) * step, 5)
    centre_lng = np.round(west + (cx + 0.5) * step, 5)
    keep = totals > 0
    locations = np.column_stack([centre_lat[keep], centre_lng[keep], np.round(totals[keep], 3)])
    layer = HeatmapLayer(
        locations=locations.tolist(),
        radius=radius,
        blur=blur,
        max=float(totals.max()) if len(totals) and totals.max() > 0 else 1.0,
        name=f"{PREFIX}density",
    )
    bounds: Bounds = ((float(south), float(west)), (float(north), float(east)))
    layer.describe(frame=df, bounds=bounds, legend_entries={"Density of places": "#f03b20"})
    return layer


def _png(rgba: np.ndarray) -> bytes:
    """Return a PNG file of an ``(h, w, 4)`` uint8 image (no dependency: zlib and struct)."""
    height, width = rgba.shape[:2]
    raw = np.zeros((height, width * 4 + 1), dtype=np.uint8)  # filter byte 0 on every row
    raw[:, 1:] = rgba.reshape(height, width * 4)

    def chunk(kind: bytes, body: bytes) -> bytes:
        return (
            struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw.tobytes(), 9))
        + chunk(b"IEND", b"")
    )


def raster(
    lat: np.ndarray, lng: np.ndarray, size: int, dot: int, rgb: tuple[int, int, int]
) -> tuple[np.ndarray, Bounds]:
    """Draw every point as a ``dot``-pixel square in an RGBA image; return it and its bounds.

    The image is ``size`` pixels along its longer side, rows in Web Mercator (as Leaflet stretches
    an image overlay). Opacity grows with the number of points in a pixel (log scale).
    """
    west, east = float(lng.min()), float(lng.max())
    y = _mercator(lat)
    top, bottom = float(y.max()), float(y.min())
    span_x = max(math.radians(east - west), 1e-9)
    span_y = max(top - bottom, 1e-9)
    scale = (size - dot) / max(span_x, span_y)
    width = min(int(span_x * scale + 1e-9) + dot, size)
    height = min(int(span_y * scale + 1e-9) + dot, size)
    col = np.floor(np.radians(lng - west) * scale).astype(np.int64)
    row = np.floor((top - y) * scale).astype(np.int64)
    counts = np.zeros((height, width), dtype=np.float64)
    for dy in range(dot):
        for dx in range(dot):
            np.add.at(
                counts, (np.clip(row + dy, 0, height - 1), np.clip(col + dx, 0, width - 1)), 1
            )
    image = np.zeros((height, width, 4), dtype=np.uint8)
    filled = counts > 0
    image[filled, :3] = rgb
    peak = math.log1p(counts.max()) or 1.0
    image[filled, 3] = (110 + 145 * np.log1p(counts[filled]) / peak).astype(np.uint8)
    # the image's edges in degrees: a pixel's far side past the last point
    pixel = 1 / scale
    east_edge = west + math.degrees(width * pixel)
    south_edge = math.degrees(2 * math.atan(math.exp(top - height * pixel)) - math.pi / 2)
    north_edge = math.degrees(2 * math.atan(math.exp(top)) - math.pi / 2)
    return image, ((south_edge, west), (north_edge, east_edge))


def points_layer(
    data: Any, *, size: int = 1024, dot: int = 2, color: tuple[int, int, int] = POINT_RGB
) -> PointsLayer:
    """Every point of a large frame (100,000 and more) drawn into one PNG image overlay.

    One ``GeoJSON`` feature per point costs the widget state a few hundred bytes a point; the
    image costs a few bytes a point at most, whatever the count (the state is the PNG, base64
    in a data URL). The image is ``size`` pixels along its longer side: zoomed in past that
    resolution, dots grow square; for popups, use :func:`places_layer` on a subset.

    Parameters
    ----------
    data
        A result or a frame with coordinates (``lat``/``lng``, ``matched_lat``/…).
    size
        Pixels along the image's longer side (64–4096).
    dot
        Side of each point's square, in pixels (1–8).
    color
        The dots' RGB colour.

    Returns
    -------
    PointsLayer
        Named ``"mapsnb:points"``, over the points' bounds; :func:`show` draws and fits it.

    Raises
    ------
    NothingToDraw
        No row has coordinates.
    """
    if isinstance(size, bool) or not isinstance(size, int) or not 64 <= size <= 4096:
        raise ValueError(f"size must be an integer from 64 to 4096, got {size!r}")
    if isinstance(dot, bool) or not isinstance(dot, int) or not 1 <= dot <= 8:
        raise ValueError(f"dot must be an integer from 1 to 8, got {dot!r}")
    df, lat, lng, _ = _points(data, None)
    image, bounds = raster(lat, lng, size, dot, color)
    url = "data:image/png;base64," + base64.b64encode(_png(image)).decode("ascii")
    layer = PointsLayer(url=url, bounds=bounds, name=f"{PREFIX}points")
    hex_color = "#{:02x}{:02x}{:02x}".format(*color)
    layer.describe(frame=df, bounds=bounds, legend_entries={f"{len(lat):,} places": hex_color})
    return layer
