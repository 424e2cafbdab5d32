"""Routes over water and road distances in the emulator (issues 29 and 40): figures and speed.

Run: ``python benchmarks/bench_water.py [--quick]`` from the repository root.

1. **Over water**: every pair of ``tests/sandbox/earth/crossings_corpus.py`` (63 crossings of
   straits, bays, harbours, estuaries and lakes on every continent) in DRIVE, TWO_WHEELER, WALK,
   BICYCLE and TRANSIT: the share of path length over water outside the links that carry the
   mode, measured against OpenStreetMap's land polygons sampled round the corpus
   (``water_truth.bin``, up to 1/600°; lakes: the GSHHS lake mask, the one source the emulator
   also reads), and how many routes have any such water.
   The same on the holdout (``tests/sandbox/earth/holdout_corpus.py``: 46 crossings in places
   the corpus lacks: fjords, archipelagos, lagoon and river cities). Each against two truths:
   OSM (no longer independent near towns: the emulator's 1/720° layer there is the union of
   GSHHG's and OSM's water) and GSHHG alone at full resolution (``water_truth_gshhg.bin``);
   each with and without the truths' documented flaws (``truth_artifacts.py``: boxes where
   OSM's polygons at full resolution and GSHHG's have land though the truth's grid has water,
   each named with its proof). A third truth, ``ne`` (``water_truth_ne.bin``), is independent
   of every shore the emulator reads: Natural Earth's 1:10m open water (sea and lakes with no
   Natural Earth land within about 1 km), which judges bays, straits and lakes, not harbours.
2. **Road distances**: the corpus's 130 published road distances by DRIVE, the share within
   ±25 %.
3. **Speed**: the old water corpus (``water_corpus.py``) cold and warm, milliseconds per route.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox import Sandbox
from tests.sandbox.earth.crossings_corpus import CROSSINGS, ROAD_PAIRS
from tests.sandbox.earth.holdout_corpus import HOLDOUT
from tests.sandbox.earth.water_corpus import CITY_TRIPS, LAKE_PAIRS, ROADS, Point
from tests.sandbox.earth.water_truth import MODES, over_water_m, route

NOW = "2026-09-18T15:00:00+00:00"


def _ll(p: Point) -> dict:
    return {"lat_lng": {"latitude": p[0], "longitude": p[1]}}


Corpus = list[tuple[str, str, Point, Point]]


SOURCES = ("osm", "gshhg", "ne")


def over_water(box: Sandbox, verbose: bool, corpus: Corpus = CROSSINGS) -> None:
    """Part 1: share of path length over water outside links, per mode, on ``corpus``, against
    each truth of :data:`SOURCES`, with and without the truths' documented flaws (``clean``:
    :data:`~tests.sandbox.earth.truth_artifacts.ARTIFACTS` left out)."""
    for mode in MODES:
        keys = [(s, clean) for s in SOURCES for clean in (False, True)]
        water = dict.fromkeys(keys, 0.0)
        wet: dict[tuple[str, bool], list[tuple[str, int, int]]] = {k: [] for k in keys}
        total, answered = 0.0, 0
        t = time.perf_counter()
        for name, _, a, b in corpus:
            found = route(box, a, b, mode)
            if found is None:
                continue
            answered += 1
            for source, clean in keys:
                w, longest, length = over_water_m(found[0], mode, source, artifacts=not clean)
                water[source, clean] += w
                if w > 0:
                    wet[source, clean].append((name, round(w), round(longest)))
            total += length
        ms = (time.perf_counter() - t) / len(corpus) * 1000
        shares = ", ".join(
            f"{s} {water[s, False] / total if total else 0.0:.3%} ({len(wet[s, False])} routes; "
            f"{water[s, True] / total if total else 0.0:.3%} ({len(wet[s, True])}) without "
            "documented truth artifacts)"
            for s in SOURCES
        )
        print(
            f"{mode:11s} {answered}/{len(corpus)} routes of {total / 1000:.0f} km, over water "
            f"outside links: {shares} ({ms:.0f} ms/route)"
        )
        if verbose:
            _list_wet(wet)


def _list_wet(wet: dict[tuple[str, bool], list[tuple[str, int, int]]]) -> None:
    """Each wet route by truth, longest first; ``*`` marks one whose water is all a documented
    truth artifact."""
    for source in SOURCES:
        clean = {name: w for name, w, _ in wet[source, True]}
        for name, w, longest in sorted(wet[source, False], key=lambda x: -x[1]):
            left = clean.get(name, 0)
            note = " *artifact" if left == 0 else (f" ({left} m not artifact)" if left < w else "")
            print(f"    [{source}] {name}: {w} m (longest run {longest} m){note}")


def road_distances(box: Sandbox, verbose: bool) -> None:
    """Part 2: share of published road distances matched within ±25 %."""
    ratios = {}
    for name, a, b, km in ROAD_PAIRS:
        found = route(box, a, b, "DRIVE")
        ratios[name] = found[1] / 1000 / km if found else 0.0
    inside = [n for n, x in ratios.items() if 0.75 <= x <= 1.25]
    print(f"road distances within ±25 %: {len(inside) / len(ratios):.1%} of {len(ratios)}")
    if verbose:
        for n, x in sorted(ratios.items(), key=lambda kv: kv[1]):
            if n not in inside:
                print(f"    {n}: {x:.2f}")


def speed() -> None:
    """Part 3: milliseconds per route on the old corpus, cold then warm."""
    box = Sandbox(now=NOW)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="speed only")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the misses")
    ns = parser.parse_args()
    speed()
    if not ns.quick:
        box = Sandbox(now=NOW)
        print(f"corpus ({len(CROSSINGS)} crossings):")
        over_water(box, ns.verbose)
        print(f"holdout ({len(HOLDOUT)} crossings):")
        over_water(box, ns.verbose, HOLDOUT)
        road_distances(box, ns.verbose)


if __name__ == "__main__":
    main()
