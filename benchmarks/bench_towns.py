"""The resolver on the whole independent town corpus (``python benchmarks/bench_towns.py``).

Prints the share of right answers per class, the confident (HIGH/MEDIUM) answers more than 50 km
off, places named after an unread query, and the time per query (issue 29: >= 97 % of town-named
queries right, 0 confident answers > 50 km off, 0 places named after an unread query).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from collections import Counter

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geocode import resolve_text
from tests.sandbox.world.towns_eval import evaluate, evaluate_unparsed, rows


def famous_outcomes() -> Counter[str]:
    """Famous places by outcome: right (within tolerance), not found, or the confidence of a
    miss (issue 29: a miss is NOT_FOUND or LOW, never HIGH/MEDIUM)."""
    out: Counter[str] = Counter()
    for cls, q, lat, lng, tol in rows():
        if cls != "famous":
            continue
        r = resolve_text(q)
        if r is None:
            out["not found"] += 1
        elif haversine_m(r.lat, r.lng, lat, lng) / 1000 <= tol:
            out["right"] += 1
        else:
            out[f"miss, {r.confidence}"] += 1
    return out


def main() -> None:
    start = time.perf_counter()
    s = evaluate()
    took = time.perf_counter() - start
    n = sum(s.total.values())
    for cls in sorted(s.total):
        print(f"{cls:22} {s.total[cls]:5}  {s.share(cls):6.1%}")
    print(f"{'town-named, all':22} {n - s.total['famous'] - s.total['unparsed']:5}  "
          f"{s.town_share():6.1%}")  # fmt: skip
    print(f"confident > 50 km off: {len(s.confident_wrong)}")
    for w in s.confident_wrong:
        print("   ", w)
    print(f"named after an unread query: {len(s.named_after_query)}")
    for w in s.named_after_query:
        print("   ", w)
    famous = famous_outcomes()
    print("famous places: " + ", ".join(f"{k} {v}" for k, v in sorted(famous.items())))
    print(f"{n} queries in {took:.1f} s ({1000 * took / n:.2f} ms each, warm caches aside)")
    u = evaluate_unparsed()  # tests/data/unparsed_queries.csv through the three tools
    print(f"unread queries (resolve_text, resolve_names, search_places): {sum(u.total.values())}")
    for cls in sorted(u.total):
        print(f"    {cls:18} {u.total[cls]:5}  {u.share(cls):6.1%}")
    print(f"    named after the query {len(u.named_after_query)}, confident {len(u.confident)}, "
          f"search wrong {len(u.search_wrong)}, invented kinds in a named town {len(u.invented)}, "
          f"LOW towns of a word {len(u.low_towns)}")  # fmt: skip
    for w in u.named_after_query + u.confident + u.search_wrong:
        print("   ", w)
    if "-v" in sys.argv:
        print("\n".join(s.misses))


if __name__ == "__main__":
    main()
