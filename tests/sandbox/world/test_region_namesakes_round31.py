"""Issue 40, a town named with its region, one of several places of that name there (h-region31).

The sixteenth names holdout answered "Sofiivka, Mykolaiv, Ukraine" MEDIUM 106 km off: the index
holds one Sofiivka of the oblast, GeoNames' ``cities500`` two, 64 km apart. A town named with a
region that holds another place of its name 50+ km off, with a twentieth of its people or more
(``data/region_namesakes.tsv.z``, ``doubts.lacked.region_namesake``), is LOW at its own point,
and a search round it lists nothing. Towns of no holdout row; guards: a town twenty times its
namesakes' size, a state's capital, a town whose region's namesake only bears the name as a
former name (GeoNames' other names unlike the own name are left out of the table).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.doubts.lacked import region_namesake
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.indexfile import region_namesakes
from mapsnb_sandbox.world.names.qualifiers import qualifiers
from mapsnb_sandbox.world.resolver import resolve

UNSURE = [
    "San Isidro, Jalisco",
    "Emiliano Zapata, Veracruz",
    "La Esperanza, Chiapas",
    "Petrivka, Odesa",
    "Novoselivka, Odesa",
]
SURE = [
    "Santa Rosa, La Pampa",
    "Guadalupe, Zacatecas",
    "Springfield, Illinois",
    "Newport, Victoria",
    "Mykolaivka, Donetsk",
    "Middletown, OH",
    "Garden City, ID",
]


def test_the_table_holds_only_names_two_places_of_a_region_bear() -> None:
    """Every name looked up holds two places or none in one region."""
    for key, cc, a1 in [
        ("mykolaivka", "UA", "17"),
        ("san isidro", "MX", "14"),
        ("paris", "FR", "11"),
    ]:
        assert len(region_namesakes(key, cc, a1)) != 1, key
    assert len(region_namesakes("mykolaivka", "UA", "17")) >= 3


@pytest.mark.parametrize("text", UNSURE)
def test_a_town_one_of_several_of_its_region_is_unsure(text: str) -> None:
    """MEDIUM before: the region decides nothing between its namesakes; the point stays."""
    r = resolve(text)
    assert r.place is not None and r.place.kind == "locality", text
    assert r.confidence == "LOW", (text, r.place)


@pytest.mark.parametrize("text", UNSURE)
def test_a_search_round_such_a_town_lists_nothing(text: str) -> None:
    """Listed round the index's town before (one of several of the region)."""
    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    places = search_places({"text_query": f"hotels in {text}", "language_code": "en"}, ctx)
    assert places["places"] == [], text


@pytest.mark.parametrize("text", SURE)
def test_guard_a_town_far_bigger_than_its_namesakes_stays_sure(text: str) -> None:
    """Guard: Santa Rosa, Guadalupe, Springfield are twenty times their regions' namesakes;
    Middletown, Ohio's namesake is a former name of Athens, no spelling of its own name."""
    r = resolve(text)
    assert r.place is not None and r.confidence != "LOW", (text, r.place)


def test_the_rule_weighs_people_and_asks_a_region() -> None:
    """A namesake counts at a twentieth of the town's people; a country alone asks nothing."""
    idx = city_index()
    c = max(
        (
            idx.cities[j]
            for j in idx.by_name.get(fold_text("Mykolaivka"), ())
            if idx.cities[j].admin1 == "17"
        ),
        key=lambda t: t.population,
    )
    assert region_namesake("Mykolaivka", c, qualifiers(["Odesa Oblast"]))
    assert not region_namesake("Mykolaivka", c, qualifiers(["Ukraine"]))
