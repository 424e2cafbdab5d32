"""Rebuild ``mapsnb_sandbox/data/terrain.bin``: ground height on a 0.2° grid, in units of 32 m.

``pip install 'mapsnb[climate]'`` (for ``pvlib`` and ``h5py``), then ``python tools/build_terrain.py``.
Source: ``pvlib``'s ``Altitude.h5`` (BSD-3-Clause; Mapzen terrain tiles: SRTM, GMTED2010, ETOPO1,
EU-DEM and national DEMs), 1/12°, 28 m steps, 255 = sea: each 0.2° cell is the mean height of the
land cells whose centres fall in it (0 where there is none). ``tools/build_climate_grid.py`` reads
the same file.

Until round 8 the grid was read back from ETOPO1's colour relief (``etopo1.jpg``) through a few
colour anchors, which mistook lake and shore tints for mountains: Chicago stood at 544 m with
2,592 m of relief round it, the Great Salt Lake at 2,688 m, so every road near a coast or a lake
counted as fully mountainous (longer, and twice as slow).

Layout (zlib): ``b"MAPSNB-TERRAIN-1\\n"`` + rows, cols (uint32 big-endian) + uint8 cells, rows
from 90°N southwards, columns from 180°W eastwards.
"""

from __future__ import annotations

import importlib.util
import zlib
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
TERRAIN_MAGIC = b"MAPSNB-TERRAIN-1\n"
CELLS_PER_DEGREE, UNIT_M = 5, 32


def _altitude() -> np.ndarray:
    import h5py

    spec = importlib.util.find_spec("pvlib")
    if spec is None or spec.origin is None:
        raise SystemExit("pip install 'mapsnb[climate]' first (pvlib)")
    with h5py.File(str(Path(spec.origin).parent / "data" / "Altitude.h5"), "r") as fh:
        return np.asarray(fh["Altitude"][:])  # 2160 x 4320, 1/12°, 255 = no data (sea)


def heights() -> np.ndarray:
    """Mean land height (m) per 0.2° cell, 0 where the cell holds no land."""
    alt = _altitude()
    rows, cols = alt.shape
    metres = np.where(alt == 255, np.nan, alt.astype(np.float64) * 28.0 - 450.0)
    per = rows / 180.0  # source cells per degree (12)
    ri = ((np.arange(rows) + 0.5) / per * CELLS_PER_DEGREE).astype(int)
    ci = ((np.arange(cols) + 0.5) / per * CELLS_PER_DEGREE).astype(int)
    out_rows, out_cols = 180 * CELLS_PER_DEGREE, 360 * CELLS_PER_DEGREE
    total = np.zeros((out_rows, out_cols))
    count = np.zeros((out_rows, out_cols))
    land = np.isfinite(metres)
    r, c = np.nonzero(land)
    np.add.at(total, (ri[r], ci[c]), metres[r, c])
    np.add.at(count, (ri[r], ci[c]), 1)
    return np.where(count > 0, np.maximum(total, 0) / np.maximum(count, 1), 0.0)


def main() -> None:
    grid = np.clip(np.round(heights() / UNIT_M), 0, 255).astype(np.uint8)
    rows, cols = grid.shape
    out = DATA / "terrain.bin"
    body = rows.to_bytes(4, "big") + cols.to_bytes(4, "big") + grid.tobytes()
    out.write_bytes(TERRAIN_MAGIC + zlib.compress(body, 9))
    print(f"{out}: {rows} x {cols} cells, {out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
