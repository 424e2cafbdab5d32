"""Issue 41: ``new_lesson`` writes a lesson for any town and language (the notebook's shape, its
texts, the errors of bad input), notebook 07 is its instance, and a step with no answer says so."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

import mapsnb
from mapsnb.errors import InvalidRequest
from mapsnb.lessons import LESSON_LANGUAGES, Lesson, lesson_notebook, new_lesson

ROOT = Path(__file__).resolve().parents[2]
NOW = "2026-09-18T08:00:00-07:00"


def _tagged(nb: dict, tag: str) -> list[dict]:
    return [c for c in nb["cells"] if tag in c.get("metadata", {}).get("tags", [])]


def test_a_lesson_has_parameters_solutions_and_an_expected_error(tmp_path: Path) -> None:
    path = new_lesson(tmp_path / "accra.ipynb", "Accra, Ghana", language="fr", date="2026-09-20")
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    (params,) = _tagged(nb, "parameters")
    assert 'city = "Accra, Ghana"' in params.source
    assert 'language = "fr"' in params.source and 'date = "2026-09-20"' in params.source
    solutions = _tagged(nb, "solution")
    assert len(solutions) == 3 and all(c.metadata["jupyter"]["source_hidden"] for c in solutions)
    (error,) = _tagged(nb, "raises-exception")
    assert "Atlantisville" in error.source
    code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    for call in ("search_places", "compute_routes", "search_along_route", "plot_pollen",
                 "plot_air_quality", "plot_weather", "EnvironmentForm(client, language=language)",
                 'lesson.partners'):  # fmt: skip
        assert call in code, call
    assert "try:" not in code and "except" not in code  # steps go through lesson.step
    markdown = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert markdown.startswith("# Accra, Ghana : des lieux") and "## Exercices" in markdown
    assert "**Consulter**" in markdown and "**Lieu**" in markdown  # the form's own labels


@pytest.mark.parametrize("language", ["en", "es", "fr", "pt", "de", "ja"])
def test_every_lesson_language_has_every_text(language: str) -> None:
    from mapsnb.lessons._lesson import _all_texts

    english, own = _all_texts()["en"], _all_texts()[language]
    assert set(english) == set(own), set(english) ^ set(own)
    assert set(english["no"]) == set(own["no"])
    assert language in LESSON_LANGUAGES


def test_a_language_without_lesson_texts_writes_english_texts_with_a_note() -> None:
    nb = lesson_notebook("Warsaw, Poland", "pl")
    assert nb["cells"][0]["source"].startswith("# Warsaw, Poland: places")
    assert "no texts in this language yet" in nb["cells"][0]["source"]
    assert 'language = "pl"' in _tagged(nb, "parameters")[0]["source"]


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [({"city": "Lima", "language": "xx"}, "language"), ({"city": " ", "language": "es"}, "city")],
)
def test_bad_input_is_a_named_error(tmp_path: Path, kwargs: dict, field: str) -> None:
    with pytest.raises(InvalidRequest) as err:
        new_lesson(tmp_path / "x.ipynb", kwargs["city"], language=kwargs["language"])
    assert err.value.field == field
    with pytest.raises(InvalidRequest) as err:
        new_lesson(tmp_path / "x.txt", "Lima, Peru")
    assert err.value.field == "path"


def test_the_command_takes_options_in_any_order(tmp_path: Path) -> None:
    out = tmp_path / "lima.ipynb"
    done = subprocess.run(
        [sys.executable, "-m", "mapsnb.cli", "new-lesson", "--language", "es", str(out),
         "--city", "Lima, Peru"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    params = _tagged(json.loads(out.read_text(encoding="utf-8")), "parameters")[0]
    assert 'city = "Lima, Peru"' in "".join(params["source"])
    bad = subprocess.run(
        [sys.executable, "-m", "mapsnb.cli", "new-lesson", str(out), "--city", "Lima",
         "--language", "klingon"],
        capture_output=True, text=True, cwd=ROOT, check=False,
    )  # fmt: skip
    assert bad.returncode == 2 and "language: must be one of" in bad.stderr


def test_notebook_07_is_the_porto_lesson() -> None:
    saved = nbformat.read(ROOT / "notebooks" / "07-lesson-porto.ipynb", as_version=4)
    made = lesson_notebook("Porto, Portugal", "en")
    assert [c.source for c in saved.cells] == [c["source"] for c in made["cells"]]
    assert [c.get("metadata", {}).get("tags") for c in saved.cells] == [
        c["metadata"].get("tags") for c in made["cells"]
    ]


# ------------------------------------------------------------------------ steps at run time
@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(sandbox=True, now=NOW)


def test_a_step_with_no_answer_says_so_in_the_lessons_language(client, capsys) -> None:
    lesson = Lesson(client, "Lima, Peru", language="es", date="2026-09-18")
    with lesson.step("pollen"):
        client.lookup_weather("Atlantisville", capabilities=["POLLEN"])
    with lesson.step("detour"):
        lesson.found([], "places")
    with lesson.step("solution"):
        print(bakeries)  # type: ignore[name-defined]  # noqa: F821 - made by a failed step
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(
        "— No hay previsión de polen para Lima, Peru en este día. (lookup_weather: NOT_FOUND: "
        "location.address 'Atlantisville' could not be geocoded"
    )
    assert out[1] == "— No hay panadería a lo largo de la ruta: no hay desvío que mostrar."
    assert out[2].endswith("(un paso anterior no tuvo respuesta)")
    assert lesson.outcomes == {"pollen": False, "detour": False, "solution": False}
    lesson.summary()
    assert "Pasos con respuesta: 0 de 3" in capsys.readouterr().out


def test_a_programming_error_is_not_hidden(client) -> None:
    lesson = Lesson(client, "Lima, Peru", language="es", date="2026-09-18")
    with pytest.raises(TypeError), lesson.step("places"):
        raise TypeError("a bug")


def test_the_lesson_day_is_today_in_the_town(client) -> None:
    assert str(Lesson(client, "Tokyo, Japan").today) == "2026-09-19"  # 08:00 in SF = 00:00 Tokyo
    assert str(Lesson(client, "Lima, Peru").today) == "2026-09-18"
    with pytest.raises(InvalidRequest) as err:
        Lesson(client, "Lima, Peru", date="18/09/2026")
    assert err.value.field == "date"
