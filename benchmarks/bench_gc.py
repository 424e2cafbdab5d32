"""What the cyclic garbage collector costs a table build (issue 44: no GC switching in mapsnb).

Run: ``python benchmarks/bench_gc.py [--rounds 9]``. Each frame of ``bench_frames.py``'s payloads
is built with the collector on (as mapsnb now leaves it) and paused around the same call (what
mapsnb did before), alternating round after round, beside ``json_normalize`` of the same records;
printed are medians (ms) and the ratios to ``json_normalize``.
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_frames as bf

from mapsnb.frames import concat
from mapsnb.results import AlongRouteResult, PlacesResult


def _timed(fn: Callable[[], Any], *, paused: bool) -> float:
    if paused:
        gc.disable()
    try:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    finally:
        gc.enable()


def _cases() -> dict[str, tuple[Callable[[], Any], Callable[[], Any]]]:
    titled, named = bf.places_payload(10_000), bf.summary_only_payload(10_000)
    along = bf.along_payload(10_000)
    results = [
        PlacesResult.from_payload(bf.summary_only_payload(10, s)) for s in range(0, 10_000, 10)
    ]
    answers = [r.raw for r in results]
    cases = {
        "places 10k (titled)": (
            lambda: PlacesResult.from_payload(titled).to_frame(),
            lambda: pd.json_normalize(titled["places"]),
        ),
        "summary-only 10k": (
            lambda: PlacesResult.from_payload(named).to_frame(),
            lambda: pd.json_normalize(named["places"]),
        ),
        "along 10k": (
            lambda: AlongRouteResult.from_payload(along).to_frame(),
            lambda: pd.json_normalize(along["results"]),
        ),
        "concat 1,000 x 10 summary-only": (
            lambda: concat(results),
            lambda: pd.json_normalize(bf.flat(answers, "places")),
        ),
    }
    for shape in ("two places a paragraph", "adjacent citations"):
        p = bf.shaped_payload(shape, 10_000)
        cases[f"{shape} 10k"] = (
            lambda p=p: PlacesResult.from_payload(p).to_frame(),
            lambda p=p: pd.json_normalize(p["places"]),
        )
    return cases


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    rounds = parser.parse_args(argv).rounds
    print(f"{'case':32} {'gc on':>8} {'paused':>8} {'jn':>8}  ratio on / paused (ms, medians)")
    for name, (build, normalize) in _cases().items():
        on, off, jn = [], [], []
        for _ in range(rounds):
            on.append(_timed(build, paused=False))
            off.append(_timed(build, paused=True))
            jn.append(_timed(normalize, paused=False))
        m_on, m_off, m_jn = map(statistics.median, (on, off, jn))
        print(
            f"{name:32} {m_on * 1e3:8.1f} {m_off * 1e3:8.1f} {m_jn * 1e3:8.1f}  "
            f"{m_on / m_jn:.2f}x / {m_off / m_jn:.2f}x"
        )


if __name__ == "__main__":
    main()
