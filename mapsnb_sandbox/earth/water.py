"""Land or water at a point: the 1 km GLOBE land mask and the GSHHS lakes, as run boundaries.

``data/land_runs.bin`` is derived from ``global-land-mask`` (the NOAA GLOBE 30-arc-second grid)
by ``tools/build_land_mask.py``: per row of 1/120°, the columns where land and sea swap (lakes
count as land in that source). ``data/lake_runs.bin`` adds lakes and inland seas (Geneva,
Titicaca, Victoria, Baikal, the Caspian, the Great Lakes ...): the lake class of basemap's
1.25′ land/sea/lake mask (GSHHS, LGPL), built by ``tools/build_water_terrain.py``, 0.16 MB.
Importing ``global-land-mask`` itself inflates a 1 GB array (10 s); this file is 1.1 MB and
loads in milliseconds, lazily, on the first question. At this grid the Hudson at Manhattan, the
Tagus estuary and San Francisco Bay are water; the Rhine, Danube and Rhône are land (a road
crosses them on a bridge the emulator does not need to know). ``data/fine_runs.bin`` adds the
narrow water the 1 km cells miss (Victoria Harbour, the Bosphorus, Dubai Creek, the Mersey):
GSHHG at 1/240° near every shore, built by ``tools/build_fine_mask.py``, 1.6 MB, its rows
decoded on first use. ``data/finer_cells.bin`` adds water at 1/720° round towns where GSHHG
or OpenStreetMap has it (the inner Waitematā, Saltsjön, Puddefjorden, the Golden Horn, False
Creek; OSM's land polygons, ODbL), built by ``tools/build_finer_mask.py``, and along every
shore (two 1/240° cells of the layers above) where GSHHG and OSM both have it (a mangrove
inlet's head in Phang Nga Bay, the Suez Canal), added by ``tools/build_shore_finer.py``.
``data/island_cells.bin`` adds land at 1/720° where all of these have water, round towns at
sea (Malé, San Andrés, Majuro, Funafuti, Kavaratti: atolls and islets GLOBE does not hold):
OSM's land polygons, built by ``tools/build_island_land.py``. ``data/neck_cells.bin`` adds land
at 1/720° where GSHHG and OSM join a town on a narrow peninsula or spit to its land and the
layers have sea (Dakhla's neck), built by ``tools/build_neck_land.py``.
"""

from __future__ import annotations

import csv
import functools
import itertools
import math
import sys
import threading
import zlib
from array import array
from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.budget import charged_cache, current

__all__ = [
    "LAND_RUNS",
    "OPEN_RUN_M",
    "SHORE_M",
    "crosses_open_water",
    "crosses_water_line",
    "dry_near",
    "is_lake",
    "is_land",
    "near_land",
    "nearest_dry",
    "open_water_m",
    "ring_points",
    "shore_allowance_m",
    "shore_gap_m",
    "small_island",
    "water_lines_within",
]

LAND_RUNS = Path(__file__).resolve().parents[1] / "data" / "land_runs.bin"
#: Rivers and straits the 1 km grid marks as land though no walk crosses them (the Hudson north
#: of midtown): centre lines, crossed only on a known link.
WATER_LINES = Path(__file__).resolve().parents[1] / "data" / "water_lines.csv"
LAKE_RUNS = Path(__file__).resolve().parents[1] / "data" / "lake_runs.bin"
#: Narrow water the 1 km grid marks as land (harbours, straits, creeks): GSHHG at 1/240°.
FINE_RUNS = Path(__file__).resolve().parents[1] / "data" / "fine_runs.bin"
_MAGIC = b"MAPSNB-LAND-RUNS-1\n"
_LAKE_MAGIC = b"MAPSNB-LAKE-RUNS-1\n"
_STEP = 120  # cells per degree
_LAKE_STEP = 48
_FINE_MAGIC = b"MAPSNB-FINE-FLIP-1\n"
_FINE_STEP = 240
_FINER_STEP = 720
_LOCK = threading.Lock()
_GRIDS: dict[Path, tuple[int, int, array[Any], array[Any]]] = {}
#: Path samples are this far apart when measuring water (a tenth of a grid cell).
SAMPLE_M = 100.0
#: A stretch of water at least this long is open water (a walk cannot cross it without a bridge);
#: shorter stretches are a grid cell's corner clipped at a shore.
OPEN_RUN_M = 150.0
#: A route's end may sit in a water cell at a shore: a water run touching it counts only beyond
#: the end's own distance from land (:func:`shore_gap_m`) plus :data:`SHORE_SLACK_M`, and never
#: beyond :data:`SHORE_M`.
SHORE_M = 1200.0
SHORE_SLACK_M = 150.0


def _grid(path: Path = LAND_RUNS, magic: bytes = _MAGIC) -> tuple[int, int, array[Any], array[Any]]:
    grid = _GRIDS.get(path)
    if grid is None:
        with _LOCK:
            grid = _GRIDS.get(path)
            if grid is None:
                data = path.read_bytes()
                if not data.startswith(magic):
                    raise ValueError(f"{path} is not a runs file")
                body = zlib.decompress(data[len(magic) :])
                rows, cols = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
                offsets, bounds = array("I"), array("H")
                end = 8 + 4 * (rows + 1)
                offsets.frombytes(body[8:end])
                bounds.frombytes(body[end:])
                if sys.byteorder != "little":  # pragma: no cover
                    offsets.byteswap()
                    bounds.byteswap()
                grid = _GRIDS[path] = (rows, cols, offsets, bounds)
    return grid


def _odd(grid: tuple[int, int, array[Any], array[Any]], step: int, lat: float, lng: float) -> bool:
    rows, cols, offsets, bounds = grid
    i = int((90.0 - lat) * step)  # clamped by comparisons, not min/max: a hot path
    i = 0 if i < 0 else rows - 1 if i >= rows else i
    j = int(((lng + 180.0) % 360.0) * step)
    j = cols - 1 if j >= cols else j  # never negative: the modulo
    lo: int = offsets[i]
    hi: int = offsets[i + 1]
    return (bisect_right(bounds, j, lo, hi) - lo) % 2 == 1  # odd: inside a run


_PAIR: list[tuple[int, int, array[Any], array[Any]]] = []


def _both() -> list[tuple[int, int, array[Any], array[Any]]]:
    if not _PAIR:
        _PAIR[:] = [_grid(), _grid(LAKE_RUNS, _LAKE_MAGIC)]
    return _PAIR


class _Fine:
    """The fine water layer (``fine_runs.bin``): per row of 1/240°, gap-coded run bounds,
    decoded row by row on first use."""

    def __init__(self, path: Path = FINE_RUNS) -> None:
        data = path.read_bytes()
        if not data.startswith(_FINE_MAGIC):
            raise ValueError(f"{path} is not a fine runs file")
        body = zlib.decompress(data[len(_FINE_MAGIC) :])
        self.rows, self.cols = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
        self.offsets, self.gaps = array("I"), array("I")
        end = 8 + 4 * (self.rows + 1)
        self.offsets.frombytes(body[8:end])
        self.gaps.frombytes(body[end:])
        if sys.byteorder != "little":  # pragma: no cover
            self.offsets.byteswap()
            self.gaps.byteswap()
        self.decoded: dict[int, list[int]] = {}

    def water(self, lat: float, lng: float) -> bool:
        i = int((90.0 - lat) * _FINE_STEP)
        i = 0 if i < 0 else self.rows - 1 if i >= self.rows else i
        row = self.decoded.get(i)
        if row is None:
            lo, hi = self.offsets[i], self.offsets[i + 1]
            row = self.decoded[i] = list(itertools.accumulate(self.gaps[lo:hi]))
        if not row:
            return False
        j = int(((lng + 180.0) % 360.0) * _FINE_STEP)
        return bisect_right(row, self.cols - 1 if j >= self.cols else j) % 2 == 1


_FINE: list[_Fine] = []

#: Narrower water still at 1/720° where the layers above have land: GSHHG's or OSM's round
#: towns, along other shores where both agree.
FINER_CELLS = Path(__file__).resolve().parents[1] / "data" / "finer_cells.bin"
_FINER_MAGIC = b"MAPSNB-FINER-CELLS-2\n"
#: Land at 1/720° where all the layers above have water: OSM's islands round towns at sea
#: (Malé, San Andrés, Majuro, Funafuti), built by ``tools/build_island_land.py``.
ISLAND_CELLS_FILE = Path(__file__).resolve().parents[1] / "data" / "island_cells.bin"
_ISLAND_MAGIC = b"MAPSNB-ISLAND-CELLS-1\n"
#: Land at 1/720° where the layers above have water on a neck joining a town to its land
#: (Dakhla's peninsula): GSHHG's and OSM's, built by ``tools/build_neck_land.py``.
NECK_CELLS_FILE = ISLAND_CELLS_FILE.with_name("neck_cells.bin")
_NECK_MAGIC = b"MAPSNB-NECK-CELLS-1\n"
_SUBCELLS: dict[Path, tuple[array[Any], array[Any]]] = {}


def _subcells(path: Path, magic: bytes) -> tuple[array[Any], array[Any]]:
    """``(keys, masks)`` of a sub-cells file (``finer_cells.bin``, ``island_cells.bin``): the
    1/240° cells it splits (stored as gaps from the previous key), and which of their nine
    1/720° sub-cells are water (``finer``) or land (``island``)."""
    found = _SUBCELLS.get(path)
    if found is None:
        with _LOCK:
            if path not in _SUBCELLS:
                data = path.read_bytes()
                if not data.startswith(magic):
                    raise ValueError(f"{path} is not a sub-cells file")
                body = zlib.decompress(data[len(magic) :])
                n = int.from_bytes(body[:4], "big")
                gaps, masks = array("I"), array("H")
                gaps.frombytes(body[4 : 4 + 4 * n])
                masks.frombytes(body[4 + 4 * n :])
                if sys.byteorder != "little":  # pragma: no cover
                    gaps.byteswap()
                    masks.byteswap()
                _SUBCELLS[path] = (array("Q", itertools.accumulate(gaps)), masks)
            found = _SUBCELLS[path]
    return found


def _mask_of(found: tuple[array[Any], array[Any]], key: int) -> int:
    keys, masks = found
    k = bisect_left(keys, key)
    return masks[k] if k < len(keys) and keys[k] == key else 0


def _finer_mask(key: int) -> int:
    """The water sub-cells (bits) of the 1/240° cell ``key``, 0 when none."""
    return _mask_of(_subcells(FINER_CELLS, _FINER_MAGIC), key)


def _island_mask(key: int) -> int:
    """The land sub-cells (bits) of the 1/240° cell ``key`` the layers above have as water
    (:data:`ISLAND_CELLS_FILE`, :data:`NECK_CELLS_FILE`), 0 when none."""
    return _mask_of(_subcells(ISLAND_CELLS_FILE, _ISLAND_MAGIC), key) | _neck_mask(key)


def _neck_mask(key: int) -> int:
    """The land sub-cells (bits) of :data:`NECK_CELLS_FILE` in the 1/240° cell ``key``."""
    return _mask_of(_subcells(NECK_CELLS_FILE, _NECK_MAGIC), key)


def _fine() -> _Fine:
    if not _FINE:
        with _LOCK:
            if not _FINE:
                _FINE.append(_Fine())
    return _FINE[0]


def is_lake(lat: float, lng: float) -> bool:
    """Whether the 1.25′ cell holding the point is in a lake or an inland sea."""
    return _odd((_PAIR or _both())[1], _LAKE_STEP, lat, lng)


def is_land(lat: float, lng: float) -> bool:
    """Whether the point is on land: not in the sea (1 km cells), nor in a lake (1.25′ cells),
    nor in narrow water the 1 km cells miss (GSHHG at 1/240°, :data:`FINE_RUNS`; round towns
    at 1/720°, :data:`FINER_CELLS`), or on an islet they miss (:data:`ISLAND_CELLS_FILE`). The first three grids are constant within a 1/240° cell,
    so each cell's answer is remembered (with its finer sub-cells, where it has any)."""
    v = _CELLS.get(int((90.0 - lat) * 240) * 86_400 + int(((lng + 180.0) % 360.0) * 240))
    if v is True or v is False:  # the planners' hot path: a remembered cell (240 = _FINE_STEP)
        return v
    return _cell_land(lat, lng, v)


def _cell_land(lat: float, lng: float, v: bool | int | None) -> bool:
    """:func:`is_land` past the remembered whole cells: a cell not seen yet (remembered now),
    or one :data:`FINER_CELLS` splits (``v``: minus its water sub-cells' bits) or
    :data:`ISLAND_CELLS_FILE` does (``v``: its land sub-cells' bits)."""
    if v is None:
        key = int((90.0 - lat) * _FINE_STEP) * 86_400 + int(((lng + 180.0) % 360.0) * _FINE_STEP)
        sea, lake = _PAIR or _both()
        v = (
            not _odd(sea, _STEP, lat, lng)
            and not _odd(lake, _LAKE_STEP, lat, lng)
            and not (_FINE or [_fine()])[0].water(lat, lng)
        )
        if v and (bits := _finer_mask(key)):
            v = -bits  # land but for some 1/720° sub-cells: looked up below
        elif not v and (bits := _island_mask(key)):
            v = bits  # water but for some 1/720° sub-cells (an atoll's islet)
        if len(_CELLS) >= _CELLS_MAX:
            _CELLS.clear()
        _CELLS[key] = v
        if v is True or v is False:
            return v
    sub = 3 * (int((90.0 - lat) * _FINER_STEP) % 3) + int(((lng + 180.0) % 360.0) * _FINER_STEP) % 3
    return (v >> sub) & 1 == 1 if v > 0 else not (-v >> sub) & 1


#: Answers of :func:`is_land` by 1/240° cell (some MB at most; cleared when full): ``True``,
#: ``False``, minus the water sub-cells' bits of a cell :data:`FINER_CELLS` splits, or the
#: land sub-cells' bits of one :data:`ISLAND_CELLS_FILE` splits.
_CELLS: dict[int, bool | int] = {}
_CELLS_MAX = 2_000_000


def near_land(lat: float, lng: float) -> bool:
    """Whether land lies within about 11 km (0.1°) of ``(lat, lng)``: coasts and small islands
    count (the emulator's "could anything grow or stand here?", for pollen and places)."""
    return any(
        is_land(max(-90.0, min(90.0, lat + dy * 0.1)), lng + dx * 0.1)
        for dy in (0, -1, 1)
        for dx in (0, -1, 1)
    )


@functools.lru_cache(maxsize=4096)
def shore_gap_m(lat: float, lng: float) -> float:
    """How far ``(lat, lng)`` is from dry land (not :func:`_wet`): 0 there, else the radius of
    the first ring (50 m apart) with such a point, at most :data:`SHORE_M` (at sea)."""
    if not _wet(lat, lng):
        return 0.0
    found = dry_near(lat, lng, SHORE_M)
    return found[1] if found is not None else SHORE_M


def ring_points(
    lat: float, lng: float, reach_m: float
) -> Iterator[tuple[tuple[float, float], float]]:
    """Points on rings 50 m apart round ``(lat, lng)`` (8 + 2k points on the k-th), out to
    ``reach_m``, nearest ring first, each with its ring's radius."""
    k = 1 / 111_320
    kx = k / max(0.05, math.cos(math.radians(lat)))
    for ring in range(1, int(reach_m / 50) + 1):
        r = ring * 50.0
        n = 8 + 2 * ring
        for i in range(n):
            ang = 2 * math.pi * i / n
            yield (lat + r * math.sin(ang) * k, lng + r * math.cos(ang) * kx), r


def dry_near(lat: float, lng: float, reach_m: float) -> tuple[tuple[float, float], float] | None:
    """The first point not :func:`_wet` on :func:`ring_points` round ``(lat, lng)`` out to
    ``reach_m``, and that ring's radius; ``None`` when all are wet."""
    return next(((q, r) for q, r in ring_points(lat, lng, reach_m) if not _wet(*q)), None)


#: Rings searched for the nearest dry point: (ring spacing, farthest ring) in metres.
_DRY_RINGS = ((50.0, 1200.0), (250.0, 5000.0), (1000.0, 25_000.0))


@functools.lru_cache(maxsize=4096)
def nearest_dry(lat: float, lng: float) -> tuple[float, float] | None:
    """The point itself when it is on land (:func:`is_land`), else the nearest dry point (not
    :func:`_wet`) on rings round it (50 m apart near it, farther apart out to 25 km, rounded
    to 1e-5°), or ``None`` when there is none that close (open sea): where a route to a place
    in a lake or a bay, such as "Lake Tahoe", starts or ends, as live ends it on the nearest
    road."""
    if is_land(lat, lng):
        return (lat, lng)
    k = 1 / 111_320
    kx = k / max(0.05, math.cos(math.radians(lat)))
    r = 0.0
    for spacing, farthest in _DRY_RINGS:
        while r + spacing <= farthest:
            r += spacing
            n = max(8, int(2 * math.pi * r / max(spacing, 100.0)))
            for i in range(n):
                ang = 2 * math.pi * i / n
                q = (round(lat + r * math.sin(ang) * k, 5), round(lng + r * math.cos(ang) * kx, 5))
                if not _wet(*q):
                    return q
    return None


#: Land of at most this many 1/240° cells (about 0.2 km² each at mid-latitudes), wholly
#: surrounded by water, is a small island: Gulangyu, Suomenlinna, Venice's Lido, Miyajima.
ISLAND_CELLS = 150


@charged_cache(maxsize=1024)
def small_island(lat: float, lng: float) -> bool:
    """Whether ``(lat, lng)`` is on land (:func:`is_land`) that water wholly surrounds within
    :data:`ISLAND_CELLS` cells of 1/240° (edge-connected): an island a road reaches only on a
    listed bridge, tunnel or ferry, never on an implicit one."""
    if not is_land(lat, lng):
        return False
    i0, j0 = int((90.0 - lat) * _FINE_STEP), int(((lng + 180.0) % 360.0) * _FINE_STEP)
    seen, todo = {(i0, j0)}, [(i0, j0)]
    budget = current()
    while todo:
        budget.check()
        i, j = todo.pop()
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n in seen:
                continue
            c_lat = 90.0 - (n[0] + 0.5) / _FINE_STEP
            c_lng = (n[1] + 0.5) / _FINE_STEP - 180.0
            if is_land(c_lat, (c_lng + 540.0) % 360.0 - 180.0):
                if len(seen) >= ISLAND_CELLS:
                    return False
                seen.add(n)
                todo.append(n)
    return True


def shore_allowance_m(p: tuple[float, float]) -> float:
    """Water next to a route's end ``p`` that does not count: its distance from land plus a
    little (:data:`SHORE_SLACK_M`), at most :data:`SHORE_M`."""
    return min(SHORE_M, shore_gap_m(round(p[0], 5), round(p[1], 5)) + SHORE_SLACK_M)


_NEAR = 0.5 / _FINE_STEP  # degrees: half a fine cell, about 230 m


def _wet(lat: float, lng: float) -> bool:
    """Water at the point or half a fine cell beside it: narrow water one cell wide has gaps
    where a cell's centre is ashore, and a way should not graze a shore; looking beside the
    point closes them."""
    # is_land at the point and at the four half cells beside it, remembered cells looked up
    # here (the planners' hot loop; 240 = _FINE_STEP, half a cell = 0.5 in these units).
    get = _CELLS.get
    i, j = (90.0 - lat) * 240.0, ((lng + 180.0) % 360.0) * 240.0
    row, col = int(i) * 86_400, int(j)
    v = get(row + col)
    if v is not True and (v is False or not _cell_land(lat, lng, v)):
        return True
    v = get(int(i - 0.5) * 86_400 + col)
    if v is not True and (v is False or not _cell_land(lat + _NEAR, lng, v)):
        return True
    v = get(int(i + 0.5) * 86_400 + col)
    if v is not True and (v is False or not _cell_land(lat - _NEAR, lng, v)):
        return True
    v = get(row + int(j + 0.5) % 86_400)
    if v is not True and (v is False or not _cell_land(lat, lng + _NEAR, v)):
        return True
    v = get(row + (int(j - 0.5) if j >= 0.5 else 86_399))
    return v is not True and (v is False or not _cell_land(lat, lng - _NEAR, v))


def open_water_m(
    path: Sequence[tuple[float, float]],
    *,
    shore_start: bool = True,
    shore_end: bool = True,
    min_run_m: float = OPEN_RUN_M,
    step_m: float = SAMPLE_M,
) -> float:
    """Metres of ``path`` over open water: runs of water samples at least ``min_run_m`` long.
    A run touching the first point (``shore_start``) or the last (``shore_end``) does not count
    when it is no longer than that point's :func:`shore_allowance_m`: a shore point may sit in
    a water cell."""
    return _open_water(path, shore_start, shore_end, min_run_m, step_m, False)


def _open_water(
    path: Sequence[tuple[float, float]],
    shore_start: bool,
    shore_end: bool,
    min_run_m: float,
    step_m: float,
    first_only: bool,
) -> float:
    runs = [0.0]  # alternating: land, water, land, ... (the first run is land, maybe empty)
    wet_now = False
    allow_start = shore_allowance_m(path[0]) if shore_start and path else 0.0
    allow_end = shore_allowance_m(path[-1]) if shore_end and path else 0.0
    budget = current()  # one step per sample: the planners' hot loop
    for a, b in itertools.pairwise(path):
        seg = haversine_m(a[0], a[1], b[0], b[1])
        n = max(1, math.ceil(seg / step_m))
        dlng = (b[1] - a[1] + 540) % 360 - 180
        for k in range(n):
            budget.check()
            t = (k + 0.5) / n
            wet = _wet(a[0] + (b[0] - a[0]) * t, (a[1] + dlng * t + 540) % 360 - 180)
            if wet != wet_now:
                leading = len(runs) == 2 and shore_start and runs[0] == 0.0
                forgiven = leading and runs[-1] <= allow_start
                if first_only and not wet and not forgiven and runs[-1] >= min_run_m:
                    return runs[-1]  # a run of open water: enough for a yes/no question
                runs.append(0.0)
                wet_now = wet
            runs[-1] += seg / n
    water = runs[1::2]
    if not water:
        return 0.0
    if shore_start and runs[0] == 0.0 and water[0] <= allow_start:
        water[0] = 0.0
    if shore_end and len(runs) % 2 == 0 and water[-1] <= allow_end:
        water[-1] = 0.0
    return sum(w for w in water if w >= min_run_m)


def crosses_open_water(
    path: Sequence[tuple[float, float]], *, shore_start: bool = True, shore_end: bool = True
) -> bool:
    """Whether :func:`open_water_m` of ``path`` is positive (stops at the first open run)."""
    return _open_water(path, shore_start, shore_end, OPEN_RUN_M, SAMPLE_M, True) > 0


@functools.cache
def water_lines() -> tuple[tuple[str, tuple[tuple[float, float], ...]], ...]:
    """``(name, points)`` of each line in ``data/water_lines.csv`` (read once)."""
    out = []
    with WATER_LINES.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(fh):
            pts = tuple(
                (float(p.split()[0]), float(p.split()[1])) for p in row["points"].split(";")
            )
            out.append((row["name"], pts))
    return tuple(out)


def _cross(p: tuple[float, float], q: tuple[float, float], r: tuple[float, float]) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _segments_cross(
    a: tuple[float, float], b: tuple[float, float], c: tuple[float, float], d: tuple[float, float]
) -> bool:
    return (_cross(a, b, c) > 0) != (_cross(a, b, d) > 0) and (_cross(c, d, a) > 0) != (
        _cross(c, d, b) > 0
    )


WaterLines = tuple[tuple[str, tuple[tuple[float, float], ...]], ...]


def water_lines_within(lat0: float, lat1: float, lng0: float, lng1: float) -> WaterLines:
    """The :func:`water_lines` that come into the box (a search's area: none, mostly)."""
    return tuple(
        (name, pts)
        for name, pts in water_lines()
        if max(p[0] for p in pts) >= lat0
        and min(p[0] for p in pts) <= lat1
        and max(p[1] for p in pts) >= lng0
        and min(p[1] for p in pts) <= lng1
    )


def crosses_water_line(
    a: tuple[float, float], b: tuple[float, float], lines: WaterLines | None = None
) -> str | None:
    """The name of a :func:`water_lines` river (or of one of ``lines``) the segment ``a``-``b``
    crosses, or None."""
    lo_lat, hi_lat = (a[0], b[0]) if a[0] <= b[0] else (b[0], a[0])
    lo_lng, hi_lng = (a[1], b[1]) if a[1] <= b[1] else (b[1], a[1])
    for name, c, d, c_lat0, c_lat1, c_lng0, c_lng1 in _segments(
        water_lines() if lines is None else lines
    ):
        if c_lat1 < lo_lat or c_lat0 > hi_lat or c_lng1 < lo_lng or c_lng0 > hi_lng:
            continue
        if _segments_cross(a, b, c, d):
            return name
    return None


_Segment = tuple[str, tuple[float, float], tuple[float, float], float, float, float, float]


@functools.lru_cache(maxsize=256)
def _segments(lines: WaterLines) -> tuple[_Segment, ...]:
    """Every segment of ``lines`` with its box (a grid search asks about one box's lines
    hundreds of thousands of times: the boxes are computed once)."""
    return tuple(
        (name, c, d, min(c[0], d[0]), max(c[0], d[0]), min(c[1], d[1]), max(c[1], d[1]))
        for name, pts in lines
        for c, d in itertools.pairwise(pts)
    )
