"""Issue 41: ``plot_weather`` of several places draws small multiples (like ``plot_air_quality``'s
batch: 1, 3 and 12 places), and footers summarise many sources in at most two lines."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd
import pytest

import mapsnb
from mapsnb.charts import attribution_text, plot_weather, precip_axes
from mapsnb.charts._parts import ATTRIBUTION_GID
from mapsnb.charts._words import word

NOW = "2026-09-18T08:00:00-07:00"
DAY = dt.date(2026, 9, 19)
TOWNS = [
    "Porto, Portugal", "Accra, Ghana", "Tokyo, Japan", "Lima, Peru", "Sydney, Australia",
    "Toronto, Canada", "Nairobi, Kenya", "Mumbai, India", "Kraków, Poland", "Mexico City, Mexico",
    "Cairo, Egypt", "Auckland, New Zealand", "Oslo, Norway",
]  # fmt: skip


@pytest.fixture(autouse=True)
def _close() -> Iterator[None]:
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(sandbox=True, now=NOW) as c:
        yield c


def _hourly(client: mapsnb.Client, count: int, language: str | None = None) -> pd.DataFrame:
    rows = pd.DataFrame([(town, hour) for town in TOWNS[:count] for hour in (0, 6, 12, 18)],
                        columns=["city", "hour"])  # fmt: skip
    return client.batch.lookup_weather(rows, "city", capabilities=["WEATHER"], date=DAY,
                                       hour="hour", table="hourly_weather",
                                       language_code=language, progress=False)  # fmt: skip


def _footer(chart: object) -> str:
    fig = chart.figure  # type: ignore[attr-defined]
    return next(t for t in fig.texts if t.get_gid() == ATTRIBUTION_GID).get_text()


@pytest.mark.parametrize("count", [1, 3, 12])
def test_plot_weather_draws_one_panel_per_place(client: mapsnb.Client, count: int) -> None:
    if count == 1:
        frame = client.lookup_weather(TOWNS[0], capabilities=["WEATHER"], date=DAY)
    else:
        frame = client.batch.lookup_weather(
            pd.DataFrame({"city": TOWNS[:count]}), "city", capabilities=["WEATHER"], date=DAY,
            table="daily_weather", progress=False,
        )  # fmt: skip
    chart = plot_weather(frame)
    fig = chart.figure
    assert len(chart) == count
    titles = [ax.get_title() for ax in chart]
    for town, title in zip(TOWNS, titles, strict=False):
        assert town in title, (town, title)
    legends = [ax.get_legend() for ax in fig.axes if ax.get_legend() is not None]
    assert len(legends) + len(fig.legends) == 1  # one legend for every panel
    footer = _footer(chart)
    assert footer.count("\n") <= 1, footer
    if count > 3:
        assert footer == "Source: 12 places · mapsnb sandbox (synthetic data)"
        assert fig.get_figwidth() <= 11.69 and fig.get_figheight() <= 8.27  # one A4 page
        assert fig._suptitle is not None and fig._suptitle.get_text() == "Daily weather"
    for ax in chart:  # each panel has its precipitation axis
        assert precip_axes(ax).get_ylim() == (0, 100)


def test_plot_weather_refuses_more_than_a_page_or_an_ax_for_several(client) -> None:
    with pytest.raises(ValueError, match="at most 12 places"):
        plot_weather(_hourly(client, 13))
    _fig, ax = plt.subplots()
    with pytest.raises(ValueError, match="pass ax=None"):
        plot_weather(_hourly(client, 2), ax=ax)


def test_several_places_speak_the_language_asked(client) -> None:
    chart = plot_weather(_hourly(client, 3, "es"))
    assert chart.figure._suptitle.get_text() == word("Hourly weather", "es")
    assert word("Hourly weather", "es") != "Hourly weather"
    assert (
        _footer(chart) == "Fuente: 3 lugares · mapsnb sandbox (datos sintéticos, no de Google Maps)"
    )


def _frame(places: int, title: str) -> pd.DataFrame:
    frame = pd.DataFrame({"place": [f"Town {k}" for k in range(places)], "aqi": range(places)})
    frame["attribution_title"] = [title.format(k=k) for k in range(places)]
    frame.attrs = {"source": "live"}
    return frame


def test_footers_of_one_and_forty_sources() -> None:
    assert attribution_text(_frame(1, "Town {k} weather - Google Maps")) == (
        "Source: Town 0 weather - Google Maps"
    )
    assert attribution_text(_frame(40, "Town {k} weather - Google Maps")) == (
        "Source: 40 places · Google Maps"
    )
    assert attribution_text(_frame(40, "Town {k} weather - Google Maps"), "fr") == (
        "Source: 40 lieux · Google Maps"
    )
    synthetic = _frame(40, "Town {k} weather - mapsnb sandbox (synthetic data)")
    synthetic.attrs["source"] = "sandbox"
    assert attribution_text(synthetic) == "Source: 40 places · mapsnb sandbox (synthetic data)"
    assert attribution_text(synthetic, "es") == (
        "Fuente: 40 lugares · mapsnb sandbox (datos sintéticos, no de Google Maps)"
    )
