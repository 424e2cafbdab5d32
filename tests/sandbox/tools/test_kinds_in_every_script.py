"""Kinds named in other scripts (``benchmarks/bench_kinds.py``: CLDR's emoji names of 17 kinds
in the 28 languages, 2026-12-05):

- a search whose words beside a town no kind reads answered the town itself in every script
  but Latin ("kilise İstanbul", church in Turkish, listed Istanbul); it now says which words it
  did not read, as an English search does, when the town can be told apart from them;
- iD names some kinds only by their grounds ("학교 부지", school grounds; "محیط بیمارستان"):
  the kind's own noun is read too, from iD's building preset of the kind ("학교 건물" less
  "건물", building);
- Hangul runs compounds together ("버스터미널", "서울병원"): it is read like the scripts
  without spaces, a kind inside a word;
- kinds named by one character ("京都の寺", temples in Kyoto; "東京の駅"; "부산 절") were never
  read: the names table kept no one-character word (iD's are loose: "酒" for a restaurant).
  The supplement's hand-written everyday names ("寺", "駅", "宿", "역", "절") are kept; glued to
  a town they are read only after "の", "的" or "의", so "銀閣寺" stays that place.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

Search = Callable[[str], tuple[int, str]]  # the ``search`` fixture of conftest.py


@pytest.mark.parametrize("text", ["zzkilise Ankara", "Αθήνα ξυλοφωτιά", "ксилофон Київ"])
def test_words_beside_a_town_that_no_kind_reads_are_said(search: Search, text: str) -> None:
    n, summary = search(text)
    assert n == 0, summary


@pytest.mark.parametrize(
    ("text", "kind", "town"),
    [
        ("بیمارستان اصفهان", "hospital", "Isfahan"),
        ("대전 학교", "school", "Daejeon"),
        ("부산병원", "hospital", "Busan"),
        ("Daegu 버스터미널", "bus station", "Daegu"),
        ("광주의절", "buddhist temple", "Gwangju"),
        ("名古屋の駅", "train station", "Nagoya"),
        ("奈良の寺", "buddhist temple", "Nara"),
        ("札幌の宿", "lodging", "Sapporo"),
        ("西安的寺", "buddhist temple", "Xi"),
        ("成都 寺", "buddhist temple", "Chengdu"),
        ("대구 역", "train station", "Daegu"),
        ("광주의 절", "buddhist temple", "Gwangju"),
    ],
)
def test_a_kind_in_another_script_is_read(search: Search, text: str, kind: str, town: str) -> None:
    n, summary = search(text)
    assert n >= 3, summary
    assert kind in summary.lower() and town in summary, summary


def test_a_name_ending_in_one_such_character_stays_its_place(search: Search) -> None:
    n, summary = search("銀閣寺")
    assert n == 1 and "Ginkaku-ji" in summary, summary
