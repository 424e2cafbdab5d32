"""Trunk legs between coastal towns: how far the planned way runs beyond the straight line
(``python benchmarks/bench_coast_trunk.py [--seed S] [--towns N]``).

Draws coastal towns of 100,000+ (sea within about 3 km) from the emulator's index with a fixed
seed, pairs each with a coastal town of its country 150-450 km away, and prints each pair's
planned DRIVE way (the crossings planner's points, before bends) over the great circle, then
the shares by ratio. Run it on two checkouts and diff the lines to see which legs a change
moved. A robustness sample, not a truth: the roads' published lengths are not read.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.earth.crossings import plan
from mapsnb_sandbox.earth.water import is_land
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City


def coastal(c: City) -> bool:
    """Sea within about 3 km of the town's point (a 3 x 3 ring of samples)."""
    return any(
        not is_land(c.lat + dy * 0.03, c.lng + dx * 0.03) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
    )


def km(a: City, b: City) -> float:
    return haversine_m(a.lat, a.lng, b.lat, b.lng) / 1000


def pairs(seed: int, towns: int) -> list[tuple[City, City]]:
    """Up to ``towns`` coastal towns, each with a coastal town of its country 150-450 km away."""
    big = [c for c in city_index().cities if c.population >= 100_000 and coastal(c)]
    rng = random.Random(seed)
    rng.shuffle(big)
    out = []
    for a in big[:towns]:
        others = [b for b in big if b.cc == a.cc and 150 <= km(a, b) <= 450]
        if others:
            out.append((a, rng.choice(others)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--towns", type=int, default=250)
    args = parser.parse_args()
    ratios = []
    for a, b in pairs(args.seed, args.towns):
        steps = plan(((a.lat, a.lng), (b.lat, b.lng)), "DRIVE")
        if steps is None:
            print(f"{a.name} | {b.name} | {km(a, b):.0f} km | no route")
            continue
        way = sum(haversine_m(*s.a, *s.b) for s in steps) / 1000
        ratios.append(way / km(a, b))
        print(f"{a.name} | {b.name} | {km(a, b):.0f} km | way {way:.0f} km ({ratios[-1]:.2f})")
    n = len(ratios)
    for cut in (1.1, 1.2, 1.4):
        share = sum(r > cut for r in ratios) / n if n else math.nan
        print(f"ways over {cut:.1f}x the great circle: {share:.1%} of {n}")


if __name__ == "__main__":
    main()
