"""Words that qualify a kind before it (found as a new user would, 2026-12-05): "24 hour
pharmacy Paris", "kid friendly restaurants Rome", "wheelchair accessible museum London",
"rooftop bar Bangkok", "dog friendly cafe Melbourne" read no kind (the words before the kind
were taken for a place); they now qualify it, as "best" and "cheap" did (`kind_qualities` of
``data/query_words.json``); a kind whose own name holds such a word keeps it ("dog park").
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("24 hour pharmacy Lisbon", "pharmacies", "Lisbon"),
        ("24/7 pharmacy Warsaw", "pharmacies", "Warsaw"),
        ("family friendly restaurants Porto", "restaurants", "Porto"),
        ("wheelchair accessible museums Vienna", "museums", "Vienna"),
        ("rooftop bar Istanbul", "bars", "Istanbul"),
        ("pet friendly hotel Denver", "hotels", "Denver"),
        ("halal restaurant Seoul", "restaurants", "Seoul"),
    ],
)
def test_a_quality_before_a_kind_qualifies_it(
    box: Sandbox, text: str, kind: str, town: str
) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": "en"})
    assert len(out.get("places") or []) >= 3, out["summary"]
    assert kind in out["summary"] and town in out["summary"], out["summary"]


@pytest.mark.parametrize(("text", "kind"), [("dog park Portland", "dog parks")])
def test_a_kind_named_with_such_a_word_keeps_it(box: Sandbox, text: str, kind: str) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": "en"})
    assert kind in out["summary"], out["summary"]
