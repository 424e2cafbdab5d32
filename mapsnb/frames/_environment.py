"""Environment (``lookup_weather``) frames, and the pandas helpers shared with ``frames``.

Payload dicts are read through :mod:`mapsnb._read.wire` (either spelling, missing fields tolerated).
The public names are re-exported by :mod:`mapsnb.frames`.

Time conventions (TOOLS.md §3.11): weather ``dateTime``, sunrise and sunset are UTC instants and
are shown in the location's zone (``timeZone``); air-quality ``dateTime`` is local civil time plus
``utcOffset``. All ``time`` columns are ``datetime64[ns, <zone>]`` so that an air-quality hour and
a weather hour that denote the same instant compare (and merge) equal. Daily ``date`` columns are
tz-naive ``datetime64[ns]`` at midnight.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta, timezone, tzinfo
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._read.wire import (
    WEATHER_RECORD_KEYS,
    civil_date,
    domain_attributions,
    g,
    has,
    hex_color,
    instant_ns,
    is_legacy_weather,
    lat_lng,
    num,
    path,
    records,
    rounded,
    snake,
    text,
    time_zone,
)

__all__ = [
    "air_quality_frame",
    "current_weather_frame",
    "daily_weather_frame",
    "environment_attributions",
    "health_recommendations_frame",
    "hourly_weather_frame",
    "pollen_frame",
    "pollutants_frame",
]

# --------------------------------------------------------------------------------------------
# Shared pandas helpers (used by mapsnb.frames too)
# --------------------------------------------------------------------------------------------

_NAT = np.iinfo(np.int64).min
_MAX_NS = np.iinfo(np.int64).max
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def _int64(ns: Sequence[int | None]) -> np.ndarray:
    """Nanosecond ints as int64 (None, or a value beyond datetime64[ns]'s range -> NaT)."""
    return np.array(
        [_NAT if x is None or not _NAT < x <= _MAX_NS else x for x in ns], dtype=np.int64
    )


def timedeltas(ns: Sequence[int | None]) -> pd.TimedeltaIndex:
    """``timedelta64[ns]`` values from nanosecond ints (None -> NaT)."""
    return pd.TimedeltaIndex(_int64(ns).view("timedelta64[ns]"))


def times(ns: Sequence[int | None], tz: tzinfo | None) -> pd.DatetimeIndex:
    """``datetime64[ns, tz]`` values from epoch nanoseconds (None -> NaT); UTC when tz is None."""
    idx = pd.DatetimeIndex(_int64(ns).view("datetime64[ns]")).tz_localize("UTC")
    return idx if tz is None else idx.tz_convert(tz)


def civil_dates(values: Iterable[Any]) -> pd.DatetimeIndex:
    """Tz-naive ``datetime64[ns]`` midnights from ``{year, month, day}`` dicts or date strings."""
    read: dict[int, np.datetime64] = {}  # by id: rows of one day share its date object
    out = []
    for v in values:
        stamp = read.get(id(v))
        if stamp is None:
            day = civil_date(v)
            stamp = read[id(v)] = np.datetime64("NaT" if day is None else day, "ns")
        out.append(stamp)
    return pd.DatetimeIndex(np.array(out, dtype="datetime64[ns]"))


def finish(df: pd.DataFrame, source: str, attributions: list[dict], **attrs: Any) -> pd.DataFrame:
    """Set the standard ``attrs`` (``source``, ``attributions``, extras) and return ``df``."""
    df.attrs["source"] = source
    df.attrs["attributions"] = attributions
    df.attrs.update(attrs)
    return df


def frame(columns: Mapping[str, Any], order: Sequence[str]) -> pd.DataFrame:
    """A DataFrame from column lists, in ``order``; empty lists give an empty frame."""
    return pd.DataFrame({name: columns[name] for name in order}, columns=list(order))


# --------------------------------------------------------------------------------------------
# Weather
# --------------------------------------------------------------------------------------------

WEATHER_COLUMNS = [
    "time",
    "temperature",
    "feels_like",
    "dew_point",
    "heat_index",
    "humidity_pct",
    "precip_probability_pct",
    "precip_type",
    "precip_amount",
    "thunderstorm_probability_pct",
    "pressure_mb",
    "wind_speed",
    "wind_gust",
    "wind_direction_deg",
    "wind_cardinal",
    "visibility",
    "uv_index",
    "cloud_cover_pct",
    "condition",
    "condition_type",
    "is_daytime",
]
#: The current-weather frame: the weather columns, then where the server says it is for.
CURRENT_WEATHER_COLUMNS = [*WEATHER_COLUMNS, "returned_lat", "returned_lng"]
DAILY_COLUMNS = [
    "date",
    "temperature_max",
    "temperature_min",
    "feels_like_max",
    "feels_like_min",
    "condition",
    "condition_type",
    "precip_probability_pct",
    "precip_amount",
    "thunderstorm_probability_pct",
    "wind_speed",
    "wind_gust",
    "wind_direction_deg",
    "uv_index",
    "humidity_pct",
    "cloud_cover_pct",
    "night_condition",
    "night_precip_probability_pct",
    "sunrise",
    "sunset",
    "moon_phase",
]
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


def _weather(payload: Any) -> Mapping | None:
    w = g(payload, "weather")
    return w if isinstance(w, Mapping) else None


def _listed(container: Any, keys: Sequence[str]) -> list[Mapping]:
    out: list[Mapping] = []
    for key in keys:
        value = g(container, key)
        out.extend([value] if isinstance(value, Mapping) else records(value))
    return out


def current_records(payload: Any) -> list[Mapping]:
    """The current-conditions record(s): ``weather.currentConditions`` or the legacy flat body."""
    if is_legacy_weather(payload):
        return [payload]
    w = _weather(payload)
    found = _listed(w, _CURRENT_KEYS)
    if not found and w is not None and any(has(w, k) for k in WEATHER_RECORD_KEYS[:-1]):
        found = [w]
    return found


def _record_time(rec: Mapping, zone: tzinfo | None) -> int | None:
    for key in ("dateTime", "currentTime", "time"):
        value = g(rec, key)
        if value is not None:
            return instant_ns(value, zone)[0]
    return instant_ns(path(rec, "interval", "startTime"), zone)[0]


def _sorted_by_time(recs: list[Mapping], ns: list[int | None]) -> tuple[list, list]:
    keys = np.array([_NAT if x is None else x for x in ns], dtype=np.int64)
    if len(keys) < 2 or bool(np.all(keys[:-1] <= keys[1:])):
        return recs, ns
    order = np.argsort(keys, kind="stable")
    return [recs[i] for i in order], [ns[i] for i in order]


def _unit_of(recs: Iterable[Mapping], paths: Sequence[Sequence[str]], table: Mapping) -> str | None:
    for rec in recs:
        for p in paths:
            unit = path(rec, *p)
            if isinstance(unit, str):
                return table.get(unit.upper(), unit)
    return None


def _units_system(payload: Any, recs: Sequence[Mapping]) -> dict[str, str]:
    declared = g(payload, "unitsSystem") or g(_weather(payload), "unitsSystem")
    temp = _unit_of(
        recs,
        [("temperature", "unit"), ("maxTemperature", "unit"), ("feelsLikeTemperature", "unit")],
        _TEMP_UNITS,
    )
    imperial = declared == "IMPERIAL" or temp == "°F"
    return _IMPERIAL if imperial else _METRIC


def _weather_units(payload: Any, recs: Sequence[Mapping], daily: bool) -> dict[str, str]:
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


def _conditions(rec: Mapping) -> tuple[str | None, str | None]:
    cond = g(rec, "weatherCondition")
    if isinstance(cond, str):
        return cond, None
    return text(g(cond, "description")), text(g(cond, "type"))


def _pct(value: Any) -> float:
    return num(value, "percent")


def _weather_rows(recs: Sequence[Mapping]) -> dict[str, list]:
    cols: dict[str, Any] = {c: [] for c in WEATHER_COLUMNS[1:]}
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


def _weather_frame(payload: Any, recs: list[Mapping], source: str) -> pd.DataFrame:
    zone = time_zone(payload)
    ns = [_record_time(r, zone) for r in recs]
    recs, ns = _sorted_by_time(recs, ns)
    cols = _weather_rows(recs)
    cols["time"] = times(ns, zone)
    cols["is_daytime"] = pd.array(cols["is_daytime"], dtype="boolean")
    df = frame(cols, WEATHER_COLUMNS)
    return finish(
        df,
        source,
        domain_attributions(payload)["weather"],
        units=_weather_units(payload, recs, daily=False),
        time_zone=getattr(zone, "key", None),
    )


def returned_lat_lng(payload: Any, record: Any = None) -> tuple[float, float]:
    """``(lat, lng)`` of the location the weather is for (``returnedLocation`` of the record,
    the weather container or the payload); NaNs when the answer does not say."""
    for where in (record, g(payload, "weather"), payload):
        loc = g(where, "returnedLocation") if isinstance(where, Mapping) else None
        if isinstance(loc, Mapping):
            return lat_lng(loc)
    return math.nan, math.nan


def current_weather_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Current conditions, one row (capability mode or legacy flat mode).

    Columns: ``CURRENT_WEATHER_COLUMNS``: ``time`` (tz-aware, location zone or UTC), the
    measures of ``WEATHER_COLUMNS``, then ``returned_lat``/``returned_lng`` (the location the
    server says the weather is for, NaN when it does not); ``attrs["units"]`` maps columns to
    unit strings.
    """
    recs = current_records(payload)
    df = _weather_frame(payload, recs, source)
    zone = time_zone(payload)
    recs = _sorted_by_time(recs, [_record_time(r, zone) for r in recs])[0]  # the frame's order
    points = [returned_lat_lng(payload, r) for r in recs]
    df["returned_lat"] = pd.array([p[0] for p in points], dtype="float64")
    df["returned_lng"] = pd.array([p[1] for p in points], dtype="float64")
    return df


def hourly_weather_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Hourly weather records (history and forecast hours), sorted by ``time``.

    Same columns as :func:`current_weather_frame`; empty when the response has no hours.
    """
    recs = _listed(_weather(payload), _HOURLY_KEYS)
    return _weather_frame(payload, recs, source)


def _local_date(value: Any, zone: tzinfo | None) -> Any:
    """A ``{year, month, day}`` dict from an instant, in ``zone``."""
    ns = instant_ns(value, zone)[0]
    if ns is None:
        return None
    dt = _EPOCH + timedelta(microseconds=ns // 1000)
    dt = dt.astimezone(zone) if zone is not None else dt
    return {"year": dt.year, "month": dt.month, "day": dt.day}


def _day_date(day: Mapping, zone: tzinfo | None) -> Any:
    for key in ("displayDate", "date"):
        value = g(day, key)
        if value is not None:
            return value
    start = path(day, "interval", "startTime")
    return _local_date(start if start is not None else g(day, "currentTime"), zone)


def daily_weather_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Daily forecast, one row per day.

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
    cols: dict[str, Any] = {c: [] for c in DAILY_COLUMNS}
    sun_ns: dict[str, list] = {"sunrise": [], "sunset": []}
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
        for name in DAILY_COLUMNS[5:16]:
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
    df = frame(cols, DAILY_COLUMNS)
    return finish(
        df,
        source,
        domain_attributions(payload)["weather"],
        units=_weather_units(payload, days, daily=True),
        time_zone=getattr(zone, "key", None),
    )


# --------------------------------------------------------------------------------------------
# Air quality
# --------------------------------------------------------------------------------------------

AIR_QUALITY_COLUMNS = [
    "time",
    "index_code",
    "index_name",
    "aqi",
    "aqi_display",
    "category",
    "dominant_pollutant",
    "color",
]
POLLUTANT_COLUMNS = ["time", "pollutant", "name", "full_name", "value", "units"]
HEALTH_COLUMNS = ["time", "group", "text"]
_AQ_HOUR_KEYS = ("hourlyResults", "hourly", "hours", "hourlyForecasts", "results", "hourlyResult")


def _aq_hours(payload: Any) -> list[Mapping]:
    aq = g(payload, "airQuality")
    if not isinstance(aq, Mapping):
        return []
    hours = _listed(aq, _AQ_HOUR_KEYS)
    if not hours and (has(aq, "indexes") or has(aq, "pollutants")):
        hours = [aq]
    return hours


def _aq_times(payload: Any, hours: Sequence[Mapping]) -> pd.DatetimeIndex:
    """One instant per hour: payload zone if known, else a uniform fixed offset, else UTC."""
    zone = time_zone(payload)
    ns: list[int | None] = []
    offsets: set[int] = set()
    for hour in hours:
        value = g(hour, "dateTime")
        if value is None:
            value = g(hour, "time")
        n, off = instant_ns(value, zone)
        ns.append(n)
        if n is not None and off is not None:
            offsets.add(off)
    if zone is None and len(offsets) == 1:
        zone = timezone(timedelta(seconds=offsets.pop()))
    return times(ns, zone)


def _expand(stamps: pd.DatetimeIndex, owners: list[int]) -> pd.DatetimeIndex:
    return stamps.take(np.asarray(owners, dtype=np.intp)) if owners else stamps[:0]


def air_quality_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Air-quality indexes, one row per hour x index (``aqi`` is ``Int64``, ``color`` hex)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    cols: dict[str, Any] = {c: [] for c in AIR_QUALITY_COLUMNS[1:]}
    code, name, aqi, display, cat, dom, color = cols.values()
    for i, hour in enumerate(hours):
        for idx in records(g(hour, "indexes")):
            owners.append(i)
            code.append(g(idx, "code"))
            name.append(g(idx, "displayName"))
            aqi.append(rounded(g(idx, "aqi")))
            shown = g(idx, "aqiDisplay")
            display.append(None if shown is None else str(shown))
            cat.append(g(idx, "category"))
            dom.append(g(idx, "dominantPollutant"))
            color.append(hex_color(g(idx, "color")))
    cols["aqi"] = pd.array(aqi, dtype="Int64")
    cols["time"] = _expand(stamps, owners)
    df = frame(cols, AIR_QUALITY_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"])


def pollutants_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Pollutant concentrations, one row per hour x pollutant (``value`` float, ``units`` text)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    cols: dict[str, Any] = {c: [] for c in POLLUTANT_COLUMNS[1:]}
    code, name, full, value, units = cols.values()
    for i, hour in enumerate(hours):
        for item in records(g(hour, "pollutants")):
            owners.append(i)
            code.append(g(item, "code"))
            name.append(g(item, "displayName"))
            full.append(g(item, "fullName"))
            conc = g(item, "concentration")
            value.append(num(conc, "value"))
            units.append(g(conc, "units") if isinstance(conc, Mapping) else None)
    cols["value"] = np.asarray(value, dtype=np.float64)
    cols["time"] = _expand(stamps, owners)
    df = frame(cols, POLLUTANT_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"])


def health_recommendations_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Health advice, one row per hour x group (``group`` in snake_case, e.g. ``elderly``)."""
    hours = _aq_hours(payload)
    stamps = _aq_times(payload, hours)
    owners: list[int] = []
    groups: list[str] = []
    texts: list[Any] = []
    for i, hour in enumerate(hours):
        recs = g(hour, "healthRecommendations")
        if not isinstance(recs, Mapping):
            continue
        for key, value in recs.items():
            owners.append(i)
            groups.append(snake(str(key)))
            texts.append(text(value))
    cols = {"time": _expand(stamps, owners), "group": groups, "text": texts}
    df = frame(cols, HEALTH_COLUMNS)
    return finish(df, source, domain_attributions(payload)["air_quality"])


# --------------------------------------------------------------------------------------------
# Pollen
# --------------------------------------------------------------------------------------------

POLLEN_COLUMNS = [
    "date",
    "kind",
    "code",
    "name",
    "upi",
    "category",
    "in_season",
    "index_description",
    "color",
]
_POLLEN_DAY_KEYS = ("dailyInfo", "daily", "days", "dailyForecasts", "forecastDays")


def _pollen_days(payload: Any) -> list[Mapping]:
    pollen = g(payload, "pollen")
    if not isinstance(pollen, Mapping):
        return []
    days = _listed(pollen, _POLLEN_DAY_KEYS)
    if not days and (has(pollen, "pollenTypeInfo") or has(pollen, "plantInfo")):
        days = [pollen]
    return days


def pollen_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Pollen, one row per day x (pollen type or plant): ``kind`` is ``"type"`` or ``"plant"``.

    ``upi`` is ``Int64`` 0–5 (NA without ``indexInfo``); a missing ``inSeason`` reads False.
    """
    cols: dict[str, Any] = {c: [] for c in POLLEN_COLUMNS}
    for day in _pollen_days(payload):
        when = g(day, "date")
        for kind, key in (("type", "pollenTypeInfo"), ("plant", "plantInfo")):
            for item in records(g(day, key)):
                info = g(item, "indexInfo")
                if info is None:
                    info = g(item, "index")
                value = num(info, "value")
                cols["date"].append(when)
                cols["kind"].append(kind)
                cols["code"].append(g(item, "code"))
                cols["name"].append(g(item, "displayName"))
                cols["upi"].append(rounded(value))
                cols["category"].append(g(info, "category"))
                cols["in_season"].append(g(item, "inSeason") is True)
                cols["index_description"].append(g(info, "indexDescription"))
                cols["color"].append(hex_color(g(info, "color")))
    cols["date"] = civil_dates(cols["date"])
    cols["upi"] = pd.array(cols["upi"], dtype="Int64")
    cols["in_season"] = np.asarray(cols["in_season"], dtype=bool)
    df = frame(cols, POLLEN_COLUMNS)
    return finish(df, source, domain_attributions(payload)["pollen"])


# --------------------------------------------------------------------------------------------
# Attributions
# --------------------------------------------------------------------------------------------


def environment_attributions(payload: Mapping) -> dict[str, list[dict]]:
    """Attributions per domain: ``{"weather": [...], "air_quality": [...], "pollen": [...]}``.

    Each list holds unique ``{"title", "url"}`` dicts of that domain's container; a domain
    absent from the response has an empty list. Legacy flat mode credits ``weather``.
    """
    return domain_attributions(payload)


# --------------------------------------------------------------------------------------------
# Request context (for chart titles and error messages) and the wide air-quality view
# --------------------------------------------------------------------------------------------


def _place_label(location: Any) -> str | None:
    if isinstance(location, str):
        return location or None
    if not isinstance(location, Mapping):
        return None
    for key in ("address", "name"):
        if isinstance(g(location, key), str) and g(location, key):
            return str(g(location, key))
    point = g(location, "latLng") if isinstance(g(location, "latLng"), Mapping) else location
    lat, lng = num(g(point, "latitude")), num(g(point, "longitude"))
    if not (math.isnan(lat) or math.isnan(lng)):
        return (
            f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'} {abs(lng):.2f}°{'E' if lng >= 0 else 'W'}"
        )
    if g(location, "placeId"):
        return f"place {g(location, 'placeId')}"
    return None


def request_context(request: Any, zone: str | None = None) -> dict[str, Any]:
    """What a ``lookup_weather`` call asked, for titles and messages.

    Returns ``place`` (the location as asked), ``mode`` (``"current"``, ``"hour"`` or ``"day"``:
    no date, ``date`` + ``hour``, ``date`` only), ``capabilities`` and ``time_zone``; keys whose
    value is unknown are left out.
    """
    out: dict[str, Any] = {}
    if not isinstance(request, Mapping):
        return {"time_zone": zone} if zone else out
    place = _place_label(g(request, "location"))
    if place:
        out["place"] = place
    day, hour = g(request, "date"), g(request, "hour")
    out["mode"] = "current" if day is None else ("day" if hour is None else "hour")
    caps = g(request, "capabilities")
    if isinstance(caps, (list, tuple)):
        out["capabilities"] = [str(c) for c in caps]
    if zone:
        out["time_zone"] = zone
    return out


def _label(value: Any) -> Any:
    """A column label: the value if hashable, else (a dict, a list) its text."""
    try:
        hash(value)
    except TypeError:
        return str(value)
    return value


def air_quality_wide(long: pd.DataFrame) -> pd.DataFrame:
    """The air-quality frame pivoted wide: one row per ``time``, one ``aqi`` column per index code.

    ``long`` is ``env.air_quality`` (one row per hour × index). The result is indexed by
    ``time`` (sorted) and keeps ``attrs``, so ``wide.plot()`` draws one line per index; a frame
    stacked from several calls (``mapsnb.concat``) keeps one column per ``request`` and index,
    named ``"<request> · <index_code>"``.
    """
    if long.empty or not {"time", "index_code", "aqi"} <= set(long.columns):
        wide = pd.DataFrame(index=pd.DatetimeIndex([], name="time"))
    else:
        # a code (or request) of an unforeseen shape, an object, is named by its text
        named = long.assign(
            **{c: long[c].map(_label) for c in ("index_code", "request") if c in long}
        )
        keys = ["index_code"]
        if "request" in named.columns and named["request"].nunique() > 1:
            keys = ["request", "index_code"]
        rows = named.dropna(subset=["time", "index_code"]).drop_duplicates(["time", *keys])
        wide = rows.pivot(index="time", columns=keys, values="aqi").sort_index()
        if len(keys) > 1:
            wide.columns = [f"{r} · {c}" for r, c in wide.columns]
        else:
            wide = wide[list(dict.fromkeys(rows["index_code"]))]  # order as received
        wide = wide.astype("Int64")
        wide.columns.name = None
    wide.attrs = dict(long.attrs)
    return wide
