"""Air-quality index scales for the emulator: the Universal AQI, local indexes, their categories.

A scale reads the rounded, emitted concentrations (pm25/pm10 in µg/m³, gases in ppb), converts
them to its own units and truncation, and gives an index value, its dominant pollutant and a
category with its colour. The US index uses the real EPA breakpoints (PM2.5 as revised in 2024).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

POLLUTANTS = ("pm25", "pm10", "o3", "no2", "so2", "co")
#: ppb -> µg/m³ at 25 °C and 1 atm (molar mass / 24.45).
_UGM3_PER_PPB = {
    "o3": 48.00 / 24.45,
    "no2": 46.01 / 24.45,
    "so2": 64.07 / 24.45,
    "co": 28.01 / 24.45,
}

RGB = tuple[int, int, int]


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
    return float(math.floor(x * f + 1e-9) / f)


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


def _curve(index: tuple[float, ...], *conc: float) -> tuple[tuple[float, ...], ...]:
    """Segments through the points ``(conc[i], index[i])``: a pollutant's concentration
    breakpoints against the scale's index breakpoints (the first ``len(conc)`` of them)."""
    return _seg(tuple(zip(conc, index[: len(conc)], strict=True)))


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
#: µg/m³, CO in mg/m³ (India's and China's tables).
_UGM3_CO_MGM3 = {**_UGM3, "co": "mgm3"}

#: The colours of the EEA bands but the worst, shared by France's ATMO and the European AQI.
_EEA_COLOURS: tuple[RGB, ...] = (
    (80, 240, 230),
    (80, 204, 170),
    (240, 230, 65),
    (255, 80, 80),
    (150, 0, 50),
)


def _eea_scale(code: str, display_name: str, names: tuple[str, ...], worst: RGB) -> Scale:
    """A six-band scale on the EEA limits: categories ``names`` (best first) in the EEA colours,
    the worst band in ``worst``."""
    colours = (*_EEA_COLOURS, worst)
    return Scale(
        code=code,
        display_name=display_name,
        kind="bands",
        tables=_EEA_TABLES,
        units=_UGM3,
        digits={},
        categories=tuple(
            (level, name, rgb)
            for level, (name, rgb) in enumerate(zip(names, colours, strict=True), start=1)
        ),
    )


FRA_ATMO = _eea_scale(
    "fra_atmo",
    "ATMO (FR)",
    (
        "Good air quality",
        "Medium air quality",
        "Degraded air quality",
        "Bad air quality",
        "Very bad air quality",
        "Extremely bad air quality",
    ),
    worst=(135, 33, 129),
)
EAQI = _eea_scale(
    "eaqi",
    "European AQI",
    ("Good", "Fair", "Moderate", "Poor", "Very poor", "Extremely poor"),
    worst=(125, 33, 129),
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

#: The index breakpoints of India's and China's scales.
_IND_I = (0, 50, 100, 200, 300, 400, 500)
_CHN_I = (0, 50, 100, 150, 200, 300, 400, 500)

IND_CPCB = Scale(
    code="ind_cpcb",
    display_name="AQI (IN)",
    kind="segments",
    tables={
        "pm25": _curve(_IND_I, 0, 30, 60, 90, 120, 250, 380),
        "pm10": _curve(_IND_I, 0, 50, 100, 250, 350, 430, 510),
        "no2": _curve(_IND_I, 0, 40, 80, 180, 280, 400, 520),
        "o3": _curve(_IND_I, 0, 50, 100, 168, 208, 748, 1000),
        "co": _curve(_IND_I, 0, 1, 2, 10, 17, 34, 50),
        "so2": _curve(_IND_I, 0, 40, 80, 380, 800, 1600, 2400),
    },
    units=_UGM3_CO_MGM3,
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
        "pm25": _curve(_CHN_I, 0, 35, 75, 115, 150, 250, 350, 500),
        "pm10": _curve(_CHN_I, 0, 50, 150, 250, 350, 420, 500, 600),
        "so2": _curve(_CHN_I, 0, 150, 500, 650, 800),
        "no2": _curve(_CHN_I, 0, 100, 200, 700, 1200, 2340, 3090, 3840),
        "co": _curve(_CHN_I, 0, 5, 10, 35, 60, 90, 120, 150),
        "o3": _curve(_CHN_I, 0, 160, 200, 300, 400, 800, 1000, 1200),
    },
    units=_UGM3_CO_MGM3,
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

#: Where the European AQI is the local index: the EU but France and Germany (their own), EFTA.
_EUROPE = (
    frozenset({"AT", "BE", "BG", "CY", "CZ", "DK", "EE", "ES", "FI", "GR", "HR", "HU", "IE"})
    | {"IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"}
    | {"CH", "IS", "LI", "NO"}
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
