"""Static checks as tests: ``ruff check``, ``ruff format --check`` and ``mypy mapsnb mapsnb_sandbox`` pass.

Each tool runs from the repository root with the configuration in ``pyproject.toml``.
"""

from __future__ import annotations

import ast
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
    """``mypy --strict`` on the client, mypy on the emulator."""
    for args in (("--strict", "mapsnb"), ("mapsnb_sandbox",)):
        proc = _run("mypy", *args, timeout=280)
        assert proc.returncode == 0, _report(proc)
        assert "Success: no issues found" in proc.stdout, _report(proc)


def test_the_client_s_docstrings_follow_numpydoc() -> None:
    """ruff's D rules (numpydoc convention) over ``mapsnb/``: one-line imperative summaries."""
    proc = _run("ruff", "check", "--select", "D", "--config", "lint.per-file-ignores={}", "mapsnb")
    assert proc.returncode == 0, _report(proc)


def test_the_linters_run_without_per_file_ignores_beyond_tests() -> None:
    """C90 and N over everything; per-file ignores only for tests and one-off build scripts."""
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert {"C90", "N"} <= set(lint["lint"]["select"])
    assert lint["lint"]["pydocstyle"]["convention"] == "numpy"
    ignored = lint["lint"].get("per-file-ignores", {})
    assert set(ignored) <= {"tests/**", "tools/**"}, ignored


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


def _modules(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_the_library_tells_through_logging_not_stderr() -> None:
    """Only the CLI writes to ``sys.stderr``; the library warns through its modules' loggers."""
    writers = [
        str(path.relative_to(ROOT))
        for path in _modules("mapsnb")
        if path.name != "cli.py"
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute)
        and node.attr == "stderr"
        and isinstance(node.value, ast.Name)
        and node.value.id == "sys"
    ]
    assert writers == []


def test_no_branch_for_python_older_than_3_11() -> None:
    """``requires-python = ">=3.11"``: no ``sys.version_info`` test, no 3.10 fallback."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert config["project"]["requires-python"] == ">=3.11"
    for path in _modules("mapsnb"):
        text = path.read_text(encoding="utf-8")
        assert "version_info" not in text and "Python 3.10" not in text, path


_PYDANTIC_STATE = frozenset(
    {"__pydantic_private__", "__pydantic_fields_set__", "__pydantic_extra__", "__dict__"}
)


def _internals_touched(source: str) -> list[str]:
    """What ``source`` does that issue 44 rules out: switching the garbage collector
    (``gc.disable()``, ``gc.enable()``, ``gc.freeze()``), naming pydantic's private state
    (``__pydantic_private__``, ``__pydantic_fields_set__``, ``__pydantic_extra__``), writing an
    object's state with ``object.__setattr__(obj, "__dict__" or "__pydantic_…", …)``."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id == "gc"
            and node.attr in {"disable", "enable", "freeze"}
        ):
            found.append(f"gc.{node.attr}")
        if isinstance(node, ast.Attribute) and node.attr.startswith("__pydantic_"):
            found.append(node.attr)
        if isinstance(node, ast.Constant) and node.value in _PYDANTIC_STATE - {"__dict__"}:
            found.append(node.value)
        if (
            isinstance(node, ast.Call)
            and ast.unparse(node.func) == "object.__setattr__"
            and len(node.args) > 1
            and isinstance(node.args[1], ast.Constant)
            and node.args[1].value in _PYDANTIC_STATE
        ):
            found.append(f"object.__setattr__(…, {node.args[1].value!r})")
    return found


def test_the_check_for_internals_finds_each_kind() -> None:
    bad = (
        "import gc\ngc.disable()\n"
        "object.__setattr__(obj, '__dict__', {})\n"
        "object.__setattr__(obj, '__pydantic_private__', {})\n"
        "x = obj.__pydantic_fields_set__\n"
    )
    assert sorted(_internals_touched(bad)) == [
        "__pydantic_fields_set__",
        "__pydantic_private__",
        "gc.disable",
        "object.__setattr__(…, '__dict__')",
        "object.__setattr__(…, '__pydantic_private__')",
    ]
    assert _internals_touched("object.__setattr__(self, '_axes', ())\ngc.collect()\n") == []


def test_no_gc_switching_nor_writes_into_pydantic_internals() -> None:
    """Issue 44: results are plain pydantic models (public API only: ``model_construct``,
    attribute assignment and deletion, the copy protocol) and frames leave the garbage collector
    alone."""
    touched = {
        str(path.relative_to(ROOT)): found
        for path in _modules("mapsnb")
        if (found := _internals_touched(path.read_text(encoding="utf-8")))
    }
    assert touched == {}
