"""Planning a batch: every row checked and every call planned before any is sent.

:func:`plan` turns the input and the arguments into a :class:`Job` (invalid rows are kept as
rows with their error, never sent); :func:`check_budget` checks it against the client's budget
and :func:`plan_frame` is what ``dry_run=True`` returns. :class:`Options` are the keywords every
batch method takes.

Argument convention: a string naming a column of a DataFrame input is a per-row argument; any
other value is fixed for every row. A string that names no column but looks like a column name
(close to one of the columns; a lower-case word such as ``"place"`` for ``location``, ``origin``
or ``destination``; a snake_case name such as ``"home_city"`` for any text argument) is refused
with ``InvalidRequest`` ("did you mean 'city'?") rather than sent as text;
to send such a literal to every row, put it in a column (``df.assign(query="coffee")``) and
name that column. For a list or Series input, its values are the tool's main argument
(``text_query``, ``location``, ``origin``, the query or the URL), kept as a column of that name
in the output.
"""

from __future__ import annotations

import datetime as dt
import difflib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import pandas as pd

from mapsnb._calls import arguments as rq
from mapsnb._calls.batch.parts import PACKED, Parts, resume_parts
from mapsnb._calls.billing import tier
from mapsnb._tools_spec import TOOLS
from mapsnb.errors import InvalidRequest, MapsnbError
from mapsnb.frames._tables import text_array

if TYPE_CHECKING:
    from mapsnb._calls.flow import BaseClient


PACK = rq.MAX_BATCH
#: Each tool's main argument (a list's or Series' values), its other arguments, those of them
#: a batch needs, its integer arguments, by name; the tables a ``lookup_weather`` batch may
#: stack (``table=``): all from the tools' description.
_MAIN = {name: tool.main for name, tool in TOOLS.items()}
_PARAMS = {name: tool.names[1:] for name, tool in TOOLS.items()}
_REQUIRED = {
    name: tuple(a.name for a in tool.arguments[1:] if a.required) for name, tool in TOOLS.items()
}
_INTEGERS = frozenset(a.name for tool in TOOLS.values() for a in tool.arguments if a.type == "int")
TABLES = tuple(f.name for f in TOOLS["lookup_weather"].frames if f.name != "to_frame")


@dataclass
class PlannedCall:
    """One call of a batch: its wire arguments, the input rows it answers, its billing tier."""

    tool: str
    arguments: dict[str, Any]
    rows: list[int]
    tier: str


@dataclass
class Job:
    """A planned batch: inputs, calls, rows refused before sending, rows kept from a resume."""

    tool: str
    index: pd.Index
    calls: list[PlannedCall]
    invalid: dict[int, str]
    kept: Parts = field(default_factory=Parts)
    table: str | None = None
    #: A list or Series input: the main argument's name and its values, kept in the output.
    inputs: tuple[str, list[Any]] | None = None


def with_inputs(job: Job, df: pd.DataFrame | None) -> pd.DataFrame | None:
    """``df`` with the values of a list or Series input as a column after ``input_row``.

    In place: an interrupted batch's frame is also on the error's ``.partial``.
    """
    if job.inputs is None or df is None or "input_row" not in df.columns:
        return df
    name, values = job.inputs
    if name in df.columns:  # a resumed frame had it already
        del df[name]
    taken = [values[p] for p in df["input_row"].tolist()]
    texts = all(v is None or isinstance(v, str) for v in taken)
    column = text_array(taken) if texts else pd.array(taken, dtype=object)
    df.insert(df.columns.get_loc("input_row") + 1, name, column)
    return df


#: Arguments whose value is free text: a snake_case name there (``"home_city"``) is a column
#: name, not the text meant; for a place argument, so is any lower-case word (``"place"``).
_TEXT = frozenset({"text_query", "location", "origin", "destination", "queries", "urls"})
_PLACES = frozenset({"location", "origin", "destination"})
_LOOKS_LIKE_COLUMN = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")


# ------------------------------------------------------------------------------ planning
def _column_or_literal(key: str, value: str, df: pd.DataFrame) -> None:
    """Refuse a string that names no column of ``df`` but looks like one (see the module doc)."""
    names = [str(c) for c in df.columns]
    lowered = {n.lower(): n for n in names}
    close = difflib.get_close_matches(value.lower(), list(lowered), n=1, cutoff=0.75)
    identifier = _LOOKS_LIKE_COLUMN.fullmatch(value) is not None and (
        key in _PLACES or (key in _TEXT and "_" in value)
    )
    if not close and not identifier:
        return
    if not close and names:  # an identifier: suggest the most alike column holding text
        text = [
            str(c) for c in df.columns if not pd.api.types.is_numeric_dtype(df[c].dtype)
        ] or names
        close = difflib.get_close_matches(value.lower(), [n.lower() for n in text], 1, 0.0)
        close = close or [text[0].lower()]
    hint = f"did you mean {lowered.get(close[0], close[0])!r}? " if close else ""
    raise InvalidRequest(
        key,
        f"{value!r} is not a column of the DataFrame (columns: {', '.join(names) or 'none'}); "
        f"{hint}to send {value!r} itself for every row, add it as a column "
        f"(df.assign({key}={value!r})) and pass {key}={key!r}",
    )


def _missing(value: Any) -> bool:
    if value is None:
        return True
    try:
        return bool(pd.api.types.is_scalar(value) and pd.isna(value))
    except (TypeError, ValueError):
        return False


def _clean(name: str, value: Any) -> Any:
    if _missing(value):
        return None
    if name in _INTEGERS and isinstance(value, float) and value.is_integer():
        return int(value)
    if name == "date" and isinstance(value, dt.datetime):
        return value.date()
    return value


def _build(tool: str, values: dict[str, Any], now: dt.datetime) -> dict[str, Any]:
    """Wire arguments of one row (raises :class:`InvalidRequest`)."""
    if TOOLS[tool].packed:  # one name a row, packed later
        values[_MAIN[tool]] = [values[_MAIN[tool]]]
    for name in _REQUIRED[tool]:
        values.setdefault(name, None)
    return rq.tool_arguments(tool, values, lambda: now)


def _frame_of(data: Any) -> tuple[pd.DataFrame | None, pd.Series | None]:
    if isinstance(data, pd.DataFrame):
        return data, None
    if isinstance(data, pd.Series):
        return None, data
    if isinstance(data, (str, bytes, Mapping)) or not hasattr(data, "__iter__"):
        raise InvalidRequest(
            "data", f"must be a list, a pandas Series or a DataFrame, got {type(data).__name__}"
        )
    values = list(data)
    series = pd.Series(pd.array(values, dtype=object) if values else [], dtype=object)
    return None, series


def plan(
    client: BaseClient,
    tool: str,
    data: Any,
    main: Any,
    arguments: dict[str, Any],
    *,
    resume: pd.DataFrame | None = None,
    table: str | None = None,
) -> Job:
    """Validate every row and plan the calls of a batch (nothing is sent)."""
    _check_arguments(tool, arguments, table)
    df, series = _frame_of(data)
    if df is not None:
        index, columns, fixed = _frame_inputs(tool, df, main, arguments)
    else:
        assert series is not None
        index, columns, fixed = _series_inputs(tool, series, main, arguments)
    n = len(index)
    kept = resume_parts(resume, tool, n) if resume is not None else Parts()
    now = client.now()
    invalid: dict[int, str] = {}
    calls: list[PlannedCall] = []
    packs: dict[str, list[tuple[int, dict[str, Any]]]] = {}
    for pos in (p for p in range(n) if p not in kept.states):
        try:
            args = _row_arguments(tool, fixed, columns, pos, now)
        except InvalidRequest as exc:
            invalid[pos] = _row_error(tool, exc)
            continue
        if tool in PACKED:
            items = args.pop(PACKED[tool])
            key = json.dumps(args, sort_keys=True, default=str) if args else "{}"
            packs.setdefault(key, []).append((pos, items[0]))
        else:
            calls.append(PlannedCall(tool, args, [pos], tier(tool, args, now)))
    if tool in PACKED:
        calls.extend(_packed_calls(tool, packs, now))
        calls.sort(key=lambda c: c.rows[0])
    name = _MAIN[tool]
    inputs = (name, columns[name]) if df is None and tool not in PACKED else None
    return Job(tool, index, calls, invalid, kept, table, inputs)


def _check_arguments(tool: str, arguments: dict[str, Any], table: str | None) -> None:
    """Refuse unknown or missing arguments and a ``table`` the tool does not have."""
    unknown = sorted(set(arguments) - set(_PARAMS[tool]))
    if unknown:
        raise TypeError(
            f"batch.{tool}: unknown argument(s) {unknown}; expected {', '.join(_PARAMS[tool])}"
        )
    for name in _REQUIRED[tool]:
        if arguments.get(name) is None:
            raise InvalidRequest(name, "is required (a column name or a value for every row)")
    if table is not None and (tool != "lookup_weather" or table not in TABLES):
        raise InvalidRequest("table", f"lookup_weather batches take one of {', '.join(TABLES)}")


_Inputs = tuple[pd.Index, dict[str, list[Any]], dict[str, Any]]


def _frame_inputs(tool: str, df: pd.DataFrame, main: Any, arguments: dict[str, Any]) -> _Inputs:
    """Return a DataFrame input: its index, the per-row columns and the fixed values, by argument."""
    if df.columns.has_duplicates:
        twice = sorted({str(c) for c in df.columns[df.columns.duplicated()]})
        raise InvalidRequest("data", f"has duplicate column names {twice}: rename them first")
    name = _MAIN[tool]
    if main is None and name in df.columns:
        main = name
    if main is None:
        raise InvalidRequest(
            name,
            f"is required: a column name of the DataFrame or one value for every row "
            f"(columns: {', '.join(map(str, df.columns))})",
        )
    columns: dict[str, list[Any]] = {}
    fixed: dict[str, Any] = {}
    for key, value in {name: main, **arguments}.items():
        if isinstance(value, str) and value in df.columns:
            columns[key] = df[value].tolist()
        else:
            if isinstance(value, str):
                _column_or_literal(key, value, df)
            fixed[key] = value
    return df.index, columns, fixed


def _series_inputs(tool: str, series: pd.Series, main: Any, arguments: dict[str, Any]) -> _Inputs:
    """Return a list or Series input: its values are the main argument, the other arguments fixed."""
    name = _MAIN[tool]
    if main is not None:
        raise InvalidRequest(
            name, "is the list or Series itself; give a DataFrame to name a column"
        )
    return series.index, {name: series.tolist()}, dict(arguments)


def _row_arguments(
    tool: str,
    fixed: dict[str, Any],
    columns: dict[str, list[Any]],
    pos: int,
    now: dt.datetime,
) -> dict[str, Any]:
    """Wire arguments of row ``pos`` (raises :class:`InvalidRequest`)."""
    name = _MAIN[tool]
    values = {k: _clean(k, v) for k, v in fixed.items()}
    values.update({k: _clean(k, col[pos]) for k, col in columns.items()})
    values = {k: v for k, v in values.items() if v is not None or k == name}
    return _build(tool, values, now)


def _row_error(tool: str, exc: InvalidRequest) -> str:
    """Return the error kept for a refused row: ``field: rule`` (a packed main argument by its name)."""
    name = _MAIN[tool]
    field_ = name if exc.field.startswith(f"{name}[0]") else exc.field
    return f"{field_}: {exc.rule}"


def _packed_calls(
    tool: str, packs: dict[str, list[tuple[int, dict[str, Any]]]], now: dt.datetime
) -> list[PlannedCall]:
    """Return the calls of a packed tool: rows of the same other arguments, ``PACK`` a call."""
    calls: list[PlannedCall] = []
    for key, members in packs.items():
        rest = json.loads(key)
        for start in range(0, len(members), PACK):
            chunk = members[start : start + PACK]
            args = {PACKED[tool]: [item for _, item in chunk], **rest}
            calls.append(PlannedCall(tool, args, [p for p, _ in chunk], tier(tool, args, now)))
    return calls


def stored(client: BaseClient, job: Job) -> list[bool]:
    """Return whether each planned call would be answered by the client's recording or cache.

    So neither sent nor billed.
    """
    recording = getattr(client, "recording", None)
    cache = getattr(client, "cache", None)
    if recording is None and cache is None:
        return [False] * len(job.calls)
    out = []
    for call in job.calls:
        hit = False
        if recording is not None:
            try:
                hit = recording.lookup(call.tool, call.arguments, live=client._live) is not None
            except MapsnbError:  # not recorded, replay only: the batch row will say so
                hit = False
        if not hit and cache is not None:
            hit = cache.get(call.tool, call.arguments, client._endpoint()) is not None
        out.append(hit)
    return out


def check_budget(client: BaseClient, job: Job) -> None:
    """Refuse (:class:`~mapsnb.BudgetExceeded`) a batch whose calls would pass the budget.

    Calls the cache or recording answers are not counted.
    """
    meter = client._meter
    if meter.max_calls is None and meter.max_pro_calls is None:
        return
    meter.check(c.tier for c, hit in zip(job.calls, stored(client, job), strict=True) if not hit)


def plan_frame(job: Job, cached: list[bool]) -> pd.DataFrame:
    """Return the dry-run plan: one row per call.

    Columns ``tool``, ``tier``, ``rows``, ``inputs``, ``arguments`` and ``cached`` (answered by the
    cache or recording, so not sent).
    """
    labels = job.index.tolist()
    df = pd.DataFrame(
        {
            "tool": [c.tool for c in job.calls],
            "tier": [c.tier for c in job.calls],
            "rows": [len(c.rows) for c in job.calls],
            "inputs": [[labels[p] for p in c.rows] for c in job.calls],
            "arguments": [c.arguments for c in job.calls],
            "cached": cached,
        },
        index=pd.RangeIndex(len(job.calls), name="call"),
    )
    df.attrs["invalid_rows"] = len(job.invalid)
    df.attrs["resumed_rows"] = len(job.kept.states)
    df.attrs["calls_by_tier"] = df.loc[~df["cached"], "tier"].value_counts().to_dict()
    return df


@dataclass(frozen=True)
class Options:
    """The keyword arguments every batch method takes."""

    max_concurrency: int = 8
    progress: bool = True
    dry_run: bool = False
    resume: pd.DataFrame | None = None
    calls_per_minute: int | Mapping[str, int] | None = None
