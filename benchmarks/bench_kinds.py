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
"""

from __future__ import annotations

import csv
import fnmatch
import sys
from collections import Counter, defaultdict
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

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
}
#: Per corpus, the tables printed: title -> the column counted.
GROUPS = {
    "cldr": {"language": "lang", "kind": "kind"},
    "holdout": {"language": "lang", "tag": "tag", "form": "form"},
    "plural": {"language": "lang", "tag": "tag", "form": "form"},
}
_CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def listed_kinds(query: str, lang: str) -> tuple[str, ...] | None:
    """The kind keys of the first place ``search_places`` lists for ``query`` (a curated
    landmark's kinds, ``()`` for a town or another place of no kind), ``None`` when it lists
    nothing."""
    out = search_places({"text_query": query, "language_code": lang}, _CTX)
    places = out.get("places") or []
    if not places:
        return None
    pid = places[0]["id"]
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
        got = listed_kinds(row["query"], row["lang"])
        result = outcome(row["kind"], got)
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
