"""A search lists nothing around a LOW town the text names only by its first letters, cut inside
a word and no name of the town's own: the name is as likely a town the index lacks (issue 40,
names round 9).

Inputs are towns and phrasings none of the names corpora ask (``names_corpus.csv``,
``names_holdout.csv`` .. ``names_holdout4.csv``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mapsnb_sandbox.world.resolver import fold, resolve


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("hotels in Montevid", "Montevid"),  # Montevideo's first letters
        ("farmacia en Hambur", "Hambur"),  # Hamburg's
        ("bakeries in Casablan", "Casablan"),  # Casablanca's
    ],
)
def test_a_search_lists_nothing_around_a_town_cut_short(
    text: str, town: str, listed: Callable[[str], list[dict[str, Any]]]
) -> None:
    """The resolver still guesses the longer name, LOW; a search, which shows no confidence,
    lists nothing around it (``query._cut_short``)."""
    found = resolve(town, role="town").place
    assert found is not None and found.confidence == "LOW"
    assert fold(found.name).startswith(fold(town)) and fold(found.name) != fold(town)
    assert listed(text) == []


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("pharmacy in Valencia", 10.16, -68.0),  # LOW among namesakes, a big one still read
        ("farmacias en Valencia", 10.16, -68.0),
        ("hotels in Basra", 30.5, 47.8),  # Basrah by a name of its own in the index, not cut short
    ],
)
def test_a_low_town_of_its_whole_name_and_size_is_still_searched(
    text: str, lat: float, lng: float, first_km: Callable[[str, float, float], float]
) -> None:
    assert first_km(text, lat, lng) <= 30
