"""Charts of results in languages the installed fonts cannot draw, or written right to left,
fall back to English words with a note saying why; Cyrillic and Greek charts stay in their
language (issue 30, item 6). No chart ever warns of a glyph missing from its fonts."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from matplotlib.text import Text

import mapsnb
from mapsnb.charts import plot_air_quality, plot_pollen, plot_weather
from mapsnb.charts._scripts import chart_language, drawable, right_to_left, shown
from mapsnb.charts._words import word, words

NOW = "2026-09-18T08:00:00-07:00"
FALLBACK = ["ja", "zh", "hi", "ar", "he", "ko"]
OWN = ["ru", "el"]


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(now=NOW) as c:
        yield c


def _result(client: mapsnb.Client, language: str) -> object:
    return client.lookup_weather(
        "San Francisco, CA",
        capabilities=["WEATHER", "AIR_QUALITY", "POLLEN"],
        date="2026-09-18",
        language_code=language,
    )


def _charts(result: object) -> list[object]:
    """The three charts, drawn (PNG) with every warning an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        drawn = [plot_air_quality(result, now=NOW), plot_pollen(result), plot_weather(result)]
        for chart in drawn:
            chart.figure.canvas.draw()  # type: ignore[attr-defined]
    return drawn


def _texts(chart: object) -> list[str]:
    figure = chart.figure  # type: ignore[attr-defined]
    return [t.get_text() for t in figure.findobj(Text) if t.get_text()]


def test_the_fonts_and_the_directions_are_told() -> None:
    assert drawable("Погода") and drawable("καιρός") and drawable("Météo")
    assert not right_to_left("Погода") and right_to_left("שעה") and right_to_left("الوقت")
    assert shown("الوقت", "time") == "time" and shown("Погода", "x") == "Погода"


@pytest.mark.parametrize("language", FALLBACK)
def test_undrawable_or_right_to_left_languages_fall_back_to_english(
    client: mapsnb.Client, language: str
) -> None:
    own, note = chart_language(language)
    own_words = "".join(table.get(language, "") for table in words().values())
    if drawable(own_words) and not right_to_left(own_words):  # every chart word of it
        assert own == language and not note  # a font for it is installed: drawn in it
        return
    assert own == "en" and note.startswith("Labels in English:")
    for chart in _charts(_result(client, language)):
        texts = _texts(chart)
        assert any(note in t for t in texts), texts
        assert all(drawable(t) and not right_to_left(t) for t in texts), texts
    _aq, pollen, weather = _charts(_result(client, language))
    assert any("Daily weather" in t for t in _texts(weather))
    assert any("Pollen by type" in t for t in _texts(pollen))
    ticks = [t.get_text() for t in pollen.axes[0].get_xticklabels()]  # type: ignore[attr-defined]
    assert {"Tree", "Grass", "Weed"} <= set(ticks), ticks  # English names, not codes


@pytest.mark.parametrize("language", OWN)
def test_cyrillic_and_greek_charts_stay_in_their_language(
    client: mapsnb.Client, language: str
) -> None:
    assert chart_language(language) == (language, "")
    aq, pollen, weather = _charts(_result(client, language))
    assert any(word("Daily weather", language) in t for t in _texts(weather))
    assert any(word("Pollen by type", language) in t for t in _texts(pollen))
    assert any(word("local time", language) in t for t in _texts(aq))
    for chart in (aq, pollen, weather):
        assert not any("Labels in English" in t for t in _texts(chart))


def test_png_of_a_japanese_and_a_russian_chart(client: mapsnb.Client) -> None:
    out = Path("/tmp/mapsnb_chart_scripts")
    out.mkdir(exist_ok=True)
    for language in ("ja", "ru"):
        for name, chart in zip(
            ("aq", "pollen", "weather"), _charts(_result(client, language)), strict=True
        ):
            path = out / f"{language}_{name}.png"
            chart.figure.savefig(path, dpi=80)  # type: ignore[attr-defined]
            assert path.read_bytes().startswith(b"\x89PNG")
