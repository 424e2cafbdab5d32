"""Coastal cities' routes inland: how many DRIVE plans say "no route" where roads exist?

Run: ``python benchmarks/bench_coast_routes.py [--seed S] [--towns N] [--other CHECKOUT] [-v]``
from the repository root.

A new user asks for a drive from a big coastal city to a town inland, and the emulator answers
"no route" when the city stands on an island whose bridges ``links.csv`` lacks (Xiamen,
Yeongdo) or on a sliver of land its water mask cuts off (A Coruña). This draws, with a fixed
seed, towns of 100,000+ people on a coast (water within 0.03° of them in the emulator's mask)
and pairs each with the nearest town of 50,000+ of the same country, 40-150 km away and not on
a coast; it asks :func:`~mapsnb_sandbox.earth.crossings.plan` for a DRIVE route and lists the
pairs without one. A robustness sample, no truth: whether a "no route" is plausible (a ferry
only: Kure to Matsuyama, Zanzibar to the mainland) is judged by reading the list. With
``--other``, the same pairs are asked of another checkout (each in its own process), side by
side: before → after.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


def _km(a: Any, b: Any) -> float:
    p = math.radians
    la, lb, ga, gb = a.lat, b.lat, a.lng, b.lng
    h = (
        math.sin(p(lb - la) / 2) ** 2
        + math.cos(p(la)) * math.cos(p(lb)) * math.sin(p(gb - ga) / 2) ** 2
    )
    return 6371 * 2 * math.asin(math.sqrt(h))


def _no_routes(seed: int, towns: int) -> dict[str, object]:
    """The pairs of this checkout (imported from ``sys.path``) and the ones with no plan."""
    from mapsnb_sandbox.earth import water
    from mapsnb_sandbox.earth.crossings import plan
    from mapsnb_sandbox.world.cities import city_index

    cities = [c for c in city_index().cities if c.population >= 50_000]

    def coastal(c: Any) -> bool:
        lat, lng = c.lat, c.lng
        return any(
            not water.is_land(lat + dy * 0.03, lng + dx * 0.03)
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
        )

    big = [c for c in cities if c.population >= 100_000 and coastal(c)]
    random.seed(seed)
    random.shuffle(big)
    pairs, missing = 0, []
    for a in big[:towns]:
        near = [b for b in cities if b.cc == a.cc and 40 <= _km(a, b) <= 150 and not coastal(b)]
        if not near:
            continue
        b = min(near, key=lambda t: _km(a, t))
        pairs += 1
        try:
            steps = plan(((a.lat, a.lng), (b.lat, b.lng)), "DRIVE")
        except Exception:  # a planner error is a miss too
            steps = None
        if steps is None:
            missing.append(f"{a.name} ({a.cc}) -> {b.name}, {_km(a, b):.0f} km")
    return {"pairs": pairs, "missing": missing}


def _run(checkout: Path, seed: int, towns: int) -> dict[str, object]:
    """:func:`_no_routes` of ``checkout`` in a process of its own."""
    code = (
        f"import json, sys; sys.path.insert(0, {str(checkout)!r}); "
        f"sys.path.insert(1, {str(ROOT / 'benchmarks')!r}); "
        f"import bench_coast_routes as b; print(json.dumps(b._no_routes({seed}, {towns})))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--towns", type=int, default=400, help="coastal towns drawn")
    parser.add_argument("--other", type=Path, help="another checkout: before -> after")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the pairs")
    args = parser.parse_args()
    runs = [("this", ROOT)] + ([("other", args.other)] if args.other else [])
    results = {name: _run(path, args.seed, args.towns) for name, path in runs}
    for name, res in results.items():
        missing = list(res["missing"])  # type: ignore[call-overload]
        print(f"{name:5} seed {args.seed}: {len(missing)}/{res['pairs']} pairs with no DRIVE route")
        if args.verbose:
            for line in missing:
                print("   ", line)


if __name__ == "__main__":
    main()
