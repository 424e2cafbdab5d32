"""Latency of a cached call against an emulator call and a live-like call, side by side.

* **cached** — ``mapsnb.Client(cache=...)``, the answer read from the sqlite store;
* **replayed** — ``mapsnb.Client(record=..., mode="replay")``, the answer read from a recording;
* **emulator** — the in-process emulator, no cache;
* **live-like** — the emulator served over HTTP on 127.0.0.1 by the official MCP SDK, behind an
  ASGI middleware that adds 100 ms to every request (the order of a real round trip to Google).

The calls are interleaved round by round; medians and ratios are printed.

Run: ``python benchmarks/bench_cache.py [--calls 30] [--latency-ms 100]``.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mapsnb  # noqa: E402
from mapsnb_sandbox import Sandbox  # noqa: E402
from mapsnb_sandbox.serve.server import build_app  # noqa: E402
from tests.servers.sdk_server import ServerThread  # noqa: E402

NOW = "2026-09-18T08:00:00-07:00"
ARGS = {"text_query": "coffee shops near Golden Gate Park", "page_size": 5}


def slow(app: Any, seconds: float) -> Any:
    """An ASGI app answering like ``app``, ``seconds`` later (HTTP requests only)."""

    async def wrapped(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            await asyncio.sleep(seconds)
        await app(scope, receive, send)

    return wrapped


def main() -> None:
    """Time the four ways to answer the same call and print medians and ratios."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30)
    parser.add_argument("--latency-ms", type=float, default=100.0)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="mapsnb-bench-cache-"))
    app = slow(build_app(Sandbox(now=NOW)), args.latency_ms / 1000)
    with ServerThread(app) as server:
        live = mapsnb.Client(url=server.url, cache=False, record=False, protocol="stateless")
        cached = mapsnb.Client(url=server.url, cache=folder / "calls.sqlite3", record=False)
        emulator = mapsnb.Client(now=NOW, cache=False, record=False)
        recording = folder / "lesson.json"
        with mapsnb.Client(url=server.url, cache=False, record=recording, mode="record") as rec:
            rec.call_tool("search_places", ARGS)
        replayed = mapsnb.Client(cache=False, record=recording, mode="replay")
        expected = live.call_tool("search_places", ARGS)
        runners: dict[str, Callable[[], Any]] = {
            "cached": lambda: cached.call_tool("search_places", ARGS),
            "replayed": lambda: replayed.call_tool("search_places", ARGS),
            "emulator": lambda: emulator.call_tool("search_places", ARGS),
            f"live-like (+{args.latency_ms:.0f} ms)": lambda: live.call_tool("search_places", ARGS),
        }
        for run in runners.values():
            assert run() == expected  # all four answer the same payload (cache warmed here)
        times: dict[str, list[float]] = {name: [] for name in runners}
        items = list(runners.items())
        for i in range(args.calls):
            k = i % len(items)
            for name, run in items[k:] + items[:k]:
                t0 = time.perf_counter()
                run()
                times[name].append(time.perf_counter() - t0)
        for client in (live, cached, emulator, replayed):
            client.close()
    base = statistics.median(times["cached"])
    print(f"search_places, {args.calls} calls each, interleaved (medians)")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"  {name:<22} {med * 1e3:9.3f} ms   {med / base:8.1f}× the cached call")
    print(f"cache hits: {cached.cache.stats().hits if cached.cache else 0}")  # type: ignore[union-attr]


if __name__ == "__main__":
    main()
