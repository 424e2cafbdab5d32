"""First-level regions by name (``python benchmarks/bench_regions.py [--search] [-v]``).

``tests/data/region_corpus.csv`` (``tools/build_region_corpus.py``: dr5hn's
countries-states-cities database, ODbL, a source the emulator does not read): up to four
regions of every country, by English and native name. A row is **right** when
``resolve_names`` answers within :data:`TOLERANCE_KM` of the published point, or NOT_FOUND or
LOW; **located** when answered within it at any confidence; **confidently elsewhere** when a
MEDIUM or HIGH answer lies farther. ``--search`` asks "hotels in <name>" instead and counts a
listed place as a confident answer. Rows whose published point is 300+ km from every town of
their country (noise in the source: Helmand at Baltimore) are left out and counted.
"""

from __future__ import annotations

import csv
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


def _answer(box: Sandbox, text: str, search: bool) -> tuple[float, float, str] | None:
    try:
        if search:
            out = box.call_tool("search_places", {"text_query": f"hotels in {text}"})
            places = out.get("places") or []
            if not places:
                return None
            loc = places[0]["location"]
            return loc["latitude"], loc["longitude"], "LISTED"
        res = box.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    except SandboxToolError:
        return None
    if "entity" not in res:
        return None
    loc = res["sandboxMatch"]["location"]
    return loc["latitude"], loc["longitude"], res.get("confidence", "")


def main() -> None:
    search, verbose = "--search" in sys.argv, "-v" in sys.argv
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    counts: Counter[str] = Counter()
    per_form: Counter[tuple[str, str]] = Counter()
    elsewhere: list[str] = []
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
    print(f"{n} queries in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
