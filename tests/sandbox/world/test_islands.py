"""Islands as places (issue 40, h-islands21).

"Mallorca", "Maui", "Isle of Skye", "Jeju Island", "済州島" were NOT_FOUND, "Rhodes" was Rhodes,
Sydney and "Elba" Elba, Alabama; "hotels in Mallorca" listed nothing. An island is now a place
(``data/islands.tsv``, ``world/names/islands.py``) at its biggest town; a town of its name on the
island keeps its name ("Ibiza"; "Isla de Ibiza" is the island).

Truth: each island's extent as its English Wikipedia article and map give it (a box, typed
here), never the emulator's table.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolved import resolve_geo_id
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: (south, west, north, east) of each island.
MALLORCA = (39.26, 2.30, 39.97, 3.48)
MENORCA = (39.80, 3.78, 40.10, 4.33)
GRAN_CANARIA = (27.73, -15.84, 28.19, -15.35)
LANZAROTE = (28.83, -13.88, 29.25, -13.41)
MAUI = (20.57, -156.70, 21.04, -155.97)
OAHU = (21.25, -158.29, 21.72, -157.64)
LOMBOK = (-9.00, 115.80, -8.20, 116.80)
SKYE = (56.93, -6.80, 57.71, -5.64)
VANCOUVER_ISLAND = (48.30, -128.50, 50.80, -123.20)
NEWFOUNDLAND = (46.60, -59.50, 51.70, -52.60)
JEJU = (33.10, 126.10, 33.60, 127.00)
VINEYARD = (41.30, -70.85, 41.49, -70.44)
RHODES = (35.88, 27.68, 36.47, 28.25)
ELBA = (42.71, 10.07, 42.89, 10.44)
TEXEL = (52.99, 4.70, 53.19, 4.91)
OLAND = (56.19, 16.38, 57.37, 17.15)
CORSICA = (41.33, 8.53, 43.03, 9.56)
GOTLAND = (56.90, 18.10, 57.95, 19.35)


def _inside(lat: float, lng: float, box: tuple[float, float, float, float]) -> bool:
    s, w, n, e = box
    return s <= lat <= n and w <= lng <= e


@pytest.mark.parametrize(
    ("text", "box"),
    [
        ("Mallorca", MALLORCA),
        ("Majorca", MALLORCA),
        ("Majorque", MALLORCA),
        ("Майорка", MALLORCA),
        ("Menorca", MENORCA),
        ("Gran Canaria", GRAN_CANARIA),
        ("Lanzarote", LANZAROTE),
        ("Maui", MAUI),
        ("Oahu", OAHU),
        ("Lombok", LOMBOK),
        ("Isle of Skye", SKYE),
        ("Vancouver Island", VANCOUVER_ISLAND),
        ("Newfoundland", NEWFOUNDLAND),
        ("Terre-Neuve", NEWFOUNDLAND),
        ("Jeju Island", JEJU),
        ("済州島", JEJU),
        ("Martha's Vineyard", VINEYARD),
        ("Rhodes", RHODES),
        ("Ρόδος", RHODES),
        ("Elba", ELBA),
    ],
)
def test_an_island_is_a_place(text: str, box: tuple[float, float, float, float]) -> None:
    r = resolve(text).place
    assert r is not None, text
    assert _inside(r.lat, r.lng, box), (text, r)
    assert r.confidence in ("MEDIUM", "HIGH"), (text, r)
    again = resolve_geo_id(r.place_id)
    assert again is not None and again.name == r.name and (again.lat, again.lng) == (r.lat, r.lng)


@pytest.mark.parametrize(
    ("town", "island"),
    [("Ibiza", "Isla de Ibiza"), ("Ibiza", "Ibiza Island"), ("Kos", "Kos Island")],
)
def test_the_island_town_keeps_its_name(town: str, island: str) -> None:
    r = resolve(town).place
    assert r is not None and r.kind == "locality" and r.name == town, r
    i = resolve(island).place
    assert i is not None and i.kind != "locality" and i.name == town, i
    assert abs(i.lat - r.lat) < 0.3 and abs(i.lng - r.lng) < 0.3, (r, i)


@pytest.mark.parametrize(
    ("lang", "query", "box"),
    [
        ("en", "hotels in Mallorca", MALLORCA),
        ("en", "restaurants in Lanzarote", LANZAROTE),
        ("en", "beaches in Lombok", LOMBOK),
        ("en", "hotels on Maui", MAUI),
        ("en", "hotels in Oahu", OAHU),
        ("es", "hoteles en Mallorca", MALLORCA),
        ("fr", "hôtels à Majorque", MALLORCA),
        ("en", "hotels in Rhodes", RHODES),
        ("en", "hotels in Jeju Island", JEJU),
        ("de", "Hotels auf Mallorca", MALLORCA),
        ("en", "hotels on the Isle of Skye", SKYE),
        ("fr", "hôtels sur l'île de Skye", SKYE),
        ("nl", "hotels op Texel", TEXEL),
        ("sv", "hotell på Öland", OLAND),
        ("ru", "отели на острове Ломбок", LOMBOK),
        ("fr", "hôtels en Corse", CORSICA),  # the island, over a region unsure by its size
        ("sv", "hotell på Gotland", GOTLAND),
    ],
)
def test_a_search_in_an_island_lists_its_places(
    lang: str, query: str, box: tuple[float, float, float, float]
) -> None:
    places = search_places({"text_query": query, "language_code": lang}, CTX).get("places") or []
    assert places, query
    for p in places:
        loc = p["location"]
        assert _inside(loc["latitude"], loc["longitude"], box), (query, loc)
