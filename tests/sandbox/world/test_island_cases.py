"""Islands named in the locative after "на"/"na" (Russian, Ukrainian, Polish, Czech; h-islands21b).

"отели на Крите", "готелі на Криті", "hotele na Krecie", "hotely na Krétě" listed nothing ("no
town called Крите"), "hotely na Korsice" listed hotels in Košice: those languages put an
island's name in the locative after "on". Islands' names in them are now inflected by the town
cases' lexicons and rules (``tools/build_island_cases.py``, ``data/island_cases.tsv``). Sicily
and Sardinia, regions too, were read in the locative with a language code only (the regions'
cases); "на Сицилии", which regions read whatever the code, is left to them.

Truth: each island's extent as its English Wikipedia article and map give it (a box, typed
here), never the emulator's table; the locatives are those of the languages' grammars.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

#: (south, west, north, east) of each island.
CRETE = (34.80, 23.50, 35.70, 26.35)
SICILY = (36.60, 12.35, 38.35, 15.70)
SARDINIA = (38.85, 8.10, 41.30, 9.85)
CORSICA = (41.33, 8.53, 43.03, 9.56)
MALLORCA = (39.26, 2.30, 39.97, 3.48)
SAKHALIN = (45.85, 141.60, 54.45, 144.80)
TASMANIA = (-43.70, 144.55, -39.55, 148.50)
JAVA = (-8.80, 105.10, -5.80, 114.65)


def _inside(lat: float, lng: float, box: tuple[float, float, float, float]) -> bool:
    s, w, n, e = box
    return s <= lat <= n and w <= lng <= e


@pytest.mark.parametrize(
    ("lang", "query", "box"),
    [
        ("ru", "отели на Крите", CRETE),
        ("uk", "готелі на Криті", CRETE),
        ("pl", "hotele na Krecie", CRETE),
        ("cs", "hotely na Krétě", CRETE),
        ("", "hotele na Sycylii", SICILY),
        ("", "hotely na Sicílii", SICILY),
        ("", "hotele na Sardynii", SARDINIA),
        ("ru", "отели на Корсике", CORSICA),
        ("uk", "готелі на Корсиці", CORSICA),
        ("cs", "hotely na Korsice", CORSICA),
        ("ru", "отели на Майорке", MALLORCA),
        ("pl", "hotele na Majorce", MALLORCA),
        ("cs", "hotely na Mallorce", MALLORCA),
        ("ru", "отели на Сахалине", SAKHALIN),
        ("pl", "hotele na Tasmanii", TASMANIA),
        ("ru", "отели на Яве", JAVA),
    ],
)
def test_a_search_on_an_island_in_the_locative_lists_its_places(
    lang: str, query: str, box: tuple[float, float, float, float]
) -> None:
    args = {"text_query": query} | ({"language_code": lang} if lang else {})
    places = search_places(args, CTX).get("places") or []
    assert places, query
    for p in places:
        loc = p["location"]
        assert _inside(loc["latitude"], loc["longitude"], box), (query, loc)
