"""English plurals of kinds the names give only in the singular (found as a new user would,
2026-12-06): "bottle shops Hobart", "dairies in Auckland", "washrooms in Toronto" made up a
kind of their own words, as iD's regional English gives those names in the singular only. A
plural by the regular English endings of an English name now reads as that name, unless the
word is a town's name ("Lagos", "Athens") or its singular a kind's name in another language
only ("Chelsea boots": no Dutch "boot", boat)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import category_key


@pytest.mark.parametrize(
    ("text", "key", "place"),
    [
        ("bottle shops Hobart", "liquor_store", "Hobart"),
        ("dairies in Auckland", "convenience_store", "Auckland"),
        ("Washrooms in Toronto", "public_bathroom", "Toronto"),
        ("Perth service stations", "gas_station", "Perth"),
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


def test_another_languages_singular_is_no_english_plural() -> None:
    assert split_kind_and_place("Chelsea boots") is None
