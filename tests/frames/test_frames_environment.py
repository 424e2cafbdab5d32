"""Frames of lookup_weather: weather (current/hourly/daily), air quality, pollen, attributions."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import numpy as np
import pandas as pd
import pytest

from mapsnb import frames as F
from mapsnb.frames._air_quality import AIR_QUALITY_COLUMNS
from mapsnb.frames._pollen import POLLEN_COLUMNS
from mapsnb.frames._weather import CURRENT_WEATHER_COLUMNS, DAILY_COLUMNS, WEATHER_COLUMNS

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "payloads"
LA = ZoneInfo("America/Los_Angeles")
ENV_FRAMES = [
    F.current_weather_frame,
    F.hourly_weather_frame,
    F.daily_weather_frame,
    F.air_quality_frame,
    F.pollutants_frame,
    F.health_recommendations_frame,
    F.pollen_frame,
]


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def snake_keys(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {re.sub(r"([A-Z])", r"_\1", k).lower(): snake_keys(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [snake_keys(v) for v in obj]
    return obj


def aq_hour(day: tuple[int, int, int], hour: int, offset_s: int | None, aqi: int = 50) -> dict:
    when: dict[str, Any] = {
        "year": day[0],
        "month": day[1],
        "day": day[2],
        "hours": hour,
        "minutes": 0,
        "seconds": 0,
    }
    if offset_s is not None:
        when["utcOffset"] = f"{offset_s}s"
    return {
        "dateTime": when,
        "indexes": [
            {
                "code": "uaqi",
                "displayName": "Universal AQI",
                "aqi": aqi,
                "aqiDisplay": str(aqi),
                "color": {"red": 1.0},
                "category": "Good",
                "dominantPollutant": "o3",
            }
        ],
        "pollutants": [
            {
                "code": "o3",
                "displayName": "O3",
                "fullName": "Ozone",
                "concentration": {"value": 30 + hour, "units": "PARTS_PER_BILLION"},
            }
        ],
        "healthRecommendations": {"generalPopulation": "Fine.", "pregnantWomen": "Fine."},
    }


# ------------------------------------------------------------------------------- weather


def test_current_weather_values_units_and_zone() -> None:
    df = F.current_weather_frame(load("weather_current"), source="sandbox")
    assert list(df.columns) == CURRENT_WEATHER_COLUMNS and len(df) == 1
    row = df.iloc[0]
    assert row["time"] == pd.Timestamp("2026-09-18T22:00:00Z")
    assert str(df["time"].dtype) == "datetime64[ns, America/Los_Angeles]"
    assert row["time"].hour == 15
    assert (row["temperature_c"], row["feels_like_c"], row["dew_point_c"]) == (21.4, 20.9, 11.2)
    assert (row["humidity_pct"], row["precip_probability_pct"], row["precip_type"]) == (
        52,
        10,
        "RAIN",
    )
    assert (row["pressure_mb"], row["wind_speed_kph"], row["wind_gust_kph"]) == (1016.3, 14, 25)
    assert (row["wind_direction_deg"], row["wind_cardinal"], row["visibility_km"]) == (
        270,
        "WEST",
        16,
    )
    assert (row["condition"], row["condition_type"], row["cloud_cover_pct"]) == (
        "Partly sunny",
        "PARTLY_CLOUDY",
        40,
    )
    assert bool(row["is_daytime"]) is True and str(df["is_daytime"].dtype) == "boolean"
    assert df["temperature_c"].dtype == np.float64
    units = df.attrs["units"]
    assert units["temperature_c"] == "°C" and units["wind_speed_kph"] == "km/h"
    assert units["precip_amount_mm"] == "mm" and units["visibility_km"] == "km"
    assert units["humidity_pct"] == "%" and units["pressure_mb"] == "mb"
    assert df.attrs["source"] == "sandbox"
    assert df.attrs["attributions"] == [load("weather_current")["weather"]["attribution"]]


def test_snake_case_payload_gives_the_same_frames() -> None:
    for name in ("weather_current", "weather_hourly_imperial", "weather_daily", "weather_legacy"):
        for fn in ENV_FRAMES:
            pd.testing.assert_frame_equal(fn(load(name)), fn(snake_keys(load(name))))


def test_hourly_imperial_sorted_with_nullable_daytime() -> None:
    df = F.hourly_weather_frame(load("weather_hourly_imperial"))
    assert len(df) == 3 and df["time"].is_monotonic_increasing  # history + forecast, sorted
    assert str(df["time"].dtype) == "datetime64[ns, America/New_York]"  # {"id": ...} zone
    assert df["temperature_f"].tolist() == [70.1, 66.0, 68.2]
    assert df["is_daytime"].isna().tolist() == [False, True, False]
    assert (
        df.attrs["units"]["temperature_f"] == "°F" and df.attrs["units"]["wind_speed_mph"] == "mph"
    )
    assert (
        df.attrs["units"]["precip_amount_in"] == "in" and df.attrs["units"]["visibility_mi"] == "mi"
    )
    assert df["precip_amount_in"].iloc[2] == 0.06


def test_imperial_defaults_without_unit_fields() -> None:
    payload = {
        "weather": {"forecastHours": [{"temperature": {"degrees": 60, "unit": "FAHRENHEIT"}}]}
    }
    units = F.hourly_weather_frame(payload).attrs["units"]
    assert (units["wind_speed_mph"], units["precip_amount_in"], units["visibility_mi"]) == (
        "mph",
        "in",
        "mi",
    )


def test_empty_when_mode_has_no_records() -> None:
    daily = load("weather_daily")
    for fn, columns in (
        (F.hourly_weather_frame, WEATHER_COLUMNS),
        (F.current_weather_frame, CURRENT_WEATHER_COLUMNS),
    ):
        df = fn(daily)
        assert len(df) == 0 and list(df.columns) == columns
    assert len(F.daily_weather_frame(load("weather_current"))) == 0
    for fn in ENV_FRAMES:
        assert len(fn({})) == 0
    assert list(F.air_quality_frame({}).columns) == AIR_QUALITY_COLUMNS
    assert list(F.pollen_frame({}).columns) == POLLEN_COLUMNS


def test_daily_weather() -> None:
    df = F.daily_weather_frame(load("weather_daily"))
    assert list(df.columns) == DAILY_COLUMNS
    assert str(df["date"].dtype) == "datetime64[ns]"
    assert df["date"].tolist() == [pd.Timestamp("2026-09-19"), pd.Timestamp("2026-09-20")]
    first = df.iloc[0]
    assert (first["temperature_max_c"], first["temperature_min_c"]) == (23.5, 12.1)
    assert (first["feels_like_max_c"], first["feels_like_min_c"]) == (23.0, 11.0)
    assert (first["condition"], first["uv_index"], first["humidity_pct"]) == ("Sunny", 6, 55)
    assert (first["wind_speed_kph"], first["wind_gust_kph"], first["cloud_cover_pct"]) == (
        12,
        22,
        10,
    )
    assert (first["night_condition"], first["night_precip_probability_pct"]) == ("Clear", 15)
    assert str(df["sunrise"].dtype) == "datetime64[ns, Europe/Paris]"
    assert first["sunrise"] == pd.Timestamp("2026-09-19T05:27:00Z") and first["sunrise"].hour == 7
    assert first["moon_phase"] == "FIRST_QUARTER"
    assert pd.isna(df.iloc[1]["sunset"]) and pd.isna(df.iloc[1]["condition"])
    assert df.attrs["units"]["temperature_max_c"] == "°C"


def test_legacy_flat_mode() -> None:
    payload = load("weather_legacy")
    df = F.current_weather_frame(payload)
    assert len(df) == 1 and df["time"].iloc[0] == pd.Timestamp("2026-09-18T10:15:00Z")
    assert str(df["time"].dtype) == "datetime64[ns, Europe/Paris]"
    assert (df["temperature_c"].iloc[0], df["condition"].iloc[0]) == (17.3, "Cloudy")
    assert df.attrs["attributions"] == [payload["attribution"]]
    daily = F.daily_weather_frame(payload)
    assert daily["temperature_max_c"].tolist() == [22.0]
    assert daily["date"].tolist() == [pd.Timestamp("2026-09-18")]
    assert len(F.hourly_weather_frame(payload)) == 0 and len(F.air_quality_frame(payload)) == 0
    assert F.environment_attributions(payload) == {
        "weather": [payload["attribution"]],
        "air_quality": [],
        "pollen": [],
    }


def test_alternative_container_keys_and_utc_without_zone() -> None:
    rec = {"dateTime": "2026-09-18T12:00:00.123456789Z", "temperature": {"degrees": 5}}
    payload = {"weather": {"current": rec, "hourly": [rec, rec], "daily": [{"date": "2026-09-18"}]}}
    assert len(F.current_weather_frame(payload)) == 1
    hourly = F.hourly_weather_frame(payload)
    assert len(hourly) == 2 and str(hourly["time"].dtype) == "datetime64[ns, UTC]"
    assert hourly["time"].iloc[0] == pd.Timestamp("2026-09-18T12:00:00.123456Z")
    assert F.daily_weather_frame(payload)["date"].tolist() == [pd.Timestamp("2026-09-18")]


# --------------------------------------------------------------------------- air quality


def test_air_quality_frame() -> None:
    df = F.air_quality_frame(load("weather_current"), source="sandbox")
    assert list(df.columns) == AIR_QUALITY_COLUMNS
    assert df["index_code"].tolist() == ["uaqi", "usa_epa"]
    assert str(df["aqi"].dtype) == "Int64" and df["aqi"].tolist() == [72, 41]
    assert df["aqi_display"].tolist() == ["72", "41"]
    assert df["dominant_pollutant"].tolist() == ["o3", "pm25"]  # each index its own
    assert df["color"].tolist() == ["#59c433", "#00e300"]  # missing components are 0
    assert df.attrs["attributions"][0]["title"] == "Google Air Quality"


def test_air_quality_hour_equals_weather_hour() -> None:
    payload = load("weather_current")
    aq = F.air_quality_frame(payload)
    wx = F.current_weather_frame(payload)
    assert aq["time"].iloc[0] == wx["time"].iloc[0]
    assert aq["time"].dtype == wx["time"].dtype
    merged = aq.merge(wx[["time", "temperature_c"]], on="time")
    assert merged["temperature_c"].tolist() == [21.4, 21.4]
    no_zone = dict(payload)
    no_zone.pop("timeZone")
    assert (
        F.air_quality_frame(no_zone)["time"].iloc[0]
        == F.current_weather_frame(no_zone)["time"].iloc[0]
    )


@pytest.mark.parametrize(
    ("offset", "utc_hour", "utc_minute", "label"),
    [(-12600, 12, 30, "UTC-03:30"), (19800, 3, 30, "UTC+05:30"), (-25200, 16, 0, "UTC-07:00")],
)
def test_air_quality_fixed_offsets(offset: int, utc_hour: int, utc_minute: int, label: str) -> None:
    payload = {
        "airQuality": {
            "hourlyResults": [aq_hour((2026, 9, 18), 9, offset), aq_hour((2026, 9, 18), 10, offset)]
        }
    }
    df = F.air_quality_frame(payload)
    first = df["time"].iloc[0]
    assert first == pd.Timestamp(2026, 9, 18, utc_hour, utc_minute, tz="UTC")
    assert (first.hour, first.minute) == (9, 0)  # shown in the location's fixed offset
    assert first.tzinfo.utcoffset(None) == timedelta(seconds=offset)
    assert label in str(df["time"].dtype) or first.tzname() == label
    assert df["time"].iloc[1] - first == pd.Timedelta(hours=1)


def dst_payload(with_zone: bool) -> dict:
    hours = [aq_hour((2026, 11, 1), h, -25200 if h < 2 else -28800, aqi=h) for h in range(24)]
    payload: dict[str, Any] = {"airQuality": {"hourlyResults": hours}}
    if with_zone:
        payload["timeZone"] = "America/Los_Angeles"
    return payload


def test_air_quality_dst_change_day() -> None:
    df = F.air_quality_frame(dst_payload(with_zone=True))
    assert len(df) == 24 and str(df["time"].dtype) == "datetime64[ns, America/Los_Angeles]"
    assert df["time"].is_monotonic_increasing and df["time"].is_unique
    assert df["time"].iloc[0] == pd.Timestamp("2026-11-01T07:00:00Z")
    assert df["time"].iloc[2] == pd.Timestamp("2026-11-01T10:00:00Z")
    assert [t.hour for t in df["time"]] == list(range(24))  # local wall clock kept
    no_zone = F.air_quality_frame(dst_payload(with_zone=False))
    assert str(no_zone["time"].dtype) == "datetime64[ns, UTC]"  # mixed offsets -> UTC
    assert (no_zone["time"] == df["time"]).all()
    polls = F.pollutants_frame(dst_payload(with_zone=True))
    assert (polls["time"].to_numpy() == df["time"].to_numpy()).all()


def test_air_quality_string_and_zone_local_times() -> None:
    hour = aq_hour((2026, 9, 18), 0, None)
    hour["dateTime"] = "2026-09-18T15:00:00-07:00"
    df = F.air_quality_frame({"airQuality": {"hourlyResults": [hour]}})
    assert df["time"].iloc[0] == pd.Timestamp("2026-09-18T22:00:00Z")
    assert df["time"].iloc[0].utcoffset() == timedelta(hours=-7)
    local = {
        "timeZone": "Asia/Kolkata",
        "airQuality": {"hourlyResults": [aq_hour((2026, 9, 18), 9, None)]},
    }
    got = F.air_quality_frame(local)["time"].iloc[0]
    assert got == pd.Timestamp("2026-09-18T03:30:00Z")
    assert got.tz.key == "Asia/Kolkata"  # type: ignore[union-attr]


def test_pollutants_and_health_frames() -> None:
    payload = load("weather_current")
    pol = F.pollutants_frame(payload)
    assert list(pol.columns) == ["time", "pollutant", "name", "full_name", "value", "units"]
    assert pol["pollutant"].tolist() == ["pm25", "o3"] and pol["value"].tolist() == [9.8, 31.2]
    assert pol["value"].dtype == np.float64
    assert pol["units"].tolist() == ["MICROGRAMS_PER_CUBIC_METER", "PARTS_PER_BILLION"]
    health = F.health_recommendations_frame(payload)
    assert list(health.columns) == ["time", "group", "text"]
    assert health["group"].tolist() == [
        "general_population",
        "elderly",
        "lung_disease_population",
        "heart_disease_population",
        "athletes",
        "pregnant_women",
        "children",
    ]
    assert health["text"].iloc[0].startswith("With this level")
    assert (health["time"] == pd.Timestamp("2026-09-18T22:00:00Z")).all()


# -------------------------------------------------------------------------------- pollen


def test_pollen_frame() -> None:
    df = F.pollen_frame(load("weather_current"), source="sandbox")
    assert list(df.columns) == POLLEN_COLUMNS
    assert df["kind"].tolist() == ["type", "type", "type", "plant", "plant"]
    assert df["code"].tolist() == ["GRASS", "TREE", "WEED", "BIRCH", "RAGWEED"]
    assert str(df["upi"].dtype) == "Int64" and df["upi"].tolist() == [2, 0, 3, pd.NA, 3]
    assert str(df["in_season"].dtype) == "boolean"
    assert df["in_season"].tolist() == [True, False, True, False, True]  # missing -> False
    assert df["color"].tolist()[:3] == ["#85cc33", "#bfbfbf", "#ffd600"]
    assert pd.isna(df["color"].iloc[3]) and pd.isna(df["category"].iloc[3])
    assert df["index_description"].iloc[1] == "No pollen is expected."
    assert df["date"].tolist() == [pd.Timestamp("2026-09-18")] * 5
    assert str(df["date"].dtype) == "datetime64[ns]"
    assert df.attrs["attributions"][0]["title"] == "Google Pollen"


def test_environment_attributions_per_domain() -> None:
    payload = load("weather_current")
    got = F.environment_attributions(payload)
    assert [d["title"] for d in got["weather"]] == ["Google Weather"]
    assert [d["title"] for d in got["air_quality"]] == ["Google Air Quality"]
    assert [d["title"] for d in got["pollen"]] == ["Google Pollen"]
    hourly = F.environment_attributions(load("weather_hourly_imperial"))
    assert hourly["air_quality"] == [] and hourly["pollen"] == []
    assert F.environment_attributions(snake_keys(payload)) == got


# ----------------------------------------------------------------------- sandbox payloads


@pytest.fixture(scope="module")
def sandbox() -> Any:
    from mapsnb_sandbox import Sandbox

    return Sandbox(now="2026-10-31T20:00:00Z")


def test_sandbox_lookup_weather_current(sandbox: Any) -> None:
    args = {
        "location": {"address": "Los Angeles, CA"},
        "capabilities": ["WEATHER", "AIR_QUALITY", "POLLEN"],
        "air_quality_options": {"include_pollutant_concentration": True},
    }
    payload = sandbox.call_tool("lookup_weather", args)
    wx = F.current_weather_frame(payload, source="sandbox")
    aq = F.air_quality_frame(payload, source="sandbox")
    assert len(wx) == 1 and wx["temperature_c"].notna().all()
    assert wx["time"].iloc[0] == pd.Timestamp("2026-10-31T20:00:00Z")
    assert set(aq["time"]) == {wx["time"].iloc[0]}  # same instant, same zone
    assert len(F.pollutants_frame(payload)) > 0 and len(F.pollen_frame(payload)) > 0
    assert F.health_recommendations_frame(payload)["group"].iloc[0] == "general_population"
    assert all(F.environment_attributions(payload).values())


def test_sandbox_lookup_weather_daily_dst(sandbox: Any) -> None:
    args = {
        "location": {"address": "Los Angeles, CA"},
        "capabilities": ["WEATHER", "AIR_QUALITY"],
        "date": {"year": 2026, "month": 11, "day": 1},
    }
    payload = sandbox.call_tool("lookup_weather", args)
    daily = F.daily_weather_frame(payload)
    assert daily["date"].tolist() == [pd.Timestamp("2026-11-01")]
    assert daily["sunrise"].iloc[0].tz.key == "America/Los_Angeles"
    aq = F.air_quality_frame(payload)
    uaqi = aq[aq["index_code"] == "uaqi"]
    assert len(uaqi) == 24 and uaqi["time"].is_monotonic_increasing and uaqi["time"].is_unique
    assert uaqi["time"].iloc[0].tz_convert(UTC) == pd.Timestamp("2026-11-01T07:00Z")
    hourly_args = {
        **args,
        "date": {"year": 2026, "month": 11, "day": 2},
        "hour": 9,
        "units_system": "IMPERIAL",
    }
    hourly = sandbox.call_tool("lookup_weather", hourly_args)
    hwx = F.hourly_weather_frame(hourly)
    assert hwx["time"].tolist() == [pd.Timestamp(datetime(2026, 11, 2, 9), tz=LA)]
    assert hwx.attrs["units"]["temperature_f"] == "°F"
    assert F.air_quality_frame(hourly)["time"].iloc[0] == hwx["time"].iloc[0]
