"""GeoJSON point features from a frame: coordinates, JSON-safe row records, shared properties."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.credits import present
from mapsnb.errors import NothingToDraw

_POPUP_PROPS = (
    "name",
    "place_id",
    "place_url",
    "directions_url",
    "attribution_title",
    "attribution_url",
    "detour",
    "detour_min",
    "detour_distance_text",
    "detour_m",
    "rank",
)


def _records(df: pd.DataFrame, columns: Sequence[str]) -> list[dict[str, Any]]:
    """Rows as dicts of plain Python values (NA -> None), built column-wise for speed."""
    cols = [c for c in columns if c in df.columns]
    if not cols:
        return [{} for _ in range(len(df))]
    values = []
    for c in cols:
        s = df[c]
        arr = s.to_numpy(dtype=object, na_value=None) if s.hasnans else s.to_numpy(dtype=object)
        values.append([_jsonable(v) for v in arr.tolist()])
    return [dict(zip(cols, row, strict=True)) for row in zip(*values, strict=True)]


def _jsonable(value: Any) -> Any:
    """Return a value the widget protocol can serialize (JSON): durations in seconds, times as ISO."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if value is pd.NaT or value is pd.NA:
        return None
    if isinstance(value, (pd.Timedelta, dt.timedelta)):
        return value.total_seconds()
    if isinstance(value, (pd.Timestamp, dt.datetime, dt.date)):
        return value.isoformat()
    return str(value)


#: Coordinate column pairs of mapsnb's frames, in the order :func:`_coords` tries them: places,
#: along-route and route-path frames (``lat``/``lng``), resolution frames (``matched_lat``/
#: ``matched_lng``), the current-weather frame (``returned_lat``/``returned_lng``), and the
#: spelled-out names a user's own frame may have.
COORDINATE_COLUMNS: tuple[tuple[str, str], ...] = (
    ("lat", "lng"),
    ("matched_lat", "matched_lng"),
    ("returned_lat", "returned_lng"),
    ("latitude", "longitude"),
)
#: Columns naming a row, tried in order for a frame without ``name`` (resolution frames).
NAME_COLUMNS = ("name", "matched_name", "query", "input")


def coordinate_columns(df: pd.DataFrame) -> tuple[str, str] | None:
    """Return the first of :data:`COORDINATE_COLUMNS` that ``df`` has, or ``None``."""
    return next((pair for pair in COORDINATE_COLUMNS if set(pair) <= set(df.columns)), None)


def _coords(df: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    pair = coordinate_columns(df)
    if pair is None:
        names = " or ".join("/".join(p) for p in COORDINATE_COLUMNS)
        raise NothingToDraw(
            f"cannot map this frame: it has no coordinate columns ({names}; "
            f"columns: {', '.join(map(str, df.columns))})"
        )
    lat = pd.to_numeric(df[pair[0]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    lng = pd.to_numeric(df[pair[1]], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    ok = np.isfinite(lat) & np.isfinite(lng)
    return lat, lng, ok


def _named(df: pd.DataFrame) -> pd.DataFrame:
    """``df`` with a ``name`` column taken from the first of :data:`NAME_COLUMNS` it has."""
    if "name" in df.columns:
        return df
    source = next((c for c in NAME_COLUMNS if c in df.columns), None)
    return df.assign(name=df[source]) if source is not None else df


def _point(lat: float, lng: float, props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [lng, lat]},
        "properties": props,
    }


_SHARED = ("attribution_title", "attribution_url")


def _place_features(
    df: pd.DataFrame,
) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray, dict[str, Any]]:
    """Point features, their coordinates, and properties common to all rows.

    A column holding one value for every row (typically the attribution) is kept once in the
    returned ``shared`` dict instead of in every feature, to keep the widget state small.
    """
    lat, lng, ok = _coords(df)
    work = _named(df.loc[ok])
    shared: dict[str, Any] = {}
    for col in _SHARED:
        if col in work.columns and len(work) and work[col].nunique(dropna=False) == 1:
            value = work[col].iloc[0]
            shared[col] = value if present(value) else None
    props = _records(work, [c for c in _POPUP_PROPS if c not in shared])
    citations = [c.item() if hasattr(c, "item") else c for c in work.index]
    for p, cite in zip(props, citations, strict=True):
        p["citation"] = cite
    feats = [
        _point(y, x, p) for y, x, p in zip(lat[ok].tolist(), lng[ok].tolist(), props, strict=True)
    ]
    return feats, lat[ok], lng[ok], shared
