"""Print-ready charts (issue 30, item 6), measured on drawn figures (Agg renderer boxes):
the attribution wrapped inside the figure clear of every label, a batch of places on one A4
page, annotations inside the axes, every panel returned, shown once, the result's language."""

from __future__ import annotations

import datetime as dt
import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pandas as pd
import pytest
from matplotlib.axes import Axes
from PIL import Image

import mapsnb
from mapsnb.charts import SCALES, Chart, plot_air_quality, plot_pollen, plot_routes, plot_weather
from mapsnb.charts._parts import ATTRIBUTION_GID

NOW = "2026-09-18T08:00:00-07:00"
DAY = dt.date(2026, 9, 18)
CITIES = (
    "Paris, France", "London, UK", "Berlin, Germany", "Madrid, Spain", "Porto, Portugal",
    "Kraków, Poland", "Nairobi, Kenya", "Lima, Peru", "São Paulo, Brazil", "New Delhi, India",
    "Beijing, China", "Sydney, Australia", "Cairo, Egypt",
)  # fmt: skip
#: A4 landscape at 200 dpi.
A4_PX = (2339, 1654)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


def _batch(client: mapsnb.Client, count: int, date: dt.date | None = DAY, **kw) -> pd.DataFrame:
    return client.batch.lookup_weather(
        pd.DataFrame({"city": list(CITIES[:count])}),
        "city",
        capabilities=["AIR_QUALITY"],
        date=date,
        table="air_quality",
        progress=False,
        **kw,
    )


def _box(artist):
    fig = artist.get_figure(root=True)
    return artist.get_window_extent(renderer=fig.canvas.get_renderer())


def _overlap(a, b) -> bool:
    return not (a.x1 <= b.x0 or b.x1 <= a.x0 or a.y1 <= b.y0 or b.y1 <= a.y0)


def _labels(fig) -> list:
    """Every drawn tick label, axis label and title of every visible panel, and the legends."""
    found = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        (x0, x1), (y0, y1) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
        for minor in (False, True):
            found += [t for t in ax.get_xticklabels(minor=minor) if x0 <= t.get_position()[0] <= x1]
            found += [t for t in ax.get_yticklabels(minor=minor) if y0 <= t.get_position()[1] <= y1]
        found += [ax.xaxis.label, ax.yaxis.label, ax.title]
        if ax.get_legend() is not None:
            found.append(ax.get_legend())
    found += [legend for legend in fig.legends]
    if fig._suptitle is not None:
        found.append(fig._suptitle)
    return [t for t in found if t.get_visible() and (not hasattr(t, "get_text") or t.get_text())]


def _attribution(fig):
    (text,) = [t for t in fig.texts if t.get_gid() == ATTRIBUTION_GID]
    return text


def _assert_attribution_clear(fig) -> None:
    fig.canvas.draw()
    source = _attribution(fig)
    box = _box(source)
    assert box.x0 >= 0 and box.y0 >= 0, box  # inside the figure
    assert box.x1 <= fig.bbox.x1 and box.y1 <= fig.bbox.y1, (box, fig.bbox)
    for label in _labels(fig):
        assert not _overlap(box, _box(label)), (getattr(label, "get_text", str)(), box)
    # and the layout leaves a gap of at least 2 px to the lowest label above it
    lowest = min(_box(label).y0 for label in _labels(fig))
    assert lowest - box.y1 >= 2


# ------------------------------------------------------------------ pages of places
def test_twelve_place_batch_fits_one_a4_landscape_page_at_200_dpi(client) -> None:
    chart = plot_air_quality(_batch(client, 12, date=None))  # each city's current hour
    assert isinstance(chart, Chart) and len(chart) == 12  # every panel returned
    buffer = io.BytesIO()
    chart.figure.savefig(buffer, format="png", dpi=200)
    width, height = Image.open(io.BytesIO(buffer.getvalue())).size
    assert width <= A4_PX[0] and height <= A4_PX[1], (width, height)
    _assert_attribution_clear(chart.figure)
    for city, ax in zip(CITIES, chart, strict=False):
        title = ax.get_title()
        assert city in title and "2026" in title, title  # the place and the period ...
        assert "hourly" not in title and title.count(":") == 1  # ... at its one hour (HH:MM)
        assert [t.get_text() for t in ax.get_xticklabels()] == [title[-5:]]
    # one index for the page (comparable panels) named once, with one legend
    assert chart.figure._suptitle.get_text().startswith("Universal AQI")
    assert len(chart.figure.legends) == 1


def test_more_places_than_a_page_says_how_to_split(client) -> None:
    with pytest.raises(ValueError, match=r"at most 12 places fit one printable page.*names\[:12\]"):
        plot_air_quality(_batch(client, 13, date=None))


@pytest.mark.parametrize("count", [1, 2, 3, 4, 7, 12])
def test_attribution_wrapped_inside_and_clear_at_any_panel_count(client, count) -> None:
    frame = _batch(client, count) if count > 1 else client.lookup_weather(
        CITIES[0], capabilities=["AIR_QUALITY"], date=DAY
    )  # fmt: skip
    chart = plot_air_quality(frame, "uaqi")
    fig = chart.figure
    _assert_attribution_clear(fig)
    assert fig.get_figwidth() * 200 <= A4_PX[0] and fig.get_figheight() * 200 <= A4_PX[1]
    assert len(chart) == count
    text = _attribution(fig).get_text()
    assert text.count("\n") <= 1, text  # many places' credits are summarised (issue 41)
    if count > 3:
        assert f"{count} places · mapsnb sandbox (synthetic data)" in text, text


def test_three_city_chart_and_all_indexes_keep_the_attribution_off_the_x_label(client) -> None:
    three = plot_air_quality(_batch(client, 3), "uaqi")
    _assert_attribution_clear(three.figure)
    day = client.lookup_weather("Porto, Portugal", capabilities=["AIR_QUALITY"], date=DAY)
    _assert_attribution_clear(plot_air_quality(day, "all").figure)


def test_other_charts_keep_the_attribution_clear(client) -> None:
    env = client.lookup_weather("Paris, France", capabilities=["WEATHER", "POLLEN"], date=DAY)
    routes = client.compute_routes(
        "San Francisco, CA", "Lake Tahoe, CA", compute_alternative_routes=True,
        include_polyline=True,
    )  # fmt: skip
    for chart in (plot_weather(env), plot_pollen(env), plot_routes(routes)):
        _assert_attribution_clear(chart.figure)


# ---------------------------------------------------------------- worst-hour label
def _one_day(worst_hour: int, *, index: str = "usa_epa") -> pd.DataFrame:
    times = pd.date_range("2026-09-18 00:00", periods=24, freq="h", tz="Europe/Paris")
    values = [30 + (k % 3) for k in range(24)]
    values[worst_hour] = 69 if index == "usa_epa" else 12
    name = {"usa_epa": "AQI (US)", "uaqi": "Universal AQI"}[index]
    df = pd.DataFrame({"time": times, "index_code": index, "index_name": name, "aqi": values,
                       "category": "x", "dominant_pollutant": "pm25", "color": "#00e400"})  # fmt: skip
    df.attrs = {"source": "live", "attributions": [{"title": "Google Air Quality", "url": None}]}
    return df


@pytest.mark.parametrize("hour", [0, 1, 12, 22, 23])
@pytest.mark.parametrize("index", ["usa_epa", "uaqi"])
def test_worst_label_stays_inside_the_axes(hour, index) -> None:
    chart = plot_air_quality(_one_day(hour, index=index))
    chart.figure.canvas.draw()
    (peak,) = [t for t in chart.texts if t.get_gid() == "peak"]
    box, axes = _box(peak), _box(peak.axes)
    assert axes.x0 <= box.x0 and box.x1 <= axes.x1, (hour, box, axes)
    assert axes.y0 <= box.y0 and box.y1 <= axes.y1, (hour, box, axes)
    assert "worst: " in peak.get_text()


@pytest.mark.parametrize("hour", [0, 23])
def test_worst_label_inside_small_grid_panels(hour) -> None:
    parts = []
    for k, place in enumerate(["Lyon", "Nice", "Lille", "Metz", "Brest"]):
        part = _one_day(hour if k == 0 else 5).assign(place=place)
        parts.append(part)
    frame = pd.concat(parts, ignore_index=True)
    frame.attrs = parts[0].attrs
    chart = plot_air_quality(frame)
    chart.figure.canvas.draw()
    for ax in [a for a in chart.figure.axes if a.get_visible()]:
        (peak,) = [t for t in ax.texts if t.get_gid() == "peak"]
        box, axes = _box(peak), _box(ax)
        assert axes.x0 <= box.x0 and box.x1 <= axes.x1 and axes.y0 <= box.y0 <= box.y1 <= axes.y1


# ----------------------------------------------------------------- every panel back
def test_all_indexes_returns_every_panel(client) -> None:
    day = client.lookup_weather("Paris, France", capabilities=["AIR_QUALITY"], date=DAY)
    chart = plot_air_quality(day, "all")
    assert len(chart) == 2 and all(isinstance(ax, Axes) for ax in chart)
    assert chart[0] is not chart[1] and list(chart.axes) == list(chart)
    assert [ax.get_ylabel().split(" (")[0] for ax in chart] == ["Universal AQI", "ATMO"]
    assert all(ax.get_figure(root=True) is chart.figure for ax in chart)
    # code written for one Axes keeps working: the first panel's attributes
    assert chart.get_title() == chart[0].get_title() and list(chart.lines) == list(chart[0].lines)
    chart.figure.set_dpi(70)


def test_single_charts_return_their_axes_in_a_chart(client) -> None:
    env = client.lookup_weather("Paris, France", capabilities=["WEATHER"], date=DAY)
    chart = plot_weather(env)
    assert len(chart) == 1 and isinstance(chart[0], Axes)
    assert chart.precip_ax.get_ylim() == (0, 100)
    _fig, ax = plt.subplots()
    assert plot_weather(env, ax=ax)[0] is ax
    assert plot_weather(env, ax=chart)[0] is chart[0]  # a chart as ax: its first panel


# --------------------------------------------------------------------- shown once
def test_a_chart_as_a_cells_last_line_shows_one_png_and_no_axes_text(client, monkeypatch) -> None:
    from IPython.core.interactiveshell import InteractiveShell

    formatter = InteractiveShell.instance().display_formatter
    day = client.lookup_weather("Paris, France", capabilities=["AIR_QUALITY"], date=DAY)
    chart = plot_air_quality(day)
    data, _meta = formatter.format(chart)
    assert "<Axes" not in data["text/plain"] and "Air" not in data["text/plain"][:1]
    assert data["image/png"][:8] == b"\x89PNG\r\n\x1a\n"
    width, _height = Image.open(io.BytesIO(data["image/png"])).size
    assert width == round(chart.figure.get_figwidth() * chart.figure.dpi)
    # under the inline backend the chart's PNG is the one image: pyplot lets go of the figure
    monkeypatch.setattr(
        matplotlib, "get_backend", lambda: "module://matplotlib_inline.backend_inline"
    )
    number = chart.figure.number
    assert plt.fignum_exists(number)
    formatter.format(chart)
    assert not plt.fignum_exists(number)
    # a backend that shows figures itself (a window, a widget) gets no second copy
    monkeypatch.setattr(matplotlib, "get_backend", lambda: "qtagg")
    assert "image/png" not in formatter.format(plot_air_quality(day))[0]


# ------------------------------------------------------------------- the language
def test_labels_dates_and_categories_in_the_results_language(client) -> None:
    day = client.lookup_weather(
        "Paris, France", capabilities=["AIR_QUALITY"], date=DAY, language_code="fr"
    )
    chart = plot_air_quality(day, "uaqi")
    assert chart.get_ylabel() == "Universal AQI (plus haut = meilleur)"
    assert chart.get_xlabel().startswith("heure locale (Europe/Paris")
    assert "ven. 18 sept. 2026" in chart.get_title() and "horaire" in chart.get_title()
    legend = [t.get_text() for t in chart.get_legend().get_texts()]
    french = set(day.air_quality.loc[day.air_quality.index_code == "uaqi", "category"])
    assert french and all(any(c in text for text in legend) for c in french)
    english_bands = [b.label for b in SCALES["uaqi"].bands]  # no band left in English
    assert not any(text.split(" ", 1)[1] in english_bands for text in legend if text[0].isdigit())
    assert chart.get_legend().get_title().get_text() == "Couleur du point = catégorie"
    peak = next(t for t in chart.texts if t.get_gid() == "peak")
    assert peak.get_text().startswith("pire: ")
    pollen = client.lookup_weather(
        "Paris, France", capabilities=["POLLEN"], date=DAY, language_code="es"
    )
    bars = plot_pollen(pollen)
    assert bars.get_title().startswith("Polen por tipo — ") and "sept 2026" in bars.get_title()
    assert "más bajo es mejor" in bars.get_ylabel()
    english = plot_air_quality(
        client.lookup_weather("Paris", capabilities=["AIR_QUALITY"], date=DAY)
    )
    assert "Fri 18 Sep 2026" in english.get_title() and "lower is better" in english.get_ylabel()
