"""How high and how hilly the ground is: heights on a 0.2° grid.

``data/terrain.bin`` is built by ``tools/build_terrain.py`` from ``pvlib``'s ``Altitude.h5`` (a
1/12° DEM from Mapzen's terrain tiles, BSD-3-Clause): the mean land height of each cell in units
of 32 m. The road model reads the *relief* along a line from it: mountain roads wind (longer than
the straight line suggests) and are slow (Lima to Cusco is about 1,100 km and 20 h by road for
570 km as the crow flies).
"""

from __future__ import annotations

import itertools
import math
import threading
import zlib
from collections.abc import Sequence
from pathlib import Path

from mapsnb.polyline import haversine_m

__all__ = ["TERRAIN", "climb_m", "elevation_m", "hilliness", "relief_m", "ruggedness"]

TERRAIN = Path(__file__).resolve().parents[1] / "data" / "terrain.bin"
_MAGIC = b"MAPSNB-TERRAIN-1\n"
_STEP = 5  # cells per degree
_UNIT_M = 32
_LOCK = threading.Lock()
_GRID: tuple[int, int, bytes] | None = None
#: Samples along a line are this far apart when adding up its climb.
CLIMB_STEP_M = 8000.0


def _grid() -> tuple[int, int, bytes]:
    global _GRID
    if _GRID is None:
        with _LOCK:
            if _GRID is None:
                data = TERRAIN.read_bytes()
                if not data.startswith(_MAGIC):
                    raise ValueError(f"{TERRAIN} is not a terrain file")
                body = zlib.decompress(data[len(_MAGIC) :])
                rows, cols = int.from_bytes(body[:4], "big"), int.from_bytes(body[4:8], "big")
                _GRID = (rows, cols, body[8:])
    return _GRID


def elevation_m(lat: float, lng: float) -> float:
    """Estimated ground height (metres) of the 0.2° cell holding the point; 0 at sea."""
    rows, cols, cells = _grid()
    i = min(rows - 1, max(0, int((90.0 - lat) * _STEP)))
    j = min(cols - 1, max(0, int(((lng + 180.0) % 360.0) * _STEP)))
    return float(cells[i * cols + j] * _UNIT_M)


def climb_m(path: Sequence[tuple[float, float]]) -> float:
    """Metres up and down (summed) along ``path``, sampled every :data:`CLIMB_STEP_M`."""
    total, last = 0.0, None
    for a, b in itertools.pairwise(path):
        n = max(1, math.ceil(haversine_m(a[0], a[1], b[0], b[1]) / CLIMB_STEP_M))
        dlng = (b[1] - a[1] + 540) % 360 - 180
        for k in range(n + 1):
            t = k / n
            h = elevation_m(a[0] + (b[0] - a[0]) * t, (a[1] + dlng * t + 540) % 360 - 180)
            if last is not None:
                total += abs(h - last)
            last = h
    return total


def hilliness(path: Sequence[tuple[float, float]]) -> float:
    """Climb per kilometre along ``path`` (metres per km; 0 on a plain, 20+ in the Andes)."""
    km = sum(haversine_m(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(path)) / 1000
    return climb_m(path) / km if km > 0.5 else 0.0


def relief_m(lat: float, lng: float) -> float:
    """Highest minus lowest cell in the 0.6° square round the point (metres)."""
    hs = [elevation_m(lat + dy * 0.2, lng + dx * 0.2) for dy in (-1, 0, 1) for dx in (-1, 0, 1)]
    return max(hs) - min(hs)


#: Mean relief at which a road starts to wind, and the relief at which it is fully mountainous.
RELIEF_FLAT_M, RELIEF_SPAN_M = 300.0, 900.0


def ruggedness(path: Sequence[tuple[float, float]], samples: int = 24) -> float:
    """0 on a plain .. 1 in high mountains: the mean :func:`relief_m` along ``path``'s straight
    ends, scaled between :data:`RELIEF_FLAT_M` and ``RELIEF_FLAT_M + RELIEF_SPAN_M``."""
    a, b = path[0], path[-1]
    dlng = (b[1] - a[1] + 540) % 360 - 180
    total = 0.0
    for k in range(samples + 1):
        t = k / samples
        total += relief_m(a[0] + (b[0] - a[0]) * t, (a[1] + dlng * t + 540) % 360 - 180)
    mean = total / (samples + 1)
    return min(1.0, max(0.0, (mean - RELIEF_FLAT_M) / RELIEF_SPAN_M))
