"""What the stores take and refuse (issue 32, items 5, 8, 9, 11): odd but valid answers are kept
or skipped by name and the call is answered; the 30-day cap holds on read; a bad path is named.

Answers come from a real local server (:class:`tests.servers.stateless_json.StatelessJsonServer`
on 127.0.0.1) carrying the odd payload as JSON text, like the live server.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import sqlite3
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.cache import DAY, Cache, _digest, call_key
from mapsnb._store.recording import Recording, RecordingWriteWarning, load
from mapsnb._transport.protocol import whole_text
from tests.servers.stateless_json import StatelessJsonServer, json_result

KEY = "test-key-0123456789abcdef"
TOOLS = [
    {
        "name": "resolve_names",
        "inputSchema": {"type": "object", "properties": {"queries": {"type": "array"}}},
    }
]
T0 = 1_790_000_000.0  # 2026-09-21
ARGS = {"queries": [{"text": "Eiffel Tower, Paris"}]}


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (settings.api_key_env, settings.record_env, settings.record_mode_env):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(settings.cache_env, raising=False)


def _nested(levels: int) -> Any:
    value: Any = "bottom"
    for _ in range(levels):
        value = [value]
    return value


ANSWERS: dict[str, dict[str, Any]] = {
    "lone surrogate": {"results": [{"place": "places/ChIJ9", "name": "Caf\udce9"}]},
    "nested 70 deep": {"results": [{"place": "places/ChIJ9", "extra": _nested(70)}]},
}


@pytest.fixture
def answering() -> Iterator[dict[str, Any]]:
    """A server answering resolve_names for the Eiffel Tower with ``box["payload"]`` (set by the
    test), and a plain answer for anything else."""
    box: dict[str, Any] = {"payload": None}

    def answer(name: str, arguments: dict[str, Any], headers: Any) -> dict[str, Any]:
        if "Eiffel" in json.dumps(arguments):
            return json_result(box["payload"])
        return json_result({"results": [{"place": "places/ChIJ1"}]})

    with StatelessJsonServer(TOOLS, answer) as srv:
        box["url"] = srv.url
        yield box


@pytest.mark.parametrize("name", list(ANSWERS))
def test_an_odd_answer_is_answered_and_the_stores_stay_readable(
    name: str, answering: dict[str, Any], tmp_path: Path
) -> None:
    answering["payload"] = payload = ANSWERS[name]
    lesson, store = tmp_path / "lesson.json", tmp_path / "calls.sqlite3"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with mapsnb.Client(
            KEY, url=answering["url"], cache=store, record=lesson, mode="record"
        ) as client:
            client.resolve_names(["Louvre, Paris"])  # answered, recorded (the file exists)
            answer = client.resolve_names(["Eiffel Tower, Paris"])  # no UnicodeEncodeError
    payload = whole_text(copy.deepcopy(payload))  # lone surrogates replaced where decoded
    assert answer.raw == payload
    load(lesson)  # the file stays readable whatever was answered
    with mapsnb.Client(record=lesson, mode="replay") as student:
        assert student.resolve_names(["Louvre, Paris"]).source == "replay"
        if name == "lone surrogate":
            assert student.resolve_names(["Eiffel Tower, Paris"]).raw == payload
            assert Cache(store).get("resolve_names", ARGS, answering["url"]) is not None
    if name == "nested 70 deep":  # one bound, on write: skipped by name, the call answered
        notes = [str(w.message) for w in caught if w.category is RecordingWriteWarning]
        assert any("not recorded" in n and "more than 64 levels" in n for n in notes), notes
        assert len(load(lesson)["calls"]) == 1


@pytest.mark.parametrize(
    "payload, why",
    [
        ({"n": 10**5000}, "longer than 4300 digits"),
        ({"deep": _nested(70)}, "more than 64 levels"),
    ],
)
def test_what_could_not_be_read_back_is_not_stored(
    payload: dict[str, Any], why: str, tmp_path: Path
) -> None:
    cache = Cache(tmp_path / "calls.sqlite3")
    now = dt.datetime.now(dt.UTC)
    with pytest.warns(mapsnb._store.cache.CacheWarning, match=why):
        assert not cache.put("resolve_names", ARGS, "e", payload, source="live", issued_at=now)
    recording = Recording(tmp_path / "lesson.json", "record")
    with pytest.warns(RecordingWriteWarning, match=why):
        recording.add("resolve_names", ARGS, payload, source="live", clock=now)
    recording.add(
        "resolve_names", {"queries": [{"text": "x"}]}, {"ok": 1}, source="live", clock=now
    )
    assert [c["payload"] for c in load(recording.path)["calls"]] == [{"ok": 1}]


# ----------------------------------------------------------------------------- item 8
def _cache_at(path: Path, clock: list[float]) -> Cache:
    return Cache(path, clock=lambda: clock[0])


def test_the_30_day_cap_holds_on_read_whatever_the_row_says(tmp_path: Path) -> None:
    clock = [T0]
    cache = _cache_at(tmp_path / "calls.sqlite3", clock)
    issued = dt.datetime.fromtimestamp(T0, dt.UTC)
    assert cache.put("resolve_names", ARGS, "e", {"ok": 1}, source="live", issued_at=issued)
    with sqlite3.connect(cache.path) as conn:  # tampered: kept "forever"
        conn.execute("UPDATE calls SET expires_at = ?", (T0 + 3650 * DAY,))
    clock[0] = T0 + 29 * DAY
    assert cache.get("resolve_names", ARGS, "e") is not None  # within 30 days: served
    clock[0] = T0 + 30 * DAY + 1
    assert cache.get("resolve_names", ARGS, "e") is None
    clock[0] = T0 + 60 * DAY
    assert cache.get("resolve_names", ARGS, "e") is None
    assert cache.stats().expired == 1 and cache.prune() == 1


def test_an_entry_from_the_future_is_not_served(tmp_path: Path) -> None:
    store = tmp_path / "calls.sqlite3"
    skewed = _cache_at(store, [T0 + 470 * DAY])  # a writer whose clock says 2028-01-04
    issued = dt.datetime.fromtimestamp(T0, dt.UTC)
    assert skewed.put("resolve_names", ARGS, "e", {"ok": 1}, source="live", issued_at=issued)
    drifting = _cache_at(store, [T0 + 60.0])  # a minute ahead: clocks drift
    other = {"queries": [{"text": "Louvre"}]}
    assert drifting.put("resolve_names", other, "e", {"ok": 2}, source="live", issued_at=issued)
    reader = _cache_at(store, [T0])
    assert reader.get("resolve_names", ARGS, "e") is None  # not "cached on 2028-01-04"
    assert reader.get("resolve_names", other, "e") is not None
    assert reader.stats().expired == 1


# ----------------------------------------------------------------------------- item 11
@pytest.mark.parametrize(
    "make, field",
    [
        (lambda p: mapsnb.Client(cache=f"{p}/a\x00b", sandbox=True), "cache"),
        (lambda p: mapsnb.Client(record=f"{p}/a\x00b.json", sandbox=True), "record"),
        (lambda p: mapsnb.Client(record=f"{p}/a\x00b.json", mode="record"), "record"),
        (lambda p: mapsnb.Client(cache="", sandbox=True), "cache"),
        (lambda p: mapsnb.Cache(5), "path"),  # type: ignore[arg-type]
        (lambda p: mapsnb.Cache(f"{p}/\x00"), "path"),
        (lambda p: mapsnb.Cache(tmp_file(p), clock=5), "clock"),  # type: ignore[arg-type]
        (lambda p: Recording(f"{p}/\x00.json", "record"), "record"),
        (lambda p: Recording(7, "auto"), "record"),  # type: ignore[arg-type]
    ],
)
def test_a_bad_store_path_is_a_named_error(make: Any, field: str, tmp_path: Path) -> None:
    with pytest.raises(mapsnb.InvalidRequest) as info:
        make(tmp_path)
    assert info.value.field == field and "must be" in info.value.rule


def tmp_file(folder: Path) -> Path:
    return folder / "calls.sqlite3"


def test_a_key_of_a_huge_number_or_a_surrogate_is_a_key(tmp_path: Path) -> None:
    cache = Cache(tmp_path / "calls.sqlite3")
    now = dt.datetime.now(dt.UTC)
    for args in ({"n": 10**5000}, {"text_query": "caf\udce9"}, {"caf\udce9": 1}):
        assert cache.put("search_places", args, "e", {"ok": 1}, source="live", issued_at=now)
        assert cache.get("search_places", args, "e") is not None
        assert _digest(call_key("search_places", args, "e"))
    assert cache.get("search_places", {"n": 10**5000 + 1}, "e") is None


# ----------------------------------------------------------------------------- never lost
def test_writing_over_an_unreadable_file_sets_it_aside(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    path.write_text("{not json")
    now = dt.datetime.now(dt.UTC)
    recording = Recording(path, "record")
    with pytest.warns(RecordingWriteWarning, match="set aside"):
        recording.add("resolve_names", ARGS, {"ok": 1}, source="live", clock=now)
    assert [c["payload"] for c in load(path)["calls"]] == [{"ok": 1}]
    (aside,) = tmp_path.glob("lesson.json.unreadable-*")
    assert aside.read_text() == "{not json"  # kept, never deleted


def test_writing_over_a_bad_call_keeps_a_copy_and_the_good_calls(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    good = {
        "tool": "resolve_names",
        "arguments": {"queries": [{"text": "Louvre"}]},
        "recorded_at": dt.datetime.now(dt.UTC).isoformat(),
        "payload": {"results": []},
    }
    bad = {**good, "arguments": {"queries": [{"text": "x"}]}, "payload": _nested(80)}
    text = json.dumps({"mapsnb_recording": 1, "calls": [good, bad]})
    path.write_text(text)
    now = dt.datetime.now(dt.UTC)
    with pytest.warns(mapsnb._store.recording.RecordingEntryWarning, match=r"calls\[1\]"):
        recording = Recording(path, "auto")
    with pytest.warns(RecordingWriteWarning, match="left out"):
        recording.add("resolve_names", ARGS, {"ok": 1}, source="live", clock=now)
    data = load(path)
    assert [c["arguments"] for c in data["calls"]] == [good["arguments"], ARGS]
    assert data["skipped"] == []
    (aside,) = tmp_path.glob("lesson.json.unreadable-*")
    assert aside.read_text() == text
