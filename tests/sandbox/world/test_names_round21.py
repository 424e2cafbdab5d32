"""Names round 21 (issue 40): classes the sixth holdout (UN/LOCODE, ``names_holdout5.csv``) showed.

- An old or other name of one town travelled to its namesakes in a country where that name is
  itself towns' own name: "Milford, NY" was Newark, New York (MEDIUM, 184 km off) because
  "Milford" is an old name of Newark, New Jersey; Milford is a name of many US towns.
- A comma part naming nothing known, beside a country that holds, was ignored: "Olszanka,
  Mazowieckie, Poland" was the Olszanka of Opole (MEDIUM, 390 km off the Masovian one), "Whakatu,
  Hawkes's Bay, New Zealand" was Nelson (Whakatū, MEDIUM, 357 km off); without the country both
  were LOW already.

Truth: UN/LOCODE's points (Milford NY 42.58, -74.93; Olszanka PL-14 52.15, 22.67; Whakatu NZ-HKB
-39.6, 176.88), and Wikipedia's for the guards.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve


def _far_and_sure(text: str, lat: float, lng: float) -> bool:
    p = resolve(text).place
    if p is None or p.confidence == "LOW":
        return False
    return haversine_m(p.lat, p.lng, lat, lng) >= 50_000


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Milford, NY", 42.58, -74.93),
        ("Milford, New York", 42.58, -74.93),
        ("Olszanka, Mazowieckie, Poland", 52.15, 22.67),
        ("Whakatu, Hawkes's Bay, New Zealand", -39.6, 176.88),
    ],
)
def test_no_sure_answer_far_off(text: str, lat: float, lng: float) -> None:
    assert not _far_and_sure(text, lat, lng)


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Париж, Техас", 33.66, -95.56),  # a name in another script still travels
        ("Milford, CT", 41.22, -73.06),
        ("Paris, France", 48.86, 2.35),
        ("Springfield, Sangamon County, USA", 39.80, -89.64),
    ],
)
def test_guards_stay_sure_and_right(text: str, lat: float, lng: float) -> None:
    p = resolve(text).place
    assert p is not None and p.confidence in ("MEDIUM", "HIGH"), text
    assert haversine_m(p.lat, p.lng, lat, lng) < 50_000
