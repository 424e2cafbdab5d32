"""Road distances in the emulator against published ones (issue 40: within ±25 % for >= 95 %).

Run: ``python benchmarks/bench_roads.py [--holdout] [-v]`` from the repository root.

* default: the corpus's 130 published road distances
  (``tests/sandbox/earth/crossings_corpus.py`` ``ROAD_PAIRS``, typed by hand);
* ``--holdout``: ``tests/data/road_holdout.csv`` (``tools/build_road_holdout.py``: published
  tables of North America, Europe, India and Australia the emulator and the corpus never read);
* ``--holdout2``: ``tests/data/road_holdout2.csv`` (``tools/build_road_holdout2.py``: South
  America, Africa, the Middle East, Central and South-East Asia, Oceania outside Australia's
  capitals; Argentina's capital-to-capital table and typed published distances);
* ``--mountains``: ``tests/data/road_mountains.csv`` (32 published road distances over high
  relief on every continent: Andes, Himalaya, Alps, Rockies, Caucasus, Atlas, Pamir, Ethiopia).

Each pair is asked by DRIVE through ``mapsnb.Client(sandbox=True).compute_routes`` between the
towns' points; the ratio is the emulator's ``distance_meters`` over the published distance.
Shares within ±25 % overall, per band of published distance and per continent; ``-v`` lists the
pairs outside, with their ratio. A pair with no route counts as outside (ratio 0).
"""

from __future__ import annotations

import argparse
import csv
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

HOLDOUT = ROOT / "tests" / "data" / "road_holdout.csv"
MOUNTAINS = ROOT / "tests" / "data" / "road_mountains.csv"
HOLDOUT2 = ROOT / "tests" / "data" / "road_holdout2.csv"
BANDS = (("< 50 km", 0, 50), ("50-300", 50, 300), ("300-1,000", 300, 1000), ("> 1,000", 1000, 1e9))
NOW = "2026-09-18T15:00:00+00:00"

Pair = tuple[str, str, tuple[float, float], tuple[float, float], float]


def holdout_pairs(path: Path = HOLDOUT) -> list[Pair]:
    """``(name, continent, a, b, km)`` of the holdout's rows."""
    with path.open() as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    return [
        (
            f"{r['a']}–{r['b']}",
            r["continent"],
            (float(r["lat_a"]), float(r["lng_a"])),
            (float(r["lat_b"]), float(r["lng_b"])),
            float(r["km"]),
        )
        for r in rows
    ]


def corpus_pairs() -> list[Pair]:
    """The corpus's ``ROAD_PAIRS`` with their continent (by the section they are listed in)."""
    from mapsnb_sandbox.world.cities import continent_at
    from tests.sandbox.earth.crossings_corpus import ROAD_PAIRS

    return [(n, continent_at(*a), a, b, km) for n, a, b, km in ROAD_PAIRS]


def drive_km(client: object, a: tuple[float, float], b: tuple[float, float]) -> float:
    """The emulator's DRIVE distance in km (0 when it has no route, -1 on a tool error such as
    the work bound's DEADLINE_EXCEEDED)."""
    from mapsnb.errors import ToolError

    try:
        found = client.compute_routes(  # type: ignore[attr-defined]
            {"lat_lng": {"latitude": a[0], "longitude": a[1]}},
            {"lat_lng": {"latitude": b[0], "longitude": b[1]}},
            travel_mode="DRIVE",
        )
    except ToolError as e:
        print(f"    error {a} -> {b}: {str(e)[:90]}")
        return -1.0
    return found.routes[0].distance_meters / 1000 if found.routes else 0.0


def measure(pairs: list[Pair]) -> dict[str, float]:
    """Each pair's ratio of the emulator's distance to the published one."""
    import mapsnb

    client = mapsnb.Client(sandbox=True, now=NOW)
    return {name: drive_km(client, a, b) / km for name, _, a, b, km in pairs}


def _share(ratios: list[float]) -> str:
    if not ratios:
        return "     - of   0"
    inside = sum(0.75 <= x <= 1.25 for x in ratios)
    median = sorted(ratios)[len(ratios) // 2]
    return f"{inside / len(ratios):6.1%} of {len(ratios):3d} (median ratio {median:.2f})"


def report(pairs: list[Pair], ratios: dict[str, float], verbose: bool) -> float:
    """Print the shares overall, per band and per continent; return the overall share."""
    by: dict[str, list[float]] = defaultdict(list)
    for name, continent, _, _, km in pairs:
        band = next(label for label, lo, hi in BANDS if lo <= km < hi)
        by[band].append(ratios[name])
        by[f"continent {continent}"].append(ratios[name])
    every = list(ratios.values())
    print(f"road distances within ±25 %: {_share(every)}")
    for key in [b[0] for b in BANDS] + sorted(k for k in by if k.startswith("continent")):
        print(f"    {key:14s} {_share(by.get(key, []))}")
    short = sum(0 <= x < 1 for x in every) / len(every)
    print(f"    no route: {sum(x == 0 for x in every)}; tool errors: {sum(x < 0 for x in every)}")
    print(
        f"    shorter than published: {short:.0%}; median ratio {sorted(every)[len(every) // 2]:.2f}"
    )
    if verbose:
        km = {p[0]: p[4] for p in pairs}
        for name, x in sorted(ratios.items(), key=lambda kv: kv[1]):
            if not 0.75 <= x <= 1.25:
                print(f"    {name} ({km[name]:.0f} km): {x:.2f}")
    return sum(0.75 <= x <= 1.25 for x in every) / len(every)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holdout", action="store_true", help="the holdout, not the corpus")
    parser.add_argument("--holdout2", action="store_true", help="the second holdout")
    parser.add_argument("--mountains", action="store_true", help="the mountain roads' set")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the misses")
    ns = parser.parse_args()
    if ns.mountains or ns.holdout2:
        pairs = holdout_pairs(MOUNTAINS if ns.mountains else HOLDOUT2)
    else:
        pairs = holdout_pairs() if ns.holdout else corpus_pairs()
    t = time.perf_counter()
    ratios = measure(pairs)
    report(pairs, ratios, ns.verbose)
    print(f"    {(time.perf_counter() - t) / len(pairs) * 1000:.0f} ms per route")


if __name__ == "__main__":
    main()
