"""First-level regions by name (``python benchmarks/bench_regions.py [--search] [-v]``).

``tests/data/region_corpus.csv`` (``tools/build_region_corpus.py``: dr5hn's
countries-states-cities database, ODbL, a source the emulator does not read): up to four
regions of every country, by English and native name. A row is **right** when
``resolve_names`` answers within :data:`TOLERANCE_KM` of the published point, or NOT_FOUND or
LOW; **located** when answered within it at any confidence; **confidently elsewhere** when a
MEDIUM or HIGH answer lies farther. ``--search`` asks "hotels in <name>" instead and counts a
listed place as a confident answer; it also judges the places listed as a user would, by the
region they lie in (``tests/data/region_truth.json.gz``, ``tools/build_region_truth.py``: the
region's Natural Earth shape, else the state of the nearest of dr5hn's cities): a row is
listed **inside** when every place listed lies in the asked region, **outside** when none
does, **partly** else. Rows whose published point is 300+ km from every town of
their country (noise in the source: Helmand at Baltimore) are left out and counted.
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

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "region_corpus.csv"
#: A region's answer counts within this of its published point (regions are wide: Texas's
#: published centre and the mean of its towns are 230 km apart).
TOLERANCE_KM = 250.0
_NOISE_KM = 300.0
TRUTH = CORPUS.with_name("region_truth.json.gz")
#: A place belongs to the state of its nearest dr5hn city within this (regions judged by towns).
_TOWN_REACH_KM = 30.0
#: A place this near a region's shape counts in it (Natural Earth's 1:10m coast, simplified to
#: ~1 km, leaves a seafront hotel of Dubai, and dr5hn's own point of Dubai, just outside).
_EDGE_KM = 5.0


@functools.cache
def _truth() -> dict[str, dict[str, list[list]]]:
    return json.loads(gzip.decompress(TRUTH.read_bytes()))


def _in_ring(ring: list[int], x: float, y: float) -> bool:
    """Whether ``x, y`` (thousandths of a degree) lies in ``ring`` (flat ``x, y, ...``)."""
    inside, n = False, len(ring) // 2
    for i in range(n):
        x0, y0, x1, y1 = ring[2 * i - 2], ring[2 * i - 1], ring[2 * i], ring[2 * i + 1]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            inside = not inside
    return inside


def _near_ring(ring: list[int], x: float, y: float, reach: float) -> bool:
    """Whether ``x, y`` lies within ``reach`` (thousandths of a degree of latitude) of an edge
    of ``ring``, longitudes shrunk by the cosine of the latitude."""
    k = math.cos(math.radians(y / 1000))
    for i in range(len(ring) // 2):
        x0, y0 = (ring[2 * i - 2] - x) * k, ring[2 * i - 1] - y
        x1, y1 = (ring[2 * i] - x) * k, ring[2 * i + 1] - y
        dx, dy = x1 - x0, y1 - y0
        t = max(0.0, min(1.0, -(x0 * dx + y0 * dy) / (dx * dx + dy * dy or 1)))
        if (x0 + t * dx) ** 2 + (y0 + t * dy) ** 2 <= reach * reach:
            return True
    return False


def _by_towns(towns: list[list], key: str, lat: float, lng: float) -> bool:
    """Whether the nearest of ``towns`` (dr5hn's cities of the region's country) within
    :data:`_TOWN_REACH_KM` of ``lat, lng`` is the region ``key``'s."""
    best = min(towns, key=lambda t: haversine_m(t[0] / 1000, t[1] / 1000, lat, lng))
    near = haversine_m(best[0] / 1000, best[1] / 1000, lat, lng) < _TOWN_REACH_KM * 1000
    return near and best[2] == key


def in_region(r: dict[str, str], lat: float, lng: float) -> bool | None:
    """Whether ``lat, lng`` lies in the corpus row ``r``'s region (``None``: no truth)."""
    key, truth = f"{r['cc']} {r['lat']} {r['lng']}", _truth()
    rings = truth["shapes"].get(key)
    if rings is not None:
        x, y, reach = lng * 1000, lat * 1000, _EDGE_KM / 111.2 * 1000
        inside = sum(_in_ring(ring, x, y) for ring in rings) % 2 == 1
        return inside or any(_near_ring(ring, x, y, reach) for ring in rings)
    towns = truth["towns"].get(r["cc"])
    if not towns or not any(t[2] == key for t in towns):
        return None
    return _by_towns(towns, key, lat, lng)


def _noisy(cc: str, lat: float, lng: float) -> bool:
    from mapsnb_sandbox.world.cities import city_index

    idx = city_index()
    near = [
        idx.cities[j]
        for dy in (-3, -2, -1, 0, 1, 2, 3)
        for dx in (-3, -2, -1, 0, 1, 2, 3)
        for j in idx.grid.get((int(lat // 1) + dy, (int(lng // 1) + dx + 180) % 360 - 180))
    ]
    return not any(
        c.cc == cc and haversine_m(c.lat, c.lng, lat, lng) < _NOISE_KM * 1000 for c in near
    )


Answer = tuple[float, float, str, list[tuple[float, float]]]


def _answer(box: Sandbox, text: str, search: bool) -> Answer | None:
    """The answer's point and confidence ("LISTED" for a search) and every place listed."""
    try:
        if search:
            out = box.call_tool("search_places", {"text_query": f"hotels in {text}"})
            points = [
                (p["location"]["latitude"], p["location"]["longitude"])
                for p in out.get("places") or []
            ]
            return (*points[0], "LISTED", points) if points else None
        res = box.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    except SandboxToolError:
        return None
    if "entity" not in res:
        return None
    loc = res["sandboxMatch"]["location"]
    return loc["latitude"], loc["longitude"], res.get("confidence", ""), []


def _judged(r: dict[str, str], got: Answer | None) -> str:
    """How the places a search listed lie against row ``r``'s region: "nothing listed",
    "inside" (every one), "outside" (none), "partly", or "no truth"."""
    if got is None:
        return "nothing listed"
    ins = [in_region(r, lat, lng) for lat, lng in got[3]]
    if None in ins:
        return "no truth"
    return "inside" if all(ins) else "outside" if not any(ins) else "partly"


_JUDGED = ("inside", "partly", "outside", "nothing listed", "no truth")


def _print_judged(judged: Counter[tuple[str, str]], off: list[str]) -> None:
    """The search's rows by where their listed places lie, per form, and the rows off."""
    print("listed places against the asked region (shape or dr5hn's towns):")
    for form in ("all", "en", "native"):
        m = sum(judged[(form, j)] for j in _JUDGED)
        print(f"  {form:6} {m:4} rows: " + ", ".join(f"{j} {judged[(form, j)]}" for j in _JUDGED))
    far = sum(judged[("all", j)] for j in ("outside far", "partly far"))
    print(f"  outside or partly, first place {TOLERANCE_KM:.0f}+ km off: {far}; "
          f"inside, first place {TOLERANCE_KM:.0f}+ km off: {judged[('all', 'inside far')]}")  # fmt: skip
    print("\n".join(off))


def _tally(r: dict[str, str], got: Answer | None, km: float | None, judged: Counter) -> str:
    """Count row ``r``'s search by where its places lie; its line when not all inside."""
    j = _judged(r, got)
    far = km is not None and km > TOLERANCE_KM
    for form in ("all", r["form"]):
        judged[(form, j)] += 1
        judged[(form, f"{j} far")] += far
    if j in ("outside", "partly") or (j == "no truth" and far):
        return f"  {j}: {r['text']!r} ({r['cc']}) -> first {km:,.0f} km off"
    return ""


def main() -> None:
    search, verbose = "--search" in sys.argv, "-v" in sys.argv
    box = Sandbox(now="2026-09-18T03:00:00+00:00", work_seconds=None)
    counts: Counter[str] = Counter()
    per_form: Counter[tuple[str, str]] = Counter()
    judged: Counter[tuple[str, str]] = Counter()
    elsewhere: list[str] = []
    off: list[str] = []
    start = time.perf_counter()
    with CORPUS.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        lat, lng = float(r["lat"]), float(r["lng"])
        if _noisy(r["cc"], lat, lng):
            counts["noisy truth"] += 1
            continue
        got = _answer(box, r["text"], search)
        km = None if got is None else haversine_m(got[0], got[1], lat, lng) / 1000
        located = km is not None and km <= TOLERANCE_KM
        confident = got is not None and got[2] in ("MEDIUM", "HIGH", "LISTED")
        right = got is None or located or not confident
        counts["rows"] += 1
        counts["right"] += right
        counts["located"] += located
        counts["not found"] += got is None
        per_form[(r["form"], "rows")] += 1
        per_form[(r["form"], "right")] += right
        per_form[(r["form"], "located")] += located
        if search and (line := _tally(r, got, km, judged)):
            off.append(line)
        if not right:
            elsewhere.append(f"  {r['text']!r} ({r['cc']}) -> {got[2]} {km:,.0f} km off")
        elif verbose and not located:
            print(f"  not located: {r['text']!r} ({r['cc']}) -> {got[2] if got else 'NOT_FOUND'}")
    n = counts["rows"]
    print(f"corpus: {CORPUS.name} ({'search' if search else 'resolve_names'}), {n} rows, "
          f"{counts['noisy truth']} left out (noisy truth)")  # fmt: skip
    print(f"right {counts['right'] / n:.1%}, located {counts['located'] / n:.1%}, "
          f"NOT_FOUND {counts['not found'] / n:.1%}")  # fmt: skip
    for form in ("en", "native"):
        m = per_form[(form, "rows")]
        print(f"  {form:6} {m:4} rows: right {per_form[(form, 'right')] / m:.1%}, "
              f"located {per_form[(form, 'located')] / m:.1%}")  # fmt: skip
    print(f"confidently elsewhere ({TOLERANCE_KM:.0f}+ km): {len(elsewhere)}")
    print("\n".join(elsewhere))
    if search:
        _print_judged(judged, off)
    print(f"{n} queries in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
