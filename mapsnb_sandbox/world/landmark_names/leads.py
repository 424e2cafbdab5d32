"""A bare name that opens a famous place's name and is a far town's (issue 40, landmarks round 8).

A famous place's long name opens with words a user types alone: "San Pedro" of "San Pedro de la
Roca Castle, Santiago de Cuba", "Citadel" of "Citadel, Ancient City and Fortress Buildings of
Derbent", "Palestine" of "Palestine: Land of Olives and Vines ...". When the same words are only
a small town's whole name far away (San Pedro in Côte d'Ivoire, Palestine in Texas, a Canadian
village called Citadel), the resolver read the town, LOW: a guess between two places far apart.
:func:`landmark_lead_apart` tells the resolver so, and the text names no place
(``NOT_FOUND``), as two landmarks far apart of one name already do
(:func:`.spelling.namesakes_apart`).

A name's *lead* (:func:`leads`) is the name itself, its part before the first comma, colon,
dash or parenthesis, and two words or more before an "of" / "de" / "du" / "des" there (one word
there is a kind: "Medina of Fez"). Only the famous
places' names are read (``famous_places.csv`` and ``heritage_sites.csv``: the emulator's own
tables), not the curated landmarks' ("Golden Gate", the bridge's other name, stays Golden Gate,
Florida, LOW) nor airports'.
"""

from __future__ import annotations

import re

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.landmarks import (
    Landmark,
    fold,
    landmark_index,
)
from mapsnb_sandbox.world.resolved import Resolved

__all__ = ["LEAD_APART_KM", "LEAD_TOWN_POPULATION", "landmark_lead_apart", "leads"]

#: A famous place this far from the town or farther is another place than the town.
LEAD_APART_KM = 50.0
#: A LOW town this big or bigger stays the answer to its bare name.
LEAD_TOWN_POPULATION = 500_000
#: Where a name's own part ends: a comma, a colon, a dash between spaces, a parenthesis.
_CUT = re.compile(r"\s*(?:[,:(]|\s[-–—]\s)")
#: The words before one of these open a name "X of Y" ("San Pedro de la Roca Castle").
_OF = re.compile(r"\s+(?:of|de|du|des|d')\s", re.IGNORECASE)
#: Leads shorter than this (letters, folded) are not read: "Fes", "Ani".
_SHORTEST = 4
#: The fewest words of a lead "X" of "X of Y".
_OF_WORDS = 2


def _parts(name: str) -> list[str]:
    """The parts of ``name`` (unfolded) that open it: before a cut, and two words or more
    before "of" there."""
    head = _CUT.split(name, maxsplit=1)[0]
    out = [head] if head != name else []
    before = _OF.split(head, maxsplit=1)
    if len(before) > 1 and len(before[0].split()) >= _OF_WORDS:
        out.append(before[0])
    return out


def _long(keys: set[str]) -> set[str]:
    return {k for k in keys if len(k.replace(" ", "")) >= _SHORTEST}


def leads(name: str) -> set[str]:
    """The folded leads of one name (see the module docstring): a lead "X" of "X of Y" has two
    words or more ("Medina of Fez", "Abbey of St Gall" open with a kind, not a name; a kind
    before a comma is the name's own part: "Citadel" of "Citadel, Ancient City ... of
    Derbent")."""
    return _long({fold(name), *map(fold, _parts(name))})


#: The last table read and its leads: the table is built once, or again by a test's own.
_READ: list[tuple[list[Landmark], dict[str, tuple[int, ...]]]] = []


def _lead_index(items: list[Landmark]) -> dict[str, tuple[int, ...]]:
    """Folded lead -> the famous places of ``items`` whose name or alias it opens (whole names
    from the rows' folded ``keys`` when they ship them: folding is the cost)."""
    if _READ and _READ[0][0] is items:
        return _READ[0][1]
    out: dict[str, list[int]] = {}
    for i, lm in enumerate(items):
        if lm.famous:
            names = (lm.name, *lm.aliases)
            whole = set(lm.keys) or {fold(n) for n in names}
            for key in _long(whole | {fold(p) for n in names for p in _parts(n)}):
                out.setdefault(key, []).append(i)
    _READ[:] = [(items, {k: tuple(v) for k, v in out.items()})]
    return _READ[0][1]


def landmark_lead_apart(text: str, place: Resolved, how: str) -> Landmark | None:
    """The famous place ``text`` opens the name of, :data:`LEAD_APART_KM` or more from town
    ``place``, when ``place`` is a LOW town of that whole name (``how == "city"``) and the text
    bare (no comma): "San Pedro" (San Pedro, Côte d'Ivoire, LOW) opens the name of Santiago de
    Cuba's castle. ``None`` otherwise, and for a town near the place ("Tipasa")."""
    if how != "city" or place.kind != "locality" or place.confidence != "LOW" or "," in text:
        return None
    idx = city_index()
    at = idx.place_ids.get(place.place_id, idx.cities)
    if at is None or idx.cities[at].population >= LEAD_TOWN_POPULATION:
        return None  # a city this big is what its bare name means
    items = landmark_index().items
    for i in _lead_index(items).get(fold(text), ()):
        lm = items[i]
        if haversine_m(lm.lat, lm.lng, place.lat, place.lng) >= LEAD_APART_KM * 1000:
            return lm
    return None
