"""Regions named with their region word, in the grammar of each language (issue 40, h-regions21):
a region whose name is an adjective before its word, in the case the preposition governs
("w województwie opolskim", "в Новосибирской области", "в Одеській області", "v Plzeňském
kraji") was not read at all; a worded region under a million people ("the state of Vermont",
"Pardubický kraj") answered LOW, so its search listed nothing; a second-level province or
department named with its word or its article ("provincia de Granada", "département de la
Gironde", "dans le Var") found nothing or a town abroad. Truth: the regions' seats and middles, from their Wikipedia articles (none of these
phrasings is in ``tests/data/region_word_searches.csv``)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve

NOW = "2026-09-18T15:00:00+00:00"


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now=NOW)


@pytest.mark.parametrize(
    ("lang", "query", "seat", "km"),
    [
        ("pl", "apteki w województwie opolskim", (50.6751, 17.9213), 90),  # Opole
        ("pl", "restauracje w województwie lubelskim", (51.2465, 22.5684), 150),  # Lublin
        ("ru", "аптеки в Новосибирской области", (55.0084, 82.9357), 300),  # Novosibirsk
        ("ru", "рестораны в Ставропольском крае", (45.0428, 41.9734), 250),  # Stavropol
        ("uk", "аптеки в Одеській області", (46.4825, 30.7233), 250),  # Odesa
        ("cs", "restaurace v Plzeňském kraji", (49.7475, 13.3776), 80),  # Plzeň
        ("en", "pharmacies in the state of Vermont", (44.0, -72.7), 200),
        ("es", "restaurantes en la provincia de Granada", (37.1773, -3.5986), 80),
        ("fr", "pharmacies dans le département de la Gironde", (44.8378, -0.5792), 120),
        ("fr", "hôtels dans le Var", (43.46, 6.22), 70),  # its middle; "Var" is also Iran's
        ("fr", "restaurants dans l'Ain", (46.07, 5.35), 70),  # its middle
    ],
)
def test_a_search_in_a_worded_region_lists_its_places(
    box: Sandbox, lang: str, query: str, seat: tuple[float, float], km: float
) -> None:
    out = box.call_tool("search_places", {"text_query": query, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    loc = places[0]["location"]
    off = haversine_m(loc["latitude"], loc["longitude"], *seat) / 1000
    assert off < km, (query, round(off))


@pytest.mark.parametrize(
    ("text", "seat", "km"),
    [
        ("Pardubický kraj", (49.95, 16.0), 80),  # the region's middle, under a million people
        ("Московская область", (55.75, 37.62), 200),  # Moscow Oblast round Moscow
        ("województwo świętokrzyskie", (50.8661, 20.6286), 90),  # Kielce
    ],
)
def test_a_worded_region_is_sure(text: str, seat: tuple[float, float], km: float) -> None:
    found = resolve(text)
    assert found.place is not None and found.place.confidence == "MEDIUM", found
    off = haversine_m(found.place.lat, found.place.lng, *seat) / 1000
    assert off < km, (found.place.name, round(off))
