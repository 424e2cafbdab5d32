"""Kinds named in the 28 languages (``python benchmarks/bench_kinds.py [--corpus holdout] [--misses]``).

Each query of ``tests/data/kinds_corpus.csv`` (``tools/build_kinds_corpus.py``: CLDR's emoji short
names of 17 kinds of places in the 28 languages, each with a big town of the language, kind first
and town first) goes through ``search_places`` in its language. Right: the first place listed is
of that kind; wrong: of another kind; none: nothing listed. Truth is CLDR's (Unicode), which the
emulator does not read: its kind words come from OpenStreetMap's iD presets and its own tables.

``--corpus holdout``: ``tests/data/kinds_holdout.csv`` (built locally by
``tools/build_kinds_holdout.py`` from openstreetmap-website's locale files, GPL-2.0, so not
shipped with the repository; never tuned on): the names osm.org's search gives 20 OSM tags in 26 languages, with another big town,
kind first, town first and "kind in town"; its ``kind`` column lists the keys that answer the tag
(``|`` between them, ``*`` for any), and it is counted per language, per tag and per form.

``--corpus plural``: ``tests/data/kinds_plural.csv`` (built locally by
``tools/build_kinds_plural.py``: the holdout's osm.org names in their plurals from UniMorph,
CC BY-SA; GPL-2.0 text, not shipped), counted as the holdout is.

``--corpus phrases22``: ``tests/data/kinds_phrases22.csv`` (``tools/build_kinds_phrases22.py``:
multi-word kinds in vi, id, th; a kind, a word for the centre and the town; a kind, a station or
square and the town; a kind and a country in the query's language): right also needs the first
place within ``tol_km`` of the town's GeoNames point, or, for a country, in that country by
reverse_geocoder's GeoNames dump (CC BY 4.0; the emulator reads neither).
"""

from __future__ import annotations

import csv
import fnmatch
import sys
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.contract.ids import decode_business_id
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.kinds.table import category_at
from mapsnb_sandbox.world.landmarks import landmark_with_id
from mapsnb_sandbox.world.places import LANDMARK_KINDS

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
CORPUS = DATA / "kinds_corpus.csv"
CORPORA = {
    "cldr": CORPUS,
    "holdout": DATA / "kinds_holdout.csv",
    "plural": DATA / "kinds_plural.csv",
    "phrases22": DATA / "kinds_phrases22.csv",
}
#: Per corpus, the tables printed: title -> the column counted.
GROUPS = {
    "cldr": {"language": "lang", "kind": "kind"},
    "holdout": {"language": "lang", "tag": "tag", "form": "form"},
    "plural": {"language": "lang", "tag": "tag", "form": "form"},
    "phrases22": {"language": "lang", "class": "cls", "tag": "tag"},
}
_CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def listed_kinds(query: str, lang: str) -> tuple[str, ...] | None:
    """The kind keys of the first place ``search_places`` lists for ``query`` (a curated
    landmark's kinds, ``()`` for a town or another place of no kind), ``None`` when it lists
    nothing."""
    out = search_places({"text_query": query, "language_code": lang}, _CTX)
    places = out.get("places") or []
    return _kinds_of(places[0]) if places else None


def _first_place(query: str, lang: str) -> dict[str, Any] | None:
    out = search_places({"text_query": query, "language_code": lang}, _CTX)
    return (out.get("places") or [None])[0]


def _placed(row: dict[str, str], place: dict[str, Any]) -> bool:
    """Whether ``place`` lies where ``row`` says: within ``tol_km`` of its point, or in its
    country by reverse_geocoder's GeoNames dump."""
    loc = place.get("location") or {}
    lat, lng = float(loc.get("latitude", 0.0)), float(loc.get("longitude", 0.0))
    if row.get("cc"):
        import reverse_geocoder  # only this corpus needs it

        return bool(
            reverse_geocoder.search([(lat, lng)], mode=1, verbose=False)[0]["cc"] == row["cc"]
        )
    return (
        haversine_m(lat, lng, float(row["lat"]), float(row["lng"])) <= float(row["tol_km"]) * 1000
    )


def row_outcome(row: dict[str, str]) -> tuple[str, tuple[str, ...] | None]:
    """right, none or wrong for ``row``, and the kinds listed first."""
    if not row.get("tol_km") and not row.get("cc"):
        got = listed_kinds(row["query"], row["lang"])
        return outcome(row["kind"], got), got
    place = _first_place(row["query"], row["lang"])
    got = _kinds_of(place) if place else None
    result = outcome(row["kind"], got)
    if result == "right" and place is not None and not _placed(row, place):
        result = "wrong"
    return result, got


def _kinds_of(place: dict[str, Any]) -> tuple[str, ...]:
    pid = place["id"]
    decoded = decode_business_id(pid)
    kind = category_at(decoded[2]) if decoded else None
    if kind is not None:
        return (kind.key,)
    landmark = landmark_with_id(pid)
    return LANDMARK_KINDS.get(landmark.kind, ()) if landmark else ()


def outcome(kinds: str, got: tuple[str, ...] | None) -> str:
    """right, none or wrong for a row whose ``kinds`` are keys or patterns, ``|`` between."""
    if got is None:
        return "none"
    wanted = kinds.split("|")
    return "right" if any(fnmatch.fnmatch(k, w) for k in got for w in wanted) else "wrong"


def main() -> None:
    name = sys.argv[sys.argv.index("--corpus") + 1] if "--corpus" in sys.argv else "cldr"
    if not CORPORA[name].exists():  # the holdouts are GPL-2.0 text: built here, never shipped
        sys.exit(f"{CORPORA[name]} is built locally: tools/build_kinds_{name}.py (its usage)")
    with CORPORA[name].open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    tables: dict[str, dict[str, Counter[str]]] = {t: defaultdict(Counter) for t in GROUPS[name]}
    misses = []
    for row in rows:
        result, got = row_outcome(row)
        for title, column in GROUPS[name].items():
            tables[title][row[column]][result] += 1
        if result != "right":
            misses.append(f"{row['lang']} {row['kind']}: {row['query']!r} -> {got}")
    by_lang = tables["language"]
    for title, table in tables.items():
        print(f"{title:18} {'n':>4} {'right':>7} {'none':>7} {'wrong':>7}")
        for key, c in sorted(table.items()):
            n = sum(c.values())
            print(
                f"{key:18} {n:4} {c['right'] / n:7.1%} {c['none'] / n:7.1%} {c['wrong'] / n:7.1%}"
            )
    total = Counter[str]()
    for c in by_lang.values():
        total.update(c)
    n = sum(total.values())
    print(f"{'all':18} {n:4} {total['right'] / n:7.1%} {total['none'] / n:7.1%} "
          f"{total['wrong'] / n:7.1%}")  # fmt: skip
    if "--misses" in sys.argv:
        print("\n".join(misses))


if __name__ == "__main__":
    main()
