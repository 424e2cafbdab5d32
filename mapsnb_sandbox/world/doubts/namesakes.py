"""Namesakes far from a LOW town read from a bare name, that nothing in the text tells apart
from it: a town of another country bearing a small town's own name, of like size ("пекарня
Sangar": Gilan's of 12,600, or Yakutia's of 4,600; :func:`foreign_namesake`). Read through
:func:`.towns.unsure_namesake`: no town is surely meant, so a search lists nothing.
"""

from __future__ import annotations

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import COUNTRY_RIVAL_SHARE, city_index, district
from mapsnb_sandbox.world.doubts.lacked import SMALL_PLACE_PEOPLE
from mapsnb_sandbox.world.doubts.small import NAMESAKE_KM
from mapsnb_sandbox.world.geocode import BARE_TOWN_POPULATION
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.towns import named_ids, own_name

__all__ = ["foreign_namesake"]


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
