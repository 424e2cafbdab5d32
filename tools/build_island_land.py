"""Build ``mapsnb_sandbox/data/island_cells.bin``: land at 1/720° round towns at sea.

The emulator's land (``land_runs.bin``, GLOBE at 1/120°; ``fine_runs.bin``, GSHHG at 1/240°
only within 2 km of a GLOBE shore) has no land at all on many atolls and small islands: Malé,
Hulhumalé, Funafuti, Majuro, South Tarawa, Kavaratti, San Andrés were water, and their
places with them. This script finds every town of the index of :data:`MIN_POP` people or more
whose point is water and whose disc of :data:`DISC_M` holds less than :data:`MAX_LAND_SHARE` of
land (:func:`at_sea`: 134 towns, 42 of 5,000+), and in the 1/240° cells the layers above have
all as sea (not the lake grid's: OpenStreetMap's land polygons count lakes as land) keeps the
1/720° sub-cells whose centre OpenStreetMap's land polygons (© OpenStreetMap contributors,
ODbL) have as land, sampled through ``roaring-landmask`` (MIT, its ``Osm`` provider): within
:data:`WINDOW_M` of such a town, and the land connected to it out to :data:`ISLAND_M` (the
town's island or atoll strip); never within :data:`MAINLAND_M` of a mainland's land.

GSHHG (its ``Gshhg`` provider) is not used here: on atolls its islets lie hundreds of metres
off (Malé: 120 sub-cells of GSHHG land and 164 of OSM's in a 6.6 km window, none shared;
Funafuti 155 and 41, none shared), so its land would double the islets.

Run where ``roaring-landmask`` is installed (a 100 MB wheel, not a dependency of the project)
and the repository is importable: ``python tools/build_island_land.py`` (about a minute: 8.4 kB, 9,780 cells).

Layout (zlib after the magic line) as ``finer_cells.bin``'s: the count (uint32 big-endian), the
1/240° cells' keys (``row * 86_400 + col``, rows from 90°N, columns from 180°W, ascending) as
gaps from the previous key (uint32 little-endian), then one uint16 mask each (bit
``3 * sub_row + sub_col`` set: that 1/720° sub-cell is land).
"""

from __future__ import annotations

import math
import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "mapsnb_sandbox" / "data" / "island_cells.bin"
MAGIC = b"MAPSNB-ISLAND-CELLS-1\n"
STEP = 240  # cells per degree
SUB = 3  # sub-cells per cell, each way
MIN_POP = 1_000
#: A town at sea: its point is water and its disc of this radius (metres) ...
DISC_M = 3_000.0
#: ... holds less than this share of land (1/720° samples).
MAX_LAND_SHARE = 0.1
#: Land is added within this many metres of such a town (the island a search there lists).
WINDOW_M = 4_000.0
#: ... but not this near (metres) land of the layers above that is not a small island
#: (:func:`~mapsnb_sandbox.earth.water.small_island`: a mainland, a big island): a planner
#: crosses water narrower than ``OPEN_RUN_M`` (150 m), and new land beside a mainland's shore
#: would let routes cut across a bay (Helsinki's Töölönlahti beside Lauttasaari's
#: Vattuniemi, a town at sea by this measure).
MAINLAND_M = 300.0
#: The island of such a town is followed beyond :data:`WINDOW_M` (its OSM land connected to
#: the land within it, through land of the layers above too) out to this many metres: San
#: Andrés' south end, Majuro's and South Tarawa's strips.
ISLAND_M = 15_000.0


def land_share(lat: float, lng: float, radius_m: float = DISC_M) -> float:
    """The share of 1/720° points within ``radius_m`` of ``(lat, lng)`` that are land."""
    from mapsnb_sandbox.earth.water import is_land

    step = 1 / (STEP * SUB)
    kx = 1 / max(0.05, math.cos(math.radians(lat)))
    n = int(radius_m / 111_320 / step) + 1
    hits = [
        is_land(lat + di * step, lng + dj * step)
        for di in range(-n, n + 1)
        for dj in range(-int(n * kx) - 1, int(n * kx) + 2)
        if (di * step) ** 2 + (dj * step / kx) ** 2 <= (radius_m / 111_320) ** 2
    ]
    return sum(hits) / len(hits)


def at_sea(min_pop: int = MIN_POP) -> list[Any]:
    """The index's towns of ``min_pop`` people or more at sea: the point water and the disc
    round it less than :data:`MAX_LAND_SHARE` land (the present layers)."""
    from mapsnb_sandbox.earth.water import is_land
    from mapsnb_sandbox.world.cities import city_index

    return [
        c
        for c in city_index().cities
        if c.population >= min_pop
        and not is_land(c.lat, c.lng)
        and land_share(c.lat, c.lng) < MAX_LAND_SHARE
    ]


def _cells(towns: list[Any], radius_m: float = WINDOW_M) -> np.ndarray:
    """Keys of every 1/240° cell whose centre lies within ``radius_m`` of one of ``towns``
    (unique, ascending)."""
    keys: set[int] = set()
    half = int(radius_m / 111_320 * STEP) + 1
    for c in towns:
        i0, j0 = int((90.0 - c.lat) * STEP), int(((c.lng + 180.0) % 360.0) * STEP)
        kx = 1 / max(0.2, math.cos(math.radians(c.lat)))
        keys.update(
            (i0 + di) * 86_400 + (j0 + dj) % 86_400
            for di in range(-half, half + 1)
            for dj in range(-int(half * kx) - 1, int(half * kx) + 2)
            if (di / STEP * 111_320) ** 2 + (dj / STEP / kx * 111_320) ** 2 <= radius_m**2
        )
    return np.array(sorted(keys), dtype=np.int64)


def _sea(keys: np.ndarray) -> np.ndarray:
    """Whether each cell of ``keys`` is water at all nine sub-cells in the layers above, and
    not in the lake grid."""
    from mapsnb_sandbox.earth import water

    rows, cols = keys // 86_400, keys % 86_400
    out = np.ones(len(keys), dtype=bool)
    for n in range(len(keys)):
        for s in range(SUB * SUB):
            lat = 90.0 - (rows[n] + (s // SUB + 0.5) / SUB) / STEP
            lng = (cols[n] + (s % SUB + 0.5) / SUB) / STEP - 180.0
            if water.is_land(float(lat), float(lng)) or water.is_lake(float(lat), float(lng)):
                out[n] = False
                break
    return out


def _land_bits(keys: np.ndarray, osm: Any) -> np.ndarray:
    """Per cell of ``keys``, the sub-cells whose centre ``osm`` has as land."""
    rows, cols = keys // 86_400, keys % 86_400
    bits = np.zeros(len(keys), dtype=np.uint16)
    for s in range(SUB * SUB):
        lat = 90.0 - (rows + (s // SUB + 0.5) / SUB) / STEP
        lng = (cols + (s % SUB + 0.5) / SUB) / STEP - 180.0
        bits[np.asarray(osm.contains_many(lng, lat), dtype=bool)] |= 1 << s
    return bits


def _off_mainland(keys: np.ndarray, bits: np.ndarray) -> np.ndarray:
    """``bits`` without the sub-cells within :data:`MAINLAND_M` of land of the layers above
    that is not a small island."""
    from mapsnb_sandbox.earth import water

    big: dict[int, bool] = {}

    def mainland(lat: float, lng: float) -> bool:
        if not water.is_land(lat, lng):
            return False
        key = int((90.0 - lat) * STEP) * 86_400 + int(((lng + 180.0) % 360.0) * STEP)
        if key not in big:
            big[key] = not water.small_island(lat, lng)
        return big[key]

    step = 1 / (STEP * SUB)
    reach = MAINLAND_M / 111_320 / step
    bits = bits.copy()
    for n, key in enumerate(keys.tolist()):
        for s in range(SUB * SUB):
            if not bits[n] & (1 << s):
                continue
            lat = 90.0 - (key // 86_400 + (s // SUB + 0.5) / SUB) / STEP
            lng = (key % 86_400 + (s % SUB + 0.5) / SUB) / STEP - 180.0
            kx = 1 / max(0.2, math.cos(math.radians(lat)))
            r = int(reach) + 1
            if any(
                mainland(lat + di * step, lng + dj * step)
                for di in range(-r, r + 1)
                for dj in range(-int(r * kx) - 1, int(r * kx) + 2)
                if di**2 + (dj / kx) ** 2 <= reach**2
            ):
                bits[n] &= ~(1 << s) & 0xFFFF
    return bits


Sub = tuple[int, int]  # a 1/720° sub-cell: row from 90°N, column from 180°W


def _subs(keys: np.ndarray, bits: np.ndarray) -> set[Sub]:
    """The sub-cells set in ``bits``."""
    return {
        (k // 86_400 * SUB + s // SUB, k % 86_400 * SUB + s % SUB)
        for k, b in zip(keys.tolist(), bits.tolist(), strict=True)
        for s in range(SUB * SUB)
        if b & (1 << s)
    }


def _connected(keys: np.ndarray, bits: np.ndarray, seeds: set[Sub], window: set[int]) -> np.ndarray:
    """``bits`` but the sub-cells not connected (8-neighbours) to ``seeds``, through
    ``bits``' land or the layers above's within the cells ``window``."""
    from mapsnb_sandbox.earth import water

    land = _subs(keys, bits)
    cols = 86_400 * SUB
    seen, todo = set(seeds & land), list(seeds & land)
    while todo:
        i, j = todo.pop()
        for di in (-1, 0, 1):
            for dj in (-1, 0, 1):
                n = (i + di, (j + dj) % cols)
                if n in seen:
                    continue
                lat, lng = 90.0 - (n[0] + 0.5) / (STEP * SUB), (n[1] + 0.5) / (STEP * SUB) - 180
                if n in land or (
                    abs(di) + abs(dj) == 1
                    and n[0] // SUB * 86_400 + n[1] // SUB in window
                    and water.is_land(lat, lng)
                ):
                    seen.add(n)
                    todo.append(n)
    out = np.zeros_like(bits)
    for n, k in enumerate(keys.tolist()):
        for s in range(SUB * SUB):
            if (k // 86_400 * SUB + s // SUB, k % 86_400 * SUB + s % SUB) in seen:
                out[n] |= 1 << s
    return out


def _island_bits(keys: np.ndarray, osm: Any) -> np.ndarray:
    """OSM's land sub-cells of ``keys`` (cells all sea in the layers above) off a mainland."""
    return _off_mainland(keys, _land_bits(keys, osm))


def main() -> None:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    from mapsnb_sandbox.earth import water

    water._island_mask = lambda key: 0  # the layers below this one only
    water._CELLS.clear()
    towns = at_sea()
    print(f"{len(towns)} towns at sea, {sum(c.population >= 5000 for c in towns)} of 5,000+")
    osm = rl.RoaringLandmask.new_with_provider(rl.LandmaskProvider.Osm)
    near = _cells(towns)
    near = near[_sea(near)]
    seeds = _subs(near, _island_bits(near, osm))
    window = _cells(towns, ISLAND_M)
    keys = window[_sea(window)]
    print(f"{len(window)} cells within {ISLAND_M:,.0f} m, {len(keys)} all sea")
    bits = _connected(keys, _island_bits(keys, osm), seeds, set(window.tolist()))
    write(keys[bits != 0], bits[bits != 0])


def write(keys: np.ndarray, masks: np.ndarray, out: Path = OUT, magic: bytes = MAGIC) -> None:
    """Write ``out`` (:data:`OUT`) from the cells' keys (ascending) and sub-cell masks, after
    its ``magic`` line (``tools/build_neck_land.py`` writes its file so too)."""
    gaps = np.diff(np.asarray(keys, dtype=np.int64), prepend=0).astype("<u4")
    body = len(keys).to_bytes(4, "big") + gaps.tobytes() + masks.astype("<u2").tobytes()
    out.write_bytes(magic + zlib.compress(body, 9))
    print(f"{out}: {out.stat().st_size / 1e3:.1f} kB, {len(keys)} cells")


if __name__ == "__main__":
    main()
