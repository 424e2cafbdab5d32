"""Median in-process latency of each sandbox tool (``python benchmarks/bench_sandbox.py``).

Goals: <= 5 ms median for ``search_places`` and ``resolve_names``. The first call of a process
also pays the one-off geonames load (printed separately).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from mapsnb.sandbox import Sandbox

NOW = "2026-09-18T15:00:00+00:00"


def _cases(box: Sandbox) -> dict[str, Callable[[int], dict[str, Any]]]:
    token = box.call_tool(
        "compute_routes",
        {"origin": {"address": "San Francisco, CA"}, "destination": {"address": "Lake Tahoe, CA"}},
    )["routes"][0]["retrievalToken"]
    cities = ["San Francisco", "Chicago", "Paris", "Tokyo", "Berlin", "Lisbon", "Austin", "Rome"]
    cats = ["coffee shops", "restaurants", "parks", "ev chargers", "museums", "bars"]

    def query(i: int) -> str:
        return f"{cats[i % len(cats)]} in {cities[i % len(cities)]}"

    return {
        "search_places": lambda i: box.call_tool(
            "search_places", {"text_query": query(i), "page_size": 5}
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


def main(calls: int = 200) -> None:
    start = time.perf_counter()
    box = Sandbox(now=NOW)
    box.call_tool("resolve_names", {"queries": [{"text": "Paris"}]})
    print(f"first call (loads geonames + landmarks): {(time.perf_counter() - start) * 1000:.0f} ms")
    print(f"{'tool':<20} {'median ms':>10} {'p95 ms':>8}")
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
        print(f"{name:<20} {statistics.median(times):>10.3f} {p95:>8.3f}")


if __name__ == "__main__":
    main()
