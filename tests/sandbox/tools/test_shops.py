""" "shops in Rome" listed "synthetic places of the kind 'shops'" (a kind the emulator made up
from the query's words) where "shop in Rome" and "stores in Rome" listed stores: the plain
English words of a store, singular and plural, are the store's names now."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.mark.parametrize("text", ["shops in Lisbon", "Lisbon shops", "shop near Lisbon"])
def test_shops_are_stores(text: str) -> None:
    out = Sandbox(now="2026-09-18T15:00:00+00:00").call_tool("search_places", {"text_query": text})
    assert out.get("places"), out["summary"]
    assert "no such category" not in out["summary"], out["summary"]
    assert "stores near Lisbon" in out["summary"].split("</p>")[0], out["summary"]
