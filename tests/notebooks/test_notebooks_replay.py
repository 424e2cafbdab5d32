"""Every teaching notebook records and replays from the environment alone (``MAPSNB_RECORD``).

Run 1 (``MAPSNB_RECORD_MODE=record``, no key): each ``mapsnb.Client(...)`` of the notebook calls
the emulator and records. Run 2 (``MAPSNB_RECORD`` only, no key — a student on Binder): every
call is replayed and the emulator's transport sees no request at all, except notebook 01's own
demonstration, which records on the emulator on purpose (``sandbox=True``, its own file).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from mapsnb import settings
from tests.notebooks._runs import NOTEBOOKS, run_notebook

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow
#: Requests a notebook makes on purpose with a client of its own (not from the environment).
OWN_REQUESTS = {"01-quickstart": ["POST tools/call search_places ok"]}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_record_then_replay_from_the_environment(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log, recording = tmp_path / "calls.log", tmp_path / "lesson.json"
    for name in (settings.api_key_env, settings.cache_env):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    monkeypatch.setenv(settings.record_env, str(recording))
    monkeypatch.setenv(settings.record_mode_env, "record")
    run_notebook(path)
    calls = json.loads(recording.read_text())["calls"]
    assert calls and {c["source"] for c in calls} == {"sandbox"}

    monkeypatch.delenv(settings.record_mode_env)
    monkeypatch.setenv(settings.sandbox_call_log_env, str(log))
    run_notebook(path)  # raises if any cell fails (a ReplayMiss included)
    sent = log.read_text().splitlines() if log.exists() else []
    assert sent == OWN_REQUESTS.get(path.stem, [])
