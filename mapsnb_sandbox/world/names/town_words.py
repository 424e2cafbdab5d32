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

__all__ = [
    "FEATURE_WORDS",
    "NATURAL_WORDS",
    "TOWN_HEAD_WORDS",
    "keeps_feature_words",
    "marked_otherwise",
    "town_head",
]

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


#: Words of natural features ("Mount", "Gunung", "Lake", "Cerro"): such a feature named after
#: a town lies anywhere around it, so the town is no answer for it (issue 40: NOT_FOUND).
_NATURAL = (
    "mount mt mountain gunung monte mont cerro volcano volcan vulkan lake lago lac danau see "
    "jezioro ozero озеро гора вулкан falls cascada cataratas chutes canyon canon glacier glaciar "
    "gletscher island isla ilha ile pulau insel beach playa praia plage pantai peak pico"
)
NATURAL_WORDS = frozenset(_NATURAL.split())
#: ... and of mountains and ranges, which a near spelling of a town's name keeps
#: (:func:`keeps_feature_words`): "Sierra Negra" is a volcano of the Galápagos, not a misspelt
#: Serra Negra (Brazil); "Nevado", "Piton", "Jebel", "Gora", "Sopka" as gazetteers write them.
_RANGES = (
    "sierra serra nevado nevados pic piton jebel jabal djebel gora sopka caldera vulcano vulcao"
)
FEATURE_WORDS = NATURAL_WORDS | frozenset(_RANGES.split())


def keeps_feature_words(text: str, name: str) -> bool:
    """Whether every word of folded ``text`` that names a natural feature
    (:data:`FEATURE_WORDS`) opens a word of folded ``name`` too ("mont" of "Monte Carlo")."""
    own = name.split()
    return all(any(o.startswith(w) for o in own) for w in text.split() if w in FEATURE_WORDS)
