"""Write ``tests/data/region_corpus.csv``: first-level regions as users type them, with truth.

``python tools/build_region_corpus.py STATES_CSV`` where ``STATES_CSV`` is ``csv/states.csv`` of
``dr5hn/countries-states-cities-database`` (ODbL 1.0; commit 7fda0afd, 2026-08-08): each
country's first-level regions (no parent) with a point, up to :data:`PER_COUNTRY` drawn with a
fixed seed, each by its English name and, where it differs, its native name. The emulator
reads GeoNames, not this table: its points are the truth of ``benchmarks/bench_regions.py``.
The corpus is a derived database of dr5hn's, and so under the ODbL 1.0 as well.
"""

from __future__ import annotations

import csv
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "region_corpus.csv"
#: Regions drawn per country (every one where a country has fewer).
PER_COUNTRY = 4
SEED = 40


def main(states_csv: str) -> None:
    with open(states_csv, encoding="utf-8") as fh:
        rows = [r for r in csv.DictReader(fh) if not r["parent_id"] and r["latitude"]]
    by_country: dict[str, list[dict[str, str]]] = {}
    for r in rows:
        by_country.setdefault(r["country_code"], []).append(r)
    rng = random.Random(SEED)
    out = []
    for cc in sorted(by_country):
        regions = sorted(by_country[cc], key=lambda r: r["name"])
        for r in rng.sample(regions, min(PER_COUNTRY, len(regions))):
            names = [("en", r["name"])]
            if r["native"] and r["native"] != r["name"]:
                names.append(("native", r["native"]))
            for form, name in names:
                out.append(
                    [name, form, cc, r["latitude"], r["longitude"], r["type"], r["wikiDataId"]]
                )
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["text", "form", "cc", "lat", "lng", "type", "wikidata"])
        w.writerows(out)
    print(f"{len(out)} rows, {len({r[2] for r in out})} countries -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
