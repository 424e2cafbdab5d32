"""Districts and neighbourhoods of big cities as towns of the one world.

``data/districts.tsv.z`` (``tools/build_districts.py``, Who's On First, CC BY) holds boroughs,
wards and neighbourhoods of cities of a million people or more that the GeoNames town index lacks
("Gangnam", "Kadıköy", "Trastevere"). :func:`add_districts` appends them to the index's table as
towns (one number, one point: the place id a town has), found by their names in the name index,
but outside the grid: no district is a nearest town, a time zone's town or a source of people
(`world/places.py`), and its country, zone and region are its city's. A district's address names its
city ("Gangnam, Seoul, South Korea").

How a district ranks against a town of the same name elsewhere: its weight (its population, or
its class's typical size) is its population; by name it comes before a town only when it weighs
:data:`DISTRICT_OVER_TOWN` times that town's people or more ("Palermo" is Sicily's; "Palermo,
Buenos Aires" the barrio). The resolver's namesake rules never count a district as a rival.

``data/kr_seats.tsv`` (``tools/build_kr_seats.py``, Who's On First, CC BY) holds South Korea's
county (군) and city (시) seats and towns (읍) the index lacks ("고령군", "횡성읍"): appended
alike, outside the grid, weighed by the least people the law gives a city or a town, but towns
of their own (:func:`is_added`, not :func:`is_district`): their address is their country's.
``data/tr_seats.tsv`` (``tools/build_tr_districts.py``) holds Türkiye's district (ilçe) seats
the index lacks ("Yunusemre", "Akdeniz"), weighed by the district's people, appended alike.
"""

from __future__ import annotations

import functools
import zlib
from array import array
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from mapsnb_sandbox.world.geodata import City, CityIndex, NameIndex, PlaceIdIndex, fold_text
from mapsnb_sandbox.world.index.town_table import _Strings

__all__ = [
    "DISTRICTS",
    "DISTRICT_OVER_TOWN",
    "NEIGHBOURHOOD_WEIGHT",
    "VILLAGE_NAME_SHARE",
    "add_districts",
    "city_of",
    "is_added",
    "is_district",
    "is_neighbourhood",
    "names_its_city",
    "village_named",
]

DISTRICTS = Path(__file__).resolve().parents[2] / "data" / "districts.tsv.z"
SEATS = DISTRICTS.with_name("kr_seats.tsv")
#: Türkiye's district seats the index lacks (``tools/build_tr_districts.py``), rows as above.
TR_SEATS = DISTRICTS.with_name("tr_seats.tsv")
#: A district comes before a town of its name when its weight is this many times the town's
#: people: a neighbourhood of a typical 40,000 is no match for a town of 20,000 elsewhere.
DISTRICT_OVER_TOWN = 3

#: A district weighing less than this is a neighbourhood of no people of its own (its place
#: type's median, 750): a unit of a village's size, not a ward.
NEIGHBOURHOOD_WEIGHT = 1_000
#: A country whose neighbourhoods in the table bear a name a neighbourhood of another of its
#: cities bears this often or more names its villages from one stock of names (Taiwan's 里
#: 24 %, Japan's 丁目 71 %; not Türkiye's mahalle, 16 %, whose famous ones a search means:
#: "coffee in Cihangir"; Colombia 10 %, South Korea 5 %, Canada 2 %, Spain, Italy, Sweden
#: none): a neighbourhood of one of its cities, named without that city, is as likely one of
#: the villages the index lacks (:func:`village_named`).
VILLAGE_NAME_SHARE = 0.2

_CITY_OF: dict[int, int] = {}  # district number (geonameid column) -> its city's row
_HOODS: dict[int, tuple[str, int, str]] = {}  # neighbourhood number -> (cc, city row, name)
_ADDED: set[int] = set()  # the numbers of every appended row: districts and seats


def is_added(geonameid: int) -> bool:
    """Whether a town of the index was appended by :func:`add_districts` (a district or a
    seat of ``kr_seats.tsv``), not one of GeoNames'."""
    return geonameid in _ADDED


def is_district(geonameid: int) -> bool:
    """Whether a town of the index is a district of :func:`add_districts`."""
    return geonameid in _CITY_OF


def is_neighbourhood(geonameid: int) -> bool:
    """Whether a district is a neighbourhood of a city with no people of its own
    (:data:`NEIGHBOURHOOD_WEIGHT`)."""
    return geonameid in _HOODS


def village_named(c: City) -> bool:
    """Whether town ``c`` is a neighbourhood of the table (:data:`NEIGHBOURHOOD_WEIGHT`) in a
    country whose neighbourhoods share names across its cities (:data:`VILLAGE_NAME_SHARE`):
    Taipei's Fusheng 里 is one of Taiwan's villages of that name, not surely the one meant."""
    return is_neighbourhood(c.geonameid) and _HOODS[c.geonameid][0] in _stock_countries()


@functools.cache
def _stock_countries() -> frozenset[str]:
    """The countries of :data:`VILLAGE_NAME_SHARE`, from the neighbourhoods the table adds."""
    cities: dict[tuple[str, str], set[int]] = {}
    for cc, at, name in _HOODS.values():
        cities.setdefault((cc, name), set()).add(at)
    rows: Counter[str] = Counter()
    shared: Counter[str] = Counter()
    for (cc, _), found in cities.items():
        rows[cc] += len(found)
        shared[cc] += len(found) if len(found) > 1 else 0
    return frozenset(cc for cc in rows if shared[cc] >= VILLAGE_NAME_SHARE * rows[cc])


def city_of(geonameid: int) -> int | None:
    """The index row of a district's city, or None for a town."""
    return _CITY_OF.get(geonameid)


def names_its_city(c: City, parts: Iterable[str], names: NameIndex) -> int:
    """1 when town ``c`` is a district and a qualifier of ``parts`` (folded) names its own city
    in ``names`` (the index's): "Chūō-ku, Osaka" is Osaka's ward, though Kobe's lies within
    30 km of Osaka too; else 0."""
    at = _CITY_OF.get(c.geonameid)
    if at is None:
        return 0
    return int(any(at in names.get(p, ())[:8] for p in parts))


def _least(population: int) -> int:
    """A town's people as the index counts them: 1,000 or more (GeoNames' towns of 1,000+; a few
    carry 0)."""
    return max(population, 1_000)


class DistrictNames(NameIndex):
    """The index's names and the districts' names: a district among a name's towns by weight
    (:data:`DISTRICT_OVER_TOWN`)."""

    __slots__ = ("_extra", "_more", "_pops")

    def __init__(
        self, base: NameIndex, extra: dict[str, int], more: dict[str, list[int]], pops: Any
    ) -> None:
        super().__init__(base._keys, base._starts, base._ids)
        self._extra, self._more, self._pops = extra, more, pops

    def get(self, name: str, default: Sequence[int] = ()) -> Sequence[int]:
        towns = super().get(name, ())
        first = self._extra.get(name)
        if first is None:
            return towns or default
        out = list(towns)
        for d in (first, *self._more.get(name, ())):
            weight = self._pops[d]
            at = next(
                (
                    i
                    for i, j in enumerate(out)
                    if weight >= DISTRICT_OVER_TOWN * _least(self._pops[j])
                ),
                len(out),
            )
            out.insert(at, d)
        return out

    def __len__(self) -> int:
        return super().__len__() + len(self._extra)


class DistrictIds(PlaceIdIndex):
    """Place ids of towns, then of districts (by number: they are in no grid cell)."""

    __slots__ = ("_rows",)

    def __init__(self, base: PlaceIdIndex, rows: dict[int, int]) -> None:
        super().__init__(base._gids, base._id_of, base._grid)
        self._keys, self._ids, self._rows = base._keys, base._ids, rows

    def _by_feature(self, tagged: tuple[int, int, int, int], cities: Any) -> int | None:
        j = super()._by_feature(tagged, cities)
        if j is None and tagged[1] in self._rows:
            j = self._rows[tagged[1]]
            c = cities[j]
            if (int(c.lat // 1), int(c.lng // 1)) != tagged[2:]:
                return None
        return j


def _rows() -> Iterator[tuple[bool, list[str]]]:
    """The rows of both tables, one at a time (few objects alive at once: a first call's
    collector walks them all), each with whether it is a district."""
    text = zlib.decompress(DISTRICTS.read_bytes()).decode("utf-8")
    seats = "".join(p.read_text(encoding="utf-8") for p in (SEATS, TR_SEATS) if p.is_file())
    for district, lines in ((True, text), (False, seats)):
        for line in lines.splitlines():
            if line and not line.startswith("#"):
                yield district, line.split("\t")


def _ward_keys(keys: list[str]) -> list[str]:
    """A row's folded names; for a ward (a row the builder names "<name> district", as English
    names a ward) each other Latin name with "district" too ("Sinyi District" and "Xinyi": Taipei's
    ward is also "Xinyi District")."""
    if not any(k.endswith(" district") for k in keys):
        return keys
    more = [f"{k} district" for k in keys if k.isascii() and not k.endswith(" district")]
    return list(dict.fromkeys(keys + more))


def _city_row(idx: CityIndex, gid: int, row: int, col: int) -> int | None:
    return next((j for j in idx.grid.get((row, col)) if idx.cities.gid(j) == gid), None)


def add_districts(idx: CityIndex) -> CityIndex:
    """``idx`` with the districts of ``data/districts.tsv.z`` and the seats of
    ``data/kr_seats.tsv`` appended to its table, names and place ids (once per index)."""
    table = idx.cities
    if isinstance(idx.by_name, DistrictNames) or not DISTRICTS.is_file():
        return idx
    n = len(table)
    names = [table._names._text]
    offsets = array("i", table._names._offsets)
    ccs = [table._cc]
    extra: dict[str, int] = {}  # key -> its first district; ints, which the collector skips
    more: dict[str, list[int]] = {}  # key -> its other districts
    rows: dict[int, int] = {}
    found: dict[str, int | None] = {}  # city gid -> its row (a few hundred cities)
    for in_city, (number, lat, lng, weight, city_gid, row, col, name, keys) in _rows():
        if city_gid not in found:
            found[city_gid] = _city_row(idx, int(city_gid), int(row), int(col))
        at = found[city_gid]
        if at is None:
            continue
        j = n + len(rows)
        rows[int(number)] = j
        _ADDED.add(int(number))
        if in_city:
            _CITY_OF[int(number)] = at
            if int(weight) < NEIGHBOURHOOD_WEIGHT:
                _HOODS[int(number)] = (table._cc[2 * at : 2 * at + 2], at, fold_text(name))
        table._gid.append(int(number))
        table._lat.append(float(lat))
        table._lng.append(float(lng))
        table._pop.append(int(weight))
        table._tz.append(table._tz[at])
        table._admin1.append(table._admin1[at])
        names.append(name)
        offsets.append(offsets[-1] + len(name))
        ccs.append(table._cc[2 * at : 2 * at + 2])
        for key in _ward_keys(keys.split("|")):
            if extra.setdefault(key, j) != j:
                more.setdefault(key, []).append(j)
    table._names = _Strings("".join(names), offsets)
    table._cc = "".join(ccs)
    idx.by_name = DistrictNames(idx.by_name, extra, more, table._pop)
    idx.place_ids = DistrictIds(idx.place_ids, rows)
    return idx
