"""Water GSHHG and OSM agree on along every shore (``tools/build_shore_finer.py``, issue 40,
water round 15): the coarse layers' land within two 1/240° cells of their water gets 1/720°
water where both shorelines have it. Phuket–Krabi's road crossed the head of a mangrove inlet
of Phang Nga Bay both have as water, the coarse layers as land (no town of 50,000 within 13 km,
so no 1/720° layer there before). The builder's rules are checked with stand-in shores (no
``roaring-landmask``, no network); the shipped data at points both sources have as water.
"""

from __future__ import annotations

import numpy as np
import pytest

from mapsnb_sandbox.earth.crossings import plan
from mapsnb_sandbox.earth.water import is_land
from tools.build_shore_finer import COLS, STEP, agreed_bits, shore_band

SHORE_LAT, SHORE_LNG = 56.70, 10.12


class _Land:
    """A stand-in ``roaring-landmask``: land south of ``lat`` (GSHHG) or west of ``lng`` (OSM)."""

    def __init__(self, lat: float | None = None, lng: float | None = None) -> None:
        self.lat, self.lng = lat, lng

    def contains_many(self, lng: np.ndarray, lat: np.ndarray) -> np.ndarray:
        if self.lat is not None:
            return np.asarray(lat) < self.lat
        return np.asarray(lng) < float(self.lng or 0.0)


def test_a_sub_cell_is_water_only_where_both_shorelines_have_water() -> None:
    # the 1/240° cell whose middle sub-cell row and column the two stand-in shores cut
    row, col = int((90.0 - SHORE_LAT) * STEP), int((SHORE_LNG + 180.0) * STEP)
    key = np.array([row * COLS + col], dtype=np.int64)
    lat_mid = 90.0 - (row + 0.5) / STEP + 1e-9  # the middle sub-row is land
    lng_mid = (col + 0.5) / STEP - 180.0 + 1e-9
    bits = agreed_bits(key, [_Land(lat=lat_mid), _Land(lng=lng_mid)])
    # water: sub-rows 0 (north of the GSHHG stand-in's shore) and sub-cols 2 (east of OSM's)
    assert int(bits[0]) == 1 << 2
    assert int(agreed_bits(key, [_Land(lat=lat_mid)])[0]) == 0b111


def test_the_band_is_the_land_within_its_width_of_water() -> None:
    wet = np.zeros((9, 12), dtype=bool)
    wet[4, 5] = True
    band = shore_band(wet, width=2)
    assert not band[4, 5]  # water itself
    assert band[2, 3] and band[6, 7] and band[4, 7]  # two cells away, diagonals included
    assert not band[4, 8] and not band[1, 5]  # three cells away
    wrap = np.zeros((9, 12), dtype=bool)
    wrap[4, 0] = True
    assert shore_band(wrap, width=1)[4, 11]  # columns wrap round the antimeridian


@pytest.mark.parametrize(
    "point",
    [
        (8.3458, 98.4785),  # the mangrove inlet's head Phuket–Krabi's road crossed
        (30.8600, 32.3165),  # the Suez Canal at El Qantara
    ],
)
def test_water_both_shorelines_agree_on_is_water(point: tuple[float, float]) -> None:
    assert not is_land(*point)


def test_ismailia_to_el_qantara_sharq_on_foot_takes_the_ferry() -> None:
    """With the canal as water, the ferry's west end sits on a strip between the canal and the
    water north-west of it; the walk's way to it (31 km) clipped the strip's wet margin and was
    refused, so the walk had no route. Its end is now approached from a dry point nearby."""
    for mode in ("WALK", "BICYCLE"):
        steps = plan(((30.5960, 32.2720), (30.8600, 32.3300)), mode)
        assert steps is not None, mode
        assert [s.link.name for s in steps if s.link is not None] == ["El Qantara canal ferry"]
