"""The first route between two towns by name, for the tests of listed links."""

from __future__ import annotations

from mapsnb_sandbox import Sandbox


def route_m(origin: str, destination: str, mode: str) -> int:
    """The first ``mode`` route's length from ``origin`` to ``destination`` (metres); fails the
    calling test when there is none."""
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    out = box.call_tool(
        "compute_routes",
        {
            "origin": {"address": origin},
            "destination": {"address": destination},
            "travel_mode": mode,
        },
    )
    assert out.get("routes"), (origin, destination, mode)
    return int(out["routes"][0]["distanceMeters"])
