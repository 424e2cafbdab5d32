"""The town index's columns, read-only (split from ``geodata.py``, round 25): a :class:`City`
each, the whole table as columns (:class:`CityTable`), folded names by binary search
(:class:`NameIndex`), 1-degree grid cells (:class:`Grid`), place ids (:class:`PlaceIdIndex`),
all of it as one :class:`CityIndex`. ``geodata.py`` builds them from its columns.
"""

from __future__ import annotations

import base64
import hashlib
import math
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, overload

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.ids import TOWN, decode_tagged_id

__all__ = [
    "City",
    "CityIndex",
    "CityTable",
    "Grid",
    "NameIndex",
    "PlaceIdIndex",
    "cell_key",
]


class City(NamedTuple):
    """One geonames town."""

    geonameid: int
    name: str
    lat: float
    lng: float
    cc: str
    population: int
    tz: str
    admin1: str


class _Strings(Sequence[str]):
    """The ``i``-th string of a concatenation, given ``n + 1`` offsets."""

    __slots__ = ("_offsets", "_text")

    def __init__(self, text: str, offsets: array[Any]) -> None:
        self._text, self._offsets = text, offsets

    def __len__(self) -> int:
        return len(self._offsets) - 1

    @overload
    def __getitem__(self, i: int) -> str: ...
    @overload
    def __getitem__(self, i: slice) -> list[str]: ...
    def __getitem__(self, i: int | slice) -> str | list[str]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        return self._text[self._offsets[i] : self._offsets[i + 1]]


class CityTable(Sequence[City]):
    """All towns as columns; ``table[j]`` builds one :class:`City`."""

    __slots__ = (
        "_admin1",
        "_admin1s",
        "_cc",
        "_gid",
        "_lat",
        "_lng",
        "_names",
        "_pop",
        "_tz",
        "_tzs",
    )

    def __init__(self, cols: dict[str, Any], tzs: list[str], admin1s: list[str]) -> None:
        self._gid: array[int] = cols["gid"]
        self._lat, self._lng = cols["lat"], cols["lng"]
        self._pop, self._cc, self._tz, self._admin1 = (
            cols[k] for k in ("pop", "cc", "tz", "admin1")
        )
        self._names = _Strings(cols["names"], cols["name_off"])
        self._tzs, self._admin1s = tzs, admin1s

    def __len__(self) -> int:
        return len(self._gid)

    @overload
    def __getitem__(self, j: int) -> City: ...
    @overload
    def __getitem__(self, j: slice) -> list[City]: ...
    def __getitem__(self, j: int | slice) -> City | list[City]:
        if isinstance(j, slice):
            return [self[k] for k in range(*j.indices(len(self)))]
        if j < 0:
            j += len(self)
        return City(
            self._gid[j],
            self._names[j],
            self._lat[j],
            self._lng[j],
            self._cc[2 * j : 2 * j + 2],
            self._pop[j],
            self._tzs[self._tz[j]],
            self._admin1s[self._admin1[j]],
        )

    def __iter__(self) -> Iterator[City]:
        return (self[j] for j in range(len(self)))

    def region_sums(self) -> dict[tuple[str, str], tuple[int, float, float, int]]:
        """``(country, region) -> (people, sum of lat, sum of lng, towns)``, towns unbuilt."""
        out: dict[tuple[str, str], tuple[int, float, float, int]] = {}
        cc, admin1, names, pop = self._cc, self._admin1, self._admin1s, self._pop
        lat, lng = self._lat, self._lng
        for j in range(len(self._gid)):
            key = (cc[2 * j : 2 * j + 2], names[admin1[j]])
            p, y, x, n = out.get(key, (0, 0.0, 0.0, 0))
            out[key] = (p + pop[j], y + lat[j], x + lng[j], n + 1)
        return out

    def gid(self, j: int) -> int:
        """GeoNames id of town ``j`` (without building the :class:`City`)."""
        return self._gid[j]

    def gids(self) -> Sequence[int]:
        """The GeoNames ids of every town, in table order (the column itself: not to change)."""
        return self._gid

    def lat(self, j: int) -> float:
        """Latitude of town ``j`` (without building the :class:`City`)."""
        return float(self._lat[j])

    def lng(self, j: int) -> float:
        """Longitude of town ``j``."""
        return float(self._lng[j])


class NameIndex:
    """Folded name -> city numbers (most populous first), by binary search over sorted keys."""

    __slots__ = ("_ids", "_keys", "_starts")

    def __init__(self, keys: _Strings, starts: array[Any], ids: array[Any]) -> None:
        self._keys, self._starts, self._ids = keys, starts, ids

    def get(self, name: str, default: Sequence[int] = ()) -> Sequence[int]:
        i = bisect_left(self._keys, name)
        if i < len(self._keys) and self._keys[i] == name:
            return self._ids[self._starts[i] : self._starts[i + 1]]
        return default

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and bool(self.get(name))

    def __len__(self) -> int:
        return len(self._keys)

    def keys(self) -> Sequence[str]:
        """The folded names, sorted."""
        return self._keys


class Grid:
    """1-degree cell ``(floor(lat), floor(lng))`` -> the range of city numbers in it (the
    table is sorted by cell)."""

    __slots__ = ("_cells", "_starts")

    def __init__(self, cells: array[Any], starts: array[Any]) -> None:
        self._cells, self._starts = cells, starts

    def get(self, cell: tuple[int, int], default: Sequence[int] = ()) -> Sequence[int]:
        key = cell_key(*cell)
        i = bisect_left(self._cells, key)
        if i < len(self._cells) and self._cells[i] == key:
            return range(self._starts[i], self._starts[i + 1])
        return default

    def nearest_anywhere(self, lat: float, lng: float, cities: CityTable) -> int:
        """Number of the town nearest to the point, however far (mid-ocean points): only the
        cells whose centre is within one cell diagonal of the nearest centre are searched."""
        centres = []
        for i, key in enumerate(self._cells):
            row, col = divmod(key, 360)  # see cell_key
            centres.append((haversine_m(lat, lng, row - 89.5, col - 179.5), i))
        reach = min(centres)[0] + 160_000  # a cell's diagonal is at most ~157 km
        best = (math.inf, 0)
        for d, i in centres:
            if d <= reach:
                for j in range(self._starts[i], self._starts[i + 1]):
                    best = min(best, (haversine_m(lat, lng, cities.lat(j), cities.lng(j)), j))
        return best[1]


class PlaceIdIndex:
    """City place id -> city number. A feature id (:func:`mapsnb_sandbox.contract.ids.tagged_id`)
    names its town's geonameid and whole degrees: the town is looked up in that grid cell.
    Ids of earlier versions (hashes): sorted 64-bit prefixes of the id's hash, each candidate
    checked against the id computed from the city, built on the first such lookup (half a
    second: 170,000 hashes), so the index file need not carry it."""

    __slots__ = ("_gids", "_grid", "_id_of", "_ids", "_keys")

    def __init__(self, gids: array[Any], id_of: Callable[[int], str], grid: Grid) -> None:
        self._gids, self._id_of, self._grid = gids, id_of, grid
        self._keys: array[Any] | None = None
        self._ids = array("i")

    def _by_feature(self, tagged: tuple[int, int, int, int], cities: CityTable) -> int | None:
        tag, gid, row, col = tagged
        if tag != TOWN:
            return None
        return next((j for j in self._grid.get((row, col)) if self._gids[j] == gid), None)

    def _build(self) -> array[Any]:
        key_of = _pid_keys(self._id_of)
        pairs = sorted((key_of(gid), j) for j, gid in enumerate(self._gids))
        self._ids = array("i", (j for _, j in pairs))
        self._keys = array("Q", (k for k, _ in pairs))
        return self._keys

    def get(self, pid: str, cities: CityTable) -> int | None:
        tagged = decode_tagged_id(pid)
        if tagged is not None:
            return self._by_feature(tagged, cities)
        key = _pid_key(pid)
        if key is None:
            return None
        keys = self._keys if self._keys is not None else self._build()
        i = bisect_left(keys, key)
        while i < len(keys) and keys[i] == key:
            j = self._ids[i]
            if self._id_of(cities[j].geonameid) == pid:
                return j
            i += 1
        return None


@dataclass
class CityIndex:
    """Everything the emulator looks cities up by."""

    cities: CityTable
    by_name: NameIndex
    grid: Grid
    place_ids: PlaceIdIndex
    countries: dict[str, str]  # folded country name -> code
    country_names: dict[str, str]  # code -> display name
    states: dict[str, str]  # folded US state name or code -> code
    continents: dict[str, str]  # country code -> continent code (EU, NA, ...)
    biggest: dict[str, int]  # country code -> its most populous city


def cell_key(cy: int, cx: int) -> int:
    """The number of 1-degree cell ``(cy, cx)`` (floored lat, lng): rows of 360 from the south
    pole, columns from 180° W."""
    return (cy + 90) * 360 + (cx + 180) % 360


def _pid_key(pid: str) -> int | None:
    """First 8 bytes of the hash a ``ChIJ…`` place id encodes, as an integer."""
    if len(pid) < 16 or not pid.startswith("ChIJ"):
        return None
    try:
        raw = base64.urlsafe_b64decode(pid[4:16])
    except (ValueError, TypeError):
        return None
    return int.from_bytes(raw[:8], "big")


def _pid_keys(id_of: Callable[[int], str]) -> Callable[[int], int]:
    """``geonameid -> _pid_key(id_of(geonameid))``, computed straight from the hash when
    ``id_of`` is the emulator's scheme (checked on samples): 170,000 ids in a fraction of the
    time."""

    def fast(gid: int) -> int:
        digest = hashlib.sha256(f"'place'\x1f'city'\x1f{gid}".encode()).digest()
        return int.from_bytes(digest[:8], "big")

    def slow(gid: int) -> int:
        return _pid_key(id_of(gid)) or 0

    samples = (0, 1, 2988507, 5128581, 12_000_000)
    return fast if all(fast(g) == slow(g) for g in samples) else slow
