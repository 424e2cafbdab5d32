"""Grid clusters at the view's scale: places grouped per screen cell, single places kept as places.

:func:`view_clusters` groups points by cells of :data:`CELL_PX` screen pixels at a zoom (Web
Mercator pixels, so a cell is the same size on screen at every zoom and latitude): zooming in
splits groups until every place stands alone. Only the points inside the view (plus one view of
margin on every side) are kept, so a view of a few streets holds a few features whatever the
layer's size. Deterministic: the same points, zoom and view give the same features.

A group feature carries its members' ``bounds``: :func:`group_view` is where a click on it takes
a live map (fitted to them, or two zoom levels closer).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

import numpy as np

from mapsnb.layers._base import Bounds
from mapsnb.layers._features import _point
from mapsnb.layers._layout import TILE_PX, fit_view

#: A cluster cell's side on screen, px.
CELL_PX = 60.0
#: The most names a group's popup lists.
LISTED = 5
#: The closest a click on a group zooms (OpenStreetMap's tiles end at 19).
CLICK_MAX_ZOOM = 19
#: Zoom levels a click on a group adds when fitting its members would not zoom in.
CLICK_ZOOM_STEP = 2


def _world(lat: np.ndarray, lng: np.ndarray, zoom: float) -> tuple[np.ndarray, np.ndarray]:
    size = TILE_PX * 2.0**zoom
    s = np.sin(np.radians(np.clip(lat, -85.05, 85.05)))
    y = (0.5 - np.log((1 + s) / (1 - s)) / (4 * math.pi)) * size
    x = (lng + 180.0) / 360.0 * size
    return x, y


def _in_view(lat: np.ndarray, lng: np.ndarray, view: Bounds | None) -> np.ndarray:
    """Points inside ``view`` grown by its own size on every side (all points without a view)."""
    if view is None:
        return np.ones(len(lat), dtype=bool)
    (s, w), (n, e) = view
    dlat, dlng = max(n - s, 1e-9), max(e - w, 1e-9)
    if dlng >= 180:
        return np.ones(len(lat), dtype=bool)
    return (lat >= s - dlat) & (lat <= n + dlat) & (lng >= w - dlng) & (lng <= e + dlng)


def group_style(count: int, color: str) -> dict[str, Any]:
    """Return the circle style of a group of ``count`` places (larger for more)."""
    return {"radius": min(8 + 4 * math.log2(count), 30), "fillColor": color}


def view_clusters(
    feats: list[dict[str, Any]],
    lat: np.ndarray,
    lng: np.ndarray,
    *,
    zoom: float,
    view: Bounds | None,
    color: str,
) -> list[dict[str, Any]]:
    """Return the features to draw at ``zoom``: one per occupied screen cell near ``view``.

    A cell holding one place keeps that place's feature (its popup, links and credit); a cell of
    several gives a group feature (``cluster``, ``count``, the first :data:`LISTED` ``names``)
    at their mean position.
    """
    keep = np.flatnonzero(_in_view(lat, lng, view))
    if len(keep) == 0:
        return []
    x, y = _world(lat[keep], lng[keep], zoom)
    col = np.floor(x / CELL_PX).astype(np.int64)
    row = np.floor(y / CELL_PX).astype(np.int64)
    keys = row * (int(2.0**zoom * TILE_PX / CELL_PX) + 2) + col
    return cell_groups(feats, lat[keep], lng[keep], keys, keep, color)


def cell_groups(
    feats: list[dict[str, Any]],
    lat: np.ndarray,
    lng: np.ndarray,
    keys: np.ndarray,
    index: np.ndarray,
    color: str,
) -> list[dict[str, Any]]:
    """Return one feature per cell ``keys`` names: the place's own, or a group feature.

    A cell holding one place gives that place's feature; else a group feature (``cluster``,
    ``count``, the first :data:`LISTED` ``names``) at their mean position, with its members'
    ``bounds`` (``[[south, west], [north, east]]``). ``lat``, ``lng`` and ``keys`` are of the
    features ``feats[index]``.
    """
    _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    mean_lat = np.bincount(inverse, weights=lat) / counts
    mean_lng = np.bincount(inverse, weights=lng) / counts
    sort = np.argsort(inverse, kind="stable")
    order = index[sort]
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    south, north = np.minimum.reduceat(lat[sort], starts), np.maximum.reduceat(lat[sort], starts)
    west, east = np.minimum.reduceat(lng[sort], starts), np.maximum.reduceat(lng[sort], starts)
    out = []
    for k, (start, n) in enumerate(zip(starts.tolist(), counts.tolist(), strict=True)):
        if n == 1:
            out.append(feats[int(order[start])])
            continue
        members = order[start : start + min(n, LISTED)]
        names = [feats[int(i)]["properties"].get("name") for i in members]
        props = {
            "cluster": True,
            "count": n,
            "names": [x for x in names if x],
            "bounds": [
                [float(south[k]), float(west[k])],
                [float(north[k]), float(east[k])],
            ],
            "style": group_style(n, color),
        }
        out.append(_point(float(mean_lat[k]), float(mean_lng[k]), props))
    return out


def group_view(
    props: Mapping[str, Any],
    at: tuple[float, float],
    *,
    zoom: float,
    width: float,
    height: float,
    controls: Iterable[Any] = (),
    max_zoom: float = CLICK_MAX_ZOOM,
) -> tuple[tuple[float, float], float]:
    """Return the ``(centre, zoom)`` a click on the group at ``at`` takes a map now at ``zoom`` to.

    The view fitting its members' ``bounds`` clear of ``controls`` when that zooms in, else
    :data:`CLICK_ZOOM_STEP` levels closer centred on the group; never past ``max_zoom``.
    """
    bounds: Any = props.get("bounds")
    try:
        (s, w), (n, e) = ((float(a), float(b)) for a, b in bounds)
    except (TypeError, ValueError):
        s = n = at[0]
        w = e = at[1]
    if all(map(math.isfinite, (s, w, n, e))) and (n > s or e > w):
        view = fit_view(((s, w), (n, e)), width, height, controls)
        if zoom < view.zoom:
            return (float(view.center[0]), float(view.center[1])), float(min(view.zoom, max_zoom))
    return (float(at[0]), float(at[1])), float(min(zoom + CLICK_ZOOM_STEP, max_zoom))
