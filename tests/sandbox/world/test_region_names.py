"""A bare name that is also a first-level region of another country with more people is no
sure town: "Bali" was Bāli, West Bengal, with MEDIUM confidence, and "beaches in Bali" listed
beaches near Kolkata (issue 40: never confidently placed elsewhere)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(("text", "cc"), [("Bali", "ID"), ("Ontario", "CA")])
def test_a_foreign_region_s_name_answers_the_region_not_the_town(text: str, cc: str) -> None:
    """No longer the LOW town: the region itself (:mod:`mapsnb_sandbox.world.regions`)."""
    hit = resolve(text)
    assert hit.place is not None and hit.how == "region", hit.place
    assert hit.place.country_code == cc


def test_no_search_lists_the_namesake_town() -> None:
    out = Sandbox().call_tool("search_places", {"text_query": "beaches in Bali"})
    for place in out["places"]:
        assert place["location"]["longitude"] > 100.0, place  # not India's Bāli


@pytest.mark.parametrize(
    ("text", "cc", "sure"),
    [("Santiago", "CL", "LOW"), ("Madrid", "ES", "MEDIUM"), ("Córdoba", "AR", "MEDIUM")],
)
def test_a_big_town_keeps_its_name(text: str, cc: str, sure: str) -> None:
    """A region abroad with fewer people than the town leaves it sure; an island elsewhere of
    its bare name leaves it the answer, LOW (round 23: "Santiago" is Cape Verde's island too,
    ``test_islands_round23.py``)."""
    hit = resolve(text)
    assert hit.place is not None and hit.place.country_code == cc
    assert hit.place.confidence == sure
