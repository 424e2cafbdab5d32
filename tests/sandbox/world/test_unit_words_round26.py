"""Short names of second-level units without a comma (issue 40, round 26, h-qualif26; guards).

Round 25 let "Lot", "Var", "Ain", "Nord", "Cher", "Gard" qualify a town without a comma. A check
of 258 texts (every unit name of four letters or fewer with its two biggest towns, bare and in
brackets, and with kind words: "Lot hotels", "hotels Nord", "pharmacie Var"; and "Paris Nord",
"Marseille Nord", "Lyon Sud") against the commit before round 25 moved 112 answers, every one a
"Town Unit" or "Town (Unit)" now read as the town, MEDIUM ("Dole Jura" was Győr); no kind text
moved. The split holds only where the unit holds the town, so no restriction was needed; these
guard it.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Cahors Lot", "Cahors"),
        ("Cahors (Lot)", "Cahors"),
        ("Toulon Var", "Toulon"),
        ("Bourges Cher", "Bourges"),
        ("Nîmes Gard", "Nîmes"),
        ("Dole Jura", "Dole"),
    ],
)
def test_a_town_then_its_unit_is_the_town(text: str, name: str) -> None:  # guard
    place = resolve(text).place
    assert place is not None and place.name == name and place.confidence == "MEDIUM", text


@pytest.mark.parametrize(
    "text",
    ["Lot hotels", "hotels Nord", "Var pharmacy", "Ain hotels", "pharmacie Cher", "Gard hotels"],
)
def test_a_unit_word_beside_a_kind_names_no_town(text: str) -> None:  # guard
    place = resolve(text).place
    assert place is None or place.kind != "locality" or place.confidence == "LOW", (text, place)


@pytest.mark.parametrize("text", ["Marseille Nord", "Lyon Sud", "Paris Var"])
def test_a_unit_that_does_not_hold_the_town_is_no_qualifier(text: str) -> None:  # guard
    place = resolve(text).place
    assert place is None or place.confidence != "MEDIUM" or place.kind != "locality", text
