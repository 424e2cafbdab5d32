"""The emulator's climate against station normals (``python benchmarks/bench_climate.py [-v]``).

Issue 40's climate class: the share of station-months whose emulated monthly mean is within
±3 °C of the normal (done when >= 90 %), per station class and continent, and the share of days
whose warmest hour falls between 12:00 and 17:00 local solar time. ``--corpus corpus`` (the
default) scores ``tests/sandbox/weather/climate_normals_monthly.csv`` (145 stations typed from
met-service normals) and then the older January/July samples (``climate_normals*.csv``, ±6 °C);
``--corpus holdout`` scores ``climate_holdout.csv`` (375 WMO stations of JMA's 1991-2020 world
normals, none within 50 km of the corpus; ``tools/build_climate_holdout.py``); ``--corpus PATH``
any table of the same columns. ``-v`` lists the misses and the days whose maximum falls outside
the window.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.weather.test_climate_monthly import MONTHLY, Score, evaluate, stations
from tests.sandbox.weather.test_sandbox_climate import NORMALS, NORMALS_2
from tests.sandbox.weather.test_sandbox_climate import evaluate as evaluate_jan_jul

HOLDOUT = MONTHLY.with_name("climate_holdout.csv")


def _report(path: Path, score: Score, seconds: float, verbose: bool) -> None:
    print(f"{path.name}  {score}  [{seconds:.1f} s]")
    for title, table in (("class", score.by_class), ("continent", score.by_continent)):
        if len(table) > 1:
            print(f"  by {title}:")
            for key, (hits, total) in sorted(table.items()):
                print(f"    {key:18} {hits:4}/{total:<4} ({hits / total:.1%})")
    if verbose:
        print("  misses:\n   ", "\n    ".join(score.misses))
        print("  maximum outside the window:\n   ", "\n    ".join(score.late))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", default="corpus", help="corpus, holdout or a CSV path")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    path = {"corpus": MONTHLY, "holdout": HOLDOUT}.get(args.corpus, Path(args.corpus))
    start = time.perf_counter()
    score = evaluate(stations(path))
    _report(path, score, time.perf_counter() - start, args.verbose)
    if args.corpus != "corpus":
        return
    for sample in (NORMALS, NORMALS_2):
        start = time.perf_counter()
        share = evaluate_jan_jul(sample)
        print(f"{sample.name:28} {share}  [{time.perf_counter() - start:.1f} s]")
        if args.verbose:
            print("   ", "\n    ".join(share.misses))


if __name__ == "__main__":
    main()
