"""Whether "Head, Qualifier" names a town the index lacks, not a place in the qualifier's town.

The resolver places a text whose first comma part names nothing it knows in the town a later
part names ("Nowhere Plaza, Paris", "Gare Saint-Paul, Lyon": LOW, "approximate"). That holds for
a street, square, station or landmark, which lie in the town; it does not hold for a head that
reads as a town's own name ("Meihekou, Jilin", "Basey, Samar", "Kurchatov, Pavlodar"): such a
text names a town of the region or country the qualifier names, and the town that only bears the
qualifier's name (Jilin city; Samar, Ukraine; Pavlodar) may lie hundreds of kilometres from it,
or in another country. Its answer is NOT_FOUND, as a search already lists nothing around it.

A head reads as a town's name when it is one to five words, holds no digit, no word of a street,
square or station (``street_words`` of ``data/query_words.json``), of a landmark's kind
(``data/landmark_words.json``), of a kind of place (the category table) nor of a named place
(:data:`~mapsnb_sandbox.world.towns.GENERIC_WORDS`), and its Latin words are capitalised but for
short particles ("Vila Teixeira da Silva", "Dayr as Sanqūrīyah").
"""

from __future__ import annotations

import functools
import re
from difflib import SequenceMatcher

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.indexfile import query_words
from mapsnb_sandbox.world.kinds.table import detect_category
from mapsnb_sandbox.world.landmarks import fold, landmark_shape_words
from mapsnb_sandbox.world.names.compounds import compound_words, connectors
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.towns import GENERIC_WORDS, named_ids

__all__ = ["other_compound", "place_inside_town", "town_like_head", "unknown_town_of_qualifier"]

#: Words of :data:`GENERIC_WORDS` that towns' own names carry ("New", "Saint", "Port"): no sign
#: of a place inside a town.
_TOWN_WORDS_TEXT = (
    "new saint santa san east west north south great grand little port mount lake river hill"
    " beach city old union main central"
)
_TOWN_WORDS = frozenset(_TOWN_WORDS_TEXT.split())
#: Street and square words glued to a name in German, Dutch and Swedish ("Getreidegasse",
#: "Leidseplein", "Drottninggatan"), folded.
_GLUED_STREETS = ("gasse", "strasse", "platz", "weg", "allee", "straat", "plein", "gatan", "torget")
#: Lower-case particles of towns' names ("da", "de la", "as", "-ye").
_PARTICLE_LETTERS = 3
#: A head of more words is a phrase, not a town's name.
_MAX_WORDS = 5
#: An elided article before a name ("l’", "d'").
_ELIDED = re.compile(r"^[a-z]{1,2}['’]")
#: What separates the words of a compound name (spaces, hyphens, apostrophes).
_SPLIT = re.compile(r"[\s\-‐–'’]+")
#: Two words this alike are one spelt two ways ("Jayawardenapura", "Jayewardenepura").
_ALIKE = 0.8


@functools.cache
def _street_words() -> frozenset[str]:
    """Folded words of a street, square or station (``street_words``)."""
    table = query_words()["street_words"]
    return frozenset(fold(w) for words in table.values() for w in words)


@functools.cache
def _place_words() -> frozenset[str]:
    """Folded words that make a head a place inside a town: streets, squares, stations, named
    places (:data:`GENERIC_WORDS` less towns' own words)."""
    named = {w for w in GENERIC_WORDS if len(w) >= 4} - _TOWN_WORDS
    return frozenset(_street_words() | named)


#: A station's word glued to a name ("Hauptbahnhof", "Centralstationen"), folded.
_GLUED_STATIONS = ("bahnhof", "station", "stationen")


def place_inside_town(head: str, town: str = "") -> bool:
    """Whether ``head`` names a street, square or station by its words (``street_words``) or
    a word glued to them ("Stephansplatz", "Hauptbahnhof"): a place inside a town, not a town;
    not a named place's words alone ("Strangers Hall Museum": a museum's name), nor a compound
    name's generic head opening the words before the name ``town`` with no connector between
    ("Puerto Isabel", "Puerto Gonzalo Moreno": towns the index lacks, not ports of Isabel and
    Moreno; "Puerto de Sagunto" is Sagunto's; :func:`~.compounds.compound_words`)."""
    words, after = fold(head).split(), fold(town).split()[:1]
    joined = {*words[-1:], *after} & connectors()
    if words and words[0] in compound_words()[0] and not joined:
        return False
    glued = (*_GLUED_STREETS, *_GLUED_STATIONS)
    return any(w in _street_words() or (w.endswith(glued) and len(w) > 6) for w in words)


def _capitalised(word: str, *, elided: bool = False) -> bool:
    """Whether a word as typed is capitalised (with ``elided``, after an elided article:
    "l’Hérault"), a short particle, or of a script without case."""
    first = (_ELIDED.sub("", word) if elided else word).lstrip("'’‘-(")[:1]
    return not first.isalpha() or not first.islower() or len(word) <= _PARTICLE_LETTERS


def town_like_head(head: str, text: str = "", *, elided: bool = False) -> bool:
    """Whether ``head`` (a comma part as typed) reads as a town's own name, in ``text`` (the
    whole text: a word of a place inside a town in any part makes it a landmark's name, "Port,
    Fortresses and Group of Monuments, Cartagena"; module docstring); with ``elided``, a word
    after an elided article counts as capitalised ("Clermont-l’Hérault"; not where the head
    shares no word with the town: "Île d'Orléans, Québec" stays in Québec)."""
    words = fold(head).split()
    if not 1 <= len(words) <= _MAX_WORDS or any(c.isdigit() for c in head):
        return False
    if all(w in _TOWN_WORDS for w in words):
        return False  # "Port", "New": no town's whole name
    shapes = landmark_shape_words()
    if any(w in _place_words() or w in shapes for w in fold(text or head).split()):
        return False
    if any(w.endswith(_GLUED_STREETS) and len(w) > 6 for w in words):
        return False  # "Getreidegasse, Salzburg": a street of the town
    if detect_category(head) is not None:
        return False  # "Cafe Central", "Temple Bar": a kind of place
    return all(_capitalised(w, elided=elided) for w in head.replace("-", " ").split())


def unknown_town_of_qualifier(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place``, the LOW town a comma part of ``text`` names ("approximate"), answers
    a first part that shares no word with its name and reads as a town's own name: a town the
    index lacks, in the region or country the qualifier names (module docstring)."""
    if place is None or how != "approximate" or place.kind != "locality" or "," not in text:
        return False
    head, _, rest = text.partition(",")
    if other_compound(head, place.name):
        return town_like_head(head.strip(), text, elided=True)  # "Clermont-l’Hérault"
    if set(fold(head).split()) & set(fold(place.name).split()):
        return False  # "Koidu-Bulma, Sierra Leone": a town read in the head
    idx = city_index()
    j = idx.place_ids.get(place.place_id, idx.cities)
    if not any(j in named_ids(idx, fold(part)) for part in rest.split(",") if part.strip()):
        return False  # "Hubli-Dharwad, Indien": Hubballi, read in the head by another name
    return town_like_head(head.strip(), text)


def _split(text: str) -> set[str]:
    return {w for w in _SPLIT.split(fold(text)) if w}


def other_compound(head: str, name: str) -> bool:
    """Whether town ``name`` shares a word with ``head`` but has another, of three letters or
    more, that no word of the head is or nearly is: another town of a compound name
    ("Clermont-Ferrand" read in "Clermont-l’Hérault"; not Koidu in "Koidu-Bulma", nor
    "Sri Jayewardenepura Kotte" spelt "Sri Jayawardenapura Kotte")."""
    words, own = _split(head), _split(name)
    if not words & own:
        return False
    extra = [w for w in own - words if len(w) >= 3]
    return any(all(SequenceMatcher(None, w, h).ratio() < _ALIKE for h in words) for w in extra)
