"""Shared fixtures of the tool tests: one emulator at a fixed clock, and its English search."""

from __future__ import annotations

from collections.abc import Callable

import pytest

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
