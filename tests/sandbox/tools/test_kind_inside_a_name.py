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


#: The stations the emulator's landmark table holds: found, not only "never elsewhere".
KNOWN = {q for q, _ in STATIONS[:6]}


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox()


@pytest.mark.parametrize(("query", "truth"), STATIONS, ids=[q for q, _ in STATIONS])
def test_every_place_listed_is_in_the_town_the_query_names(
    box: Sandbox, query: str, truth: tuple[float, float]
) -> None:
    places = box.call_tool("search_places", {"text_query": query, "page_size": 5})["places"]
    assert places or query not in KNOWN, query  # a station it does not know: NOT_FOUND
    for place in places:
        at = (place["location"]["latitude"], place["location"]["longitude"])
        assert haversine_m(*at, *truth) < 25_000, (query, at)


def test_a_kind_with_a_town_on_one_side_still_names_the_kind(box: Sandbox) -> None:
    """The rule reads words on both sides of a kind as a name; one side is still a town."""
    for query in ("train station London", "London train stations", "pharmacies Lyon"):
        answer = box.call_tool("search_places", {"text_query": query, "page_size": 5})
        assert len(answer["places"]) >= 2, query


# A city's airports, by Wikipedia's coordinates (the emulator reads airportsdata's).
AIRPORTS = [
    ("airport Munich", (48.3538, 11.7861)),  # MUC, 28 km from Marienplatz
    ("Flughafen Frankfurt", (50.0333, 8.5706)),  # FRA
    ("aeropuerto de Madrid", (40.4722, -3.5608)),  # MAD (Barajas)
    ("airports near Lyon", (45.7256, 5.0811)),  # LYS (Saint-Exupéry), 20 km out
]


@pytest.mark.parametrize(("query", "truth"), AIRPORTS, ids=[q for q, _ in AIRPORTS])
def test_a_city_s_airport_out_of_town_is_found(
    box: Sandbox, query: str, truth: tuple[float, float]
) -> None:
    """An airport lies beyond the few km a kind's circle scans; it is found, not "no match"."""
    places = box.call_tool("search_places", {"text_query": query, "page_size": 5})["places"]
    nearest = min(
        haversine_m(p["location"]["latitude"], p["location"]["longitude"], *truth) for p in places
    )
    assert nearest < 3_000, (query, nearest)


def test_one_place_is_said_in_the_singular_with_its_article(box: Sandbox) -> None:
    """ "Here is 1 airport", not "Here are 1 airports"; "an airport", not "a airport"."""
    answer = box.call_tool("search_places", {"text_query": "airport Reykjavik", "page_size": 1})
    assert len(answer["places"]) == 1
    summary = answer["summary"]
    assert "Here is 1 airport near" in summary, summary
    assert " a airport" not in summary and "1 airports" not in summary, summary


def test_a_place_of_no_town_names_its_country_once(box: Sandbox) -> None:
    """Oberpfaffenhofen's airfield has no town in the airport table: "Germany", not twice."""
    summary = box.call_tool(
        "search_places", {"text_query": "Oberpfaffenhofen Airport", "page_size": 1}
    )["summary"]
    assert "Germany" in summary and "Germany, Germany" not in summary, summary


@pytest.mark.parametrize(
    ("query", "town"),
    [
        ("best pizza Naples", (40.8518, 14.2681)),
        ("cheap hotels Lisbon", (38.7223, -9.1393)),
        ("günstige Hotels Berlin", (52.5200, 13.4050)),
        ("najlepsze restauracje Kraków", (50.0647, 19.9450)),
        ("new restaurants Berlin", (52.5200, 13.4050)),  # not New Berlin, Wisconsin
    ],
)
def test_words_that_qualify_a_kind_are_no_town(
    box: Sandbox, query: str, town: tuple[float, float]
) -> None:
    """ "best pizza Naples" lists pizza in Naples, not "no town called 'best Naples'"."""
    places = box.call_tool("search_places", {"text_query": query, "page_size": 3})["places"]
    assert places, query
    for p in places:
        assert haversine_m(p["location"]["latitude"], p["location"]["longitude"], *town) < 25_000
