"""``mapsnb export-notebooks`` without a browser: pages, index, widget state, key handling.

The real-browser check of the pages (maps drawn offline) is ``tests/browser/test_export.py``.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

from mapsnb._export import HTML_MANAGER_RANGES, export_notebooks, find_notebooks
from mapsnb.cli import main

PROBE = """import os
import ipywidgets
print("KEY=" + repr(os.environ.get("GOOGLE_MAPS_API_KEY")))
print("CWD=" + os.getcwd())
ipywidgets.IntSlider(value=7, description="seven")"""


def _notebook(path: Path, heading: str = "# A lesson on sliders") -> Path:
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(heading), nbformat.v4.new_code_cell(PROBE)]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, path)
    return path


def test_find_notebooks_names_the_missing_path(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"nope: no such notebook or folder"):
        find_notebooks([tmp_path / "nope"])
    with pytest.raises(FileNotFoundError, match=r"no \.ipynb files"):
        find_notebooks([tmp_path])
    a, b = _notebook(tmp_path / "b.ipynb"), _notebook(tmp_path / "a.ipynb")
    assert find_notebooks([tmp_path]) == [b.resolve(), a.resolve()]
    assert find_notebooks([a, tmp_path]) == [a.resolve(), b.resolve()]  # no duplicates


def test_cli_notebooks_are_optional_and_default_to_the_notebooks_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["export-notebooks"])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()[-1]
    assert error.endswith("the following arguments are required: outdir"), error
    with pytest.raises(SystemExit):
        main(["export-notebooks", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "outdir [notebooks ...]" in shown
    assert "optional: the notebooks or folders to run (default: ./notebooks)" in shown
    monkeypatch.chdir(tmp_path)  # no ./notebooks here: the default is looked for, and named
    assert main(["export-notebooks", "site"]) == 2
    assert "mapsnb export-notebooks: notebooks: no such notebook or folder" in (
        capsys.readouterr().err
    )
    assert not (tmp_path / "site").exists()


def test_cli_reports_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export-notebooks", str(tmp_path / "site"), str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err
    assert "export-notebooks" in err and "none" in err and "no such notebook" in err
    assert not (tmp_path / "site").exists()


@pytest.mark.slow
def test_export_embeds_widget_state_and_drops_the_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "secret-key-1234")
    lesson = _notebook(tmp_path / "lessons" / "lesson.ipynb")
    pages = export_notebooks(tmp_path / "site", [lesson], title="Week 3 <maps>")
    assert [p.path.name for p in pages] == ["lesson.html"]
    assert pages[0].title == "A lesson on sliders" and pages[0].widgets == 1
    text = pages[0].path.read_text(encoding="utf-8")
    assert "secret-key-1234" not in text and "KEY=None" in text
    assert f"CWD={lesson.parent}" in text  # the notebook ran in its own folder
    assert "<title>A lesson on sliders</title>" in text
    state = re.search(
        r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', text, re.S
    )
    assert state, "no widget state in the page"
    models = json.loads(state.group(1))["state"].values()
    assert any(m["model_name"] == "IntSliderModel" and m["state"]["value"] == 7 for m in models)
    import ipywidgets

    major = int(ipywidgets.__version__.split(".")[0])
    assert f"html-manager@{HTML_MANAGER_RANGES[major]}/dist/embed-amd.js" in text
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert '<a href="lesson.html">A lesson on sliders</a>' in index
    assert "Week 3 &lt;maps&gt;" in index and "synthetic data" in index


@pytest.mark.slow
def test_export_live_keeps_the_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "kept-key-5678")
    lesson = _notebook(tmp_path / "lesson.ipynb", heading="no heading here")
    (page,) = export_notebooks(tmp_path / "site", [lesson], live=True)
    assert page.title == "lesson"
    assert "KEY='kept-key-5678'" in page.path.read_text(encoding="utf-8")
    assert "synthetic data" not in (tmp_path / "site" / "index.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_cli_names_the_notebook_whose_cell_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _notebook(tmp_path / "a-good.ipynb")
    bad = nbformat.v4.new_notebook()
    bad.cells = [nbformat.v4.new_code_cell("1 / 0")]
    bad.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(bad, tmp_path / "b-bad.ipynb")
    assert main(["export-notebooks", str(tmp_path / "site"), str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert f"running {good.resolve()}" in err
    assert f"{(tmp_path / 'b-bad.ipynb').resolve()} failed" in err
    assert "ZeroDivisionError" in err
    # issue 41: the failure stops only that notebook; the index lists it, marked
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'class="failed"' in index and (tmp_path / "site" / "a-good.html").exists()


def test_cli_without_the_notebooks_extra_says_what_to_install(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "nbclient.exceptions", None)  # as if not installed
    assert main(["export-notebooks", str(tmp_path / "site")]) == 2
    err = capsys.readouterr().err
    assert "needs the 'notebooks' extra" in err
    assert 'python -m pip install "mapsnb[notebooks]"' in err


def test_pages_are_named_by_relative_path_and_never_collide(tmp_path: Path) -> None:
    from mapsnb._export import page_names

    notebooks = [
        tmp_path / "week1" / "lesson.ipynb",
        tmp_path / "week2" / "lesson.ipynb",
        tmp_path / "index.ipynb",
        tmp_path / "week1" / "Lesson.ipynb",  # one page on a case-insensitive file system
    ]
    assert page_names(notebooks) == [
        "week1/lesson.html",
        "week2/lesson.html",
        "index-2.html",  # index.html is the index page's
        "week1/Lesson-2.html",
    ]
    assert page_names([tmp_path / "a" / "lesson.ipynb"]) == ["lesson.html"]


HOSTILE_MARKDOWN = """# A lesson with hostile text

<script>window.MAPSNB_PWNED = 1</script>
<img src="x.png" onerror="window.MAPSNB_ONERROR = 1">
<a href="javascript:window.MAPSNB_JS = 1">a link</a>
<iframe src="https://example.com/MAPSNB_FRAME"></iframe>

Plain *emphasis* and a [safe link](https://example.com/ok) and `<script>` as code stay."""


def test_markdown_is_sanitized() -> None:
    import nbformat

    from mapsnb._export import _html_exporter

    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_markdown_cell(HOSTILE_MARKDOWN)]
    body, _ = _html_exporter().from_notebook_node(nb)
    for marker in ("MAPSNB_PWNED", "onerror", "javascript:", "MAPSNB_FRAME", "<iframe"):
        assert marker not in body, marker
    assert "<em>emphasis</em>" in body and 'href="https://example.com/ok"' in body
    assert "<code>&lt;script&gt;</code>" in body
    assert re.search(r"<h1[^>]*>A lesson with hostile text", body)


@pytest.mark.slow
def test_same_named_notebooks_and_index_ipynb_get_their_own_pages(tmp_path: Path) -> None:
    a = _notebook(tmp_path / "nbs" / "week1" / "lesson.ipynb", "# Week one")
    b = _notebook(tmp_path / "nbs" / "week2" / "lesson.ipynb", "# Week two")
    c = _notebook(
        tmp_path / "nbs" / "index.ipynb", "# The course home\n\n<script>MAPSNB_X</script>"
    )
    pages = export_notebooks(tmp_path / "site", [a, b, c])
    site = tmp_path / "site"
    assert [p.path.relative_to(site).as_posix() for p in pages] == [
        "week1/lesson.html",
        "week2/lesson.html",
        "index-2.html",
    ]
    assert [p.title for p in pages] == ["Week one", "Week two", "The course home"]
    assert "Week one" in pages[0].path.read_text(encoding="utf-8")
    assert "Week two" in pages[1].path.read_text(encoding="utf-8")
    home = pages[2].path.read_text(encoding="utf-8")
    assert "The course home" in home and "MAPSNB_X" not in home
    index = (site / "index.html").read_text(encoding="utf-8")
    for href in ("week1/lesson.html", "week2/lesson.html", "index-2.html"):
        assert f'<a href="{href}">' in index
