"""Famous places asked by their common names in the supported languages
(``python benchmarks/bench_landmarks.py``).

Reads the landmark corpus of issue 40 (``tests/data/landmark_queries.csv``, truth from UNESCO's
list and Wikipedia in ``landmark_truth.csv``) and prints per language how many queries are
located at their point, not found, or placed elsewhere, then every answer placed elsewhere
(issue 40: >= 60 % located, 0 placed elsewhere).

``--corpus holdout`` scores the independent holdout instead (``tests/data/landmark_holdout.csv``:
every UNESCO World Heritage property by its official English and French names and their short
forms, truth the list's point), through ``resolve_names`` and ``search_places`` (``--via``), per
language, per form, and apart for the properties ``famous_places.csv`` holds and those it does
not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.world.landmarks_eval import (
    OUTCOMES,
    VIAS,
    evaluate,
    evaluate_holdout,
    holdout_queries,
    queries,
)


def holdout(via: str) -> None:
    """Print the holdout's outcomes through ``via`` per group, then every answer elsewhere."""
    items = holdout_queries()
    start = time.perf_counter()
    score = evaluate_holdout(items, via=via)
    took = time.perf_counter() - start
    print(f"holdout through {via}")
    print(f"{'group':14} {'n':>5} " + " ".join(f"{o:>10}" for o in OUTCOMES))
    for group in [*sorted(score.by), "all"]:
        c = score.total() if group == "all" else score.by[group]
        n = sum(c.values())
        print(f"{group:14} {n:5} " + " ".join(f"{c[o] / n:10.1%}" for o in OUTCOMES))
    print(f"placed elsewhere: {len(score.elsewhere)} "
          f"(HIGH/MEDIUM and 50+ km off: {len(score.confident_elsewhere())})")  # fmt: skip
    print(f"  of which the property's own famous_places.csv row, at Wikipedia's point "
          f"(the sources' points disagree): {len(score.own_row)} [own row]")  # fmt: skip
    own = set(score.own_row)
    for q, km, confidence in score.elsewhere:
        mark = " [own row]" if q in own else ""
        print(f"    {q.lang} {q.form} {q.text!r} (whc {q.whc}, tol {q.tol_km:g}): "
              f"{km:.1f} km off, {confidence}{mark}")  # fmt: skip
    print(f"{len(items)} queries in {took:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("ours", "holdout"), default="ours")
    parser.add_argument("--via", choices=(*VIAS, "both"), default="both")
    parser.add_argument("--withhold", action="store_true", help="the held-out third left out")
    args = parser.parse_args()
    if args.withhold:  # before the landmark table is first built
        from mapsnb_sandbox.world.landmarks import WITHHOLD_ENV

        os.environ[WITHHOLD_ENV] = "1"
    if args.corpus == "holdout":
        for via in VIAS if args.via == "both" else (args.via,):
            holdout(via)
        return
    items = queries()
    start = time.perf_counter()
    score = evaluate(items)
    took = time.perf_counter() - start
    print(f"{'lang':5} {'n':>4} " + " ".join(f"{o:>10}" for o in OUTCOMES))
    for lang in sorted(score.by_lang):
        c = score.by_lang[lang]
        n = sum(c.values())
        print(f"{lang:5} {n:4} " + " ".join(f"{c[o] / n:10.1%}" for o in OUTCOMES))
    total = score.total()
    n = sum(total.values())
    print(f"{'all':5} {n:4} " + " ".join(f"{total[o] / n:10.1%}" for o in OUTCOMES))
    landmarks = len({q.key for q in items})
    print(f"{landmarks} landmarks, {len(score.by_lang)} languages")
    print(f"placed elsewhere: {len(score.elsewhere)} "
          f"(HIGH/MEDIUM and 50+ km off: {len(score.confident_elsewhere())})")  # fmt: skip
    for q, km, confidence in score.elsewhere:
        print(f"    {q.lang} {q.text!r} ({q.key}): {km:.1f} km off, {confidence}")
    print(f"{n} queries in {took:.2f} s")


if __name__ == "__main__":
    main()
