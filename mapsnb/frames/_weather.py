"""Weather frames of ``lookup_weather``: current conditions, hourly records and daily forecasts.

Time conventions (TOOLS.md §3.11): weather ``dateTime``, sunrise and sunset are UTC instants and
are shown in the location's zone (``timeZone``); air-quality ``dateTime`` is local civil time plus
``utcOffset``. All ``time`` columns are ``datetime64[ns, <zone>]`` so that an air-quality hour and
a weather hour that denote the same instant compare (and merge) equal. Daily ``date`` columns are
tz-naive ``datetime64[ns]`` at midnight.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, tzinfo
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import (
    WEATHER_RECORD_KEYS,
    domain_attributions,
    g,
    has,
    instant_ns,
    is_legacy_weather,
    lat_lng,
    num,
    path,
    text,
    time_zone,
)
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._tables import _NAT, _listed, civil_dates, finish, frame, times

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

#: The measures named for their unit (see the module doc), by the kind of unit they have.
UNIT_MEASURES = {
    "temp": (
        "temperature",
        "feels_like",
        "dew_point",
        "heat_index",
        "temperature_max",
        "temperature_min",
        "feels_like_max",
        "feels_like_min",
    ),
    "speed": ("wind_speed", "wind_gust"),
    "amount": ("precip_amount",),
    "distance": ("visibility",),
}
#: A unit's symbol -> the suffix of a column in that unit.
UNIT_SUFFIXES = {
    "°C": "c",
    "°F": "f",
    "K": "k",
    "km/h": "kph",
    "mph": "mph",
    "m/s": "mps",
    "kn": "kn",
    "mm": "mm",
    "in": "in",
    "cm": "cm",
    "km": "km",
    "mi": "mi",
    "m": "m",
    "ft": "ft",
}
_MEASURES = frozenset(m for group in UNIT_MEASURES.values() for m in group)
_METRIC_NAMES = {
    **dict.fromkeys(UNIT_MEASURES["temp"], "c"),
    **dict.fromkeys(UNIT_MEASURES["speed"], "kph"),
    "precip_amount": "mm",
    "visibility": "km",
}

#: The hourly (and current) weather frame's columns, for a metric answer (an imperial one has
#: ``temperature_f``, ``wind_speed_mph``, ``precip_amount_in``, ``visibility_mi``, …): the
#: tools' description.
WEATHER_COLUMNS = frame_columns("lookup_weather", "hourly_weather")
#: The current-weather frame: the weather columns, then where the server says it is for.
CURRENT_WEATHER_COLUMNS = frame_columns("lookup_weather", "current_weather")
#: The daily frame's columns, for a metric answer.
DAILY_COLUMNS = frame_columns("lookup_weather", "daily_weather")
#: A metric column's name -> its measure (``"temperature_c"`` -> ``"temperature"``).
_MEASURE_OF = {f"{m}_{_METRIC_NAMES[m]}": m for m in _MEASURES}
#: The columns of the hourly and daily frames before the units are named.
_WEATHER_BASE = [_MEASURE_OF.get(c, c) for c in WEATHER_COLUMNS]
_DAILY_BASE = [_MEASURE_OF.get(c, c) for c in DAILY_COLUMNS]


def unit_suffix(unit: str) -> str:
    """Return the column suffix of a unit symbol (``"°C"`` -> ``"c"``; another unit: its letters)."""
    known = UNIT_SUFFIXES.get(unit)
    if known is not None:
        return known
    return "".join(ch for ch in unit.lower() if ch.isalnum()) or "unit"


def unit_column(columns: Iterable[Any], measure: str) -> str | None:
    """Return the first column of ``columns`` (a frame, or its column names) holding ``measure``.

    ``"temperature"`` -> ``"temperature_c"`` or ``"temperature_f"``; ``None`` when absent.
    """
    prefix = f"{measure}_"
    for column in columns:
        if isinstance(column, str) and column.startswith(prefix):
            rest = column[len(prefix) :]
            if rest.isalnum() and rest not in ("max", "min"):
                return column
    return None


def _named_units(df: pd.DataFrame, units: dict[str, str]) -> dict[str, str]:
    """Rename ``df``'s measures to carry their unit (in place); return the units by column."""
    renamed = {c: f"{c}_{unit_suffix(units[c])}" for c in df.columns if c in _MEASURES}
    df.columns = pd.Index([renamed.get(c, c) for c in df.columns])
    return {renamed.get(c, c): u for c, u in units.items()}


_CURRENT_KEYS = ("currentConditions", "current", "currentWeather", "conditions")
_HOURLY_KEYS = (
    "historyHours",
    "forecastHours",
    "hourly",
    "hours",
    "hourlyForecasts",
    "hourlyForecast",
)
_DAILY_KEYS = ("forecastDays", "daily", "days", "dailyForecasts", "dailyForecast")

_TEMP_UNITS = {"CELSIUS": "°C", "FAHRENHEIT": "°F", "KELVIN": "K"}
_SPEED_UNITS = {
    "KILOMETERS_PER_HOUR": "km/h",
    "MILES_PER_HOUR": "mph",
    "METERS_PER_SECOND": "m/s",
    "KNOTS": "kn",
}
_AMOUNT_UNITS = {"MILLIMETERS": "mm", "INCHES": "in", "CENTIMETERS": "cm"}
_DISTANCE_UNITS = {"KILOMETERS": "km", "MILES": "mi", "METERS": "m", "FEET": "ft"}
_METRIC = {"temp": "°C", "speed": "km/h", "amount": "mm", "distance": "km"}
_IMPERIAL = {"temp": "°F", "speed": "mph", "amount": "in", "distance": "mi"}


def _weather(payload: Any) -> Mapping[str, Any] | None:
    w = g(payload, "weather")
    return w if isinstance(w, Mapping) else None


def current_records(payload: Any) -> list[Mapping[str, Any]]:
    """Return the current-conditions record(s): ``weather.currentConditions`` or the legacy flat body."""
    if is_legacy_weather(payload):
        return [payload]
    w = _weather(payload)
    found = _listed(w, _CURRENT_KEYS)
    if not found and w is not None and any(has(w, k) for k in WEATHER_RECORD_KEYS[:-1]):
        found = [w]
    return found


def _record_time(rec: Mapping[str, Any], zone: tzinfo | None) -> int | None:
    for key in ("dateTime", "currentTime", "time"):
        value = g(rec, key)
        if value is not None:
            return instant_ns(value, zone)[0]
    return instant_ns(path(rec, "interval", "startTime"), zone)[0]


def _sorted_by_time(
    recs: list[Mapping[str, Any]], ns: list[int | None]
) -> tuple[list[Any], list[Any]]:
    keys = np.array([_NAT if x is None else x for x in ns], dtype=np.int64)
    if len(keys) < 2 or bool(np.all(keys[:-1] <= keys[1:])):
        return recs, ns
    order = np.argsort(keys, kind="stable")
    return [recs[i] for i in order], [ns[i] for i in order]


def _unit_of(
    recs: Iterable[Mapping[str, Any]], paths: Sequence[Sequence[str]], table: Mapping[str, Any]
) -> str | None:
    for rec in recs:
        for p in paths:
            unit = path(rec, *p)
            if isinstance(unit, str):
                named: str = table.get(unit.upper(), unit)
                return named
    return None


def _units_system(payload: Any, recs: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    declared = g(payload, "unitsSystem") or g(_weather(payload), "unitsSystem")
    temp = _unit_of(
        recs,
        [("temperature", "unit"), ("maxTemperature", "unit"), ("feelsLikeTemperature", "unit")],
        _TEMP_UNITS,
    )
    imperial = declared == "IMPERIAL" or temp == "°F"
    return _IMPERIAL if imperial else _METRIC


def _weather_units(payload: Any, recs: Sequence[Mapping[str, Any]], daily: bool) -> dict[str, str]:
    base = _units_system(payload, recs)
    parts = [r.get("daytimeForecast") or r.get("daytime_forecast") or r for r in recs]
    temp_paths = [("temperature", "unit"), ("maxTemperature", "unit"), ("minTemperature", "unit")]
    temp = _unit_of(recs, temp_paths, _TEMP_UNITS) or base["temp"]
    speed_paths = [("wind", "speed", "unit"), ("wind", "gust", "unit")]
    speed = _unit_of(parts, speed_paths, _SPEED_UNITS) or base["speed"]
    qpf_paths = [("precipitation", "qpf", "unit")]
    amount = _unit_of(parts, qpf_paths, _AMOUNT_UNITS) or base["amount"]
    distance = _unit_of(recs, [("visibility", "unit")], _DISTANCE_UNITS) or base["distance"]
    pct = dict.fromkeys(
        ["humidity_pct", "precip_probability_pct", "thunderstorm_probability_pct"], "%"
    )
    units = {"precip_amount": amount, "wind_speed": speed, "wind_gust": speed, **pct}
    units.update({"wind_direction_deg": "°", "cloud_cover_pct": "%"})
    if daily:
        temps = ["temperature_max", "temperature_min", "feels_like_max", "feels_like_min"]
        units.update(dict.fromkeys(temps, temp))
        units["night_precip_probability_pct"] = "%"
    else:
        temps = ["temperature", "feels_like", "dew_point", "heat_index"]
        units.update(dict.fromkeys(temps, temp))
        units.update({"pressure_mb": "mb", "visibility": distance})
    return units


def _conditions(rec: Mapping[str, Any]) -> tuple[str | None, str | None]:
    cond = g(rec, "weatherCondition")
    if isinstance(cond, str):
        return cond, None
    return text(g(cond, "description")), text(g(cond, "type"))


def _pct(value: Any) -> float:
    return num(value, "percent")


def _weather_rows(recs: Sequence[Mapping[str, Any]]) -> dict[str, list[Any]]:
    cols: dict[str, Any] = {c: [] for c in _WEATHER_BASE[1:]}
    for rec in recs:
        precip, wind = g(rec, "precipitation"), g(rec, "wind")
        prob = g(precip, "probability")
        condition, condition_type = _conditions(rec)
        daytime = g(rec, "isDaytime")
        row = (
            num(g(rec, "temperature"), "degrees"),
            num(g(rec, "feelsLikeTemperature"), "degrees"),
            num(g(rec, "dewPoint"), "degrees"),
            num(g(rec, "heatIndex"), "degrees"),
            _pct(g(rec, "relativeHumidity")),
            _pct(prob),
            text(g(prob, "type")),
            num(g(precip, "qpf"), "quantity"),
            _pct(g(rec, "thunderstormProbability")),
            num(g(rec, "airPressure"), "meanSeaLevelMillibars"),
            num(g(wind, "speed"), "value"),
            num(g(wind, "gust"), "value"),
            num(g(wind, "direction"), "degrees"),
            text(path(wind, "direction", "cardinal")),
            num(g(rec, "visibility"), "distance"),
            num(g(rec, "uvIndex"), "index"),
            _pct(g(rec, "cloudCover")),
            condition,
            condition_type,
            daytime if isinstance(daytime, bool) else None,
        )
        for col, value in zip(cols.values(), row, strict=True):
            col.append(value)
    return cols


def _weather_frame(payload: Any, recs: list[Mapping[str, Any]], source: str) -> pd.DataFrame:
    zone = time_zone(payload)
    ns = [_record_time(r, zone) for r in recs]
    recs, ns = _sorted_by_time(recs, ns)
    cols = _weather_rows(recs)
    cols["time"] = times(ns, zone)
    cols["is_daytime"] = pd.array(cols["is_daytime"], dtype="boolean")
    df = frame(cols, _WEATHER_BASE)
    units = _named_units(df, _weather_units(payload, recs, daily=False))
    return finish(
        df,
        source,
        domain_attributions(payload)["weather"],
        kind="hourly_weather",
        units=units,
        time_zone=getattr(zone, "key", None),
    )


def returned_lat_lng(payload: Any, record: Any = None) -> tuple[float, float]:
    """Return ``(lat, lng)`` of the location the weather is for.

    The ``returnedLocation`` of the record, the weather container or the payload; NaNs when the
    answer does not say.
    """
    for where in (record, g(payload, "weather"), payload):
        loc = g(where, "returnedLocation") if isinstance(where, Mapping) else None
        if isinstance(loc, Mapping):
            return lat_lng(loc)
    return math.nan, math.nan


def current_weather_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Return current conditions, one row (capability mode or legacy flat mode).

    Columns: ``CURRENT_WEATHER_COLUMNS``: ``time`` (tz-aware, location zone or UTC), the
    measures of ``WEATHER_COLUMNS`` with their unit in their name (``temperature_c`` or
    ``temperature_f``, ``wind_speed_kph`` or ``_mph``, ``precip_amount_mm`` or ``_in``,
    ``visibility_km`` or ``_mi``: see the module doc), then ``returned_lat``/``returned_lng``
    (the location the server says the weather is for, NaN when it does not);
    ``attrs["units"]`` maps columns to unit symbols.
    """
    recs = current_records(payload)
    df = _weather_frame(payload, recs, source)
    zone = time_zone(payload)
    recs = _sorted_by_time(recs, [_record_time(r, zone) for r in recs])[0]  # the frame's order
    points = [returned_lat_lng(payload, r) for r in recs]
    df["returned_lat"] = pd.array([p[0] for p in points], dtype="float64")
    df["returned_lng"] = pd.array([p[1] for p in points], dtype="float64")
    return df


def hourly_weather_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Hourly weather records (history and forecast hours), sorted by ``time``.

    Same columns as :func:`current_weather_frame`; empty when the response has no hours.
    """
    recs = _listed(_weather(payload), _HOURLY_KEYS)
    return _weather_frame(payload, recs, source)


def _local_date(value: Any, zone: tzinfo | None) -> Any:
    """Return a ``{year, month, day}`` dict from an instant, in ``zone``."""
    ns = instant_ns(value, zone)[0]
    if ns is None:
        return None
    dt = _EPOCH + timedelta(microseconds=ns // 1000)
    dt = dt.astimezone(zone) if zone is not None else dt
    return {"year": dt.year, "month": dt.month, "day": dt.day}


def _day_date(day: Mapping[str, Any], zone: tzinfo | None) -> Any:
    for key in ("displayDate", "date"):
        value = g(day, key)
        if value is not None:
            return value
    start = path(day, "interval", "startTime")
    return _local_date(start if start is not None else g(day, "currentTime"), zone)


def daily_weather_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
    """Daily forecast, one row per day.

    Columns: ``DAILY_COLUMNS``, units in the names as in :func:`current_weather_frame`
    (``temperature_max_c`` / ``temperature_max_f``, ``wind_speed_kph`` / ``_mph``, …).
    ``date`` is tz-naive ``datetime64[ns]`` (local midnight of the forecast day); day-part
    measures come from ``daytimeForecast`` (or the day itself), ``night_*`` from
    ``nighttimeForecast``; ``sunrise``/``sunset`` are tz-aware in the location's zone.
    A legacy flat response with ``maxTemperature``/``minTemperature`` gives one row.
    """
    zone = time_zone(payload)
    days = _listed(_weather(payload), _DAILY_KEYS)
    if (
        not days
        and is_legacy_weather(payload)
        and (has(payload, "maxTemperature") or has(payload, "minTemperature"))
    ):
        days = [payload]
    cols: dict[str, Any] = {c: [] for c in _DAILY_BASE}
    sun_ns: dict[str, list[Any]] = {"sunrise": [], "sunset": []}
    dates = []
    for day in days:
        part = g(day, "daytimeForecast") or day
        night = g(day, "nighttimeForecast")
        wx = _weather_rows([part])
        dates.append(_day_date(day, zone))
        cols["temperature_max"].append(num(g(day, "maxTemperature"), "degrees"))
        cols["temperature_min"].append(num(g(day, "minTemperature"), "degrees"))
        cols["feels_like_max"].append(num(g(day, "feelsLikeMaxTemperature"), "degrees"))
        cols["feels_like_min"].append(num(g(day, "feelsLikeMinTemperature"), "degrees"))
        for name in _DAILY_BASE[5:16]:
            cols[name].append(wx[name][0])
        cols["night_condition"].append(_conditions(night)[0] if night else None)
        cols["night_precip_probability_pct"].append(
            _pct(path(night, "precipitation", "probability"))
        )
        sun = g(day, "sunEvents")
        sun_ns["sunrise"].append(instant_ns(g(sun, "sunriseTime"), zone)[0])
        sun_ns["sunset"].append(instant_ns(g(sun, "sunsetTime"), zone)[0])
        cols["moon_phase"].append(text(path(day, "moonEvents", "moonPhase")))
    cols["date"] = civil_dates(dates)
    cols["sunrise"] = times(sun_ns["sunrise"], zone)
    cols["sunset"] = times(sun_ns["sunset"], zone)
    df = frame(cols, _DAILY_BASE)
    units = _named_units(df, _weather_units(payload, days, daily=True))
    return finish(
        df,
        source,
        domain_attributions(payload)["weather"],
        kind="daily_weather",
        units=units,
        time_zone=getattr(zone, "key", None),
    )
