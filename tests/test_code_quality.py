"""Static checks as tests: ``ruff check``, ``ruff format --check`` and ``mypy mapsnb mapsnb_sandbox`` pass.

Each tool runs from the repository root with the configuration in ``pyproject.toml``.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str, timeout: float = 240) -> subprocess.CompletedProcess[str]:
    """Run ``python -m <args>`` in the repository root, capturing text output."""
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def _report(proc: subprocess.CompletedProcess[str]) -> str:
    cmd = " ".join(["python", *map(str, proc.args[1:])])
    return f"`{cmd}` exited {proc.returncode}\n{proc.stdout}\n{proc.stderr}"


def test_ruff_check_is_clean() -> None:
    proc = _run("ruff", "check", ".")
    assert proc.returncode == 0, _report(proc)


def test_ruff_format_is_clean() -> None:
    proc = _run("ruff", "format", "--check", ".")
    assert proc.returncode == 0, _report(proc)


@pytest.mark.slow
def test_mypy_is_clean() -> None:
    proc = _run("mypy", "mapsnb", "mapsnb_sandbox", timeout=280)
    assert proc.returncode == 0, _report(proc)
    assert "Success: no issues found" in proc.stdout, _report(proc)


def test_every_emulator_function_is_of_complexity_14_at_most() -> None:
    """ruff's C90 (mccabe) over the emulator, whatever the per-file ignores of the toolkit."""
    proc = _run(
        "ruff", "check", "--select", "C90", "--config", "lint.mccabe.max-complexity=14",
        "mapsnb_sandbox",
    )  # fmt: skip
    assert proc.returncode == 0, _report(proc)
