"""GeoDataFrames of the frames: :func:`to_geodataframe` (geopandas and shapely on first use)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mapsnb.polyline import decode

if TYPE_CHECKING:
    import geopandas


def _geopandas() -> Any:
    try:
        import geopandas
        import shapely  # noqa: F401
    except ImportError as exc:
        raise ImportError(
            "to_geodataframe needs geopandas and shapely: pip install 'mapsnb[geo]'"
        ) from exc
    return geopandas


def to_geodataframe(df: pd.DataFrame, *, geometry: str = "points") -> geopandas.GeoDataFrame:
    """A GeoDataFrame (EPSG:4326) from a frame of :mod:`mapsnb.frames`.

    ``geometry="points"``: Points from ``lat``/``lng`` (rows without coordinates get None); a
    routes frame (``encoded_polyline``, no ``lat``) gives LineStrings decoded from it.
    ``geometry="lines"``: LineStrings from ``encoded_polyline``, or one LineString per
    ``route_index`` from a :func:`route_path_frame`.

    Raises
    ------
    ImportError
        If geopandas is not installed (``pip install 'mapsnb[geo]'``).
    """
    gpd = _geopandas()
    from shapely.geometry import LineString

    has_points = {"lat", "lng"} <= set(df.columns)
    if geometry == "points" and has_points:
        lat = pd.to_numeric(df["lat"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        lng = pd.to_numeric(df["lng"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        points = gpd.points_from_xy(lng, lat)
        points[~(np.isfinite(lat) & np.isfinite(lng))] = None
        out = gpd.GeoDataFrame(df.copy(), geometry=points, crs="EPSG:4326")
    elif geometry in ("points", "lines") and "encoded_polyline" in df.columns:
        geoms = []
        for encoded in df["encoded_polyline"]:
            try:
                pts = decode(encoded) if isinstance(encoded, str) and encoded else []
            except ValueError:
                pts = []
            geoms.append(LineString([(lng, lat) for lat, lng in pts]) if len(pts) > 1 else None)
        out = gpd.GeoDataFrame(df.copy(), geometry=geoms, crs="EPSG:4326")
    elif geometry == "lines" and has_points and "route_index" in df.columns:
        rows = []
        for index, part in df.groupby("route_index", sort=True):
            part = part.sort_values("seq") if "seq" in part.columns else part
            coords = list(zip(part["lng"], part["lat"], strict=True))
            length = float(part["cum_distance_m"].max()) if "cum_distance_m" in part else np.nan
            line = LineString(coords) if len(coords) > 1 else None
            rows.append(
                {
                    "route_index": index,
                    "n_vertices": len(coords),
                    "length_m": length,
                    "geometry": line,
                }
            )
        out = (
            gpd.GeoDataFrame(rows, geometry="geometry", crs="EPSG:4326")
            if rows
            else gpd.GeoDataFrame(
                {"route_index": [], "n_vertices": [], "length_m": []}, geometry=[], crs="EPSG:4326"
            )
        )
    else:
        raise ValueError(
            f"cannot build {geometry!r} geometry: need lat/lng columns or encoded_polyline"
        )
    out.attrs = dict(df.attrs)
    return out
