"""The Carquinez, Benicia–Martinez and Antioch bridges (links.csv, from their Wikipedia
articles): Concord to Benicia had no route, Oakland to Vallejo by bicycle none, and Palo Alto
to Vallejo drove 172 km round by the Golden Gate (Google: about 100 km)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox

#: Town pairs across the Carquinez Strait and the San Joaquin, a mode, and the longest distance
#: a route over the bridge may take (Google Maps' distances plus a fifth).
PAIRS = [
    ("Concord, CA", "Benicia, CA", "DRIVE", 30_000),
    ("Oakland, CA", "Vallejo, CA", "BICYCLE", 55_000),
    ("Palo Alto, CA", "Vallejo, CA", "DRIVE", 125_000),
    ("Antioch, CA", "Rio Vista, CA", "DRIVE", 32_000),
]


@pytest.mark.parametrize(("origin", "destination", "mode", "most"), PAIRS)
def test_a_route_crosses_the_strait_by_its_bridge(
    origin: str, destination: str, mode: str, most: int
) -> None:
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    out = box.call_tool(
        "compute_routes",
        {
            "origin": {"address": origin},
            "destination": {"address": destination},
            "travel_mode": mode,
        },
    )
    assert out["routes"], (origin, destination, mode)
    assert out["routes"][0]["distanceMeters"] < most
