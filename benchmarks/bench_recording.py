"""Recording N calls: appended (issue 43) vs the whole file rewritten per call, side by side.

The same ``Recording.add`` loop of N calls (each payload ~2 KB, like a small ``resolve_names``
answer) runs twice in alternating rounds: as mapsnb does it now (each call written over the file's
closing ``]}``), and with appending turned off (``append_calls`` answering "rewrite", which is what
every call did before: the whole file rewritten). Bytes written (``wchar`` of ``/proc/self/io``)
and seconds, medians over the rounds, and their ratio. Goal: bytes linear in N (the ratio to the
rewrite grows with N).

Run: ``python benchmarks/bench_recording.py [--calls 100 400 1600] [--rounds 3]``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb._store import recording as recording_module  # noqa: E402
from mapsnb._store.recording import Recording  # noqa: E402

CLOCK = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)
PAYLOAD = {"results": [{"place": "places/ChIJ1", "note": "x" * 2_000}]}


def _written() -> int:
    for line in Path("/proc/self/io").read_text().splitlines():
        if line.startswith("wchar:"):
            return int(line.split()[1])
    raise RuntimeError("no /proc/self/io")


def _run(n: int, *, append: bool) -> tuple[int, float]:
    real = recording_module.append_calls
    if not append:
        recording_module.append_calls = lambda *a, **k: False  # type: ignore[assignment]
    try:
        with tempfile.TemporaryDirectory() as folder:
            rec = Recording(Path(folder) / "lesson.json", "record")
            before, start = _written(), time.perf_counter()
            for i in range(n):
                args: dict[str, Any] = {"queries": [{"text": f"place {i}"}]}
                rec.add("resolve_names", args, PAYLOAD, source="live", clock=CLOCK)
            return _written() - before, time.perf_counter() - start
    finally:
        recording_module.append_calls = real  # type: ignore[assignment]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, nargs="+", default=[100, 400, 1600])
    parser.add_argument("--rounds", type=int, default=3)
    opts = parser.parse_args()
    print(
        f"{'calls':>6} {'append MB':>10} {'rewrite MB':>11} {'bytes ratio':>12} "
        f"{'append s':>9} {'rewrite s':>10} {'time ratio':>11}"
    )
    for n in opts.calls:
        runs: dict[bool, list[tuple[int, float]]] = {True: [], False: []}
        for _ in range(opts.rounds):
            for append in (True, False):
                runs[append].append(_run(n, append=append))
        a_b = statistics.median(b for b, _ in runs[True])
        r_b = statistics.median(b for b, _ in runs[False])
        a_s = statistics.median(s for _, s in runs[True])
        r_s = statistics.median(s for _, s in runs[False])
        print(
            f"{n:>6} {a_b / 1e6:>10.2f} {r_b / 1e6:>11.2f} {r_b / a_b:>11.1f}x "
            f"{a_s:>9.2f} {r_s:>10.2f} {r_s / a_s:>10.1f}x"
        )


if __name__ == "__main__":
    main()
