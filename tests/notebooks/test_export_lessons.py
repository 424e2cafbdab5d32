"""Issue 41: exports for a course site. Solutions left out unless asked, an expected error shown
as its message, a failing notebook stops only itself (the index marks it, the exit status
counts it), options in any order; the exported lesson 07 has no traceback and no solution."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from mapsnb._export import export_notebooks
from mapsnb.cli import main

ROOT = Path(__file__).resolve().parents[2]


def _notebook(path: Path, *cells: tuple[str, str, list[str]]) -> Path:
    nb = nbformat.v4.new_notebook()
    for kind, source, tags in cells:
        new = nbformat.v4.new_markdown_cell if kind == "md" else nbformat.v4.new_code_cell
        cell = new(source)
        if tags:
            cell.metadata["tags"] = tags
        nb.cells.append(cell)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3",
                                 "language": "python"}  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def _lesson(folder: Path) -> Path:
    return _notebook(
        folder / "lesson.ipynb",
        ("md", "# A small lesson", []),
        ("code", "print('SHOWN-' + 'TO-ALL')", []),
        ("code", "print('THE-' + 'ANSWER-IS-42')", ["solution"]),
        ("code", "print('TEACHER-' + 'NOTE')", ["remove-cell"]),
        ("code", "raise LookupError('NOT_FOUND: ' + 'Atlantisville is no town')",
         ["raises-exception"]),
        ("code", "import sys; print('NOISE-' + 'ON-STDERR', file=sys.stderr)", []),
    )  # fmt: skip


def test_solutions_left_out_unless_asked_and_errors_shown_as_messages(tmp_path: Path) -> None:
    source = _lesson(tmp_path / "nb")
    (page,) = export_notebooks(tmp_path / "site", [source])
    html = page.path.read_text(encoding="utf-8")
    assert page.error is None and "SHOWN-TO-ALL" in html
    assert "THE-ANSWER-IS-42" not in html and "TEACHER-NOTE" not in html
    assert "NOISE-ON-STDERR" not in html
    assert "mapsnb-expected-error" in html and "Atlantisville is no town" in html
    assert "Traceback" not in html and "ansi-red-fg" not in html.split("</style>")[-1]
    (kept,) = export_notebooks(tmp_path / "all", [source], solutions=True)
    shown = kept.path.read_text(encoding="utf-8")
    assert "THE-ANSWER-IS-42" in shown and "TEACHER-NOTE" in shown


def test_a_failing_notebook_stops_only_itself(tmp_path: Path, capsys) -> None:
    folder = tmp_path / "course"
    _notebook(folder / "01-broken.ipynb", ("md", "# Broken <lesson>", []), ("code", "1 / 0", []))
    _lesson(folder)
    (folder / "03-not-a-notebook.ipynb").write_text("{not json", encoding="utf-8")
    status = main(["export-notebooks", str(tmp_path / "site"), str(folder),
                   "--title", "Week 3", "--timeout", "60"])  # fmt: skip
    assert status == 2  # the number that failed
    out, err = capsys.readouterr()
    assert "01-broken.ipynb failed" in err and "ZeroDivisionError: division by zero" in err
    assert "\x1b[" not in err.split("01-broken.ipynb failed", 1)[1]
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Week 3</h1>" in index
    assert index.count('class="failed"') == 2
    assert "Broken &lt;lesson&gt; <strong>(failed: not exported)</strong>" in index
    assert '<a href="lesson.html">A small lesson</a>' in index
    assert (tmp_path / "site" / "lesson.html").exists()
    assert not (tmp_path / "site" / "01-broken.html").exists()
    assert "index of 3 notebook(s), 2 failed" in out


@pytest.mark.slow
def test_the_exported_lesson_07_has_no_traceback_and_no_solution(tmp_path: Path) -> None:
    lesson = ROOT / "notebooks" / "07-lesson-porto.ipynb"
    (page,) = export_notebooks(tmp_path / "site", [lesson], timeout=120)
    html = page.path.read_text(encoding="utf-8")
    assert page.error is None
    body = html.split("</style>")[-1]
    assert "Traceback" not in body and "ansi-red-fg" not in body
    assert "# Exercise" not in body and "Exercise 1" not in body
    assert "NOT_FOUND" in body and "mapsnb-expected-error" in body
    assert "TOOLS.md" not in body
