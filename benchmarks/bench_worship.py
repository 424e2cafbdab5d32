"""Places of worship per city against published counts (``python benchmarks/bench_worship.py``).

Each row of ``tests/data/worship_cities.csv`` is a published count of one religion's places of
worship within one city's limits (Rome's churches, Istanbul's and Fatih's mosques, Kyoto's
temples, Bangkok's wats, ...), with the city's area and population, each read from a source the
emulator does not read. The emulator's places of that kind are counted within a circle of the
city's area round its centre (the world's cells, as every tool sees them: ``spots_near``); the
report gives the ratio emulator / published per city, the median ratio and the share of cities
within a factor 2. A circle is not the city's shape (coasts, odd limits): single rows are rough,
the median and the spread are the figures.
"""

from __future__ import annotations

import csv
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.kinds.table import category_key
from mapsnb_sandbox.world.places import spots_near

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "worship_cities.csv"


def rows() -> list[dict[str, str]]:
    """The corpus rows (comment lines skipped)."""
    with CORPUS.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def emulator_count(lat: float, lng: float, radius_m: float, kind: str) -> int:
    """Places of ``kind`` the world holds within ``radius_m`` of the point."""
    c = category_key(kind)
    if c is None:
        raise SystemExit(f"unknown kind {kind}")
    spots = spots_near(lat, lng, radius_m, c.code)
    return sum(1 for s in spots if haversine_m(lat, lng, s.lat, s.lng) <= radius_m)


def main() -> None:
    t0 = time.perf_counter()
    ratios: list[float] = []
    print(f"{'city':16} {'kind':16} {'km2':>7} {'published':>9} {'emulator':>8} {'ratio':>7}")
    for row in rows():
        radius_m = math.sqrt(float(row["area_km2"]) / math.pi) * 1000
        got = emulator_count(float(row["lat"]), float(row["lng"]), radius_m, row["kind"])
        ratio = got / float(row["count"])
        ratios.append(ratio)
        print(
            f"{row['city']:16} {row['kind']:16} {float(row['area_km2']):7.1f} "
            f"{int(row['count']):9d} {got:8d} {ratio:7.2f}"
        )
    within = sum(1 for r in ratios if 0.5 <= r <= 2.0)
    logs = [abs(math.log(max(r, 1e-3))) for r in ratios]
    print(
        f"\n{len(ratios)} cities: median ratio {statistics.median(ratios):.2f}, "
        f"within a factor 2: {within}/{len(ratios)} ({within / len(ratios):.0%}), "
        f"geometric mean factor off {math.exp(statistics.mean(logs)):.2f}, "
        f"{time.perf_counter() - t0:.0f} s"
    )


if __name__ == "__main__":
    main()
