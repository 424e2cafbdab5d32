"""A search lists nothing around a LOW town the text names only by its first letters, cut inside
a word and no name of the town's own: the name is as likely a town the index lacks (issue 40,
names round 9).

Inputs are towns and phrasings none of the names corpora ask (``names_corpus.csv``,
``names_holdout.csv`` .. ``names_holdout4.csv``).
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import fold, resolve


def _search(text: str) -> dict[str, object]:
    out: dict[str, object] = Sandbox().call_tool("search_places", {"text_query": text})
    return out


@pytest.mark.parametrize(
    ("text", "town"),
    [
        ("hotels in Montevid", "Montevid"),  # Montevideo's first letters
        ("farmacia en Hambur", "Hambur"),  # Hamburg's
        ("bakeries in Casablan", "Casablan"),  # Casablanca's
    ],
)
def test_a_search_lists_nothing_around_a_town_cut_short(text: str, town: str) -> None:
    """The resolver still guesses the longer name, LOW; a search, which shows no confidence,
    lists nothing around it (``query._cut_short``)."""
    found = resolve(town, role="town").place
    assert found is not None and found.confidence == "LOW"
    assert fold(found.name).startswith(fold(town)) and fold(found.name) != fold(town)
    assert _search(text)["places"] == []


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("pharmacy in Valencia", 10.16, -68.0),  # LOW among namesakes, a big one still read
        ("farmacias en Valencia", 10.16, -68.0),
        ("hotels in Basra", 30.5, 47.8),  # Basrah by a name of its own in the index, not cut short
    ],
)
def test_a_low_town_of_its_whole_name_and_size_is_still_searched(
    text: str, lat: float, lng: float
) -> None:
    from mapsnb.polyline import haversine_m

    places = _search(text)["places"]
    assert isinstance(places, list) and places
    loc = places[0]["location"]
    assert haversine_m(loc["latitude"], loc["longitude"], lat, lng) <= 30_000
