"""Kinds named by one character in Japanese, Chinese and Korean (found as a new user would,
2026-12-05): "京都の寺" (temples in Kyoto), "東京の駅" (stations in Tokyo), "부산 절" found
nothing, because the names table kept no one-character word (iD's are loose: "酒" for a
restaurant, "水" for a pool). The supplement's hand-written everyday names ("寺", "駅", "宿",
"역", "절") are now kept; glued to a town they are read only after "の", "的" or "의", so a
place whose own name ends in one ("銀閣寺") stays that place.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _summary(box: Sandbox, text: str) -> tuple[int, str]:
    out = box.call_tool("search_places", {"text_query": text, "language_code": "en"})
    return len(out.get("places") or []), out["summary"]


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("名古屋の駅", "train station", "Nagoya"),
        ("奈良の寺", "buddhist temple", "Nara"),
        ("札幌の宿", "lodging", "Sapporo"),
        ("西安的寺", "buddhist temple", "Xi"),
        ("成都 寺", "buddhist temple", "Chengdu"),
        ("대구 역", "train station", "Daegu"),
        ("광주의 절", "buddhist temple", "Gwangju"),
    ],
)
def test_a_one_character_kind_is_read(box: Sandbox, text: str, kind: str, town: str) -> None:
    n, summary = _summary(box, text)
    assert n >= 3, summary
    assert kind in summary.lower() and town in summary, summary


def test_a_name_ending_in_the_character_stays_its_place(box: Sandbox) -> None:
    n, summary = _summary(box, "銀閣寺")
    assert n == 1 and "Ginkaku-ji" in summary, summary
