"""A walk whose grid way meets water the grid does not see is tried as two walks (issue 40,
class 5; :func:`mapsnb_sandbox.earth.ashore._split_walk`).

Sittwe's creeks: the grid's way from Sittwe north met a creek only the walk's own check sees,
and the leg was "no route" on foot while the walk by Ponnagyun (and every leg of it) was found.
The tests ask the tool with points, as a user would, and check what the walk must be: answered,
no open water beyond links, no shorter than the straight line and no longer than 3x it.
"""

from __future__ import annotations

import itertools

import pytest

from mapsnb.polyline import decode, haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.earth.crossings import open_water_beyond_links

SITTWE, MAUNGDAW = (20.14624, 92.89835), (20.82, 92.37)
CHITTAGONG, KOLKATA = (22.50515, 91.81339), (22.57965, 89.97521)


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _walk(box: Sandbox, *pts: tuple[float, float]) -> dict[str, object]:
    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in pts]
    args: dict[str, object] = {
        "origin": ll[0],
        "destination": ll[-1],
        "travel_mode": "WALK",
        "include_polyline": True,
    }
    if len(pts) > 2:
        args["intermediate_waypoints"] = ll[1:-1]
    routes = box.call_tool("compute_routes", args).get("routes") or []
    assert routes, f"no route on foot through {pts}"
    return routes[0]


@pytest.mark.slow
@pytest.mark.parametrize(
    "pts",
    [(SITTWE, MAUNGDAW), (SITTWE, CHITTAGONG), (SITTWE, CHITTAGONG, KOLKATA)],
    ids=["sittwe-maungdaw", "sittwe-chittagong", "sittwe-chittagong-kolkata"],
)
def test_a_walk_out_of_sittwe_is_found_and_dry(box: Sandbox, pts: tuple) -> None:
    route = _walk(box, *pts)
    straight = sum(haversine_m(*a, *b) for a, b in itertools.pairwise(pts))
    assert straight <= route["distanceMeters"] <= 3 * straight + 20_000
    path = decode(str(route["encodedPolyline"]))
    assert open_water_beyond_links(path) == 0
