"""Charts of batch and ``mapsnb.concat`` frames speak the language their calls were asked in
(issue 30, item 6): the frames' ``attrs["language"]`` gives the words and Babel's dates; a frame
of mixed languages is drawn in English."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd
import pytest

import mapsnb
from mapsnb.charts import plot_air_quality, plot_weather

NOW = "2026-09-18T08:00:00-07:00"
DAY = dt.date(2026, 9, 18)
TOWNS = ["Lisboa, Portugal", "Porto, Portugal"]


@pytest.fixture(autouse=True)
def _close_figures() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(sandbox=True, now=NOW) as c:
        yield c


def _texts(chart: object) -> list[str]:
    """The title, axis labels and legend texts of every panel (twin axes included)."""
    axes = chart.figure.axes  # type: ignore[attr-defined]
    found = [t for ax in axes for t in (ax.get_title(), ax.get_xlabel(), ax.get_ylabel())]
    for legend in [ax.get_legend() for ax in axes] + list(chart.figure.legends):  # type: ignore[attr-defined]
        if legend is not None:
            found += [legend.get_title().get_text(), *(t.get_text() for t in legend.get_texts())]
    return [t for t in found if t]


def _air_batch(client: mapsnb.Client, language: str | list[str]) -> pd.DataFrame:
    rows = pd.DataFrame({"city": TOWNS, "lang": language if isinstance(language, list) else None})
    return client.batch.lookup_weather(
        rows,
        "city",
        capabilities=["AIR_QUALITY"],
        date=DAY,
        table="air_quality",
        language_code="lang" if isinstance(language, list) else language,
        progress=False,
    )


def test_a_portuguese_air_quality_batch_draws_portuguese_panels(client: mapsnb.Client) -> None:
    batch = _air_batch(client, "pt")
    chart = plot_air_quality(batch, "uaqi")
    assert len(chart) == len(TOWNS)
    for town, ax in zip(TOWNS, chart, strict=True):
        title = ax.get_title()
        assert town in title and "por hora" in title and "sex. 18 set. 2026" in title, title
        assert ax.get_xlabel().startswith("hora local ("), ax.get_xlabel()
        assert ax.get_ylabel() == "Universal AQI (mais alto é melhor)"
    texts = " ".join(_texts(chart))
    assert "hourly" not in texts and "local time" not in texts and "Fri" not in texts


def test_mixed_languages_draw_english(client: mapsnb.Client) -> None:
    chart = plot_air_quality(_air_batch(client, ["pt", "fr"]), "uaqi")
    for ax in chart:
        assert "hourly" in ax.get_title() and "Fri 18 Sep 2026" in ax.get_title()
        assert ax.get_xlabel().startswith("local time (")
        assert ax.get_ylabel() == "Universal AQI (higher is better)"


def test_a_portuguese_weather_batch_and_concat_draw_portuguese(client: mapsnb.Client) -> None:
    batch = client.batch.lookup_weather(
        TOWNS[:1], capabilities=["WEATHER"], date=DAY, hour=9, table="hourly_weather",
        language_code="pt", progress=False,
    )  # fmt: skip
    chart = plot_weather(batch)
    assert chart.get_title().startswith("Tempo atual — Lisboa, Portugal, sex. 18 set. 2026")
    assert chart.get_ylabel() == "temperatura (°C)"
    assert chart.get_xlabel().startswith("hora local (")
    assert chart.precip_ax.get_ylabel() == "probabilidade de precipitação (%)"
    days = [
        client.lookup_weather(
            TOWNS[0], capabilities=["WEATHER"], date=DAY + dt.timedelta(days=i), hour=9,
            language_code="pt",
        )
        for i in range(2)
    ]  # fmt: skip
    stacked = plot_weather(mapsnb.concat(days))
    assert stacked.get_title().startswith("Tempo por hora — Lisboa, Portugal, 18 set. 2026")
    assert stacked.get_xlabel().startswith("hora local (")
    assert "temperatura" in [t.get_text() for t in stacked.get_legend().get_texts()]
