"""An island's name that is also a bigger town's (issue 40, round 23, h-islands23).

"Boa Vista" answered Roraima's capital (MEDIUM), 5,000 km from Cape Verde's island of the name;
"restaurants in Santiago" listed Santiago de Chile, 7,300 km from Cape Verde's Santiago;
"restaurantes en Santa Maria" listed Rio Grande do Sul's town for the Azores' island; "cafés in
Victoria Island" listed Lagos's district for Canada's island. A bare name does not say which
it means: a town whose bare name an island elsewhere bears is now LOW whatever their sizes (as
a namesake town of like size or a region abroad makes it), and a search in it lists nothing
(``unsure_namesake``) unless the island's preposition ("on", "auf") or a qualifier says which.

Truth: each island's extent from its English Wikipedia article and map (a box, typed here), the
towns' points from theirs; never the emulator's tables.
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
BOA_VISTA_CV = (15.90, -23.05, 16.30, -22.60)
SANTIAGO_CV = (14.85, -23.85, 15.40, -23.40)
SANTA_MARIA_AZ = (36.85, -25.30, 37.10, -24.95)
VICTORIA_ISLAND_CA = (68.00, -120.00, 74.00, -100.00)
#: Towns of the same names (their Wikipedia articles' points).
SANTIAGO_CL = (-33.4489, -70.6693)
BOA_VISTA_BR = (2.8197, -60.6733)


def _inside(lat: float, lng: float, box: tuple[float, float, float, float]) -> bool:
    s, w, n, e = box
    return s <= lat <= n and w <= lng <= e


def test_a_bare_island_name_of_a_bigger_town_is_unsure() -> None:
    """ "Boa Vista": Roraima's capital (400,000) or Cape Verde's island: LOW, or the island."""
    r = resolve("Boa Vista").place
    assert r is None or r.confidence == "LOW" or _inside(r.lat, r.lng, BOA_VISTA_CV)


@pytest.mark.parametrize(
    ("query", "box"),
    [
        ("restaurants in Santiago", SANTIAGO_CV),
        ("farmacias en Santiago", SANTIAGO_CV),
        ("restaurantes en Santa Maria", SANTA_MARIA_AZ),
        ("cafés em Boa Vista", BOA_VISTA_CV),
        ("cafés in Victoria Island", VICTORIA_ISLAND_CA),
    ],
)
def test_a_search_in_a_bare_island_name_lists_no_town_elsewhere(
    query: str, box: tuple[float, float, float, float]
) -> None:
    """A search lists nothing (the name may be the island's), or places on the island."""
    places = search_places({"text_query": query}, CTX)["places"]
    assert all(
        _inside(p["location"]["latitude"], p["location"]["longitude"], box) for p in places
    ), (query, places[:1])


@pytest.mark.parametrize(
    ("query", "town"),
    [
        ("restaurants in Santiago, Chile", SANTIAGO_CL),
        ("cafés em Boa Vista, Roraima", BOA_VISTA_BR),
    ],
)
def test_a_qualified_town_keeps_its_search(query: str, town: tuple[float, float]) -> None:
    """The town's country or state says which: its places are listed, as before; and the bare
    name no longer lists them (the pair fails on main, whose bare name listed the town too)."""
    places = search_places({"text_query": query}, CTX)["places"]
    assert places, query
    loc = places[0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], *town) < 50_000, (query, loc)
    bare = query.partition(",")[0]
    assert search_places({"text_query": bare}, CTX)["places"] == [], bare
