"""matplotlib charts: plotted data equals the frames, category bands, attribution, PNG output."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest

import mapsnb
from mapsnb import charts

NOW = "2026-09-18T08:00:00-07:00"
ZONE = "America/Los_Angeles"


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def aq_frame(source: str = "live") -> pd.DataFrame:
    times = pd.date_range("2026-09-18 00:00", periods=6, freq="h", tz=ZONE)
    rows = []
    for k, t in enumerate(times):
        rows.append((t, "uaqi", "Universal AQI", 90 - 5 * k, "Excellent air quality", "o3"))
        rows.append((t, "usa_epa", "AQI (US)", 20 + 15 * k, "Good", "pm25" if k < 4 else "o3"))
    df = pd.DataFrame(
        rows,
        columns=["time", "index_code", "index_name", "aqi", "category", "dominant_pollutant"],
    )
    df["aqi"] = df["aqi"].astype("Int64")
    df["color"] = "#00e400"
    df.attrs = {"source": source, "attributions": [{"title": "Google Air Quality", "url": None}]}
    return df


def pollen_frame() -> pd.DataFrame:
    df = pd.DataFrame(
        {
            "date": pd.to_datetime(["2026-09-18"] * 4),
            "kind": ["type", "type", "type", "plant"],
            "code": ["TREE", "GRASS", "WEED", "OAK"],
            "name": ["Tree", "Grass", "Weed", "Oak"],
            "upi": pd.array([1, 0, 4, None], dtype="Int64"),
            "category": ["Very low", "None", "High", None],
            "in_season": [True, False, True, False],
            "color": [None, None, None, None],
        }
    )
    df.attrs = {"source": "sandbox", "attributions": [{"title": "mapsnb sandbox", "url": None}]}
    return df


def hourly_frame() -> pd.DataFrame:
    df = pd.DataFrame(
        {
            "time": pd.date_range("2026-09-18 06:00", periods=5, freq="h", tz=ZONE),
            "temperature_c": [12.0, 13.5, 15.0, 17.2, 18.1],
            "precip_probability_pct": [0.0, 10.0, 40.0, 20.0, 5.0],
        }
    )
    df.attrs = {"source": "live", "units": {"temperature_c": "°C"}, "attributions": []}
    return df


def _png(ax) -> bytes:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png")
    return buf.getvalue()


def _texts(ax) -> list[str]:
    return [t.get_text() for t in ax.figure.texts]


def _moment(x: object) -> pd.Timestamp:
    if isinstance(x, (int, float, np.floating)):
        return pd.Timestamp(matplotlib.dates.num2date(float(x)))
    return pd.Timestamp(x)


def _by_gid(artists, gid: str) -> list:
    return [a for a in artists if a.get_gid() == gid]


# ------------------------------------------------------------------------- air quality
def test_air_quality_line_equals_frame_and_epa_bands() -> None:
    df = aq_frame()
    ax = charts.plot_air_quality(df, now="2026-09-18T03:30:00-07:00")
    (line,) = _by_gid(ax.lines, "aqi")
    epa = df[df["index_code"] == "usa_epa"]
    np.testing.assert_array_equal(line.get_ydata(), epa["aqi"].astype(float).to_numpy())
    assert len(line.get_xdata()) == len(epa)
    bands = [p for p in ax.patches if str(p.get_gid()).startswith("band:")]
    edges = sorted({(p.get_y(), p.get_y() + p.get_height()) for p in bands})
    # max 95 (+10 % headroom) → bands up to the next EPA breakpoint, 150
    assert (
        edges
        == [(lo, hi) for lo, hi, _, _ in charts.EPA_BANDS[:3]]
        == [
            (0, 50),
            (50, 100),
            (100, 150),
        ]
    )
    assert ax.get_ylim() == (0, 150)
    (now,) = _by_gid(ax.lines, "now")
    marked = _moment(now.get_xdata()[0])
    assert marked == pd.Timestamp("2026-09-18T03:00:00-07:00")
    assert ZONE in ax.get_xlabel()
    peak = _by_gid(ax.texts, "peak")
    assert peak and "95" in peak[0].get_text() and "o3" in peak[0].get_text()
    assert any("Google Air Quality" in t for t in _texts(ax))
    assert _png(ax).startswith(b"\x89PNG")


def test_air_quality_uaqi_bands_and_default_index() -> None:
    df = aq_frame()
    ax = charts.plot_air_quality(df, "uaqi", now=NOW)
    edges = sorted(
        (p.get_y(), p.get_y() + p.get_height())
        for p in ax.patches
        if str(p.get_gid()).startswith("band:")
    )
    assert edges == [(lo, hi) for lo, hi, _, _ in charts.UAQI_BANDS]
    assert not _by_gid(ax.lines, "now")  # NOW is after the data
    (line,) = _by_gid(ax.lines, "aqi")
    assert list(line.get_ydata()) == [90, 85, 80, 75, 70, 65]
    only_uaqi = df[df["index_code"] == "uaqi"]
    assert "Universal AQI" in charts.plot_air_quality(only_uaqi).get_title()
    with pytest.raises(ValueError, match="not in this data"):
        charts.plot_air_quality(df, "deu_uba")


def test_air_quality_uses_given_axes_and_sandbox_note() -> None:
    fig, ax = plt.subplots()
    out = charts.plot_air_quality(aq_frame(source="sandbox"), ax=ax)
    assert out[0] is ax and list(out) == [ax] and out.figure is fig
    assert any("synthetic data" in t for t in _texts(ax))
    charts.plot_air_quality(aq_frame(source="sandbox"), "uaqi", ax=fig.add_subplot(2, 1, 2))
    assert len(fig.texts) == 1  # one attribution line per figure


# ------------------------------------------------------------------------------ pollen
def test_pollen_bars_colours_season_and_missing() -> None:
    ax = charts.plot_pollen(pollen_frame())
    bars = _by_gid(ax.patches, "upi")
    assert [b.get_height() for b in bars] == [1, 0, 4]
    assert matplotlib.colors.to_hex(bars[0].get_facecolor()) == charts.UPI_COLORS[1]
    assert matplotlib.colors.to_hex(bars[2].get_facecolor()) == charts.UPI_COLORS[4]
    assert bars[1].get_hatch() == "//"  # grass is out of season
    assert len(_by_gid(ax.texts, "out-of-season")) == 1
    assert [t.get_text() for t in ax.get_xticklabels()] == ["Tree", "Grass", "Weed"]
    assert any("synthetic data" in t for t in _texts(ax))
    plant = charts.plot_pollen(pollen_frame(), "plant")
    assert not _by_gid(plant.patches, "upi")  # NA → no bar
    # issue 22: the oak has no index because it is out of season, not for lack of data
    assert [t.get_text() for t in _by_gid(plant.texts, "out-of-season")] == ["out of season"]
    in_season = pollen_frame().assign(in_season=True)
    plant = charts.plot_pollen(in_season, "plant")
    assert [t.get_text() for t in _by_gid(plant.texts, "no-data")] == ["no data"]
    assert _png(plant).startswith(b"\x89PNG")
    with pytest.raises(ValueError):
        charts.plot_pollen(pollen_frame(), "tree")


# ----------------------------------------------------------------------------- weather
def test_weather_hourly_line_and_precip_bars() -> None:
    df = hourly_frame()
    ax = charts.plot_weather(df)
    (line,) = _by_gid(ax.lines, "temperature")
    np.testing.assert_array_equal(line.get_ydata(), df["temperature_c"].to_numpy())
    bars = _by_gid(charts.precip_axes(ax).patches, "precip")
    assert [b.get_height() for b in bars] == df["precip_probability_pct"].tolist()
    assert charts.precip_axes(ax).get_ylim() == (0, 100)
    assert "°C" in ax.get_ylabel()
    assert any("Source:" in t for t in _texts(ax))
    assert _png(ax).startswith(b"\x89PNG")


def test_weather_daily_band() -> None:
    df = pd.DataFrame(
        {
            "date": pd.to_datetime(["2026-09-18", "2026-09-19", "2026-09-20"]),
            "temperature_max_c": [25.0, 22.0, 19.5],
            "temperature_min_c": [14.0, 13.0, 11.0],
            "precip_probability_pct": [0.0, 30.0, 80.0],
        }
    )
    df.attrs = {"source": "sandbox", "attributions": []}
    ax = charts.plot_weather(df)
    assert list(_by_gid(ax.lines, "max")[0].get_ydata()) == [25.0, 22.0, 19.5]
    assert list(_by_gid(ax.lines, "min")[0].get_ydata()) == [14.0, 13.0, 11.0]
    assert _by_gid(ax.collections, "band")
    assert any("synthetic data" in t for t in _texts(ax))


# ------------------------------------------------------------------- with the emulator
@pytest.fixture(scope="module")
def env() -> object:
    client = mapsnb.Client(now=NOW)
    return client.lookup_weather(
        "San Francisco, CA", capabilities=["WEATHER", "AIR_QUALITY", "POLLEN"], date="2026-09-18"
    )


def test_emulator_air_quality_chart(env) -> None:
    ax = charts.plot_air_quality(env, now=NOW)
    aq = env.air_quality
    epa = aq[aq["index_code"] == "usa_epa"].sort_values("time")
    (line,) = _by_gid(ax.lines, "aqi")
    np.testing.assert_array_equal(line.get_ydata(), epa["aqi"].astype(float).to_numpy())
    (now,) = _by_gid(ax.lines, "now")
    assert _moment(now.get_xdata()[0]) == pd.Timestamp(NOW)
    assert any("synthetic data" in t for t in _texts(ax))
    assert _png(ax).startswith(b"\x89PNG")


def test_emulator_pollen_and_weather_charts(env) -> None:
    ax = charts.plot_pollen(env)
    types = env.pollen[env.pollen["kind"] == "type"]
    heights = [b.get_height() for b in _by_gid(ax.patches, "upi")]
    assert heights == types["upi"].dropna().astype(int).tolist()
    wx = charts.plot_weather(env)  # a date-only request answers daily weather
    daily = env.daily_weather
    assert list(_by_gid(wx.lines, "max")[0].get_ydata()) == daily["temperature_max_c"].tolist()
    assert _png(wx).startswith(b"\x89PNG")


def test_pollen_missing_in_season_is_out_of_season() -> None:
    """TOOLS.md §3.8: a missing ``in_season`` means not in season, also as NA in a frame."""
    df = pollen_frame()
    df["in_season"] = pd.array([True, None, True, False], dtype="boolean")
    bars = _by_gid(charts.plot_pollen(df).patches, "upi")
    assert [b.get_hatch() for b in bars] == [None, "//", None]


# ------------------------------------------- issue 11 item 8: errors name the real cause
@pytest.fixture(scope="module")
def paris_day() -> object:
    return mapsnb.Client(now=NOW).lookup_weather(
        "Paris, France", capabilities=["WEATHER"], date="2026-09-18"
    )


def test_daily_mode_hourly_weather_error_names_daily_mode(paris_day) -> None:
    with pytest.raises(ValueError) as err:
        charts.plot_weather(paris_day.hourly_weather)
    message = str(err.value)
    assert "ask lookup_weather for WEATHER" not in message  # WEATHER *was* asked
    assert "date and no hour" in message and "DAILY" in message
    assert "env.daily_weather" in message and "hour=h" in message and "mapsnb.concat" in message
    charts.plot_weather(paris_day)  # the result itself plots its daily forecast


def test_missing_capability_errors_name_the_capability(paris_day) -> None:
    with pytest.raises(ValueError, match=r"did not ask for AIR_QUALITY; add 'AIR_QUALITY'"):
        charts.plot_air_quality(paris_day)
    with pytest.raises(ValueError, match=r"did not ask for POLLEN; add 'POLLEN'"):
        charts.plot_pollen(paris_day.pollen)


def test_current_and_hour_mode_errors() -> None:
    client = mapsnb.Client(now=NOW)
    current = client.lookup_weather("Paris, France", capabilities=["WEATHER"])
    with pytest.raises(ValueError, match="without a date answers current conditions only"):
        charts.plot_weather(current.hourly_weather)
    with pytest.raises(ValueError, match="ask date=… without hour for the daily forecast"):
        charts.plot_weather(current.daily_weather)
    hour = client.lookup_weather(
        "Paris, France", capabilities=["WEATHER"], date="2026-09-19", hour=9
    )
    with pytest.raises(ValueError, match="with an hour has no daily forecast"):
        charts.plot_weather(hour.daily_weather)


def test_wrong_frame_names_the_right_chart(paris_day) -> None:
    with pytest.raises(ValueError, match=r"looks like env\.air_quality: use plot_air_quality"):
        charts.plot_weather(aq_frame())
    with pytest.raises(ValueError, match="looks like a weather frame: use plot_weather"):
        charts.plot_air_quality(hourly_frame())
    with pytest.raises(TypeError, match="EnvironmentResult or a DataFrame"):
        charts.plot_pollen(42)


def test_routes_without_polyline_say_include_polyline() -> None:
    routes = mapsnb.Client(now=NOW).compute_routes("San Francisco, CA", "Oakland, CA")
    with pytest.raises(ValueError, match=r"include_polyline=True"):
        charts.plot_routes(routes)


# ---------------------------------------------------- issue 11 item 7: the wide view
def test_air_quality_wide_one_column_per_index(paris_aq) -> None:
    wide = paris_aq.air_quality_wide
    long = paris_aq.air_quality
    assert list(wide.columns) == list(dict.fromkeys(long.index_code))  # uaqi, fra_atmo
    assert wide.index.name == "time" and wide.index.is_monotonic_increasing
    assert len(wide) == long.time.nunique() == 24
    for code in wide.columns:
        rows = long[long.index_code == code].set_index("time")["aqi"]
        pd.testing.assert_series_equal(wide[code], rows.rename(code).sort_index())
    assert wide.attrs["source"] == "sandbox" and wide.attrs["place"] == "Paris, France"
    # the documented plot call draws one line per index, no sawtooth
    ax = wide.plot()
    assert len(ax.lines) == 2
    assert all(line.get_xdata().size == 24 for line in ax.lines)
    # and the charts accept it
    line = _by_gid(charts.plot_air_quality(wide, "uaqi").lines, "aqi")[0]
    np.testing.assert_array_equal(line.get_ydata(), wide["uaqi"].astype(float).to_numpy())


@pytest.fixture(scope="module")
def paris_aq() -> object:
    return mapsnb.Client(now=NOW).lookup_weather(
        "Paris, France", capabilities=["AIR_QUALITY"], date="2026-09-18"
    )


def test_concat_of_places_gives_one_line_per_call_not_a_sawtooth() -> None:
    client = mapsnb.Client(now=NOW)
    calls = [
        client.lookup_weather(p, capabilities=["AIR_QUALITY"], date="2026-09-18")
        for p in ("Paris, France", "Lyon, France")
    ]
    stacked = mapsnb.concat(calls)
    ax = charts.plot_air_quality(stacked, "uaqi")
    lines = _by_gid(ax.lines, "aqi")
    assert len(lines) == 2
    for line in lines:
        times = [_moment(x) for x in line.get_xdata()]
        assert times == sorted(times) and len(set(times)) == len(times) == 24
    plain = pd.concat([c.air_quality for c in calls])  # no request column: refuse to zig-zag
    with pytest.raises(ValueError, match=r"several rows for one hour.*mapsnb\.concat"):
        charts.plot_air_quality(plain, "uaqi")


# ---------------------------------------------------------- scales of other indexes
def _index_frame(code: str, name: str, values: list[int]) -> pd.DataFrame:
    times = pd.date_range("2026-09-18 00:00", periods=len(values), freq="h", tz=ZONE)
    df = pd.DataFrame({"time": times, "index_code": code, "index_name": name,
                       "aqi": pd.array(values, dtype="Int64"), "category": "x",
                       "dominant_pollutant": "pm10", "color": "#123456"})  # fmt: skip
    df.attrs = {"source": "live", "attributions": [], "place": "Somewhere"}
    return df


def test_caqi_bands_and_integer_ticks() -> None:
    ax = charts.plot_air_quality(_index_frame("caqi", "CAQI", [10, 30, 60, 40]))
    colours = [matplotlib.colors.to_hex(p.get_facecolor()) for p in ax.patches
               if str(p.get_gid()).startswith("band:")]  # fmt: skip
    assert colours == [b.color for b in charts.SCALES["caqi"].bands[:3]]  # up to 60 × 1.1 → 75
    assert list(ax.get_yticks()) == [0, 25, 50, 75]
    assert "lower is better" in ax.get_ylabel()
    assert ax.get_title() == "CAQI, hourly — Somewhere, Fri 18 Sep 2026"


def test_unknown_index_uses_the_datas_categories_without_a_direction() -> None:
    df = _index_frame("xyz_new", "New index", [2, 3, 7])
    df["category"] = ["Fine", "Fine", "Bad"]
    df["color"] = ["#00ff00", "#00ff00", "#ff0000"]
    ax = charts.plot_air_quality(df)
    bands = [p for p in ax.patches if str(p.get_gid()).startswith("band:")]
    assert [p.get_gid() for p in bands] == ["band:Fine", "band:Bad"]
    assert ax.get_ylabel() == "New index"  # no claimed direction
    ticks = ax.get_yticks()
    assert np.all(ticks == np.round(ticks))


def test_date_span_labels() -> None:
    from mapsnb.charts._time_axes import date_span

    assert date_span(pd.to_datetime(["2026-09-18"])) == "Fri 18 Sep 2026"
    assert date_span(pd.to_datetime(["2026-09-18", "2026-09-22"])) == "18–22 Sep 2026"
    assert date_span(pd.to_datetime(["2026-09-29", "2026-10-03"])) == "29 Sep – 3 Oct 2026"
    assert date_span(pd.to_datetime(["2026-12-30", "2027-01-02"])) == "30 Dec 2026 – 2 Jan 2027"


def test_title_names_a_place_given_as_coordinates() -> None:
    env = mapsnb.Client(now=NOW).lookup_weather(
        (-33.87, 151.21), capabilities=["AIR_QUALITY"], date="2026-09-19"
    )
    assert env.air_quality.attrs["place"] == "33.87°S 151.21°E"
    ax = charts.plot_air_quality(env)
    assert ax.get_title() == "Universal AQI, hourly — 33.87°S 151.21°E, Sat 19 Sep 2026"
