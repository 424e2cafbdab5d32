"""GeoJSON of any frame (``__geo_interface__``).

Features whose properties carry the row and its attribution, and a FeatureCollection whose foreign
members carry the frame's credits.
"""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.credits import credits_text, frame_credits, present
from mapsnb.errors import NothingToDraw, PolylineError
from mapsnb.polyline import decode

#: Coordinate column pairs of the toolkit's frames, tried in order: places, along-route, route
#: paths, search_area (``lat``/``lng``), resolution (``matched_lat``/``matched_lng``), weather
#: (``returned_lat``/``returned_lng``), and spelled-out names of an analyst's own frame.
POINT_COLUMNS: tuple[tuple[str, str], ...] = (
    ("lat", "lng"),
    ("matched_lat", "matched_lng"),
    ("returned_lat", "returned_lng"),
    ("latitude", "longitude"),
)


def point_columns(df: pd.DataFrame) -> tuple[str, str] | None:
    """Return the first pair of :data:`POINT_COLUMNS` ``df`` has, or ``None``."""
    return next((pair for pair in POINT_COLUMNS if set(pair) <= set(df.columns)), None)


def jsonable(value: Any) -> Any:
    """Return a JSON value of a cell: missing values ``None``, durations in seconds, times ISO 8601."""
    if isinstance(value, np.generic):
        value = value.item()
    if value is None or isinstance(value, (str, bool, int)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if not present(value):
        return None
    if isinstance(value, (pd.Timedelta, dt.timedelta)):
        return value.total_seconds()
    if isinstance(value, (pd.Timestamp, dt.datetime, dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return str(value)


def _line(encoded: Any) -> dict[str, Any] | None:
    try:
        points = decode(encoded) if isinstance(encoded, str) and encoded else []
    except (PolylineError, ValueError):
        return None
    if len(points) < 2:
        return None
    return {"type": "LineString", "coordinates": [[lng, lat] for lat, lng in points]}


def geometries(df: pd.DataFrame) -> list[dict[str, Any] | None]:
    """One GeoJSON geometry per row (``None`` where the row has none).

    A Point from the coordinate columns (:data:`POINT_COLUMNS`), else a LineString from
    ``encoded_polyline``.

    Raises
    ------
    NothingToDraw
        The frame has neither (its columns named).
    """
    pair = point_columns(df)
    if pair is not None:
        lat = pd.to_numeric(df[pair[0]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        lng = pd.to_numeric(df[pair[1]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        ok = np.isfinite(lat) & np.isfinite(lng)
        return [
            {"type": "Point", "coordinates": [x, y]} if good else None
            for y, x, good in zip(lat.tolist(), lng.tolist(), ok.tolist(), strict=True)
        ]
    if "encoded_polyline" in df.columns:
        return [_line(encoded) for encoded in df["encoded_polyline"]]
    names = " or ".join("/".join(p) for p in POINT_COLUMNS)
    raise NothingToDraw(
        f"this frame has no geometry: no coordinate columns ({names}) nor encoded_polyline "
        f"(columns: {', '.join(map(str, df.columns))})"
    )


def credit_members(df: pd.DataFrame) -> dict[str, Any]:
    """Return what a FeatureCollection of ``df`` says of its sources.

    ``attribution`` (one line of text to show), ``attributions`` (``{"title", "url"}`` dicts),
    ``synthetic``, ``source``.
    """
    credits, synthetic = frame_credits(df)
    return {
        "attribution": credits_text(credits, synthetic),
        "attributions": credits,
        "synthetic": bool(synthetic),
        "source": str(df.attrs.get("source") or ""),
    }


def feature_collection(df: pd.DataFrame) -> dict[str, Any]:
    """``df`` as a GeoJSON FeatureCollection (EPSG:4326 longitude/latitude).

    Each Feature has the row's geometry (:func:`geometries`) and its cells as properties (named
    index levels included; missing values ``null``, times ISO 8601, durations in seconds),
    plus ``attribution`` (the row's own ``attribution_title`` where it has one, else the
    frame's line) and ``synthetic``. The collection's foreign members are
    :func:`credit_members`.
    """
    geoms = geometries(df)
    table = df.reset_index() if any(n is not None for n in df.index.names) else df
    table = table.drop(columns=["geometry"], errors="ignore")
    members = credit_members(df)
    own = (
        table["attribution_title"].tolist()
        if "attribution_title" in table.columns
        else [None] * len(table)
    )
    names = [str(c) for c in table.columns]
    columns = [table[c].tolist() for c in table.columns]
    features = []
    for i, geometry in enumerate(geoms):
        props = {name: jsonable(col[i]) for name, col in zip(names, columns, strict=True)}
        title = own[i]
        props["attribution"] = str(title) if present(title) else members["attribution"]
        props["synthetic"] = members["synthetic"]
        features.append({"type": "Feature", "geometry": geometry, "properties": props})
    return {"type": "FeatureCollection", "features": features, **members}
