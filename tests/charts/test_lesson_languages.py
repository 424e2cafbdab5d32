"""Issue 41: a Spanish or Japanese lesson's charts say no English word in their titles, axes,
ticks, legends and footers (proper names aside: places, index names such as "Universal AQI",
"mapsnb sandbox", "Google Maps"). Where no installed font draws a script (Japanese without a
CJK font), the chart is in English and its footer says why: that is asserted instead."""

from __future__ import annotations

import ast
import datetime as dt
import os
import re
from collections.abc import Iterator
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd
import pytest

import mapsnb
from mapsnb.charts import plot_air_quality, plot_pollen, plot_routes, plot_weather
from mapsnb.charts._scripts import chart_language
from mapsnb.charts._words import _raw

NOW = "2026-09-18T08:00:00-07:00"
DAY = dt.date(2026, 9, 18)
TOWNS = ["Madrid, Spain", "Lima, Peru", "Tokyo, Japan"]
PACKAGE = Path(__file__).resolve().parents[2] / "mapsnb"
#: Proper names a chart may show as they are.
PROPER = {"mapsnb", "sandbox", "google", "maps", "universal", "european", "aqi", "madrid", "spain",
          "lima", "peru", "tokyo", "japan", "europe", "america", "asia", "utc", "o3", "pm25",
          "pm10", "no2", "min"}  # fmt: skip
#: The places a route chart names (the cafés' names are proper names, as the answer gives them).
NAMED: list[str] = []


@pytest.fixture(autouse=True)
def _close() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(sandbox=True, now=NOW) as c:
        yield c


def _tokens(text: str) -> set[str]:
    return {t.casefold() for t in re.findall(r"[^\W\d_]{3,}", text)}


def _unnamed(text: str) -> str:
    """``text`` without the places' own names."""
    for name in NAMED:
        text = text.replace(name, "")
    return text


def english_words(language: str) -> set[str]:
    """Words of the charts' English texts (labels, categories, plants) that ``language`` does
    not also use."""
    english: set[str] = {"source", "synthetic", "data", "places", "hourly", "weather"}
    theirs: set[str] = set()

    def add(own_english: str, own: str) -> None:
        english.update(_tokens(own_english))
        theirs.update(_tokens(own))

    for key, table in _raw().items():
        if key == "_air quality categories":
            for name, names in table.items():
                add(name, names.get(language, ""))
        elif key == "_pollen index":
            for name, own in zip(table["en"], table.get(language, []), strict=False):
                add(name, own)
        elif key in ("_pollen types", "_pollen plants"):
            for code, name in table["en"].items():
                add(name, table.get(language, {}).get(code, ""))
        elif not key.startswith("_"):
            add(table["en"], table.get(language, ""))
    return english - theirs - PROPER


def chart_texts(chart: object) -> list[str]:
    """Every text a reader sees: titles, axis labels, ticks, texts, legends, footers."""
    fig = chart.figure  # type: ignore[attr-defined]
    found: list[str] = [t.get_text() for t in fig.texts]
    if fig._suptitle is not None:
        found.append(fig._suptitle.get_text())
    for ax in fig.axes:
        found += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        found += [t.get_text() for t in (*ax.get_xticklabels(), *ax.get_yticklabels(), *ax.texts)]
        found += [t.get_text() for t in ax.get_xticklabels(minor=True)]
    for legend in [ax.get_legend() for ax in fig.axes] + list(fig.legends):
        if legend is not None:
            found += [legend.get_title().get_text(), *(t.get_text() for t in legend.get_texts())]
    return [t for t in found if t]


def lesson_charts(client: mapsnb.Client, language: str) -> list[object]:
    """The charts a lesson draws, asked in ``language``."""
    day = client.lookup_weather(TOWNS[0], capabilities=["AIR_QUALITY", "POLLEN", "WEATHER"],
                                date=DAY, language_code=language)  # fmt: skip
    hours = client.batch.lookup_weather(
        pd.DataFrame({"hour": range(0, 24, 3)}), location=TOWNS[0], capabilities=["WEATHER"],
        date=DAY + dt.timedelta(days=1), hour="hour", table="hourly_weather",
        language_code=language, progress=False,
    )  # fmt: skip
    cities = pd.DataFrame({"city": TOWNS})
    air = client.batch.lookup_weather(cities, "city", capabilities=["AIR_QUALITY"], date=DAY,
                                      table="air_quality", language_code=language,
                                      progress=False)  # fmt: skip
    daily = client.batch.lookup_weather(cities, "city", capabilities=["WEATHER"], date=DAY,
                                        table="daily_weather", language_code=language,
                                        progress=False)  # fmt: skip
    cafes = client.search_places("cafés in Madrid, Spain", page_size=3, language_code=language)
    ids = cafes.to_frame().place_id
    NAMED.extend(cafes.to_frame().name)
    routes = client.compute_routes(mapsnb.PlaceId(ids.iloc[0]), mapsnb.PlaceId(ids.iloc[-1]),
                                   compute_alternative_routes=True, include_polyline=True)  # fmt: skip
    return [
        plot_air_quality(day, "all"),
        plot_pollen(day, "plant"),
        plot_pollen(day, "type"),
        plot_weather(hours),
        plot_air_quality(air, "uaqi"),
        plot_weather(daily),
        plot_routes(routes, names=cafes, language=language),
    ]


@pytest.mark.parametrize("language", ["es", "ja"])
def test_a_lessons_charts_say_no_english_word(client: mapsnb.Client, language: str) -> None:
    drawn_in, note = chart_language(language)
    charts = lesson_charts(client, language)
    if drawn_in == "en":  # no installed font draws the script: English, and the footer says why
        # CI installs a Japanese font (.ci/run, binder/apt.txt): there the charts must be Japanese
        assert not os.environ.get("CI"), f"no font draws {language} on CI: {note}"
        assert "no font for Japanese is installed" in note
        for chart in charts:
            footer = "\n".join(t.get_text() for t in chart.figure.texts)  # type: ignore[attr-defined]
            assert note in footer.replace("\n", " "), footer
        return
    english = english_words(language)
    assert {"source", "synthetic", "route", "start", "hourly", "birch"} <= english
    for chart in charts:
        texts = [_unnamed(t) for t in chart_texts(chart)]
        said = set().union(*map(_tokens, texts)) & english
        assert not said, (said, texts)


def test_the_spanish_charts_are_spanish(client: mapsnb.Client) -> None:
    texts = [t for chart in lesson_charts(client, "es") for t in chart_texts(chart)]
    joined = "\n".join(texts)
    for spanish in ("Fuente: mapsnb sandbox (datos sintéticos, no de Google Maps)",
                    "Fuente: 3 lugares · mapsnb sandbox", "Polen por planta", "Rutas: ",
                    "(en coche)", "salida: ", "ruta 0 (recomendada)", "km al este de la salida",
                    "Calidad del aire excelente"):  # fmt: skip
        assert spanish in joined, spanish


def test_charts_widgets_and_layers_never_import_the_emulator() -> None:
    for folder in ("charts", "widgets", "layers"):
        for path in (PACKAGE / folder).glob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.ImportFrom):
                    assert "sandbox" not in (node.module or ""), (path, node.module)
                elif isinstance(node, ast.Import):
                    assert not any("sandbox" in a.name for a in node.names), path
