"""English plurals of kinds the names give only in the singular (found as a new user would,
2026-12-06): "shops in Rome" and "kiosks in Rome" made up a kind called "shops", as the
names hold "shop" and "Kiosk" but no plural. A plural by the regular English endings now reads
as its singular, unless the word is a town's name ("Lagos", "Athens": no lake, no "athen")."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import category_key


@pytest.mark.parametrize(
    ("text", "key", "place"),
    [
        ("shops in Rome", "store", "Rome"),
        ("Shops in Rome", "store", "Rome"),
        ("Rome shops", "store", "Rome"),
        ("kiosks in Vienna", "convenience_store", "Vienna"),
    ],
)
def test_a_regular_plural_reads_as_its_singular(text: str, key: str, place: str) -> None:
    kind = category_key(key)
    assert kind is not None
    assert split_kind_and_place(text) == (kind.code, place)


@pytest.mark.parametrize(
    ("text", "key", "place"),
    [("Lagos hotels", "hotel", "Lagos"), ("Athens restaurants", "restaurant", "Athens")],
)
def test_a_town_ending_in_s_is_no_plural(text: str, key: str, place: str) -> None:
    kind = category_key(key)
    assert kind is not None
    assert split_kind_and_place(text) == (kind.code, place)


def test_a_search_for_shops_lists_stores() -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool("search_places", {"text_query": "shops in Rome"})
    assert out.get("places"), out["summary"]
    assert "stores near Rome" in out["summary"], out["summary"]
