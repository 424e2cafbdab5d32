"""Islands named in summaries in the asked language and case (issue 40, round 22, h-islands22).

A search near an island said "рядом с Crete", "près de Corse", "w pobliżu: Crete": the island's
table name in English, after a preposition that governs a case or an article. Islands now take
their name in the language (``data/island_cases.tsv``), in the case the text asks ("рядом с
Критом", "від Криту"), after their article where the language gives them one ("près de la
Corse", "vicino alla Corsica", "perto da Madeira"), or in apposition where no form is known
("poblíž ostrova Kréta", "рядом с островом Корфу").

Truth: the phrases as the grammars write them (Rosenthal; Vyhovanets; PWN; Grevisse §1050;
Serianni IV.79; Cunha & Cintra), typed here, never read from the emulator's tables.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.along_route import search_along_route
from mapsnb_sandbox.tools.places import search_places

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _text(summary: str) -> str:
    return re.sub(r"<[^>]+>", " ", summary)


@pytest.mark.parametrize(
    ("lang", "query", "intro", "distance"),
    [
        ("ru", "отели на Крите", "рядом с Критом", "от Крита"),
        ("ru", "отели Крит", "рядом с Критом", "от Крита"),
        ("uk", "готелі на Криті", "поблизу Криту", "від Криту"),
        ("pl", "hotele na Krecie", "w pobliżu Krety", "od Krety"),
        ("pl", "hotele na Korsyce", "w pobliżu Korsyki", "od Korsyki"),
        ("cs", "hotely na Krétě", "poblíž ostrova Kréta", "od ostrova Kréta"),
        ("ru", "отели на Корфу", "рядом с островом Корфу", "от острова Корфу"),
        ("fr", "hôtels en Corse", "près de la Corse", "de la Corse"),
        ("fr", "hôtels Crète", "près de la Crète", "de la Crète"),
        ("fr", "hôtels Majorque", "près de Majorque", "de Majorque"),
        ("it", "alberghi Corsica", "vicino alla Corsica", "dalla Corsica"),
        ("pt", "hotéis Madeira", "perto da Madeira", "da Madeira"),
        ("de", "Hotels auf Kreta", "in der Nähe von Kreta", "von Kreta"),
        ("el", "ξενοδοχεία Κρήτη", "στο νησί Κρήτη", "από το νησί Κρήτη"),
        ("en", "hotels on Isle of Wight", "near the Isle of Wight", "from the Isle of Wight"),
    ],
)
def test_island_in_its_case(lang: str, query: str, intro: str, distance: str) -> None:
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    assert out["places"], query
    text = _text(out["summary"])
    first = text.split("  ")[0]
    assert intro in first, first
    assert distance in text, text[:400]
    assert lang == "en" or "Crete" not in text  # the table's English name


@pytest.mark.parametrize(
    ("lang", "island", "phrase"),
    [("ru", "Крит", "до Крита"), ("pl", "Kreta", "do Krety"), ("uk", "Крит", "до Криту")],
)
def test_route_to_an_island(lang: str, island: str, phrase: str) -> None:
    ends = {"origin": {"address": "Chania"}, "destination": {"address": island}}
    args = {"text_query": "pharmacy", "route_endpoints": ends, "language_code": lang}
    out = search_along_route(args, CTX)
    assert phrase in _text(out["summary"]), out["summary"][:300]
