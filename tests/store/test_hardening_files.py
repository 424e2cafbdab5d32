"""Hardening of what mapsnb reads from disk (issue 23, round 3): read-only and damaged caches,
another schema version, damaged rows; hostile recordings; the static export."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import textwrap
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.cache import Cache, CacheWarning, _digest, call_key

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-09-18T08:00:00-07:00"
CALL = ("resolve_names", {"queries": [{"text": "Eiffel Tower, Paris"}]}, "e")


@pytest.fixture
def calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``calls()``: how many HTTP requests reached the in-process emulator so far."""
    log = tmp_path / "calls.log"
    monkeypatch.setenv(settings.sandbox_call_log_env, str(log))
    for name in (settings.record_env, settings.cache_env, settings.api_key_env):
        monkeypatch.delenv(name, raising=False)
    return lambda: len(log.read_text().splitlines()) if log.exists() else 0


def _filled(store: Path, n: int = 3) -> None:
    cache = Cache(store)
    for i in range(n):
        tool, args, endpoint = CALL
        assert cache.put(
            tool,
            {"queries": [{"text": f"place {i}"}]} if i else args,
            endpoint,
            {"i": i},
            source="live",
            issued_at=mapsnb._store.cache.dt.datetime.now(mapsnb._store.cache.dt.timezone.utc),
        )
    cache.close()


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A folder outside pytest's private tmp tree (a course's shared cache folder)."""
    folder = Path(tempfile.mkdtemp(prefix="mapsnb-ro-"))
    try:
        yield folder
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder, ignore_errors=True)


# The check runs in a child process where the target really is read-only. Tests run as root,
# and root ignores permission bits (a chmod 444 store stays writable for it), so as root the
# child gets a private mount namespace (`unshare -m`) in which the target is bind-mounted
# read-only: writes fail with EROFS for root too, and nothing changes outside the child. As any
# other user the permission bits alone make it read-only (chmod 444 / 555).
READER = textwrap.dedent(
    """
    import json, sys, warnings
    from mapsnb._store.cache import Cache
    store = sys.argv[1]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cache = Cache(store)
        hits = [cache.get("resolve_names", {"queries": [{"text": "Eiffel Tower, Paris"}]}, "e")
                for _ in range(5)]
        stored = [cache.put("resolve_names", {"queries": [{"text": f"new {i}"}]}, "e", {"n": i},
                            source="live", issued_at=hits[0].issued_at) for i in range(5)]
        stats = cache.stats()
        removed = cache.prune() + cache.clear()
    print(json.dumps({
        "payloads": [h.payload if h else None for h in hits],
        "stored": stored, "entries": stats.entries, "removed": removed,
        "warnings": [str(w.message) for w in caught],
    }))
    """
)


def run_read_only(target: Path, script: str, *args: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-c", script, *args]
    if os.geteuid() != 0:
        mode = target.stat().st_mode
        os.chmod(target, 0o555 if target.is_dir() else 0o444)
        try:
            out = subprocess.run(command, env=env, capture_output=True, text=True, timeout=120)
        finally:
            os.chmod(target, mode)
    else:
        if shutil.which("unshare") is None:
            pytest.skip("root ignores chmod and `unshare` is missing: no read-only condition")
        shell = 'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" "$0" && exec "$@"'
        out = subprocess.run(
            ["unshare", "-m", "sh", "-c", shell, str(target), *command],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if "mount:" in out.stderr or "unshare:" in out.stderr:
            pytest.skip(f"root ignores chmod and no read-only bind is possible: {out.stderr}")
    assert out.returncode == 0, out.stderr
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def _listing(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


@pytest.mark.parametrize("what", ["file", "folder"])
def test_a_read_only_store_is_served_and_never_changed(shared_dir: Path, what: str) -> None:
    store = shared_dir / "calls.sqlite3"
    _filled(store)
    with sqlite3.connect(store) as conn:  # fold the WAL in, as a course's prepared store
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    for side in shared_dir.glob("calls.sqlite3-*"):
        side.unlink()
    before = _listing(shared_dir)
    seen = run_read_only(store if what == "file" else shared_dir, READER, str(store))
    assert seen["payloads"] == [{"i": 0}] * 5  # its hits are served
    assert seen["stored"] == [False] * 5 and seen["removed"] == 0
    assert seen["entries"] == 3
    assert len(seen["warnings"]) == 1, seen["warnings"]  # said once
    assert "read-only" in seen["warnings"][0] and "rebuilt" not in seen["warnings"][0]
    assert _listing(shared_dir) == before  # never written, renamed or deleted


def test_a_read_only_folder_without_a_store_warns_once(shared_dir: Path) -> None:
    script = textwrap.dedent(
        """
        import json, sys, warnings
        from mapsnb._store.cache import Cache
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            cache = Cache(sys.argv[1])
            got = [cache.get("resolve_names", {"queries": []}, "e") for _ in range(3)]
        print(json.dumps({"got": [g is None for g in got],
                          "warnings": [str(w.message) for w in caught]}))
        """
    )
    seen = run_read_only(shared_dir, script, str(shared_dir / "calls.sqlite3"))
    assert seen["got"] == [True] * 3
    assert len(seen["warnings"]) == 1 and "cannot be created" in seen["warnings"][0]
    assert not any("rebuilt" in w for w in seen["warnings"])
    assert list(shared_dir.iterdir()) == []


def test_read_only_can_be_asked_for(tmp_path: Path) -> None:
    store = tmp_path / "calls.sqlite3"
    _filled(store)
    before = store.read_bytes()
    cache = Cache(store, read_only=True)
    tool, args, endpoint = CALL
    hit = cache.get(tool, args, endpoint)
    assert hit is not None and hit.payload == {"i": 0}
    assert not cache.put(tool, {"x": 1}, endpoint, {"n": 1}, source="live", issued_at=hit.stored_at)
    assert cache.clear() == 0 and store.read_bytes() == before


def _aside(store: Path, label: str) -> list[Path]:
    return sorted(store.parent.glob(f"{store.name}.{label}-*Z"))


def test_a_store_of_another_schema_version_is_set_aside_not_deleted(tmp_path: Path) -> None:
    store = tmp_path / "calls.sqlite3"
    with sqlite3.connect(store) as conn:
        conn.execute("CREATE TABLE calls (key TEXT PRIMARY KEY, tool TEXT, payload BLOB)")
        conn.execute("INSERT INTO calls VALUES ('k', 'search_places', x'00')")
        conn.execute("PRAGMA user_version=7")
    original = store.read_bytes()
    cache = Cache(store)
    tool, args, endpoint = CALL
    with pytest.warns(CacheWarning, match="another mapsnb version.*set aside"):
        assert cache.get(tool, args, endpoint) is None
    (moved,) = _aside(store, "schema-7")
    assert moved.read_bytes() == original
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert cache.put(tool, args, endpoint, {"ok": 1}, source="live", issued_at=_now())
        assert cache.get(tool, args, endpoint) is not None


def _now() -> Any:
    return mapsnb._store.cache.dt.datetime.now(mapsnb._store.cache.dt.timezone.utc)


FRESH = object()  # the row's stored_at: now (a row stored at any other time may not be served)
DAMAGED_ROWS = [
    ("[" * 100_000 + "]" * 100_000, "live", FRESH, None),  # RecursionError before
    ('{"a": 1}', "live", FRESH, "not a time"),
    ('{"a": 1}', "live", FRESH, 12),
    ("not json", "live", FRESH, None),
    ("[1, 2]", "live", FRESH, None),
    ('{"n": ' + "9" * 5000 + "}", "live", FRESH, None),  # too long an integer
    (b"\xff\xfe", "live", FRESH, None),
    ('{"a": 1}', b"live", FRESH, None),
]
#: Rows whose stored time is not a time of the last 30 days: never served (item 8, issue 32).
UNSERVABLE_ROWS = [
    ('{"a": 1}', "live", 1e308, None),  # OverflowError / OSError before
    ('{"a": 1}', "live", float("-inf"), None),
    ('{"a": 1}', "live", "yesterday", None),  # ValueError before
    ('{"a": 1}', "live", 1.0, None),  # 1970, with expires_at in 2096
]


def _plant(store: Path, key: str, row: tuple[Any, ...], tool: str = "resolve_names") -> None:
    import time

    stored_at = time.time() if row[2] is FRESH else row[2]
    with sqlite3.connect(store) as conn:
        conn.execute(
            "INSERT OR REPLACE INTO calls VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (key, tool, "{}", *row[:2], stored_at, 4e9, row[3]),
        )


@pytest.mark.parametrize("row", DAMAGED_ROWS, ids=range(len(DAMAGED_ROWS)))
def test_a_damaged_row_is_skipped_with_one_warning(tmp_path: Path, row: Any) -> None:
    store = tmp_path / "calls.sqlite3"
    _filled(store)
    tool, args, endpoint = CALL
    _plant(store, _digest(call_key(tool, args, endpoint)), row)
    cache = Cache(store)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert [cache.get(tool, args, endpoint) for _ in range(3)] == [None] * 3
    assert [str(w.message) for w in caught if w.category is CacheWarning] == [
        next(str(w.message) for w in caught)
    ]
    assert "damaged entry" in str(caught[0].message)
    assert cache.get("resolve_names", {"queries": [{"text": "place 1"}]}, "e") is not None


@pytest.mark.parametrize("row", UNSERVABLE_ROWS, ids=range(len(UNSERVABLE_ROWS)))
def test_a_row_stored_at_no_time_of_the_last_30_days_is_a_miss(tmp_path: Path, row: Any) -> None:
    store = tmp_path / "calls.sqlite3"
    _filled(store)
    tool, args, endpoint = CALL
    _plant(store, _digest(call_key(tool, args, endpoint)), row)
    cache = Cache(store)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cache.get(tool, args, endpoint) is None
    assert all(w.category is CacheWarning for w in caught)
    assert cache.get("resolve_names", {"queries": [{"text": "place 1"}]}, "e") is not None
    assert cache.stats().expired == 1 and cache.prune() == 1


def test_a_client_answers_from_the_source_past_a_damaged_row(tmp_path: Path, calls: Any) -> None:
    store = tmp_path / "calls.sqlite3"
    with mapsnb.Client(now=NOW, cache=Cache(store)) as client:
        first = client.resolve_names(["Eiffel Tower, Paris"])
        assert calls() == 1
        with sqlite3.connect(store) as conn:
            assert conn.execute("UPDATE calls SET payload = ?", DAMAGED_ROWS[0][:1]).rowcount == 1
        with pytest.warns(CacheWarning, match="damaged entry"):
            again = client.resolve_names(["Eiffel Tower, Paris"])
    assert again.raw == first.raw and calls() == 2


# ----------------------------------------------------------------------------- recordings
@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The emulator over HTTP on the real clock, standing in for the live server."""
    import datetime as dt

    from mapsnb_sandbox import Sandbox
    from mapsnb_sandbox.serve.server import build_app
    from tests.servers.sdk_server import ServerThread

    with ServerThread(build_app(Sandbox(now=lambda: dt.datetime.now(dt.UTC)))) as srv:
        yield srv.url


def _stamp(days: float = 0) -> str:
    import datetime as dt

    return (dt.datetime.now(dt.UTC) + dt.timedelta(days=days)).isoformat()


def _entry(**fields: Any) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "tool": "resolve_names",
        "arguments": {"queries": [{"text": "Eiffel Tower, Paris"}]},
        "recorded_at": _stamp(),
        "source": "live",
        "payload": {"results": []},
    }
    entry.update(fields)
    return {k: v for k, v in entry.items() if v is not None}


def _write(path: Path, *calls: dict[str, Any], text: str | None = None) -> Path:
    data = {"mapsnb_recording": 1, "now": _stamp(), "calls": list(calls)}
    path.write_text(text if text is not None else json.dumps(data), encoding="utf-8")
    return path


def test_a_recorded_failure_does_not_break_a_token_lookup(served: str, tmp_path: Path) -> None:
    failed = _entry(
        tool="compute_routes",
        arguments={"origin": {"address": "Atlantisville"}, "destination": {"address": "Paris"}},
        payload=None,
        error={"code": 5, "status": "NOT_FOUND", "message": "origin not found"},
    )
    path = _write(tmp_path / "lesson.json", failed)
    with mapsnb.Client(url=served, record=path) as client:  # auto: replays, calls for the rest
        with pytest.raises(mapsnb.ToolError):  # the server's answer, not KeyError('payload')
            client.search_along_route("gas stations", retrieval_token="not-a-recorded-token")
        with pytest.raises(mapsnb.ToolError, match="origin not found"):
            client.call_tool("compute_routes", failed["arguments"])


DEEP = "[" * 100_000 + "]" * 100_000
#: Files that are not recordings at all: refused whole, by name.
HOSTILE = {
    "deep file": DEEP,
    "format 2": '{"mapsnb_recording": 2, "calls": []}',
    "integer too long": '{"calls": [], "now": ' + "1" * 5000 + "}",
    "calls not a list": '{"mapsnb_recording": 1, "calls": {"0": {}}}',
}
#: One bad call in a good file: skipped with a warning naming it, the others replay.
HOSTILE_CALLS = {
    "deep payload": '{"tool": "x", "arguments": {}, "recorded_at": "2026-09-18T00:00:00Z", '
    '"payload": {"a": ' + DEEP + "}}",
    "payload 70 deep": _entry(payload={"a": json.loads("[" * 69 + "]" * 69)}),
    "integer too long": '{"tool": "x", "arguments": {}, "recorded_at": "2026-09-18T00:00:00Z", '
    '"payload": {"n": ' + "9" * 5000 + "}}",
    "error code text": _entry(payload=None, error={"code": "three", "message": "m"}),
    "error code huge": _entry(payload=None, error={"code": 10**30, "message": "m"}),
    "error code inf": '{"tool": "x", "arguments": {}, "recorded_at": "2026-09-18T00:00:00Z", '
    '"error": {"code": 1e400}}',
    "error a list": _entry(payload=None, error=["INVALID_ARGUMENT"]),
    "error message object": _entry(payload=None, error={"message": {"a": 1}}),
    "error status list": _entry(payload=None, error={"status": ["x"], "message": "m"}),
    "both payload and error": _entry(error={"message": "m"}),
    "payload a list": _entry(payload=[1, 2]),
    "time near year 1": _entry(recorded_at="0001-01-01T00:00:00+14:00"),
    "clock not a time": _entry(clock="yesterday"),
    "escape in the tool": _entry(tool="search_places\x1b[2J"),
    "not an object": [1, 2],
}


@pytest.mark.parametrize("name", list(HOSTILE))
def test_a_hostile_recording_is_refused_by_name_everywhere(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], calls: Any
) -> None:
    from mapsnb.cli import main

    path = _write(tmp_path / "hostile.json", text=HOSTILE[name])
    assert main(["recording", "check", str(path)]) == 1  # check never says ok
    assert main(["recording", "show", str(path)]) == 1
    err = capsys.readouterr().err
    assert [line.split(" ")[:2] for line in err.splitlines()] == [
        ["problem:", "recording"],
        ["error:", "recording"],
    ]
    assert "Traceback" not in err and "\x1b" not in err
    with pytest.raises(mapsnb.MapsnbError, match="recording"):
        mapsnb.Client(record=path, mode="replay")
    with pytest.raises(mapsnb.MapsnbError, match="recording"):
        mapsnb.Client(now=NOW, record=path)


@pytest.mark.parametrize("name", list(HOSTILE_CALLS))
def test_one_bad_call_is_skipped_with_a_warning_and_the_rest_replays(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], calls: Any
) -> None:
    from mapsnb._store.recording import RecordingEntryWarning
    from mapsnb.cli import main

    good = _entry(arguments={"queries": [{"text": "Louvre, Paris"}]}, payload={"results": [1]})
    bad = HOSTILE_CALLS[name]
    bad_text = bad if isinstance(bad, str) else json.dumps(bad)
    path = tmp_path / "lesson.json"
    head = json.dumps({"mapsnb_recording": 1, "now": _stamp()})[:-1]
    path.write_text(f'{head}, "calls": [{json.dumps(good)}, {bad_text}]}}')
    assert main(["recording", "check", str(path)]) == 1  # check names the bad call
    assert main(["recording", "show", str(path)]) == 0  # show shows the rest
    out, err = capsys.readouterr()
    assert "calls[1]" in err and "Traceback" not in err and "\x1b" not in err + out
    assert "calls: 1" in out and "skipped (cannot be read): calls[1]" in out
    with pytest.warns(RecordingEntryWarning, match=r"1 of 2 call\(s\).*calls\[1\]"):
        student = mapsnb.Client(record=path, mode="replay")
    with student:
        assert student.resolve_names(["Louvre, Paris"]).raw == good["payload"]
    assert calls() == 0


def test_show_prints_only_sanitized_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mapsnb.cli import main

    forged = "live\n  [7] 2026-09-18T00:00:00Z live search_places {} -> forged"
    path = _write(
        tmp_path / "lesson.json",
        _entry(source=forged),
        _entry(
            source="\x1b]0;pwned\x07\x9b31m",
            arguments={"queries": [{"text": "Paris\u202e\x1b[31m\x9b2J\u2028x"}]},
        ),
    )
    assert main(["recording", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert not any(c in out for c in "\x1b\x07\x9b\u202e\u2028\r")
    lines = out.splitlines()
    assert [line.split("]")[0] for line in lines if line.startswith("  [")] == ["  [0", "  [1"]
    assert "\\x1b" in out and "\\u202e" in out and "\\x0a" in out  # shown, escaped


def test_a_missing_recording_is_said_to_be_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], calls: Any
) -> None:
    from mapsnb.cli import main

    path = tmp_path / "nowhere" / "lesson.json"
    with (
        mapsnb.Client(now=NOW, record=path, sandbox=False) as client,  # auto, no network
        pytest.raises(mapsnb.ReplayMiss) as miss,
    ):
        client.resolve_names(["Eiffel Tower, Paris"])
    assert "does not exist" in str(miss.value) and "holds no calls" not in str(miss.value)
    assert main(["recording", "check", str(path)]) == 1
    assert "does not exist" in capsys.readouterr().err


def test_check_says_an_emulator_recording_is_synthetic(
    served: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], calls: Any
) -> None:
    from mapsnb.cli import main

    path = tmp_path / "lesson.json"
    with mapsnb.Client(now=NOW, record=path, mode="record") as client:
        client.resolve_names(["Eiffel Tower, Paris"])
    assert main(["recording", "check", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ok" in out and "SYNTHETIC" in out and "emulator" in out
    assert main(["recording", "show", str(path)]) == 0
    assert "synthetic: 1 of 1" in capsys.readouterr().out
    live = _write(tmp_path / "live.json", _entry())
    assert main(["recording", "check", str(live)]) == 0
    assert "SYNTHETIC" not in capsys.readouterr().out


def test_a_recording_dated_in_the_future_fails_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from mapsnb.cli import main

    path = _write(tmp_path / "lesson.json", _entry(recorded_at="9999-12-31T23:59:59Z"))
    assert main(["recording", "check", str(path)]) == 1
    assert "future" in capsys.readouterr().err
    soon = _write(tmp_path / "soon.json", _entry(recorded_at=_stamp(days=0.5)))  # clock drift
    assert main(["recording", "check", str(soon)]) == 0


# ----------------------------------------------------------------------------- small ones
@pytest.mark.parametrize("value", [-1e308, 1e308, float("-inf"), float("nan"), "-1e999"])
def test_a_colour_of_any_size_reads(value: Any) -> None:
    from mapsnb._read.wire import hex_color

    color = hex_color({"red": value, "green": 0.5, "blue": 1})
    huge = value == 1e308  # beyond 1: read as 0-255 parts, clamped
    assert color == ("#ff0001" if huge else "#0080ff")


def test_air_quality_wide_reads_an_index_code_of_any_shape() -> None:
    import pandas as pd

    from mapsnb.frames._air_quality import air_quality_frame, air_quality_wide

    hour = {
        "dateTime": "2026-09-18T10:00:00Z",
        "indexes": [
            {"code": "uaqi", "aqi": 70},
            {"code": {"national": "fra"}, "aqi": 3},
            {"code": ["x"], "aqi": 4},
        ],
    }
    payload = {"airQuality": {"hourlyResults": [hour, {**hour, "dateTime": "2026-09-18T11:00Z"}]}}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", mapsnb.PayloadShapeWarning)
        long = air_quality_frame(payload)
        wide = air_quality_wide(long)
    assert list(wide.columns) == ["uaqi", "{'national': 'fra'}", "['x']"]
    assert wide["uaqi"].tolist() == [70, 70] and isinstance(wide.index, pd.DatetimeIndex)


def test_a_resumed_batch_keeps_the_column_types(calls: Any) -> None:
    import pandas as pd

    queries = ["coffee in Paris", "bakeries in Lyon"]
    with mapsnb.Client(now=NOW) as client:
        full = client.batch.search_places(queries, progress=False)
        data = [c for c in full.columns if c not in ("status", "error", "input_row")]
        # an interrupted batch: the second query cancelled, one blank row, object columns
        last = full["input_row"].eq(1)
        partial = full[~last | ~full["input_row"].duplicated()].astype(dict.fromkeys(data, object))
        partial.loc[partial["input_row"].eq(1), data] = None
        partial.loc[partial["input_row"].eq(1), "status"] = "cancelled"
        resumed = client.batch.search_places(queries, resume=partial, progress=False)
    assert str(full["cited"].dtype) == "boolean" and str(resumed["cited"].dtype) == "boolean"
    pd.testing.assert_frame_equal(resumed, full)


def test_a_recording_in_a_read_only_folder_is_replayed_and_extended_in_memory(
    shared_dir: Path, calls: Any
) -> None:
    path = shared_dir / "lesson.json"
    with mapsnb.Client(now=NOW, record=path, mode="record") as client:
        client.resolve_names(["Eiffel Tower, Paris"])
    before = _listing(shared_dir)
    script = textwrap.dedent(
        """
        import json, sys, warnings
        import mapsnb
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            with mapsnb.Client(now=sys.argv[2], record=sys.argv[1], sandbox=True) as client:
                sources = [
                    client.resolve_names(["Eiffel Tower, Paris"]).source,
                    client.resolve_names(["Louvre, Paris"]).source,
                    client.resolve_names(["Notre-Dame, Paris"]).source,
                    client.resolve_names(["Louvre, Paris"]).source,
                ]
        print(json.dumps({"sources": sources, "warnings": [
            f"{w.category.__name__}: {w.message}" for w in caught]}))
        """
    )
    seen = run_read_only(shared_dir, script, str(path), NOW)
    assert seen["sources"] == ["replay", "sandbox", "sandbox", "replay"]
    assert len(seen["warnings"]) == 1, seen["warnings"]
    assert seen["warnings"][0].startswith("RecordingWriteWarning: the recording")
    assert "cannot be written" in seen["warnings"][0]
    assert _listing(shared_dir) == before


def test_a_replay_miss_prints_recorded_arguments_sanitized(tmp_path: Path, calls: Any) -> None:
    hostile = {"queries": [{"text": "Paris\u202e\x9b2J\u2028[forged]"}]}
    path = _write(tmp_path / "lesson.json", _entry(arguments=hostile))
    with (
        mapsnb.Client(now=NOW, record=path, mode="replay") as client,
        pytest.raises(mapsnb.ReplayMiss) as miss,
    ):
        client.resolve_names(["Louvre, Paris"])
    message = str(miss.value)
    assert "closest recorded calls" in message and "Paris" in message
    assert not any(c in message for c in "\u202e\x9b\u2028")
