"""The emulator's ``lookup_weather``: weather, air quality and pollen (TOOLS.md §2.2, §3, §6).

Output is capability mode (REAL_SERVER.md): ``timeZone`` plus one container per requested,
in-range capability (``weather``, ``airQuality``, ``pollen``), each with an ``attribution``.

Emulator choices (documented, not the live server's):

* "now" is ``ctx.now`` converted to the location's zone; hourly horizons compare whole local
  hours against now truncated to the local hour, bounds inclusive.
* A local hour that does not exist (spring-forward gap) means the next valid instant, e.g.
  02:00 on a US spring-forward day is 03:00 daylight time. An ambiguous hour (fall-back) means
  its first occurrence (daylight time).
* A daily air-quality series has one entry per existing local wall-clock hour 00..23: 24
  entries, or 23 on a spring-forward day; on a fall-back day ``utcOffset`` changes mid-series.
* Text (condition descriptions, categories, advice) is in the asked language when the emulator
  has it (en, pt, es, fr, de, it, pl, ru; ``data/texts``), else English; ``languageCode`` says
  which.
* Countries without an emulated local AQI scale get only the Universal AQI.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mapsnb_sandbox.contract.common import Context, arg, attribution, invalid
from mapsnb_sandbox.earth.sun import moon_events, moon_phase, sun_events
from mapsnb_sandbox.languages.texts import DEFAULT_LANGUAGE, language
from mapsnb_sandbox.tools.locations import resolve_location
from mapsnb_sandbox.weather import air_quality as aq
from mapsnb_sandbox.weather import model as wm
from mapsnb_sandbox.weather.air_indexes import local_scale
from mapsnb_sandbox.weather.pollen import pollen_day
from mapsnb_sandbox.world.resolved import Resolved

CAPABILITIES = ("WEATHER", "AIR_QUALITY", "POLLEN")
UNITS = ("METRIC", "IMPERIAL")
_LANG = re.compile(r"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8})*$")
_REGION = re.compile(r"^[A-Za-z]{2}$")
_HOUR = timedelta(hours=1)

#: Horizons (TOOLS.md §3.6, §6 fact 41): hourly in hours from now, daily in days from today.
WEATHER_HOURS = (-24, 240)
WEATHER_DAYS = (0, 9)
AQ_HOURS = (-720, 96)
AQ_DAYS = (-29, 3)
POLLEN_DAYS = (0, 4)


@dataclass(frozen=True)
class WeatherRequest:
    """Validated ``lookup_weather`` arguments."""

    location: dict[str, Any]
    capabilities: tuple[str, ...]
    day: date | None
    hour: int | None
    language: str
    imperial: bool
    include_pollutants: bool
    region: str | None


# --------------------------------------------------------------------------- validation


def _int(value: Any, field: str) -> int:
    """An integer from an int, an integral float or a digit string (protobuf JSON)."""
    if isinstance(value, bool):
        raise invalid(f"{field} must be an integer")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"-?\d{1,18}", value.strip()):
        return int(value)
    raise invalid(f"{field} must be an integer")


def _capabilities(value: Any) -> tuple[str, ...]:
    if value is None:
        raise invalid("capabilities is required: a non-empty list of WEATHER, AIR_QUALITY, POLLEN")
    if not isinstance(value, list) or not value:
        raise invalid("capabilities must be a non-empty list of WEATHER, AIR_QUALITY, POLLEN")
    for item in value:
        if item not in CAPABILITIES:
            raise invalid(f"capabilities: {item!r} is not one of WEATHER, AIR_QUALITY, POLLEN")
    return tuple(c for c in CAPABILITIES if c in value)


def _date(value: Any) -> date | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise invalid("date must be an object {year, month, day}")
    parts = {}
    for name in ("year", "month", "day"):
        raw = arg(value, name, where="date.")
        if raw is None:
            raise invalid(f"date.{name} is required")
        parts[name] = _int(raw, f"date.{name}")
    try:
        return date(parts["year"], parts["month"], parts["day"])
    except (ValueError, OverflowError):
        raise invalid(
            f"date {parts['year']}-{parts['month']}-{parts['day']} is not a real calendar date"
        ) from None


def _hour(value: Any, day: date | None) -> int | None:
    if value is None:
        return None
    if day is None:
        raise invalid("hour requires date: give date (the local date) together with hour")
    h = _int(value, "hour")
    if not 0 <= h <= 23:
        raise invalid(f"hour must be between 0 and 23 (local hour), got {h}")
    return h


def _units_value(value: Any, field: str) -> str | None:
    if value is None or value == "UNITS_SYSTEM_UNSPECIFIED":
        return None
    if value not in UNITS:
        raise invalid(f"{field} must be METRIC or IMPERIAL, got {value!r}")
    return str(value)


def _options(args: dict[str, Any], name: str) -> dict[str, Any]:
    value = arg(args, name)
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise invalid(f"{name} must be an object")
    return value


def parse_request(args: Any) -> WeatherRequest:
    """Validate the arguments (TOOLS.md §5 rules 12–19) without resolving the location."""
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    location = arg(args, "location")
    if location is None:
        raise invalid("location is required: set exactly one of lat_lng, place_id, address")
    caps = _capabilities(arg(args, "capabilities"))
    day = _date(arg(args, "date"))
    hour = _hour(arg(args, "hour"), day)
    lang = arg(args, "language_code", DEFAULT_LANGUAGE)
    if not isinstance(lang, str) or not _LANG.match(lang):
        raise invalid(f"language_code must be a BCP-47 language tag such as 'en', got {lang!r}")
    wopts = _options(args, "weather_options")
    aopts = _options(args, "air_quality_options")
    top = _units_value(arg(args, "units_system"), "units_system")
    nested = _units_value(
        arg(wopts, "units_system", where="weather_options."), "weather_options.units_system"
    )
    if top and nested and top != nested:
        raise invalid(
            f"units_system ({top}) conflicts with weather_options.units_system ({nested}); "
            "give one, or the same value in both"
        )
    include = arg(aopts, "include_pollutant_concentration", False, where="air_quality_options.")
    if not isinstance(include, bool):
        raise invalid("air_quality_options.include_pollutant_concentration must be a boolean")
    region = arg(aopts, "index_region_code", where="air_quality_options.")
    if region is not None and (not isinstance(region, str) or not _REGION.match(region)):
        raise invalid(
            "air_quality_options.index_region_code must be a two-letter ISO 3166-1 country "
            f"code such as 'US', got {region!r}"
        )
    return WeatherRequest(
        location=location,
        capabilities=caps,
        day=day,
        hour=hour,
        language=lang,
        imperial=(nested or top) == "IMPERIAL",
        include_pollutants=include,
        region=region.upper() if region else None,
    )


# --------------------------------------------------------------------------- local time


def zone(place: Resolved) -> ZoneInfo:
    """The place's zone (UTC when unknown)."""
    try:
        return ZoneInfo(place.tz or "UTC")
    except (KeyError, ValueError):
        return ZoneInfo("UTC")


def local_instant(day: date, hour: int, tz: ZoneInfo) -> tuple[datetime, datetime]:
    """(UTC instant, actual local time) of local ``day`` ``hour``:00.

    A non-existent local time becomes the next valid instant; an ambiguous one its first
    occurrence.
    """
    naive = datetime(day.year, day.month, day.day, hour)
    utc = naive.replace(tzinfo=tz).astimezone(UTC)
    return utc, utc.astimezone(tz)


@dataclass(frozen=True)
class _Clock:
    """Now at the location: the local-hour-truncated instant and today's local date."""

    now: datetime
    hour_utc: datetime
    today: date
    tz: ZoneInfo


def _clock(ctx: Context, tz: ZoneInfo) -> _Clock:
    local = ctx.now.astimezone(tz)
    trunc = local.replace(minute=0, second=0, microsecond=0)
    return _Clock(ctx.now, trunc.astimezone(UTC), local.date(), tz)


def _hours_from_now(clock: _Clock, instant: datetime) -> float:
    return (instant - clock.hour_utc).total_seconds() / 3600.0


def in_range(cap: str, req: WeatherRequest, clock: _Clock) -> bool:
    """Whether capability ``cap`` supports the requested time (TOOLS.md §6 fact 41)."""
    if req.day is None:
        return True
    days = (req.day - clock.today).days
    if cap == "POLLEN":
        return POLLEN_DAYS[0] <= days <= POLLEN_DAYS[1]
    if req.hour is None:
        lo, hi = WEATHER_DAYS if cap == "WEATHER" else AQ_DAYS
        return lo <= days <= hi
    lo_h, hi_h = WEATHER_HOURS if cap == "WEATHER" else AQ_HOURS
    if not lo_h // 24 - 1 <= days <= hi_h // 24 + 1:  # far away (and year 1/9999 overflows)
        return False
    delta = _hours_from_now(clock, local_instant(req.day, req.hour, clock.tz)[0])
    return lo_h <= delta <= hi_h


def _window(cap: str, clock: _Clock) -> str:
    """The accepted window of a capability, in words and local dates/times."""

    def days(lo: int, hi: int) -> str:
        a, b = clock.today + timedelta(lo), clock.today + timedelta(hi)
        return f"(local date {a.isoformat()}..{b.isoformat()})"

    def hours(lo: int, hi: int) -> str:
        a = (clock.hour_utc + timedelta(hours=lo)).astimezone(clock.tz)
        b = (clock.hour_utc + timedelta(hours=hi)).astimezone(clock.tz)
        return f"(local {a:%Y-%m-%dT%H:%M}..{b:%Y-%m-%dT%H:%M})"

    if cap == "POLLEN":
        return f"POLLEN: daily only, today..today+4 {days(*POLLEN_DAYS)}"
    if cap == "WEATHER":
        return (
            f"WEATHER: hourly now-24h..now+240h {hours(*WEATHER_HOURS)}, "
            f"daily today..today+9 {days(*WEATHER_DAYS)}"
        )
    return (
        f"AIR_QUALITY: hourly now-720h..now+96h {hours(*AQ_HOURS)}, "
        f"daily today-29..today+3 {days(*AQ_DAYS)}"
    )


def _out_of_range(req: WeatherRequest, clock: _Clock) -> Exception:
    when = f"{req.day.isoformat()}" if req.day else "now"
    if req.hour is not None:
        when += f" hour {req.hour:02d}"
    windows = "; ".join(_window(c, clock) for c in req.capabilities)
    return invalid(
        f"the requested local time {when} ({clock.tz.key}) is outside the supported range of "
        f"every requested capability: {windows}"
    )


# --------------------------------------------------------------------------- containers


def _lang(req: WeatherRequest) -> str:
    """The language the texts are in: pt, es, fr, de, it, pl, ru, else English."""
    return language(req.language)


def _weather(req: WeatherRequest, place: Resolved, clock: _Clock) -> dict[str, Any]:
    out: dict[str, Any] = {"attribution": attribution(f"{place.name} weather")}
    lat, lng = place.lat, place.lng
    if req.day is None:
        state = wm.state_at(lat, lng, clock.hour_utc)
        out["currentConditions"] = wm.record(state, req.imperial, clock.now, _lang(req))
    elif req.hour is not None:
        instant = local_instant(req.day, req.hour, clock.tz)[0]
        key = "historyHours" if instant < clock.hour_utc else "forecastHours"
        out[key] = [wm.record(wm.state_at(lat, lng, instant), req.imperial, None, _lang(req))]
    else:
        day = forecast_day(lat, lng, req.day, clock.tz, req.imperial, _lang(req))
        out["forecastDays"] = [day]
    return out


def forecast_day(
    lat: float, lng: float, day: date, tz: ZoneInfo, imperial: bool, lang: str = DEFAULT_LANGUAGE
) -> dict[str, Any]:
    """One daily forecast (no hourly values) for local ``day``, texts in ``lang``."""
    nxt = day + timedelta(1)
    start = local_instant(day, 0, tz)[0]
    end = local_instant(nxt, 0, tz)[0]
    stop = local_instant(nxt, 7, tz)[0]
    whole, daytime, night = [], [], []
    t = start
    while t < stop:
        s = wm.state_at(lat, lng, t)
        local = t.astimezone(tz)
        if t < end:
            whole.append(s)
        if local.date() == day and 7 <= local.hour < 19:
            daytime.append(s)
        elif (local.date() == day and local.hour >= 19) or local.date() == nxt:
            night.append(s)
        t += _HOUR
    sunrise, sunset = sun_events(lat, lng, local_instant(day, 12, tz)[0])
    sun: dict[str, str] = {}
    if sunrise is not None and sunset is not None:
        sun = {"sunriseTime": wm.utc_z(sunrise), "sunsetTime": wm.utc_z(sunset)}
    rises, sets = moon_events(lat, lng, start, end)
    return {
        "displayDate": {"year": day.year, "month": day.month, "day": day.day},
        "interval": {"startTime": wm.utc_z(start), "endTime": wm.utc_z(end)},
        "maxTemperature": wm.temperature(max(s.temp for s in whole), imperial),
        "minTemperature": wm.temperature(min(s.temp for s in whole), imperial),
        "feelsLikeMaxTemperature": wm.temperature(max(s.feels for s in whole), imperial),
        "feelsLikeMinTemperature": wm.temperature(min(s.feels for s in whole), imperial),
        "daytimeForecast": wm.day_part(daytime, True, imperial, lang),
        "nighttimeForecast": wm.day_part(night, False, imperial, lang),
        "sunEvents": sun,
        "moonEvents": {
            "moonPhase": moon_phase(start, end),
            "moonriseTimes": [wm.utc_z(x) for x in rises],
            "moonsetTimes": [wm.utc_z(x) for x in sets],
        },
    }


def _aq_entry(
    req: WeatherRequest, place: Resolved, instant: datetime, local: datetime
) -> dict[str, Any]:
    conc = aq.concentrations(
        place.lat, place.lng, int(instant.timestamp() // 60), local.hour + local.minute / 60.0
    )
    scale = local_scale(req.region or place.country_code or "")
    return aq.hour_result(conc, local, scale, req.include_pollutants, _lang(req))


def _air_quality(req: WeatherRequest, place: Resolved, clock: _Clock) -> dict[str, Any]:
    if req.day is None:
        instants = [(clock.hour_utc, clock.hour_utc.astimezone(clock.tz))]
    elif req.hour is not None:
        instants = [local_instant(req.day, req.hour, clock.tz)]
    else:
        pairs = (local_instant(req.day, h, clock.tz) for h in range(24))
        instants = [(u, loc) for h, (u, loc) in enumerate(pairs) if loc.hour == h]
    return {
        "attribution": attribution(f"{place.name} air quality"),
        "hourlyResults": [_aq_entry(req, place, u, loc) for u, loc in instants],
    }


def _pollen(req: WeatherRequest, place: Resolved, clock: _Clock) -> dict[str, Any]:
    day = req.day or clock.today
    noon = wm.state_at(place.lat, place.lng, local_instant(day, 12, clock.tz)[0])
    wet = noon.precip_prob / 100.0
    info = pollen_day(place.lat, place.lng, place.country_code, day, wet, _lang(req))
    return {"attribution": attribution(f"{place.name} pollen"), "dailyInfo": [info]}


def lookup_weather(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """Emulate ``lookup_weather``: validate, resolve the place, answer each in-range domain.

    Raises
    ------
    SandboxToolError
        INVALID_ARGUMENT for a malformed request or when no requested capability supports the
        requested time (the message names every capability's accepted window); NOT_FOUND when
        the location cannot be resolved.
    """
    req = parse_request(args)
    place = resolve_location(req.location, ctx, field="location")
    clock = _clock(ctx, zone(place))
    caps = [c for c in req.capabilities if in_range(c, req, clock)]
    if not caps:
        raise _out_of_range(req, clock)
    out: dict[str, Any] = {"timeZone": clock.tz.key}
    if "WEATHER" in caps:
        out["weather"] = _weather(req, place, clock)
    if "AIR_QUALITY" in caps:
        out["airQuality"] = _air_quality(req, place, clock)
    if "POLLEN" in caps:
        out["pollen"] = _pollen(req, place, clock)
    return out
