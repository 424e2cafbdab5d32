"""Names round 15 (issue 40): a near spelling of a Japanese town that is another Japanese name.

Japan's towns are romanised mora by mora (Hepburn), and one mora tells two towns apart:
"Kawauchi" (川内, villages of Fukushima and Aomori) is no misspelt Kawaguchi (川口, Saitama's
city, 200+ km away). A text that splits wholly into Hepburn morae, near the name of a Japanese
town that does too but not the same once long vowels and syllabic n are written loosely, names
another town the index may lack: NOT_FOUND, and a search lists nothing there, as for Pinyin
(:func:`~mapsnb_sandbox.world.names.pinyin.other_romaji_name`). A typo that breaks the morae
("Hiroshma"), a long vowel written double ("Oosaka") or syllabic n written n ("Nihonmatsu" of
Nihommatsu) is still read.

Truth: the villages' coordinates as English Wikipedia gives them (typed here; the emulator reads
``cities1000``, which lacks both). Inputs are names outside every corpus and holdout.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.names.pinyin import romaji_words
from mapsnb_sandbox.world.resolver import resolve

#: Kawauchi, Fukushima and Kawauchi, Aomori (now part of Mutsu), English Wikipedia.
KAWAUCHI = [(37.337, 140.808), (41.196, 140.998)]
CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _near(lat: float, lng: float) -> bool:
    return any(haversine_m(lat, lng, a, b) < 50_000 for a, b in KAWAUCHI)


@pytest.mark.parametrize("text", ["Kawauchi", "Kawauchi, Japan"])
def test_another_japanese_name_is_no_far_town(text: str) -> None:
    place = resolve(text).place
    assert place is None or _near(place.lat, place.lng), place


def test_search_lists_nothing_far() -> None:
    out = search_places({"text_query": "hotels in Kawauchi", "language_code": "en"}, CTX)
    far = [
        p for p in out["places"] if not _near(p["location"]["latitude"], p["location"]["longitude"])
    ]
    assert not far


@pytest.mark.parametrize(
    ("text", "name"),
    [("Hiroshma", "Hiroshima"), ("Oosaka", "Osaka"), ("Nihonmatsu", "Nihommatsu")],
)
def test_typos_and_loose_hepburn_still_read(text: str, name: str) -> None:
    place = resolve(text).place
    assert place is not None and place.name == name


def test_hepburn_morae() -> None:
    assert romaji_words("Kawauchi") and romaji_words("Tamba") and romaji_words("Kitakyūshū")
    assert not romaji_words("Hiroshma") and not romaji_words("Kagosima")
