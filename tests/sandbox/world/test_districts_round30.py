"""Round 30 (issue 40, h-taiwan30): a big city's neighbourhood named without its city, in a
country that names its villages from one stock of names, is no sure answer; a city's other
name travels to no district; a ward is "<name> District" by each of its Latin names; a
qualifier "<town> City" is that town.

Inputs are neighbourhoods and wards other than the holdout's misses the round tuned on
(Fusheng, Haicheng, Xiaoxi, Gangbei, Xingbei, Wuxing; Xinyi, Wenshan).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.names.districts import (
    NEIGHBOURHOOD_WEIGHT,
    is_district,
    village_named,
)
from mapsnb_sandbox.world.names.qualifiers import qualifiers
from mapsnb_sandbox.world.resolver import resolve
from mapsnb_sandbox.world.towns import named_ids


def _listed(query: str) -> list[dict[str, object]]:
    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    return list(search_places({"text_query": query, "language_code": "en"}, ctx)["places"])


def _first_km(query: str, lat: float, lng: float) -> float:
    """How many km from (lat, lng) the first place a search for ``query`` lists lies; the
    search must list one."""
    places = _listed(query)
    assert places
    loc = places[0]["location"]
    assert isinstance(loc, dict)
    return haversine_m(loc["latitude"], loc["longitude"], lat, lng) / 1000


@pytest.mark.parametrize(
    "text", ["Huimin, Taiwan", "Heming, Taiwan", "Linjing, Taiwan", "Dongmen, Taiwan", "Linjing"]
)
def test_taiwanese_neighbourhood_without_its_city_is_low(text: str) -> None:
    r = resolve(text).place
    assert r is not None and r.country_code == "TW"
    assert r.confidence == "LOW"  # one of Taiwan's villages of the name, or a city's 里


@pytest.mark.parametrize("text", ["bank in Heming, Taiwan", "hospital in Linjing"])
def test_search_lists_nothing_around_such_a_neighbourhood(text: str) -> None:
    assert _listed(text) == []


def test_neighbourhood_named_with_its_city_stays_sure() -> None:
    r = resolve("Huimin, Kaohsiung").place
    assert r is not None and r.confidence in ("MEDIUM", "HIGH")
    assert haversine_m(r.lat, r.lng, 22.73, 120.32) < 10_000


def test_village_name_countries_are_read_from_the_table() -> None:
    idx = city_index()
    hoods = [
        idx.cities[j]
        for j in range(len(idx.cities) - 9_500, len(idx.cities))
        if is_district(idx.cities[j].geonameid) and idx.cities[j].population < NEIGHBOURHOOD_WEIGHT
    ]
    stock = {c.cc for c in hoods if village_named(c)}
    assert "TW" in stock
    assert not stock & {"ES", "IT", "SE", "CA", "KR", "ZA", "TR"}  # their neighbourhoods' own names


@pytest.mark.parametrize(
    ("text", "lat", "lng", "sure"),
    [
        ("Malasaña, Madrid", 40.427, -3.706, True),
        ("Gangnam", 37.499, 127.054, True),
        # named with its country alone: at its point, LOW (``doubts.section_in_country``)
        ("Malasaña, Spain", 40.427, -3.706, False),
    ],
)
def test_other_countries_neighbourhoods_keep_their_answer(
    text: str, lat: float, lng: float, sure: bool
) -> None:
    r = resolve(text).place
    assert r is not None and (r.confidence in ("MEDIUM", "HIGH")) is sure
    assert haversine_m(r.lat, r.lng, lat, lng) < 5_000


def test_search_in_a_named_neighbourhood_elsewhere_still_lists() -> None:
    assert _first_km("tapas in Malasaña", 40.427, -3.706) < 5


def test_other_name_of_a_city_travels_to_no_district() -> None:
    idx = city_index()
    from mapsnb_sandbox.world.towns import own_namesakes

    raw = named_ids(idx, "wuxing")  # Huzhou's other name (Zhejiang)
    assert not any(is_district(idx.cities[k].geonameid) for k in own_namesakes(idx, raw))
    r = resolve("Париж, Техас").place  # a town still takes its namesake's name in a language
    assert r is not None and r.country_code == "US"


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [("Tsurumi District", 35.5, 139.68), ("Siheung District", 37.40, 126.80)],
)
def test_ward_is_district_by_its_latin_names(text: str, lat: float, lng: float) -> None:
    r = resolve(text).place
    assert r is not None
    assert haversine_m(r.lat, r.lng, lat, lng) < 30_000


def test_town_city_qualifier_is_the_town() -> None:
    q = qualifiers(["Keelung City"])
    assert q.cities == {"keelung"} and not q.unknown
    assert qualifiers(["Seoul City"]).cities == {"seoul"}
    assert qualifiers(["Qwzx City"]).unknown  # no town of the name: unknown still


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [("Beitou, Taipei City", 25.15, 121.52), ("Zhongzheng, Taipei City", 25.05, 121.52)],
)
def test_ward_with_its_city_is_that_citys(text: str, lat: float, lng: float) -> None:
    r = resolve(text).place  # its name without "Qu", and a 里 of the city may bear it too
    assert r is not None and r.confidence in ("MEDIUM", "HIGH")
    assert haversine_m(r.lat, r.lng, lat, lng) < 10_000


def test_search_in_a_ward_with_its_city_lists_there() -> None:
    assert _first_km("hospital in Neihu, Taipei City", 25.08, 121.59) < 10
