"""Islands over namesakes elsewhere (issue 40, round 22, h-islands22; ``bench_islands.py``).

"hotels on Santiago" listed hotels in Santiago de Chile, 7,348 km from the island of Cape
Verde; "São Miguel" answered São Paulo's district of 81,000 (MEDIUM) over the Azores' island of
108,000; "New Britain" answered Connecticut's town, MEDIUM, though Papua New Guinea's island
holds three fourths its people; "hotels in Palmerston" listed Darwin's suburb for a name a Cook
Islands atoll bears too. Now an island's preposition ("on", "auf", "op", "på", "na") before
the name is evidence for the island; a bare town with an island namesake elsewhere of a tenth
its people or more is unsure (LOW), and a search in a LOW town with an island namesake lists
nothing. Lagos's district "Victoria Island", whose own name says "Island", kept its searches
(``bench_districts.py``); since round 23 only with "Lagos" (``test_islands_round23.py``).

Truth: each island's extent from its English Wikipedia article and map (a box, typed here),
never the emulator's tables; Lagos's Victoria Island at its article's point.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: (south, west, north, east) of each island.
SANTIAGO_CV = (14.85, -23.85, 15.40, -23.40)
SAO_MIGUEL = (37.65, -25.90, 37.95, -25.10)
NEW_BRITAIN = (-6.50, 148.30, -4.00, 152.50)


def _inside(lat: float, lng: float, box: tuple[float, float, float, float]) -> bool:
    s, w, n, e = box
    return s <= lat <= n and w <= lng <= e


@pytest.mark.parametrize(
    ("query", "box"),
    [
        ("hotels on Santiago", SANTIAGO_CV),
        ("Hotels auf Santiago", SANTIAGO_CV),
        ("hotell på São Miguel", SAO_MIGUEL),
        ("hotels op New Britain", NEW_BRITAIN),
        ("hotele na New Britain", NEW_BRITAIN),
    ],
)
def test_island_preposition_names_the_island(query: str, box: tuple[float, ...]) -> None:
    places = search_places({"text_query": query}, CTX)["places"]
    assert places, query
    assert all(_inside(p["location"]["latitude"], p["location"]["longitude"], box) for p in places)


@pytest.mark.parametrize(
    "query",
    [
        "hotels on Palmerston",
        "hotels on Starbuck",
        "hotels in Palmerston",
        "hotels in Starbuck",
    ],
)
def test_no_confident_namesake_for_an_island_of_no_town(query: str) -> None:
    """Islands with no town listed nothing, a town elsewhere is no answer to them."""
    assert search_places({"text_query": query}, CTX)["places"] == []


def test_sao_miguel_is_the_azores_island() -> None:
    r = resolve("São Miguel").place
    assert r is not None and _inside(r.lat, r.lng, SAO_MIGUEL)


def test_new_britain_is_no_confident_answer_abroad() -> None:
    r = resolve("New Britain").place
    assert r is not None
    assert _inside(r.lat, r.lng, NEW_BRITAIN) or r.confidence == "LOW"


def test_victoria_island_on_is_canadas_in_is_lagos() -> None:
    """ "hotels on Victoria Island" is Canada's island of no town (nothing listed); Lagos's
    district (6.4281, 3.4219, its Wikipedia article) keeps "coffee in Victoria Island, Lagos".
    Round 23 (h-islands23): bare, "coffee in Victoria Island" lists nothing, as "hotels in
    Palmerston" does: the name is Canada's island's too, whatever the district's own name says
    (``test_islands_round23.py``)."""
    assert search_places({"text_query": "hotels on Victoria Island"}, CTX)["places"] == []
    places = search_places({"text_query": "coffee in Victoria Island, Lagos"}, CTX)["places"]
    assert places
    loc = places[0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], 6.4281, 3.4219) < 10_000


def test_the_preposition_overrides_a_foreign_namesake_only() -> None:
    """ "hotels on Santiago" is Cape Verde's island, not Chile's capital; "hotels on Greenland",
    "hotels on Iceland": the country is on the island, and stays."""
    places = search_places({"text_query": "hotels on Santiago"}, CTX)["places"]
    assert places
    assert all(
        _inside(p["location"]["latitude"], p["location"]["longitude"], SANTIAGO_CV) for p in places
    )
    for text in ("hotels on Greenland", "hotels on Iceland"):
        assert search_places({"text_query": text}, CTX)["places"], text
