"""What a landmark's name says beyond its folded letters (issue 40, landmarks round 6).

Folding (:func:`~mapsnb_sandbox.world.landmarks.fold`) drops marks and case, so that "Nhà Trắng"
(the White House in Vietnamese) is "nha trang", Nha Trang's name, and "Pantheon" (Rome's) is
"Panthéon" (Paris's). These rules read the text as typed:

- :func:`marked_kind_word`: a word of a landmark's kind written with its marks ("Nhà", house;
  "Chùa", pagoda) that the town's name writes otherwise ("Nha Trang") names a building, not the
  town;
- :func:`spelled_as`: among landmarks of one folded name, the one whose name is spelt as typed;
- :func:`numbered_building`: "One Madison", "Two Bloor": a number word before a town's name
  names a building, as English names towers, not the town.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from collections.abc import Iterable

from mapsnb_sandbox.world.landmarks import (
    AROUND,
    LANDMARK_WORDS_JSON,
    Landmark,
    fold,
    landmark_index,
    landmark_with_id,
)
from mapsnb_sandbox.world.names.town_words import town_head
from mapsnb_sandbox.world.resolved import Resolved

__all__ = [
    "marked_kind_word",
    "namesakes_apart",
    "numbered_building",
    "spelled_as",
    "spelled_ids",
    "spelled_namesakes",
    "town_spelt_otherwise",
]


def _typed(text: str) -> str:
    """``text`` lower-cased in its composed form, marks kept."""
    return unicodedata.normalize("NFC", text).casefold()


@functools.cache
def _marked_words() -> frozenset[str]:
    """The words of a landmark's kind that carry marks, as written (``landmark_words.json``:
    its ``words`` with a mark, and its ``marked`` words, which fold to words of towns' names and
    so are no landmark word once folded: Vietnamese "nhà", "chợ", "cầu")."""
    table = json.loads(LANDMARK_WORDS_JSON.read_text(encoding="utf-8"))
    lists = [*table["words"].values(), *table.get("marked", {}).values()]
    words = {_typed(w) for ws in lists for w in ws}
    return frozenset(w for w in words if not w.isascii() and all(c <= "\u1eff" for c in w))


def marked_kind_word(text: str, town: str) -> bool:
    """Whether ``text`` holds a word of a landmark's kind written with its marks whose folded
    form is a word of town name ``town`` that the name writes otherwise: "Nhà Trắng" is not
    Nha Trang; "Nhà Bè" and "Chợ Lớn" are their towns, "Sông Cầu" its town."""
    own = set(_typed(town).replace("-", " ").split())
    folded_own = {fold(w) for w in own}
    return any(
        w in _marked_words() and w not in own and fold(w) in folded_own
        for w in _typed(text).replace("-", " ").split()
    )


def spelled_as(lm: Landmark, typed: str) -> bool:
    """Whether ``lm``'s name or an alias is ``typed`` (or its part before a comma) as written,
    marks and all, case aside, or its own name but its town's (:func:`.town_words.town_head`):
    "Pantheon" is Rome's, "Panthéon" Paris's; "Guggenheim Museum" New York's and Bilbao's."""
    want = {_typed(typed).strip(), _typed(typed.partition(",")[0]).strip()}
    names = (m for n in (lm.name, *lm.aliases) for m in (n, n.partition(",")[0]))
    family = "" if lm.key.startswith("airport-") else town_head(lm.name, lm.city, AROUND)
    return any(_typed(n).strip() in want for n in (*names, family))


def spelled_namesakes(cands: Iterable[Landmark], typed: str) -> list[Landmark]:
    """Those of ``cands`` :func:`spelled_as` ``typed`` when some are and some are not; else all."""
    cands = list(cands)
    spelt = [lm for lm in cands if spelled_as(lm, typed)] if typed else []
    return spelt if spelt and len(spelt) < len(cands) else cands


#: English number words that begin a building's name ("One World Trade Center", "Two Bloor").
_NUMBERS = frozenset(
    ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
)


def numbered_building(text: str, town: str) -> bool:
    """Whether ``text`` is an English number word and then town name ``town`` ("One Madison",
    "One Bangkok"): a tower's name, as English names them, not the town ("Two Harbors" is a
    town's whole name, read as such before this)."""
    words, own = fold(text).split(), fold(town).split()
    return len(words) == len(own) + 1 and words[0] in _NUMBERS and words[1:] == own


def spelled_ids(ids: Iterable[int], typed: str) -> list[int]:
    """Those of landmark ``ids`` (indices of :func:`landmark_index`) spelt as ``typed`` when some
    are and some are not (:func:`spelled_namesakes`); else all."""
    items, ids = landmark_index().items, list(ids)
    if len(ids) < 2:
        return ids
    keep = {id(lm) for lm in spelled_namesakes((items[i] for i in ids), typed)}
    return [i for i in ids if id(items[i]) in keep]


def namesakes_apart(text: str, place: Resolved) -> bool:
    """Whether ``text`` names landmark ``place``, found LOW (the geocoder's mark of a name other
    landmarks bear), and another 50 km or more away alike (a name or the part of a name before
    its comma; ``_LandmarkIndex.named_apart``) with no spelling that tells them apart: "Royal
    Botanic Gardens", Sydney's and Kew's; not "Pantheon", spelt as Rome's, not as Paris's
    "Panthéon"."""
    li = landmark_index()
    lm = landmark_with_id(place.place_id) if place.confidence == "LOW" else None
    if lm is None:
        return False
    keys = {fold(text), fold(text.partition(",")[0])}
    far = [
        li.items[i]
        for k in keys
        for i in (*li.by_name.get(k, ()), *li.heads.get(k, ()))
        if abs(li.items[i].lat - lm.lat) + abs(li.items[i].lng - lm.lng) > 0.5
    ]
    return bool(far) and not (spelled_as(lm, text) and not any(spelled_as(o, text) for o in far))


#: How near a word of the text must spell the landmark's town's name ("Konârak": "Konark").
TOWN_SPELLING = 85


def town_spelt_otherwise(text: str) -> Landmark | None:
    """A landmark whose name is the words of ``text`` in any order, its articles aside, but for
    its town's name, which the text may spell otherwise: "Sun Temple, Konârak" (UNESCO's
    spelling) is our "Konark Sun Temple", not Konārak in Iran; "Cathedral, Cologne" is
    "Cologne Cathedral"."""
    from rapidfuzz import fuzz, process

    li = landmark_index()
    words = {w for w in fold(text).split() if w not in AROUND}
    key = " ".join(sorted(words))
    near = li.fuzzy_near(key, TOWN_SPELLING)
    found = process.extract(key, near, scorer=fuzz.token_sort_ratio, score_cutoff=TOWN_SPELLING)
    for name, _, _ in found[:5]:
        extra, missing = words - set(name.split()), set(name.split()) - words
        for lm in (li.items[i] for i in li.by_name[name]):
            town = set(fold(lm.city).split())
            spelt = all(fuzz.ratio(w, " ".join(sorted(town))) >= TOWN_SPELLING for w in extra)
            if (extra and missing and missing <= town and spelt) or not extra | missing:
                return lm
    return None
