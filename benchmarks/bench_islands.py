"""Islands by name (``python benchmarks/bench_islands.py [--misses]``).

``tests/data/island_queries.csv`` (``tools/build_island_corpus.py``): a seeded draw of Natural
Earth's islands asked bare through ``resolve_names`` and in a search for hotels in nine
languages through ``search_places``; truth is the island's Natural Earth label polygon, grown
0.15° (``tests/data/island_truth.json.gz``), which the emulator never reads. A row is
**located** when the answer (a search's first place) lies on the island or within
:data:`TOLERANCE_KM` of its polygon (issue 40's tolerance: Greenland's label polygon is a
band off its west coast, Nuuk 29 km outside it); **NOT_FOUND** when nothing is answered (or listed);
**elsewhere** else, and **confident** elsewhere when the answer is MEDIUM or HIGH or a search
listed places :data:`TOLERANCE_KM` or more off. ``--misses`` lists every row not located, an
answer elsewhere with what ``resolve`` read its text as.
"""

from __future__ import annotations

import csv
import functools
import gzip
import json
import math
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "island_queries.csv"
TRUTH = CORPUS.with_name("island_truth.json.gz")
TOLERANCE_KM = 50.0


@functools.cache
def _truth() -> dict[str, list[list[list[float]]]]:
    return json.loads(gzip.decompress(TRUTH.read_bytes()))


def _in_ring(ring: list[list[float]], x: float, y: float) -> bool:
    inside = False
    for (x0, y0), (x1, y1) in zip(ring, ring[1:] + ring[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def on_island(island: str, lat: float, lng: float) -> bool:
    """Whether ``lat, lng`` lies in ``island``'s grown label polygon."""
    return any(_in_ring(ring, lng, lat) for ring in _truth()[island])


def _segment_km(lat: float, lng: float, a: list[float], b: list[float]) -> float:
    """Km from ``lat, lng`` to the segment ``a``-``b`` ([lng, lat]), on a plane at ``lat``."""
    kx, ky = 111.32 * math.cos(math.radians(lat)), 110.57
    ax, ay, bx, by = (a[0] - lng) * kx, (a[1] - lat) * ky, (b[0] - lng) * kx, (b[1] - lat) * ky
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
    return math.hypot(ax + t * dx, ay + t * dy)


def near_island(island: str, lat: float, lng: float) -> bool:
    """Whether ``lat, lng`` lies within :data:`TOLERANCE_KM` of ``island``'s grown polygon."""
    return any(
        _segment_km(lat, lng, a, b) <= TOLERANCE_KM
        for ring in _truth()[island]
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True)
    )


def _answer(box: Sandbox, row: dict[str, str]) -> tuple[float, float, str] | None:
    """The answer's point and confidence ("LISTED" for a search), or ``None``."""
    try:
        if row["form"] == "search":
            out = box.call_tool("search_places", {"text_query": row["query"]})
            places = out.get("places") or []
            if not places:
                return None
            loc = places[0]["location"]
            return loc["latitude"], loc["longitude"], "LISTED"
        res = box.call_tool("resolve_names", {"queries": [{"text": row["query"]}]})["results"][0]
    except SandboxToolError:
        return None
    if "entity" not in res:
        return None
    loc = res["sandboxMatch"]["location"]
    return loc["latitude"], loc["longitude"], res.get("confidence", "")


def _judge(row: dict[str, str], got: tuple[float, float, str] | None) -> tuple[str, float]:
    if got is None:
        return "NOT_FOUND", 0.0
    km = haversine_m(got[0], got[1], float(row["lat"]), float(row["lng"])) / 1000
    isle = row["island"]
    if km <= TOLERANCE_KM or on_island(isle, *got[:2]) or near_island(isle, *got[:2]):
        return "located", km
    return ("confident" if got[2] in ("MEDIUM", "HIGH", "LISTED") else "elsewhere"), km


def _what(text: str) -> str:
    """What ``resolve`` reads ``text`` as ("-> Santiago, CL, locality, LOW"), for a miss's line:
    a namesake town with more people than the island is issue 40's town the text names."""
    from mapsnb_sandbox.world.resolver import resolve

    p = resolve(text).place
    return "" if p is None else f" -> {p.name}, {p.country_code}, {p.kind}, {p.confidence}"


def main() -> None:
    misses = "--misses" in sys.argv
    box = Sandbox(now="2026-09-18T03:00:00+00:00", work_seconds=None)
    with CORPUS.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    counts: Counter[tuple[str, str]] = Counter()
    lines: list[str] = []
    start = time.perf_counter()
    for row in rows:
        verdict, km = _judge(row, _answer(box, row))
        for group in ("all", f"{row['form']}", f"{row['form']} {row['lang']}"):
            counts[(group, verdict)] += 1
            counts[(group, "rows")] += 1
        if misses and verdict != "located":
            what = _what(row["query"]) if verdict != "NOT_FOUND" else ""
            lines.append(f"  {verdict:9} {row['query']!r} ({row['island']}) {km:,.0f} km{what}")
    groups = sorted({g for g, _ in counts}, key=lambda g: (g != "all", g))
    print(f"corpus: {CORPUS.name}, {len(rows)} queries")
    for g in groups:
        n = counts[(g, "rows")]
        print(f"  {g:14} {n:5}: located {counts[(g, 'located')] / n:6.1%}, "
              f"NOT_FOUND {counts[(g, 'NOT_FOUND')] / n:6.1%}, "
              f"elsewhere {counts[(g, 'elsewhere')]:4}, "
              f"confident {TOLERANCE_KM:.0f}+ km off {counts[(g, 'confident')]:4}")  # fmt: skip
    print("\n".join(lines))
    print(f"{len(rows)} queries in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
