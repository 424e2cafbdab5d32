"""The helpers every frame module shares: typed columns, unknown fields as extra columns, the frame.

Nanosecond ints become ``timedelta64[ns]`` / ``datetime64[ns, tz]`` columns, civil dates tz-naive
midnights; unknown payload fields are flattened to extra columns; :func:`finish` sets the standard
``attrs`` (``source``, ``attributions``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import tzinfo
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import bounded, civil_date, g, records, snake

#: One answer's rows before they become a frame: column lists, per-row extras, credits.
Lists = tuple[dict[str, list[Any]], list[dict[str, Any]], list[dict[str, Any]]]

#: The one dtype of text columns in every frame, single and batch: pandas' default string dtype
#: (``str`` from pandas 3, missing values NaN; ``object`` holding ``str`` before).
TEXT: Any = pd.Series(["text"]).dtype

_NAT = np.iinfo(np.int64).min
_MAX_NS = np.iinfo(np.int64).max


def _int64(ns: Sequence[int | None]) -> np.ndarray:
    """Nanosecond ints as int64 (None, or a value beyond datetime64[ns]'s range -> NaT)."""
    return np.array(
        [_NAT if x is None or not _NAT < x <= _MAX_NS else x for x in ns], dtype=np.int64
    )


def text_array(values: Sequence[Any] | np.ndarray) -> Any:
    """``values`` (texts, ``None`` where missing) as a :data:`TEXT` array."""
    return pd.array(values, dtype=TEXT)


def flags(values: Sequence[Any] | np.ndarray) -> pd.api.extensions.ExtensionArray:
    """Flag (``True``/``False``, never missing) as a nullable ``boolean`` array.

    The dtype of every flag column, single and batch (a batch's row with no tool rows has ``<NA>``).
    """
    data = np.asarray(values, dtype=bool)
    return pd.arrays.BooleanArray(data, np.zeros(len(data), dtype=bool))


def timedeltas(ns: Sequence[int | None]) -> pd.TimedeltaIndex:
    """``timedelta64[ns]`` values from nanosecond ints (None -> NaT)."""
    return pd.TimedeltaIndex(_int64(ns).view("timedelta64[ns]"))


def times(ns: Sequence[int | None], tz: tzinfo | None) -> pd.DatetimeIndex:
    """``datetime64[ns, tz]`` values from epoch nanoseconds (None -> NaT); UTC when tz is None."""
    idx = pd.DatetimeIndex(_int64(ns).view("datetime64[ns]")).tz_localize("UTC")
    return idx if tz is None else idx.tz_convert(tz)


def civil_dates(values: Iterable[Any]) -> pd.DatetimeIndex:
    """Tz-naive ``datetime64[ns]`` midnights from ``{year, month, day}`` dicts or date strings."""
    read: dict[int, np.datetime64] = {}  # by id: rows of one day share its date object
    out = []
    for v in values:
        stamp = read.get(id(v))
        if stamp is None:
            day = civil_date(v)
            stamp = read[id(v)] = np.datetime64("NaT" if day is None else day, "ns")
        out.append(stamp)
    return pd.DatetimeIndex(np.array(out, dtype="datetime64[ns]"))


def finish(
    df: pd.DataFrame, source: str, attributions: list[dict[str, Any]], **attrs: Any
) -> pd.DataFrame:
    """Set the standard ``attrs`` (``source``, ``attributions``, extras) and return ``df``."""
    df.attrs["source"] = source
    df.attrs["attributions"] = attributions
    df.attrs.update(attrs)
    return df


def frame(columns: Mapping[str, Any], order: Sequence[str]) -> pd.DataFrame:
    """Return a DataFrame from column lists, in ``order``; empty lists give an empty frame."""
    return pd.DataFrame({name: columns[name] for name in order}, columns=list(order))


def _listed(container: Any, keys: Sequence[str]) -> list[Mapping[str, Any]]:
    """Return the records under each of ``keys`` of ``container`` (a lone record counts as one), joined."""
    out: list[Mapping[str, Any]] = []
    for key in keys:
        value = g(container, key)
        out.extend([value] if isinstance(value, Mapping) else records(value))
    return out


# --------------------------------------------------------------------------------------------
# Extras: unknown fields flattened to columns
# --------------------------------------------------------------------------------------------


#: How many levels of unknown nested objects become columns; deeper ones stay objects.
_FLATTEN_DEPTH = 4


def _flatten(
    obj: Mapping[str, Any],
    prefix: str,
    out: dict[str, Any],
    skip: set[str] | None = None,
    depth: int = 1,
) -> None:
    """Add ``obj``'s fields to ``out`` as ``prefix + snake_name`` (nested dicts joined by ``_``)."""
    for key, value in obj.items():
        name = snake(str(key))
        if skip is not None and name in skip:
            continue
        if isinstance(value, Mapping) and value and depth < _FLATTEN_DEPTH:
            _flatten(value, f"{prefix}{name}_", out, depth=depth + 1)
        else:
            out[f"{prefix}{name}"] = bounded(value)


def _known_extras(
    obj: Mapping[str, Any], known: set[str], containers: Mapping[str, set[str]]
) -> dict[str, Any]:
    """Unknown fields of ``obj``, including unknown sub-fields of known containers."""
    out: dict[str, Any] = {}
    for key, value in obj.items():
        name = snake(str(key))
        if name in containers:
            if isinstance(value, Mapping):
                _flatten(value, f"{name}_", out, skip=containers[name])
        elif name not in known:
            if isinstance(value, Mapping) and value:
                _flatten(value, f"{name}_", out)
            else:
                out[name] = bounded(value)
    return out


def _add_extras(
    cols: dict[str, Any], extras: Sequence[Mapping[str, Any]], order: list[str]
) -> list[str]:
    """Add extra columns (union of keys, first-seen order; absent -> None); return the order."""
    if not any(extras):  # the live shape: no extra fields at all
        return order
    names: dict[str, None] = {}
    for row in extras:
        names.update(dict.fromkeys(row))
    taken = set(order)
    for name in names:
        column = name if name not in taken else f"extra_{name}"
        cols[column] = [row.get(name) for row in extras]
        taken.add(column)
        order = [*order, column]
    return order
