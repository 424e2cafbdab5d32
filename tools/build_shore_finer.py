"""Add to ``mapsnb_sandbox/data/finer_cells.bin`` the water GSHHG and OSM agree on along every shore.

The emulator's coarse water (``land_runs.bin``, GLOBE at 1/120°; ``lake_runs.bin``, GSHHS
lakes at 1/48°; ``fine_runs.bin``, GSHHG at 1/240°) marks as land the inlets, creeks and canals
narrower than a 1/240° cell (about 460 m); ``tools/build_finer_mask.py`` refines them at 1/720°
only round towns of 50,000 people (the union of two shorelines there). Away from those towns a
road still runs through the head of a mangrove inlet (northern Phang Nga Bay, between Phuket
and Krabi) that both shorelines have as water.

This script refines every 1/240° cell the coarse layers have as land within :data:`WIDTH`
cells of their water (8-neighbourhood), from 71.2°N to 56°S (no roads beyond), within
:data:`NEAR_TOWN_KM` of a populated place of the emulator's GeoNames index, at the 3 x 3
centres of its 1/720° sub-cells, sampling two shorelines at full resolution through
``roaring-landmask`` (MIT): GSHHG (Wessel & Smith, LGPL; its ``Gshhg`` provider) and
OpenStreetMap's land polygons (© OpenStreetMap contributors, ODbL; its ``Osm`` provider). A
sub-cell becomes water only where **both** have water (the intersection): OSM's straight-edged
holes in built land (GSHHG has land there) and GSHHG's hair-thin creeks or its coarse old
shores under reclaimed land (OSM has land there) stay land. The new bits are OR-ed into the
present file (round towns it already holds the union, a superset), then the link ends' rule of
``build_finer_mask.keep_link_ends`` is applied to all.

Run where ``roaring-landmask`` is installed (a 100 MB wheel, not a dependency of the project)
and the repository is importable, after ``tools/build_finer_mask.py``:
``python tools/build_shore_finer.py`` (about 10 minutes on two shared cores). Round 15 built
it (``benchmarks/HISTORY.md``): 196,635 -> 465,984 cells, 0.56 -> 1.04 MB with the keys
gap-coded (everywhere, without the towns' rule: 769,811 cells, 1.5 MB gap-coded).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

STEP = 240  # coarse cells per degree
SUB = 3  # sub-cells per coarse cell, each way
COLS = 360 * STEP
#: Coarse land cells this many cells (each way) from the coarse layers' water are refined.
WIDTH = 2
BLOCK = 240  # rows per batch (one degree)
#: Rows refined: 71.2°N to 56°S, as ``tools/build_fine_mask.py``.
FIRST_ROW, LAST_ROW = round((90 - 71.2) * STEP), round((90 + 56) * STEP)


def _odd(bounds: np.ndarray, n: int) -> np.ndarray:
    """Per column ``0..n-1``: whether an odd number of ``bounds`` lie at or before it."""
    return (np.searchsorted(bounds, np.arange(n), side="right") % 2) == 1


def _layers() -> tuple[Any, Any, Any]:
    """The emulator's three coarse water layers: GLOBE's sea, the lakes, the fine runs."""
    from mapsnb_sandbox.earth import water

    return water._grid(), water._grid(water.LAKE_RUNS, water._LAKE_MAGIC), water._Fine()


def _grid_row(grid: Any, i: int) -> np.ndarray:
    """Water (odd) per column of row ``i`` of a runs grid ``(rows, cols, offsets, bounds)``."""
    rows, cols, offsets, bounds = grid
    i = min(max(i, 0), rows - 1)
    return _odd(np.frombuffer(bounds, dtype=np.uint16)[offsets[i] : offsets[i + 1]], cols)


def coarse_water(lo: int, hi: int, layers: tuple[Any, Any, Any]) -> np.ndarray:
    """The emulator's coarse water (True) at 1/240° for rows ``lo..hi-1`` (its 1/720° layer
    left out): GLOBE's sea (1/120°), the lakes (1/48°) or the fine runs (1/240°)."""
    sea, lake, fine = layers
    cols = np.arange(COLS)
    out = np.zeros((hi - lo, COLS), dtype=bool)
    for i in range(lo, hi):
        row = _grid_row(sea, i // 2)[cols // 2] | _grid_row(lake, i // 5)[cols // 5]
        a, b = fine.offsets[i], fine.offsets[i + 1]
        bounds = np.cumsum(np.frombuffer(fine.gaps, dtype=np.uint32)[a:b].astype(np.int64))
        out[i - lo] = row | _odd(bounds, COLS)
    return out


def shore_band(wet: np.ndarray, width: int = WIDTH) -> np.ndarray:
    """Land cells of ``wet`` (rows x columns, columns wrapping) with water within ``width``
    cells each way; the first and last ``width`` rows are margins, left False."""
    near = wet.copy()
    for _ in range(width):
        grown = near.copy()
        grown[1:] |= near[:-1]
        grown[:-1] |= near[1:]
        grown |= np.roll(near, 1, axis=1) | np.roll(near, -1, axis=1)
        grown[1:] |= np.roll(near[:-1], 1, axis=1) | np.roll(near[:-1], -1, axis=1)
        grown[:-1] |= np.roll(near[1:], 1, axis=1) | np.roll(near[1:], -1, axis=1)
        near = grown
    band = near & ~wet
    band[:width] = False
    band[len(band) - width :] = False
    return band


def agreed_bits(keys: np.ndarray, sources: list[Any]) -> np.ndarray:
    """Per 1/240° cell of ``keys``, the 1/720° sub-cells (bits ``3 * sub_row + sub_col``)
    where every one of ``sources`` (``roaring-landmask`` masks) has water at the centre."""
    rows, cols = keys // COLS, keys % COLS
    bits = np.zeros(len(keys), dtype=np.uint16)
    for s in range(SUB * SUB):
        lat = 90.0 - (rows + (s // SUB + 0.5) / SUB) / STEP
        lng = (cols + (s % SUB + 0.5) / SUB) / STEP - 180.0
        on = np.arange(len(keys))
        for mask in sources:  # the intersection: each source asked only where all before agree
            on = on[~np.asarray(mask.contains_many(lng[on], lat[on]), dtype=bool)]
        bits[on] |= np.uint16(1 << s)
    return bits


#: Only cells this near (km) a populated place of the emulator's GeoNames index (any size:
#: a village's road too) are refined: the arctic islands' and fjords' wild shores carry no
#: route, and the layer stays about 1 MB.
NEAR_TOWN_KM = 20.0
TOWN_STEP = 20  # cells per degree of the towns' grid


def town_grid(near_km: float = NEAR_TOWN_KM) -> np.ndarray:
    """Cells of 1/:data:`TOWN_STEP`° within about ``near_km`` of a town of the index (True)."""
    from mapsnb_sandbox.world.cities import _build_city_index

    grid = np.zeros((180 * TOWN_STEP, 360 * TOWN_STEP), dtype=bool)
    r = int(near_km / 111.32 * TOWN_STEP) + 1
    for c in _build_city_index().cities:
        i, j = int((90.0 - c.lat) * TOWN_STEP), int((c.lng + 180.0) * TOWN_STEP)
        w = min(180 * TOWN_STEP, int(r / max(0.05, np.cos(np.radians(c.lat)))) + 1)
        cols = np.arange(j - w, j + w + 1) % (360 * TOWN_STEP)
        grid[max(0, i - r) : i + r + 1, cols] = True
    return grid


def near_towns(keys: np.ndarray, grid: np.ndarray) -> np.ndarray:
    """Whether each 1/240° cell of ``keys`` lies in a True cell of the towns' ``grid``."""
    k = STEP // TOWN_STEP
    return grid[(keys // COLS) // k, (keys % COLS) // k]


def build(sources: list[Any], width: int = WIDTH) -> dict[int, int]:
    """Cell key -> agreed water bits over the shore band near towns (cells with some only)."""
    layers, towns = _layers(), town_grid()
    found: dict[int, int] = {}
    t = time.perf_counter()
    for lo in range(FIRST_ROW, LAST_ROW, BLOCK):
        hi = min(LAST_ROW, lo + BLOCK)
        band = shore_band(coarse_water(lo - width, hi + width, layers), width)
        r, c = np.nonzero(band)
        keys = (r + lo - width).astype(np.int64) * COLS + c
        keys = keys[near_towns(keys, towns)]
        bits = agreed_bits(keys, sources)
        keep = bits != 0
        found.update(zip(keys[keep].tolist(), bits[keep].tolist(), strict=True))
        print(
            f"rows {lo}-{hi}: {len(keys)} band cells, {int(keep.sum())} with agreed water, "
            f"{time.perf_counter() - t:.0f} s",
            flush=True,
        )
    return found


def main() -> None:
    import roaring_landmask as rl  # type: ignore[import-not-found]
    from build_finer_mask import _read, _write_all

    masks = [
        rl.RoaringLandmask.new_with_provider(provider)
        for provider in (rl.LandmaskProvider.Gshhg, rl.LandmaskProvider.Osm)
    ]
    old = _read()
    before = len(old)
    for key, b in build(masks).items():
        old[key] = old.get(key, 0) | b
    print(f"{before} cells before, {len(old)} after")
    _write_all(old, masks)


if __name__ == "__main__":
    main()
