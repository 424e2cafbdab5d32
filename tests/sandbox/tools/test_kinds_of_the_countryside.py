"""Kinds found where users look for them (found as a new user would, 2026-12-05):

- campsites follow land, not people: two thirds of the EU's are rural (Eurostat), so a search
  near a small town in the countryside finds some ("camping near Banff" found none: the kind's
  places were drawn per person only, and 8,000 people hold 0.3 of them);
- a word of a supported language beats the same spelling in a language the emulator has no
  texts in: Turkish "cami" (mosque) was Catalan "camí" (path), so "İstanbul cami" listed hiking
  areas; words of unsupported languages now come after every supported one's;
- "trailheads" names the hiking-area kind whose places are called "Trailhead".
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _search(box: Sandbox, text: str) -> dict:
    return box.call_tool("search_places", {"text_query": text})


@pytest.mark.parametrize(
    "text",
    [
        "campgrounds near Tofino",
        "camping near Zakopane",
        "campsites near Ambleside, England",
        "campground near Jackson, Wyoming",
        "Campingplatz Berchtesgaden",
    ],
)
def test_a_small_country_town_has_campsites_around(box: Sandbox, text: str) -> None:
    out = _search(box, text)
    assert out.get("places"), (text, out.get("summary"))
    assert "campground" in out["summary"].lower() or "camping" in out["summary"].lower()


def test_a_city_keeps_its_campsites_per_person(box: Sandbox) -> None:
    assert len(_search(box, "campgrounds in Denver")["places"]) >= 3


@pytest.mark.parametrize("text", ["cami Bursa", "Konya cami", "camiler Trabzon"])
def test_turkish_mosque_words_name_mosques(box: Sandbox, text: str) -> None:
    summary = _search(box, text)["summary"]
    assert "mosque" in summary.lower(), summary
    assert "hiking" not in summary.lower()


def test_a_mosque_by_its_own_turkish_name_stays_that_place(box: Sandbox) -> None:
    out = box.call_tool("search_places", {"text_query": "Sultanahmet Camii"})
    assert len(out["places"]) == 1 and "Blue Mosque" in out["summary"], out["summary"]


def test_trailheads_are_hiking_areas(box: Sandbox) -> None:
    summary = _search(box, "trailheads near Sedona")["summary"]
    assert "hiking area" in summary and "no such category" not in summary
