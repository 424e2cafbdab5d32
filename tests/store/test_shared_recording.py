"""One recording, several processes (issue 32, item 1): real Python processes write one file.

Each writer is a child process running a small script (named like a notebook's script, so the
recording says who wrote what) on the in-process emulator. The parent drives them over stdin, so
the interleavings are exact: in *record* mode one notebook after the other (the teacher workflow),
in *auto* mode two kernels open at once that each call what the other has not seen, and several
writers at once (with the OS lock, and with the portable lock folder). No call may be lost, every
call replays, and ``recording show`` names the writers. Also: ``recording show f | head``.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.recording_file import load
from mapsnb.cli import main

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-09-18T08:00:00-07:00"
WRITER = textwrap.dedent(
    """
    import sys, warnings
    import mapsnb
    path, mode, lock = sys.argv[1], sys.argv[2], sys.argv[3]
    if lock == "folder":  # a file system without locks: the portable fallback
        import mapsnb._store.shared_file as shared
        shared.fcntl = shared.msvcrt = None
    warnings.simplefilter("error")  # a warning (a lost write) fails the writer
    with mapsnb.Client(now=sys.argv[4], record=path, mode=mode, sandbox=True) as client:
        print("ready", flush=True)
        for line in sys.stdin:
            if not line.strip():
                break
            for text in line.strip().split("|"):
                try:
                    client.resolve_names([text])
                except mapsnb.ToolError:
                    pass  # a recorded failure replays too
            print("ok", flush=True)
    """
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (settings.api_key_env, settings.record_env, settings.record_mode_env):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(settings.cache_env, raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


class Writer:
    """A child Python process recording into ``path``, one stdin line of queries at a time."""

    def __init__(
        self, folder: Path, name: str, path: Path, mode: str, lock: str = "os", **env: str
    ) -> None:
        script = folder / name
        script.write_text(WRITER)
        environ = {**os.environ, "PYTHONPATH": str(ROOT), **env}
        for drop in (settings.api_key_env, settings.record_env, settings.record_mode_env):
            environ.pop(drop, None)
        self.proc = subprocess.Popen(
            [sys.executable, str(script), str(path), mode, lock, NOW],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=environ,
            cwd=folder,
        )
        self.expect("ready")

    @property
    def pid(self) -> int:
        return self.proc.pid

    def expect(self, word: str) -> None:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().strip()
        if line != word:
            self.proc.kill()
            raise AssertionError(f"expected {word!r}, got {line!r}: {self.proc.stderr.read()}")  # type: ignore[union-attr]

    def send(self, *queries: str) -> None:
        """Ask for ``queries`` now (without waiting for the answers)."""
        assert self.proc.stdin is not None
        self.proc.stdin.write("|".join(queries) + "\n")
        self.proc.stdin.flush()

    def call(self, *queries: str) -> None:
        self.send(*queries)
        self.expect("ok")

    def close(self) -> None:
        _, err = self.proc.communicate("\n", timeout=120)
        assert self.proc.returncode == 0, err


def _calls(path: Path) -> list[dict[str, Any]]:
    """The calls as a replay reads them (a call appended again replaces its earlier entry)."""
    json.loads(path.read_text(encoding="utf-8"))  # the file is one JSON object whatever happened
    return list(load(path, warn=False)["calls"])


def _texts(path: Path) -> list[str]:
    return [c["arguments"]["queries"][0]["text"] for c in _calls(path)]


def _replays_all(path: Path, texts: list[str]) -> None:
    """Every call replays from the file alone (no network, no ReplayMiss)."""
    with mapsnb.Client(record=path, mode="replay") as student:
        for text in texts:
            try:
                assert student.resolve_names([text]).source == "replay"
            except mapsnb.ReplayMiss:
                raise
            except mapsnb.ToolError:
                pass  # recorded as failed: raised again, as recorded


def test_record_mode_notebook_after_notebook_keeps_every_call(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """README's teacher workflow: one lesson.json, MAPSNB_RECORD_MODE=record, a kernel each."""
    path = tmp_path / "lesson.json"
    one = Writer(tmp_path, "lesson1.py", path, "record")
    one.call("Eiffel Tower, Paris", "Louvre, Paris", "Notre-Dame, Paris")
    one.close()
    two = Writer(tmp_path, "kernel.py", path, "record", JPY_SESSION_NAME="/srv/lesson2.ipynb")
    two.call("Starbucks", "Golden Gate Bridge")
    two.call("Eiffel Tower, Paris")  # recorded again: replaces its older entry
    two.close()
    texts = _texts(path)
    assert sorted(texts) == sorted(
        [
            "Eiffel Tower, Paris",
            "Louvre, Paris",
            "Notre-Dame, Paris",
            "Starbucks",
            "Golden Gate Bridge",
        ]
    )
    writers = {c["arguments"]["queries"][0]["text"]: c["writer"] for c in _calls(path)}
    assert writers["Louvre, Paris"] == f"lesson1.py (pid {one.pid})"
    assert writers["Starbucks"] == f"lesson2.ipynb (pid {two.pid})"
    assert writers["Eiffel Tower, Paris"] == f"lesson2.ipynb (pid {two.pid})"
    _replays_all(path, texts)
    assert main(["recording", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"lesson1.py (pid {one.pid}): 2 call(s)" in out
    assert f"lesson2.ipynb (pid {two.pid}): 3 call(s)" in out
    assert "Louvre, Paris" in out and f"by lesson1.py (pid {one.pid})" in out


def test_auto_mode_two_kernels_open_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    a = Writer(tmp_path, "a.py", path, "auto")
    b = Writer(tmp_path, "b.py", path, "auto")  # both opened the (missing) file before any call
    a.call("Eiffel Tower, Paris")
    b.call("Louvre, Paris")  # b never read a's call: it must not write it away
    a.call("Notre-Dame, Paris")
    b.call("Eiffel Tower, Paris")  # recorded by a meanwhile: b replays it, adds nothing
    a.close()
    b.close()
    texts = _texts(path)
    assert sorted(texts) == ["Eiffel Tower, Paris", "Louvre, Paris", "Notre-Dame, Paris"]
    assert {c["writer"] for c in _calls(path)} == {f"a.py (pid {a.pid})", f"b.py (pid {b.pid})"}
    _replays_all(path, texts)


@pytest.mark.parametrize("mode", ["record", "auto"])
@pytest.mark.parametrize("lock", ["os", "folder"])
def test_concurrent_writers_keep_every_call(tmp_path: Path, mode: str, lock: str) -> None:
    path = tmp_path / "lesson.json"
    names = ["Eiffel Tower", "Louvre", "Notre-Dame", "Starbucks", "Pantheon", "Orsay"]
    writers = [Writer(tmp_path, f"w{i}.py", path, mode, lock) for i in range(3)]
    for i, writer in enumerate(writers):  # all at once: each sends its calls, then all wait
        writer.send(*(f"{name} {i}, Paris" for name in names))
    for writer in writers:
        writer.expect("ok")
        writer.close()
    calls = _calls(path)
    assert len(calls) == 3 * len(names)
    for i, writer in enumerate(writers):
        mine = [c for c in calls if c["writer"] == f"w{i}.py (pid {writer.pid})"]
        assert sorted(c["arguments"]["queries"][0]["text"] for c in mine) == sorted(
            f"{name} {i}, Paris" for name in names
        )
    _replays_all(path, _texts(path))
    assert not list(tmp_path.glob(".lesson.json.lock.d"))  # the fallback lock is let go


def test_show_piped_into_head_ends_quietly(tmp_path: Path) -> None:
    """``mapsnb recording show f | head``: the reader goes away early, no BrokenPipe traceback."""
    entry = {
        "tool": "resolve_names",
        "arguments": {"queries": [{"text": "place"}]},
        "recorded_at": dt.datetime.now(dt.UTC).isoformat(),  # recent: check says ok
        "source": "live",
        "payload": {"results": []},
    }
    calls = [{**entry, "arguments": {"queries": [{"text": f"place {i}"}]}} for i in range(4000)]
    path = tmp_path / "lesson.json"
    path.write_text(json.dumps({"mapsnb_recording": 1, "calls": calls}))
    code = "import sys; from mapsnb.cli import main; sys.exit(main(sys.argv[1:]))"
    for action in ("show", "check"):
        proc = subprocess.Popen(
            [sys.executable, "-c", code, "recording", action, str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()  # like `head -0`: nothing is read
        err = proc.stderr.read().decode()
        assert proc.wait(timeout=120) == 0, err
        assert "Traceback" not in err and "BrokenPipe" not in err, err
