"""Compound place names: a town read from only part of a multi-word name is no answer.

"Fort Severn", "Puerto Deseado", "Chesterfield Inlet", "Bandar Seri Begawan", "Kota Dawson" name
places the index may not hold; their generic word ("Fort", read as Fürth; "Bandar", Bender;
"Kota", Kota) or their other words ("Chesterfield", "Ayacucho") name another town. When the
index does not give the whole name to the town found, and that town is only a LOW guess, the
text names nothing the emulator knows: ``not_found``, for every tool. The generic words, in the
scripts of the 28 languages, are in ``data/compound_words.json`` (sources there).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from pathlib import Path

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.grammar import with_commas
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.towns import PREPOSITIONS, named_ids, own_name

__all__ = ["compound_words", "cut_compound", "feature_words", "joined_name"]

_WORDS = Path(__file__).resolve().parents[2] / "data" / "compound_words.json"
#: What separates the words of a compound name: spaces, hyphens, the Japanese middle dot.
_SPLIT = re.compile(r"[\s\-‐–・·]+")
#: How a match is the place's own record (never cut).
_EXACT = frozenset({"name", "alias", "address", "street", "coords"})


@functools.cache
def compound_words() -> tuple[frozenset[str], frozenset[str]]:
    """The folded generic words of compound names: heads ("fort", "インレット") and words for
    a city ("kota") (``data/compound_words.json``)."""
    data = json.loads(_WORDS.read_text(encoding="utf-8"))
    heads = frozenset(fold(w) for w in data["heads"])
    return heads, frozenset(fold(w) for w in data["city_words"])


@functools.cache
def feature_words() -> frozenset[str]:
    """The heads that name a kind of place ("fort", "point", "lake"), not a saint's title nor
    a rank or office ("coronel", "presidente")."""
    data = json.loads(_WORDS.read_text(encoding="utf-8"))
    return compound_words()[0] - {fold(w) for w in [*data["saints"], *data["titles"]]}


def _words(text: str) -> list[str]:
    return [fold(w) for w in _SPLIT.split(text) if fold(w)]


def _named(key: str, city: City, number: int) -> bool:
    """Whether folded ``key`` is town ``city``'s (number ``number``) own or other name."""
    return own_name(key, city) or number in named_ids(city_index(), key)


def _head_last(words: list[str], heads: frozenset[str]) -> bool:
    """Whether the last of ``words`` is a head after a word that is no preposition nor head
    ("augusta springs", not "hotel in springs")."""
    if len(words) < 2 or words[-1] not in heads:
        return False
    return words[-2] not in PREPOSITIONS and words[-2] not in heads


def joined_name(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place``, a LOW town, is read from only the first parts of a hyphenated name
    (the text's first comma part) whose later parts hold a word in lower case, so that the
    whole is one name ("Saint-Priest-des-Champs" is no Saint-Priest, "Bagnols-sur-Cèze" no
    Bagnols), and the index gives the whole name to no town; a part in capitals after a town
    is its quarter ("Frankfurt-Höchst")."""
    if place is None or place.kind != "locality" or place.confidence != "LOW" or how in _EXACT:
        return False
    head = with_commas(text).partition(",")[0].strip()
    token = next((t for t in head.split() if "-" in t.strip("-")), None)
    if token is None or len(head.split()) > 1:
        return False
    parts = [p for p in token.split("-") if p]
    own = fold(place.name).split()
    lower = [i for i, p in enumerate(parts) if i > 0 and p[:1].islower()]
    if not lower or [fold(p) for p in parts[: len(own)]] != own or len(own) > lower[0]:
        return False
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    return number is not None and not _named(fold(token), idx.cities[number], number)


def cut_compound(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town read from only part of a compound name in ``text`` (its
    first comma part): a generic word of it read as the town ("فورت سورن": Fürth; "Kota
    Dawson": Kota), or its other words after or before a head that makes another place of
    them ("پوئرتو آیاکوچو": Ayacucho; "チェスターフィールド・インレット": Chesterfield), where
    the index does not give the whole name to that town."""
    if place is None or place.kind != "locality" or place.confidence != "LOW" or how in _EXACT:
        return False
    if joined_name(text, place, how):
        return True
    head = with_commas(text).partition(",")[0].strip()
    words = _words(head)
    heads, city_words = compound_words()
    generic = [w for w in words if w in heads or w in city_words]
    if len(words) < 2 or not generic or len(generic) == len(words):
        return False
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    if number is None:
        return False
    city = idx.cities[number]
    if _named(" ".join(words), city, number) or _named(fold(head), city, number):
        return False  # "Fort Worth", "Saint-Étienne": the town's whole name
    own = fold(city.name).split()
    if len(own) > 1 and any(w in heads for w in own):
        return False  # "Puerto Aisén", "у Порт-Морсбі": a spelling of a compound town's name
    followed = [w for w, nxt in itertools.pairwise(words) if nxt not in PREPOSITIONS]
    if any(w in generic and _named(w, city, number) for w in followed):
        return True  # the generic word, before the rest of the name, read as the town
    if _head_last(words, heads) and _named(words[-1], city, number):
        return True  # "Augusta Springs": the head after the name read as the town Springs
    rest = [w for w in words if w not in generic]
    spans = [" ".join(rest), *rest]  # the town read from the other words, not a qualifier
    read = how == "partial" or any(_named(w, city, number) for w in spans)
    return read and any(w in heads for w in generic)
