"""Second-level units by every name a user types after their region word or after a town: Spain's
provinces under their Castilian and co-official names ("provincia de Gipuzkoa", "provincia de
Guipúzcoa", "provincia de La Coruña", "Araba"), Italy's provinces ("provincia di Savona"), France's
departments and Belgium's provinces (``data/province_names.csv``, ``tools/build_province_names.py``:
ISO 3166-2 names and translations from Debian's iso-codes, INE's co-official forms), each at
the box of the emulator's own GeoNames unit; and the towns in each unit, theirs and the US
counties' (``data/admin2_towns.tsv.z``, ``tools/build_admin2_towns.py``: GeoNames' admin2 of each
town) and Germany's and Austria's districts' (``data/de_at_districts.tsv.z``,
``tools/build_de_at_districts.py``: "Neustadt, Landkreis Harburg", "Bezirk Vöcklabruck") and
Türkiye's districts' (``data/tr_districts.tsv.z``, ``tools/build_tr_districts.py``), which decide whether a unit named after a town holds it
(:func:`in_units`: "Sète, Hérault").
"""

from __future__ import annotations

import csv
import functools
import zlib
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from mapsnb_sandbox.world.geodata import City, fold_text

__all__ = ["Box", "Units", "in_units", "province_boxes", "units", "worded_province"]

_PATH = Path(__file__).resolve().parents[2] / "data" / "province_names.csv"
#: A unit's country and box: ``(cc, lat0, lng0, lat1, lng1)``.
Box = tuple[str, float, float, float, float]
_TOWNS = _PATH.with_name("admin2_towns.tsv.z")
#: Every other country's GeoNames admin2 units (``tools/build_admin2_world.py``), rows as above,
#: keys ``<cc>:<admin1>:<admin2>`` ("PH:01:province of pangasinan"; round 26, h-units26).
_WORLD = _PATH.with_name("admin2_world.tsv.z")
#: Germany's and Austria's districts, rows as ``admin2_towns.tsv.z``'s
#: (``tools/build_de_at_districts.py``: Destatis' municipality codes, GeoNames' Bezirke): GeoNames
#: files Germany's at admin3, which that table lacks.
_DISTRICTS = _PATH.with_name("de_at_districts.tsv.z")
#: Türkiye's 973 districts (ilçe), rows as above (``tools/build_tr_districts.py``): GeoNames'
#: 2016 dump gives few Turkish towns an admin2.
_TR = _PATH.with_name("tr_districts.tsv.z")


class Units(NamedTuple):
    """Second-level units a text names after a town: folded name -> unit keys (ISO 3166-2 codes,
    ``FR-34``, ``US-<state>:<county>``, or elsewhere ``<cc>:<admin1>:<admin2>``), each unit's
    box, and each town's units."""

    names: dict[str, frozenset[str]]
    boxes: dict[str, Box]
    of_town: dict[int, tuple[str, ...]]


@functools.cache
def units() -> Units:
    """The units of ``data/admin2_towns.tsv.z``, ``data/admin2_world.tsv.z``,
    ``data/de_at_districts.tsv.z`` and ``data/tr_districts.tsv.z``, named by their GeoNames (Germany's: official) names (and
    without their kind word: "pangasinan") and, for ISO units, every name of
    ``data/province_names.csv`` (read on first use)."""
    names: dict[str, set[str]] = {}
    boxes: dict[str, Box] = {}
    of_town: dict[int, list[str]] = {}
    paths = (_TOWNS, _WORLD, _DISTRICTS, _TR)
    tables = (zlib.decompress(p.read_bytes()).decode("utf-8") for p in paths if p.is_file())
    for line in (row for table in tables for row in table.splitlines()):
        key, folded, la0, lo0, la1, lo1, towns = line.split("\t")
        boxes[key] = (key[:2], float(la0), float(lo0), float(la1), float(lo1))
        for name in folded.split("|") if folded else ():
            names.setdefault(name, set()).add(key)
        gid = 0
        for delta in towns.split():
            gid += int(delta, 36)
            of_town.setdefault(gid, []).append(key)
    for row in _rows():
        for name in {fold_text(n) for n in row["names"].split("|")}:
            if row["code"] in boxes:
                names.setdefault(name, set()).add(row["code"])
    return Units(
        {k: frozenset(v) for k, v in names.items()},
        boxes,
        {k: tuple(v) for k, v in of_town.items()},
    )


def in_units(c: City, keys: frozenset[str]) -> bool:
    """Whether town ``c`` lies in one of the units ``keys``: GeoNames' unit of the town, or,
    for a town the table lacks, the box of a unit of its country."""
    table = units()
    own = table.of_town.get(c.geonameid)
    if own is not None:
        return not keys.isdisjoint(own)
    return any(
        cc == c.cc and la0 <= c.lat <= la1 and lo0 <= c.lng <= lo1
        for cc, la0, lo0, la1, lo1 in (table.boxes[k] for k in keys)
    )


def _rows() -> list[dict[str, str]]:
    lines = _PATH.read_text(encoding="utf-8").splitlines()
    return list(csv.DictReader(line for line in lines if not line.startswith("#")))


@functools.cache
def province_boxes() -> dict[str, tuple[Box, ...]]:
    """Folded name -> the boxes of the units bearing it (one but for shared names)."""
    out: dict[str, list[Box]] = {}
    for row in _rows():
        box: Box = (row["cc"], *(float(row[k]) for k in ("lat0", "lng0", "lat1", "lng1")))  # type: ignore[assignment]
        for name in {fold_text(n) for n in row["names"].split("|")}:
            out.setdefault(name, []).append(box)
    return {k: tuple(v) for k, v in out.items()}


def worded_province(names: Iterable[str | None]) -> str | None:
    """The first of ``names`` (what a text is without its region word, with and without its
    article: "guipuzcoa" of "provincia de guipuzcoa", "gironde" of "province de la gironde")
    that names one unit, else ``None``."""
    boxes = province_boxes()
    return next((n for n in names if n is not None and len(boxes.get(n, ())) == 1), None)
