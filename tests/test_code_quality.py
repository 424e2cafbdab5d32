"""Static checks as tests: ``ruff check``, ``ruff format --check`` and ``mypy mapsnb mapsnb_sandbox`` pass.

Each tool runs from the repository root with the configuration in ``pyproject.toml``.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
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


@pytest.mark.parametrize("package", ["mapsnb", "mapsnb_sandbox"])
def test_every_function_is_of_complexity_14_at_most(package: str) -> None:
    """ruff's C90 (mccabe) over the toolkit and the emulator, whatever the per-file ignores."""
    proc = _run(
        "ruff", "check", "--select", "C90", "--config", "lint.mccabe.max-complexity=14",
        "--config", "lint.per-file-ignores={}", package,
    )  # fmt: skip
    assert proc.returncode == 0, _report(proc)


def test_the_ruff_config_holds_every_package_to_complexity_14() -> None:
    """``ruff check .`` itself runs C90 at 14, with no per-file ignore in either package."""
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    lint = lint["lint"]
    assert "C90" in lint["select"] and lint["mccabe"]["max-complexity"] == 14
    ignored = {
        pattern: codes
        for pattern, codes in lint.get("per-file-ignores", {}).items()
        if pattern.startswith(("mapsnb", "*", "**"))
    }
    assert ignored == {}, f"per-file ignores over the packages: {ignored}"
