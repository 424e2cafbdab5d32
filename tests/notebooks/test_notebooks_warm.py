"""Warm re-run: every teaching notebook, run twice with a cache, makes no network call the second time.

The notebooks are not edited: ``MAPSNB_CACHE`` turns the cache on for their ``mapsnb.Client()``,
and ``MAPSNB_SANDBOX_CALL_LOG`` makes the emulator's transport log every HTTP request it answers
(the notebooks run on the emulator, so that is every request they send) and its outcome.

Errors are never cached, so a notebook that *shows* a server error (notebook 03 asks for pollen
out of range on purpose) sends exactly those requests again, and nothing else.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from mapsnb import settings
from tests.notebooks._runs import NOTEBOOKS, run_notebook

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_second_run_makes_no_network_call(
    path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    log = tmp_path / "calls.log"
    for name in (settings.api_key_env, settings.record_env):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv(settings.cache_env, str(tmp_path / "cache.sqlite3"))
    monkeypatch.setenv(settings.sandbox_call_log_env, str(log))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))

    run_notebook(path)
    first = log.read_text().splitlines() if log.exists() else []
    assert first, "the first run reached the emulator (the counter works)"
    log.unlink()
    run_notebook(path)
    second = log.read_text().splitlines() if log.exists() else []
    errors = [line for line in first if line.endswith(" error")]
    assert second == errors, f"{path.name}: the warm run sent more than the errors again"
    assert not any(line.endswith(" ok") for line in second)
