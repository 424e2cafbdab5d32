"""A pathological emulator call (issue 43, class 1): a WALK ``compute_routes`` through 25 land
waypoints scattered over North America, which ran 30-130 s in the water and crossing planner
when nothing bounded it (5-11 s since the planners' random-routes round; its 1,000,000-step
bound still stops it), and a heavier one for deadlines: 25 waypoints zigzagging between Iberia
and the Baltic, a walk round seas and lakes that runs past the emulator's own 30 s. Shared by
the emulator, transport and served-emulator tests."""

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


#: The two boxes :func:`zigzag_points` alternates between: Iberia and France, the Baltic.
ZIGZAG_BOXES = ((37.0, 44.0, -9.0, 3.0), (52.0, 60.0, 10.0, 30.0))


def zigzag_points(seed: int, n: int = 25) -> list[tuple[float, float]]:
    """``n`` points of Europe's mainland alternating between the boxes of :data:`ZIGZAG_BOXES`
    (deterministic for ``seed``): each leg a walk of 2,000-3,500 km round seas and lakes."""
    from mapsnb_sandbox.tools.paths import reachable

    rng = random.Random(seed)
    points: list[tuple[float, float]] = []
    while len(points) < n:
        lat0, lat1, lng0, lng1 = ZIGZAG_BOXES[len(points) % 2]
        lat, lng = rng.uniform(lat0, lat1), rng.uniform(lng0, lng1)
        if is_land(lat, lng) and reachable(((lat, lng), (40.4, -3.7)), "WALK"):  # Madrid's
            points.append((lat, lng))
    return points
