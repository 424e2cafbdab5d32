"""Import cost: ``import mapsnb`` vs ``import ipyleaflet, matplotlib.pyplot``.

Each import runs in a fresh interpreter; the median of ``RUNS`` runs of the in-process import
time is reported (interpreter start-up excluded), plus the heaviest modules ``import mapsnb``
pulls in (``python -X importtime``). Run: ``python benchmarks/bench_import.py``.
"""

from __future__ import annotations

import re
import statistics
import subprocess
import sys

RUNS = 7
SNIPPET = "import time; t = time.perf_counter(); {stmt}; print(time.perf_counter() - t)"
FORBIDDEN = ("ipyleaflet", "ipywidgets", "matplotlib", "pandas")


def once(stmt: str) -> float:
    out = subprocess.run(
        [sys.executable, "-c", SNIPPET.format(stmt=stmt)],
        check=True,
        capture_output=True,
        text=True,
    )
    return float(out.stdout.strip().splitlines()[-1])


def median(stmt: str) -> float:
    return statistics.median(once(stmt) for _ in range(RUNS))


def heaviest(stmt: str, top: int = 8) -> list[tuple[int, str]]:
    """Top-level packages by cumulative import time (µs) under ``python -X importtime``."""
    err = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", stmt],
        check=True,
        capture_output=True,
        text=True,
    ).stderr
    rows = []
    for line in err.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m and len(m.group(2)) <= 1:  # top-level imports only
            rows.append((int(m.group(1)), m.group(3)))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    ours = median("import mapsnb")
    theirs = median("import ipyleaflet, matplotlib.pyplot")
    print(f"import mapsnb                          median of {RUNS}: {ours:.3f} s (goal <= 0.3 s)")
    print(f"import ipyleaflet, matplotlib.pyplot   median of {RUNS}: {theirs:.3f} s")
    print(f"ratio: {ours / theirs:.3f}x (goal <= 0.5x)")
    leaked = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import sys, mapsnb; print(' '.join(m for m in {FORBIDDEN!r} if m in sys.modules))",
        ],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()
    print(f"heavy UI modules imported by 'import mapsnb': {leaked or 'none'}")
    print("heaviest top-level imports of 'import mapsnb' (cumulative):")
    for us, name in heaviest("import mapsnb"):
        print(f"  {us / 1e6:.3f} s  {name}")


if __name__ == "__main__":
    main()
