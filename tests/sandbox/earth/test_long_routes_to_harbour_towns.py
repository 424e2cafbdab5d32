"""Long drives to a town on a harbour or a bay (Sydney, Darwin, Copenhagen) had no route: the
overland search's cells are up to 30 km wide there, the end's own cell read as sea, and no
finer search runs beyond 400 km. Published road distances (Google Maps, national road
authorities): within ±25 %.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox

PUBLISHED_KM = [
    ("Perth, Australia", "Sydney, Australia", 3935),
    ("Alice Springs, Australia", "Darwin, Australia", 1497),
    ("Brisbane, Australia", "Darwin, Australia", 3420),
    ("Cologne, Germany", "Copenhagen, Denmark", 830),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(("origin", "destination", "km"), PUBLISHED_KM)
def test_a_long_drive_to_a_harbour_town_is_answered_at_about_its_road_distance(
    box: Sandbox, origin: str, destination: str, km: int
) -> None:
    out = box.call_tool(
        "compute_routes",
        {"origin": {"address": origin}, "destination": {"address": destination}},
    )
    assert out["routes"], (origin, destination)
    ratio = out["routes"][0]["distanceMeters"] / 1000 / km
    assert 0.75 <= ratio <= 1.25, (origin, destination, round(ratio, 2))
