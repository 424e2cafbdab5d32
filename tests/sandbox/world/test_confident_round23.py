"""Round 23 (h-confident23): no town 50+ km off the meant one answered or listed on weak evidence.

*A near spelling lacking two or more letters of a town's name is another place's name*
("Burnmouth" was Bournemouth): real US towns the index lacks, by USPS's town names (the
``zipcodes`` package), each a near spelling of a bigger indexed town two or more letters longer;
truth: Wikipedia's points. Right is NOT_FOUND or an answer within 50 km of the truth, as in the
names corpora; a search lists nothing 50+ km off.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

#: Town, its point (Wikipedia), and the indexed town it was read as before this round.
SHORT_SPELLINGS = [
    ("Portville", 42.0387, -78.3408),  # New York; was Porterville, California
    ("Willisburg", 37.8095, -85.1224),  # Kentucky; was Williamsburg
    ("Richards", 30.5394, -95.8447),  # Texas; was Richardson
    ("Glen Lyn", 37.3726, -80.8589),  # Virginia; was Glen Ellyn, Illinois
    ("Hensonville", 42.2804, -74.2157),  # New York; was Hendersonville
    ("Nicholville", 44.7012, -74.6610),  # New York; was Nicholasville, Kentucky
]

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _km(lat: float, lng: float, at: tuple[float, float]) -> float:
    return haversine_m(lat, lng, at[0], at[1]) / 1000


@pytest.mark.parametrize(("name", "lat", "lng"), SHORT_SPELLINGS)
def test_short_near_spelling_is_no_town_far_off(name: str, lat: float, lng: float) -> None:
    place = resolve(name).place
    assert place is None or _km(lat, lng, (place.lat, place.lng)) < 50


@pytest.mark.parametrize(("name", "lat", "lng"), [t for t in SHORT_SPELLINGS if t[0] != "Richards"])
def test_search_lists_nothing_far_off_a_short_near_spelling(
    name: str, lat: float, lng: float
) -> None:
    out = search_places({"text_query": f"pharmacy in {name}", "language_code": "en"}, CTX)
    far = [
        p["location"]
        for p in out["places"]
        if _km(lat, lng, (p["location"]["latitude"], p["location"]["longitude"])) >= 50
    ]
    assert far == []


@pytest.mark.parametrize(
    ("short", "typo"), [("Willisburg", "Wiliamsburg"), ("Hensonville", "Hendersonvlle")]
)
def test_two_letters_short_is_another_name_one_a_typo(short: str, typo: str) -> None:
    """A typo drops one letter: that town is still read (LOW); two dropped name another town."""
    place = resolve(typo).place
    assert place is not None and place.confidence == "LOW"
    assert resolve(short).place is None or resolve(short).place.name != place.name
