"""Namesakes far from a LOW town read from a bare name, that nothing in the text tells apart
from it: a town of another country bearing the name as its own, of like size for a small
town ("пекарня Sangar": Gilan's of 12,600, or Yakutia's of 4,600; :func:`foreign_namesake`),
or any town bearing as its own name the other name the town was read by ("hotel di Raba":
Rabat's other name, the own name of Bima's Raba and of a Palestinian village;
:func:`own_name_elsewhere`). Read through :func:`.towns.unsure_namesake`: no town is surely
meant, so a search lists nothing.
"""

from __future__ import annotations

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import COUNTRY_RIVAL_SHARE, city_index, district
from mapsnb_sandbox.world.doubts.lacked import SMALL_PLACE_PEOPLE
from mapsnb_sandbox.world.doubts.small import NAMESAKE_KM
from mapsnb_sandbox.world.geocode import BARE_TOWN_POPULATION
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.towns import named_ids, own_name

__all__ = ["foreign_namesake", "own_name_elsewhere"]


def _far_bearers(c: City, key: str) -> list[City]:
    """The towns 50+ km from ``c``, no district of a city, whose own name is folded ``key``."""
    idx = city_index()
    out = []
    for j in dict.fromkeys(named_ids(idx, key)):
        o = idx.cities[j]
        far = haversine_m(o.lat, o.lng, c.lat, c.lng) >= NAMESAKE_KM * 1000
        if o.geonameid != c.geonameid and far and own_name(key, o) and not district(o):
            out.append(o)
    return out


def foreign_namesake(c: City, key: str) -> bool:
    """Whether town ``c``, under :data:`~.geocode.BARE_TOWN_POPULATION` and read by its own
    name ``key``, shares it with a town of another country 50+ km away that has
    :data:`~.cities.COUNTRY_RIVAL_SHARE` of its people (an uncounted one as
    :data:`.lacked.SMALL_PLACE_PEOPLE`): two small towns of like size, neither surely meant."""
    if c.population >= BARE_TOWN_POPULATION or not own_name(key, c):
        return False
    return any(
        o.cc != c.cc and (o.population or SMALL_PLACE_PEOPLE) >= COUNTRY_RIVAL_SHARE * c.population
        for o in _far_bearers(c, key)
    )


def own_name_elsewhere(c: City, key: str) -> bool:
    """Whether town ``c`` is read by ``key``, one other name of it (one language's, as
    :func:`.cities.rival` counts it: "Raba", Rabat's), that towns 50+ km away bear as their own
    name, of any size: the text may well be theirs. A name several languages give ``c`` stays
    its own ("Derna": Darnah's in two, and a Romanian village's)."""
    if own_name(key, c):
        return False
    idx = city_index()
    named = sum(idx.cities[j].geonameid == c.geonameid for j in named_ids(idx, key))
    return named < 2 and bool(_far_bearers(c, key))
