"""Confident answers 50+ km off (issue 40, round 28, h-conf28).

* A bare town name that names a big town only in languages the emulator does not read, and
  another town by its own name ("Parys": a name of Paris only languages the emulator does not
  read give, and Parys, Free State's own name): the resolver reads the big town LOW, and a search listed
  places around it, thousands of kilometres from the town the name is. Neither is surely
  meant, so a search lists nothing (``doubts.towns.foreign_elsewhere``).

* A town under 30,000 named like a first-level region of its own country that it does not lie
  in ("El Progreso, Guatemala": a municipality of Jutiapa, or the department of El Progreso):
  the town was MEDIUM, and a search listed places around it 60 km from the department. The
  text names the region as surely, so the town is LOW and a search lists nothing
  (``names.qualifiers.region_at_home``); a region qualifier decides for the town.

Inputs are towns and regions of no names holdout's rows; points come from Wikipedia, typed here.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _listed(text: str, lang: str = "en") -> list[dict]:
    return search_places({"text_query": text, "language_code": lang}, CTX)["places"]


@pytest.mark.parametrize(
    "query",
    [
        "hotels in Parys",  # Parys, Free State; Paris only in languages not read
        "pharmacy in Briston",  # Briston, Norfolk; Bristol's other name
        "hotels in Ottava",  # Ottava, Sardinia; Ottawa's other name
    ],
)
def test_foreign_other_name_of_a_far_town_lists_nothing(query: str) -> None:
    assert _listed(query) == []


@pytest.mark.parametrize("query", ["Parys", "Briston", "Ottava"])
def test_foreign_other_name_stays_low(query: str) -> None:
    """Guard: the resolver's own reading is unchanged, and LOW (no confident answer)."""
    r = resolve(query).place
    assert r is None or r.confidence == "LOW"


@pytest.mark.parametrize(
    ("query", "name"),
    [("hotels in Paris", "Paris"), ("hotels in Bologna", "Bologna"), ("hotels in Rabat", "Rabat")],
)
def test_own_name_still_lists(query: str, name: str) -> None:
    """Guard: a town's own name is searched as before."""
    places = _listed(query)
    assert places
    town = resolve(name).place
    assert town is not None
    loc = places[0]["location"]
    assert abs(loc["latitude"] - town.lat) < 0.2 and abs(loc["longitude"] - town.lng) < 0.2


# ------------------------------------------------------------------ a region of the town's country
# Wikipedia's points of each state's or county's capital (typed here).
VILLAHERMOSA = (17.9892, -92.9281)  # Tabasco; the town Tabasco, Zacatecas, is 1,000 km off
MARALAL = (1.0968, 36.6981)  # Samburu County; the village Samburu, Kwale, is 550 km off
PALMAS = (-10.1844, -48.3336)  # Tocantins; the town Tocantins, Minas Gerais, is 1,300 km off


@pytest.mark.parametrize(
    ("query", "capital"),
    [
        ("Tabasco, Mexico", VILLAHERMOSA),
        ("Samburu, Kenya", MARALAL),
        ("Tocantins, Brazil", PALMAS),
    ],
)
def test_small_town_named_like_a_region_of_its_country(
    query: str, capital: tuple[float, float]
) -> None:
    """A town under 30,000 named like a first-level region of its own country it does not lie
    in: the text names the region as surely (``names.qualifiers.region_at_home``); no answer far
    from the region with MEDIUM or HIGH confidence (the town is LOW)."""
    r = resolve(query).place
    assert r is not None
    far = haversine_m(r.lat, r.lng, *capital) / 1000 >= 150
    assert not (far and r.confidence != "LOW"), (r.address, r.confidence)


@pytest.mark.parametrize(
    ("query", "capital"),
    [("hotels in Tabasco, Mexico", VILLAHERMOSA), ("hotels in Samburu, Kenya", MARALAL)],
)
def test_search_in_a_region_named_like_a_small_town(
    query: str, capital: tuple[float, float]
) -> None:
    """A search lists nothing, or places within 150 km of the region's capital."""
    for p in _listed(query):
        loc = p["location"]
        assert haversine_m(loc["latitude"], loc["longitude"], *capital) / 1000 < 150


@pytest.mark.parametrize(
    ("query", "name"), [("Ardahan, Turkey", "Ardahan"), ("Salta, Argentina", "Salta")]
)
def test_capital_naming_its_own_region_stays_the_town(query: str, name: str) -> None:
    """Guard: a town in the region of its name is answered as the town (MEDIUM)."""
    r = resolve(query).place
    assert r is not None and r.kind == "locality" and r.name == name and r.confidence == "MEDIUM"


@pytest.mark.parametrize(
    ("query", "name", "state"),
    [("Tabasco, Zacatecas", "Tabasco", "Zacatecas"), ("Samburu, Kwale", "Samburu", "Kwale")],
)
def test_region_qualifier_decides_for_the_town(query: str, name: str, state: str) -> None:
    """Guard: the town's own region after it confirms the town (MEDIUM, not LOW)."""
    r = resolve(query).place
    assert r is not None and r.kind == "locality" and r.name == name, (r, state)
    assert r.confidence == "MEDIUM"
