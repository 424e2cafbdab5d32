"""The emulator's climate against station normals (``python benchmarks/bench_climate.py [-v]``).

Issue 40's climate class on ``tests/sandbox/weather/climate_normals_monthly.csv`` (145 stations x
12 months, national met-service normals the emulator never reads): the share of station-months
whose emulated monthly mean is within ±3 °C of the normal (done when >= 90 %), per station class,
and the share of days whose warmest hour falls between 12:00 and 17:00 local solar time. Then the
older January/July samples (``climate_normals*.csv``, ±6 °C). ``-v`` lists the misses.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.weather.test_climate_monthly import evaluate, stations
from tests.sandbox.weather.test_sandbox_climate import NORMALS, NORMALS_2
from tests.sandbox.weather.test_sandbox_climate import evaluate as evaluate_jan_jul


def main() -> None:
    start = time.perf_counter()
    score = evaluate(stations())
    print(f"climate_normals_monthly.csv  {score}  [{time.perf_counter() - start:.1f} s]")
    for cls, (hits, total) in sorted(score.by_class.items()):
        print(f"    {cls:18} {hits:4}/{total:<4} ({hits / total:.1%})")
    if "-v" in sys.argv:
        print("   ", "\n    ".join(score.misses))
    for path in (NORMALS, NORMALS_2):
        start = time.perf_counter()
        share = evaluate_jan_jul(path)
        print(f"{path.name:28} {share}  [{time.perf_counter() - start:.1f} s]")
        if "-v" in sys.argv:
            print("   ", "\n    ".join(share.misses))


if __name__ == "__main__":
    main()
