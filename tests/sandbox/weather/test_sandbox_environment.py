"""The emulator's lookup_weather: validation, modes, horizons, shapes (TOOLS.md §3, §6 35–48)."""

from __future__ import annotations

import math
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from mapsnb_sandbox.contract.common import Context, SandboxToolError
from mapsnb_sandbox.tools.weather import lookup_weather
from mapsnb_sandbox.weather import air_indexes as ai
from mapsnb_sandbox.weather import air_quality as aq
from mapsnb_sandbox.weather import model as wm

NOW = datetime(2026, 9, 18, 15, 0, tzinfo=UTC)
CTX = Context(now=NOW)
LA = {"lat_lng": {"latitude": 34.0522, "longitude": -118.2437}}
LA_TZ = ZoneInfo("America/Los_Angeles")
PARIS = {"lat_lng": {"latitude": 48.8566, "longitude": 2.3522}}
KOLKATA = {"lat_lng": {"latitude": 22.5726, "longitude": 88.3639}}
ALL = ["WEATHER", "AIR_QUALITY", "POLLEN"]
TODAY = date(2026, 9, 18)  # local date in Los Angeles at NOW (08:00 PDT)


def call(ctx: Context = CTX, **kw: Any) -> dict[str, Any]:
    args: dict[str, Any] = {"location": LA, "capabilities": ALL}
    args.update(kw)
    return lookup_weather(args, ctx)


def dd(d: date) -> dict[str, int]:
    return {"year": d.year, "month": d.month, "day": d.day}


def rejects(match: str, **kw: Any) -> SandboxToolError:
    with pytest.raises(SandboxToolError) as ei:
        call(**kw)
    assert ei.value.status == "INVALID_ARGUMENT"
    assert match in ei.value.message, ei.value.message
    return ei.value


def local_hour(delta_hours: int) -> dict[str, Any]:
    """date+hour args for LA local now (truncated to the hour) + delta."""
    t = (NOW + timedelta(hours=delta_hours)).astimezone(LA_TZ)
    return {"date": dd(t.date()), "hour": t.hour}


# --------------------------------------------------------------------------- validation


def test_capabilities_required_non_empty_and_known() -> None:
    with pytest.raises(SandboxToolError, match="capabilities is required"):
        lookup_weather({"location": LA}, CTX)
    rejects("non-empty list", capabilities=[])
    rejects("'RAIN'", capabilities=["WEATHER", "RAIN"])
    rejects("non-empty list", capabilities="WEATHER")


def test_location_oneof() -> None:
    with pytest.raises(SandboxToolError, match="location is required"):
        lookup_weather({"capabilities": ["WEATHER"]}, CTX)
    both = {"address": "Paris, France", "lat_lng": {"latitude": 1, "longitude": 2}}
    rejects("exactly one", location=both)
    rejects("exactly one", location={})


def test_hour_requires_date_and_range() -> None:
    rejects("hour requires date", hour=13)
    rejects("between 0 and 23", date=dd(TODAY), hour=24)
    rejects("between 0 and 23", date=dd(TODAY), hour=-1)
    rejects("hour must be an integer", date=dd(TODAY), hour=True)
    rejects("hour must be an integer", date=dd(TODAY), hour=1.5)


def test_date_must_be_real() -> None:
    rejects("not a real calendar date", date={"year": 2026, "month": 2, "day": 30})
    rejects("date.day is required", date={"year": 2026, "month": 2})
    rejects("date must be an object", date="2026-09-18")


def test_units_conflict_and_values() -> None:
    rejects("conflicts", units_system="METRIC", weather_options={"units_system": "IMPERIAL"})
    rejects("METRIC or IMPERIAL", units_system="KELVIN")
    out = call(
        capabilities=["WEATHER"],
        units_system="IMPERIAL",
        weather_options={"units_system": "IMPERIAL"},
    )
    assert out["weather"]["currentConditions"]["temperature"]["unit"] == "FAHRENHEIT"


def test_air_quality_options_validated() -> None:
    rejects("two-letter", air_quality_options={"index_region_code": "USA"})
    rejects("two-letter", air_quality_options={"index_region_code": "1A"})
    rejects("boolean", air_quality_options={"include_pollutant_concentration": "yes"})
    rejects("language_code", language_code="english please")


def test_same_field_in_both_spellings_rejected() -> None:
    rejects("given twice", units_system="METRIC", unitsSystem="METRIC")


def test_camel_case_inputs_accepted() -> None:
    out = lookup_weather(
        {
            "location": {"latLng": {"latitude": 34.0522, "longitude": -118.2437}},
            "capabilities": ["WEATHER", "AIR_QUALITY"],
            "weatherOptions": {"unitsSystem": "IMPERIAL"},
            "airQualityOptions": {"includePollutantConcentration": True, "indexRegionCode": "gb"},
        },
        CTX,
    )
    assert out["weather"]["currentConditions"]["wind"]["speed"]["unit"] == "MILES_PER_HOUR"
    entry = out["airQuality"]["hourlyResults"][0]
    assert "pollutants" in entry
    assert entry["indexes"][1]["code"] == "gbr_defra"


# --------------------------------------------------------------------------- containers and modes


@pytest.mark.parametrize(
    "caps,keys",
    [
        (["WEATHER"], {"weather"}),
        (["AIR_QUALITY"], {"airQuality"}),
        (["POLLEN"], {"pollen"}),
        (["POLLEN", "WEATHER"], {"weather", "pollen"}),
        (ALL, {"weather", "airQuality", "pollen"}),
    ],
)
def test_only_requested_containers_each_with_attribution(caps: list[str], keys: set[str]) -> None:
    out = call(capabilities=caps)
    assert set(out) == keys | {"timeZone"}
    assert out["timeZone"] == "America/Los_Angeles"
    for k in keys:
        assert out[k]["attribution"]["title"] and out[k]["attribution"]["url"]


def test_current_mode() -> None:
    out = call()
    cc = out["weather"]["currentConditions"]
    assert cc["dateTime"] == "2026-09-18T15:00:00Z"
    assert cc["weatherCondition"]["description"]["languageCode"] == "en"
    assert cc["temperature"]["unit"] == "CELSIUS"
    hours = out["airQuality"]["hourlyResults"]
    assert len(hours) == 1
    assert hours[0]["dateTime"] == {
        "year": 2026,
        "month": 9,
        "day": 18,
        "hours": 8,
        "minutes": 0,
        "seconds": 0,
        "utcOffset": "-25200s",
    }
    assert out["pollen"]["dailyInfo"][0]["date"] == dd(TODAY)
    assert len(out["pollen"]["dailyInfo"]) == 1


def test_current_agrees_with_hourly_same_hour() -> None:
    ctx = Context(now=NOW + timedelta(minutes=37))
    cur = call(ctx, capabilities=["WEATHER", "AIR_QUALITY"])
    hourly = call(ctx, capabilities=["WEATHER", "AIR_QUALITY"], date=dd(TODAY), hour=8)
    rec = dict(cur["weather"]["currentConditions"])
    hrec = dict(hourly["weather"]["forecastHours"][0])
    assert rec.pop("dateTime") == "2026-09-18T15:37:00Z"
    assert hrec.pop("dateTime") == "2026-09-18T15:00:00Z"
    assert rec == hrec
    assert cur["airQuality"] == hourly["airQuality"]


def test_hourly_mode_forecast_and_history_keys() -> None:
    fut = call(capabilities=["WEATHER"], date=dd(TODAY), hour=13)
    assert fut["weather"]["forecastHours"][0]["dateTime"] == "2026-09-18T20:00:00Z"
    assert "historyHours" not in fut["weather"]
    past = call(capabilities=["WEATHER"], date=dd(TODAY), hour=2)
    assert past["weather"]["historyHours"][0]["dateTime"] == "2026-09-18T09:00:00Z"
    assert "forecastHours" not in past["weather"]
    now = call(capabilities=["WEATHER"], date=dd(TODAY), hour=8)
    assert "forecastHours" in now["weather"]


def test_hourly_mode_pollen_ignores_hour() -> None:
    out = call(date=dd(TODAY), hour=0)
    assert out["pollen"]["dailyInfo"][0]["date"] == dd(TODAY)
    assert len(out["airQuality"]["hourlyResults"]) == 1
    assert out["airQuality"]["hourlyResults"][0]["dateTime"]["hours"] == 0


def test_daily_mode_shapes_and_bracketing() -> None:
    day = TODAY + timedelta(2)
    out = call(date=dd(day))
    days = out["weather"]["forecastDays"]
    assert len(days) == 1 and set(out["weather"]) == {"attribution", "forecastDays"}
    fd = days[0]
    assert fd["displayDate"] == dd(day)
    assert fd["interval"] == {
        "startTime": "2026-09-20T07:00:00Z",
        "endTime": "2026-09-21T07:00:00Z",
    }
    for part in ("daytimeForecast", "nighttimeForecast"):
        assert set(fd[part]) == {
            "weatherCondition",
            "relativeHumidity",
            "uvIndex",
            "precipitation",
            "thunderstormProbability",
            "wind",
            "cloudCover",
        }
    assert fd["nighttimeForecast"]["uvIndex"] == 0
    temps = [
        call(capabilities=["WEATHER"], date=dd(day), hour=h)["weather"]["forecastHours"][0][
            "temperature"
        ]["degrees"]
        for h in range(24)
    ]
    assert fd["maxTemperature"]["degrees"] == max(temps)
    assert fd["minTemperature"]["degrees"] == min(temps)
    assert fd["moonEvents"]["moonPhase"] in {
        "NEW_MOON",
        "WAXING_CRESCENT",
        "FIRST_QUARTER",
        "WAXING_GIBBOUS",
        "FULL_MOON",
        "WANING_GIBBOUS",
        "LAST_QUARTER",
        "WANING_CRESCENT",
    }
    assert len(out["airQuality"]["hourlyResults"]) == 24
    assert out["pollen"]["dailyInfo"][0]["date"] == dd(day)


def test_weather_record_fields_and_types() -> None:
    rec = call(capabilities=["WEATHER"], date=dd(TODAY), hour=13)["weather"]["forecastHours"][0]
    assert set(rec) == {
        "dateTime",
        "isDaytime",
        "weatherCondition",
        "temperature",
        "feelsLikeTemperature",
        "dewPoint",
        "heatIndex",
        "relativeHumidity",
        "uvIndex",
        "precipitation",
        "thunderstormProbability",
        "airPressure",
        "wind",
        "visibility",
        "cloudCover",
    }
    assert rec["isDaytime"] is True
    assert 0 <= rec["relativeHumidity"] <= 100 and 0 <= rec["cloudCover"] <= 100
    assert rec["dewPoint"]["degrees"] <= rec["temperature"]["degrees"]
    assert rec["precipitation"]["qpf"]["unit"] == "MILLIMETERS"
    assert rec["visibility"]["unit"] == "KILOMETERS"
    assert rec["wind"]["direction"]["cardinal"].isupper()
    night = call(capabilities=["WEATHER"], date=dd(TODAY), hour=2)["weather"]["historyHours"][0]
    assert night["isDaytime"] is False and night["uvIndex"] == 0


def test_imperial_units() -> None:
    kw = {"capabilities": ["WEATHER"], "date": dd(TODAY), "hour": 13}
    met = call(**kw)["weather"]["forecastHours"][0]
    imp = call(weather_options={"units_system": "IMPERIAL"}, **kw)["weather"]["forecastHours"][0]
    assert imp["temperature"]["unit"] == "FAHRENHEIT"
    assert imp["wind"]["speed"]["unit"] == "MILES_PER_HOUR"
    assert imp["wind"]["gust"]["unit"] == "MILES_PER_HOUR"
    assert imp["precipitation"]["qpf"]["unit"] == "INCHES"
    assert imp["visibility"]["unit"] == "MILES"
    f = met["temperature"]["degrees"] * 9 / 5 + 32
    assert abs(imp["temperature"]["degrees"] - f) <= 0.2
    day = call(capabilities=["WEATHER"], date=dd(TODAY), units_system="IMPERIAL")
    assert day["weather"]["forecastDays"][0]["maxTemperature"]["unit"] == "FAHRENHEIT"


# --------------------------------------------------------------------------- horizons


def _present(caps: list[str], **kw: Any) -> bool:
    try:
        out = call(capabilities=caps, **kw)
    except SandboxToolError as e:
        assert e.status == "INVALID_ARGUMENT"
        assert caps[0] in e.message
        return False
    key = {"WEATHER": "weather", "AIR_QUALITY": "airQuality", "POLLEN": "pollen"}[caps[0]]
    assert key in out
    return True


@pytest.mark.parametrize(
    "delta,ok", [(-24, True), (-25, False), (240, True), (241, False), (0, True)]
)
def test_weather_hourly_horizon(delta: int, ok: bool) -> None:
    assert _present(["WEATHER"], **local_hour(delta)) is ok


@pytest.mark.parametrize("delta,ok", [(-720, True), (-721, False), (96, True), (97, False)])
def test_air_quality_hourly_horizon(delta: int, ok: bool) -> None:
    assert _present(["AIR_QUALITY"], **local_hour(delta)) is ok


@pytest.mark.parametrize("days,ok", [(-29, True), (-30, False), (3, True), (4, False)])
def test_air_quality_daily_horizon(days: int, ok: bool) -> None:
    assert _present(["AIR_QUALITY"], date=dd(TODAY + timedelta(days))) is ok


@pytest.mark.parametrize("days,ok", [(0, True), (9, True), (10, False), (-1, False)])
def test_weather_daily_horizon(days: int, ok: bool) -> None:
    assert _present(["WEATHER"], date=dd(TODAY + timedelta(days))) is ok


@pytest.mark.parametrize("days,ok", [(0, True), (4, True), (5, False), (-1, False)])
def test_pollen_horizon(days: int, ok: bool) -> None:
    assert _present(["POLLEN"], date=dd(TODAY + timedelta(days))) is ok
    assert _present(["POLLEN"], date=dd(TODAY + timedelta(days)), hour=12) is ok


def test_all_out_of_range_names_every_window() -> None:
    err = rejects("outside the supported range", date=dd(TODAY + timedelta(30)))
    msg = err.message
    assert "POLLEN: daily only, today..today+4 (local date 2026-09-18..2026-09-22)" in msg
    assert "WEATHER: hourly now-24h..now+240h" in msg
    assert "daily today..today+9 (local date 2026-09-18..2026-09-27)" in msg
    assert "AIR_QUALITY: hourly now-720h..now+96h" in msg
    assert "daily today-29..today+3 (local date 2026-08-20..2026-09-21)" in msg


def test_mixed_range_returns_only_supported_domains() -> None:
    out = call(date=dd(TODAY + timedelta(5)))
    assert set(out) == {"timeZone", "weather"}
    out = call(date=dd(TODAY - timedelta(1)))
    assert set(out) == {"timeZone", "airQuality"}
    out = call(**local_hour(-25))
    assert set(out) == {"timeZone", "airQuality"}


# --------------------------------------------------------------------------- local time


def _offsets(location: dict[str, Any], day: date, ctx: Context) -> list[tuple[int, str]]:
    out = lookup_weather(
        {"location": location, "capabilities": ["AIR_QUALITY"], "date": dd(day)}, ctx
    )
    return [
        (e["dateTime"]["hours"], e["dateTime"]["utcOffset"])
        for e in out["airQuality"]["hourlyResults"]
    ]


def test_daily_air_quality_24_local_hours_with_offsets() -> None:
    la = _offsets(LA, TODAY, CTX)
    assert [h for h, _ in la] == list(range(24))
    assert {o for _, o in la} == {"-25200s"}
    kol = _offsets(KOLKATA, date(2026, 9, 19), CTX)
    assert [h for h, _ in kol] == list(range(24))
    assert {o for _, o in kol} == {"19800s"}


def test_daily_air_quality_on_fall_back_day() -> None:
    ctx = Context(now=datetime(2026, 10, 30, 12, tzinfo=UTC))
    entries = _offsets(LA, date(2026, 11, 1), ctx)
    assert [h for h, _ in entries] == list(range(24))
    assert entries[0][1] == entries[1][1] == "-25200s"
    assert {o for _, o in entries[2:]} == {"-28800s"}


def test_spring_forward_day_and_missing_hour() -> None:
    ctx = Context(now=datetime(2026, 3, 7, 12, tzinfo=UTC))
    entries = _offsets(LA, date(2026, 3, 8), ctx)
    assert [h for h, _ in entries] == [h for h in range(24) if h != 2]
    assert entries[1][1] == "-28800s" and entries[2][1] == "-25200s"
    out = call(ctx, capabilities=["WEATHER", "AIR_QUALITY"], date=dd(date(2026, 3, 8)), hour=2)
    assert out["weather"]["forecastHours"][0]["dateTime"] == "2026-03-08T10:00:00Z"
    assert out["airQuality"]["hourlyResults"][0]["dateTime"]["hours"] == 3


def test_half_hour_zone_truncates_now_to_local_hour() -> None:
    out = lookup_weather({"location": KOLKATA, "capabilities": ["AIR_QUALITY", "WEATHER"]}, CTX)
    assert out["timeZone"] == "Asia/Kolkata"
    dt = out["airQuality"]["hourlyResults"][0]["dateTime"]
    assert (dt["hours"], dt["minutes"], dt["utcOffset"]) == (20, 0, "19800s")
    # +96 h from 20:00 IST is 2026-09-22 20:00; 21:00 is out of range
    ok = {"location": KOLKATA, "capabilities": ["AIR_QUALITY"], "date": dd(date(2026, 9, 22))}
    assert "airQuality" in lookup_weather({**ok, "hour": 20}, CTX)
    with pytest.raises(SandboxToolError):
        lookup_weather({**ok, "hour": 21}, CTX)


def test_address_location_uses_its_zone() -> None:
    out = lookup_weather(
        {"location": {"address": "Paris, France"}, "capabilities": ["WEATHER"]}, CTX
    )
    assert out["timeZone"] == "Europe/Paris"


# --------------------------------------------------------------------------- air quality


def test_pollutants_only_when_asked() -> None:
    plain = call(capabilities=["AIR_QUALITY"])["airQuality"]["hourlyResults"][0]
    assert "pollutants" not in plain
    opts = {"include_pollutant_concentration": True}
    entry = call(capabilities=["AIR_QUALITY"], air_quality_options=opts)["airQuality"]
    pols = entry["hourlyResults"][0]["pollutants"]
    assert [p["code"] for p in pols] == ["pm25", "pm10", "o3", "no2", "so2", "co"]
    units = {p["code"]: p["concentration"]["units"] for p in pols}
    assert units["pm25"] == units["pm10"] == "MICROGRAMS_PER_CUBIC_METER"
    assert {units[c] for c in ("o3", "no2", "so2", "co")} == {"PARTS_PER_BILLION"}
    assert all(p["concentration"]["value"] > 0 and p["fullName"] for p in pols)


def test_seven_health_groups() -> None:
    entry = call(capabilities=["AIR_QUALITY"])["airQuality"]["hourlyResults"][0]
    assert set(entry["healthRecommendations"]) == {
        "generalPopulation",
        "elderly",
        "lungDiseasePopulation",
        "heartDiseasePopulation",
        "athletes",
        "pregnantWomen",
        "children",
    }
    assert all(isinstance(v, str) and v for v in entry["healthRecommendations"].values())


def test_index_shapes_and_uaqi_categories() -> None:
    entries = call(capabilities=["AIR_QUALITY"], date=dd(TODAY))["airQuality"]["hourlyResults"]
    cats = {
        "Excellent air quality": (80, 100),
        "Good air quality": (60, 79),
        "Moderate air quality": (40, 59),
        "Low air quality": (20, 39),
        "Poor air quality": (0, 19),
    }
    for e in entries:
        assert [i["code"] for i in e["indexes"]] == ["uaqi", "usa_epa"]
        u = e["indexes"][0]
        assert u["displayName"] == "Universal AQI" and u["aqiDisplay"] == str(u["aqi"])
        lo, hi = cats[u["category"]]
        assert lo <= u["aqi"] <= hi
        for idx in e["indexes"]:
            assert all(0.0 <= idx["color"][k] <= 1.0 for k in ("red", "green", "blue"))


# (concentration upper bound, index upper bound) per EPA segment, as published
EPA = {
    "pm25": [(0.0, 9.0), (9.1, 35.4), (35.5, 55.4), (55.5, 125.4), (125.5, 225.4)],
    "pm10": [(0, 54), (55, 154), (155, 254), (255, 354), (355, 424)],
    "o3": [(0, 54), (55, 70), (71, 85), (86, 105), (106, 200)],
    "no2": [(0, 53), (54, 100), (101, 360), (361, 649), (650, 1249)],
    "so2": [(0, 35), (36, 75), (76, 185), (186, 304), (305, 604)],
    "co": [(0.0, 4.4), (4.5, 9.4), (9.5, 12.4), (12.5, 15.4), (15.5, 30.4)],
}
EPA_I = [(0, 50), (51, 100), (101, 150), (151, 200), (201, 300)]


def epa_aqi(code: str, value: float) -> int:
    if code == "co":
        c = math.floor(value / 1000 * 10 + 1e-9) / 10
    elif code == "pm25":
        c = math.floor(value * 10 + 1e-9) / 10
    else:
        c = math.floor(value + 1e-9)
    for (lo, hi), (ilo, ihi) in zip(EPA[code], EPA_I, strict=True):
        if c <= hi:
            return math.floor((ihi - ilo) / (hi - lo) * (c - lo) + ilo + 0.5)
    raise AssertionError("beyond table")


@pytest.mark.parametrize(
    "code,value,expected",
    [
        ("pm25", 12.0, 56),
        ("pm25", 35.4, 100),
        ("pm25", 35.5, 101),
        ("pm25", 9.05, 50),
        ("pm10", 154, 100),
        ("o3", 70.0, 100),
        ("co", 9400.0, 100),
        ("no2", 100.0, 100),
        ("so2", 75.0, 100),
    ],
)
def test_epa_breakpoints_known_values(code: str, value: float, expected: int) -> None:
    assert epa_aqi(code, value) == expected
    conc = {c: 0.0 for c in ai.POLLUTANTS} | {code: value}
    assert ai.evaluate(ai.USA_EPA, conc) == (expected, code)


def test_each_index_has_its_own_dominant_pollutant() -> None:
    opts = {"include_pollutant_concentration": True}
    entries = call(capabilities=["AIR_QUALITY"], date=dd(TODAY), air_quality_options=opts)
    differ = 0
    for e in entries["airQuality"]["hourlyResults"]:
        conc = {p["code"]: p["concentration"]["value"] for p in e["pollutants"]}
        subs = {c: epa_aqi(c, v) for c, v in conc.items()}
        epa = e["indexes"][1]
        assert epa["aqi"] == max(subs.values())
        assert subs[epa["dominantPollutant"]] == epa["aqi"]
        cat = ["Good", "Moderate", "Unhealthy for Sensitive Groups", "Unhealthy"][
            min(3, max(0, (epa["aqi"] - 1) // 50))
        ]
        assert epa["category"] == cat
        differ += e["indexes"][0]["dominantPollutant"] != epa["dominantPollutant"]
    assert differ > 0  # computed per index, not copied


def test_local_index_by_country_and_override() -> None:
    paris = lookup_weather({"location": PARIS, "capabilities": ["AIR_QUALITY"]}, CTX)
    assert [i["code"] for i in paris["airQuality"]["hourlyResults"][0]["indexes"]] == [
        "uaqi",
        "fra_atmo",
    ]
    gb = call(capabilities=["AIR_QUALITY"], air_quality_options={"index_region_code": "GB"})
    idx = gb["airQuality"]["hourlyResults"][0]["indexes"][1]
    assert idx["code"] == "gbr_defra" and 1 <= idx["aqi"] <= 10
    jp = call(capabilities=["AIR_QUALITY"], air_quality_options={"index_region_code": "JP"})
    assert [i["code"] for i in jp["airQuality"]["hourlyResults"][0]["indexes"]] == ["uaqi"]


def test_diurnal_pattern_no2_rush_hour_and_afternoon_ozone() -> None:
    opts = {"include_pollutant_concentration": True}
    entries = call(capabilities=["AIR_QUALITY"], date=dd(TODAY), air_quality_options=opts)
    conc = [
        {p["code"]: p["concentration"]["value"] for p in e["pollutants"]}
        for e in entries["airQuality"]["hourlyResults"]
    ]
    assert conc[8]["no2"] > conc[3]["no2"]
    assert conc[15]["o3"] > conc[4]["o3"]


# --------------------------------------------------------------------------- pollen


def _pollen(location: dict[str, Any], ctx: Context = CTX) -> dict[str, Any]:
    out = lookup_weather({"location": location, "capabilities": ["POLLEN"]}, ctx)
    return out["pollen"]["dailyInfo"][0]


UPI = {0: "None", 1: "Very Low", 2: "Low", 3: "Moderate", 4: "High", 5: "Very High"}


def test_pollen_out_of_season_plant_has_no_index_and_no_in_season_key() -> None:
    info = _pollen(PARIS)
    birch = next(p for p in info["plantInfo"] if p["code"] == "BIRCH")
    assert "inSeason" not in birch and "indexInfo" not in birch
    assert birch["plantDescription"]["type"] == "TREE"
    assert birch["plantDescription"]["family"] == "Betulaceae"
    tree = next(t for t in info["pollenTypeInfo"] if t["code"] == "TREE")
    assert "inSeason" not in tree
    weed = next(t for t in info["pollenTypeInfo"] if t["code"] == "WEED")
    assert weed["inSeason"] is True


def test_pollen_values_and_categories() -> None:
    info = _pollen(PARIS)
    assert [t["code"] for t in info["pollenTypeInfo"]] == ["TREE", "GRASS", "WEED"]
    entries = info["pollenTypeInfo"] + [p for p in info["plantInfo"] if "indexInfo" in p]
    assert any("indexInfo" in p for p in info["plantInfo"])
    for e in entries:
        ii = e["indexInfo"]
        assert ii["code"] == "UPI" and isinstance(ii["value"], int)
        assert ii["category"] == UPI[ii["value"]]
        assert "inSeason" not in e or e["inSeason"] is True
    for t in info["pollenTypeInfo"]:
        assert t["healthRecommendations"] and all(
            isinstance(s, str) for s in t["healthRecommendations"]
        )


def test_pollen_seasons_follow_hemisphere() -> None:
    sydney = {"lat_lng": {"latitude": -33.8688, "longitude": 151.2093}}
    south = {t["code"]: "inSeason" in t for t in _pollen(sydney)["pollenTypeInfo"]}
    north = {t["code"]: "inSeason" in t for t in _pollen(PARIS)["pollenTypeInfo"]}
    assert south["TREE"] and not north["TREE"]
    spring = Context(now=datetime(2026, 4, 15, 12, tzinfo=UTC))
    birch = next(p for p in _pollen(PARIS, spring)["plantInfo"] if p["code"] == "BIRCH")
    assert birch["inSeason"] is True and birch["indexInfo"]["value"] >= 1


# --------------------------------------------------------------------------- sun, moon, determinism


def test_paris_june_sunrise_sunset() -> None:
    ctx = Context(now=datetime(2026, 6, 18, 12, tzinfo=UTC))
    args = {"location": PARIS, "capabilities": ["WEATHER"], "date": dd(date(2026, 6, 21))}
    sun = lookup_weather(args, ctx)["weather"]["forecastDays"][0]["sunEvents"]
    tz = ZoneInfo("Europe/Paris")
    rise = datetime.fromisoformat(sun["sunriseTime"].replace("Z", "+00:00")).astimezone(tz)
    sset = datetime.fromisoformat(sun["sunsetTime"].replace("Z", "+00:00")).astimezone(tz)
    assert sun["sunriseTime"].endswith("Z") and rise < sset
    assert (5, 30) <= (rise.hour, rise.minute) <= (6, 5)
    assert (21, 45) <= (sset.hour, sset.minute) <= (22, 10)


def test_polar_day_omits_sun_times() -> None:
    ctx = Context(now=datetime(2026, 6, 18, 12, tzinfo=UTC))
    tromso = {"lat_lng": {"latitude": 69.6492, "longitude": 18.9553}}
    args = {"location": tromso, "capabilities": ["WEATHER"], "date": dd(date(2026, 6, 21))}
    day = lookup_weather(args, ctx)["weather"]["forecastDays"][0]
    assert "sunriseTime" not in day["sunEvents"] and "sunsetTime" not in day["sunEvents"]


def test_full_moon_date() -> None:
    fd = call(capabilities=["WEATHER"], date=dd(date(2026, 9, 26)))["weather"]["forecastDays"][0]
    assert fd["moonEvents"]["moonPhase"] == "FULL_MOON"
    assert all(t.endswith("Z") for t in fd["moonEvents"]["moonriseTimes"])


def test_determinism() -> None:
    kw = {
        "date": dd(TODAY + timedelta(1)),
        "air_quality_options": {"include_pollutant_concentration": True},
    }
    first = call(**kw)
    wm.hour_state.cache_clear()
    aq.concentrations.cache_clear()
    assert call(**kw) == first
    assert call(Context(now=NOW + timedelta(minutes=20)), **kw) == first


def test_same_instant_same_numbers_across_now() -> None:
    kw = {"capabilities": ["WEATHER"], "date": dd(TODAY + timedelta(1)), "hour": 9}
    a = call(**kw)["weather"]["forecastHours"][0]
    b = call(Context(now=NOW + timedelta(hours=7)), **kw)["weather"]["forecastHours"][0]
    assert a == b
