"""Words that qualify a kind before it (found as a new user would, 2026-12-05): "24 hour
pharmacy Paris", "kid friendly restaurants Rome", "wheelchair accessible museum London",
"rooftop bar Bangkok", "dog friendly cafe Melbourne" read no kind (the words before the kind
were taken for a place); they now qualify it, as "best" and "cheap" did (`kind_qualities` of
``data/query_words.json``); a kind whose own name holds such a word keeps it ("dog park").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

Search = Callable[[str], tuple[int, str]]  # the ``search`` fixture of conftest.py


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
    search: Search, text: str, kind: str, town: str
) -> None:
    n, summary = search(text)
    assert n >= 3, summary
    assert kind in summary and town in summary, summary


@pytest.mark.parametrize(("text", "kind"), [("dog park Portland", "dog parks")])
def test_a_kind_named_with_such_a_word_keeps_it(search: Search, text: str, kind: str) -> None:
    _, summary = search(text)
    assert kind in summary, summary
