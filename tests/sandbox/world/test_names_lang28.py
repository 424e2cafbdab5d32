"""Issue 40, names bar per language (h-lang28): a LOW town read where the evidence names a place
the resolver cannot tell is no place.

*A bigger place of China the index lacks* (a county of ``data/cn_counties.tsv``, 500,000 people;
a township of ``data/cn_townships.tsv.z``, 35,000) that bears the Pinyin name outweighs the read
town outright (a part of a city weighs nothing, a county's seat as its county): the resolver
answers the bigger of two namesakes, and the bigger is none it holds. *A bare own name* yields to
a bigger town a language the emulator reads calls so, as typed (marks and all), which the small
town does not rival (``RIVAL_SHARE``). *A Latin text with marks* before a comma is no case form
without a preposition or an apostrophe ("Dąbrowy, Polska" is a village, no Dąbrowa): a name a
qualifier follows is written as listed. Towns of no corpus.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize("text", ["Jiangshan, China", "Jiangshan, Cina", "Longquan, China"])
def test_a_bigger_county_the_index_lacks_leaves_no_place(text: str) -> None:
    """Zhejiang's county-level cities Jiangshan and Longquan, not Shandong's town of 87,000 nor
    Yunnan's of 92,000 (LOW on START)."""
    r = resolve(text)
    assert r.place is None, (text, r.place)


@pytest.mark.parametrize(
    "text",
    ["Yangjiao, China", "Shijia, China", "Xialiang, China", "Yangjiao, Chine", "Baocheng, Chiny"],
)
def test_a_township_outweighing_the_town_leaves_no_place(text: str) -> None:
    """Villages of 1,500 to 15,000 against townships of their names elsewhere (LOW on START)."""
    r = resolve(text)
    assert r.place is None, (text, r.place)


def test_guard_a_county_seat_weighs_as_its_county() -> None:
    """Guard: Deqing is Zhejiang's county seat; Guangdong's Deqing county leaves it unsure,
    not gone."""
    r = resolve("Deqing, China")
    assert r.place is not None and r.confidence == "LOW", r.place
    assert abs(r.place.lat - 30.54) < 0.2 and abs(r.place.lng - 119.96) < 0.2


@pytest.mark.parametrize("text", ["Hanover", "Kronstadt"])
def test_a_bare_own_name_yields_to_a_bigger_town_a_read_language_calls_so(text: str) -> None:
    """ "Hanover" is English (and Spanish, Portuguese) for Hannover, 515,000, and Maryland's own
    name, 38,000; "Kronstadt" German for Brașov, 253,000, and Russia's town of 43,000."""
    r = resolve(text)
    assert r.place is None and "bigger" in r.reason, (text, r.place)


def test_guard_a_name_a_language_writes_with_marks_typed_without_them() -> None:
    """Guard: Turkish writes Jerusalem "Kudüs"; "Kudus" is Indonesia's city."""
    r = resolve("Kudus")
    assert r.place is not None and r.place.country_code == "ID", r.place


@pytest.mark.parametrize("text", ["Dąbrowy, Polska", "Białki, Polska"])
def test_a_latin_name_with_marks_is_no_case_form_alone(text: str) -> None:
    """Villages, not the nominative of their form (Dąbrowa, Białka: LOW on START)."""
    r = resolve(text)
    assert r.place is None, (text, r.place)


@pytest.mark.parametrize(
    ("text", "lat"), [("v Praze", 50.09), ("בירושלים", 31.77), ("ve Třebíči", 49.22)]
)
def test_guard_a_case_form_after_a_preposition_or_in_another_script(text: str, lat: float) -> None:
    """Guard: "v Praze", "ve Třebíči" (a preposition; "ve" only read as Latin with marks) and
    "בירושלים" (Hebrew) stay Prague, Třebíč and Jerusalem."""
    r = resolve(text)
    assert r.place is not None and abs(r.place.lat - lat) < 0.2, (text, r.place)
