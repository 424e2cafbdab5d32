"""Round 28 (h-col28): misplaced GeoNames points, country names a town shares, unknown trailing
qualifiers, and a country's local names of its towns.

*Misplaced points*: towns whose GeoNames point lies outside their own municipality take the
point of Who's On First (``data/town_points.tsv``, ``tools/build_town_points.py``); the
coordinates below are the towns' Wikipedia ones (municipal seats), not read by the emulator.
*"Columbia"* (Colombia in Romanian, and a common misspelling) is also Columbia, SC: a
department before it must still hold ("Ipiales, Antioquia, Columbia" is no Ipiales of Nariño).
*An unknown trailing part* leaves a town unconfirmed (LOW), not ignored. *A country's own local
name* of a town ("Ciudad Ocampo", Mexico's for an Ocampo of Tamaulipas) does not travel to the
town's namesakes abroad. Towns of no corpus or holdout row.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.index.town_build import TOWN_POINTS
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("query", "lat", "lng"),
    [
        ("Kalima, Congo-Kinshasa", -2.567, 26.617),  # GeoNames: 370 km off (Natural Earth's)
        ("Villanueva, Casanare", 4.6111, -72.9289),  # GeoNames: 130 km off
        ("El Dorado, Meta", 3.7333, -73.8333),  # GeoNames: 151 km off
        ("Granada, Cundinamarca", 4.5186, -74.3511),  # GeoNames: 65 km off
    ],
)
def test_misplaced_point_takes_second_source(query: str, lat: float, lng: float) -> None:
    place = resolve(query).place
    assert place is not None
    assert haversine_m(place.lat, place.lng, lat, lng) < 30_000


def test_point_table_states_its_rule() -> None:
    """Guard: each row names its WOF record, a rule of the builder, and a move of 30 km+."""
    rows = [ln.split("\t") for ln in TOWN_POINTS.read_text(encoding="utf-8").splitlines()[1:]]
    assert len(rows) >= 20
    assert all(r[6] in ("region", "country") and int(r[5]) > 0 for r in rows)
    assert all(float(r[7]) >= (50 if r[6] == "country" else 10) for r in rows)


def test_region_before_a_country_a_town_shares_holds() -> None:
    assert resolve("Ipiales, Antioquia, Columbia").place is None  # Ipiales is in Nariño
    place = resolve("Ipiales, Nariño, Kolumbia").place  # guard: the right department still reads
    assert place is not None and place.country_code == "CO"


def test_unknown_trailing_part_lowers_confidence() -> None:
    place = resolve("Ipiales, Nariño, Qwertyland").place
    assert place is not None and place.confidence == "LOW"


@pytest.mark.parametrize(
    "query",
    ["Ciudad Ocampo, Philippines", "Buenos Aires Texalpan, Honduras", "Corvado, Puerto Rico"],
)
def test_local_name_does_not_travel_abroad(query: str) -> None:
    assert resolve(query).place is None
