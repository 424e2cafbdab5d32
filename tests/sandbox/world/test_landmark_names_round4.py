"""Issue 40, round 4 of famous places: ``search_places`` never lists a place elsewhere for a
landmark's name it does not know. Inputs are made up or real places outside the UNESCO holdout
(``tests/data/landmark_holdout.csv`` is not used here)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.tools.query import title_cased, words_as_typed
from mapsnb_sandbox.world.resolver import bare_guess, resolve


def _search(text: str) -> dict[str, object]:
    return Sandbox().call_tool("search_places", {"text_query": text})


@pytest.mark.parametrize(
    "text",
    [
        "Quorvantis in Portugal",  # a made-up name, not a kind: no invented "quorvantis"
        "Zelmorath au Portugal",
        "Vallmora District in Valencia",
    ],
)
def test_a_capitalised_unknown_name_invents_no_places_of_its_kind(text: str) -> None:
    out = _search(text)
    assert out["places"] == [], out["summary"]
    assert "synthetic places of the kind" not in str(out["summary"])


def test_a_lower_case_unknown_kind_is_still_invented() -> None:
    out = _search("solar energy companies in Lyon")
    assert len(out["places"]) == 5  # type: ignore[arg-type]
    assert "solar energy companies" in str(out["summary"])


@pytest.mark.parametrize("text", ["Lyon, Church and Tower", "Bran, Castle and Village"])
def test_a_kind_word_inside_a_name_is_no_kind_search(text: str) -> None:
    """ "Vézelay, Church and Hill" was two churches near Vézelay, 7 km from the hill."""
    out = _search(text)
    assert out["places"] == [], out["summary"]


@pytest.mark.parametrize(
    ("text", "kind"), [("Lyon schools", "school"), ("churches in Rome", "church")]
)
def test_a_kind_and_a_town_stay_a_kind_search(text: str, kind: str) -> None:
    out = _search(text)
    assert len(out["places"]) >= 2, out["summary"]  # type: ignore[arg-type]
    assert kind in str(out["summary"]).lower()


@pytest.mark.parametrize("text", ["Jantar Vilnor", "Cena Mantor"])
def test_a_title_cased_name_with_a_kind_word_of_another_language_is_no_kind(text: str) -> None:
    """ "Jantar Mantar" (Jaipur) was five restaurants ("jantar": dinner, pt) near Manta,
    Ecuador, 16,193 km off."""
    assert _search(text)["places"] == []


@pytest.mark.parametrize("text", ["Santa Cruz", "Santa Rosa", "Kudüs"])
def test_a_search_lists_no_bare_name_that_is_only_a_guess(text: str) -> None:
    """A bare name resolved LOW because towns of several countries bear it ("Santa Cruz":
    Bolivia, California, Tenerife...) or because it is only another name of the town picked
    ("Kudüs": Jerusalem in Turkish, and Kudus in Java): ``resolve_names`` shows the guess as
    LOW; a search, which shows no confidence, lists nothing."""
    found = resolve(text)
    assert found.place is not None and found.confidence == "LOW"
    assert bare_guess(text, found.place, found.how)
    out = _search(text)
    assert out["places"] == [], out["summary"]
    assert "No places matching" in str(out["summary"])


@pytest.mark.parametrize("text", ["Córdoba", "Hamilton", "San Fernando"])
def test_a_bare_name_surely_meant_is_still_listed(text: str) -> None:
    found = resolve(text)
    assert found.place is not None and found.confidence == "MEDIUM"
    assert not bare_guess(text, found.place, found.how)
    assert len(_search(text)["places"]) == 1  # type: ignore[arg-type]


def test_title_case_and_typed_words() -> None:
    assert title_cased("At-Turaif District") and title_cased("Kujataa")
    assert not title_cased("solar energy companies") and not title_cased("北京")
    assert words_as_typed("Nubie d'Abou Simbel") == ["Nubie", "d", "Abou", "Simbel"]
