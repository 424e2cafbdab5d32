"""README.md stays true: its two set-up commands are where CI looks and install offline into a
fresh virtual env, and its example runs."""

from __future__ import annotations

import ast
import contextlib
import importlib.util
import io
import re
from pathlib import Path

import pytest

from tests._venvs import clean_env, copy_repo, make_venv, run

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
OPEN_COMMAND = 'python -m pip install -e ".[notebooks]" && jupyter lab notebooks/'
TEST_COMMAND = (
    'python -m pip install -e ".[test]" -r binder/requirements.txt'
    " && python tools/binder_wheels.py"
    " && python -m pytest -n 2 --dist loadfile --no-loadscope-reorder"
)
COPIED = ("pyproject.toml", "README.md", "mapsnb", "mapsnb_sandbox", "binder", "notebooks", "tests")
#: Stands first on PATH after the venv's bin/ (which has no pip): a bare ``pip`` would run the
#: pip of whatever interpreter PATH finds, and install there.
FOREIGN_PIP = """#!/bin/sh
echo "bare pip ran: it belongs to another interpreter than the venv's python" >&2
exit 97
"""


#: README as one line: its sentences, whatever the wrapping.
FLAT = " ".join(README.split())


def _block(marker: str) -> str:
    body = README.split(f"<!-- {marker} -->", 1)[1].split(f"<!-- /{marker} -->", 1)[0]
    return "\n".join(line for line in body.strip().splitlines() if not line.startswith("```"))


def test_exactly_two_setup_commands_near_the_top() -> None:
    top = README[: README.index("## At a glance")]
    assert _block("open-command") == OPEN_COMMAND
    assert _block("test-command") == TEST_COMMAND
    assert len(re.findall(r"^```bash$", top, flags=re.M)) == 2
    assert re.search(r"Python 3\.\d+ or newer", top) and "venv" in top


def test_readme_python_version_matches_pyproject() -> None:
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    required = re.search(r'^requires-python = ">=(\d+\.\d+)"', pyproject, flags=re.M)
    assert required, "pyproject.toml has no requires-python"
    assert f"Python {required.group(1)} or newer" in README


@pytest.mark.slow
@pytest.mark.timeout(1200)  # a venv and two offline installs: minutes on a loaded 2-core machine
def test_readme_install_steps_work_in_a_fresh_venv(tmp_path: Path) -> None:
    """Both set-up commands' install steps, verbatim, in a fresh activated venv, offline.

    The venv (``tests/_venvs.py``) sees the packages this test runs with, so pip may not use any
    index and still finds every requirement satisfied: it installs mapsnb alone, from a copy of
    the repository, with the running interpreter's setuptools (build isolation would download
    one). Then the venv's python imports mapsnb from the copy, its ``mapsnb`` script exists and
    a README test runs there.
    """
    repo = copy_repo(tmp_path / "repo", COPIED)
    venv = tmp_path / "venv"
    foreign = tmp_path / "foreign-bin"
    foreign.mkdir()
    for name in ("pip", "pip3"):
        (foreign / name).write_text(FOREIGN_PIP)
        (foreign / name).chmod(0o755)
    env = clean_env(venv, PIP_NO_BUILD_ISOLATION="0")  # "0" turns build isolation *off*
    env["PATH"] = env["PATH"].replace(str(venv / "bin"), f"{venv / 'bin'}:{foreign}", 1)
    python = make_venv(venv, env, tmp_path)
    assert not (venv / "bin" / "pip").exists()

    for marker in ("open-command", "test-command"):
        install = _block(marker).split("&&", 1)[0].strip()
        assert install.startswith("python -m pip install"), install
        output = run(["bash", "-euo", "pipefail", "-c", install], env, repo, timeout=300)
        installed = re.findall(r"^Successfully installed (.+)$", output, flags=re.M)
        names = [n.rsplit("-", 1)[0] for n in installed[-1].split()] if installed else []
        assert names == ["mapsnb"], output[-3000:]  # everything else was there: nothing fetched

    where = run([python, "-c", "import mapsnb; print(mapsnb.__file__)"], env, tmp_path)
    assert Path(where.strip().splitlines()[-1]) == repo / "mapsnb" / "__init__.py"
    assert (venv / "bin" / "mapsnb").exists()
    assert "export-notebooks" in run([venv / "bin" / "mapsnb", "--help"], env, tmp_path)
    tests = run(
        [
            python,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "tests/notebooks/test_readme.py::test_example_runs",
        ],
        env,
        repo,
    )
    assert re.search(r"^1 passed", tests, flags=re.M), tests


def test_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    import matplotlib

    matplotlib.use("Agg")
    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    code = README.split("## At a glance", 1)[1].split("```python", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert namespace["client"].source == "sandbox"
    assert len(namespace["places"].to_frame()) == 5
    assert len(namespace["env"].air_quality) == 48


def test_batch_example_prints_which_index_each_aqi_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """UAQI 79 (higher is better) and ATMO 2 (lower is better) are never shown unlabelled."""
    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    code = _block("batch-example").split("```python", 1)[-1]
    printed = [
        node.args[0]
        for node in ast.walk(ast.parse(code))
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "print" and node.args
    ]
    selections = [
        ast.literal_eval(arg.slice)
        for arg in printed
        if isinstance(arg, ast.Subscript) and getattr(arg.value, "id", None) == "aq"
    ]
    assert selections, "the example prints no selection of aq"
    for columns in selections:
        assert "aqi" not in columns or "index_code" in columns, columns
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), namespace)
    shown = out.getvalue()
    assert "index_code" in shown and "uaqi" in shown and "fra_atmo" in shown, shown
    aq = namespace["aq"]
    ok = aq[aq["status"] == "ok"]
    pairs = list(zip(ok.index.get_level_values(0), ok["index_code"], strict=True))
    assert len(pairs) > len(set(ok.index.get_level_values(0)))  # a city with two indexes
    assert len(set(pairs)) == len(pairs)  # each (city, index) once: the table is unambiguous


def test_readme_says_the_town_index_ships_prebuilt(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mapsnb_sandbox.contract.common import place_id_for
    from mapsnb_sandbox.world import geodata

    shipped = geodata.PREBUILT.relative_to(ROOT).as_posix()
    assert f"ships prebuilt in the package (`{shipped}`)" in FLAT
    assert "first call builds" not in FLAT and "first call reads it and writes nothing" in FLAT
    assert "`$XDG_CACHE_HOME/mapsnb` (default `~/.cache/mapsnb`)" in FLAT  # the fallback
    # what README says happens: the first load of a process reads the package, writes nothing
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.delenv(geodata.NO_PREBUILT_ENV, raising=False)
    index = geodata.load_city_index(lambda geonameid: place_id_for("city", geonameid))
    assert len(index.cities) > 100_000
    assert not (tmp_path / "mapsnb").exists()


def test_readme_says_what_the_test_command_leaves_behind(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spec = importlib.util.spec_from_file_location("binder_wheels", ROOT / "tools/binder_wheels.py")
    assert spec and spec.loader
    binder_wheels = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(binder_wheels)
    monkeypatch.delenv("MAPSNB_BINDER_WHEELS", raising=False)
    folder = binder_wheels.wheel_dir("3.12").parent
    shown = "~/" + folder.relative_to(Path.home()).as_posix()
    after = README.split("<!-- /test-command -->", 1)[1].split("## ", 1)[0]
    text = " ".join(after.split())
    assert f"`{shown}/`" in text and "`$MAPSNB_BINDER_WHEELS`" in text, text
    assert f"`rm -rf {shown}`" in text, text
    size = re.search(r"about (\d+) MB", text)
    assert size, text
    if folder.is_dir():  # where the wheels were fetched: README's size is the real one
        real = sum(p.stat().st_size for p in folder.rglob("*") if p.is_file()) / 1e6
        assert real / 2 <= int(size.group(1)) <= real * 2, real
