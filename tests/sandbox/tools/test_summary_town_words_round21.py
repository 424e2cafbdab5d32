"""A search's summary names its town as the asker wrote it, also where the place part holds
other words ("Hauptbahnhof München", "centro Roma"): the summary said "in der Nähe von Munich"
and "vicino a Rome", the index's English names, in a German and an Italian sentence."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox

_BOX = Sandbox(now="2026-09-18T15:00:00Z")


@pytest.mark.parametrize(
    ("query", "lang", "shown", "not_shown"),
    [
        ("Apotheke in der Nähe vom Hauptbahnhof München", "de", "München", "Munich"),
        ("alberghi centro Roma", "it", "Roma", "Rome"),
        ("farmacias en el centro de Sevilla", "es", "Sevilla", "Seville"),
    ],
)
def test_the_town_as_typed_among_other_words(
    query: str, lang: str, shown: str, not_shown: str
) -> None:
    out = _BOX.call_tool("search_places", {"text_query": query, "language_code": lang})
    intro = out["summary"].split("</p>")[0]
    assert out["places"], out["summary"]
    assert shown in intro and not_shown not in intro, intro
