"""``resume=`` of ``search_area``: an earlier frame checked up front, read back tile by tile.

:func:`checked_resume` refuses, before anything is sent, a frame that is not a ``search_area``
frame or whose columns the search needs are missing or of the wrong type (its places' columns,
``tiles``, and its coverage's tile table), with one :class:`~mapsnb.errors.InvalidRequest`
naming every bad column (``.columns``). :func:`resumed_tiles` gives each earlier tile back: its
status, what it answered and its places, so a resumed search asks only what is left and keeps
every tile done in any earlier run, even in the partial frame of a search stopped again.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._calls.area.report import FAILED, FULL, SPLIT, TILE_COLUMNS, Coverage
from mapsnb.errors import InvalidRequest

_MOST = 1_000_000  # the largest count a tile's row may hold (a page is at most 10 places)
_STATUSES = {"complete", SPLIT, FULL, FAILED}


@dataclass(frozen=True)
class Resumed:
    """One tile of an earlier run: its status, places answered, places kept, why and error."""

    status: str
    returned: int
    rows: pd.DataFrame
    reason: str | None
    error: str | None


def _refuse(bad: list[str], why: str) -> InvalidRequest:
    exc = InvalidRequest("resume", f"{why}: {', '.join(bad)}; pass the frame search_area gave")
    exc.columns = [b.split(" ", 1)[0] for b in bad]  # type: ignore[attr-defined]
    return exc


def _kind_ok(values: pd.Series, expected: Any) -> bool:
    """Whether ``values`` can stand for a column of dtype ``expected``."""
    kind = np.dtype("O") if isinstance(expected, pd.StringDtype) else expected
    present = values[values.notna().to_numpy(bool)]
    if pd.api.types.is_string_dtype(expected) or getattr(kind, "kind", "") == "O":
        if pd.api.types.is_string_dtype(values.dtype) and values.dtype != object:
            return True
        return all(isinstance(v, str) for v in present)
    if pd.api.types.is_bool_dtype(expected):
        if pd.api.types.is_bool_dtype(values.dtype):
            return True
        return all(isinstance(v, (bool, np.bool_)) for v in present)
    if pd.api.types.is_numeric_dtype(expected):
        if pd.api.types.is_bool_dtype(values.dtype):
            return False
        if pd.api.types.is_numeric_dtype(values.dtype):
            return True
        return all(
            isinstance(v, (int, float, np.integer, np.floating)) and not isinstance(v, bool)
            for v in present
        )
    return True


def _is_tile_list(value: Any) -> bool:
    return isinstance(value, (list, tuple, np.ndarray)) and all(isinstance(t, str) for t in value)


def _bad_places(frame: pd.DataFrame, template: pd.DataFrame) -> list[str]:
    bad = [f"{name} (missing)" for name in [*template.columns, "tiles"] if name not in frame]
    for name, dtype in template.dtypes.items():
        if name in frame and not _kind_ok(frame[name], dtype):
            bad.append(f"{name} (needs {dtype} values, got {frame[name].dtype})")
    if "tiles" in frame and not all(_is_tile_list(v) for v in frame["tiles"].tolist()):
        bad.append("tiles (needs lists of tile ids)")
    return bad


def _bad_tiles(tiles: Any) -> list[str]:
    if not isinstance(tiles, pd.DataFrame):
        return ["coverage.tiles (missing)"]
    bad = [f"coverage.tiles.{name} (missing)" for name in TILE_COLUMNS if name not in tiles]
    statuses = tiles["status"].tolist() if "status" in tiles else []
    if not all(isinstance(s, str) and s in _STATUSES for s in statuses):
        bad.append(f"coverage.tiles.status (needs one of {sorted(_STATUSES)})")
    for name in ("returned", "level"):
        if name in tiles and not all(_count(v) is not None for v in tiles[name].tolist()):
            bad.append(f"coverage.tiles.{name} (needs whole numbers from 0 to {_MOST:,})")
    for name in ("reason", "error"):
        if name in tiles and not all(_text(v) for v in tiles[name].tolist()):
            bad.append(f"coverage.tiles.{name} (needs text or missing values)")
    if not all(isinstance(t, str) for t in tiles.index.tolist()):
        bad.append("coverage.tiles index (needs tile ids)")
    return bad


def _count(value: Any) -> int | None:
    """Return a whole number >= 0, or ``-1`` for a missing value; ``None`` when it is neither."""
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return -1
    if isinstance(value, (bool, np.bool_)):
        return None
    if isinstance(value, (int, np.integer)) and 0 <= value <= _MOST:
        return int(value)
    if (
        isinstance(value, (float, np.floating))
        and float(value).is_integer()
        and 0 <= value <= _MOST
    ):
        return int(value)
    return None


def _text(value: Any) -> bool:
    missing = value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value))
    return missing or isinstance(value, str)


def checked_resume(resume: Any, template: pd.DataFrame) -> Coverage:
    """Return the :class:`Coverage` of ``resume``, once every column the search needs is there.

    Each column must be of its type (``template`` is an empty places frame: the columns a tile's
    frame has).

    Raises
    ------
    InvalidRequest
        ``field == "resume"``, listing every missing or mistyped column (also in ``.columns``).
    """
    attrs = getattr(resume, "attrs", None)
    coverage = attrs.get("coverage") if isinstance(attrs, Mapping) else None
    if not isinstance(resume, pd.DataFrame) or not isinstance(coverage, Coverage):
        raise InvalidRequest("resume", "must be the frame (or .partial) of a search_area")
    bad = _bad_places(resume, template) + _bad_tiles(coverage.tiles)
    if bad:
        raise _refuse(bad, "the frame's columns are missing or of the wrong type")
    if not isinstance(coverage.signature, Mapping):
        raise _refuse(["coverage.signature (not a mapping)"], "the frame's coverage is damaged")
    return coverage


def _typed(places: pd.DataFrame, template: pd.DataFrame) -> pd.DataFrame:
    """``places`` with the template's columns in the template's types.

    A checked frame whose values were right but whose column was ``object``, e.g. after a round
    trip.
    """
    out = places.copy()
    for name, dtype in template.dtypes.items():
        if out[name].dtype != dtype:
            values = out[name].astype(object).where(out[name].notna().to_numpy(bool), None)
            out[name] = pd.array(values.tolist(), dtype=dtype)
    return out


def resumed_tiles(
    resume: pd.DataFrame, coverage: Coverage, template: pd.DataFrame
) -> dict[str, Resumed]:
    """Each tile of a checked ``resume`` frame (in its order): status, counts and places.

    In the types of ``template``.
    """
    rows_of: dict[str, list[int]] = {}
    for i, tiles in enumerate(resume["tiles"].tolist()):
        for t in tiles:
            rows_of.setdefault(t, []).append(i)
    places = _typed(resume.drop(columns=["tiles"]), template)
    out: dict[str, Resumed] = {}
    for tile_id, row in coverage.tiles.iterrows():
        status = str(row["status"])
        returned = max(0, _count(row["returned"]) or 0)
        rows = places.iloc[rows_of.get(str(tile_id), [])].reset_index(drop=True)
        rows.attrs = {}
        reason = None if not isinstance(row["reason"], str) else row["reason"]
        error = None if not isinstance(row["error"], str) else row["error"]
        out[str(tile_id)] = Resumed(status, returned, rows, reason, error)
    return out
