"""A route's endpoint named by a bare town name is read near the route's other endpoints when
its first reading is unsure or on another landmass ("Denver to Vail" drove 1,264 km to Vail,
Arizona; "Boston to Salem" had no route: Salem, India), also by another of its names ("Leeds to
Newcastle" drove 481 km to Newcastle, County Down, past Newcastle upon Tyne; "Atlanta to
Birmingham" had no route: England's), but a town of two million people stays itself ("Paris to
New York": no route), and so does one a road reaches ("Chicago to Denver")."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

#: Bare endpoints, and the point of the namesake a route means (Wikipedia).
ROUTES = [
    ("Denver", "Vail", (39.640, -106.374)),
    ("Boston", "Salem", (42.519, -70.897)),
    ("Portland", "Salem", (44.943, -123.035)),
    ("Sydney", "Newcastle", (-32.927, 151.776)),
    # by another of its names: Newcastle upon Tyne, not Newcastle, Co. Down (481 km)
    ("Leeds", "Newcastle", (54.978, -1.613)),
    ("Middlesbrough", "Newcastle", (54.978, -1.613)),
    # a namesake of over a million abroad keeps no name: Alabama's, not England's Birmingham
    ("Atlanta", "Birmingham", (33.521, -86.802)),
    ("Nashville", "Birmingham", (33.521, -86.802)),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T03:00:00+00:00")


@pytest.mark.parametrize(("origin", "destination", "meant"), ROUTES)
def test_a_bare_endpoint_is_the_namesake_near_the_other(
    box: Sandbox, origin: str, destination: str, meant: tuple[float, float]
) -> None:
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": origin}, "destination": {"address": destination}},
    )
    route = out["routes"][0]
    crow = haversine_m(*meant, *_point(box, origin))
    assert crow / 1.2 < route["distanceMeters"] < 2.5 * crow + 20_000
    along = box.call_tool(
        "search_along_route",
        {
            "text_query": "gas station",
            "route_endpoints": {
                "origin": {"address": origin},
                "destination": {"address": destination},
            },
        },
    )
    assert along["results"], along["summary"]
    for result in along["results"]:
        at = result["place"]["location"]
        assert haversine_m(at["latitude"], at["longitude"], *meant) < crow + 50_000


def _point(box: Sandbox, text: str) -> tuple[float, float]:
    named = box.call_tool("resolve_names", {"queries": [{"text": text}]})
    at = named["results"][0]["sandboxMatch"]["location"]
    return at["latitude"], at["longitude"]


def test_a_town_of_two_million_stays_itself(box: Sandbox) -> None:
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": "Paris"}, "destination": {"address": "New York"}},
    )
    assert out == {"routes": []}


def test_a_town_a_road_reaches_stays_itself(box: Sandbox) -> None:
    """Denver, Colorado is 1,450 km from Chicago but a road joins them: no nearer Denver."""
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": "Chicago"}, "destination": {"address": "Denver"}},
    )
    assert out["routes"][0]["distanceMeters"] > 1_400_000


def test_a_location_bias_decides_instead(box: Sandbox) -> None:
    """With a location bias the request already says where it means: no second reading."""
    out = box.call_tool(
        "compute_routes",
        {
            "origin": {"address": "Tucson"},
            "destination": {"address": "Vail"},
            "location_bias": {"latitude": 32.2, "longitude": -110.9},
        },
    )
    assert out["routes"][0]["distanceMeters"] < 80_000


def test_the_bare_name_alone_keeps_its_own_town(box: Sandbox) -> None:
    """Without another endpoint nothing moves it: Newcastle, New South Wales, LOW."""
    named = box.call_tool("resolve_names", {"queries": [{"text": "Newcastle"}]})
    assert named["results"][0]["confidence"] == "LOW"
