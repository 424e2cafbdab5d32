"""One engine for many calls (issue 44): batches and ``search_area`` before and after, side by side.

The same work runs on two checkouts of ``mapsnb`` taking turns, each run a fresh process, so
both see the same machine noise; medians and the after/before ratio are printed:

1. ``batch latency``: ``client.batch.resolve_names`` of 1,000 names (50 calls of 20), 8 in
   flight, against the batch server adding 100 ms a call (``bench_batch.py`` part 1).
2. ``batch 10k``: ``client.batch.search_places`` of 10,000 queries, 32 in flight, rate limit
   lifted (``bench_batch.py`` part 2).
3. ``area sync`` / ``area async``: ``search_area`` over the 300-place old town
   (``tests/servers/area_server.py``) with ``max_calls=3000``, the server adding 20 ms a call:
   a ``Client`` (one call after another) and an ``AsyncClient`` (8 in flight).
4. ``area emulator``: ``search_area("cafe", Circle(Lisbon, 3 km), max_depth=2)`` on the
   in-process emulator, a warm client (the engine's CPU share, no network).

Run: ``python benchmarks/bench_engine.py --before DIR [--rounds 3]``, where ``DIR`` holds the
other checkout's ``mapsnb`` and ``tests/servers`` (for instance
``git archive <commit> mapsnb tests/servers tests/__init__.py | tar -x -C DIR``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("batch latency", "batch 10k", "area sync", "area async", "area emulator")
KEY = "FAKE-mapsnb-bench-engine-key"  # fake: the local server reads no key
AREA_LATENCY = 0.02


def _batch_latency(url: str) -> tuple[float, int]:
    import mapsnb

    names = [f"shop number {i}" for i in range(1000)]
    with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
        client.batch.resolve_names(["warm up"], progress=False)
        t0 = time.perf_counter()
        out = client.batch.resolve_names(names, max_concurrency=8, progress=False)
        elapsed = time.perf_counter() - t0
    return elapsed, len(out)


def _batch_scale(url: str) -> tuple[float, int]:
    import mapsnb

    queries = [f"query {i}" for i in range(10_000)]
    with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
        client.batch.search_places(["warm up"], progress=False)
        t0 = time.perf_counter()
        out = client.batch.search_places(
            queries, max_concurrency=32, calls_per_minute=10**9, progress=False
        )
        elapsed = time.perf_counter() - t0
    return elapsed, len(out)


def _area_server() -> Any:
    from tests.servers.area_server import AreaServer, old_town_places

    class Slow(AreaServer):
        def _handle(self, name: str, args: dict[str, Any], headers: Any) -> dict[str, Any]:
            time.sleep(AREA_LATENCY)
            return super()._handle(name, args, headers)

    return Slow(old_town_places())


def _area(kind: str) -> tuple[float, int]:
    import mapsnb
    from tests.servers.area_server import OLD_TOWN_VIEW

    view = mapsnb.Viewport(*OLD_TOWN_VIEW)
    with _area_server() as server:
        if kind == "sync":
            with mapsnb.Client(KEY, url=server.url) as client:
                client.search_places("warm up")
                t0 = time.perf_counter()
                df = client.search_area("cafe", view, max_calls=3000, progress=False)
                elapsed = time.perf_counter() - t0
        else:

            async def go() -> tuple[float, Any]:
                async with mapsnb.AsyncClient(KEY, url=server.url) as client:
                    await client.search_places("warm up")
                    t0 = time.perf_counter()
                    df = await client.search_area("cafe", view, max_calls=3000, progress=False)
                    return time.perf_counter() - t0, df

            elapsed, df = asyncio.run(go())
    assert len(df) == 300, len(df)
    return elapsed, int(df.attrs["coverage"].calls)


def _area_emulator() -> tuple[float, int]:
    import mapsnb

    with mapsnb.Client() as client:
        circle = mapsnb.Circle(38.7223, -9.1393, 3000)
        client.search_area("cafe", circle, max_depth=2, progress=False)  # warm: cells made
        t0 = time.perf_counter()
        df = client.search_area("restaurant", circle, max_depth=2, progress=False)
        elapsed = time.perf_counter() - t0
    return elapsed, int(df.attrs["coverage"].calls)


def child(part: str, url: str) -> None:
    """One part in this fresh process (``sys.path`` already starts with its checkout)."""
    if part == "batch latency":
        elapsed, count = _batch_latency(url)
    elif part == "batch 10k":
        elapsed, count = _batch_scale(url)
    elif part == "area emulator":
        elapsed, count = _area_emulator()
    else:
        elapsed, count = _area(part.split()[1])
    print(json.dumps({"seconds": elapsed, "count": count}))


def _run_child(tree: Path, part: str, url: str) -> dict[str, Any]:
    code = (
        "import sys; sys.path.insert(0, sys.argv[1]); import runpy; "
        "sys.argv = [sys.argv[2], '--child', sys.argv[3], sys.argv[4]]; "
        "runpy.run_path(sys.argv[0], run_name='__main__')"
    )
    cmd = [sys.executable, "-c", code, str(tree), __file__, part, url]
    done = subprocess.run(cmd, capture_output=True, text=True, cwd=tree, check=False)
    if done.returncode:
        raise RuntimeError(f"{part} on {tree} failed:\n{done.stderr[-2000:]}")
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        child(sys.argv[2], sys.argv[3])
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--parts", nargs="*", default=list(PARTS), choices=PARTS)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from benchmarks.bench_batch import start_server, stop

    trees = {"before": args.before.resolve(), "after": ROOT}
    slow, slow_url = start_server("--latency", "0.1")
    fast, fast_url = start_server()
    times: dict[tuple[str, str], list[float]] = {}
    counts: dict[tuple[str, str], set[int]] = {}
    try:
        for r in range(args.rounds):
            for part in args.parts:
                url = slow_url if part == "batch latency" else fast_url
                order = ("before", "after") if r % 2 == 0 else ("after", "before")
                for side in order:
                    found = _run_child(trees[side], part, url)
                    times.setdefault((part, side), []).append(found["seconds"])
                    counts.setdefault((part, side), set()).add(found["count"])
    finally:
        stop(slow)
        stop(fast)
    print(f"\n{args.rounds} rounds, before = {trees['before']}, after = {trees['after']}")
    print(f"{'part':<15} {'before s':>9} {'after s':>9} {'after/before':>13}  calls or rows")
    for part in args.parts:
        before = statistics.median(times[(part, "before")])
        after = statistics.median(times[(part, "after")])
        same = counts[(part, "before")] == counts[(part, "after")]
        print(
            f"{part:<15} {before:9.3f} {after:9.3f} {after / before:12.2f}x  "
            f"{sorted(counts[(part, 'after')])}{'' if same else ' (before: differs)'}"
        )


if __name__ == "__main__":
    main()
