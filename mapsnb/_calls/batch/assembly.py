"""The output frame of a batch: the tool's tidy rows for every input row, 1:1 and in order.

Index: one level per level of the input's index (unnamed ones are called ``input``, or
``input_0``, ``input_1``, … for a MultiIndex), then the row's position *within its input row*,
named for what it counts (:func:`position_level`: ``citation`` for places, ``route``, ``hour``,
``day``, ``record``, ``reading``, ``recommendation``; ``result`` for the resolution tools, one row
per input row; ``<name>_position`` if the input has a level of that name). Columns: ``status``,
``error``, ``input_row`` (the input's position, 0-based: it tells apart rows of a duplicated
index), then ``place`` and ``time_zone`` for ``lookup_weather`` batches (the location each row
asked about, and its IANA zone), then the tool frame's columns. An input row with no tool rows (a
failure, an empty answer) is one row.

Dtypes: texts (``status``, ``error``, ``place``, the tool's text columns) are pandas' default
string dtype (:data:`~mapsnb.frames.TEXT`), flags (``ok``, ``cited``, ``is_daytime``, …) the
nullable ``boolean`` (a row with no tool rows has ``<NA>`` there). Times: each ``time`` column is
in the rows' zone when they share one; when the rows are in several zones it is in UTC, and the
``time_zone`` column says each row's zone and ``local_time`` (beside ``time``) its wall clock there.
A batch asking several capabilities (``capabilities=["WEATHER", "AIR_QUALITY"]``) keeps every one:
the default table is one tidy long frame with a ``capability`` column (see
``EnvironmentResult.to_frame``).

``attrs`` keep ``tool``, ``source``, ``attributions``, ``calls``, ``time_zones`` (place -> zone)
and, when every call agrees, the tool frames' ``units``, ``place``, ``mode``, ``capabilities``,
``time_zone`` and ``now`` (for chart titles, axes and the "now" line). ``language`` is the
``language_code`` every call asked (charts write their words in it); calls in several languages,
or some with none, leave it unset (charts write English).
"""

from __future__ import annotations

import operator
from itertools import compress, repeat
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mapsnb._calls.batch.parts import LISTED, OWN, PACKED, Parts, State
from mapsnb._tools_spec import TOOLS
from mapsnb.errors import ToolError
from mapsnb.frames._concat import add_credits, align_zones, with_language, with_local_time
from mapsnb.frames._resolution import resolution_lists
from mapsnb.frames._tables import TEXT, text_array

if TYPE_CHECKING:
    from mapsnb._calls.batch.planning import Job, PlannedCall

_OK: State = ("ok", None)


def _table(result: Any, table: str | None) -> pd.DataFrame:
    return getattr(result, table) if table else result.to_frame()


def _failure(exc: BaseException) -> State:
    kind = "not_found" if isinstance(exc, ToolError) and exc.status == "NOT_FOUND" else "error"
    return kind, str(exc)


def _packed(cols: dict[str, list[Any]], rows: list[int], parts: Parts) -> None:
    n = min(len(cols["ok"]), len(rows))
    for pos in rows[n:]:
        parts.states[pos] = ("error", "missing from response")
    ok, codes, messages = cols["ok"], cols["error_status"], cols["error_message"]
    parts.states.update(zip(rows[:n], repeat(_OK)))
    for j in compress(range(n), map(operator.not_, ok)):  # the rows not resolved
        text = ": ".join(str(x) for x in (codes[j], messages[j]) if isinstance(x, str) and x)
        parts.states[rows[j]] = ("not_found", text or "not resolved")
    for name, values in cols.items():
        parts.packed.setdefault(name, []).extend(values[:n])
    parts.packed_rows.extend(rows[:n])


def start(job: Job) -> Parts:
    """Return the parts known before any call: rows kept from a resume, rows refused as invalid."""
    parts = Parts(dict(job.kept.states), list(job.kept.blocks), list(job.kept.attributions))
    parts.places = dict(job.kept.places)
    parts.context, parts.conflicts = dict(job.kept.context), set(job.kept.conflicts)
    parts.zones = dict(job.kept.zones)
    parts.row_zones = dict(job.kept.row_zones)
    for pos, message in job.invalid.items():
        parts.states[pos] = ("invalid", message)
    return parts


def reads_payloads(tool: str, table: str | None) -> bool:
    """Tell whether a batch of ``tool`` reads its rows straight from each call's payload.

    Packed and listed tools do: their calls then need no typed result, only the payload and the
    request.
    """
    return tool in PACKED or (tool in LISTED and table is None)


def absorb(parts: Parts, call: PlannedCall, outcome: Any, table: str | None) -> None:
    """Add the rows of one finished call to ``parts``.

    Its answer (a typed result, or the payload and request for tools that :func:`reads_payloads`) or
    the error it raised.
    """
    if isinstance(outcome, BaseException):
        for pos in call.rows:
            parts.states[pos] = _failure(outcome)
    elif call.tool in PACKED:
        cols, credits = resolution_lists(outcome.raw or {}, outcome.request, call.tool)
        parts.credit_items(credits)
        _packed(cols, call.rows, parts)
    elif call.tool in LISTED and table is None:
        issued = getattr(outcome, "issued_at", None)
        parts.queue(call.tool, outcome.raw or {}, outcome.request, issued, call.rows[0])
    else:
        df = _table(outcome, table)
        parts.note(df.attrs, call.rows[0])
        zone = df.attrs.get("time_zone")
        if isinstance(zone, str):
            parts.row_zones[call.rows[0]] = zone
        df = parts.credit(df)
        parts.states[call.rows[0]] = ("ok", None) if len(df) else ("empty", None)
        if len(df):
            parts.add(df, [call.rows[0]] * len(df))


#: The name of a batch's position level (within an input row), by tool, then by ``table=``:
#: what a row of the tool's frame is, in the tools' description.
POSITIONS = {name: tool.frame("to_frame").row for name, tool in TOOLS.items()}
TABLE_POSITIONS = {f.name: f.row for f in TOOLS["lookup_weather"].frames if f.name != "to_frame"}
#: The ``attrs["kind"]`` of a batch's frame when its rows' frames did not say it (a weather
#: batch's ``table=`` names its kind; its default long table is of several kinds).
KINDS = {
    "search_places": "places",
    "search_along_route": "along_route",
    "compute_routes": "routes",
    "resolve_names": "resolution",
    "resolve_maps_urls": "resolution",
}


def position_level(tool: str, table: str | None) -> str:
    """Return the name of the index level that counts a batch's rows within each input row."""
    return TABLE_POSITIONS.get(table or "", POSITIONS.get(tool, "row"))


def assemble(job: Job, parts: Parts, done: set[int], source: str) -> pd.DataFrame:
    """Return the batch's output frame (see the module doc); calls not in ``done`` are cancelled."""
    for k, call in enumerate(job.calls):
        if k not in done:
            for row in call.rows:
                parts.states[row] = ("cancelled", "not run: the batch stopped before this call")
    n = len(job.index)
    frames: list[pd.DataFrame] = []
    positions: list[np.ndarray] = []
    packed = parts.packed_block(job.tool) if job.tool in PACKED else None
    listed = parts.listed_block(job.tool) if job.tool in LISTED else None  # (credits too)
    attributions: list[Any] = list(parts.attributions)
    seen = set(parts.seen)
    covered = np.zeros(n, dtype=bool)
    flags: set[str] = set()
    for df, pos in [*parts.blocks, *(block for block in (packed, listed) if block)]:
        add_credits(attributions, seen, df.attrs.get("attributions"))
        flags.update(c for c, t in df.dtypes.items() if pd.api.types.is_bool_dtype(t))
        frames.append(df.reset_index(drop=True))
        positions.append(pos)
        covered[pos] = True
    blank = np.flatnonzero(~covered)
    frames.append(pd.DataFrame(index=pd.RangeIndex(len(blank))))
    positions.append(blank.astype(np.int64))
    body = pd.concat(align_zones(frames), ignore_index=True)
    pos = np.concatenate(positions)
    order = np.argsort(pos, kind="stable")  # input order; a block keeps its rows' order
    body = body.take(order).reset_index(drop=True)
    pos = pos[order]
    body = _typed(body.drop(columns=[c for c in OWN if c in body.columns]), flags)
    status = np.array([parts.states.get(i, ("cancelled", None))[0] for i in range(n)], dtype=object)
    error = np.array([parts.states.get(i, ("", None))[1] for i in range(n)], dtype=object)
    head = pd.DataFrame(
        {
            "status": text_array(status[pos]),
            "error": text_array(error[pos]),
            "input_row": pos,
        }
    )
    if job.tool == "lookup_weather":
        head["place"] = text_array([parts.places.get(p) for p in pos.tolist()])
        head["time_zone"] = text_array([parts.row_zones.get(p) for p in pos.tolist()])
        body = body.drop(columns=["place", "time_zone"], errors="ignore")
    out = pd.concat([head, body], axis=1)
    if job.tool == "lookup_weather":
        out = with_local_time(out)
    out.index = _index(job.index, pos, position_level(job.tool, job.table))
    out.attrs = {
        "tool": job.tool,
        "source": source,
        "attributions": attributions,
        "calls": len(done),
    }
    if job.table:
        out.attrs["table"] = job.table
    out.attrs.update(parts.context)
    kind = job.table or KINDS.get(job.tool)
    if kind is not None:
        out.attrs.setdefault("kind", kind)
    if parts.zones:
        out.attrs["time_zones"] = dict(parts.zones)  # place -> its zone, for local-time charts
    requests = [call.arguments for call in job.calls]
    if job.kept.states:  # rows kept from a resume: the language their batch recorded
        requests.append({"language_code": job.kept.context.get("language")})
    return with_language(out, requests)


_OBJECT_TEXT = pd.api.types.is_object_dtype(TEXT)


def _typed(body: pd.DataFrame, flags: set[str]) -> pd.DataFrame:
    """``body`` with its flags as nullable ``boolean`` and its texts as :data:`TEXT`.

    A column of texts is ``object`` where a block had it all missing, or rows had none.
    """
    for name, dtype in list(body.dtypes.items()):
        if name in flags:
            if str(dtype) != "boolean":
                body[name] = pd.array(body[name].astype(object), dtype="boolean")
        elif dtype == np.dtype(object) and not _OBJECT_TEXT:
            column = body[name]
            if pd.api.types.infer_dtype(column, skipna=True) == "string":
                body[name] = text_array(column.to_numpy())
    return body


def _index(index: pd.Index, pos: np.ndarray, name: str) -> pd.Index:
    """Return the input's levels at ``pos``, then each row's position within its input row."""
    taken = index.take(pos)
    if isinstance(index, pd.MultiIndex):
        levels = [taken.get_level_values(i) for i in range(index.nlevels)]
        names = [n if n is not None else f"input_{i}" for i, n in enumerate(index.names)]
    else:
        levels = [taken]
        names = [index.name if index.name is not None else "input"]
    if name in names:
        name = f"{name}_position"
    starts = np.r_[True, pos[1:] != pos[:-1]] if len(pos) else np.zeros(0, dtype=bool)
    first = np.maximum.accumulate(np.where(starts, np.arange(len(pos)), 0)) if len(pos) else pos
    within = np.arange(len(pos), dtype=np.int64) - first
    return pd.MultiIndex.from_arrays([*levels, within], names=[*names, name])
