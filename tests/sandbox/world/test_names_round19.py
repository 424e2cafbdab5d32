"""Names round 19 (issue 40): a town's name in another language travels to its namesakes.

"Париж, Техас", "パリ, テキサス州", "テキサス州パリ", "Londres, Ontario" named nothing: the
Russian, Japanese and French names ("Париж", "パリ", "Londres") are, in GeoNames, other names of
Paris, France and London, England only, which the qualifier rules out. A name in another
language or script is the name of the town's own name ("Paris", "London"), so with a qualifier
that holds for none of the towns it names, the towns of that own name are read ("Paris" of
Texas). A qualifier that holds for none of those either still names nothing ("Springfield,
Boston").

A city's district by the city's name: "Chaoyang, Beijing", "Jinjiang, Chengdu" named nothing
(a bare "Chaoyang" is Liaoning's city, so the district is kept as "Chaoyang District" only: with a
qualifier that holds for no town of the name, the district of that name is read); "上海浦东新区"
named nothing (the longest name it opens with, "上海浦东", was taken as its lead, leaving "新区":
every lead is tried, longest first); "天河区, 广州" was LOW (the qualifier "广州", Guangzhou's name
in the town-names table, not in the index, was an unknown qualifier).

Truth: the towns' coordinates as English Wikipedia gives them (typed here).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

PARIS_TX = (33.6609, -95.5555)
LONDON_ON = (42.9849, -81.2453)
MOSCOW_ID = (46.7324, -117.0002)
PARIS = (48.8567, 2.3522)
CHAOYANG_BJ = (39.92, 116.43)
JINJIANG_CD = (30.65, 104.08)
PUDONG = (31.22, 121.54)
TIANHE = (23.12, 113.36)


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Париж, Техас", PARIS_TX),
        ("パリ, テキサス州", PARIS_TX),
        ("テキサス州パリ", PARIS_TX),
        ("得克萨斯州巴黎", PARIS_TX),
        ("미국 텍사스주 파리", PARIS_TX),
        ("Londres, Ontario", LONDON_ON),
        ("Лондон, Онтарио", LONDON_ON),
        ("Москва, Айдахо", MOSCOW_ID),
        ("フランスのパリ", PARIS),  # the town the name is given to, where the qualifier holds
        ("Париж, Франция", PARIS),
    ],
)
def test_a_name_travels_to_the_namesake_the_qualifier_holds_for(
    text: str, truth: tuple[float, float]
) -> None:
    found = resolve(text)
    assert found.place is not None, found.reason
    assert haversine_m(found.place.lat, found.place.lng, *truth) < 10_000


@pytest.mark.parametrize("text", ["Springfield, Boston", "Париж, Бостон"])
def test_a_qualifier_no_namesake_fits_still_names_nothing(text: str) -> None:
    assert resolve(text).how == NOT_FOUND


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Chaoyang, Beijing", CHAOYANG_BJ),
        ("Jinjiang, Chengdu", JINJIANG_CD),
        ("上海浦东新区", PUDONG),
        ("天河区, 广州", TIANHE),
        ("广州天河区", TIANHE),
    ],
)
def test_a_district_by_its_city(text: str, truth: tuple[float, float]) -> None:
    found = resolve(text)
    assert found.place is not None, found.reason
    assert found.confidence == "MEDIUM"
    assert haversine_m(found.place.lat, found.place.lng, *truth) < 10_000


@pytest.mark.parametrize(
    ("lang", "query", "truth"),
    [
        ("de", "Restaurants am Eiffelturm", (48.8584, 2.2945)),  # "am": an dem
        ("de", "Hotels am Alexanderplatz", (52.5219, 13.4132)),
        ("it", "ristoranti vicino alla Torre Eiffel", (48.8584, 2.2945)),  # "alla": a la
        ("it", "hotel vicino al Colosseo", (41.8902, 12.4922)),
    ],
)
def test_a_kind_at_a_landmark_after_an_articled_preposition(
    lang: str, query: str, truth: tuple[float, float]
) -> None:
    """German's and Italian's articled prepositions before a landmark ("am", "alla", "al"): the
    search listed nothing (the place part kept them; a German text, its nouns capitalised, read
    as a landmark's title-cased name)."""
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    points = [(p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]]
    assert points
    assert all(haversine_m(lat, lng, *truth) < 3_000 for lat, lng in points)


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("die Schweiz", "CH"),
        ("la France", "FR"),
        ("gli Stati Uniti", "US"),
        ("los Estados Unidos", "US"),
        ("la Toscana", "IT"),
    ],
)
def test_a_country_or_region_with_its_article_is_resolved(text: str, cc: str) -> None:
    """``resolve_names`` read "la France", "die Schweiz" as nothing (a lower-case article
    before a country's or region's name; a capitalised one is a name's: "La Paz")."""
    found = resolve(text)
    assert found.place is not None, found.reason
    assert found.place.kind != "locality" and found.place.country_code == cc


def test_a_name_s_own_article_stays() -> None:
    found = resolve("la paz")
    assert found.place is not None and found.place.name == "La Paz"


@pytest.mark.parametrize(
    ("lang", "query", "truth", "km"),
    [
        ("ja", "カリフォルニア州のホテル", (36.78, -119.42), 600),  # California's middle
        ("ja", "テキサス州のホテル", (31.0, -100.0), 800),
        ("zh", "四川的酒店", (30.66, 104.07), 500),  # Sichuan, by Chengdu
    ],
)
def test_a_region_with_its_glued_region_word_is_a_search_place(
    lang: str, query: str, truth: tuple[float, float], km: int
) -> None:
    """A region written with its region word glued on ("州") or its ISO name's left off
    ("四川" of "四川省") listed nothing as a search's place (a qualifier read it already)."""
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    points = [(p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]]
    assert points
    assert all(haversine_m(lat, lng, *truth) < km * 1000 for lat, lng in points)
