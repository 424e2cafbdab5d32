"""A place whose own name is a generic word ("North": Singapore's North Region, which GeoNames
lists as a town) was answered MEDIUM to the word in other languages ("Norte", "Północ",
"Βορράς", "צפון", "شمال": 7,883 km from Lebanon's North Governorate, in `bench_regions.py`),
while the English word itself is LOW: a direction names no one place in any language."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize("text", ["Norte", "Północ", "Βορράς", "צפון", "Kaskazini"])
def test_a_compass_word_of_another_language_is_no_confident_place(text: str) -> None:
    found = resolve(text)
    assert found.place is None or found.place.confidence == "LOW", found


def test_a_town_of_an_own_generic_name_named_so_keeps_its_answer() -> None:
    found = resolve("Mitte, Berlin")  # a district of its own, typed by its own name
    assert found.place is not None and found.place.confidence != "LOW"


def test_resolve_names_says_low_for_the_word() -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool("resolve_names", {"queries": [{"text": "Norte"}]})
    answer = (out.get("results") or [{}])[0]
    assert answer.get("confidence") in (None, "LOW"), answer
