"""A country's other names (CLDR's alt-short and alt-variant names, the parts of "Myanmar
(Burma)") qualify a town as its usual name does (issue 40, class 1): "Nablus, Palestine" is the
West Bank's Nablus, not a town called Palestine; "Mandalay, Birmania" is Myanmar's."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.names.qualifiers import country_named, regions
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "cc"),
    [
        ("Nablus, Palestine", "PS"),
        ("Khan Yunis, Palestina", "PS"),
        ("Mandalay, Burma", "MM"),
        ("Mandalay, Birmania", "MM"),
        ("Maliana, Timor Timur", "TL"),
        ("Manzini, Swaziland", "SZ"),
        ("Lubumbashi, DRC", "CD"),
        ("Kisangani, RDC", "CD"),
        ("Whanganui, Aotearoa", "NZ"),
    ],
)
def test_a_town_qualified_by_its_country_s_other_name_is_that_country_s(text: str, cc: str) -> None:
    found = resolve(text).place
    assert found is not None and found.country_code == cc, found
    assert found.confidence in ("MEDIUM", "HIGH"), found


def test_resolve_names_answers_a_town_of_palestine() -> None:
    """Before: "Hebron, Palestine" was NOT_FOUND: no country was called so."""
    out = Sandbox().call_tool("resolve_names", {"queries": [{"text": "Bethlehem, Palestine"}]})
    match = out["results"][0]["sandboxMatch"]
    assert match["name"] == "Bethlehem" and 31.6 < match["location"]["latitude"] < 31.8, out


@pytest.mark.parametrize(
    ("name", "cc"),
    [("holy see", "VA"), ("swaziland", "SZ"), ("east timor", "TL"), ("burma", "MM")],
)
def test_other_names_are_country_names(name: str, cc: str) -> None:
    assert country_named(name, 1) == cc


def test_no_other_name_makes_a_shared_or_generic_word_a_country() -> None:
    """ "Congo" opens "Congo (DRC)" and "Congo (Republic)": it keeps its one usual country; a
    word of many countries' names ("republic") names none."""
    assert regions().countries["congo"] == frozenset({"CG"})
    assert "republic" not in regions().countries
    assert "drc" in regions().countries and regions().countries["drc"] == frozenset({"CD"})
