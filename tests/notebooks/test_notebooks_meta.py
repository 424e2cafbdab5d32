"""The teaching notebooks are clean, self-describing and safe to publish."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK_DIR = ROOT / "notebooks"
NAMES = [
    "01-quickstart.ipynb",
    "02-routes-and-detours.ipynb",
    "03-air-quality-and-pollen.ipynb",
    "04-resolve-names-and-urls.ipynb",
    "05-explorer.ipynb",
    "06-batch-analysis.ipynb",
    "07-lesson-porto.ipynb",  # issue 22: a whole lesson for a city outside the showcase
]
SETUP_LINE = 'client = mapsnb.Client(now="2026-09-18T08:00:00-07:00")'
MAX_OUTPUT_BYTES = 100_000
MAX_FILE_BYTES = 400_000
WIDGET_MIMES = (
    "application/vnd.jupyter.widget-view+json",
    "application/vnd.jupyter.widget-state+json",
)
KEY_PATTERNS = [
    re.compile(r"AIza[0-9A-Za-z_\-]{35}"),  # the shape of a Google API key
    re.compile(r"api_key\s*=\s*['\"][^'\"]+['\"]"),  # a literal key passed to the client
    re.compile(r"GOOGLE_MAPS_API_KEY\s*=\s*['\"]?\w"),  # a key assigned to the variable
    re.compile(r"X-Goog-Api-Key\s*:\s*\S", re.IGNORECASE),
]


def _strip_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "strip_notebooks", ROOT / "tools" / "strip_notebooks.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(name: str) -> nbformat.NotebookNode:
    return nbformat.read(NOTEBOOK_DIR / name, as_version=4)


def _code(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [c for c in nb.cells if c.cell_type == "code"]


def test_the_notebooks_exist() -> None:
    assert sorted(p.name for p in NOTEBOOK_DIR.glob("*.ipynb")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_valid_with_python3_kernel(name: str) -> None:
    nb = _read(name)
    nbformat.validate(nb)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert nb.metadata["language_info"]["name"] == "python"


@pytest.mark.parametrize("name", NAMES)
def test_title_and_learning_goals_at_the_top(name: str) -> None:
    first = _read(name).cells[0]
    assert first.cell_type == "markdown"
    assert first.source.startswith("# ")
    assert "**Learning goals**" in first.source
    goals = [line for line in first.source.splitlines() if line.startswith("- ")]
    assert len(goals) >= 3, goals


@pytest.mark.parametrize("name", NAMES)
def test_setup_cell_first_and_key_entry_is_never_executed(name: str) -> None:
    nb = _read(name)
    code = _code(nb)
    assert code[0].source.startswith("import mapsnb\n")
    assert SETUP_LINE in code[0].source and "print(client.source)" in code[0].source
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "getpass" in markdown  # how to type a key in a password box
    for cell in code:  # nothing waits for keyboard input under nbval
        assert "getpass(" not in cell.source and "input(" not in cell.source, cell.source


@pytest.mark.parametrize("name", NAMES)
def test_exercises_with_hidden_solutions(name: str) -> None:
    nb = _read(name)
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "## Exercises" in markdown and "## Solutions" in markdown
    solutions = [c for c in _code(nb) if "solution" in c.metadata.get("tags", [])]
    assert 1 <= len(solutions) <= 3
    assert all(c.metadata["jupyter"]["source_hidden"] for c in solutions)
    assert all(c.source.startswith("# Exercise") for c in solutions)


@pytest.mark.parametrize("name", NAMES)
def test_outputs_small_and_no_widget_state(name: str) -> None:
    path = NOTEBOOK_DIR / name
    assert path.stat().st_size < MAX_FILE_BYTES
    nb = _read(name)
    assert "widgets" not in nb.metadata
    code = _code(nb)
    # one clean top-to-bottom run: 1, 2, 3, … (nbval needs a count on saved outputs)
    assert [c.execution_count for c in code] == list(range(1, len(code) + 1))
    for cell in code:
        assert "execution" not in cell.metadata
        for output in cell.outputs:
            assert len(json.dumps(output)) < MAX_OUTPUT_BYTES
            assert not any(m in output.get("data", {}) for m in WIDGET_MIMES)
            assert output.get("name") != "stderr"
            expected = "raises-exception" in cell.metadata.get("tags", [])  # a lesson's NOT_FOUND
            assert output.output_type != "error" or expected, output.get("evalue")


@pytest.mark.parametrize("name", NAMES)
def test_no_api_key_anywhere(name: str) -> None:
    text = (NOTEBOOK_DIR / name).read_text(encoding="utf-8")
    for pattern in KEY_PATTERNS:
        assert not pattern.search(text), pattern.pattern


@pytest.mark.parametrize("name", NAMES)
def test_nbval_markers(name: str) -> None:
    code = _code(_read(name))
    for cell in code:
        shows_widget = "mapsnb.show(" in cell.source or "explore(" in cell.source
        if shows_widget and "solution" not in cell.metadata.get("tags", []):
            assert cell.source.startswith("# NBVAL_IGNORE_OUTPUT"), cell.source
        if "# NBVAL_CHECK_OUTPUT" in cell.source:
            assert cell.outputs, f"checked cell has no saved output:\n{cell.source}"
    assert any("# NBVAL_CHECK_OUTPUT" in c.source for c in code) or name == "05-explorer.ipynb"


@pytest.mark.parametrize("name", NAMES)
def test_notebooks_are_already_stripped(name: str) -> None:
    assert _strip_tool().problems(_read(name)) == []


def test_strip_tool_cleans_a_dirty_notebook(tmp_path: Path) -> None:
    tool = _strip_tool()
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    cell = nbformat.v4.new_code_cell("x = 1", execution_count=7)
    cell.metadata["execution"] = {"iopub.execute_input": "2026-09-18T15:00:00Z"}
    cell.outputs = [
        nbformat.v4.new_output("stream", name="stdout", text="kept\n"),
        nbformat.v4.new_output("stream", name="stderr", text="noise\n"),
        nbformat.v4.new_output(
            "display_data",
            data={WIDGET_MIMES[0]: {"model_id": "abc"}, "text/plain": "Map(...)"},
        ),
        nbformat.v4.new_output(
            "display_data", data={"image/png": "A" * 200_000, "text/plain": "<Figure>"}
        ),
        nbformat.v4.new_output("execute_result", data={"text/plain": "1"}, execution_count=7),
    ]
    nb.cells = [cell]
    path = tmp_path / "dirty.ipynb"
    nbformat.write(nb, path)
    assert len(tool.problems(nbformat.read(path, as_version=4))) >= 4
    assert tool.main(["--check", str(path)]) == 1

    assert tool.main([str(path)]) == 0
    cleaned = nbformat.read(path, as_version=4)
    assert tool.problems(cleaned) == []
    assert "widgets" not in cleaned.metadata
    assert cleaned.metadata["kernelspec"]["name"] == "python3"
    out = cleaned.cells[0].outputs
    assert [o.output_type for o in out] == ["stream", "execute_result"]
    assert out[0].text == "kept\n" and out[1].execution_count == 1
    assert cleaned.cells[0].execution_count == 1 and not cleaned.cells[0].metadata
    assert tool.main(["--check", str(path)]) == 0

    assert tool.main(["--clear", str(path)]) == 0
    cleared = nbformat.read(path, as_version=4)
    assert cleared.cells[0].outputs == [] and cleared.cells[0].execution_count is None
    assert tool.problems(cleared) == []
