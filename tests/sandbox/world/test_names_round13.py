"""Names round 13 (issue 40): a Pinyin name that a county of China the index lacks bears.

GeoNames' ``cities1000`` holds some of China's county-level cities and counties only by their
seat's town, so the Pinyin name of such a county reads as another town of that name, often
hundreds of kilometres away, MEDIUM, or searched in. ``data/cn_counties.tsv``
(``tools/build_cn_counties.py``: cpca's divisions, MIT) names them; a town read from such a name
with at most its country is LOW, and no place when it was a guess already
(:func:`~mapsnb_sandbox.world.names.pinyin.unindexed_county`). A prefecture-level city of the
name, or a town of a million people, is still meant ("Ziyang", "Taian").

A near spelling of a South Asian town's name on the same place-name ending ("-pur", "-abad")
with another stem is another town's name, not a typo
(:func:`~mapsnb_sandbox.world.names.spelling.other_compound_name`): NOT_FOUND, as for short
names; a typo in the ending, or of a city of a million, is still read.

Truth: each county seat's coordinates as English Wikipedia gives them, a village's as GeoNames'
``cities500`` gives them (typed here; the emulator reads cpca's points and ``cities1000``, not
these). Inputs are names outside every corpus and holdout.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

#: County seats (English Wikipedia's coordinates of the county-level city or county).
COUNTIES = {
    "Yangzhong": (32.237, 119.815),  # Jiangsu, county-level city
    "Xinhua": (27.737, 111.308),  # Hunan, county
    "Xingguo": (26.33389, 115.34611),  # Jiangxi, county
    "Yunyang": (30.9736, 108.698),  # Chongqing, county
    "Zitong": (31.643, 105.171),  # Sichuan, county
}


def _km(lat: float, lng: float, name: str) -> float:
    return haversine_m(lat, lng, *COUNTIES[name]) / 1000


@pytest.mark.parametrize("text", ["Yangzhong", "Xinhua", "Yangzhong, China"])
def test_a_guess_at_another_town_of_a_countys_name_is_no_place(text: str) -> None:
    found = resolve(text)
    head = text.split(",")[0]
    assert found.place is None or _km(found.place.lat, found.place.lng, head) < 50
    assert found.place is None and "county" in found.reason


@pytest.mark.parametrize("text", ["Xingguo", "Yunyang", "Zitong"])
def test_another_town_of_a_countys_name_is_no_sure_answer(text: str) -> None:
    """LOW, or no place where the county the index lacks outweighs the town (h-lang28)."""
    found = resolve(text).place
    assert found is None or found.confidence == "LOW" or _km(found.lat, found.lng, text) < 50


@pytest.mark.parametrize("text", ["Xingguo", "Yunyang", "Zitong"])
def test_a_search_in_a_countys_name_lists_nothing_far(text: str) -> None:
    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    out = search_places({"text_query": f"hotels in {text}", "language_code": "en"}, ctx)
    far = [
        p
        for p in out["places"]
        if _km(p["location"]["latitude"], p["location"]["longitude"], text) >= 50
    ]
    assert not far


@pytest.mark.parametrize(
    ("text", "point"),
    [
        ("Ziyang", (30.129, 104.627)),  # Sichuan's prefecture-level city (Wikipedia, rounded)
        ("Taian", (36.200, 117.087)),  # Shandong's Tai'an, 1.7 million (Wikipedia, rounded)
        ("Xingguo, Gansu", (34.859, 105.669)),  # Qin'an's seat, GeoNames' point
    ],
)
def test_a_prefecture_city_a_big_town_or_a_province_is_still_meant(
    text: str, point: tuple[float, float]
) -> None:
    found = resolve(text).place
    assert found is not None and found.confidence == "MEDIUM"
    assert haversine_m(found.lat, found.lng, *point) / 1000 < 50


#: Nashirabad, Maharashtra: a village GeoNames' ``cities500`` holds (500-999 people), which the
#: index (``cities1000``) lacks; Nasirabad, Rajasthan lies 682 km away.
NASHIRABAD = (20.58624, 77.15315)


def test_a_near_spelling_on_a_place_name_ending_is_another_town() -> None:
    found = resolve("Nashirabad").place
    assert found is None or haversine_m(found.lat, found.lng, *NASHIRABAD) / 1000 < 50
    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    out = search_places({"text_query": "bank in Nashirabad", "language_code": "en"}, ctx)
    assert not out["places"]


@pytest.mark.parametrize(("text", "town"), [("Hyderbad", "Hyderabad"), ("Sambalpor", "Sambalpur")])
def test_a_typo_of_a_big_city_or_of_the_ending_is_still_read(text: str, town: str) -> None:
    found = resolve(text).place
    assert found is not None and found.name == town
