"""Shared fixtures of the tool tests: one emulator at a fixed clock, and its English search."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    """The emulator at 2026-09-18 15:00 UTC."""
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.fixture(scope="module")
def search(box: Sandbox) -> Callable[[str], tuple[int, str]]:
    """``search(text)``: how many places ``search_places`` lists for ``text`` and its English
    summary."""

    def run(text: str) -> tuple[int, str]:
        out = box.call_tool("search_places", {"text_query": text, "language_code": "en"})
        return len(out.get("places") or []), out["summary"]

    return run


@pytest.fixture(scope="module")
def listed(box: Sandbox) -> Callable[[str], list[dict[str, Any]]]:
    """``listed(text)``: the places ``search_places`` lists for ``text``, as the payload holds them."""

    def run(text: str) -> list[dict[str, Any]]:
        places = box.call_tool("search_places", {"text_query": text}).get("places") or []
        assert isinstance(places, list)
        return places

    return run


@pytest.fixture(scope="module")
def first_km(listed: Callable[[str], list[dict[str, Any]]]) -> Callable[[str, float, float], float]:
    """``first_km(text, lat, lng)``: how many km from (lat, lng) the first place a search for
    ``text`` lists lies; the search must list one."""

    def run(text: str, lat: float, lng: float) -> float:
        places = listed(text)
        assert places, f"{text!r} lists nothing"
        loc = places[0]["location"]
        return haversine_m(loc["latitude"], loc["longitude"], lat, lng) / 1000

    return run
