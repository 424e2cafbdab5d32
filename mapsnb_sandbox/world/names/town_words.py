"""What a town's name, written one way, says of a landmark's name (issue 40, landmarks round 7).

- :func:`town_head`: a landmark named by a family's name and its town's ("Guggenheim Museum
  Bilbao", "Denver Union Station") says that others bear the family's name;
- :func:`marked_otherwise`: a place typed with marks every town of that name writes otherwise
  ("Konârak": Iran's Konārak) is another place's name.

Read by :mod:`~mapsnb_sandbox.world.landmarks` and :mod:`..landmark_names.spelling`; imports neither.
"""

from __future__ import annotations

import unicodedata

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text

__all__ = ["TOWN_HEAD_WORDS", "marked_otherwise", "town_head"]

#: The fewest words a landmark's name keeps without its town's to be a name other landmarks
#: may bear ("Guggenheim Museum" of "Guggenheim Museum Bilbao"; not "Louvre" of "Louvre Abu
#: Dhabi", a name of its own).
TOWN_HEAD_WORDS = 2


def town_head(name: str, town: str, around: frozenset[str]) -> str:
    """Landmark name ``name`` without its town ``town``'s name at its end or start and the
    words of ``around`` (articles, prepositions) at the seam ("Guggenheim Museum" of
    "Guggenheim Museum Bilbao", "Union Station" of "Denver Union Station"), when
    :data:`TOWN_HEAD_WORDS` or more words are left; else ``""``."""
    own, words = fold_text(town).split(), name.split()
    n = len(own)
    if not own or len(words) <= n:
        return ""
    if [fold_text(w) for w in words[-n:]] == own:
        rest = words[:-n]
    elif [fold_text(w) for w in words[:n]] == own:
        rest = words[n:]
    else:
        return ""
    while rest and fold_text(rest[-1]) in around:
        rest = rest[:-1]
    while rest and fold_text(rest[0]) in around:
        rest = rest[1:]
    return " ".join(rest) if len(rest) >= TOWN_HEAD_WORDS else ""


#: Letters written with either of two marks, one letter all the same (Romanian ș and ş, ț and ţ:
#: a comma below, or the older cedilla).
_ONE_LETTER = str.maketrans({"ș": "ş", "ț": "ţ"})


def _typed(text: str) -> str:
    """``text`` lower-cased in its composed form, marks kept, one letter written one way."""
    return unicodedata.normalize("NFC", text).casefold().strip().translate(_ONE_LETTER)


def marked_otherwise(place: str) -> bool:
    """Whether ``place``, typed with marks, is the own name of towns that all write it with
    other marks ("Konârak": Konārak, Iran): another place's name, as "Panthéon" is not Rome's
    "Pantheon". Marks typed where the town's name has none ("Montréal") or none typed are no
    sign: users add and drop marks."""
    typed, key = _typed(place), fold_text(place)
    if typed.isascii() or not key:
        return False
    idx = city_index()
    own = {_typed(c.name) for c in (idx.cities[j] for j in idx.by_name.get(key, ()))}
    names = {n for n in own if fold_text(n) == key}
    return bool(names) and all(not n.isascii() and n != typed for n in names)
