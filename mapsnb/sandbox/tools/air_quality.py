"""Synthetic air quality for the emulator: concentrations, the Universal AQI and local indexes.

Concentrations are a deterministic function of the place and the UTC instant (NO2/CO peak in
the rush hours, O3 in the sunny afternoon). Indexes are computed from the rounded, emitted
concentrations: the US index uses the real EPA breakpoints (PM2.5 as revised in 2024).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from mapsnb.sandbox.tools.weather_model import smooth, unit01
from mapsnb.sandbox.world.pm25 import typical_pm25
from mapsnb.sandbox.world.texts import aq_category, health_recommendations

POLLUTANTS = ("pm25", "pm10", "o3", "no2", "so2", "co")
_NAMES = {
    "pm25": ("PM2.5", "Fine particulate matter (<2.5µm)", "MICROGRAMS_PER_CUBIC_METER"),
    "pm10": ("PM10", "Inhalable particulate matter (<10µm)", "MICROGRAMS_PER_CUBIC_METER"),
    "o3": ("O3", "Ozone", "PARTS_PER_BILLION"),
    "no2": ("NO2", "Nitrogen dioxide", "PARTS_PER_BILLION"),
    "so2": ("SO2", "Sulfur dioxide", "PARTS_PER_BILLION"),
    "co": ("CO", "Carbon monoxide", "PARTS_PER_BILLION"),
}
#: ppb -> µg/m³ at 25 °C and 1 atm (molar mass / 24.45).
_UGM3_PER_PPB = {
    "o3": 48.00 / 24.45,
    "no2": 46.01 / 24.45,
    "so2": 64.07 / 24.45,
    "co": 28.01 / 24.45,
}

RGB = tuple[int, int, int]
#: Mean PM2.5 (µg/m³) the model gives per unit of pollution factor (daily cycle, noise, cells).
_MEAN_PM25_PER_FACTOR = 6.95


def _rgb(c: tuple[float, float, float]) -> dict[str, float]:
    return {"red": round(c[0], 2), "green": round(c[1], 2), "blue": round(c[2], 2)}


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


# --------------------------------------------------------------------------- index scales


@dataclass(frozen=True)
class Scale:
    """An AQI scale.

    ``kind`` is ``"segments"`` (piecewise linear between breakpoints, EPA style: each entry is
    ``(c_lo, c_hi, i_lo, i_hi)``) or ``"bands"`` (index = 1 + number of band limits exceeded).
    ``units`` says per pollutant whether the table is in ``ppb``, ``ppm``, ``ugm3`` or ``mgm3``;
    ``digits`` is the truncation applied to the concentration before lookup.
    """

    code: str
    display_name: str
    kind: str
    tables: dict[str, tuple[tuple[float, ...], ...]]
    units: dict[str, str]
    digits: dict[str, int]
    #: (upper aqi bound inclusive, category, rgb 0-255); for decreasing scales the lower bound.
    categories: tuple[tuple[float, str, RGB], ...]
    decreasing: bool = False


def _convert(code: str, value: float, unit: str) -> float:
    if unit == "ugm3" and code in _UGM3_PER_PPB:
        return value * _UGM3_PER_PPB[code]
    if unit == "mgm3" and code in _UGM3_PER_PPB:
        return value * _UGM3_PER_PPB[code] / 1000.0
    if unit == "ppm":
        return value / 1000.0
    return value


def _truncate(x: float, digits: int) -> float:
    f = 10**digits
    return math.floor(x * f + 1e-9) / f


def sub_index(scale: Scale, code: str, value: float) -> float | None:
    """Continuous sub-index of one pollutant (None when the scale ignores it)."""
    table = scale.tables.get(code)
    if table is None:
        return None
    c = _truncate(_convert(code, value, scale.units.get(code, "ugm3")), scale.digits.get(code, 0))
    if scale.kind == "bands":
        lo = 0.0
        for i, hi in enumerate(table[0]):
            if c <= hi:
                return 1.0 + i + (c - lo) / (hi - lo) * 0.999
            lo = hi
        return float(len(table[0]) + 1)
    for c_lo, c_hi, i_lo, i_hi in table:
        if c <= c_hi:
            c = max(c, c_lo)
            return i_lo + (i_hi - i_lo) * (c - c_lo) / (c_hi - c_lo)
    return table[-1][3]


def _round_half_up(x: float) -> int:
    return math.floor(x + 0.5)


def evaluate(scale: Scale, conc: dict[str, float]) -> tuple[int, str]:
    """The index value and its dominant pollutant (the pollutant with the worst sub-index)."""
    subs = {c: s for c in POLLUTANTS if (s := sub_index(scale, c, conc[c])) is not None}
    if scale.decreasing:
        dom = min(subs, key=lambda c: subs[c])
        return _round_half_up(subs[dom]), dom
    dom = max(subs, key=lambda c: subs[c])
    return (int(subs[dom]) if scale.kind == "bands" else _round_half_up(subs[dom])), dom


def category(scale: Scale, aqi: float) -> tuple[str, RGB]:
    """Category name and colour of an index value."""
    if scale.decreasing:
        for lower, name, rgb in scale.categories:
            if aqi >= lower:
                return name, rgb
    else:
        for upper, name, rgb in scale.categories:
            if aqi <= upper:
                return name, rgb
    return scale.categories[-1][1], scale.categories[-1][2]


def _seg(points: tuple[tuple[float, float], ...]) -> tuple[tuple[float, ...], ...]:
    """Continuous piecewise-linear segments from (concentration, index) points."""
    return tuple(
        (points[i][0], points[i + 1][0], points[i][1], points[i + 1][1])
        for i in range(len(points) - 1)
    )


UAQI = Scale(
    code="uaqi",
    display_name="Universal AQI",
    kind="segments",
    tables={
        "pm25": _seg(((0, 100), (10, 80), (25, 60), (50, 40), (100, 20), (250, 0))),
        "pm10": _seg(((0, 100), (40, 80), (80, 60), (150, 40), (250, 20), (430, 0))),
        "o3": _seg(((0, 100), (40, 80), (70, 60), (100, 40), (150, 20), (250, 0))),
        "no2": _seg(((0, 100), (25, 80), (55, 60), (100, 40), (200, 20), (400, 0))),
        "so2": _seg(((0, 100), (20, 80), (75, 60), (185, 40), (300, 20), (600, 0))),
        "co": _seg(((0, 100), (2000, 80), (5000, 60), (10000, 40), (15000, 20), (30000, 0))),
    },
    units={"pm25": "ugm3", "pm10": "ugm3", "o3": "ppb", "no2": "ppb", "so2": "ppb", "co": "ppb"},
    digits={},
    categories=(
        (80, "Excellent air quality", (0, 153, 89)),
        (60, "Good air quality", (100, 199, 51)),
        (40, "Moderate air quality", (255, 214, 0)),
        (20, "Low air quality", (255, 140, 0)),
        (0, "Poor air quality", (237, 46, 46)),
    ),
    decreasing=True,
)

_EPA_CATS: tuple[tuple[float, str, RGB], ...] = (
    (50, "Good", (0, 228, 0)),
    (100, "Moderate", (255, 255, 0)),
    (150, "Unhealthy for Sensitive Groups", (255, 126, 0)),
    (200, "Unhealthy", (255, 0, 0)),
    (300, "Very Unhealthy", (143, 63, 151)),
    (500, "Hazardous", (126, 0, 35)),
)
_EPA_I = ((0, 50), (51, 100), (101, 150), (151, 200), (201, 300), (301, 500))


def _epa(*ranges: tuple[float, float]) -> tuple[tuple[float, ...], ...]:
    return tuple((lo, hi, i[0], i[1]) for (lo, hi), i in zip(ranges, _EPA_I, strict=False))


#: US EPA AQI (40 CFR 58 App. G; PM2.5 breakpoints as revised in 2024). O3 uses the 8-hour
#: table, applied to the hourly value; above 200 ppb the 1-hour table's top rows.
USA_EPA = Scale(
    code="usa_epa",
    display_name="AQI (US)",
    kind="segments",
    tables={
        "pm25": _epa(
            (0.0, 9.0), (9.1, 35.4), (35.5, 55.4), (55.5, 125.4), (125.5, 225.4), (225.5, 325.4)
        ),
        "pm10": _epa((0, 54), (55, 154), (155, 254), (255, 354), (355, 424), (425, 604)),
        "o3": _epa((0, 54), (55, 70), (71, 85), (86, 105), (106, 200), (405, 604)),
        "co": _epa((0.0, 4.4), (4.5, 9.4), (9.5, 12.4), (12.5, 15.4), (15.5, 30.4), (30.5, 50.4)),
        "so2": _epa((0, 35), (36, 75), (76, 185), (186, 304), (305, 604), (605, 1004)),
        "no2": _epa((0, 53), (54, 100), (101, 360), (361, 649), (650, 1249), (1250, 2049)),
    },
    units={"pm25": "ugm3", "pm10": "ugm3", "o3": "ppb", "no2": "ppb", "so2": "ppb", "co": "ppm"},
    digits={"pm25": 1, "pm10": 0, "o3": 0, "co": 1, "so2": 0, "no2": 0},
    categories=_EPA_CATS,
)

GBR_DEFRA = Scale(
    code="gbr_defra",
    display_name="DAQI (UK)",
    kind="bands",
    tables={
        "o3": ((33, 66, 100, 120, 140, 160, 187, 213, 240),),
        "no2": ((67, 134, 200, 267, 334, 400, 467, 534, 600),),
        "so2": ((88, 177, 266, 354, 443, 532, 710, 887, 1064),),
        "pm25": ((11, 23, 35, 41, 47, 53, 58, 64, 70),),
        "pm10": ((16, 33, 50, 58, 66, 75, 83, 91, 100),),
    },
    units={"o3": "ugm3", "no2": "ugm3", "so2": "ugm3", "pm25": "ugm3", "pm10": "ugm3"},
    digits={},
    categories=(
        (3, "Low air pollution", (49, 207, 0)),
        (6, "Moderate air pollution", (255, 154, 0)),
        (9, "High air pollution", (255, 0, 0)),
        (10, "Very high air pollution", (206, 48, 255)),
    ),
)

_EEA_TABLES: dict[str, tuple[tuple[float, ...], ...]] = {
    "pm25": ((10, 20, 25, 50, 75),),
    "pm10": ((20, 40, 50, 100, 150),),
    "no2": ((40, 90, 120, 230, 340),),
    "o3": ((50, 100, 130, 240, 380),),
    "so2": ((100, 200, 350, 500, 750),),
}
_UGM3 = {"pm25": "ugm3", "pm10": "ugm3", "no2": "ugm3", "o3": "ugm3", "so2": "ugm3"}

FRA_ATMO = Scale(
    code="fra_atmo",
    display_name="ATMO (FR)",
    kind="bands",
    tables=_EEA_TABLES,
    units=_UGM3,
    digits={},
    categories=(
        (1, "Good air quality", (80, 240, 230)),
        (2, "Medium air quality", (80, 204, 170)),
        (3, "Degraded air quality", (240, 230, 65)),
        (4, "Bad air quality", (255, 80, 80)),
        (5, "Very bad air quality", (150, 0, 50)),
        (6, "Extremely bad air quality", (135, 33, 129)),
    ),
)

EAQI = Scale(
    code="eaqi",
    display_name="European AQI",
    kind="bands",
    tables=_EEA_TABLES,
    units=_UGM3,
    digits={},
    categories=(
        (1, "Good", (80, 240, 230)),
        (2, "Fair", (80, 204, 170)),
        (3, "Moderate", (240, 230, 65)),
        (4, "Poor", (255, 80, 80)),
        (5, "Very poor", (150, 0, 50)),
        (6, "Extremely poor", (125, 33, 129)),
    ),
)

DEU_UBA = Scale(
    code="deu_uba",
    display_name="LQI (DE)",
    kind="bands",
    tables={
        "no2": ((20, 40, 100, 200),),
        "pm10": ((20, 35, 50, 100),),
        "pm25": ((10, 20, 25, 50),),
        "o3": ((60, 120, 180, 240),),
    },
    units=_UGM3,
    digits={},
    categories=(
        (1, "Very good air quality", (80, 204, 170)),
        (2, "Good air quality", (153, 230, 153)),
        (3, "Moderate air quality", (255, 255, 102)),
        (4, "Poor air quality", (204, 51, 51)),
        (5, "Very poor air quality", (153, 0, 51)),
    ),
)

IND_CPCB = Scale(
    code="ind_cpcb",
    display_name="AQI (IN)",
    kind="segments",
    tables={
        "pm25": _seg(((0, 0), (30, 50), (60, 100), (90, 200), (120, 300), (250, 400), (380, 500))),
        "pm10": _seg(
            ((0, 0), (50, 50), (100, 100), (250, 200), (350, 300), (430, 400), (510, 500))
        ),
        "no2": _seg(((0, 0), (40, 50), (80, 100), (180, 200), (280, 300), (400, 400), (520, 500))),
        "o3": _seg(((0, 0), (50, 50), (100, 100), (168, 200), (208, 300), (748, 400), (1000, 500))),
        "co": _seg(((0, 0), (1, 50), (2, 100), (10, 200), (17, 300), (34, 400), (50, 500))),
        "so2": _seg(
            ((0, 0), (40, 50), (80, 100), (380, 200), (800, 300), (1600, 400), (2400, 500))
        ),
    },
    units={
        "pm25": "ugm3",
        "pm10": "ugm3",
        "no2": "ugm3",
        "o3": "ugm3",
        "co": "mgm3",
        "so2": "ugm3",
    },
    digits={},
    categories=(
        (50, "Good air quality", (0, 153, 0)),
        (100, "Satisfactory air quality", (153, 204, 0)),
        (200, "Moderate air quality", (255, 255, 0)),
        (300, "Poor air quality", (255, 153, 0)),
        (400, "Very poor air quality", (255, 0, 0)),
        (500, "Severe air quality", (153, 0, 0)),
    ),
)

CHN_MEE = Scale(
    code="chn_mee",
    display_name="AQI (CN)",
    kind="segments",
    tables={
        "pm25": _seg(
            (
                (0, 0),
                (35, 50),
                (75, 100),
                (115, 150),
                (150, 200),
                (250, 300),
                (350, 400),
                (500, 500),
            )
        ),
        "pm10": _seg(
            (
                (0, 0),
                (50, 50),
                (150, 100),
                (250, 150),
                (350, 200),
                (420, 300),
                (500, 400),
                (600, 500),
            )
        ),
        "so2": _seg(((0, 0), (150, 50), (500, 100), (650, 150), (800, 200))),
        "no2": _seg(
            (
                (0, 0),
                (100, 50),
                (200, 100),
                (700, 150),
                (1200, 200),
                (2340, 300),
                (3090, 400),
                (3840, 500),
            )
        ),
        "co": _seg(
            ((0, 0), (5, 50), (10, 100), (35, 150), (60, 200), (90, 300), (120, 400), (150, 500))
        ),
        "o3": _seg(
            (
                (0, 0),
                (160, 50),
                (200, 100),
                (300, 150),
                (400, 200),
                (800, 300),
                (1000, 400),
                (1200, 500),
            )
        ),
    },
    units={
        "pm25": "ugm3",
        "pm10": "ugm3",
        "no2": "ugm3",
        "o3": "ugm3",
        "co": "mgm3",
        "so2": "ugm3",
    },
    digits={},
    categories=(
        (50, "Excellent air quality", (0, 228, 0)),
        (100, "Good air quality", (255, 255, 0)),
        (150, "Lightly polluted air", (255, 126, 0)),
        (200, "Moderately polluted air", (255, 0, 0)),
        (300, "Heavily polluted air", (153, 0, 76)),
        (500, "Severely polluted air", (126, 0, 35)),
    ),
)

_EUROPE = frozenset(
    [
        "AT",
        "BE",
        "BG",
        "CH",
        "CY",
        "CZ",
        "DK",
        "EE",
        "ES",
        "FI",
        "GR",
        "HR",
        "HU",
        "IE",
        "IS",
        "IT",
        "LI",
        "LT",
        "LU",
        "LV",
        "MT",
        "NL",
        "NO",
        "PL",
        "PT",
        "RO",
        "SE",
        "SI",
        "SK",
    ]
)
_US = frozenset({"US", "PR", "GU", "VI", "AS", "MP", "UM"})


def local_scale(region: str) -> Scale | None:
    """The local AQI scale of a two-letter region (None when the emulator has none)."""
    region = region.upper()
    if region in _US:
        return USA_EPA
    special = {"GB": GBR_DEFRA, "FR": FRA_ATMO, "DE": DEU_UBA, "IN": IND_CPCB, "CN": CHN_MEE}
    if region in special:
        return special[region]
    return EAQI if region in _EUROPE else None


# --------------------------------------------------------------------------- output


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
