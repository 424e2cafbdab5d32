"""``tools/build_finer_mask.py --small-towns`` (water round 10, tried and dropped): in small
towns' windows OSM's water counts only within ``NEAR_GSHHG_M`` of GSHHG's, which keeps OSM's
straight-edged holes in built land (Simon's Town's, 750-950 m from GSHHG's water) out of the
layer. A stand-in shore (no ``roaring-landmask``, no network): GSHHG water north of 56.70° N.
"""

from __future__ import annotations

import numpy as np

from tools.build_finer_mask import NEAR_GSHHG_M, STEP, SUB, _near_gshhg_water, _near_shore_bits

SHORE = 56.70


class _NorthIsSea:
    """GSHHG's ``contains_many`` (land) for a shore along :data:`SHORE` (sea to the north)."""

    def contains_many(self, lng: np.ndarray, lat: np.ndarray) -> np.ndarray:
        return np.asarray(lat) < SHORE


def test_osm_water_counts_only_near_gshhg_water() -> None:
    metres = np.array([50.0, 250.0, NEAR_GSHHG_M - 40.0, NEAR_GSHHG_M + 100.0, 900.0])
    lat = SHORE - metres / 111_320
    near = _near_gshhg_water(lat, np.full(len(lat), 10.12), _NorthIsSea())
    assert near.tolist() == [True, True, True, False, False]


def test_water_sub_cells_far_from_gshhg_water_are_dropped() -> None:
    row_on_shore = int((90.0 - SHORE) * STEP)  # the 1/240° row just south of the shore
    far_row = row_on_shore + 8  # about 3.7 km south
    cols = int((10.12 + 180.0) * STEP)
    keys = np.array([row_on_shore * 86_400 + cols, far_row * 86_400 + cols], dtype=np.int64)
    every = np.array([(1 << SUB * SUB) - 1] * 2, dtype=np.uint16)
    kept = _near_shore_bits(keys, every, _NorthIsSea())
    assert kept[0] == every[0]  # all nine sub-cells within 460 m of the sea
    assert kept[1] == 0  # OSM-only water 3.7 km inland: a hole, left out
