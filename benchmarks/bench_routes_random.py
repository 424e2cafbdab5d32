"""Routes between towns nobody chose: do the planners answer within the emulator's work bound?

Run: ``python benchmarks/bench_routes_random.py [--pairs N] [--seed S] [-v]`` from the repository
root.

Twice a planner change made ordinary routes hit the work bound (Paris–London by road, San
Francisco–Alameda–Oakland with a waypoint) and no benchmark saw it. This one draws town pairs
with a fixed seed from the emulator's own towns of 50,000+, every other trip from a town of an
independent list (Natural Earth's populated places; ``--index-only``: the index's alone, the
sample before round 28) (a robustness sample, not a truth:
no distance is checked), a quarter each 5-50 km, 50-500 km, 500-1,500 km and 1,500-4,000 km
apart, plus as many triples with a waypoint between, and asks each through a real
:class:`mapsnb_sandbox.Sandbox` (with its work bound) in DRIVE, WALK and TRANSIT (TRANSIT takes
no waypoints). Per mode: answered, no route (towns on different landmasses count as plausible),
errors by kind (``DEADLINE_EXCEEDED`` is the work bound), and time per route (p50, p95, max).
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BANDS_KM = ((5, 50), (50, 500), (500, 1500), (1500, 4000))
MODES = ("DRIVE", "WALK", "TRANSIT")
NOW = "2026-09-18T15:00:00+00:00"
Point = tuple[float, float]


def _km(a: Point, b: Point) -> float:
    from mapsnb.polyline import haversine_m

    return haversine_m(a[0], a[1], b[0], b[1]) / 1000


#: An independent list of towns: Natural Earth's populated places as ``names_holdout.csv``
#: holds them (its truth points), which the emulator's index does not choose.
INDEPENDENT = ROOT / "tests" / "data" / "names_holdout.csv"


def independent_towns() -> list[Point]:
    """The distinct points of :data:`INDEPENDENT`, in file order."""
    import csv

    with INDEPENDENT.open(encoding="utf-8") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        return list(dict.fromkeys((float(r["lat"]), float(r["lng"])) for r in rows))


def sample(n: int, seed: int, independent: bool = False) -> list[tuple[Point, ...]]:
    """``n`` pairs (a quarter per band) and ``n // 2`` triples of towns of 50,000+ (the index's
    own: no appended district or seat, whose point is a city's or its namesake's); with
    ``independent`` every other trip starts at a town of :data:`INDEPENDENT` instead (the
    index's own towns alone hid Dakhla, whose peninsula the mask cut off, round 28)."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.names.districts import is_added

    rng = random.Random(seed)
    cities = city_index().cities
    towns = [(c.lat, c.lng) for c in cities if c.population >= 50_000 and not is_added(c.geonameid)]
    other = independent_towns() if independent else towns
    out: list[tuple[Point, ...]] = []
    for k in range(n + n // 2):
        lo, hi = BANDS_KM[k % len(BANDS_KM)]
        a = rng.choice(other if k % 2 else towns)
        near = [t for t in rng.sample(towns, 4000) if lo <= _km(a, t) <= hi]
        if len(near) < 2:
            continue
        if k < n:
            out.append((a, near[0]))
        else:  # a waypoint between: a town near the middle of a and the farther end
            b = near[0]
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            via = min(near[1:], key=lambda t: _km(t, mid))
            out.append((a, via, b) if _km(via, mid) < hi / 3 else (a, b))
    return out


def _ask(box: object, pts: tuple[Point, ...], mode: str) -> tuple[str, float | None]:
    """The outcome of one ``compute_routes`` call (``"answered"``, ``"no route"`` or the
    error's code) and the first route's distance in km (``None`` unless answered)."""
    from mapsnb_sandbox.contract.common import SandboxToolError

    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in pts]
    args = {"origin": ll[0], "destination": ll[-1], "travel_mode": mode}
    if len(pts) > 2:
        args["intermediate_waypoints"] = ll[1:-1]
    try:
        out = box.call_tool("compute_routes", args)  # type: ignore[attr-defined]
    except SandboxToolError as exc:
        return str(exc).split(":", 1)[0], None
    routes = out.get("routes") or []
    if not routes:
        return "no route", None
    return "answered", routes[0].get("distanceMeters", 0) / 1000


def great_circle_km(pts: tuple[Point, ...]) -> float:
    """The straight (great-circle) length through the points in order, km."""
    return sum(_km(a, b) for a, b in itertools.pairwise(pts))


#: A trip slower than this (seconds) is listed with ``-v``.
SLOW_S = 5.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument(
        "--index-only",
        action="store_true",
        help="draw only the index's towns (the sample before round 28)",
    )
    parser.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="list the errors, the implausible no routes and the trips slower than SLOW_S",
    )
    opts = parser.parse_args()
    from mapsnb_sandbox import Sandbox
    from mapsnb_sandbox.tools.paths import reachable

    box = Sandbox(now=NOW)
    trips = sample(opts.pairs, opts.seed, not opts.index_only)
    print(
        f"{len(trips)} trips ({sum(len(t) > 2 for t in trips)} with a waypoint), seed {opts.seed}"
    )
    for mode in MODES:
        outcomes: Counter[str] = Counter()
        times: list[float] = []
        for pts in trips:
            if mode == "TRANSIT" and len(pts) > 2:
                continue
            t0 = time.perf_counter()
            what, _ = _ask(box, pts, mode)
            times.append(time.perf_counter() - t0)
            if opts.verbose and times[-1] > SLOW_S:
                print(f"    {mode} slow ({times[-1]:.1f} s): {pts}")
            if what == "no route" and not reachable(pts, mode):
                what = "no route (other landmass)"
            outcomes[what] += 1
            if opts.verbose and what not in ("answered", "no route (other landmass)"):
                print(f"    {mode} {what}: {pts}")
        times.sort()
        p95 = times[min(len(times) - 1, math.ceil(0.95 * len(times)) - 1)]
        print(
            f"{mode:8} {dict(outcomes)}  time p50 {statistics.median(times) * 1000:.0f} ms, "
            f"p95 {p95 * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
