"""Build ``mapsnb_sandbox/data/fine_runs.bin``: narrow water at 1/240° (about 460 m) from GSHHG.

The emulator's sea mask (``land_runs.bin``, NOAA GLOBE at 1/120°, about 1 km) marks narrow
water as land: Victoria Harbour between Tsim Sha Tsui and Central, the Bosphorus at places,
Dubai Creek, the Mersey, Phuket's Pak Phra channel. This script samples the GSHHG shoreline
database at full resolution (Wessel & Smith, LGPL; through ``roaring-landmask``, MIT, its
``Gshhg`` provider) at the centres of a grid twice as fine, in every GLOBE cell within
:data:`WINDOW` cells of a GLOBE shore, from 71.2°N to 56°S (no roads beyond), and keeps the
fine cells where GSHHG has water and GLOBE land: the emulator reads water as GLOBE's sea *or*
these cells (:func:`mapsnb_sandbox.earth.water.is_land`). Far from any shore GLOBE stands.

Run where ``roaring-landmask`` is installed (a 100 MB wheel, not a dependency of the project)
and the repository is importable: ``python tools/build_fine_mask.py`` (about ten minutes on two
cores).

Layout (zlib after the magic line): rows, cols (uint32 big-endian; 43,200 x 86,400 fine
cells, rows from 90°N southwards, columns from 180°W eastwards), ``rows + 1`` uint32 offsets,
then per row the water run boundaries as uint32 gaps from the previous boundary (the first
from column 0), little-endian: a fine cell is water when an odd number of its row's
boundaries lie at or before it.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUT = ROOT / "mapsnb_sandbox" / "data" / "fine_runs.bin"
MAGIC = b"MAPSNB-FINE-FLIP-1\n"
COARSE = 120
SUB = 2  # fine cells per coarse cell, each way
#: GLOBE cells this close (each way) to a GLOBE shore are refined.
WINDOW = 2
BAND = 240  # coarse rows per batch
#: Rows refined: 71.2°N (North Cape, Prudhoe Bay) to 56°S (Cape Horn); no roads beyond.
FIRST_ROW, LAST_ROW = round((90 - 71.2) * COARSE), round((90 + 56) * COARSE)


def _globe() -> tuple[int, int, np.ndarray, np.ndarray]:
    from mapsnb_sandbox.earth.water import _grid

    rows, cols, offsets, bounds = _grid()
    return (
        rows,
        cols,
        np.frombuffer(offsets, dtype=np.uint32),
        np.frombuffer(bounds, dtype=np.uint16),
    )


def _sea_rows(lo: int, hi: int, cols: int, offsets: np.ndarray, bounds: np.ndarray) -> np.ndarray:
    """GLOBE sea (True) for coarse rows ``lo..hi-1``."""
    out = np.zeros((hi - lo, cols), dtype=bool)
    for i in range(lo, hi):
        b = bounds[offsets[i] : offsets[i + 1]].astype(np.int64)
        marks = np.zeros(cols + 1, dtype=np.int8)
        np.add.at(marks, b, 1)
        out[i - lo] = (np.cumsum(marks[:cols]) % 2) == 1
    return out


def main() -> None:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    mask = rl.RoaringLandmask.new_with_provider(rl.LandmaskProvider.Gshhg)
    rows, cols, offsets, bounds = _globe()
    fine_rows, fine_cols = rows * SUB, cols * SUB
    flips: dict[int, list[np.ndarray]] = {}
    sub = (np.arange(SUB) + 0.5) / SUB
    for lo in range(FIRST_ROW, LAST_ROW, BAND):
        hi = min(rows, lo + BAND)
        a, b = max(0, lo - WINDOW), min(rows, hi + WINDOW)
        sea = _sea_rows(a, b, cols, offsets, bounds)
        shore = np.zeros_like(sea)
        shore[:, 1:] |= sea[:, 1:] != sea[:, :-1]
        shore[:, :-1] |= sea[:, 1:] != sea[:, :-1]
        shore[1:] |= sea[1:] != sea[:-1]
        shore[:-1] |= sea[1:] != sea[:-1]
        near = shore.copy()
        for d in range(1, WINDOW + 1):
            near[d:] |= shore[:-d]
            near[:-d] |= shore[d:]
        wide = near.copy()
        for d in range(1, WINDOW + 1):
            wide[:, d:] |= near[:, :-d]
            wide[:, :-d] |= near[:, d:]
        ri, ci = np.nonzero(wide[lo - a : hi - a])
        ri = ri + lo
        if not len(ri):
            continue
        globe_sea = sea[ri - a, ci]
        lat = 90.0 - (ri[:, None, None] + sub[:, None]) / COARSE
        lng = -180.0 + (ci[:, None, None] + sub[None, :]) / COARSE
        lat, lng = np.broadcast_arrays(lat, lng)
        land = np.asarray(mask.contains_many(lng.ravel().copy(), lat.ravel().copy())).reshape(
            -1, SUB, SUB
        )
        flip = ~land & ~globe_sea[:, None, None]  # GSHHG water where GLOBE has land
        n, dy, dx = np.nonzero(flip)
        fr, fc = ri[n] * SUB + dy, ci[n] * SUB + dx
        order = np.lexsort((fc, fr))
        fr, fc = fr[order], fc[order]
        cuts = np.flatnonzero(np.diff(fr)) + 1
        for cells, r in zip(np.split(fc, cuts), fr[np.concatenate(([0], cuts))], strict=True):
            gaps = np.flatnonzero(np.diff(cells) != 1)
            starts = np.concatenate(([cells[0]], cells[gaps + 1]))
            ends = np.concatenate((cells[gaps], [cells[-1]])) + 1
            flips[int(r)] = [np.ravel(np.column_stack((starts, ends)))]
        print(f"rows {lo}..{hi}: {len(ri)} shore cells, {len(fr)} fine flips", flush=True)
    out_offsets = np.zeros(fine_rows + 1, dtype="<u4")
    parts = []
    count = 0
    for r in range(fine_rows):
        out_offsets[r] = count
        if r in flips:
            b = flips[r][0].astype(np.int64)
            parts.append(np.diff(np.concatenate(([0], b))).astype("<u4"))
            count += len(b)
    out_offsets[fine_rows] = count
    body = fine_rows.to_bytes(4, "big") + fine_cols.to_bytes(4, "big")
    body += out_offsets.tobytes() + np.concatenate(parts).tobytes()
    OUT.write_bytes(MAGIC + zlib.compress(body, 9))
    print(f"{OUT}: {OUT.stat().st_size / 1e6:.2f} MB, {count} boundaries")


if __name__ == "__main__":
    main()
