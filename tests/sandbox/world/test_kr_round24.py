"""Round 24 (h-kr24): towns named as their own countries' lists write them.

*Korean names with their unit's word* ("목포시" was NOT_FOUND while "목포" was Mokpo): a name
with 시 (city), 군 (county), 읍 (town), 구 (district), 특별자치시 is the name's town, and a
town GeoNames keeps under an older romanization ("Eisen" for Yeongcheon, "Kyosai" for Geoje) is
found by its Hangul name's Revised Romanization or McCune-Reischauer form. Towns that are not
the ninth holdout's rows; truth: Wikipedia's points of the cities.

*Spain's co-official names* ("Alcoi" was NOT_FOUND while "Alcoy" was found): the Basque,
Catalan, Valencian, Galician or Castilian form GeoNames lists as a town's other name, and each
half of a name it writes "Laudio / Llodio", name the town (``data/national_names.tsv``).

*Mexico's official long names and everyday short ones* ("Zihuatanejo" was NOT_FOUND: GeoNames
calls the town "Ixtapa-Zihuatanejo"): the other names GeoNames gives a Mexican town of any
size, when they are a relative of its own name ("Topilejo" of San Miguel Topilejo, "Heroica
Ciudad de Calpulalpan" of Calpulalpan).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.national.korean import romanized, unit_stems
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: A Korean town's name with its unit's word, and the town's point (Wikipedia).
KOREAN_UNITS = [
    ("순천시", 34.9500, 127.4833),  # Suncheon
    ("삼척시", 37.4333, 129.1667),  # Samcheok (GeoNames: "Santyoku")
    ("영천시", 35.9667, 128.9333),  # Yeongcheon (GeoNames: "Eisen", McCune-Reischauer names)
    ("거제시", 34.8806, 128.6211),  # Geoje (GeoNames: "Kyosai", "Koje")
]


def _km(lat: float, lng: float, at: tuple[float, float]) -> float:
    return haversine_m(lat, lng, at[0], at[1]) / 1000


@pytest.mark.parametrize(("name", "lat", "lng"), KOREAN_UNITS)
def test_a_korean_name_with_its_unit_word_is_the_town(name: str, lat: float, lng: float) -> None:
    place = resolve(name).place
    assert place is not None, name
    assert _km(place.lat, place.lng, (lat, lng)) < 30, (name, place.address)


@pytest.mark.parametrize(("name", "lat", "lng"), KOREAN_UNITS[:4])
def test_a_korean_search_in_a_town_with_its_unit_word(name: str, lat: float, lng: float) -> None:
    out = search_places({"text_query": f"{name} 우체국", "language_code": "ko"}, CTX)
    assert out["places"], name
    loc = out["places"][0]["location"]
    assert _km(loc["latitude"], loc["longitude"], (lat, lng)) < 30, name


def test_a_korean_town_with_its_country_before_it() -> None:
    place = resolve("대한민국 순천시").place
    assert place is not None
    assert _km(place.lat, place.lng, (34.95, 127.4833)) < 30


def test_a_town_unit_is_no_city_district_of_its_name() -> None:
    """Hangul "장안읍" is Jangan-eup of Gijang County (Busan), not Suwon's Jangan-gu 300 km off."""
    place = resolve("장안읍").place
    assert place is not None
    assert _km(place.lat, place.lng, (35.3131, 129.2419)) < 30, place.address


def test_romanizations_of_hangul() -> None:
    assert [romanized(w) for w in ("남원", "광양", "신라", "종로", "청량리")] == [
        "namwon",
        "gwangyang",
        "silla",
        "jongno",
        "cheongnyangni",
    ]
    assert [romanized(w, older=True) for w in ("영천", "거제", "김제", "대전")] == [
        "yongchon",
        "koje",
        "kimje",
        "taejon",
    ]


def test_unit_words_are_cut_only_before_a_name_of_two_syllables() -> None:
    assert unit_stems("목포시") == ["목포"]
    assert unit_stems("세종특별자치시") == ["세종"]
    assert unit_stems("중구") == []  # "Jung": one syllable is no name
    assert unit_stems("대구") == []  # Daegu itself


#: A Spanish town by its other co-official name, and its point (Wikipedia).
COOFFICIAL = [
    ("Llodio", 43.1431, -2.9614),  # Laudio / Llodio (Basque / Castilian)
    ("Labastida", 42.5897, -2.7958),  # Bastida / Labastida
    ("Xert", 40.5194, 0.1583),  # Chert / Xert (Castilian / Valencian)
]


@pytest.mark.parametrize(("name", "lat", "lng"), COOFFICIAL)
def test_a_spanish_town_by_its_coofficial_name(name: str, lat: float, lng: float) -> None:
    place = resolve(f"{name}, Spain").place
    assert place is not None, name
    assert _km(place.lat, place.lng, (lat, lng)) < 20, (name, place.address)
    out = search_places({"text_query": f"hotel in {name}", "language_code": "en"}, CTX)
    assert out["places"], name
    loc = out["places"][0]["location"]
    assert _km(loc["latitude"], loc["longitude"], (lat, lng)) < 30, name


#: A Mexican town by its short or official long name, and its point (Wikipedia).
MEXICAN = [
    ("Topilejo", 19.2017, -99.1414),  # San Miguel Topilejo, Tlalpan
    ("Heroica Ciudad de Calpulalpan", 19.5833, -98.5667),  # Calpulalpan, Tlaxcala
]


@pytest.mark.parametrize(("name", "lat", "lng"), MEXICAN)
def test_a_mexican_town_by_its_short_or_long_name(name: str, lat: float, lng: float) -> None:
    place = resolve(name).place
    assert place is not None, name
    assert _km(place.lat, place.lng, (lat, lng)) < 20, (name, place.address)


def test_a_search_in_a_mexican_town_by_its_short_name() -> None:
    out = search_places({"text_query": "farmacia en Topilejo", "language_code": "es"}, CTX)
    assert out["places"]
    loc = out["places"][0]["location"]
    assert _km(loc["latitude"], loc["longitude"], (19.2017, -99.1414)) < 30
