"""A pathological emulator call (issue 43, class 1): a WALK ``compute_routes`` through 25 land
waypoints scattered over North America, which runs 30-130 s in the water and crossing planner
when nothing bounds it. Shared by the emulator, transport and served-emulator tests."""

from __future__ import annotations

import random
from typing import Any

from mapsnb_sandbox.earth.water import is_land


def land_points(seed: int = 0, n: int = 25) -> list[tuple[float, float]]:
    """``n`` land points in the box 33-47 N, 118-78 W (deterministic for ``seed``)."""
    rng = random.Random(seed)
    points: list[tuple[float, float]] = []
    while len(points) < n:
        lat, lng = rng.uniform(33, 47), rng.uniform(-118, -78)
        if is_land(lat, lng):
            points.append((lat, lng))
    return points


def wire_arguments(seed: int = 0) -> dict[str, Any]:
    """The wire arguments of the pathological ``compute_routes`` (camelCase, as served)."""
    ends = [{"latLng": {"latitude": lat, "longitude": lng}} for lat, lng in land_points(seed)]
    return {
        "origin": ends[0],
        "destination": ends[-1],
        "intermediateWaypoints": ends[1:-1],
        "travelMode": "WALK",
    }
