"""Kinds in the English of Australia, New Zealand, Britain and Canada (found as a new user would,
2026-12-05): "bottle shop Perth", "dairy Auckland", "lolly shop Dunedin", "washroom Toronto"
found nothing; the kinds' English names were the table's (American, some British) only. The
names table now also holds the words iD's regional English translations give a kind (en-GB,
en-AU, en-NZ, en-CA, en-IE, en-IN) beside its English ones; Google's ``meal_takeaway`` is
named "takeaway" and "takeout" (it had only its derived name, "meal takeaway").
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

Search = Callable[[str], tuple[int, str]]  # the ``search`` fixture of conftest.py


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("bottle shop Hobart", "liquor store"),
        ("bottle-o Townsville", "liquor store"),
        ("dairy Wellington", "convenience store"),
        ("superette Napier", "convenience store"),
        ("sweet shop Norwich", "candy store"),
        ("washroom Ottawa", "public toilet"),
        ("service station Darwin", "gas station"),
        ("diy shop Swansea", "home improvement store"),
        ("takeaway Bradford", "takeaway"),
        ("takeout Denver", "takeaway"),
    ],
)
def test_a_regional_english_kind_word_is_read(search: Search, text: str, kind: str) -> None:
    n, summary = search(text)
    assert n >= 3, summary
    assert kind in summary, summary


def test_a_word_of_another_kinds_preset_names_no_kind(search: Search) -> None:
    """iD maps the art gallery to the art shop's preset too: "art shop" stays no gallery."""
    _, summary = search("art shop Siena")
    assert "galler" not in summary, summary
