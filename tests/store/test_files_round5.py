"""Files and descriptors (issue 43, class 5): recordings appended (O(N) bytes for N calls) and
bounded on read, cache connections closed with their client, the files mapsnb writes beside a
recording named for ``.gitignore``, file modes as the user's umask gives."""

from __future__ import annotations

import asyncio
import datetime as dt
import gc
import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.recording import Recording, RecordingTooLarge, describe, ignore_lines, load
from mapsnb._store.recording_file import TRAILER

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-09-18T08:00:00-07:00"
CLOCK = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)
PAYLOAD = {"results": [{"place": "places/ChIJ1", "note": "x" * 2_000}]}


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (settings.record_env, settings.record_mode_env, settings.cache_env):
        monkeypatch.delenv(name, raising=False)


def _written() -> int:
    """Bytes this process has written so far (``wchar`` of ``/proc/self/io``)."""
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise AssertionError("no wchar in /proc/self/io")


def _record(path: Path, n: int, first: int = 0) -> int:
    """Record ``n`` calls one by one; the bytes written meanwhile."""
    recording = Recording(path, "record")
    before = _written()
    for i in range(first, first + n):
        args = {"queries": [{"text": f"place {i}"}]}
        recording.add("resolve_names", args, PAYLOAD, source="live", clock=CLOCK)
    return _written() - before


# ------------------------------------------------------------------------- appended, not rewritten
def test_n_record_calls_write_o_of_n_bytes(tmp_path: Path) -> None:
    small = _record(tmp_path / "small.json", 40)
    large = _record(tmp_path / "large.json", 160)
    entry = len(json.dumps(PAYLOAD))
    # rewriting the whole file per call writes ~N²/2 entries: 16 times as much for 4 times N
    assert large < 8 * small, (small, large)
    assert large < 160 * entry * 3, (large, entry)
    assert len(load(tmp_path / "large.json")["calls"]) == 160


def test_a_call_recorded_does_not_re_key_every_call_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mapsnb._store import recording as module

    keyed = [0]
    real = module.call_key

    def counting(*args: Any) -> str:
        keyed[0] += 1
        return real(*args)

    monkeypatch.setattr(module, "call_key", counting)
    _record(tmp_path / "lesson.json", 100)
    assert keyed[0] < 100 * 5, keyed  # re-keying the recording per call: ~5,000 (N²/2)


def test_appending_to_a_recording_made_before_keeps_every_call(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    _record(path, 5)
    cost = _record(path, 1, first=5)  # another session: appends (its clock is older: kept)
    assert cost < 10 * len(json.dumps(PAYLOAD)), cost
    data = json.loads(path.read_text())  # still one JSON object
    assert [c["arguments"]["queries"][0]["text"] for c in data["calls"]] == [
        f"place {i}" for i in range(6)
    ]
    assert path.read_text().endswith(TRAILER)


def test_an_old_layout_is_read_then_rewritten_once(tmp_path: Path) -> None:
    path = tmp_path / "old.json"
    _record(path, 3)
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # the layout of before
    assert len(load(path)["calls"]) == 3
    _record(path, 2, first=3)
    assert len(load(path)["calls"]) == 5 and path.read_text().endswith(TRAILER)


def test_a_call_recorded_again_replaces_its_entry_and_repeats_are_compacted(
    tmp_path: Path,
) -> None:
    path = tmp_path / "lesson.json"
    recording = Recording(path, "record")
    args = {"queries": [{"text": "Eiffel Tower, Paris"}]}
    for i in range(60):
        recording.add("resolve_names", args, {"i": i}, source="live", clock=CLOCK)
    data = load(path)
    assert [c["payload"] for c in data["calls"]] == [{"i": 59}]
    assert data["entries"] <= 20  # compacted as the repeats piled up
    assert Recording(path, "replay").lookup("resolve_names", args, live=False).payload == {"i": 59}


def test_a_recording_cut_short_mid_append_reads_up_to_its_last_whole_call(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    _record(path, 3)
    text = path.read_text()
    path.write_text(text[: -len(TRAILER)] + ',\n{\n "arguments": {"queries": [{"te')
    assert len(load(path)["calls"]) == 3


# ------------------------------------------------------------------------------- size bound
def test_a_huge_recording_is_refused_by_name_before_it_is_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.json"
    _record(path, 3)
    with open(path, "r+b") as fh:  # sparse: 2 GB that cost nothing until read
        fh.truncate(2_000_000_000)

    def never(*args: Any, **kwargs: Any) -> bytes:
        raise AssertionError("the file was read")

    monkeypatch.setattr(Path, "read_bytes", never)
    for attempt in (
        lambda: load(path),
        lambda: Recording(path, "replay"),
        lambda: mapsnb.Client(record=path),
    ):
        with pytest.raises(RecordingTooLarge, match="max_recording_bytes") as info:
            attempt()
        assert isinstance(info.value, mapsnb.MapsnbError) and "2,000,000,000" in str(info.value)
    recording = Recording(path, "record")  # record mode: refused too, never set aside
    with pytest.raises(RecordingTooLarge):
        recording.add("resolve_names", {"queries": []}, PAYLOAD, source="live", clock=CLOCK)
    assert path.stat().st_size == 2_000_000_000
    assert not list(tmp_path.glob("*.unreadable-*"))


def test_the_bound_is_a_setting(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "lesson.json"
    _record(path, 3)
    monkeypatch.setattr(settings, "max_recording_bytes", path.stat().st_size - 1)
    with pytest.raises(RecordingTooLarge):
        load(path)
    monkeypatch.setattr(settings, "max_recording_bytes", path.stat().st_size)
    assert len(load(path)["calls"]) == 3


# ------------------------------------------------------------------ the ignore list, file modes
def test_the_lock_is_in_the_suggested_ignore_list(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    _record(path, 1)
    lines = ignore_lines(path)
    beside = {p.name for p in tmp_path.iterdir()} - {"lesson.json"}
    assert beside == {".lesson.json.lock"}
    assert ".lesson.json.lock" in lines and any("unreadable" in line for line in lines)
    assert ".lesson.json.lock" in describe(path)
    client_doc = mapsnb.Client.__init__.__doc__ or mapsnb.Client.__doc__ or ""
    assert ".lock" in client_doc


_MODES = textwrap.dedent(
    """
    import datetime as dt, json, os, sys
    from pathlib import Path
    os.umask(int(sys.argv[2], 8))
    from mapsnb._store.recording import Recording
    import mapsnb
    folder = Path(sys.argv[1])
    clock = dt.datetime(2026, 9, 18, tzinfo=dt.timezone.utc)
    rec = Recording(folder / "lesson.json", "record")
    rec.add("resolve_names", {"queries": [{"text": "a"}]}, {"ok": 1}, source="live", clock=clock)
    rec.add("resolve_names", {"queries": [{"text": "b"}]}, {"ok": 2}, source="live", clock=clock)
    with mapsnb.Client(cache=folder / "calls.sqlite3", now="2026-09-18T08:00:00-07:00") as c:
        c.resolve_names(["Eiffel Tower, Paris"])
    modes = {p.name: oct(p.stat().st_mode & 0o777) for p in folder.iterdir() if p.is_file()}
    print(json.dumps(modes))
    """
)


@pytest.mark.parametrize("umask, mode", [("022", 0o644), ("077", 0o600), ("002", 0o664)])
def test_files_get_the_mode_the_umask_gives(tmp_path: Path, umask: str, mode: int) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in (settings.record_env, settings.cache_env):
        env.pop(name, None)
    out = subprocess.run(
        [sys.executable, "-c", _MODES, str(tmp_path), umask],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=True,
    )
    modes = json.loads(out.stdout.strip().splitlines()[-1])
    for name in ("lesson.json", ".lesson.json.lock", "calls.sqlite3"):
        assert modes[name] == oct(mode), (name, modes)
    assert stat.S_IMODE((tmp_path / "lesson.json").stat().st_mode) == mode


def test_a_rewrite_keeps_the_mode_the_user_gave(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    _record(path, 2)
    os.chmod(path, 0o640)
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")  # old layout: rewritten
    _record(path, 1, first=2)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


# ------------------------------------------------------------------------------ descriptors
def _fds() -> int:
    gc.collect()  # clients of earlier tests left to the collector close now, not meanwhile
    return len(os.listdir("/proc/self/fd"))


#: Descriptors other threads of a test session may open meanwhile; a leak is 3 per client (60).
_SLACK = 4


def test_closed_clients_with_a_cache_leave_no_descriptor_open(tmp_path: Path) -> None:
    def one(i: int) -> None:
        with mapsnb.Client(cache=tmp_path / f"c{i}.sqlite3", now=NOW) as client:
            client.resolve_names(["Eiffel Tower, Paris"])

    one(-1)  # imports, the emulator's data, the TLS context: loaded once
    before = _fds()
    for i in range(20):
        one(i)
    assert _fds() <= before + _SLACK, (before, _fds())


def test_closed_async_clients_and_threads_leave_no_descriptor_open(tmp_path: Path) -> None:
    async def one(i: int) -> None:
        async with mapsnb.AsyncClient(cache=tmp_path / f"a{i}.sqlite3", now=NOW) as client:
            await client.resolve_names(["Eiffel Tower, Paris"])

    asyncio.run(one(-1))
    before = _fds()
    for i in range(20):
        asyncio.run(one(i))
    shared = tmp_path / "shared.sqlite3"
    clients = [mapsnb.Client(cache=shared, now=NOW) for _ in range(3)]
    for client in clients:
        client.resolve_names(["Louvre, Paris"])
    for client in clients[:-1]:
        client.close()
    cache = clients[-1].cache
    assert cache is not None and cache._connections  # still open for the client left
    clients[-1].resolve_names(["Louvre, Paris"])
    clients[-1].close()
    assert not cache._connections
    assert _fds() <= before + _SLACK, (before, _fds())
