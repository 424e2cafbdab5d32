"""A column's unit never changes silently (issue 31, item 2): weather measures carry their unit
in their name in every frame, single and batch, metric and imperial."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

import matplotlib
import pandas as pd
import pytest

import mapsnb
from mapsnb.frames import unit_column

matplotlib.use("Agg")

NOW = "2026-09-18T08:00:00-07:00"
TOMORROW = dt.date(2026, 9, 19)
#: Measures whose unit depends on units_system: never a column under their bare name.
BARE = {
    "temperature",
    "feels_like",
    "dew_point",
    "heat_index",
    "wind_speed",
    "wind_gust",
    "visibility",
    "precip_amount",
    "temperature_max",
    "temperature_min",
    "feels_like_max",
    "feels_like_min",
}
METRIC = {"temperature_c", "wind_speed_kph", "wind_gust_kph", "visibility_km", "precip_amount_mm"}
IMPERIAL = {"temperature_f", "wind_speed_mph", "wind_gust_mph", "visibility_mi", "precip_amount_in"}


@pytest.fixture(scope="module")
def client() -> Iterator[mapsnb.Client]:
    with mapsnb.Client(now=NOW) as sandbox:
        yield sandbox


def weather(client: mapsnb.Client, units: str | None = None, **kw: object) -> object:
    extra = {"units_system": units} if units else {}
    return client.lookup_weather("Paris, France", capabilities=["WEATHER"], **extra, **kw)  # type: ignore[arg-type]


@pytest.mark.parametrize(("units", "names"), [(None, METRIC), ("IMPERIAL", IMPERIAL)])
def test_single_frames_name_their_units(
    client: mapsnb.Client, units: str | None, names: set[str]
) -> None:
    current = weather(client, units).current_weather  # type: ignore[attr-defined]
    hourly = weather(client, units, date=TOMORROW, hour=9).hourly_weather  # type: ignore[attr-defined]
    daily = weather(client, units, date=TOMORROW).daily_weather  # type: ignore[attr-defined]
    for df in (current, hourly, daily):
        assert len(df) and not BARE & set(df.columns)
        assert set(df.attrs["units"]) <= set(df.columns)
    assert names <= set(current.columns) and names <= set(hourly.columns)
    suffix = "f" if units else "c"
    assert {f"temperature_max_{suffix}", f"temperature_min_{suffix}"} <= set(daily.columns)
    assert current.attrs["units"][f"temperature_{suffix}"] == ("°F" if units else "°C")


def test_metric_and_imperial_stacked_keep_both_columns(client: mapsnb.Client) -> None:
    metric = weather(client).current_weather  # type: ignore[attr-defined]
    imperial = weather(client, "IMPERIAL").current_weather  # type: ignore[attr-defined]
    rows = pd.DataFrame({"units": ["METRIC", "IMPERIAL"]})
    batch = client.batch.lookup_weather(
        rows,
        location="Paris, France",
        capabilities=["WEATHER"],
        units_system="units",
        table="current_weather",
        progress=False,
    )
    assert not BARE & set(batch.columns)
    assert batch["temperature_c"].tolist()[0] == metric["temperature_c"].iloc[0]
    assert pd.isna(batch["temperature_c"].iloc[1]) and pd.isna(batch["temperature_f"].iloc[0])
    assert batch["temperature_f"].iloc[1] == imperial["temperature_f"].iloc[0]
    assert batch.attrs["units"]["temperature_c"] == "°C"
    assert batch.attrs["units"]["temperature_f"] == "°F"

    stacked = mapsnb.concat([weather(client), weather(client, "IMPERIAL")])
    assert {"temperature_c", "temperature_f"} <= set(stacked.columns)
    assert stacked.attrs["units"]["wind_speed_mph"] == "mph"
    assert stacked.attrs["units"]["wind_speed_kph"] == "km/h"


def test_unit_column_finds_a_measure() -> None:
    columns = ["time", "temperature_max_c", "temperature_f", "feels_like_c"]
    assert unit_column(columns, "temperature") == "temperature_f"
    assert unit_column(columns, "temperature_max") == "temperature_max_c"
    assert unit_column(columns, "feels_like") == "feels_like_c"
    assert unit_column(columns, "wind_speed") is None


def test_the_weather_chart_reads_either_unit(client: mapsnb.Client) -> None:
    from mapsnb.charts import plot_weather

    hourly = weather(client, "IMPERIAL", date=TOMORROW, hour=9).hourly_weather  # type: ignore[attr-defined]
    ax = plot_weather(hourly)
    assert ax.get_ylabel() == "temperature (°F)"
    daily = weather(client, date=TOMORROW).daily_weather  # type: ignore[attr-defined]
    ax = plot_weather(daily)
    line = next(x for x in ax.lines if x.get_gid() == "max")
    assert list(line.get_ydata()) == daily["temperature_max_c"].tolist()
