"""Synthetic air quality for the emulator: pollutant concentrations and the hourly answer.

Concentrations are a deterministic function of the place and the UTC instant (NO2/CO peak in
the rush hours, O3 in the sunny afternoon). Indexes (``air_indexes``) are computed from the
rounded, emitted concentrations.
"""

from __future__ import annotations

import math
from datetime import datetime
from functools import lru_cache
from typing import Any

from mapsnb_sandbox.languages.texts import aq_category, health_recommendations
from mapsnb_sandbox.weather.air_indexes import POLLUTANTS, UAQI, Scale, category, evaluate
from mapsnb_sandbox.weather.model import smooth, unit01
from mapsnb_sandbox.weather.pm25 import typical_pm25

_NAMES = {
    "pm25": ("PM2.5", "Fine particulate matter (<2.5µm)", "MICROGRAMS_PER_CUBIC_METER"),
    "pm10": ("PM10", "Inhalable particulate matter (<10µm)", "MICROGRAMS_PER_CUBIC_METER"),
    "o3": ("O3", "Ozone", "PARTS_PER_BILLION"),
    "no2": ("NO2", "Nitrogen dioxide", "PARTS_PER_BILLION"),
    "so2": ("SO2", "Sulfur dioxide", "PARTS_PER_BILLION"),
    "co": ("CO", "Carbon monoxide", "PARTS_PER_BILLION"),
}
#: Mean PM2.5 (µg/m³) the model gives per unit of pollution factor (daily cycle, noise, cells).
_MEAN_PM25_PER_FACTOR = 6.95


# --------------------------------------------------------------------------- concentrations


def _regional_factor(lat: float, lng: float) -> tuple[float, float]:
    """(pollution factor, dust factor): the place's typical PM2.5 level, and a regional dust."""
    typical = typical_pm25(lat, lng)
    dust = _regional(lat, lng)[1]
    if typical is not None:
        return typical / _MEAN_PM25_PER_FACTOR, dust
    return _regional(lat, lng)


def _regional(lat: float, lng: float) -> tuple[float, float]:
    """(pollution factor, dust factor) of a broad region (places the table does not cover)."""
    if 5.0 <= lat <= 35.0 and 60.0 <= lng <= 95.0:
        return 5.0, 1.5  # South Asia
    if 20.0 <= lat <= 45.0 and 100.0 <= lng <= 125.0:
        return 2.5, 1.2  # East China plain
    if 12.0 <= lat <= 35.0 and -15.0 <= lng <= 60.0:
        return 1.3, 3.0  # Sahara, Arabia
    return 1.0, 1.0


def _rush(h: float) -> float:
    return math.exp(-(((h - 8.0) / 1.5) ** 2)) + 0.8 * math.exp(-(((h - 18.0) / 2.0) ** 2))


@lru_cache(maxsize=8192)
def concentrations(
    lat: float, lng: float, epoch_minute: int, local_hour: float
) -> dict[str, float]:
    """Concentrations at an instant: pm25/pm10 in µg/m³, gases in ppb (rounded as emitted)."""
    la, lo = round(lat, 2), round(lng, 2)
    hours = epoch_minute / 60.0
    region, dust = _regional_factor(lat, lng)
    cell = 0.85 + 0.3 * unit01("aqcell", round(lat, 1), round(lng, 1))
    p = region * cell
    gas = p**0.6  # gases vary less between cities than fine particles
    stagnant = 0.5 + smooth("aq", la, lo, hours, 20.0)
    jit = 0.9 + 0.2 * unit01("aqj", la, lo, epoch_minute)
    rush = _rush(local_hour)
    days = (hours / 24.0) % 365.2422
    summer = 0.5 + 0.5 * math.cos(2 * math.pi * (days - 196.0) / 365.2422)
    if lat < 0:
        summer = 1.0 - summer
    sun = max(0.0, math.cos(math.pi * (local_hour - 14.5) / 11.0)) ** 2
    pm25 = (
        6.5
        * p
        * stagnant
        * (1.0 + 0.3 * rush + 0.15 * math.cos(2 * math.pi * (local_hour - 1) / 24))
    )
    pm25 *= jit
    no2 = 7.0 * gas * stagnant * (0.45 + 1.3 * rush) * jit
    pm10 = pm25 * 1.6 + 5.0 * dust * stagnant * jit
    co = 180.0 * gas * stagnant * (0.6 + 0.8 * rush) * jit
    so2 = 1.2 * gas * stagnant * (1.0 + 0.25 * rush) * jit
    o3 = (22.0 + 40.0 * (0.4 + 0.6 * summer) * sun) * (0.8 + 0.4 * stagnant) - 0.35 * no2
    return {
        "pm25": round(max(0.5, pm25), 1),
        "pm10": round(max(1.0, pm10), 1),
        "o3": round(max(2.0, o3), 2),
        "no2": round(max(0.5, no2), 2),
        "so2": round(max(0.2, so2), 2),
        "co": round(max(50.0, co), 2),
    }


# --------------------------------------------------------------------------- output


def _rgb(c: tuple[float, float, float]) -> dict[str, float]:
    return {"red": round(c[0], 2), "green": round(c[1], 2), "blue": round(c[2], 2)}


def _index(scale: Scale, conc: dict[str, float], lang: str = "en") -> dict[str, Any]:
    aqi, dom = evaluate(scale, conc)
    name, rgb = category(scale, aqi)
    name = aq_category(lang, name)
    return {
        "code": scale.code,
        "displayName": scale.display_name,
        "aqi": aqi,
        "aqiDisplay": str(aqi),
        "color": _rgb((rgb[0] / 255.0, rgb[1] / 255.0, rgb[2] / 255.0)),
        "category": name,
        "dominantPollutant": dom,
    }


def hour_result(
    conc: dict[str, float],
    local: datetime,
    scale: Scale | None,
    include_pollutants: bool,
    lang: str = "en",
) -> dict[str, Any]:
    """One ``hourlyResults`` entry; ``local`` is the aware local wall time of the hour.

    Categories and health advice are in ``lang`` (``data/texts``), English when not translated.
    """
    offset = local.utcoffset()
    seconds = int(offset.total_seconds()) if offset is not None else 0
    indexes = [_index(UAQI, conc, lang)]
    if scale is not None:
        indexes.append(_index(scale, conc, lang))
    out: dict[str, Any] = {
        "dateTime": {
            "year": local.year,
            "month": local.month,
            "day": local.day,
            "hours": local.hour,
            "minutes": local.minute,
            "seconds": 0,
            "utcOffset": f"{seconds}s",
        },
        "indexes": indexes,
    }
    if include_pollutants:
        out["pollutants"] = [
            {
                "code": c,
                "displayName": _NAMES[c][0],
                "fullName": _NAMES[c][1],
                "concentration": {"value": conc[c], "units": _NAMES[c][2]},
            }
            for c in POLLUTANTS
        ]
    level = min(4, max(0, (100 - indexes[0]["aqi"]) // 20))
    out["healthRecommendations"] = health_recommendations(lang, level)
    return out
