"""Places the town index lacks that bear the name a town was read by, in its own country: China's
townships (``data/cn_townships.tsv.z``, :func:`township_elsewhere`) and GeoNames' small places
(``data/small_places.tsv.z``, :func:`small_namesake`), and the places of a region of the same
name (``data/region_namesakes.tsv.z``, :func:`region_namesake`). Such a place weighs against the town as
the resolver weighs two towns of the index (:data:`~.cities.COUNTRY_RIVAL_SHARE` of its people
in one country): a namesake of like weight 50+ km away leaves the town unsure (LOW), and a
search lists nothing around it.
"""

from __future__ import annotations

import bisect
import functools
import zlib
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import (
    COUNTRY_RIVAL_SHARE,
    DISTRICT_KM,
    REGION_RIVAL_SHARE,
    city_index,
    nearest_cached,
)
from mapsnb_sandbox.world.doubts.small import NAMESAKE_KM, small_namesakes
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.indexfile import region_namesakes
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.pinyin import county_seat, letters_key, pinyin_words
from mapsnb_sandbox.world.names.qualifiers import Qualifiers, regions

__all__ = [
    "SMALL_PLACE_PEOPLE",
    "TOWNSHIP_PEOPLE",
    "region_namesake",
    "small_namesake",
    "township_elsewhere",
    "township_outweighs",
    "townships_named",
    "village_elsewhere",
]

_TOWNSHIPS = Path(__file__).resolve().parents[2] / "data" / "cn_townships.tsv.z"
#: What a township of China weighs (people): its 38,000 townships, towns and subdistricts hold
#: its 1.4 billion people, some 35,000 each.
TOWNSHIP_PEOPLE = 35_000
#: What a small place of GeoNames' ``cities500`` the index lacks weighs: 500 to 1,000 people,
#: or a seat of no known number, as an uncounted town (:data:`.towns.UNCOUNTED_PEOPLE`).
SMALL_PLACE_PEOPLE = 1_000


@functools.cache
def _township_lines() -> list[str]:
    """The sorted rows of ``data/cn_townships.tsv.z`` (``tools/build_cn_townships.py``),
    unzipped once on first use."""
    return zlib.decompress(_TOWNSHIPS.read_bytes()).decode("utf-8").splitlines()


def townships_named(key: str) -> list[tuple[float, float]]:
    """The county seats of China's townships whose Pinyin name is ``key`` (letters only)."""
    lines = _township_lines()
    at = bisect.bisect_left(lines, key + "\t")
    out: list[tuple[float, float]] = []
    while at < len(lines) and lines[at].startswith(key + "\t"):
        _, lat, lng = lines[at].split("\t")
        out.append((float(lat), float(lng)))
        at += 1
    return out


def _far(c: City, points: list[tuple[float, float]]) -> bool:
    return any(haversine_m(c.lat, c.lng, a, b) >= NAMESAKE_KM * 1000 for a, b in points)


def _part_of_city(c: City) -> bool:
    """Whether a town of more people than ``c`` lies within :data:`.cities.DISTRICT_KM` of it:
    ``c`` is a part of that city (GeoNames' Puxi, Shanghai's west bank), whose people are the
    city's, no measure of how surely its name means it."""
    idx = city_index()
    cy, cx = int(c.lat // 1), int(c.lng // 1)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            for j in idx.grid.get((cy + dy, cx + dx)):
                o = idx.cities[j]
                near = haversine_m(o.lat, o.lng, c.lat, c.lng) < DISTRICT_KM * 1000
                if o.population > c.population and near:
                    return True
    return False


#: A suburb's city has this many people or more.
SUBURB_CITY_PEOPLE = 100_000


def _suburb(c: City) -> bool:
    """Whether another town of :data:`SUBURB_CITY_PEOPLE`+ people is the nearest town at
    ``c``'s point (Sydney at Oatlands, New South Wales; not a village beside a small town)."""
    there = nearest_cached(round(c.lat, 4), round(c.lng, 4))[0]
    return there.geonameid != c.geonameid and there.population >= SUBURB_CITY_PEOPLE


def township_elsewhere(head: str, c: City, q: Qualifiers) -> bool:
    """Whether ``head``, a Pinyin name qualified by China alone (``q``), names a
    township of China 50+ km from town ``c`` of China, which weighs :data:`TOWNSHIP_PEOPLE`
    against :data:`~.cities.COUNTRY_RIVAL_SHARE` of ``c``'s people (all of a part of a city,
    :func:`_part_of_city`; none of a county's seat, which weighs as its county,
    :func:`~.names.pinyin.county_seat`): "Puxi, China" is Shanghai's west bank, or a
    subdistrict of Liaoyang or of Changyuan."""
    if c.cc != "CN" or q.ccs != {"CN"} or q.states or q.cities or q.regions:
        return False  # a bare name asks no country ("Lianshan": Guangdong's, unsure already)
    if not pinyin_words(head):
        return False
    key = letters_key(head)
    if county_seat(key, c):
        return False  # a county's seat weighs as its county ("Dongyang": Zhejiang's city)
    if COUNTRY_RIVAL_SHARE * c.population > TOWNSHIP_PEOPLE and not _part_of_city(c):
        return False
    return _far(c, townships_named(key))


def township_outweighs(head: str, c: City, q: Qualifiers) -> bool:
    """Whether a township of China the index lacks (:func:`township_elsewhere`) outweighs town
    ``c`` outright, :data:`TOWNSHIP_PEOPLE` against ``c``'s people (none of a part of a city,
    :func:`_part_of_city`): the resolver would answer the bigger of two towns it holds, and
    it holds not this one, so the text names no town it can tell (issue 40, h-lang28: "Puxi,
    China", Shanghai's west bank, or a township of Henan; "Wutong, China", a village of
    5,530 of Chongqing, or one of ten townships)."""
    if not township_elsewhere(head, c, q):
        return False
    return (0 if _part_of_city(c) else c.population) < TOWNSHIP_PEOPLE


def village_elsewhere(c: City, q: Qualifiers) -> bool:
    """Whether town ``c`` is a neighbourhood of a big city in a country that names its villages
    from one stock of names (:func:`~.names.districts.village_named`: Taiwan's 里), read by a
    name with at most that country (``q``), not its city or region: the country's villages the
    index lacks bear the name as surely ("Fusheng, Taiwan": Taipei's 里, or Yilan's village)."""
    from mapsnb_sandbox.world.names.districts import village_named

    if q.states or q.cities or q.regions or not q.ccs <= {c.cc}:
        return False
    return village_named(c)


def small_namesake(head: str, c: City, q: Qualifiers, *, parts_only: bool = False) -> bool:
    """Whether ``head``, qualified by ``c``'s country alone (``q``), is the own name of a small
    place of that country the index lacks (:func:`.small.small_namesakes`) 50+ km from town
    ``c``, which weighs :data:`SMALL_PLACE_PEOPLE` against :data:`~.cities.COUNTRY_RIVAL_SHARE`
    of ``c``'s people, or against none of a part of a city (:func:`_part_of_city`: "Oatlands,
    Australia" is Tasmania's town, or a suburb of Sydney of 5,600); with ``parts_only``, only
    a suburb's (:func:`_suburb`) weighing :data:`~.cities.REGION_RIVAL_SHARE` of its people
    (round 27: a search lists around a small town, "hotels in Lagorce, France", and a suburb
    of 10,000+, "Preston, Australia")."""
    if q.ccs != {c.cc} or q.states or q.cities or q.regions:
        return False
    if parts_only and not (_suburb(c) and REGION_RIVAL_SHARE * c.population <= SMALL_PLACE_PEOPLE):
        return False
    part = _part_of_city(c)
    if COUNTRY_RIVAL_SHARE * c.population > SMALL_PLACE_PEOPLE and not part:
        return False
    return small_namesakes(fold(head), c.lat, c.lng, q.ccs).elsewhere


#: A town this many times the people of each far namesake of its region stays sure (as a town
#: twenty times bigger keeps a name, :data:`.regions._SURE_ABROAD`).
REGION_SURE_RATIO = 20


def _finer_unit(c: City, q: Qualifiers) -> bool:
    """Whether a region part of ``q`` holds town ``c`` as a unit under its first-level region (a
    county, district or province: "Richmond, Surrey", "Winsen, Kreis Harburg"), which tells
    namesakes of that region apart; not its first-level region, nor its country."""
    rg = regions()
    return any(
        (c.cc, c.admin1) not in rg.admin1.get(p, ())
        and c.cc not in rg.countries.get(p, ())
        and p.upper() != c.cc
        and rg.holds(p, c)
        for p in q.regions
    )


def region_namesake(head: str, c: City, q: Qualifiers) -> bool:
    """Whether ``head``, qualified by a region (``q``), is the name of another place of town
    ``c``'s first-level region 50+ km from it (GeoNames' ``cities500``,
    :func:`~.indexfile.region_namesakes`) with a :data:`REGION_SURE_RATIO`-th of ``c``'s people
    or more (a place of no known number as :data:`SMALL_PLACE_PEOPLE`): the region decides
    nothing between them ("Sofiivka, Mykolaiv": two villages of the oblast, 64 km apart)."""
    if not (q.regions or q.states) or q.cities - q.regions or _finer_unit(c, q):
        return False  # a town or a county ("Green Point, Sydney"; "Roxas, Palawan") places it
    far, least = NAMESAKE_KM * 1000, c.population / REGION_SURE_RATIO
    return any(
        (people or SMALL_PLACE_PEOPLE) >= least and haversine_m(c.lat, c.lng, a, b) >= far
        for a, b, people in region_namesakes(fold(head), c.cc, c.admin1)
    )
