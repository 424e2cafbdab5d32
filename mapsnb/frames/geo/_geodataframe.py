"""GeoDataFrames of the frames: :func:`to_geodataframe` (geopandas and shapely on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mapsnb.frames.geo._features import geometries, point_columns

if TYPE_CHECKING:
    import geopandas

#: The coordinate reference system of every geometry of the toolkit (WGS 84 longitude/latitude).
CRS = "EPSG:4326"


def geopandas_module(purpose: str = "to_geodataframe") -> Any:
    """Geopandas (and shapely), or an ImportError saying which extra to install."""
    try:
        import geopandas
        import shapely  # noqa: F401
    except ImportError as exc:
        raise ImportError(
            f"{purpose} needs geopandas and shapely: pip install 'mapsnb[geo]'"
        ) from exc
    return geopandas


def to_geodataframe(df: pd.DataFrame, *, geometry: str = "points") -> geopandas.GeoDataFrame:
    """Return a GeoDataFrame (CRS EPSG:4326) of any frame of the toolkit, its ``attrs`` kept.

    Also ``df.mapsnb.to_geodataframe()`` and ``result.to_geodataframe()``.

    ``geometry="points"``: Points from the frame's coordinate columns (``lat``/``lng`` of
    places, along-route, route-path and ``search_area`` frames; ``matched_lat``/``matched_lng``
    of resolution frames; ``returned_lat``/``returned_lng`` of weather frames; rows without
    coordinates get None); a routes frame (``encoded_polyline``, no coordinates) gives
    LineStrings decoded from it. ``geometry="lines"``: LineStrings from ``encoded_polyline``,
    or one LineString per ``route_index`` from a :func:`route_path_frame`.

    Raises
    ------
    ImportError
        If geopandas is not installed (``pip install 'mapsnb[geo]'``).
    NothingToDraw
        The frame has no coordinate columns nor ``encoded_polyline``.
    ValueError
        ``geometry`` is neither ``"points"`` nor ``"lines"``.
    """
    gpd = geopandas_module()
    from shapely.geometry import LineString, shape

    if geometry not in ("points", "lines"):
        raise ValueError(f"geometry must be 'points' or 'lines', got {geometry!r}")
    pair = point_columns(df)
    base = pd.DataFrame(df).drop(columns=["geometry"], errors="ignore").copy()
    if geometry == "points" and pair is not None:
        lat = pd.to_numeric(df[pair[0]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        lng = pd.to_numeric(df[pair[1]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        points = gpd.points_from_xy(lng, lat)
        points[~(np.isfinite(lat) & np.isfinite(lng))] = None
        out = gpd.GeoDataFrame(base, geometry=points, crs=CRS)
    elif "encoded_polyline" in df.columns:
        shapes = [shape(g) if g is not None else None for g in geometries(df[["encoded_polyline"]])]
        out = gpd.GeoDataFrame(base, geometry=shapes, crs=CRS)
    elif geometry == "lines" and pair == ("lat", "lng") and "route_index" in df.columns:
        out = _path_lines(gpd, LineString, df)
    else:
        geometries(df)  # a NothingToDraw naming the columns
        raise ValueError(
            f"cannot build {geometry!r} geometry: need lat/lng columns or encoded_polyline"
        )
    out.attrs = dict(df.attrs)
    return out


def _path_lines(gpd: Any, line_type: Any, df: pd.DataFrame) -> Any:
    """One LineString per ``route_index`` of a route-path frame."""
    rows = []
    for index, part in df.groupby("route_index", sort=True):
        part = part.sort_values("seq") if "seq" in part.columns else part
        coords = list(zip(part["lng"], part["lat"], strict=True))
        length = float(part["cum_distance_m"].max()) if "cum_distance_m" in part else np.nan
        line = line_type(coords) if len(coords) > 1 else None
        rows.append(
            {"route_index": index, "n_vertices": len(coords), "length_m": length, "geometry": line}
        )
    if rows:
        return gpd.GeoDataFrame(rows, geometry="geometry", crs=CRS)
    return gpd.GeoDataFrame(
        {"route_index": [], "n_vertices": [], "length_m": []}, geometry=[], crs=CRS
    )
