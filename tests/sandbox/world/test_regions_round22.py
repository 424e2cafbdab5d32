"""Provinces and namesake regions named in searches and ``resolve_names`` (issue 40, round 22):
Spain's provinces under their other official names ("Gipuzkoa"/"Guipúzcoa", "Lérida", "Orense",
"La Coruña", "Araba", "Vizcaya") found nothing; "provincia de Toledo" was Belize's Toledo
District; Italian "provincia" was read as a public office ("hotel in provincia di Savona"
listed nothing, "…di Livorno" public offices); a Spanish asker's "provincia de Córdoba" is Spain's,
not Argentina's; a region word that names the type of one namesake's regions did not decide ("the state of Montana": LOW for Bulgaria's Montana,
"Punjab province"); a three-letter region with its word was taken for a code ("the prefecture
of Mie"). Truth: the seats' and regions' coordinates from their Wikipedia articles (none of
these phrasings is in ``tests/data/region_word_searches.csv`` or ``region_corpus.csv``)."""

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
        ("es", "hoteles en la provincia de Toledo", (39.8628, -4.0273), 100),  # Toledo
        ("es", "restaurantes en la provincia de Gipuzkoa", (43.3183, -1.9812), 60),  # Donostia
        ("es", "farmacias en la provincia de Orense", (42.3364, -7.8633), 80),  # Ourense
        ("es", "hoteles en la provincia de Lérida", (41.6176, 0.6200), 130),  # Lleida
        ("es", "hoteles en la provincia de La Coruña", (43.3623, -8.4115), 90),  # A Coruña
        ("es", "hoteles en la provincia de Araba", (42.8467, -2.6716), 50),  # Vitoria-Gasteiz
        ("es", "hoteles en Vizcaya", (43.2630, -2.9350), 40),  # Bilbao
        ("es", "restaurantes en la provincia de Córdoba", (37.8882, -4.7794), 80),  # Spain's
        ("it", "hotel in provincia di Savona", (44.3091, 8.4772), 50),  # Savona
        ("it", "ristoranti in provincia di Forlì-Cesena", (44.2227, 12.0407), 60),  # Forlì
        ("nl", "hotels in de provincie Luik", (50.6326, 5.5797), 60),  # Liège
        ("en", "hotels in the state of Montana", (47.05, -109.63), 450),  # its middle
        ("en", "hotels in the prefecture of Mie", (34.7303, 136.5086), 90),  # Tsu
    ],
)
def test_a_search_in_a_named_province_lists_its_places(
    box: Sandbox, lang: str, query: str, seat: tuple[float, float], km: float
) -> None:
    out = box.call_tool("search_places", {"text_query": query, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    loc = places[0]["location"]
    off = haversine_m(loc["latitude"], loc["longitude"], *seat) / 1000
    assert off < km, (query, round(off))


def test_provincia_is_the_place_word_not_an_office(box: Sandbox) -> None:
    """ "ristoranti in provincia di Livorno" lists restaurants, not public offices."""
    out = box.call_tool(
        "search_places",
        {"text_query": "ristoranti in provincia di Livorno", "language_code": "it"},
    )
    places = out.get("places") or []
    assert places, out["summary"]
    assert "(ristoranti)" in out["summary"], out["summary"][:200]


@pytest.mark.parametrize(
    ("text", "point", "km"),
    [
        ("Punjab province", (31.17, 72.70), 250),  # Pakistan's
        ("Punjab state", (30.84, 75.42), 200),  # India's
        ("the state of Montana", (47.05, -109.63), 300),
        ("prefecture of Mie", (34.7303, 136.5086), 90),
        ("provincia de Toledo", (39.8628, -4.0273), 100),
    ],
)
def test_a_region_word_decides_between_namesakes(
    text: str, point: tuple[float, float], km: float
) -> None:
    found = resolve(text)
    assert found.place is not None and found.place.confidence == "MEDIUM", found
    off = haversine_m(found.place.lat, found.place.lng, *point) / 1000
    assert off < km, (found.place.name, round(off))


@pytest.mark.parametrize(
    ("text", "point", "km"),
    [
        ("Gipuzkoa", (43.15, -2.20), 60),
        ("Bizkaia", (43.2630, -2.9350), 50),
        ("Guipúzcoa", (43.15, -2.20), 60),
    ],
)
def test_a_province_named_alone_is_placed(text: str, point: tuple[float, float], km: float) -> None:
    found = resolve(text)
    assert found.place is not None, found
    off = haversine_m(found.place.lat, found.place.lng, *point) / 1000
    assert off < km, (found.place.name, round(off))
