"""Big-city districts (``python benchmarks/bench_districts.py [--misses]``).

Each row of ``tests/data/district_truth.csv`` (districts of big cities on every continent, truth
typed from each district's Wikipedia article, never from the data the emulator reads) asked three
ways: ``resolve_names``' resolver on the bare name ("Trastevere") and on the name qualified with
its city ("Trastevere, Roma"), and ``search_places`` with the district as its town ("coffee in
Trastevere"). A row is found when the answer lies within 10 km of the truth.
"""

from __future__ import annotations

import csv
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from tests.sandbox.world.names_eval import Row, answer

TRUTH = Path(__file__).resolve().parents[1] / "tests" / "data" / "district_truth.csv"
TOL_KM = 10.0


def truth_rows() -> list[dict[str, str]]:
    """The rows of the truth file (its comment line skipped)."""
    with TRUTH.open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def queries(r: dict[str, str]) -> dict[str, Row]:
    """The three questions asked of one district."""
    lat, lng = float(r["lat"]), float(r["lng"])
    return {
        "bare": Row("bare", r["lang"], r["district"], lat, lng, TOL_KM, "resolve"),
        "qualified": Row("qualified", r["lang"], r["qualified"], lat, lng, TOL_KM, "resolve"),
        "search": Row("search", "en", f"coffee in {r['district']}", lat, lng, TOL_KM, "search"),
    }


def found(row: Row) -> tuple[bool, str]:
    """Whether the answer to ``row`` lies within its tolerance, and what it was."""
    got = answer(row)
    if got is None:
        return False, "not found"
    km = haversine_m(got[0], got[1], row.lat, row.lng) / 1000
    return km <= row.tol_km, f"{got[3]} ({got[2]}, {km:.0f} km)"


def main() -> None:
    every = truth_rows()
    hits = {"bare": 0, "qualified": 0, "search": 0}
    misses: list[str] = []
    start = time.perf_counter()
    for r in every:
        for kind, row in queries(r).items():
            ok, said = found(row)
            hits[kind] += ok
            if not ok:
                misses.append(f"{kind}: {row.query!r} -> {said}")
    took = time.perf_counter() - start
    n = len(every)
    cities = len({r["city"] for r in every})
    print(f"{n} districts of {cities} cities, found within {TOL_KM:.0f} km:")
    for kind, k in hits.items():
        print(f"  {kind:10} {k:3}/{n} {k / n:6.1%}")
    total = sum(hits.values())
    print(f"  {'all':10} {total:3}/{3 * n} {total / (3 * n):6.1%}   ({took:.1f} s)")
    if "--misses" in sys.argv:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
