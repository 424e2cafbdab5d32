"""Land or water at 0.1° (about 11 km): a small copy of ``global-land-mask``'s 1 km grid.

Importing ``global_land_mask.globe`` inflates its whole 21600 x 43200 GEBCO mask (about 1 GB of
memory, seconds of work) in every process. The emulator only asks "could anything grow here?"
and "is this open water?", so the first use streams the package's compressed mask once, keeps
the centre of every 0.1° cell (1800 x 3600 bytes) and caches that, zlib-compressed, next to the
town index; later processes read the small copy.
"""

from __future__ import annotations

import functools
import importlib.util
import zipfile
import zlib
from pathlib import Path

from ._geodata import cache_dir

__all__ = ["is_land", "near_land"]

_PER_DEGREE = 10  # cells per degree of the small copy
_FULL_PER_DEGREE = 120  # cells per degree of global-land-mask's grid
_STEP = _FULL_PER_DEGREE // _PER_DEGREE
_ROWS, _COLS = 180 * _PER_DEGREE, 360 * _PER_DEGREE
_FULL_COLS = 360 * _FULL_PER_DEGREE
_NPY_HEADER = 128  # bytes before the data of the package's mask.npy (format 1.0)
_CACHE_NAME = f"landmask-{_PER_DEGREE}-per-degree-v1.zlib"


def _package_mask() -> Path:
    spec = importlib.util.find_spec("global_land_mask")
    if spec is None or spec.origin is None:
        raise RuntimeError("global-land-mask is not installed (pip install global-land-mask)")
    return Path(spec.origin).parent / "globe_combined_mask_compressed.npz"


def _downsample() -> bytes:
    """Stream the 1 km ocean mask (row 0 is 90°N, column 0 is 180°W), keep each cell's centre."""
    rows = bytearray()
    with zipfile.ZipFile(_package_mask()) as z, z.open("mask.npy") as fh:
        header = fh.read(_NPY_HEADER)
        if b"'shape': (21600, 43200)" not in header or b"|b1" not in header:
            raise RuntimeError("unexpected global-land-mask data layout")
        for i in range(_ROWS * _STEP):
            row = fh.read(_FULL_COLS)
            if i % _STEP == _STEP // 2:
                rows += row[_STEP // 2 :: _STEP]
    if len(rows) != _ROWS * _COLS:
        raise RuntimeError("truncated global-land-mask data")
    return bytes(rows)


@functools.cache
def _mask() -> bytes:
    path = cache_dir() / _CACHE_NAME
    try:
        data = zlib.decompress(path.read_bytes())
        if len(data) == _ROWS * _COLS:
            return data
    except (OSError, zlib.error):
        pass
    data = _downsample()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(zlib.compress(data, 9))
        tmp.replace(path)
    except OSError:
        pass  # a read-only cache: keep the copy in memory only
    return data


def is_land(lat: float, lng: float) -> bool:
    """Whether the 0.1° cell around ``(lat, lng)`` is land (GEBCO, via global-land-mask)."""
    row = min(_ROWS - 1, max(0, int((90.0 - lat) * _PER_DEGREE)))
    col = int((lng + 180.0) * _PER_DEGREE) % _COLS
    return _mask()[row * _COLS + col] == 0  # the package's mask marks the ocean


def near_land(lat: float, lng: float) -> bool:
    """Whether land lies within about one cell (11 km) of ``(lat, lng)``: coasts count."""
    step = 1.0 / _PER_DEGREE
    return any(
        is_land(max(-90.0, min(90.0, lat + dy * step)), lng + dx * step)
        for dy in (0, -1, 1)
        for dx in (0, -1, 1)
    )
