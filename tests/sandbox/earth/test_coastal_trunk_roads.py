"""Trunk legs along a coast (150 km or more) whose straight line runs out at sea: the side
points that keep them ashore went far inland when the first offset that worked was a wide one
(Portland, Maine to Boston by Manchester, 255 km, where I-95 drives about 170). Such a way is now
compared with the grid's, which follows the coast, and the shorter kept."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

#: Coastal pairs whose roads follow the shore, with the towns' points. Each road is at most
#: about 1.3 times the great circle (the M4 and M5, Morocco's A1 coast road, Malaysia's East
#: Coast and the North-South expressways, the Sanyō and Shin-Tōmei expressways); the emulator
#: drove them 1.4-2.1 times it before.
COAST_ROADS = [
    ("Brighton-Cardiff", (50.8284, -0.1395), (51.4816, -3.1791)),
    ("Rabat-El Jadida", (34.0209, -6.8416), (33.2549, -8.5078)),
    ("Kuantan-Johor Bahru", (3.8077, 103.326), (1.4655, 103.7578)),
    ("Akashi-Toyohashi", (34.6431, 134.9975), (34.7692, 137.3915)),
    ("Portland-Boston", (43.6574, -70.2589), (42.3584, -71.0598)),
]


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(("name", "a", "b"), COAST_ROADS, ids=[n for n, *_ in COAST_ROADS])
def test_a_coast_road_is_not_driven_far_inland(
    box: Sandbox, name: str, a: tuple[float, float], b: tuple[float, float]
) -> None:
    out = box.call_tool(
        "compute_routes",
        {
            "origin": {"lat_lng": {"latitude": a[0], "longitude": a[1]}},
            "destination": {"lat_lng": {"latitude": b[0], "longitude": b[1]}},
        },
    )
    assert out["routes"], name
    ratio = out["routes"][0]["distanceMeters"] / haversine_m(*a, *b)
    assert 1.0 < ratio <= 1.4, (name, round(ratio, 2))
