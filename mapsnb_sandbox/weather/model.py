"""Synthetic, deterministic weather for the emulator.

Every number is a pure function of the place (rounded to 0.01°) and the UTC instant, so the same
instant gives the same numbers whatever mode asked for it. Climate comes from data (:mod:`climate`:
monthly means and precipitation of a gridded climatology at the town's altitude, Köppen class,
the marine layer of cool coastal deserts) and follows the day of the year, with a diurnal cycle
(minimum near sunrise, maximum about 15:00 solar time), each solar day's anomaly, afternoon sky
and rain cooling, turning at night (so that the day's warmest hour stays in its afternoon), slow
"weather systems" (smooth value noise) and small hourly jitter.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.earth.sun import solar_elevation
from mapsnb_sandbox.languages.texts import condition_text
from mapsnb_sandbox.weather.climate import LAPSE_C_PER_M, normals

_TWO64 = float(2**64)
_CARDINALS = (
    "NORTH",
    "NORTH_NORTHEAST",
    "NORTHEAST",
    "EAST_NORTHEAST",
    "EAST",
    "EAST_SOUTHEAST",
    "SOUTHEAST",
    "SOUTH_SOUTHEAST",
    "SOUTH",
    "SOUTH_SOUTHWEST",
    "SOUTHWEST",
    "WEST_SOUTHWEST",
    "WEST",
    "WEST_NORTHWEST",
    "NORTHWEST",
    "NORTH_NORTHWEST",
)


def unit01(*parts: Any) -> float:
    """A deterministic number in [0, 1) from ``parts``."""
    return stable_int(*parts) / _TWO64


def smooth(key: str, lat2: float, lng2: float, hours: float, period: float) -> float:
    """Smooth value noise in [0, 1]: random knots every ``period`` hours, smoothstep between."""
    x = hours / period
    k = math.floor(x)
    f = x - k
    f = f * f * (3.0 - 2.0 * f)
    a = unit01(key, lat2, lng2, period, k)
    b = unit01(key, lat2, lng2, period, k + 1)
    return a + (b - a) * f


@dataclass(frozen=True)
class HourState:
    """Metric weather at one instant (internal; converted to wire records by ``record``)."""

    when: datetime
    temp: float
    feels: float
    dew: float
    heat_index: float
    rh: int
    uv: int
    precip_prob: int
    precip_type: str
    qpf_mm: float
    thunder: int
    pressure: float
    station_pressure: float
    wind_dir: int
    wind_kmh: float
    gust_kmh: float
    vis_km: float
    cloud: int
    is_day: bool
    cond: str


def _clamp(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def wet_climate(lat: float, lng: float = 0.0) -> float:
    """Climatological wetness in [0, 1] from the Köppen class (deserts ~0.1, rainforest ~0.9)."""
    return normals(lat, lng).wetness


def station_pressure(msl_hpa: float, elevation_m: float) -> float:
    """Pressure at the ground (hPa) from mean sea-level pressure: the barometric formula of the
    standard atmosphere (15 °C at sea level, 6.5 °C/km lapse rate)."""
    return float(msl_hpa * (1.0 - LAPSE_C_PER_M * elevation_m / 288.15) ** 5.25588)


#: Solar hours over which a day's anomaly turns into the next day's: a warming in the morning
#: before the afternoon, a cooling in the evening after it.
_WARM_TURN_H = (4.0, 10.0)
_COOL_TURN_H = (18.0, 24.0)
#: Solar hours whose sky sets a day's diurnal range and its rain's cooling.
_DAY_HOURS = (11.0, 14.0, 17.0)
#: Solar hours around midnight over which a day's diurnal range turns into the next day's.
_RANGE_TURN_H = 3.0
#: Cooling (°C) of a day whose afternoon rains throughout.
_RAIN_COOLING_C = 1.5


def _ease(x: float) -> float:
    x = _clamp(x, 0.0, 1.0)
    return x * x * (3.0 - 2.0 * x)


@dataclass(frozen=True)
class _Sky:
    """The sky of one instant: cloud (%), the weather system's state ``w`` (0..1), the
    probability (%) and amount (mm) of precipitation, the hour's jitter and the wetness."""

    cloud: float
    w: float
    prob: int
    qpf: float
    jit: float
    wetc: float


def _sky(la: float, lo: float, epoch_minute: int) -> _Sky:
    """The sky at (``la``, ``lo``) (0.01°) at the instant ``epoch_minute``."""
    when = datetime.fromtimestamp(epoch_minute * 60, tz=UTC)
    hours = epoch_minute / 60.0
    clim = normals(la, lo)
    solar_hour = (when.hour + when.minute / 60.0 + lo / 15.0) % 24.0
    wetc = clim.wet_in(when.month) + (unit01("wetcell", round(la), round(lo)) - 0.5) * 0.15
    stratus = clim.stratus_in(when.month, la)
    # slow weather systems
    w = 0.6 * smooth("wet", la, lo, hours, 9.0) + 0.4 * smooth("wet2", la, lo, hours, 40.0)
    jit = unit01(la, lo, when.date().isoformat(), when.hour, when.minute)
    cloud = _clamp(((w + (wetc - 0.5) - 0.22) / 0.6) * 100.0 + (jit - 0.5) * 10.0, 0.0, 100.0)
    if stratus > 0.0:  # the marine layer: grey most of the day, thinning in the afternoon
        thin = (
            max(0.0, math.sin(math.pi * (solar_hour - 10.0) / 8.0)) if 10 <= solar_hour < 18 else 0
        )
        cloud = max(cloud, stratus * (95.0 - 35.0 * thin * w))
    wet_prob = 5.0 + (cloud - 40.0) / 60.0 * 85.0 * (0.6 + 0.4 * w)
    prob = cloud / 8.0 if cloud < 40.0 else wet_prob
    prob_i = round(_clamp(prob, 0.0, 100.0))
    qpf = 0.0
    if prob_i >= 55:
        qpf = ((prob_i - 50) / 50.0) ** 1.5 * (3.0 + 3.0 * wetc) * (0.7 + 0.6 * jit)
    elif stratus > 0.5 and cloud >= 85.0 and not 11 <= solar_hour < 19 and w > 0.45:
        prob_i, qpf = max(prob_i, 40), 0.1 + 0.2 * jit  # garúa: drizzle from the stratus deck
    return _Sky(cloud=cloud, w=w, prob=prob_i, qpf=qpf, jit=jit, wetc=wetc)


@lru_cache(maxsize=4096)
def _day(la: float, lo: float, k: int) -> tuple[float, float]:
    """Solar day ``k`` (from solar midnight): its anomaly (°C: the warm or cold spell, less the
    cooling of its afternoon's rain) and the share of the diurnal range its sky lets through
    (the afternoon's cloud, sampled at ``_DAY_HOURS``)."""
    skies = [_sky(la, lo, round((24.0 * k + h - lo / 15.0) * 60.0)) for h in _DAY_HOURS]
    cloud = sum(s.cloud for s in skies) / len(skies)
    rainy = sum(s.qpf > 0.0 for s in skies) / len(skies)
    spell = (_spell(la, lo, k) - 0.5) * (5.0 + 0.12 * abs(la))
    return spell - _RAIN_COOLING_C * rainy, 1.0 - 0.55 * cloud / 100.0


def _anomaly(la: float, lo: float, solar_hours: float) -> float:
    """The day's anomaly (°C) at ``solar_hours`` (solar hours since the epoch). It turns into
    the next day's on the side of the night that keeps each day's warmest hour in its afternoon,
    whatever the diurnal range (polar night, an overcast or rainy day): a warming in the
    morning (the warm air arrives during the day), a cooling in the evening (a front, rain-cooled
    air at night)."""
    k = math.floor(solar_hours / 24.0)
    h = solar_hours - 24.0 * k
    a = _day(la, lo, k)[0]
    if h < _WARM_TURN_H[1]:
        before = _day(la, lo, k - 1)[0]
        if before < a:
            f = (h - _WARM_TURN_H[0]) / (_WARM_TURN_H[1] - _WARM_TURN_H[0])
            a = before + (a - before) * _ease(f)
    elif h >= _COOL_TURN_H[0]:
        after = _day(la, lo, k + 1)[0]
        if after < a:
            a += (after - a) * _ease((h - _COOL_TURN_H[0]) / (_COOL_TURN_H[1] - _COOL_TURN_H[0]))
    return a


def _turn_deficit(la: float, rain_share: float) -> float:
    """The mean of :func:`_anomaly` below the days' own (°C): each turn spends 3 of 24 hours
    halfway on the lower side; the spells' mean step is 1/12 of their scale, the rain's about
    twice its share of days times that of dry ones."""
    step = (5.0 + 0.12 * abs(la)) / 12.0 + 2.0 * _RAIN_COOLING_C * rain_share * (1.0 - rain_share)
    return step * 3.0 / 24.0


def _range_share(la: float, lo: float, solar_hours: float) -> float:
    """The day's share of the diurnal range, turning into the next day's around midnight."""
    k = math.floor(solar_hours / 24.0)
    h = solar_hours - 24.0 * k
    share = _day(la, lo, k)[1]
    if h >= 24.0 - _RANGE_TURN_H:
        f = _ease((h - 24.0 + _RANGE_TURN_H) / (2.0 * _RANGE_TURN_H))
        return share + (_day(la, lo, k + 1)[1] - share) * f
    if h < _RANGE_TURN_H:
        f = _ease((h + _RANGE_TURN_H) / (2.0 * _RANGE_TURN_H))
        before = _day(la, lo, k - 1)[1]
        return before + (share - before) * f
    return share


@lru_cache(maxsize=4096)
def _spell(lat2: float, lng2: float, k: int) -> float:
    """Solar day ``k``'s anomaly: the mean of the draws of days k-2..k+1 (a day resembles the
    last: warm and cold spells)."""
    return sum(unit01("tanom", lat2, lng2, k + i) for i in range(-2, 2)) / 4.0


def _day_length(lat: float, days: float) -> float:
    """Approximate day length in hours."""
    decl = 23.44 * math.sin(2.0 * math.pi * (days - 80.0) / 365.2422)
    x = -math.tan(math.radians(_clamp(lat, -89.0, 89.0))) * math.tan(math.radians(decl))
    return 2.0 * math.degrees(math.acos(_clamp(x, -1.0, 1.0))) / 15.0


#: Time constant (h) of the evening and night cooling after the afternoon maximum.
_COOLING_H = 10.0


def _diurnal(solar_hour: float, t_min: float) -> float:
    """-1 at ``t_min`` (about sunrise), +1 at 15:00 solar time: a cosine rise through the
    morning, then the evening's fast and the night's slow cooling (exponential decay)."""
    t_max = 15.0
    if t_min <= solar_hour < t_max:
        return -math.cos(math.pi * (solar_hour - t_min) / (t_max - t_min))
    d = (solar_hour - t_max) % 24.0
    span = 24.0 - (t_max - t_min)
    return 1.0 - 2.0 * (1.0 - math.exp(-d / _COOLING_H)) / (1.0 - math.exp(-span / _COOLING_H))


def _diurnal_mean(t_min: float) -> float:
    """The day's mean of :func:`_diurnal` (the rise averages 0, the cooling below 0), so that
    subtracting it keeps the day's mean temperature at the climate's."""
    span = 24.0 - (15.0 - t_min)
    drop = 1.0 - math.exp(-span / _COOLING_H)
    cooling = 1.0 - 2.0 * (1.0 - _COOLING_H * drop / span) / drop
    return cooling * span / 24.0


def condition(
    cloud: float, prob: float, qpf: float, ptype: str, thunder: float, wind: float
) -> str:
    """Condition type from the physical quantities (consistent by construction)."""
    if qpf > 0.0:
        if ptype == "SNOW":
            return "LIGHT_SNOW" if qpf < 1.0 else "SNOW" if qpf < 3.0 else "HEAVY_SNOW"
        if ptype == "RAIN_AND_SNOW":
            return "RAIN_AND_SNOW"
        if thunder >= 30:
            return "THUNDERSTORM"
        return "LIGHT_RAIN" if qpf < 1.0 else "RAIN" if qpf < 3.0 else "HEAVY_RAIN"
    if prob >= 35:
        return "CHANCE_OF_SNOW_SHOWERS" if ptype == "SNOW" else "CHANCE_OF_SHOWERS"
    if wind >= 45.0:
        return "WINDY"
    if cloud < 15:
        return "CLEAR"
    if cloud < 35:
        return "MOSTLY_CLEAR"
    if cloud < 65:
        return "PARTLY_CLOUDY"
    return "MOSTLY_CLOUDY" if cloud < 85 else "CLOUDY"


def _feels_and_heat(temp: float, rh: float, wind: float) -> tuple[float, float]:
    """Feels-like (wind chill or heat index) and heat index, in °C."""
    heat = temp
    if temp >= 26.7:
        f = temp * 9.0 / 5.0 + 32.0
        hi = (
            -42.379
            + 2.04901523 * f
            + 10.14333127 * rh
            - 0.22475541 * f * rh
            - 6.83783e-3 * f * f
            - 5.481717e-2 * rh * rh
            + 1.22874e-3 * f * f * rh
            + 8.5282e-4 * f * rh * rh
            - 1.99e-6 * f * f * rh * rh
        )
        heat = max(temp, (hi - 32.0) * 5.0 / 9.0)
    if temp <= 10.0 and wind > 4.8:
        v = wind**0.16
        return 13.12 + 0.6215 * temp - 11.37 * v + 0.3965 * temp * v, heat
    return heat, heat


@lru_cache(maxsize=8192)
def hour_state(lat: float, lng: float, epoch_minute: int) -> HourState:
    """The weather at the instant ``epoch_minute`` (minutes since 1970-01-01 UTC)."""
    la, lo = round(lat, 2), round(lng, 2)
    when = datetime.fromtimestamp(epoch_minute * 60, tz=UTC)
    hours = epoch_minute / 60.0
    days = when.timetuple().tm_yday + when.hour / 24.0
    alat = abs(lat)
    clim = normals(lat, lng)
    solar_hour = (when.hour + when.minute / 60.0 + lng / 15.0) % 24.0
    sky = _sky(la, lo, epoch_minute)
    cloud, w, prob_i, qpf, jit, wetc = sky.cloud, sky.w, sky.prob, sky.qpf, sky.jit, sky.wetc
    # rain cools its days by up to 1.5 °C; the dry days are warmer by as much on average (the
    # normals hold both): the share of rainy hours rises with the month's wetness
    rain_share = _clamp((wetc - 0.38) * 1.45, 0.0, 0.8)
    # temperature: the day's normal, the day's anomaly (turning at night), the diurnal cycle
    solar_hours = hours + lo / 15.0
    base = clim.temp_on(days) + _anomaly(la, lo, solar_hours) + _turn_deficit(la, rain_share)
    daylen = _day_length(lat, days)
    t_min = _clamp(12.0 - daylen / 2.0, 3.0, 9.0)
    # thin, dry air at altitude: wider days (La Paz, Cusco: 15-18 °C in the dry season); the
    # day's afternoon sky (not the hour's) sets the range, so a clearing evening stays cooler
    amp = (6.0 + 9.0 * (1.0 - wetc) + 2.5 * clim.elevation_m / 1000.0) * _range_share(
        la, lo, solar_hours
    )
    amp *= 0.3 + 0.7 * min(daylen, 24.0 - daylen) / 12.0
    shape = _diurnal(solar_hour, t_min) - _diurnal_mean(t_min)
    temp = base + amp / 2.0 * shape + _RAIN_COOLING_C * rain_share
    ptype = "SNOW" if temp <= 0.0 else "RAIN_AND_SNOW" if temp <= 2.0 else "RAIN"
    thunder = 0
    if temp >= 18.0 and prob_i >= 40:
        thunder = round(min(60.0, (prob_i - 40) * (temp - 18.0) / 15.0))
    # humidity via dew point (keeps a natural diurnal RH cycle)
    dew = base - amp / 2.0 - (1.0 - wetc) * 12.0 * (1.0 - 0.5 * w)
    if qpf > 0:
        dew = max(dew, temp - 1.5)
    dew = min(dew, temp)
    rh = 100.0 * math.exp(17.625 * dew / (243.04 + dew) - 17.625 * temp / (243.04 + temp))
    # wind
    west = math.exp(-(((alat - 50.0) / 15.0) ** 2))
    storm = max(0.0, w - 0.55) / 0.45
    diurnal_wind = 1.0 + 0.2 * max(0.0, math.sin(math.pi * (solar_hour - 9.0) / 12.0))
    speed = (6.0 + 12.0 * west + 28.0 * storm) * diurnal_wind * (0.85 + 0.3 * jit)
    gust = speed * (1.35 + 0.4 * unit01("gust", la, lo, epoch_minute)) + 10.0 * storm
    prevailing = 270.0 if 30.0 <= alat <= 60.0 else (60.0 if lat >= 0 else 120.0)
    wdir = round(prevailing + (smooth("wdir", la, lo, hours, 18.0) - 0.5) * 200.0) % 360
    elev = solar_elevation(lat, lng, when)
    is_day = elev > -0.833
    uv = 0
    if elev > 0:
        uv = round(12.5 * math.sin(math.radians(elev)) ** 2.4 * (1.0 - 0.6 * cloud / 100.0))
    vis = 16.0
    if qpf > 0:
        vis = _clamp(16.0 - 3.5 * qpf, 2.0, 16.0)
    elif rh > 96 and cloud > 75:
        vis = 2.0
    feels, heat = _feels_and_heat(temp, rh, speed)
    pressure = 1013.0 + (0.5 - w) * 24.0 + (jit - 0.5) * 2.0
    cloud_i = round(cloud)
    cond = condition(cloud_i, prob_i, qpf, ptype, thunder, speed)
    return HourState(
        when=when,
        temp=temp,
        feels=feels,
        dew=dew,
        heat_index=heat,
        rh=round(_clamp(rh, 5.0, 100.0)),
        uv=uv,
        precip_prob=prob_i,
        precip_type=ptype,
        qpf_mm=qpf,
        thunder=thunder,
        pressure=pressure,
        station_pressure=station_pressure(pressure, clim.elevation_m),
        wind_dir=wdir,
        wind_kmh=speed,
        gust_kmh=gust,
        vis_km=vis,
        cloud=cloud_i,
        is_day=is_day,
        cond=cond,
    )


def state_at(lat: float, lng: float, when: datetime) -> HourState:
    """The weather at ``when`` (aware), to the minute."""
    return hour_state(lat, lng, int(when.timestamp() // 60))


# --------------------------------------------------------------------------- wire records


def utc_z(t: datetime) -> str:
    """RFC 3339 UTC with a ``Z`` suffix, to the second."""
    return t.astimezone(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def temperature(c: float, imperial: bool) -> dict[str, Any]:
    """A temperature object in the requested units."""
    if imperial:
        return {"degrees": round(c * 9.0 / 5.0 + 32.0, 1), "unit": "FAHRENHEIT"}
    return {"degrees": round(c, 1), "unit": "CELSIUS"}


def _speed(kmh: float, imperial: bool) -> dict[str, Any]:
    if imperial:
        return {"value": round(kmh / 1.609344), "unit": "MILES_PER_HOUR"}
    return {"value": round(kmh), "unit": "KILOMETERS_PER_HOUR"}


def _wind(direction: int, speed: float, gust: float, imperial: bool) -> dict[str, Any]:
    return {
        "direction": {"degrees": direction, "cardinal": _CARDINALS[round(direction / 22.5) % 16]},
        "speed": _speed(speed, imperial),
        "gust": _speed(gust, imperial),
    }


def _precip(prob: int, ptype: str, qpf_mm: float, imperial: bool) -> dict[str, Any]:
    qpf = (
        {"quantity": round(qpf_mm / 25.4, 2), "unit": "INCHES"}
        if imperial
        else {"quantity": round(qpf_mm, 1), "unit": "MILLIMETERS"}
    )
    return {"probability": {"percent": prob, "type": ptype}, "qpf": qpf}


def _condition(cond: str, is_day: bool, lang: str = "en") -> dict[str, Any]:
    text, used = condition_text(lang, cond, is_day)  # data/texts/<lang>.json
    return {"description": {"text": text, "languageCode": used}, "type": cond}


def record(
    s: HourState, imperial: bool, when: datetime | None = None, lang: str = "en"
) -> dict[str, Any]:
    """One current/hourly weather record (camelCase, times in UTC; texts in ``lang``)."""
    vis = round(s.vis_km / 1.609344) if imperial else round(s.vis_km)
    return {
        "dateTime": utc_z(when or s.when),
        "isDaytime": s.is_day,
        "weatherCondition": _condition(s.cond, s.is_day, lang),
        "temperature": temperature(s.temp, imperial),
        "feelsLikeTemperature": temperature(s.feels, imperial),
        "dewPoint": temperature(s.dew, imperial),
        "heatIndex": temperature(s.heat_index, imperial),
        "relativeHumidity": s.rh,
        "uvIndex": s.uv,
        "precipitation": _precip(s.precip_prob, s.precip_type, s.qpf_mm, imperial),
        "thunderstormProbability": s.thunder,
        "airPressure": {"meanSeaLevelMillibars": round(s.pressure, 1)},
        "wind": _wind(s.wind_dir, s.wind_kmh, s.gust_kmh, imperial),
        "visibility": {"distance": vis, "unit": "MILES" if imperial else "KILOMETERS"},
        "cloudCover": s.cloud,
    }


def day_part(
    states: list[HourState], is_day: bool, imperial: bool, lang: str = "en"
) -> dict[str, Any]:
    """Aggregate of a daytime (07–19 local) or nighttime (19–07) span."""
    n = len(states)
    cloud = round(sum(s.cloud for s in states) / n)
    prob = max(s.precip_prob for s in states)
    qpf = sum(s.qpf_mm for s in states)
    wettest = max(states, key=lambda s: (s.qpf_mm, s.precip_prob))
    thunder = max(s.thunder for s in states)
    wind = max(s.wind_kmh for s in states)
    gust = max(s.gust_kmh for s in states)
    u = sum(math.sin(math.radians(s.wind_dir)) * s.wind_kmh for s in states)
    v = sum(math.cos(math.radians(s.wind_dir)) * s.wind_kmh for s in states)
    direction = round(math.degrees(math.atan2(u, v))) % 360
    peak_rate = max(s.qpf_mm for s in states)
    cond = condition(cloud, prob, peak_rate, wettest.precip_type, thunder, wind)
    return {
        "weatherCondition": _condition(cond, is_day, lang),
        "relativeHumidity": round(sum(s.rh for s in states) / n),
        "uvIndex": max(s.uv for s in states),
        "precipitation": _precip(prob, wettest.precip_type, qpf, imperial),
        "thunderstormProbability": thunder,
        "wind": _wind(direction, wind, gust, imperial),
        "cloudCover": cloud,
    }
