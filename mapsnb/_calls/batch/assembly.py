"""The output frame of a batch: the tool's tidy rows for every input row, 1:1 and in order.

Index: the input's index level(s) (unnamed ones are called ``input``), then the tool frame's own
row level (``citation`` for places, else ``item``). Columns: ``status``, ``error``,
``input_row`` (the input's position, 0-based: it tells apart rows of a duplicated index), then
``place`` for ``lookup_weather`` batches (the location each row asked about), then the tool
frame's columns. An input row with no tool rows (a failure, an empty answer) is one row.

``attrs`` keep ``tool``, ``source``, ``attributions``, ``calls``, ``time_zones`` (place -> zone)
and, when every call agrees, the tool frames' ``units``, ``place``, ``mode``, ``capabilities``,
``time_zone`` and ``now`` (for chart titles, axes and the "now" line).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from itertools import compress, repeat
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mapsnb.errors import InvalidRequest, ToolError
from mapsnb.frames import add_credit_pairs, add_credits, align_zones, routes_lists, routes_table
from mapsnb.frames._places import (
    along_route_lists,
    along_route_lists_many,
    along_route_table,
    places_lists,
    places_lists_many,
    places_table,
)
from mapsnb.frames._resolution import resolution_frame, resolution_lists

if TYPE_CHECKING:
    from mapsnb._calls.batch.planning import Job, PlannedCall

#: Tools whose calls carry up to 20 rows each: the wire list that holds them.
PACKED = {"resolve_names": "queries", "resolve_maps_urls": "urls"}
#: Tools whose answers are kept as plain column lists until the batch is assembled: the
#: answer's lists, the frame built from them, the name of a row's level in the index.
LISTED: dict[str, tuple[Any, Any, str | None]] = {
    "search_places": (places_lists, places_table, "citation"),
    "search_along_route": (along_route_lists, along_route_table, "citation"),
    "compute_routes": (routes_lists, routes_table, None),
}
#: Listed tools whose answers of the plain live shape are read many at a time (see
#: :meth:`Parts.queue`): the reader of many payloads, ``None`` when one is not plain.
MANY: dict[str, Any] = {
    "search_places": places_lists_many,
    "search_along_route": along_route_lists_many,
}
#: How many answers wait to be read together (a few hundred rows: their payloads are small).
CHUNK = 64
STATUSES = ("ok", "empty", "not_found", "invalid", "error", "cancelled")
#: Rows that ``resume=`` keeps; the others (invalid, error, cancelled) are planned again.
KEEP_ON_RESUME = ("ok", "empty", "not_found")
_OWN = ["status", "error", "input_row"]
#: ``attrs`` of the tool frames kept on the batch frame when every call agrees.
CONTEXT = ("units", "place", "mode", "capabilities", "time_zone", "now")

State = tuple[str, "str | None"]
_OK: State = ("ok", None)


@dataclass
class Parts:
    """Where the output rows come from: a status per input row, and blocks of tool rows.

    Each block is a tool frame and, per row of it, the input position it belongs to. Answers
    of the places, along-route and routes tools add plain column lists instead (``rows``,
    ``row_extras``, with each row's input position and its place in its answer), packed calls
    (resolution tools) likewise (``packed``, taken out as they become ``packed_done``): one
    frame is built from them at the end, so a call costs no pandas work while the others wait
    on the network, and a batch of 10,000 calls holds columns, not 10,000 small frames.
    """

    states: dict[int, State] = field(default_factory=dict)
    blocks: list[tuple[pd.DataFrame, np.ndarray]] = field(default_factory=list)
    attributions: list[Any] = field(default_factory=list)
    packed: dict[str, list] = field(default_factory=dict)
    packed_rows: list[int] = field(default_factory=list)
    packed_items: list[int] = field(default_factory=list)
    packed_done: pd.DataFrame | None = None  # the packed rows made a frame (by packed_block)
    places: dict[int, str] = field(default_factory=dict)
    zones: dict[str, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)
    conflicts: set[str] = field(default_factory=set)
    rows: dict[str, list] = field(default_factory=dict)
    row_extras: list[Any] = field(default_factory=list)
    row_positions: list[int] = field(default_factory=list)
    row_items: list[int] = field(default_factory=list)
    seen: set[Any] = field(default_factory=set)  # keys of ``attributions`` (see add_credits)
    waiting: list[tuple[Any, Any, Any, int]] = field(default_factory=list)  # see queue()

    def __post_init__(self) -> None:
        given, self.attributions, self.seen = self.attributions, [], set()
        add_credits(self.attributions, self.seen, given)

    def note(self, attrs: Any, position: int | None = None) -> None:
        """Keep the context of a tool frame's ``attrs`` (see :data:`CONTEXT`) and its place."""
        for key in CONTEXT:
            value = attrs.get(key)
            if value is None or key in self.conflicts:
                continue
            if key not in self.context:
                self.context[key] = value
            elif self.context[key] != value:
                del self.context[key]
                self.conflicts.add(key)
        place = attrs.get("place")
        if position is not None and isinstance(place, str):
            self.places[position] = place
        zones = attrs.get("time_zones") or {}
        if isinstance(place, str) and isinstance(attrs.get("time_zone"), str):
            zones = {**zones, place: attrs["time_zone"]}
        self.zones.update(zones)

    def add(self, df: pd.DataFrame, positions: list[int] | np.ndarray) -> None:
        self.blocks.append((df, np.asarray(positions, dtype=np.int64)))

    def credit_items(self, items: list[Any] | None) -> None:
        """Keep these attributions (once each)."""
        add_credits(self.attributions, self.seen, items)

    def credit(self, df: pd.DataFrame) -> pd.DataFrame:
        """Keep ``df``'s attributions here and empty its ``attrs`` (pandas deep-copies attrs
        on every operation: thousands of small frames would copy them thousands of times)."""
        self.credit_items(df.attrs.get("attributions"))
        df.attrs = {}
        return df

    def packed_block(self, tool: str) -> tuple[pd.DataFrame, np.ndarray] | None:
        """One frame of every packed row so far, indexed by each row's place in its call."""
        if not self.packed_rows:
            return None
        if self.packed:  # rows came since the last block: their lists become a frame
            df = resolution_frame(self.packed, tool, consume=True)
            done = self.packed_done
            self.packed_done = df if done is None else pd.concat([done, df], ignore_index=True)
        df = self.packed_done
        assert df is not None
        df.index = pd.Index(self.packed_items)
        return df, np.asarray(self.packed_rows, dtype=np.int64)

    def queue(self, tool: str, payload: Any, request: Any, issued: Any, pos: int) -> None:
        """Keep one answer of a listed tool for input ``pos``; every :data:`CHUNK` answers,
        read them (together when the tool has a :data:`MANY` reader and they are plain)."""
        self.waiting.append((payload, request, issued, pos))
        if len(self.waiting) >= CHUNK:
            self.read_waiting(tool)

    def read_waiting(self, tool: str) -> None:
        """Read the answers :meth:`queue` kept into the column lists (and the states)."""
        waiting, self.waiting = self.waiting, []
        many = MANY.get(tool)
        read = many([payload for payload, *_ in waiting]) if many and waiting else None
        if read is None:
            for payload, request, issued, pos in waiting:
                cols, extras, credits = LISTED[tool][0](payload, request, issued)
                self.credit_items(credits)
                self.states[pos] = ("ok", None) if extras else ("empty", None)
                if extras:
                    self.listed(cols, extras, pos)
            return
        cols, extras, counts = read
        add_credit_pairs(
            self.attributions, self.seen, cols["attribution_title"], cols["attribution_url"]
        )
        for (*_, pos), count in zip(waiting, counts, strict=True):
            self.states[pos] = ("ok", None) if count else ("empty", None)
            self.row_positions += repeat(pos, count)
            self.row_items += range(count)
        for name, values in cols.items():
            self.rows.setdefault(name, []).extend(values)
        self.row_extras += extras

    def listed(self, cols: dict[str, list], extras: list[Any], pos: int) -> None:
        """Add one answer's rows (plain column lists, see :data:`LISTED`) for input ``pos``."""
        n = len(extras)
        for name, values in cols.items():
            self.rows.setdefault(name, []).extend(values)
        self.row_extras.extend(extras)
        self.row_positions.extend([pos] * n)
        self.row_items.extend(range(n))

    def listed_block(self, tool: str) -> tuple[pd.DataFrame, np.ndarray] | None:
        """One frame of every listed row so far, indexed by each row's place in its answer."""
        self.read_waiting(tool)
        if not self.row_positions:
            return None
        _, table, level = LISTED[tool]
        df = table(self.rows, self.row_extras)
        df.index = pd.Index(self.row_items, name=level)
        return df, np.asarray(self.row_positions, dtype=np.int64)


def _table(result: Any, table: str | None) -> pd.DataFrame:
    return getattr(result, table) if table else result.to_frame()


def _failure(exc: BaseException) -> State:
    kind = "not_found" if isinstance(exc, ToolError) and exc.status == "NOT_FOUND" else "error"
    return kind, str(exc)


def _packed(cols: dict[str, list], rows: list[int], parts: Parts) -> None:
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
    parts.packed_items.extend(range(n))


def start(job: Job) -> Parts:
    """The parts known before any call: rows kept from a resume, rows refused as invalid."""
    parts = Parts(dict(job.kept.states), list(job.kept.blocks), list(job.kept.attributions))
    parts.places = dict(job.kept.places)
    parts.context, parts.conflicts = dict(job.kept.context), set(job.kept.conflicts)
    parts.zones = dict(job.kept.zones)
    for pos, message in job.invalid.items():
        parts.states[pos] = ("invalid", message)
    return parts


def reads_payloads(tool: str, table: str | None) -> bool:
    """Whether a batch of ``tool`` reads its rows straight from each call's payload (packed and
    listed tools): its calls then need no typed result, only the payload and the request."""
    return tool in PACKED or (tool in LISTED and table is None)


def absorb(parts: Parts, call: PlannedCall, outcome: Any, table: str | None) -> None:
    """Add the rows of one finished call to ``parts``: its answer (a typed result, or the
    payload and request for tools that :func:`reads_payloads`) or the error it raised."""
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
        df = parts.credit(df)
        parts.states[call.rows[0]] = ("ok", None) if len(df) else ("empty", None)
        if len(df):
            parts.add(df, [call.rows[0]] * len(df))


def assemble(job: Job, parts: Parts, done: set[int], source: str) -> pd.DataFrame:
    """The batch's output frame (see the module doc); calls not in ``done`` are cancelled."""
    for k, call in enumerate(job.calls):
        if k not in done:
            for row in call.rows:
                parts.states[row] = ("cancelled", "not run: the batch stopped before this call")
    n = len(job.index)
    frames: list[pd.DataFrame] = []
    positions: list[np.ndarray] = []
    items: list[Any] = []
    item_name: str | None = None
    packed = parts.packed_block(job.tool) if job.tool in PACKED else None
    listed = parts.listed_block(job.tool) if job.tool in LISTED else None  # (credits too)
    attributions: list[Any] = list(parts.attributions)
    seen = set(parts.seen)
    covered = np.zeros(n, dtype=bool)
    for df, pos in [*parts.blocks, *(block for block in (packed, listed) if block)]:
        if item_name is None and df.index.name is not None:
            item_name = str(df.index.name)
        add_credits(attributions, seen, df.attrs.get("attributions"))
        items.extend(df.index.tolist())
        frames.append(df.reset_index(drop=True))
        positions.append(pos)
        covered[pos] = True
    blank = np.flatnonzero(~covered)
    frames.append(pd.DataFrame(index=pd.RangeIndex(len(blank))))
    positions.append(blank.astype(np.int64))
    items.extend([0] * len(blank))
    body = pd.concat(align_zones(frames), ignore_index=True)
    pos = np.concatenate(positions)
    order = np.argsort(pos, kind="stable")  # input order; a block keeps its rows' order
    body = body.take(order).reset_index(drop=True)
    pos = pos[order]
    items_sorted = np.asarray(items, dtype=object)[order].tolist()
    body = body.drop(columns=[c for c in _OWN if c in body.columns])
    status = np.array([parts.states.get(i, ("cancelled", None))[0] for i in range(n)], dtype=object)
    error = np.array([parts.states.get(i, ("", None))[1] for i in range(n)], dtype=object)
    head = pd.DataFrame(
        {
            "status": pd.array(status[pos], dtype="string"),
            "error": pd.array(error[pos], dtype="string"),
            "input_row": pos,
        }
    )
    if parts.places:
        head["place"] = pd.array([parts.places.get(p) for p in pos.tolist()], dtype="string")
        body = body.drop(columns=["place"], errors="ignore")
    out = pd.concat([head, body], axis=1)
    out.index = _index(job.index, pos, items_sorted, item_name or "item")
    out.attrs = {
        "tool": job.tool,
        "source": source,
        "attributions": attributions,
        "calls": len(done),
    }
    if job.table:
        out.attrs["table"] = job.table
    out.attrs.update(parts.context)
    if parts.zones:
        out.attrs["time_zones"] = dict(parts.zones)  # place -> its zone, for local-time charts
    return out


def _index(index: pd.Index, pos: np.ndarray, items: list[Any], item_name: str) -> pd.Index:
    taken = index.take(pos)
    if isinstance(index, pd.MultiIndex):
        levels = [taken.get_level_values(i) for i in range(index.nlevels)]
        names = [n if n is not None else f"input_{i}" for i, n in enumerate(index.names)]
    else:
        levels = [taken]
        names = [index.name if index.name is not None else "input"]
    if item_name in names:
        item_name = "item"
    return pd.MultiIndex.from_arrays([*levels, items], names=[*names, item_name])


def resume_parts(partial: Any, tool: str, n: int) -> Parts:
    """The rows of a previous (partial) batch frame to keep: those whose status is final."""
    if not isinstance(partial, pd.DataFrame) or not {"status", "error", "input_row"} <= set(
        partial
    ):
        raise InvalidRequest(
            "resume",
            "must be the frame of an earlier batch (its .partial, with its status, error and "
            "input_row columns)",
        )
    if partial.attrs.get("tool", tool) != tool:
        raise InvalidRequest("resume", f"is a {partial.attrs['tool']} batch, not a {tool} batch")
    rows = partial["input_row"].to_numpy(dtype=np.int64)
    if len(rows) and set(np.unique(rows).tolist()) != set(range(n)):
        raise InvalidRequest(
            "resume", f"does not cover the same {n} input rows (pass the same input as before)"
        )
    status = partial["status"].astype(object).to_numpy()
    final = pd.Series(np.isin(status, KEEP_ON_RESUME)).groupby(rows).all()
    keep = set(final.index[final.to_numpy()].tolist())
    parts = Parts(attributions=list(partial.attrs.get("attributions", []) or []))
    parts.note(partial.attrs)
    first: dict[int, int] = {}
    for j, r in enumerate(rows.tolist()):
        first.setdefault(r, j)
    errors = partial["error"].astype(object).to_numpy()
    places = partial["place"].astype(object).to_numpy() if "place" in partial else None
    for r in keep:
        message = errors[first[r]]
        parts.states[r] = (str(status[first[r]]), None if pd.isna(message) else str(message))
        if places is not None and isinstance(places[first[r]], str):
            parts.places[r] = places[first[r]]
    data = partial.drop(columns=[*_OWN, *(["place"] if places is not None else [])])
    has_rows = (status == "ok") | data.notna().any(axis=1).to_numpy()
    mask = np.isin(rows, list(keep)) & has_rows & (status != "empty")
    block = partial[mask]
    if len(block):
        df = data[mask].infer_objects()  # kept ok rows: bool again where blanks made object
        df.attrs = {}
        df.index = block.index.get_level_values(-1)
        parts.add(df, rows[mask])
    return parts
