"""Build ``mapsnb_sandbox/data/neck_cells.bin``: land at 1/720° that joins a town on a narrow
peninsula, spit or tombolo to the land it hangs from.

The emulator's land (``land_runs.bin``, GLOBE at 1/120°; ``fine_runs.bin``'s GSHHG water at
1/240°) cuts some narrow land where two sources' shores are a cell apart: Dakhla's peninsula
(Western Sahara) is joined to the mainland by a neck about a kilometre wide that GLOBE has as
sea on one side and GSHHG's bay head as water on the other, so the town had no route to any
other. The planners read land within half a 1/240° cell of water as wet (``water._wet``), so a
strip of land narrower than about a kilometre is no way for them either.

This script finds every town of the index of :data:`MIN_POP` people or more near a shore whose
dry land, as the planners read it (1/240° cells whose centre is not ``_wet``, joined as the grid
search moves), is fewer than :data:`LIMIT` cells (:func:`enclosed`), and keeps those whose land
goes on in OpenStreetMap's land polygons (:func:`goes_on`: 1/720° sub-cells joined by edges,
more than :data:`ON_CELLS` cells' worth joined to the town's): a town cut off by the mask,
not an island (nor one a bridge joins). Round each such town, within :data:`WINDOW_M`, it keeps the 1/720°
sub-cells of cells the layers above have all as sea where OSM has land within :data:`NEAR_SUB`
sub-cells (about 450 m) of GSHHG's land (the two shores disagree by up to a cell: OSM's polygon
is the finer) and that are joined (8-neighbours) to the town's land through the layers' land or
these sub-cells: its neck and the shore along it, not islets beside it.

Sources: GSHHG full resolution (Wessel & Smith, LGPL) and OpenStreetMap's land polygons
(© OpenStreetMap contributors, ODbL 1.0; this file is a derived database under the same
licence), both through ``roaring-landmask`` 0.11.0 (MIT, its ``Gshhg`` and ``Osm``
providers). Run where ``roaring-landmask`` is installed (a 100 MB wheel, not a dependency) and
the repository is importable: ``python tools/build_neck_land.py [--min-pop N] [--towns
GID,...]`` (towns of N people or more, :data:`MIN_POP` by default; ``--towns``: only these of
its towns). Round 28 ran ``--min-pop 50000`` (21 towns; the 1,000+ default takes over an hour
on a shared machine) and committed ``--towns`` :data:`CHECKED`: the towns whose neck was
checked on a map. The other 15 are left out until checked (Cavite City: its shore along Manila Bay is
reclamation GSHHG has as sea, and its route still failed): islands whose rivers or channels
OSM's land polygons fill (a river mapped as riverbank, not coastline: St Petersburg's
Vasilyevsky Island and Petrogradka on the Neva, Kotka, Ålesund, Tongyeong, Kochi's
Kanayannur, Tārūt's causeway, Port Said, Ras Al Khaimah), where this
layer would put land across water a bridge crosses; Nice, Sur, Tutóia, Nghi Sơn unexamined.
Round 30 added Bandar-e Emam Khomeyni (its routes to Mahshahr, Ahvaz and Tehran now exist; within
60 km of the town they run 0.8-1.5 km over GSHHG's water and 0-2 km over OSM's: khors the road
crosses on causeways) and tried Port Said (its land would run 15.7 km over GSHHG's water and
3.1 km over Natural Earth's: Lake Manzala, which OSM's land polygons fill), Kotka, Ålesund and
Cavite City (their routes still fail: the planners read land narrower than a 1/240° cell as wet)
and left them out.

Layout as ``island_cells.bin``'s (``tools/build_island_land.py``): magic line, then zlib of the
count (uint32 big-endian), the 1/240° cells' keys (``row * 86_400 + col``) as gaps (uint32
little-endian), one uint16 mask each (bit ``3 * sub_row + sub_col``: that sub-cell is land).
"""

from __future__ import annotations

import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tools.build_island_land import write as write_cells  # noqa: E402  (the same layout)

OUT = ROOT / "mapsnb_sandbox" / "data" / "neck_cells.bin"
MAGIC = b"MAPSNB-NECK-CELLS-1\n"
STEP = 240  # cells per degree
SUB = 3  # sub-cells per cell, each way
MIN_POP = 1_000
#: A town's dry land (1/240° cells, as the planners read it) of fewer cells is enclosed ...
LIMIT = 600
#: ... and cut off by the mask when GSHHG's and OSM's shared land joined to it holds more.
ON_CELLS = 4 * LIMIT
#: Land is added within this many metres of such a town (Dakhla's neck is 38 km off).
WINDOW_M = 45_000.0
#: OSM's land counts within this many 1/720° sub-cells of GSHHG's land.
NEAR_SUB = 3
#: A town is near a shore when one of 5 x 5 points this many degrees apart round it is wet.
SHORE_PROBE = 0.03
#: The towns the committed file is built for (``--towns``): Dakhla's peninsula, Cabedelo's spit,
#: Ambon's Leitimur (the Passo isthmus), Trincomalee's peninsula, Gwadar's
#: tombolo, Vladivostok's peninsula; round 30: Bandar-e Emam Khomeyni's land between the
#: khors of Khor Musa (the road to Mahshahr runs on it; its drive to Tehran was no route).
CHECKED = (2463447, 3404558, 1651531, 1226260, 1177446, 2013348, 8521444)
_MOVES = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))

Cell = tuple[int, int]


def _centre(c: Cell, step: int = STEP) -> tuple[float, float]:
    return 90.0 - (c[0] + 0.5) / step, (c[1] + 0.5) / step - 180.0


def _near_shore(lat: float, lng: float) -> bool:
    from mapsnb_sandbox.earth.water import _wet

    return any(
        _wet(lat + a * SHORE_PROBE, lng + b * SHORE_PROBE)
        for a in range(-2, 3)
        for b in range(-2, 3)
    )


def enclosed(p: tuple[float, float], memo: dict[Cell, bool]) -> bool:
    """Whether the planners' dry land at ``p`` (its cell or the nearest dry one within three)
    is fewer than :data:`LIMIT` cells, joined as the grid search moves (no diagonal squeezed
    between two wet cells)."""
    from mapsnb_sandbox.earth.water import _wet

    def dry(c: Cell) -> bool:
        if c not in memo:
            memo[c] = not _wet(*_centre(c))
        return memo[c]

    c0 = (int((90.0 - p[0]) * STEP), int((p[1] + 180.0) * STEP))
    near = [(c0[0] + a, c0[1] + b) for a in range(-3, 4) for b in range(-3, 4)]
    near = sorted(
        (c for c in near if dry(c)), key=lambda c: (c[0] - c0[0]) ** 2 + (c[1] - c0[1]) ** 2
    )
    if not near:
        return False
    seen, todo = {near[0]}, [near[0]]
    while todo:
        c = todo.pop()
        for di, dj in _MOVES:
            n = (c[0] + di, c[1] + dj)
            if (
                n in seen
                or not dry(n)
                or (di and dj and not (dry((n[0], c[1])) or dry((c[0], n[1]))))
            ):
                continue
            seen.add(n)
            if len(seen) >= LIMIT:
                return False
            todo.append(n)
    return True


def goes_on(p: tuple[float, float], masks: list[Any]) -> bool:
    """Whether OSM's land (``masks[1]``, the finer shore) at 1/720° sub-cell centres, joined
    by edges (a channel a bridge crosses, Vitória's, is no join) to the sub-cell of ``p`` or
    one of its neighbours, holds more than :data:`ON_CELLS` cells' worth."""
    c0 = (int((90.0 - p[0]) * STEP * SUB), int((p[1] + 180.0) * STEP * SUB))
    tried: set[Cell] = set()
    land: set[Cell] = set()
    front = [(c0[0] + a, c0[1] + b) for a in (-1, 0, 1) for b in (-1, 0, 1)]
    while front and len(land) <= ON_CELLS * SUB * SUB:
        front = sorted(set(front) - tried)
        tried.update(front)
        lat = np.array([_centre(c, STEP * SUB)[0] for c in front])
        lng = np.array([_centre(c, STEP * SUB)[1] for c in front])
        ok = np.asarray(masks[1].contains_many(lng, lat), dtype=bool).tolist()
        found = [c for c, k in zip(front, ok, strict=True) if k]
        land.update(found)
        front = [(c[0] + di, c[1] + dj) for c in found for di, dj in _MOVES[:4]]
    return len(land) > ON_CELLS * SUB * SUB


def linked(lat: float, lng: float) -> bool:
    """Whether an end of a listed link (``links.csv``: a bridge, a tunnel, a ferry) lies within
    :data:`WINDOW_M` of the point: the town's water is crossed where those links cross it
    (Alameda's tubes, Venice's causeway, Dubai Creek's abras), not on land this layer adds."""
    from mapsnb.polyline import haversine_m
    from mapsnb_sandbox.earth.crossings import crossings

    return any(haversine_m(lat, lng, *end) <= WINDOW_M for x in crossings() for end in (x.a, x.b))


def cut_towns(min_pop: int = MIN_POP) -> list[Any]:
    """The index's towns of ``min_pop`` or more near a shore, no listed link near
    (:func:`linked`), enclosed by the mask (:func:`enclosed`) though their land goes on
    (:func:`goes_on`)."""
    import roaring_landmask as rl  # type: ignore[import-not-found]

    from mapsnb_sandbox.earth.landing import landing
    from mapsnb_sandbox.world.cities import city_index

    masks = [
        rl.RoaringLandmask.new_with_provider(p)
        for p in (rl.LandmaskProvider.Gshhg, rl.LandmaskProvider.Osm)
    ]
    memo: dict[Cell, bool] = {}
    out = []
    for c in city_index().cities:
        if c.population < min_pop or not _near_shore(c.lat, c.lng):
            continue
        if len(memo) > 3_000_000:
            memo.clear()
        if (
            enclosed(landing((c.lat, c.lng)), memo)
            and not linked(c.lat, c.lng)
            and goes_on((c.lat, c.lng), masks)
        ):
            out.append(c)
    return out


def _grid(lat: float, lng: float) -> tuple[np.ndarray, np.ndarray]:
    """The 1/720° sub-cells' rows and columns of a box of :data:`WINDOW_M` round a point,
    whole 1/240° cells."""
    dlat = WINDOW_M / 111_320
    dlng = dlat / max(0.2, math.cos(math.radians(lat)))
    i0, i1 = int((90.0 - lat - dlat) * STEP), int((90.0 - lat + dlat) * STEP)
    j0, j1 = int((lng - dlng + 180.0) * STEP), int((lng + dlng + 180.0) * STEP)
    return np.arange(i0 * SUB, (i1 + 1) * SUB), np.arange(j0 * SUB, (j1 + 1) * SUB) % (86_400 * SUB)


def _layers(rows: np.ndarray, cols: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per sub-cell of the box: land in the layers above, read at its 1/240° cell's centre
    (the layers below the sub-cell files are constant in a cell); and whether that cell is
    sea there (not land, not a lake)."""
    from mapsnb_sandbox.earth import water

    lats = 90.0 - (rows[1::SUB] + 0.5) / (STEP * SUB)
    lngs = (cols[1::SUB] + 0.5) / (STEP * SUB) - 180.0
    land = np.array([[water.is_land(float(a), float(b)) for b in lngs] for a in lats], dtype=bool)
    lake = np.array([[water.is_lake(float(a), float(b)) for b in lngs] for a in lats], dtype=bool)
    return (
        np.repeat(np.repeat(land, SUB, axis=0), SUB, axis=1),
        np.repeat(np.repeat(~land & ~lake, SUB, axis=0), SUB, axis=1),
    )


def neck_bits(town: Any, masks: list[Any]) -> dict[int, int]:
    """The sub-cells round ``town`` this layer adds (see the module's docstring), by 1/240°
    cell key: ``{key: bits}``."""
    from scipy import ndimage  # type: ignore[import-untyped]

    rows, cols = _grid(town.lat, town.lng)
    land, sea = _layers(rows, cols)
    lat_g, lng_g = np.meshgrid(
        90.0 - (rows + 0.5) / (STEP * SUB), (cols + 0.5) / (STEP * SUB) - 180.0, indexing="ij"
    )
    gshhg, osm = (
        np.asarray(m.contains_many(lng_g.ravel(), lat_g.ravel()), dtype=bool).reshape(lat_g.shape)
        for m in masks
    )
    near = ndimage.binary_dilation(gshhg, structure=np.ones((2 * NEAR_SUB + 1,) * 2, dtype=bool))
    new = osm & near & sea
    labels, _ = ndimage.label(land | new, structure=np.ones((3, 3), dtype=bool))
    ti = int((90.0 - town.lat) * STEP * SUB) - int(rows[0])
    tj = int((town.lng + 180.0) * STEP * SUB) - int(cols[0])
    around = labels[max(0, ti - 6) : ti + 7, max(0, tj - 6) : tj + 7]
    mine = np.bincount(around[around > 0]).argmax() if (around > 0).any() else 0
    out: dict[int, int] = {}
    for a, b in zip(*np.nonzero(new & (labels == mine)), strict=True) if mine else ():
        r, c = int(rows[a]), int(cols[b])
        key = r // SUB * 86_400 + c // SUB
        out[key] = out.get(key, 0) | 1 << (SUB * (r % SUB) + c % SUB)
    return out


def main() -> None:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    from mapsnb_sandbox.earth import water
    from mapsnb_sandbox.world.cities import city_index

    min_pop = int(sys.argv[sys.argv.index("--min-pop") + 1]) if "--min-pop" in sys.argv else MIN_POP
    water._neck_mask = lambda key: 0  # the layers below this one only
    water._CELLS.clear()
    if "--towns" in sys.argv:  # a checked list of cut_towns' towns (geonameids)
        gids = {int(g) for g in sys.argv[sys.argv.index("--towns") + 1].split(",")}
        towns = [c for c in city_index().cities if c.geonameid in gids]
    else:
        towns = cut_towns(min_pop)
    print(f"{len(towns)} towns cut off by the mask:")
    masks = [
        rl.RoaringLandmask.new_with_provider(p)
        for p in (rl.LandmaskProvider.Gshhg, rl.LandmaskProvider.Osm)
    ]
    found: dict[int, int] = {}
    for c in towns:
        bits = neck_bits(c, masks)
        print(
            f"  {c.geonameid} {c.name} ({c.cc}, {c.population:,}) {c.lat:.4f},{c.lng:.4f}: {len(bits)} cells"
        )
        for key, b in bits.items():
            found[key] = found.get(key, 0) | b
    keys = np.array(sorted(found), dtype=np.int64)
    masks = np.array([found[k] for k in keys.tolist()], dtype=np.uint16)
    write_cells(keys, masks, out=OUT, magic=MAGIC)


if __name__ == "__main__":
    main()
