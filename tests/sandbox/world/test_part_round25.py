"""Names round 25 (issue 40): a town read from only part of a longer typed name.

A compound name the index lacks was read by one of its parts and answered by a far town of that
part's name: "Angeles Oaks" (California) was Angeles City (Philippines), "Blumenhagen bei
Strasburg" (Mecklenburg) Strasbourg, "Mouth of Wilson" (Virginia) a Wilson 320 km away, "مدينه
غدامس القديمه" (Ghadames' old town) Medina, "Hotels in Puerto Leda" (Paraguay) listed places
around a Leda of Australia, "Rockville Centre" was Rockville, Maryland. Now a LOW town read in
only some words of a name whose other words hold a proper word it does not account for is a
guess when those words are another of its names that another town bears as its own, or its own
name that namesakes share (counted in the text's countries, else where the languages of its
connectors are official): no place (``names.compounds.stray_part``; connectors from libpostal,
``data/name_connectors.txt``). Arabic "مدينة" ("city") is a generic word, never the town Medina
inside a longer name; a compound head opening the words before a town ("Puerto Leda") is no
port of that town; a town's own name holding a word for a centre stays whole ("Rockville
Centre"); a near spelling whose other word is another town's name ("Putnam Heights": Putra
Heights) and a landmark's near spelling beside "Island" more than a letter off are no answer.

Inputs: UN/LOCODE towns no corpus holds, with UN/LOCODE's own points as truth (geoapify/un-locode
2d18b09), asked in other languages; GeoNames' points for Ghadames and Sabratha. Guards: readings
that stay (a town after "bei" that no namesake rivals, a German noun before Berlin, a port "de"
its town, a one-letter typo of a landmark, a qualifier, a compound the index has, a district).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 12, 7, 15, 0, tzinfo=UTC))

#: Text, the truth's point (UN/LOCODE's; GeoNames' for the two Libyan old towns).
FAR_PARTS = [
    ("Blumenhagen bei Strasburg", 52.5333, 13.8833),  # de: Strasbourg's German name
    ("Angeles Oaks", 34.1333, -116.9667),  # en: Angeles City's other name
    ("Mouth of Wilson, Stany Zjednoczone", 36.5833, -81.3333),  # pl: a Wilson of many
    ("Abbadia a Isola, Italia", 43.3833, 11.2),  # it: an Isola of many
    ("Badia a Settimo", 43.7833, 11.15),  # it
    ("Englewood Yard, США", 29.7833, -95.3),  # uk: an Englewood of many
    ("مدينه غدامس القديمه", 30.1337, 9.5007),  # ar: Ghadames' old town, no Medina
    ("مدينه صبراته القديمه", 32.7933, 12.4885),  # ar: Sabratha's
    ("Putnam Heights", 41.8667, -71.9),  # en: no Putra Heights of Malaysia
]

#: A search, its language, the truth's point.
FAR_SEARCHES = [
    ("Covington Township में होटल", "hi", 41.3, -75.4667),
    ("hoteles en Puerto Siles", "es", -12.8, -65.0833),
    ("hotel em Puerto Guarani", "pt", -21.3, -57.9167),
    ("Hotels in Puerto Leda", "de", -20.7167, -57.9833),
    ("khách sạn ở Putnam Heights", "vi", 41.8667, -71.9),
]


def _km(lat: float, lng: float, lat2: float, lng2: float) -> float:
    return haversine_m(lat, lng, lat2, lng2) / 1000


@pytest.mark.parametrize(("text", "lat", "lng"), FAR_PARTS)
def test_a_part_of_a_longer_name_is_no_far_town(text: str, lat: float, lng: float) -> None:
    p = resolve(text).place
    assert p is None or _km(p.lat, p.lng, lat, lng) < 50, (text, p)


@pytest.mark.parametrize(("query", "lang", "lat", "lng"), FAR_SEARCHES)
def test_a_search_lists_nothing_far(query: str, lang: str, lat: float, lng: float) -> None:
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    for place in out["places"]:
        loc = place["location"]
        assert _km(loc["latitude"], loc["longitude"], lat, lng) < 50, (query, place)


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [("Rockville Centre", 40.65, -73.65), ("San Carlos Centro", -31.7333, -61.1)],
)
def test_an_own_name_with_a_centre_word_stays_whole(text: str, lat: float, lng: float) -> None:
    """Not Rockville, Maryland, nor a San Carlos 4,700 km away: the index's own town."""
    p = resolve(text).place
    assert p is not None and _km(p.lat, p.lng, lat, lng) < 50, (text, p)
    out = search_places({"text_query": f"apotek i {text}", "language_code": "sv"}, CTX)
    assert out["places"], out["summary"]
    loc = out["places"][0]["location"]
    assert _km(loc["latitude"], loc["longitude"], lat, lng) < 50


def test_a_landmark_beside_island_is_not_spelt_two_letters_off() -> None:
    from mapsnb_sandbox.world.landmarks import near_spelling_ok

    assert not near_spelling_ok("gee island", "goree island")
    assert near_spelling_ok("roben island", "robben island")


def test_connectors_and_their_countries() -> None:
    """libpostal's stopwords, by language; a connector's countries are where its language is
    official (CLDR): German's "bei" is no Danish connector."""
    from mapsnb_sandbox.world.names.compounds import connector_countries, connectors

    assert {"de", "los", "en", "aux", "bei", "di"} <= connectors()
    assert {"salado", "ceiba", "rio", "nossa"}.isdisjoint(connectors())
    assert {"DE", "AT", "CH"} <= connector_countries(["bei"])
    assert "DK" not in connector_countries(["bei"])
    assert connector_countries(["salado"]) == frozenset()


def test_namesakes_of_the_read_town_make_it_a_guess() -> None:
    """Three Englewoods of the US: "Englewood Yard" is none surely; Jena is Germany's one Jena,
    so "Bibra bei Jena" stays Jena's."""
    from mapsnb_sandbox.world.geocode import resolve_text_match
    from mapsnb_sandbox.world.names.compounds import stray_part

    hit = resolve_text_match("Englewood Yard")
    assert hit is not None and stray_part("Englewood Yard", *hit)
    hit = resolve_text_match("Bibra bei Jena")
    assert hit is not None and not stray_part("Bibra bei Jena", *hit)


# --------------------------------------------------------------------------- guards
@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Bibra bei Jena", 50.8, 11.55),  # guard: "bei" names Germany's one Jena
        ("Postgebäude Berlin", 52.52, 13.405),  # guard: Berlin's US namesakes are villages
        ("Roben Island", -33.8067, 18.3664),  # guard: a one-letter typo of Robben Island
        ("Paris Texas", 33.6609, -95.5555),  # guard: a qualifier
        ("Mexico City", 19.4285, -99.1277),  # guard: the index's whole name
        ("Schwabing München", 48.1642, 11.5861),  # guard: a district before its city
    ],
)
def test_guard_readings_that_stay(text: str, lat: float, lng: float) -> None:
    p = resolve(text).place
    assert p is not None and _km(p.lat, p.lng, lat, lng) < 50, (text, p)


def test_guard_a_port_of_its_town() -> None:
    """Guard: "Puerto de Sagunto" is Sagunto's port, listed there."""
    out = search_places({"text_query": "farmacia en Puerto de Sagunto", "language_code": "es"}, CTX)
    assert out["places"], out["summary"]
    loc = out["places"][0]["location"]
    assert _km(loc["latitude"], loc["longitude"], 39.65, -0.2167) < 50
