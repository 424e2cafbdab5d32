"""A route's bare endpoint is the town near the other endpoint even when that town bears the
name as another of its names ("Leeds to Newcastle" drove 481 km to Newcastle, County Down, by
its own name, past Newcastle upon Tyne, 140 km away), and a namesake of over a million people
on another landmass does not keep it ("Atlanta to Birmingham" had no route: England's)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

#: Bare endpoints, and the point of the town a route means (Wikipedia).
ROUTES = [
    ("Leeds", "Newcastle", (54.978, -1.613)),
    ("Middlesbrough", "Newcastle", (54.978, -1.613)),
    ("Atlanta", "Birmingham", (33.521, -86.802)),
    ("Nashville", "Birmingham", (33.521, -86.802)),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T03:00:00+00:00")


@pytest.mark.parametrize(("origin", "destination", "meant"), ROUTES)
def test_the_route_ends_at_the_town_near_the_other_end(
    box: Sandbox, origin: str, destination: str, meant: tuple[float, float]
) -> None:
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": origin}, "destination": {"address": destination}},
    )
    assert out["routes"], out
    named = box.call_tool("resolve_names", {"queries": [{"text": origin}]})
    at = named["results"][0]["sandboxMatch"]["location"]
    crow = haversine_m(*meant, at["latitude"], at["longitude"])
    assert crow / 1.2 < out["routes"][0]["distanceMeters"] < 2.0 * crow + 20_000


def test_the_bare_name_alone_keeps_its_own_town(box: Sandbox) -> None:
    """Without another endpoint nothing moves it: Newcastle, New South Wales, LOW."""
    named = box.call_tool("resolve_names", {"queries": [{"text": "Newcastle"}]})
    assert named["results"][0]["confidence"] == "LOW"
