"""Names round 8 (issue 40): confident answers at a namesake of a town the index lacks.

A Chinese town of under 50,000 people (or of no known number), named in Pinyin with at most its
country, is one of several towns of that name, most of which the index (GeoNames' towns of
1,000+ and seats) lacks: ``resolve`` answers it LOW, and a search in it lists nothing
(:func:`mapsnb_sandbox.world.names.pinyin.common_pinyin_town`). A province qualifier, a city
of 50,000+ or a name that is no Pinyin keeps the answer.

A first comma part that shares a word with the town found but lacks a word of that town's name
names another town of a compound name (:func:`mapsnb_sandbox.world.names.heads.other_compound`):
"Clermont-sur-Lauquet, France" was Clermont-Ferrand (LOW), now NOT_FOUND.

Inputs are towns outside every corpus and holdout (Hainan's and Yunnan's towns, Lanzhou,
Kashgar, a village of the Aude, made-up names).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.names.heads import other_compound
from mapsnb_sandbox.world.names.pinyin import COMMON_NAME_POPULATION, common_pinyin_town
from mapsnb_sandbox.world.names.qualifiers import qualifiers
from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve


def _listed(text: str, lang: str) -> int:
    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    return len(search_places({"text_query": text, "language_code": lang}, ctx)["places"])


def _town(name: str) -> City:
    idx = city_index()
    return next(c for c in idx.cities if c.name == name and c.cc == "CN")


@pytest.mark.parametrize("text", ["Yinggen, China", "Mengla, 中国", "Yinggen"])
def test_small_pinyin_town_with_its_country_is_low(text: str) -> None:
    """Was MEDIUM (a country qualifier that holds): the place stays, unsure. ("Baocheng,
    Chiny", a town of Hainan the townships of its name outweigh, is no place since h-lang28:
    ``test_names_lang28``.)"""
    r = resolve(text)
    assert r.place is not None and r.place.country_code == "CN"
    assert r.place.confidence == "LOW"


@pytest.mark.parametrize(
    "text", ["Mengla, Yunnan", "Baocheng, Hainan", "Lanzhou, China", "Kashgar, China"]
)
def test_province_city_or_other_name_stays_sure(text: str) -> None:
    """A province decides; Lanzhou is a city of millions; "Kashgar" is no Pinyin (Kashi)."""
    r = resolve(text)
    assert r.place is not None and r.place.confidence == "MEDIUM"


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("pharmacy in Yinggen, China", "en"),
        ("Apotheke in Baocheng, China", "de"),
        ("farmacia en Mengla", "es"),
        ("аптека Yinggen, Китай", "ru"),
    ],
)
def test_search_in_small_pinyin_town_lists_nothing(text: str, lang: str) -> None:
    """A search shows no doubt, so it lists nothing rather than one Yinggen of several."""
    assert _listed(text, lang) == 0


@pytest.mark.parametrize(
    ("text", "lang"),
    [("pharmacy in Yinggen, Hainan", "en"), ("pharmacy in Lanzhou, China", "en")],
)
def test_search_with_province_or_in_a_city_lists(text: str, lang: str) -> None:
    assert _listed(text, lang) > 0


def test_rule_bounds() -> None:
    """Only China, under the bound, in Pinyin, with no qualifier narrower than the country."""
    small = _town("Yinggen")
    assert small.population < COMMON_NAME_POPULATION
    assert common_pinyin_town("Yinggen", small, qualifiers(["China"]))
    assert not common_pinyin_town("Yinggen", small, qualifiers(["Hainan"]))
    big = _town("Lanzhou")
    assert not common_pinyin_town("Lanzhou", big, qualifiers(["China"]))
    abroad = small._replace(cc="TW")
    assert not common_pinyin_town("Yinggen", abroad, qualifiers([]))


@pytest.mark.parametrize("text", ["Clermont-sur-Lauquet, France", "Saint-Martin-l'Ardoise, France"])
def test_other_compound_town_is_not_found(text: str) -> None:
    """Not Clermont-Ferrand (a village of the Aude, 180 km away), nor a Saint-Martin."""
    assert resolve(text).how == NOT_FOUND


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("Bourg-en-Bresse, France", "Bourg-en-Bresse"),
        ("Clermont-Créans, France", "Clermont-Créans"),
        ("Rue de Rivoli, Paris", "Paris"),
        ("Mount Clemens Heights, United States", "Mount Clemens"),
        ("Île d'Orléans, Québec", "Québec"),  # an island by the town, no town's name
        ("Lac d'Annecy, Annecy", "Annecy"),
    ],
)
def test_whole_names_and_places_in_a_town_stay(text: str, town: str) -> None:
    r = resolve(text)
    assert r.place is not None and r.place.name == town


def test_other_compound_bounds() -> None:
    assert other_compound("Clermont-sur-Lauquet", "Clermont-Ferrand")
    assert not other_compound("Koidu-Sefadu", "Koidu")  # the town's whole name is in the head
    assert not other_compound("Sri Jayawardenepura Kotte", "Sri Jayewardenepura Kotte")
    assert not other_compound("Lauquet", "Clermont-Ferrand")  # no word shared
