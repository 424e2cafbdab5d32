"""Issue 41: lessons written by ``new_lesson`` run top to bottom on the emulator for a sample of
towns and languages (3 towns on 3 continents × 2 languages, one of them Japanese): no traceback
but the one the lesson means to show, each step answered or saying in a sentence why not.
``tools/lessons_matrix.py`` runs the full 12 towns × 4 languages and prints each lesson's seconds
(speed is a figure of that script, not an assertion here: a wall-clock bound fails on a busy
machine, not on slow code)."""

from __future__ import annotations

import itertools
import os
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from mapsnb.lessons import new_lesson

TOWNS = ["Accra, Ghana", "Tokyo, Japan", "Lima, Peru"]
LANGUAGES = ["fr", "ja"]
#: Steps every sample town answers (pollen, the detour and the solutions may have no answer).
ALWAYS = ("places", "route", "air", "weather", "compare", "form")


def run_lesson(path: Path) -> nbformat.NotebookNode:
    """Execute the lesson at ``path`` on the emulator (no key) and return the notebook."""
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_MAPS_API_KEY", "MAPSNB_RECORD")}
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})  # fmt: skip
    client.execute(env=env)
    return nb


def _stream(cell: nbformat.NotebookNode) -> str:
    return "".join(o.get("text", "") for o in cell.outputs if o.output_type == "stream")


@pytest.mark.slow
@pytest.mark.parametrize(("city", "language"), list(itertools.product(TOWNS, LANGUAGES)))
def test_a_lesson_runs_top_to_bottom(tmp_path: Path, city: str, language: str) -> None:
    nb = run_lesson(new_lesson(tmp_path / "lesson.ipynb", city, language=language))
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        errors = [o for o in cell.outputs if o.output_type == "error"]
        if "raises-exception" in cell.metadata.get("tags", []):  # the NOT_FOUND it shows
            assert [e.ename for e in errors] == ["ToolError"] and "NOT_FOUND" in errors[0].evalue
            continue
        assert not errors, (cell.source, errors)
        assert "Traceback" not in _stream(cell), cell.source
        assert not [o for o in cell.outputs if o.get("name") == "stderr"], cell.source
    summary = _stream(nb.cells[-1])
    for step in ALWAYS:
        assert f"✓ {step}\n" in summary, (step, summary)
    steps = [line.strip() for line in summary.splitlines()[1:]]
    unanswered = [s.split()[1] for s in steps if s.startswith("–")]
    for step in unanswered:  # each says why in one sentence, in the lesson's language
        said = [
            _stream(c) for c in nb.cells if c.cell_type == "code" and f'step("{step}")' in c.source
        ]
        assert any(text.startswith("— ") for text in said), (step, said)
    if language == "ja":
        assert "答えがあった手順" in summary
