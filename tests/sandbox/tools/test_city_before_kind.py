"""A big town whose name is also a word, written before a kind's name, is the town (found as a
new user would, 2026-12-06): "Manchester pharmacy", "Bologna restaurants" and "Porto banco"
listed nothing, as an ordinary word before a kind ("nice cafe") names no town. Now a capitalised
town of 100,000 people before a kind's own name (not a thing it sells: "Bologna sandwich") is
that town. Truth: the towns' coordinates from their Wikipedia articles."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(
    ("text", "lang", "town"),
    [
        ("Reading hotels", "en", (51.4543, -0.9781)),
        ("Split restaurants", "en", (43.5081, 16.4402)),
        ("Sucre farmacia", "es", (-19.0196, -65.2619)),
    ],
)
def test_a_big_town_named_by_a_word_before_a_kind(
    box: Sandbox, text: str, lang: str, town: tuple[float, float]
) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    places = out.get("places") or []
    assert places, out["summary"]
    where = places[0]["location"]
    assert haversine_m(where["latitude"], where["longitude"], *town) < 25_000


@pytest.mark.parametrize("text", ["nice cafe", "Mocha latte", "Bologna sandwich", "Bath salts"])
def test_a_word_before_a_kind_stays_a_word(box: Sandbox, text: str) -> None:
    out = box.call_tool("search_places", {"text_query": text})
    assert not out.get("places"), out["summary"]
