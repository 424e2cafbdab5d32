"""Properties: a hostile recording file or cache row never crashes anything that reads it.

Recordings are drawn around the real shape (valid fields mixed with hostile ones: wrong types,
huge or non-finite numbers, times near year 1 or 9999, control characters, JSON nested deep,
raw bytes). Loading, ``recording show``/``check`` and replaying every call may only give a
value, a named :class:`mapsnb.MapsnbError` or mapsnb's own warnings; what is printed holds no
terminal control. Cache rows are written straight into the store with any type in any column:
:meth:`Cache.get` answers a payload or a miss, never an exception.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import sqlite3
import tempfile
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapsnb import MapsnbError, PayloadShapeWarning
from mapsnb._store.cache import Cache, CacheWarning, Stored, _digest, call_key
from mapsnb._store.recording import (
    Recording,
    RecordingAgeWarning,
    RecordingEntryWarning,
    check,
    describe,
    load,
)
from tests.hypothesis_setup import examples

ALLOWED_WARNINGS = (CacheWarning, RecordingAgeWarning, RecordingEntryWarning, PayloadShapeWarning)
CONTROLS = {chr(c) for c in [*range(0x20), *range(0x7F, 0xA0)]} - {"\n"} | {"\u202e", "\u2028"}

HOSTILE = [
    None,
    True,
    -1,
    10**30,
    1e308,
    float("nan"),
    float("-inf"),
    "",
    "\x1b[2J",
    "\x9b31m",
    "a\nforged line",
    "\u202e",
    "9" * 400,
    [],
    {},
    [1, "x"],
    {"a": {"b": None}},
]
scalars = st.sampled_from(HOSTILE) | st.integers() | st.text(max_size=8)
json_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner, max_size=2)
    ),
    max_leaves=4,
)
TIMES = [
    "2026-09-18T15:00:00Z",
    "2026-09-18T15:00:00+02:00",
    "2026-09-18",
    "0001-01-01T00:00:00+14:00",
    "9999-12-31T23:59:59-14:00",
    "9999-12-31T23:59:59Z",
    "not a time",
    "",
    12,
]
times = st.sampled_from(TIMES)
DELETE = object()
FIELD_VALUES = {
    "tool": st.sampled_from(["compute_routes", "search_along_route", "a b", "\x1b", "", 3]),
    "arguments": st.sampled_from([{"origin": {"address": "x"}}, {"\x1b": [1]}, *HOSTILE]),
    "recorded_at": times,
    "clock": times,
    "source": st.sampled_from(["sandbox", "replay", "\x1b]0;t\x07", "x\ny", 1]),
    "payload": json_values,
    "error": st.sampled_from(HOSTILE),
    "error.code": st.sampled_from([5, -(2**31) - 1, 2**31, 2**70, 1e308, "3", None, True]),
    "error.status": st.sampled_from(["NOT_FOUND", "\x1b[31m", None, 5, ["x"]]),
    "error.message": st.sampled_from(["origin not found\n[9] forged", *HOSTILE]),
    "error.details": st.sampled_from(HOSTILE),
}
mutations = st.lists(
    st.one_of([st.tuples(st.just(f), st.just(DELETE) | v) for f, v in FIELD_VALUES.items()]),
    max_size=3,
)


def _call(failed: bool, changes: list[tuple[str, Any]]) -> dict[str, Any]:
    """A valid call (an answer or a recorded failure) with ``changes`` made to its fields."""
    call: dict[str, Any] = {
        "tool": "search_places",
        "arguments": {"text_query": "coffee"},
        "recorded_at": "2026-09-18T15:00:00Z",
        "source": "live",
    }
    if failed:
        call["error"] = {"code": 3, "status": "INVALID_ARGUMENT", "message": "bad", "details": []}
    else:
        call["payload"] = {"places": [{"id": "p1"}]}
    for field, value in changes:
        target, _, key = field.rpartition(".")
        holder = call.get(target) if target else call
        if isinstance(holder, dict):
            if value is DELETE:
                holder.pop(key or field, None)
            else:
                holder[key or field] = value
    return call


calls = st.builds(_call, st.booleans(), mutations)
files = st.fixed_dictionaries(
    {"calls": st.lists(calls, max_size=3) | st.sampled_from(HOSTILE)},
    optional={"mapsnb_recording": st.sampled_from([1, 1, 2, "1", True]), "now": times},
)
deep = st.integers(min_value=50, max_value=5000).map(
    lambda n: (
        '{"calls": [{"tool": "x", "arguments": {}, "recorded_at": "2026-09-18T00:00Z", '
        '"payload": {"a": ' + "[" * n + "]" * n + "}}]}"
    )
)
texts = (
    files.map(lambda d: json.dumps(d).encode())
    | deep.map(str.encode)
    | st.binary(max_size=40)
    | files.map(lambda d: json.dumps(d).encode()[:-3])  # truncated
)


@pytest.fixture(scope="module")
def fast_dir(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A folder in memory when there is one (writing a file on this disk costs ~5 ms)."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="mapsnb-properties-", dir=shm))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("properties")


def _printable(text: str) -> bool:
    return not (set(text) & CONTROLS)


@examples(2000)
@given(texts)
def test_a_hostile_recording_gives_a_named_error_or_works(fast_dir: Path, text: bytes) -> None:
    path = fast_dir / "recording.json"
    path.write_bytes(text)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            data = load(path)
        except MapsnbError as exc:
            assert _printable(str(exc))
            problems = check(path)
            assert problems and all(_printable(p) for p in problems)
            return
        assert _printable(describe(path))
        assert all(_printable(p) for p in check(path))
        recording = Recording(path, "replay")
        for call in data["calls"]:
            try:
                answer = recording.lookup(call["tool"], call["arguments"], live=False)
            except MapsnbError:  # a recorded failure (of this call or a later same one)
                assert any("error" in c and c["tool"] == call["tool"] for c in data["calls"])
            else:
                assert isinstance(answer, Stored) and isinstance(answer.payload, dict)
    assert all(issubclass(w.category, ALLOWED_WARNINGS) for w in caught), caught


STORE_CALL = ("search_places", {"text_query": "coffee"}, "e")
cells = (
    st.sampled_from([None, True, -1, 2**62, 1e308, float("nan"), float("-inf")])
    | st.text(max_size=12)
    | st.binary(max_size=12)
    | json_values.map(json.dumps)
    | st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n + "]" * n)
    | st.sampled_from([*TIMES[:-1], '{"ok": 1}', "1e999"])
)
_NOW = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)


@pytest.fixture(scope="module")
def store(fast_dir: Path) -> Any:
    """One cache, and a connection writing rows straight into its file (no fsync)."""
    path = fast_dir / "calls.sqlite3"
    cache = Cache(path)
    tool, _, endpoint = STORE_CALL
    assert cache.put(tool, {"seed": 1}, endpoint, {"ok": True}, source="live", issued_at=_NOW)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA synchronous=OFF")
    yield cache, conn
    conn.close()
    cache.close()


@examples(2000)
@given(payload=cells, source=cells, stored_at=cells, issued_at=cells)
def test_a_hostile_cache_row_is_a_hit_or_a_miss(
    store: Any, payload: Any, source: Any, stored_at: Any, issued_at: Any
) -> None:
    cache, conn = store
    tool, arguments, endpoint = STORE_CALL
    key = _digest(call_key(tool, arguments, endpoint))
    row = (key, tool, "{}", payload, source, stored_at, 4e9, issued_at)
    try:
        conn.execute("INSERT OR REPLACE INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row)
    except sqlite3.IntegrityError:  # NOT NULL columns: such a row cannot exist
        return
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = cache.get(tool, arguments, endpoint)
        seed = cache.get(tool, {"seed": 1}, endpoint)
    assert got is None or (isinstance(got.payload, dict) and isinstance(got.stored_at, dt.datetime))
    assert seed is not None and seed.payload == {"ok": True}  # the store itself is fine
    assert all(issubclass(w.category, CacheWarning) for w in caught), caught
