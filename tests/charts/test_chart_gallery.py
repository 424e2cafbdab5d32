"""The chart gallery (tools/chart_gallery.py): every chart of the notebooks and README, checked
through matplotlib's objects — data, titles, ticks, bands, legends, layout — not pixels."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import matplotlib

matplotlib.use("Agg")

import matplotlib.colors as mcolors
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

from mapsnb.charts._scales import SCALES, UPI_COLORS

ROOT = Path(__file__).resolve().parents[2]
DATE = re.compile(r"\b\d{1,2}(–\d{1,2})? [A-Z][a-z]{2} 20\d\d\b")


def _load_gallery():
    spec = importlib.util.spec_from_file_location("chart_gallery", ROOT / "tools/chart_gallery.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["chart_gallery"] = module
    spec.loader.exec_module(module)
    return module


gallery = _load_gallery()
NAMES = list(gallery.charts())


@pytest.fixture(scope="module")
def drawn() -> dict:
    """Every gallery chart, drawn once (the figures stay open for the module)."""
    out = {}
    limit = matplotlib.rcParams["figure.max_open_warning"]
    matplotlib.rcParams["figure.max_open_warning"] = 0  # all gallery figures stay open on purpose
    for name, draw in gallery.charts().items():
        ax = draw()
        ax.figure.canvas.draw()  # lay out: constrained layout, legend and text extents
        out[name] = ax
    yield out
    plt.close("all")
    matplotlib.rcParams["figure.max_open_warning"] = limit


def _texts(ax) -> list:
    fig = ax.figure
    found = [t for t in fig.findobj(matplotlib.text.Text) if t.get_visible() and t.get_text()]
    return found


def _bbox(artist):
    return artist.get_window_extent(renderer=artist.figure.canvas.get_renderer())


def _overlap(a, b, pad: float = 0.0) -> bool:
    return not (
        a.x1 <= b.x0 + pad or b.x1 <= a.x0 + pad or a.y1 <= b.y0 + pad or b.y1 <= a.y0 + pad
    )


def _bands(ax) -> list:
    return [p for p in ax.patches if str(p.get_gid()).startswith("band:")]


def _hex(color) -> str:
    return mcolors.to_hex(color, keep_alpha=False)


# ------------------------------------------------------------------- every chart, generic
def _scale_of(ax):
    label = ax.get_ylabel()  # a grid panel's: the name (the figure's title gives the direction)
    return next(s for s in SCALES.values() if label == s.name or label.startswith(f"{s.name} ("))


def test_gallery_covers_notebooks_readme_and_every_emulator_index(drawn) -> None:
    assert {"readme_air_quality_paris", "readme_pollen_paris", "nb02_routes_sf_tahoe"} <= set(NAMES)
    assert sum(n.startswith("nb03_") for n in NAMES) >= 5
    aq = [ax for name, ax in drawn.items() if any(line.get_gid() == "aqi" for line in ax.lines)]
    emitted = {"uaqi", "usa_epa", "fra_atmo", "gbr_defra", "deu_uba", "eaqi", "ind_cpcb", "chn_mee"}
    assert {_scale_of(ax).code for ax in aq} == emitted  # every index the emulator emits


@pytest.mark.parametrize("name", NAMES)
def test_every_chart_is_printable(drawn, name) -> None:
    ax = drawn[name]
    fig = ax.figure
    title = ax.get_title()
    # a title naming the place and the local date (routes: the two ends)
    if name.startswith("nb02_routes"):
        assert "San Francisco, CA → Lake Tahoe, CA" in title
    elif name.startswith("nb07_routes"):
        assert "São Bento → Casa da Música" in title  # named coordinates
    elif name.startswith("nb07_walk"):  # place ids named from the search result
        first = gallery.porto_walk()[1].to_frame()["name"].iloc[0]  # the walk's start
        assert f"{first} →" in title and "place_id" not in title
    else:
        assert DATE.search(title), title
        place = {"paris": "Paris", "sydney": "Sydney", "delhi": "Delhi", "london": "London",
                 "berlin": "Berlin", "madrid": "Madrid", "beijing": "Beijing",
                 "francisco": "San Francisco", "porto": "Porto", "krakow": "Kraków",
                 "three_cities": "Porto", "concat": "Lyon", "twelve": "Paris"}  # fmt: skip
        assert any(k in name and v in title for k, v in place.items()), title
    # 8 × 4 in at 100 dpi (a many-day plant chart may be wider; panels stack), labels ≥ 7 pt
    panels = [
        a for a in fig.axes if a.get_legend() is not None or (fig.legends and a.get_visible())
    ]
    assert fig.dpi == 100 and fig.get_figwidth() >= 8.0
    if len(panels) == 1:
        assert fig.get_figheight() == 4.0
    else:  # stacked panels fit one A4 page (landscape: 2339 × 1654 px at 200 dpi)
        assert fig.get_figwidth() <= 11.69 and fig.get_figheight() <= 8.27
    assert min(t.get_fontsize() for t in _texts(ax)) >= 7
    # no offset date in a corner (today's bug: the next day's date on every day chart)
    assert ax.xaxis.get_offset_text().get_text() == ""
    # the legend (a grid's: the figure's) sits outside the data, the title collides with nothing
    legend = ax.get_legend() or (fig.legends[0] if fig.legends else None)
    assert legend is not None
    axes_box, legend_box, title_box = _bbox(ax), _bbox(legend), _bbox(ax.title)
    assert legend_box.x0 >= axes_box.x1 - 1
    for text in _texts(ax):
        if text is not ax.title and text.figure is fig:
            assert not _overlap(title_box, _bbox(text), pad=0.5) or text.get_text() in title
    # tick labels do not overlap each other, and are inside the figure
    (x0, x1), (y0, y1) = sorted(ax.get_xlim()), sorted(ax.get_ylim())
    shown = [t for t in ax.get_xticklabels() if x0 <= t.get_position()[0] <= x1] + [
        t for t in ax.get_yticklabels() if y0 <= t.get_position()[1] <= y1
    ]  # matplotlib keeps (undrawn) labels for ticks outside the view
    labels = [t for t in shown if t.get_text()]
    boxes = [_bbox(t) for t in labels]
    for i, a in enumerate(boxes):
        assert a.x0 >= 0 and a.x1 <= fig.bbox.x1 + 1
        for b in boxes[i + 1 :]:
            assert not _overlap(a, b, pad=0.5)
    # the attribution line says synthetic data
    assert any("synthetic data" in t.get_text() for t in fig.texts)


# ----------------------------------------------------------------------- air quality
@pytest.mark.parametrize("name", [n for n in NAMES if "air_quality" in n or "_aq_" in f"_{n}"])
def test_air_quality_bands_colours_and_ticks(drawn, name) -> None:
    ax = drawn[name]
    line = next(x for x in ax.lines if x.get_gid() == "aqi")
    dots = next(c for c in ax.collections if c.get_gid() == "aqi-dots")
    scale = _scale_of(ax)
    # bands: the index's own, with its colours, in order from the bottom of the scale
    bands = _bands(ax)
    assert bands
    drawn_bands = [(p.get_y(), p.get_gid(), _hex(p.get_facecolor())) for p in bands]
    own = [(b.low, f"band:{b.label}", b.color) for b in scale.bands][: len(bands)]
    assert drawn_bands == own
    # each dot has its category's colour
    values = np.asarray(line.get_ydata(), dtype=float)
    expected = [scale.band_of(v).color for v in values]
    assert [_hex(c) for c in dots.get_facecolors()] == expected
    # direction, integer ticks on category scales
    assert scale.direction in ax.get_ylabel()
    ticks = ax.get_yticks()
    assert np.all(ticks == np.round(ticks))
    if scale.categorical:
        assert list(ticks) == list(range(int(scale.low + 0.5), int(scale.high - 0.5) + 1))
    # hour ticks only (HH:MM), one local day
    assert all(re.fullmatch(r"\d\d:\d\d", t.get_text()) for t in ax.get_xticklabels())
    # the legend explains the dot colours
    legend_texts = [t.get_text() for t in ax.get_legend().get_texts()]
    assert ax.get_legend().get_title().get_text() == "Dot colour = category"
    assert any(b.label in " ".join(legend_texts) for b in scale.bands)


def test_readme_paris_chart_is_atmo_with_data_of_the_frame(drawn) -> None:
    ax = drawn["readme_air_quality_paris"]
    env = gallery.day("Paris, France", ("AIR_QUALITY", "POLLEN"))
    atmo = env.air_quality[env.air_quality.index_code == "fra_atmo"].sort_values("time")
    line = next(x for x in ax.lines if x.get_gid() == "aqi")
    np.testing.assert_array_equal(line.get_ydata(), atmo["aqi"].astype(float).to_numpy())
    assert list(ax.get_yticks()) == [1, 2, 3, 4, 5, 6]
    assert ax.get_ylabel() == "ATMO (FR) (lower is better)"
    assert ax.get_title() == "ATMO (FR), hourly — Paris, France, Fri 18 Sep 2026"
    assert [_hex(p.get_facecolor()) for p in _bands(ax)] == [
        b.color for b in SCALES["fra_atmo"].bands
    ]
    peak = next(t for t in ax.texts if t.get_gid() == "peak")
    assert _bbox(peak).y1 <= _bbox(ax).y1 and not _overlap(_bbox(peak), _bbox(ax.title))


def test_all_indexes_one_panel_each_on_its_own_scale(drawn) -> None:
    fig = drawn["aq_all_indexes_paris"].figure
    panels = [a for a in fig.axes if a.get_legend() is not None]
    assert [_scale_of(a).code for a in panels] == ["uaqi", "fra_atmo"]
    assert [len([x for x in a.lines if x.get_gid() == "aqi"]) for a in panels] == [1, 1]
    assert len([t for t in fig.texts if "Source:" in t.get_text()]) == 1
    # the attribution line stays clear of the lowest panel's x label
    bottom = panels[-1]
    source = next(t for t in fig.texts if "Source:" in t.get_text())
    assert not _overlap(_bbox(source), _bbox(bottom.xaxis.label))


def test_uaqi_says_higher_is_better_and_marks_now(drawn) -> None:
    ax = drawn["nb03_uaqi_paris"]
    assert "higher is better" in ax.get_ylabel()
    now = next(x for x in ax.lines if x.get_gid() == "now")
    marked = pd.Timestamp(now.get_xdata()[0])
    assert marked == pd.Timestamp("2026-09-18T17:00:00+02:00")  # 08:00 in San Francisco
    assert ax.get_ylim() == (0, 100)


# ---------------------------------------------------------------------------- pollen
def test_pollen_five_days_names_place_and_range(drawn) -> None:
    ax = drawn["nb03_pollen_5_days_paris"]
    assert ax.get_title() == "Pollen by type — Paris, France, 18–22 Sep 2026"
    bars = [p for p in ax.patches if p.get_gid() == "upi"]
    assert len(bars) == 15  # 3 types × 5 days
    days = [t.get_text() for t in ax.get_xticklabels(minor=True)]
    assert days[:5] == ["Fri\n18", "Sat\n19", "Sun\n20", "Mon\n21", "Tue\n22"]
    assert all(t.get_fontsize() >= 7 for t in ax.get_xticklabels(minor=True))
    in_season = [b for b in bars if b.get_hatch() is None]
    assert {_hex(b.get_facecolor()) for b in in_season} <= {c.lower() for c in UPI_COLORS}


def test_pollen_southern_spring_has_trees_in_season(drawn) -> None:
    ax = drawn["pollen_types_sydney"]
    bars = [p for p in ax.patches if p.get_gid() == "upi"]
    assert any(b.get_height() > 0 and b.get_hatch() is None for b in bars)


# ---------------------------------------------------------------------- weather, routes
def test_hourly_weather_title_and_axis(drawn) -> None:
    ax = drawn["nb03_hourly_weather_paris"]
    assert ax.get_title() == "Hourly weather — Paris, France, Sat 19 Sep 2026"
    assert "Europe/Paris" in ax.get_xlabel()
    hourly = gallery.hourly("Paris, France")
    line = next(x for x in ax.lines if x.get_gid() == "temperature")
    np.testing.assert_array_equal(line.get_ydata(), hourly.sort_values("time").temperature_c)


def test_route_chart_in_km_with_equal_aspect(drawn) -> None:
    ax = drawn["nb02_routes_sf_tahoe"]
    assert "km" in ax.get_xlabel() and "km" in ax.get_ylabel()
    assert ax.get_aspect() == 1.0
    routes = gallery.routes()
    lines = [x for x in ax.lines if str(x.get_gid()).startswith("route:")]
    assert len(lines) == len(routes.to_frame())
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    said = [float(m.replace(",", "")) for t in labels for m in re.findall(r"([\d,.]+) km", t)]
    for km in routes.to_frame().distance_m / 1000:  # "248 km", or "247.9 km" beside a near twin
        assert any(abs(km - x) <= 0.5 for x in said), (km, labels)
    # the first route ends at the destination, ~ the straight-line distance away
    end = next(x for x in ax.lines if x.get_gid() == "end")
    assert 200 < float(np.hypot(end.get_xdata()[0], end.get_ydata()[0])) < 300


def test_render_writes_pngs(tmp_path) -> None:
    written = gallery.render(tmp_path, ["nb02_routes_sf_tahoe"])
    assert [p.name for p in written] == ["nb02_routes_sf_tahoe.png"]
    assert written[0].read_bytes().startswith(b"\x89PNG")
    assert "nb02_routes_sf_tahoe.png" in (tmp_path / "index.html").read_text(encoding="utf-8")
