"""Regions by their own names land in the region named (found as a new user would,
2026-12-06): ISO 3166-2's names of a country's regions were paired with GeoNames' regions by
likeness of the names, and the last few of a country blindly, so "Niederösterreich" answered
Upper Austria, "Oberösterreich" Lower Austria, "Nordjylland" Central Jutland and "Hovedstaden"
North Denmark. Now a blind pair must agree with where Natural Earth's unit of that ISO code
lies (the emulator's towns inside it, ``tools/build_regions.py --admin1``). Truth: the
regions' seats, from their Wikipedia articles."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "seat", "km"),
    [
        ("Niederösterreich", (48.2047, 15.6256), 90),  # St. Pölten
        ("Oberösterreich", (48.3069, 14.2858), 90),  # Linz
        ("Nordjylland", (57.0488, 9.9217), 90),  # Aalborg
        ("Midtjylland", (56.4532, 9.4020), 90),  # Viborg
        ("Hovedstaden", (55.9296, 12.3008), 60),  # Hillerød
        ("Dornod", (48.0700, 114.5350), 250),  # Choibalsan
        ("Etelä-Savo", (61.6886, 27.2723), 120),  # Mikkeli
        ("Trenčiansky kraj", (48.8945, 18.0444), 60),  # Trenčín
    ],
)
def test_a_region_by_its_own_name_is_that_region(
    text: str, seat: tuple[float, float], km: float
) -> None:
    found = resolve(text)
    assert found.place is not None, found
    off = haversine_m(found.place.lat, found.place.lng, *seat) / 1000
    assert off < km, (found.place.name, round(off))
