"""The fourth holdout of names (issue 40, classes 1 and 2): ``tests/data/names_holdout3.csv``,
built by ``tools/build_names_holdout3.py`` from Natural Earth's labels in the languages the
earlier corpora left thin (ar, bn, el, fa, he, hi, hu, id, it, ja, ko, nl, pl, sv, tr, uk, ur, vi,
Traditional Chinese; th, sw, ro, cs by their countries' own names), in kinds and phrasings of
their own; the emulator was never tuned on it.

A fixed sample runs here (every 5th row by a stable hash, 360 rows, about 3 s);
``python benchmarks/bench_names.py --holdout3`` runs all 1,797 rows. The issue's bar is 97 % in
every class and language and none confidently 50+ km off; the floors below are what main
measured when the holdout was built (benchmarks/README.md, names round 5) less a small margin,
so they catch a regression, not the bar: the whole file scored 99.0 % with 7 confident misses.
"""

from __future__ import annotations

from tests.sandbox.world.names_eval import (
    CORPUS,
    Floors,
    check_file,
    check_floors,
    check_spread,
    evaluate,
    rows,
)
from tools.build_names_holdout3 import HEADER, KINDS, ROWS

HOLDOUT3 = CORPUS.with_name("names_holdout3.csv")
CLASSES = {
    "script",
    "search_lang",
    "country_town_lang",
    "search_qualified_lang",
    "script_zht",
    "search_local",
    "country_town_local",
    "inflected",
}


def test_the_file_has_the_builders_header_columns_and_rows() -> None:
    check_file(HOLDOUT3, HEADER, ROWS, max_bytes=300_000)


def test_every_class_and_language_and_each_query_once() -> None:
    every = rows(corpus=HOLDOUT3)
    check_spread(every, CLASSES, set(KINDS))
    bare = ("script", "country_town_lang", "country_town_local")
    assert all(r.tool == "resolve" for r in every if r.cls in bare)
    first = {r.query for r in rows(corpus=CORPUS.with_name("names_holdout.csv"))}
    assert not {r.query for r in every} & first


def test_holdout3_sample_keeps_todays_shares() -> None:
    """Main when built: 99.4 % right and 62.2 % located of the 360 sampled rows, none
    confidently 50+ km off; every class >= 97.9 % (script), every language >= 91.7 % (sv, 12
    rows: one miss)."""
    s = evaluate(sample=5, corpus=HOLDOUT3)
    check_floors(
        s, Floors(rows=360, right=0.98, located=0.58, per_class=0.95, per_lang=0.88, confident=1)
    )
