"""The parts of a batch's output frame, gathered call by call, and those kept from a resume.

:class:`Parts` holds a status per input row and the tool rows answered so far; which tools
are packed (:data:`PACKED`) or read as plain column lists (:data:`LISTED`, :data:`MANY`) says
how each answer is added. :func:`resume_parts` takes the final rows of an earlier batch frame.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._tools_spec import TOOLS
from mapsnb.errors import InvalidRequest
from mapsnb.frames._along_route import along_route_lists, along_route_lists_many, along_route_table
from mapsnb.frames._concat import add_credit_pairs, add_credits
from mapsnb.frames._places import places_lists, places_lists_many, places_table
from mapsnb.frames._resolution import resolution_frame
from mapsnb.frames._routes import routes_lists, routes_table

#: Tools whose calls carry up to 20 rows each: the wire list that holds them (the tools'
#: description).
PACKED = {name: tool.packed for name, tool in TOOLS.items() if tool.packed}
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
#: The columns a batch frame has before the tool frame's.
OWN = ["status", "error", "input_row"]
#: The columns of ``lookup_weather`` batch frames after those: the location and its zone.
WEATHER_OWN = ("place", "time_zone")
#: ``attrs`` of the tool frames kept on the batch frame when every call agrees.
CONTEXT = ("kind", "units", "place", "mode", "capabilities", "language", "time_zone", "now")

State = tuple[str, "str | None"]


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
    packed: dict[str, list[Any]] = field(default_factory=dict)
    packed_rows: list[int] = field(default_factory=list)
    packed_done: pd.DataFrame | None = None  # the packed rows made a frame (by packed_block)
    places: dict[int, str] = field(default_factory=dict)
    row_zones: dict[int, str] = field(default_factory=dict)  # input position -> its zone
    zones: dict[str, str] = field(default_factory=dict)
    context: dict[str, Any] = field(default_factory=dict)
    conflicts: set[str] = field(default_factory=set)
    rows: dict[str, list[Any]] = field(default_factory=dict)
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
            if key == "units" and isinstance(value, dict):  # units are in the column names:
                self.context[key] = {**self.context.get(key, {}), **value}  # a union
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
        """Keep ``df``'s attributions here and empty its ``attrs``.

        Pandas deep-copies attrs on every operation: thousands of small frames would copy them
        thousands of times.
        """
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
        return df, np.asarray(self.packed_rows, dtype=np.int64)

    def queue(self, tool: str, payload: Any, request: Any, issued: Any, pos: int) -> None:
        """Keep one answer of a listed tool for input ``pos``.

        Every :data:`CHUNK` answers, read them (together when the tool has a :data:`MANY` reader and
        they are plain).
        """
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

    def listed(self, cols: dict[str, list[Any]], extras: list[Any], pos: int) -> None:
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


def resume_parts(partial: Any, tool: str, n: int) -> Parts:
    """Return the rows of a previous (partial) batch frame to keep: those whose status is final."""
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
    own = [*OWN, *(c for c in WEATHER_OWN if tool == "lookup_weather" and c in partial)]
    places = partial["place"].astype(object).to_numpy() if "place" in own else None
    zones = partial["time_zone"].astype(object).to_numpy() if "time_zone" in own else None
    for r in keep:
        message = errors[first[r]]
        parts.states[r] = (str(status[first[r]]), None if pd.isna(message) else str(message))
        if places is not None and isinstance(places[first[r]], str):
            parts.places[r] = places[first[r]]
        if zones is not None and isinstance(zones[first[r]], str):
            parts.row_zones[r] = zones[first[r]]
    data = partial.drop(columns=own)
    has_rows = (status == "ok") | data.notna().any(axis=1).to_numpy()
    mask = np.isin(rows, list(keep)) & has_rows & (status != "empty")
    block = partial[mask]
    if len(block):
        df = data[mask].infer_objects()  # kept ok rows: bool again where blanks made object
        df.attrs = {}
        df.index = block.index.get_level_values(-1)
        parts.add(df, rows[mask])
    return parts
