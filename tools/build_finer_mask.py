"""Build ``mapsnb_sandbox/data/finer_cells.bin``: narrow water at 1/720° round towns, GSHHG's or OSM's.

The emulator's water (``land_runs.bin``, GLOBE at 1/120°; ``fine_runs.bin``, GSHHG at 1/240°)
misses harbours and inlets narrower than a 1/240° cell (about 460 m): the inner Waitematā,
Saltsjön, Puddefjorden, the Golden Horn, Dubai Creek. This script samples two shorelines at
full resolution through ``roaring-landmask`` (MIT): GSHHG (Wessel & Smith, LGPL; its ``Gshhg``
provider) and OpenStreetMap's land polygons (© OpenStreetMap contributors, ODbL; its ``Osm``
provider), at the 3 x 3 centres of each 1/240° cell within :data:`RADIUS_DEG` of every town
of at least :data:`MIN_POP` people (the emulator's GeoNames towns: where routes start and
end), and keeps the sub-cells where EITHER has water (the union: land only where both say
land) and the emulator's other layers have land. Within :data:`LINK_END_M` of the end of a
listed link (``links.csv``: a pier, a bridgehead) only GSHHG's water counts: OSM draws piers
and quays into the water, and a route must reach the link it takes.

Run where ``roaring-landmask`` is installed (a 100 MB wheel, not a dependency of the project)
and the repository is importable: ``python tools/build_finer_mask.py`` (about 8 minutes;
``--link-ends-only`` applies only the link ends' rule to the present file, after ``links.csv``
or :data:`LINK_END_M` changes: about 2 minutes, the cells round link ends sampled again;
``--grow-from OLD`` adds the cells round towns of :data:`MIN_POP` to ``OLD`` people to the
present file, built with ``MIN_POP = OLD``: 15 minutes from 50,000 to 15,000). Round 8 tried
15,000 (1.02 MB instead of 0.56) and kept 50,000: the union brought OSM's flaws and new
narrows into the planners' water (Colaba's band, routes lost; ``benchmarks/HISTORY.md``).
``--small-towns`` (about 12 minutes) adds smaller windows (:data:`SMALL_RADIUS_DEG`) round
towns of :data:`SMALL_POP` to :data:`MIN_POP`, where OSM's water counts only within
:data:`NEAR_GSHHG_M` of GSHHG's (:func:`_near_shore_bits`). Water round 10 tried it (0.72 MB)
and dropped it: two corpus routes lost (Ismailia on foot and by bicycle), Korsør's and Kotor's
ends pulled along their harbours, link ends wet (``benchmarks/HISTORY.md``).

Layout (zlib after the magic line): the count (uint32 big-endian), then the 1/240° cells' keys
(``row * 86_400 + col``, rows from 90°N, columns from 180°W, ascending) as gaps from the
previous key (the first from 0; uint32 little-endian: they compress, the keys did not), then
one uint16 mask each (bit ``3 * sub_row + sub_col`` set: that 1/720° sub-cell is water).
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "mapsnb_sandbox" / "data" / "finer_cells.bin"
MAGIC = b"MAPSNB-FINER-CELLS-2\n"
STEP = 240  # cells per degree
SUB = 3  # sub-cells per cell, each way
MIN_POP = 50_000
#: Half the side of the window round a town, in degrees of latitude (about 13 km).
RADIUS_DEG = 0.12
#: Round a link's end, OSM's water does not count (only GSHHG's) this far, in metres.
LINK_END_M = 150.0
#: ``--small-towns``: towns of this many people to :data:`MIN_POP` get a smaller window,
#: half its side :data:`SMALL_RADIUS_DEG` (about 3.3 km: a route's end and its harbour).
SMALL_POP = 5_000
SMALL_RADIUS_DEG = 0.03
#: In the small towns' windows, OSM's water counts only where GSHHG has water this near
#: (metres): OSM's shore refines GSHHG's, and its straight-edged holes in built land far
#: from GSHHG's shore (Simon's Town's, 750-950 m from it) stay out.
NEAR_GSHHG_M = 400.0


def keep_link_ends(keys: np.ndarray, bits: np.ndarray, gshhg: object) -> np.ndarray:
    """``bits`` with the sub-cells within :data:`LINK_END_M` of a listed link's end set to
    GSHHG's water only (``gshhg``: its ``roaring-landmask``)."""
    from mapsnb_sandbox.earth.crossings import crossings

    bits = bits.copy()
    reach = LINK_END_M / 111_320 * STEP * SUB  # in sub-cells of latitude
    for x in crossings():
        for lat, lng in (x.a, x.b):
            si, sj = int((90.0 - lat) * STEP * SUB), int(((lng + 180.0) % 360.0) * STEP * SUB)
            wide = reach / max(0.2, np.cos(np.radians(lat)))
            for di in range(-int(reach) - 1, int(reach) + 2):
                for dj in range(-int(wide) - 1, int(wide) + 2):
                    if (di / reach) ** 2 + (dj / wide) ** 2 > 1.0:
                        continue
                    i, j = si + di, (sj + dj) % (86_400 * SUB)
                    n = int(np.searchsorted(keys, (i // SUB) * 86_400 + j // SUB))
                    if n >= len(keys) or keys[n] != (i // SUB) * 86_400 + j // SUB:
                        continue
                    bit = 1 << (SUB * (i % SUB) + j % SUB)
                    c_lat, c_lng = 90.0 - (i + 0.5) / (STEP * SUB), (j + 0.5) / (STEP * SUB) - 180
                    if gshhg.contains_many(np.array([c_lng]), np.array([c_lat]))[0]:  # type: ignore[attr-defined]
                        bits[n] &= ~bit & 0xFFFF
    return bits


def _cells(
    min_pop: int = MIN_POP, max_pop: float = float("inf"), radius: float = RADIUS_DEG
) -> np.ndarray:
    """Keys of every 1/240° cell in a window (half its side ``radius`` degrees) round a town
    of ``min_pop`` people or more, under ``max_pop`` (unique, ascending)."""
    from mapsnb_sandbox.world.cities import _build_city_index

    keys = set()
    half = round(radius * STEP)
    for c in _build_city_index().cities:
        if not min_pop <= c.population < max_pop or not -56 < c.lat < 71.2:
            continue
        i0 = int((90.0 - c.lat) * STEP)
        j0 = int(((c.lng + 180.0) % 360.0) * STEP)
        wide = round(half / max(0.2, np.cos(np.radians(c.lat))))
        ii, jj = np.meshgrid(
            np.arange(i0 - half, i0 + half + 1), np.arange(j0 - wide, j0 + wide + 1)
        )
        keys.update((ii.ravel() * 86_400 + jj.ravel() % 86_400).tolist())
    return np.array(sorted(keys), dtype=np.int64)


def _read() -> dict[int, int]:
    """The present :data:`OUT`: sub-cell mask by 1/240° cell key."""
    body = zlib.decompress(OUT.read_bytes()[len(MAGIC) :])
    n = int.from_bytes(body[:4], "big")
    keys = np.cumsum(np.frombuffer(body[4 : 4 + 4 * n], dtype="<u4").astype(np.int64))
    return dict(
        zip(keys.tolist(), np.frombuffer(body[4 + 4 * n :], dtype="<u2").tolist(), strict=True)
    )


def _write_all(old: dict[int, int], sources: list[Any]) -> None:
    """Write ``old`` (cell key -> water bits) as :data:`OUT`, :func:`keep_link_ends` applied."""
    keys = np.array(sorted(old), dtype=np.int64)
    masks = np.array([old[k] for k in keys.tolist()], dtype=np.uint16)
    masks = keep_link_ends(keys, masks, sources[0])
    write(keys[masks != 0].astype("<u8"), masks[masks != 0].astype("<u2"))


def _grow(sources: list[Any], old_pop: int) -> None:
    """Add to the present :data:`OUT` (built with ``MIN_POP = old_pop``) the cells round towns
    of :data:`MIN_POP` to ``old_pop`` people, then apply :func:`keep_link_ends` to all."""
    old = _read()
    new = np.setdiff1d(_cells(), _cells(old_pop))
    print(f"{len(new)} new cells round towns of {MIN_POP:,} to {old_pop:,}")
    for lo in range(0, len(new), 200_000):
        k = new[lo : lo + 200_000]
        bits = _union_bits(k, sources)
        old.update((key, b) for key, b in zip(k.tolist(), bits.tolist(), strict=True) if b)
        print(f"  {lo + len(k)} cells, {int((bits != 0).sum())} with finer water")
    _write_all(old, sources)


def _link_ends_only(sources: list[Any]) -> None:
    """Apply :func:`keep_link_ends` to the present :data:`OUT` (after ``links.csv`` or
    :data:`LINK_END_M` changes): the cells round every link's end (out to :data:`REFRESH_M`)
    are sampled again from both ``sources`` first, so the rule may shrink as well as grow."""
    old = _read()
    near = _near_link_ends()
    old.update(zip(near.tolist(), _union_bits(near, sources).tolist(), strict=True))
    _write_all(old, sources)


#: ``--link-ends-only`` samples the cells this near a link's end again (above any
#: :data:`LINK_END_M` tried).
REFRESH_M = 600.0


def _near_link_ends() -> np.ndarray:
    """Keys of the 1/240° cells round towns (:func:`_cells`) within :data:`REFRESH_M` of a
    listed link's end."""
    from mapsnb_sandbox.earth.crossings import crossings

    keys: set[int] = set()
    reach = int(REFRESH_M / 111_320 * STEP) + 1
    for x in crossings():
        for lat, lng in (x.a, x.b):
            i0, j0 = int((90.0 - lat) * STEP), int(((lng + 180.0) % 360.0) * STEP)
            wide = int(reach / max(0.2, np.cos(np.radians(lat)))) + 1
            for di in range(-reach, reach + 1):
                keys.update(
                    (i0 + di) * 86_400 + (j0 + dj) % 86_400 for dj in range(-wide, wide + 1)
                )
    near = np.array(sorted(keys), dtype=np.int64)
    return near[np.isin(near, _cells())]


def _union_bits(keys: np.ndarray, sources: list[Any]) -> np.ndarray:
    """Per cell of ``keys``, the sub-cells where one of ``sources`` has water and the
    emulator's other layers have land."""
    from mapsnb_sandbox.earth import water

    water._finer_mask = lambda key: 0  # the layers below this one only
    water._CELLS.clear()
    rows, cols = keys // 86_400, keys % 86_400
    bits = np.zeros(len(keys), dtype=np.uint16)
    for s in range(SUB * SUB):
        lat = 90.0 - (rows + (s // SUB + 0.5) / SUB) / STEP
        lng = (cols + (s % SUB + 0.5) / SUB) / STEP - 180.0
        land = np.ones(len(keys), dtype=bool)
        for mask in sources:  # the union of both sources' water
            land &= np.asarray(mask.contains_many(lng, lat), dtype=bool)
        for n in np.flatnonzero(~land):
            if water.is_land(float(lat[n]), float(lng[n])):
                bits[n] |= 1 << s
    return bits


def _near_gshhg_water(lat: np.ndarray, lng: np.ndarray, gshhg: Any) -> np.ndarray:
    """Whether GSHHG (``gshhg``) has water within :data:`NEAR_GSHHG_M` of each point (rings
    of 16 samples every 100 m, and the point itself)."""
    near = ~np.asarray(gshhg.contains_many(lng, lat), dtype=bool)
    scale = 1.0 / np.maximum(0.2, np.cos(np.radians(lat)))
    for r in np.arange(100.0, NEAR_GSHHG_M + 1.0, 100.0):
        for a in np.linspace(0.0, 2 * np.pi, 16, endpoint=False):
            if near.all():
                return near
            d_lat, d_lng = r / 111_320 * np.sin(a), r / 111_320 * np.cos(a) * scale
            near |= ~np.asarray(gshhg.contains_many(lng + d_lng, lat + d_lat), dtype=bool)
    return near


def _near_shore_bits(keys: np.ndarray, bits: np.ndarray, gshhg: Any) -> np.ndarray:
    """``bits`` without the water sub-cells that have no GSHHG water within
    :data:`NEAR_GSHHG_M` (OSM's water away from GSHHG's shore)."""
    bits = bits.copy()
    rows, cols = keys // 86_400, keys % 86_400
    for s in range(SUB * SUB):
        on = np.flatnonzero(bits & (1 << s))
        lat = 90.0 - (rows[on] + (s // SUB + 0.5) / SUB) / STEP
        lng = (cols[on] + (s % SUB + 0.5) / SUB) / STEP - 180.0
        far = on[~_near_gshhg_water(lat, lng, gshhg)]
        bits[far] &= ~(1 << s) & 0xFFFF
    return bits


def _small_towns(sources: list[Any]) -> None:
    """Add to the present :data:`OUT` the cells round towns of :data:`SMALL_POP` to
    :data:`MIN_POP` people (:data:`SMALL_RADIUS_DEG`), OSM's water there only near GSHHG's
    (:func:`_near_shore_bits`); then apply :func:`keep_link_ends` to all."""
    old = _read()
    small = _cells(SMALL_POP, MIN_POP, SMALL_RADIUS_DEG)
    new = np.setdiff1d(small, _cells())
    print(f"{len(new)} new cells round towns of {SMALL_POP:,} to {MIN_POP:,}")
    for lo in range(0, len(new), 500_000):
        k = new[lo : lo + 500_000]
        bits = _near_shore_bits(k, _union_bits(k, sources), sources[0])
        old.update((key, b) for key, b in zip(k.tolist(), bits.tolist(), strict=True) if b)
        print(f"  {lo + len(k)} cells, {int((bits != 0).sum())} with finer water")
    _write_all(old, sources)


def main() -> None:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    masks = [
        rl.RoaringLandmask.new_with_provider(provider)
        for provider in (rl.LandmaskProvider.Gshhg, rl.LandmaskProvider.Osm)
    ]
    if "--link-ends-only" in sys.argv:
        _link_ends_only(masks)
        return
    if "--small-towns" in sys.argv:
        _small_towns(masks)
        return
    if "--grow-from" in sys.argv:
        _grow(masks, int(sys.argv[sys.argv.index("--grow-from") + 1]))
        return
    keys = _cells()
    print(f"{len(keys)} cells round towns")
    out_keys, out_masks = [], []
    for lo in range(0, len(keys), 500_000):
        k = keys[lo : lo + 500_000]
        bits = _union_bits(k, masks)
        keep = bits != 0
        out_keys.append(k[keep])
        out_masks.append(bits[keep])
        print(f"  {lo + len(k)} cells, {int(keep.sum())} with finer water")
    all_keys = np.concatenate(out_keys).astype("<u8")
    all_masks = keep_link_ends(all_keys, np.concatenate(out_masks), masks[0]).astype("<u2")
    write(all_keys[all_masks != 0], all_masks[all_masks != 0])


def write(all_keys: np.ndarray, all_masks: np.ndarray) -> None:
    """Write :data:`OUT` from the cells' keys and sub-cell masks."""
    gaps = np.diff(np.asarray(all_keys, dtype=np.int64), prepend=0).astype("<u4")
    body = len(all_keys).to_bytes(4, "big") + gaps.tobytes() + all_masks.astype("<u2").tobytes()
    OUT.write_bytes(MAGIC + zlib.compress(body, 9))
    print(f"{OUT}: {OUT.stat().st_size / 1e6:.2f} MB, {len(all_keys)} cells")


if __name__ == "__main__":
    main()
