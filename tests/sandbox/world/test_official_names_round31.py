"""Towns by their other official language's name, at any size (issue 40, round 31,
``tools/official_town_names.py`` into ``data/town_names.tsv.z``): a town of a country where CLDR
gives two official languages written in Latin letters is found by GeoNames' other names of it
("Lillkyro" is Vähäkyrö, "An Daingean" Dingle, "Kelmis" La Calamine), while a name a bigger
town abroad gives or has as its own stays that town's ("Perno": Pirna in Germany, not Pernå in
Finland; "Böle": Bole in China, not Pasila in Helsinki). None of
these names is asked by a names corpus (``tests/data/names_*.csv``)."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.cities import city_index, script_ids
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: Other official names -> (the town's index name, its country's name, a point in it).
OFFICIAL = {
    "Lillkyro": ("Vähäkyrö", "Finland", 63.06, 22.11),  # Swedish, a town of 4,600
    "Ulfsby": ("Ulvila", "Finland", 61.43, 21.87),  # Swedish
    "Uleåsalo": ("Oulunsalo", "Finland", 64.93, 25.41),  # Swedish
    "An Daingean": ("Dingle", "Ireland", 52.14, -10.27),  # Irish, a town of 2,000
    "Dún Garbhán": ("Dungarvan", "Ireland", 52.09, -7.63),  # Irish
    "Kelmis": ("La Calamine", "Belgium", 50.72, 6.01),  # German
}


@pytest.mark.parametrize("text", sorted(OFFICIAL))
def test_a_town_is_found_by_its_other_official_name(text: str) -> None:
    town, country, lat, lng = OFFICIAL[text]
    r = resolve(text).place
    assert r is not None and r.city == town and r.address.endswith(country), (text, r)
    assert haversine_m(r.lat, r.lng, lat, lng) < 10_000, (text, r)


@pytest.mark.parametrize("text", ["Lillkyro, Finland", "Kelmis, Belgium"])
def test_with_its_country_the_name_is_sure(text: str) -> None:
    r = resolve(text).place
    assert r is not None and r.city == OFFICIAL[text.split(",")[0]][0], (text, r)
    assert r.confidence in ("MEDIUM", "HIGH"), (text, r)


def test_a_search_by_the_other_name_lists_around_the_town() -> None:
    out = search_places({"text_query": "skola i Ulfsby", "language_code": "sv"}, CTX)
    assert out["places"]
    _, _, lat, lng = OFFICIAL["Ulfsby"]
    for p in out["places"]:
        loc = p["location"]
        assert haversine_m(loc["latitude"], loc["longitude"], lat, lng) < 20_000, loc


def test_a_name_a_bigger_town_abroad_gives_stays_with_it() -> None:
    idx = city_index()
    assert all(idx.cities[j].cc != "FI" for j in script_ids(idx, "perno"))  # Pernå's, 3,900
    r = resolve("Perno").place
    assert r is not None and not r.address.endswith("Finland"), r


def test_a_short_swedish_name_does_not_take_a_bigger_namesake() -> None:
    """ "Böle" is Pasila's Swedish name (13,000) and Bole's in China (235,000)."""
    idx = city_index()
    assert all(idx.cities[j].cc != "FI" for j in script_ids(idx, "bole"))
    r = resolve("Böle").place
    assert r is not None and not r.address.endswith("Finland"), r
