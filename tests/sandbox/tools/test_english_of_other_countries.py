"""Kinds in the English of Australia, New Zealand, Britain and Canada (found as a new user would,
2026-12-05): "bottle shop Perth", "dairy Auckland", "lolly shop Dunedin", "washroom Toronto"
found nothing; the kinds' English names were the table's (American, some British) only. The
names table now also holds the words iD's regional English translations give a kind (en-GB,
en-AU, en-NZ, en-CA, en-IE, en-IN) beside its English ones; Google's ``meal_takeaway`` is
named "takeaway" and "takeout" (it had only its derived name, "meal takeaway").
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


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
def test_a_regional_english_kind_word_is_read(box: Sandbox, text: str, kind: str) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": "en"})
    assert len(out.get("places") or []) >= 3, out["summary"]
    assert kind in out["summary"], out["summary"]


def test_a_word_of_another_kinds_preset_names_no_kind(box: Sandbox) -> None:
    """iD maps the art gallery to the art shop's preset too: "art shop" stays no gallery."""
    out = box.call_tool("search_places", {"text_query": "art shop Siena", "language_code": "en"})
    assert "galler" not in out["summary"], out["summary"]
