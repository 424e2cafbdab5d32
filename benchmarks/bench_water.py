"""Route computing in the emulator with water and terrain (issue 29): milliseconds per route.

Run: ``python benchmarks/bench_water.py`` from the repository root. Computes the routes of the
water corpus (``tests/sandbox/earth/water_corpus.py``: 45 published road pairs by DRIVE, 21 lake
pairs on foot, 8 city trips by DRIVE and WALK) cold, in one fresh emulator. Measured on the
project machine: 20.6 ms per route before the lakes mask, the overland search and the terrain
(straight lines across the water), 90-130 ms after; a second pass hits the path caches (1.5 ms).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox import Sandbox
from tests.sandbox.earth.water_corpus import CITY_TRIPS, LAKE_PAIRS, ROADS, Point


def _ll(p: Point) -> dict:
    return {"lat_lng": {"latitude": p[0], "longitude": p[1]}}


def main() -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    pairs = [(a, b, "DRIVE") for _, a, b, _ in ROADS]
    pairs += [(a, b, "WALK") for _, a, b in LAKE_PAIRS]
    pairs += [(a, b, m) for _, a, b in CITY_TRIPS for m in ("DRIVE", "WALK")]
    for label in ("cold", "warm"):
        t = time.perf_counter()
        for a, b, mode in pairs:
            args = {"origin": _ll(a), "destination": _ll(b), "travel_mode": mode}
            box.call_tool("compute_routes", {**args, "include_polyline": True})
        ms = (time.perf_counter() - t) / len(pairs) * 1000
        print(f"{len(pairs)} routes, {label}: {ms:.1f} ms per route")


if __name__ == "__main__":
    main()
