"""The fifth holdout of names (issue 40, classes 1 and 2): ``tests/data/names_holdout4.csv``,
built by ``tools/build_names_holdout4.py`` from simplemaps' World Cities database (CC BY 4.0), a
source independent of GeoNames (the emulator's gazetteer) and of Natural Earth (the earlier
holdouts): towns of every population band by simplemaps' own names, bare, with their country in
the 28 languages, with simplemaps' region names, in pharmacy, hospital and bank searches of each
language, and Turkish, Polish and Czech case forms; the emulator was never tuned on it.

A fixed sample runs here (every 5th row by a stable hash, 375 rows, about 3 s);
``python benchmarks/bench_names.py --holdout4`` runs all 2,017 rows. The issue's bar is 97 % in
every class and language and none confidently 50+ km off; the floors below are what the branch
measured after names round 7 (benchmarks/README.md) less a small margin, so they catch a
regression, not the bar: the whole file scored 97.8 % with 18 confident misses as built, 98.5 %
after round 7.
"""

from __future__ import annotations

from tests.sandbox.world.names_eval import (
    CORPUS,
    Floors,
    check_file,
    check_floors,
    check_spread,
    check_unseen,
    evaluate,
    rows,
)
from tools.build_names_holdout4 import HEADER, KINDS, ROWS

HOLDOUT4 = CORPUS.with_name("names_holdout4.csv")
EARLIER = ("names_corpus.csv", "names_holdout.csv", "names_holdout2.csv", "names_holdout3.csv")
CLASSES = {
    "bare",
    "country_town",
    "country_town_lang",
    "region_town",
    "region_country_town",
    "search_lang",
    "search_qualified_lang",
    "search_region",
    "inflected",
}


def test_the_file_has_the_builders_header_columns_and_rows() -> None:
    check_file(HOLDOUT4, HEADER, ROWS, max_bytes=300_000)


def test_every_class_and_language_and_each_query_once() -> None:
    every = rows(corpus=HOLDOUT4)
    check_spread(every, CLASSES, set(KINDS))
    assert all(r.tool == "resolve" for r in every if "town" in r.cls or r.cls == "bare")
    check_unseen(HOLDOUT4, EARLIER)


def test_holdout4_sample_keeps_todays_shares() -> None:
    """After names round 7: 98.9 % right and 81.6 % located of the 375 sampled rows, 2
    listed 50+ km off ("bank in Samalpur": Sambalpur by a near spelling; "בית חולים ב-Yidu": a
    namesake); every class >= 96.4 % (bare), every language >= 80 % (he, 5 rows: one miss)."""
    s = evaluate(sample=5, corpus=HOLDOUT4)
    check_floors(
        s, Floors(rows=375, right=0.975, located=0.78, per_class=0.93, per_lang=0.75, confident=3)
    )
