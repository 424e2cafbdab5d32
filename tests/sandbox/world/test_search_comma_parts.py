"""A search lists places round the town of one comma part only where the text's other parts do
not name a place 50 km or more away: "Bridge, Towers and Monuments, Mostar" listed tourist
attractions in Bridge, a village of Kent, 1,600 km from Mostar (issue 40: never placed
elsewhere)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

#: Texts whose first part is a namesake town far from the town their last part names.
CONTRADICTED = [
    "Bridge, Towers and Monuments, Mostar",
    "Port, Forts and Group of Monuments, Salvador",
]

#: Kind-and-town searches with commas that must still list places at the named town (Wikipedia).
AGREEING = {
    "pharmacy in Paris, Texas": (33.661, -95.556),
    "hotels Kyoto, Japan": (35.012, 135.768),
    "restaurants, Richmond, British Columbia": (49.166, -123.133),
    "Shibuya restaurants, Tokyo": (35.662, 139.704),
}


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T03:00:00+00:00")


@pytest.mark.parametrize("text", CONTRADICTED)
def test_a_part_the_rest_contradicts_is_no_town_to_search(box: Sandbox, text: str) -> None:
    out = box.call_tool("search_places", {"text_query": text})
    assert out["places"] == [], out["summary"]


@pytest.mark.parametrize("text", sorted(AGREEING))
def test_qualified_searches_still_list_places(box: Sandbox, text: str) -> None:
    out = box.call_tool("search_places", {"text_query": text})
    assert out["places"], out["summary"]
    at = out["places"][0]["location"]
    assert haversine_m(at["latitude"], at["longitude"], *AGREEING[text]) < 20_000
