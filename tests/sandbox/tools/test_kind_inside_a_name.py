"""A kind word inside a place's name ("Victoria Station London") names that place, not a kind.

Issue 40's class "placed elsewhere": ``search_places`` read "Grand Central Terminal New York" as
train stations near a town "Grand" (Ivory Coast) and "Waterloo station London" as stations in
Waterloo, Ontario; the words after the kind were dropped. Truth: the stations' own coordinates
(Wikipedia), which the emulator does not read; a listed place must be in the town the query names.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

# (query, where the station is (lat, lon)) -- Wikipedia's coordinates of each station.
STATIONS = [
    ("Victoria Station London", (51.4952, -0.1441)),
    ("Waterloo station London", (51.5031, -0.1132)),
    ("Grand Central Terminal New York", (40.7527, -73.9772)),
    ("Paddington Station London", (51.5154, -0.1755)),
    ("Union Station Denver", (39.7528, -105.0000)),
    ("Central Station Sydney", (-33.8833, 151.2061)),
    ("Gare de Lyon Paris", (48.8443, 2.3744)),
    ("St Pancras station London", (51.5317, -0.1263)),
    ("Bahnhof Zoo Berlin", (52.5070, 13.3320)),
    ("Tokyo Station Marunouchi", (35.6812, 139.7671)),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox()


@pytest.mark.parametrize(("query", "truth"), STATIONS, ids=[q for q, _ in STATIONS])
def test_every_place_listed_is_in_the_town_the_query_names(
    box: Sandbox, query: str, truth: tuple[float, float]
) -> None:
    places = box.call_tool("search_places", {"text_query": query, "page_size": 5})["places"]
    assert places, query
    for place in places:
        at = (place["location"]["latitude"], place["location"]["longitude"])
        assert haversine_m(*at, *truth) < 25_000, (query, at)


def test_a_kind_with_a_town_on_one_side_still_names_the_kind(box: Sandbox) -> None:
    """The rule reads words on both sides of a kind as a name; one side is still a town."""
    for query in ("train station London", "London train stations", "pharmacies Lyon"):
        answer = box.call_tool("search_places", {"text_query": query, "page_size": 5})
        assert len(answer["places"]) >= 2, query
