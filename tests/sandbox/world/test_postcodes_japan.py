"""Japan's synthetic addresses carry a real postcode of their municipality (issue 40: "addresses
with the town's real postal format and plausible codes"): "pharmacy in Osaka" read "561-"
(Toyonaka's), Kobe "659-" (Ashiya's), Fukuoka "835-", Chiba "270-": only started in the
prefecture's range.

Truth: the first three digits of each city's postcodes (Japan Post's ranges as the cities'
Wikipedia pages give them; Tokyo 100- and Osaka 530- also from page text), typed by hand; the
emulator reads Japan Post's codes by municipality and the municipalities' office points, not
this table.
"""

from __future__ import annotations

import re

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.addresses import area_postcode

#: City -> the first three digits its postcodes take.
CITY_STARTS: dict[str, tuple[int, ...]] = {
    "Tokyo": tuple(range(100, 180)),
    "Osaka": tuple(range(530, 560)),
    "Yokohama": tuple(range(220, 248)),
    "Nagoya": tuple(range(450, 469)),
    "Sapporo": (*range(1, 8), *range(60, 66)),
    "Kyoto": tuple(range(600, 617)),
    "Kobe": tuple(range(650, 659)),
    "Fukuoka": tuple(range(810, 820)),
    "Sendai": tuple(range(980, 990)),
    "Hiroshima": tuple(range(730, 740)),
    "Kawasaki": tuple(range(210, 217)),
    "Kitakyushu": tuple(range(800, 809)),
    "Chiba": tuple(range(260, 268)),
    "Saitama": tuple(range(330, 340)),
    "Niigata": (950, 951),
}
_CODE = re.compile(r"\b([0-9]{3})-[0-9]{4}\b")


def starts_of_search(city: str) -> list[int]:
    """The first three digits of the postcodes ``search_places`` gives for a pharmacy."""
    out = Sandbox(now="2026-09-18T15:00:00+00:00").call_tool(
        "search_places", {"text_query": f"pharmacy in {city}"}
    )
    return [int(c) for c in _CODE.findall(out["summary"])]


@pytest.mark.parametrize("city", sorted(CITY_STARTS))
def test_a_search_in_a_japanese_city_gives_its_postcodes(city: str) -> None:
    starts = starts_of_search(city)
    assert starts, city
    assert all(s in CITY_STARTS[city] for s in starts), (city, starts)


def test_tokyo_s_wards_take_their_own_codes() -> None:
    """Points in three wards take codes of that ward (Japan Post: Chiyoda 100-102, Shibuya
    150-151, Setagaya 154-158), not one code for the whole city."""
    wards = {(35.694, 139.754): (100, 101, 102), (35.664, 139.698): (150, 151)}
    wards[(35.646, 139.653)] = (154, 155, 156, 157, 158)
    for (lat, lng), starts in wards.items():
        code = area_postcode("JP", lat, lng, seed=3)
        assert re.fullmatch(r"[0-9]{3}-[0-9]{4}", code), code
        assert int(code[:3]) in starts, (lat, lng, code)


def test_the_address_writes_the_code_first() -> None:
    out = Sandbox(now="2026-09-18T15:00:00+00:00").call_tool(
        "search_places", {"text_query": "pharmacy in Osaka"}
    )
    assert re.search(r"\b5[345][0-9]-[0-9]{4} Osaka, ", out["summary"]), out["summary"]
