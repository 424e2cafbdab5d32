"""The emulator's climate on both independent normals samples (``python benchmarks/bench_climate.py``).

Prints, per file (``tests/sandbox/weather/climate_normals*.csv``), the share of January/July town-months
whose emulated daily mean is within ± 6 °C of the published normal, overall and for towns more
than 300 km from every training station (issue 29: >= 90 %); ``-v`` lists the misses.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.weather.test_sandbox_climate import NORMALS, NORMALS_2, evaluate


def main() -> None:
    for path in (NORMALS, NORMALS_2):
        start = time.perf_counter()
        share = evaluate(path)
        print(f"{path.name:24} {share}  [{time.perf_counter() - start:.1f} s]")
        if "-v" in sys.argv:
            print("   ", "\n    ".join(share.misses))


if __name__ == "__main__":
    main()
