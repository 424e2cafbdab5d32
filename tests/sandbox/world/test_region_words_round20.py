"""A region named with its region word in a search ("hoteles en el estado de California",
"отели в штате Калифорния", "هتل در ایالت کالیفرنیا", "Hotels im Bundesstaat Kalifornien",
"hotel nello stato della California", "Kaliforniya eyaletindeki oteller") is that region, as its
bare name is ("hotels in California"): the emulator knew no place "el estado de California"
(issue 40, round 20; the words are `region_words` of `data/query_words.json`)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox

_BOX = Sandbox(now="2026-09-18T15:00:00Z")
#: California's box (Natural Earth's admin-1 unit, rounded out).
_CALIFORNIA = (32.5, 42.1, -124.5, -114.1)


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("es", "hoteles en el estado de California"),
        ("fr", "hôtels dans l'État de Californie"),
        ("ru", "отели в штате Калифорния"),
        ("uk", "готелі в штаті Каліфорнія"),
        ("pl", "hotele w stanie Kalifornia"),
        ("cs", "hotely ve státě Kalifornie"),
        ("fa", "هتل در ایالت کالیفرنیا"),
        ("de", "Hotels im Bundesstaat Kalifornien"),
        ("it", "hotel nello stato della California"),
        ("tr", "Kaliforniya eyaletindeki oteller"),
    ],
)
def test_a_region_with_its_region_word_is_the_region(lang: str, text: str) -> None:
    out = _BOX.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out["places"]
    assert places, out["summary"]
    south, north, west, east = _CALIFORNIA
    for p in places:
        loc = p["location"]
        assert south <= loc["latitude"] <= north and west <= loc["longitude"] <= east, text


def test_a_town_keeps_its_name_without_region_words() -> None:
    """ "hoteles en Mendoza" stays the town (its province is named after it)."""
    out = _BOX.call_tool(
        "search_places", {"text_query": "hoteles en Mendoza", "language_code": "es"}
    )
    assert "Mendoza" in out["summary"] and out["places"]


def test_a_short_region_word_of_another_language_makes_no_region() -> None:
    """ "Panama hat": "hat" folds as Vietnamese "hạt" (a district) does; no Panama City."""
    out = _BOX.call_tool("resolve_names", {"queries": [{"text": "Panama hat"}]})["results"][0]
    assert "entity" not in out, out


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("estado de São Paulo", "pt"),  # the state, not its capital of the same name
        ("estado do Rio de Janeiro", "pt"),
        ("province de Québec", "fr"),
        ("Nara Prefecture", "en"),
        ("provincia de Mendoza", "es"),
    ],
)
def test_region_words_name_the_region_not_its_capital(text: str, lang: str) -> None:
    args = {"queries": [{"text": text}], "language_code": lang}
    match = _BOX.call_tool("resolve_names", args)["results"][0]["sandboxMatch"]
    assert match["matchedAs"] == "region", (text, match)


@pytest.mark.parametrize("text", ["São Paulo", "Rio de Janeiro", "Québec"])
def test_the_bare_name_stays_the_capital(text: str) -> None:
    match = _BOX.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    assert match["sandboxMatch"]["matchedAs"] == "city", (text, match)
