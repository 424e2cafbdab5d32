"""Build ``tests/data/island_queries.csv`` and ``island_truth.json.gz`` for
``benchmarks/bench_islands.py``.

``python tools/build_island_corpus.py --polys ne_10m_geography_regions_polys.json [--n 150]``
(needs ``shapely``). Truth: Natural Earth 4.0.0's 1:10m island label polygons
(``ne_10m_geography_regions_polys``, public domain; ``martynafford/natural-earth-geojson``,
``10m/physical/…polys.7z``), each grown by :data:`GROW_DEG` (the label polygons are drawn inside
the coast) and simplified: an answer is on the island when it lies inside. The emulator reads
only the islands' points (their biggest towns, ``data/islands.tsv``), never these shapes.

A seeded draw of :data:`N` islands of 50 km² or more (``Island`` and ``Island group``; groups
of continental size left out, as ``tools/build_islands.py`` does) is asked by the name Natural
Earth gives (capitals and "I."/"Is." written out) bare, and in a search for hotels in nine
languages with the preposition each language puts before an island's name ("hotels on X" in
English is asked as "hotels in X" too). Rows: island, lang, form, query, lat, lng (the
polygon's representative point).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import math
import random
import re
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "island_queries.csv"
TRUTH = OUT.with_name("island_truth.json.gz")
N = 150
SEED = 21
MIN_KM2, MAX_GROUP_KM2 = 50.0, 200_000.0
GROW_DEG, SIMPLIFY_DEG = 0.15, 0.02
#: A search for hotels on an island, per language (the preposition before an island's name).
SEARCHES = {
    "en": "hotels in {}",
    "en_on": "hotels on {}",
    "es": "hoteles en {}",
    "fr": "hôtels à {}",
    "de": "Hotels auf {}",
    "it": "hotel a {}",
    "pt": "hotéis em {}",
    "nl": "hotels op {}",
    "pl": "hotele na {}",
    "sv": "hotell på {}",
}


def _name(raw: str) -> str:
    """Natural Earth's label as a user types it."""
    name = re.sub(r"\s+", " ", raw).strip()
    if name.isupper():
        name = name.replace("Ö", "O").replace("Ü", "U").title().replace(" Of ", " of ")
    name = re.sub(r"^Island of ", "", name).replace("Isands", "Islands")
    name = re.sub(r"\bIs\.$", "Islands", name)
    return re.sub(r"\bI\.$", "Island", name)


def _km2(geom: Any) -> float:
    parts = getattr(geom, "geoms", [geom])
    return sum(p.area * 111.32**2 * math.cos(math.radians(p.centroid.y)) for p in parts)


def _rings(geom: Any) -> list[list[list[float]]]:
    """The outer rings of ``geom``, grown and simplified, as ``[[lng, lat], ...]``."""
    grown = geom.buffer(GROW_DEG).simplify(SIMPLIFY_DEG)
    parts = getattr(grown, "geoms", [grown])
    return [[[round(x, 3), round(y, 3)] for x, y in p.exterior.coords] for p in parts]


def main() -> None:
    from shapely.geometry import shape

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--polys", type=Path, required=True)
    ap.add_argument("--n", type=int, default=N)
    args = ap.parse_args()
    islands = []
    for f in json.loads(args.polys.read_text(encoding="utf-8"))["features"]:
        p = f["properties"]
        if p["featurecla"] not in ("Island", "Island group"):
            continue
        geom = shape(f["geometry"])
        km2 = _km2(geom)
        if km2 < MIN_KM2 or (p["featurecla"] == "Island group" and km2 >= MAX_GROUP_KM2):
            continue
        islands.append((_name(p["name"]), geom))
    islands.sort(key=lambda t: t[0])
    chosen = random.Random(SEED).sample(islands, min(args.n, len(islands)))
    rows, truth = [], {}
    for name, geom in sorted(chosen, key=lambda t: t[0]):
        pt = geom.representative_point()
        truth[name] = _rings(geom)
        base = {"island": name, "lat": f"{pt.y:.4f}", "lng": f"{pt.x:.4f}"}
        rows.append({**base, "lang": "en", "form": "bare", "query": name})
        for lang, pattern in SEARCHES.items():
            rows.append({**base, "lang": lang[:2], "form": "search", "query": pattern.format(name)})
    with OUT.open("w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=["island", "lang", "form", "query", "lat", "lng"])
        w.writeheader()
        w.writerows(rows)
    TRUTH.write_bytes(gzip.compress(json.dumps(truth).encode(), mtime=0))
    print(f"{len(chosen)} islands, {len(rows)} queries -> {OUT}; shapes -> {TRUTH}")


if __name__ == "__main__":
    main()
