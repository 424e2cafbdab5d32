"""Which landmark a name means: the one the qualifiers hold for ("Midway, TN" is no Chicago
airport), nearest the bias, or a near spelling of a whole name in a named town."""

from __future__ import annotations

import re
from collections.abc import Iterable

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world import landmarks as _landmarks
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.landmarks import Landmark, fold, landmark_index
from mapsnb_sandbox.world.towns import Qualifiers, regions

__all__ = ["joined_volcano", "landmark_named", "landmark_ok", "pick_landmark", "score_point"]


def score_point(
    lat: float, lng: float, cc: str, bias: tuple[float, float] | None, region: str | None
) -> float:
    """Lower is better: distance to the bias point, or a region mismatch penalty."""
    if bias is not None:
        return haversine_m(lat, lng, bias[0], bias[1])
    if region and cc.upper() != region.upper():
        return 1.0
    return 0.0


def landmark_ok(lm: Landmark, q: Qualifiers) -> bool:
    if q.ccs and lm.country_code and lm.country_code not in q.ccs:
        return False
    if q.states and lm.country_code == "US" and _landmark_state(lm) not in q.states:
        return False  # "Midway, TN": the town, not Chicago's airport
    if q.cities:
        lm_names = {fold(lm.city), fold(lm.region), fold(lm.address)}
        if lm.one_source:  # whole words: "Ilimuda, ON" is not in "indonesia"
            return any(f" {c} " in f" {n} " for n in lm_names if n for c in q.cities)
        return any(any(c in n for n in lm_names if n) for c in q.cities)
    if q.regions:  # "Alhambra, CA", "Midway, TN" (Tennessee or Tamil Nadu): a region that holds
        from mapsnb_sandbox.world.cities import nearest_cached

        town = nearest_cached(round(lm.lat, 4), round(lm.lng, 4))[0]
        if lm.country_code == "US" and lm.region:  # its own state ("Lake Tahoe, CA")
            town = town._replace(cc="US", admin1=lm.region.upper())
        return all(regions().holds(p, town) for p in q.regions)
    return True


def _landmark_state(lm: Landmark) -> str:
    """A US landmark's state: its own, else its nearest town's."""
    if lm.region:
        return lm.region.upper()
    from mapsnb_sandbox.world.cities import nearest_cached

    return nearest_cached(round(lm.lat, 4), round(lm.lng, 4))[0].admin1.upper()


def pick_landmark(
    ids: Iterable[int], q: Qualifiers, bias: tuple[float, float] | None, region: str | None
) -> Landmark | None:
    cands = [lm for lm in map(landmark_index().items.__getitem__, ids) if landmark_ok(lm, q)]
    if not cands:
        return None
    return min(cands, key=lambda lm: score_point(lm.lat, lm.lng, lm.country_code, bias, region))


#: A one-word text shorter than this (letters) is another place's name, not a misspelt
#: landmark's, as a town's (the resolver's ``SHORT_NAME``): "Kawaba", a village of Gunma, is
#: no "Kaaba".
SHORT_WORD = 7


def landmark_named(
    rest: str, town: City | None, bias: tuple[float, float] | None, region: str | None
) -> Landmark | None:
    """A landmark whose whole name (or alias) is ``rest``, in ``town`` when one is named; with
    no town, a near spelling of a whole name (rapidfuzz ratio >= 90), of two words or more or
    one of :data:`SHORT_WORD` letters."""
    li = landmark_index()
    ids = li.by_name.get(rest) or li.by_name.get(li.respelt(rest)) or []  # "Iliboleng": Ili Boleng
    if not ids and len(rest) >= 6 and (" " in rest.strip() or len(rest) >= SHORT_WORD):
        from rapidfuzz import fuzz, process

        cutoff = 90 if town is None else 85  # in a named town, a looser spelling is safe
        near = li.fuzzy_near(rest, cutoff)  # only names of a length that can reach the cutoff
        hit = process.extractOne(rest, near, scorer=fuzz.ratio, score_cutoff=cutoff)
        ids = li.by_name[hit[0]] if hit and _landmarks.near_spelling_ok(rest, hit[0]) else []
    cands = [li.items[i] for i in ids]
    if town is not None:
        cands = [lm for lm in cands if haversine_m(lm.lat, lm.lng, town.lat, town.lng) < 50_000]
    if not cands:
        return None
    return min(cands, key=lambda lm: score_point(lm.lat, lm.lng, lm.country_code, bias, region))


#: Where a name joins the names of neighbouring volcanoes: a hyphen or a slash, spaces around it
#: or not ("Gede-Pangrango", "Mocho-Choshuenco", "Whakaari/White Island").
_JOIN = re.compile(r"\s*[-/\u2013]\s*")
#: Volcanoes a joined name names lie this near each other (km): one massif, one answer.
JOINED_KM = 50.0


def joined_volcano(text: str) -> Landmark | None:
    """The first volcano of a name that joins neighbours' names ("Gede-Pangrango", "Mocho-
    Choshuenco volcano", as volcano lists name a massif): every part is a volcano's name
    (a kind word about it allowed: :func:`~.landmarks.named_with_its_place`), the first one at
    least, or names no place at all (no town, no other landmark), and the volcanoes lie within
    :data:`JOINED_KM` of each other; ``None`` otherwise (a hyphenated town's name is read
    before this)."""
    parts = [p for p in _JOIN.split(text.strip()) if p]
    if len(parts) < 2:
        return None
    found = [_volcano_part(fold(p)) for p in parts]
    first = found[0]
    if not isinstance(first, Landmark) or any(f is False for f in found):
        return None
    near = all(
        haversine_m(first.lat, first.lng, f.lat, f.lng) <= JOINED_KM * 1000
        for f in found
        if isinstance(f, Landmark)
    )
    return first if near else None


def _volcano_part(key: str) -> Landmark | bool | None:
    """The volcano folded ``key`` names; ``None`` when it names no place; ``False`` when it
    names a town or another landmark."""
    from mapsnb_sandbox.world.cities import city_index

    li = landmark_index()
    ids = li.by_name.get(key, ())
    lm = li.items[ids[0]] if len(ids) == 1 else _landmarks.named_with_its_place(key)
    if lm is not None:
        return lm if lm.one_source else False
    return False if ids or city_index().by_name.get(key, ()) else None
