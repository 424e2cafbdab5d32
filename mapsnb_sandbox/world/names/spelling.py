"""Whether a town is what the text spells, or only a reading of it the resolver made.

The resolver reads many texts as a town's whole name by a loose key: a transliteration folded to
its consonants ("হিলো" to Hạ Long, "पलाना" to Plano), a Greek label read in Latin letters with
l for r ("Παλάνα": Paraná), a kind word that is another town's other name ("kafe": Kafue),
a nickname ("Σαμπά": São Paulo's "Sampa"). A LOW town whose own name the text does not spell
is a guess: ``resolve_names`` answers it LOW, but a search (it shows no confidence) lists
nothing around it (:func:`loose_read`). And a name of several words the index gives only to
another town as one of its other names, sharing no word with that town's own name ("Point
Hope": Newport News), is a guess too, LOW (:func:`alias_only`).
"""

from __future__ import annotations

from mapsnb_sandbox.world.cities import city_index, exonyms, script_ids
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.compounds import feature_words
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.towns import own_name

__all__ = ["alias_only", "loose_read", "other_name_guess"]

#: How the resolver reads a text as a town by a name: a whole name (maybe by a loose key), or
#: a place it does not know placed in a town.
_LOOSE = frozenset({"city", "approximate"})


def _own(key: str, place: Resolved) -> bool:
    """Whether folded ``key`` is the own name of town ``place`` (abbreviations aside)."""
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    if number is None:
        return fold(place.name) == key
    return own_name(key, idx.cities[number])


def loose_read(place_text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town the place part ``place_text`` does not spell (its
    first comma part is not the town's own name, nor a language's exonym of it): a reading,
    around which a search lists nothing."""
    if place is None or place.kind != "locality" or place.confidence != "LOW":
        return False
    if how not in _LOOSE:
        return False
    key = fold(place_text.partition(",")[0])
    if _own(key, place):
        return False
    exonym = exonyms().get(key)
    if exonym is not None and fold(exonym[0]) == fold(place.name):
        return False
    return not _named_exactly(key, place) or _unshared(place_text, place)


def _named_exactly(key: str, place: Resolved) -> bool:
    """Whether the index gives town ``place`` the folded name ``key`` (its own table of names,
    not a variant), and no other town has ``key`` for its own name ("Palana" is Paraná's
    other name, but Palana's own)."""
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    named = [*idx.by_name.get(key, ()), *script_ids(idx, key)]
    if number is None or number not in named:
        return False
    return not any(j != number and own_name(key, idx.cities[j]) for j in named)


def alias_only(text: str, place: Resolved, how: str) -> bool:
    """Whether ``place`` is a town matched by a name of two or more Latin words that is none
    of its own words nor a language's exonym of it ("Point Hope" for Newport News): an other
    name the index gives it, not what a user asking that name means with confidence."""
    if how != "city" or place.kind != "locality" or place.confidence == "LOW":
        return False
    return _unshared(text, place)


def _unshared(text: str, place: Resolved) -> bool:
    """Whether the first comma part of ``text`` is two or more Latin words, none of them a
    word of town ``place``'s own name, nor a language's exonym of it, one of them a kind of
    place ("Point", "Fort", "Lake": :func:`~.compounds.feature_words`)."""
    head = text.partition(",")[0]
    key = fold(head)
    words = key.split()
    if len(words) < 2 or not head.isascii() or _own(key, place) or key in exonyms():
        return False
    if set(words) & set(fold(place.name).split()):
        return False
    return any(w in feature_words() for w in words)  # "Point Hope"; not "Den Haag"


def other_name_guess(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town a text of several words was placed in (``how`` is
    ``"approximate"``) by one of its other names alone, not its own name nor an exonym a
    language gives it: a kind word of a language the emulator does not read ("Yakutsk kafe":
    Kafue's other name "Kafe"), a nickname ("καφετέρια Σαμπά": São Paulo's "Sampa"). Nothing
    surely names that town, so a search shows no place for it."""
    if place is None or how != "approximate" or place.kind != "locality":
        return False
    if place.confidence != "LOW":
        return False
    key = f" {fold(text)} "
    if f" {fold(place.name)} " in key:
        return False
    own = fold(place.name)
    return not any(f" {k} " in key and fold(v[0]) == own for k, v in exonyms().items())
