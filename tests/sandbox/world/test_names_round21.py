"""Names round 21 (issue 40): classes the sixth holdout (UN/LOCODE, ``names_holdout5.csv``) showed.

- An old or other name of one town travelled to its namesakes in a country where that name is
  itself towns' own name: "Milford, NY" was Newark, New York (MEDIUM, 184 km off) because
  "Milford" is an old name of Newark, New Jersey; Milford is a name of many US towns.
- A comma part naming nothing known, beside a country that holds, was ignored: "Olszanka,
  Mazowieckie, Poland" was the Olszanka of Opole (MEDIUM, 390 km off the Masovian one), "Whakatu,
  Hawkes's Bay, New Zealand" was Nelson (Whakatū, MEDIUM, 357 km off); without the country both
  were LOW already.

- A Latin ending of one language's case was cut from a town's name in any language's search:
  "bank i Allenbach" (Swedish) listed banks in Allenby, Ontario (Polish locative "-ach", 6,257 km
  off Allenbach, Rhineland-Palatinate), "spital în Gurani" (Romanian) hospitals in Guran,
  Russia ("-i", 5,291 km); the forms tables' Latin endings now apply in their own language's
  searches only (Cyrillic and Greek ones name their language by their script).

Truth: UN/LOCODE's points (Milford NY 42.58, -74.93; Olszanka PL-14 52.15, 22.67; Whakatu NZ-HKB
-39.6, 176.88), and Wikipedia's for the guards.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 12, 6, 15, 0, tzinfo=UTC))


def _far_and_sure(text: str, lat: float, lng: float) -> bool:
    p = resolve(text).place
    if p is None or p.confidence == "LOW":
        return False
    return haversine_m(p.lat, p.lng, lat, lng) >= 50_000


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Milford, NY", 42.58, -74.93),
        ("Milford, New York", 42.58, -74.93),
        ("Olszanka, Mazowieckie, Poland", 52.15, 22.67),
        ("Whakatu, Hawkes's Bay, New Zealand", -39.6, 176.88),
    ],
)
def test_no_sure_answer_far_off(text: str, lat: float, lng: float) -> None:
    assert not _far_and_sure(text, lat, lng)


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Париж, Техас", 33.66, -95.56),  # a name in another script still travels
        ("Milford, CT", 41.22, -73.06),
        ("Paris, France", 48.86, 2.35),
        ("Springfield, Sangamon County, USA", 39.80, -89.64),
    ],
)
def test_guards_stay_sure_and_right(text: str, lat: float, lng: float) -> None:
    p = resolve(text).place
    assert p is not None and p.confidence in ("MEDIUM", "HIGH"), text
    assert haversine_m(p.lat, p.lng, lat, lng) < 50_000


def _listed(query: str, lang: str) -> list[dict]:
    return search_places({"text_query": query, "language_code": lang}, CTX).get("places") or []


@pytest.mark.parametrize(
    ("query", "lang"), [("bank i Allenbach", "sv"), ("spital în Gurani", "ro")]
)
def test_no_other_languages_ending_cut_in_a_search(query: str, lang: str) -> None:
    assert _listed(query, lang) == []


@pytest.mark.parametrize(
    ("query", "lang", "lat", "lng"),
    [
        ("apteki w Pabianicach", "pl", 51.66, 19.35),
        ("apteki w Pabianicach", "pl-PL", 51.66, 19.35),
        ("lékárna v Brně", "cs", 49.20, 16.61),
        ("аптеки в Москве", "en", 55.76, 37.62),  # a Cyrillic ending: any asker
    ],
)
def test_own_languages_endings_still_read(query: str, lang: str, lat: float, lng: float) -> None:
    places = _listed(query, lang)
    assert places, query
    loc = places[0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], lat, lng) < 50_000
