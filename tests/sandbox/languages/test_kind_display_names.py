"""A kind's display name in a language beyond the table's eight is its everyday name where iD's
presets and Organic Maps agree on it (``tools/category_names_om.py`` :func:`display_first`):
not iD's name of the preset's grounds, counter or faith ("Skolområde", "Läkemedel", "Muslimsk
moské") nor a name giving alternatives ("学校（代表点または敷地）", "Bank (financieel)")."""

from __future__ import annotations

import sys
from pathlib import Path
from types import ModuleType

import pytest

from mapsnb_sandbox import Sandbox

TOOLS = Path(__file__).resolve().parents[3] / "tools"


@pytest.fixture(scope="module")
def box() -> Sandbox:
    """The emulator at 2026-09-18 15:00 UTC."""
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(
    ("lang", "text", "said", "not_said"),
    [
        ("sv", "apotek Malmö", "(apotek)", "läkemedel"),
        ("sv", "skola Uppsala", "skola", "skolområde"),
        ("sv", "sjukhus Malmö", "(sjukhus)", "sjukhusområde"),
        ("sv", "kyrka Malmö", "(kyrka)", "kristen"),
        ("ja", "学校 大阪", "学校", "代表点"),
        ("nl", "ziekenhuis Rotterdam", "ziekenhuis", "ziekenhuisgebied"),
        ("nl", "bank Utrecht", "bank", "financieel"),
        ("nl", "school Eindhoven", "school", "schoolgebied"),
        ("el", "σχολείο Πάτρα", "σχολείο", "περιοχή"),
        ("uk", "школа Львів", "(школа)", "школи"),
        ("tr", "cami Ankara", "cami", "müslüman"),
        ("vi", "hiệu thuốc Đà Nẵng", "hiệu thuốc", "quầy thuốc"),
        ("he", "בית חולים חיפה", "בית חולים", "מתחם"),
    ],
)
def test_a_summary_names_the_kind_by_its_everyday_name(
    box: Sandbox, lang: str, text: str, said: str, not_said: str
) -> None:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    summary = out["summary"].casefold()
    assert said in summary and not_said not in summary


@pytest.fixture(scope="module")
def om() -> ModuleType:
    """``tools/category_names_om.py``."""
    sys.path.insert(0, str(TOOLS))
    import category_names_om

    return category_names_om


def test_display_first_rule(om: ModuleType) -> None:
    rows = [
        ("pharmacy", "sv", ["Läkemedel", "drog*", "apotek"], ["apotekare"]),  # qualified kind
        ("church", "sv", ["Kristen kyrka", "andaktslokal"], ["Kyrka"]),  # OM's word, held whole
        ("bank", "nl", ["Bank (financieel)", "geld"], ["Bank"]),  # alternatives mark
        ("school", "nl", ["Schoolgebied"], ["School"]),  # OM's word, compounded in iD's
        ("sports_complex", "id", ["Gedung Pusat Olahraga"], ["Olahraga"]),  # "sport": no head
        ("hotel", "sv", ["Hotell", "motell"], []),  # not suspect: left alone
        ("car_repair", "sv", ["Bilverkstad", "bilreparatör"], []),  # OM says it too: left
        ("church", "hi", ["चर्च", "गिरजाघर"], []),  # written by hand: left
        ("church", "de", ["Christliche Kirche", "Kirche"], []),  # the table's own language
    ]
    shown = {
        ("pharmacy", "sv"): ["Apotek"],
        ("church", "sv"): ["Kyrka"],
        ("bank", "nl"): ["Bank", "geld"],
        ("school", "nl"): ["School"],
        ("sports_complex", "id"): ["Olahraga"],
        ("hotel", "sv"): ["Motell"],
        ("car_repair", "sv"): ["Bilreparatör"],
        ("church", "hi"): ["गिरजाघर"],
        ("church", "de"): ["Kirche"],
    }
    heard = {k: {om._fold(w) for w in ws} for k, ws in shown.items()}
    heard[("car_repair", "sv")].add("bilverkstad")
    qualified = om.qualified_kinds(
        {
            "pharmacy": "Pharmacy Counter",
            "church": "Christian Church",
            "hotel": "Hotel",
            "school": "School Grounds",
            "sports_complex": "Sports Center / Complex",
            "gas_station": "Gas Station",
        },
        {
            "pharmacy": ["pharmacy"],
            "church": ["church"],
            "hotel": ["hotel"],
            "school": ["school"],
            "sports_complex": ["sports center"],
            "gas_station": ["gas", "gas station"],
        },
    )
    assert qualified == {"pharmacy", "church", "school", "sports_complex"}
    got = om.display_first(
        rows, (shown, heard), qualified, frozenset({"de"}), {"hi": {"church": "चर्च|गिरजाघर"}}
    )
    assert [(r[2][0], r[3]) for r in got] == [
        ("apotek", ["apotekare"]),
        ("Kyrka", []),
        ("Bank", []),
        ("School", []),
        ("Gedung Pusat Olahraga", ["Olahraga"]),
        ("Hotell", []),
        ("Bilverkstad", []),
        ("चर्च", []),
        ("Christliche Kirche", []),
    ]
