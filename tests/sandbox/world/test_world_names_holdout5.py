"""The sixth holdout of names (issue 40): ``tests/data/names_holdout5.csv``, built by
``tools/build_names_holdout5.py`` from UN/LOCODE (UNECE's code list, its own points), a source
the emulator never reads. The file parses, holds every class and language, asks no query of the
earlier corpora, and the builder's rules hold on fixed names (``python benchmarks/bench_names.py
--holdout5`` runs all rows).
"""

from __future__ import annotations

from tests.sandbox.world.names_eval import CORPUS, check_file, check_spread, check_unseen, rows
from tools.build_names_holdout4 import KINDS
from tools.build_names_holdout5 import EARLIER, HEADER, ROWS, _populated, _town_name

HOLDOUT5 = CORPUS.with_name("names_holdout5.csv")
CLASSES = {
    "bare",
    "country_town",
    "country_town_lang",
    "subdiv_code_town",
    "region_town",
    "region_country_town",
    "search_lang",
    "search_qualified_lang",
    "search_region",
}


def test_the_file_has_the_builders_header_columns_and_rows() -> None:
    check_file(HOLDOUT5, HEADER, ROWS, max_bytes=300_000)


def test_every_class_and_language_and_no_earlier_query() -> None:
    every = rows(corpus=HOLDOUT5)
    check_spread(every, CLASSES, set(KINDS))
    assert all(r.tool == "resolve" for r in every if "town" in r.cls or r.cls == "bare")
    check_unseen(HOLDOUT5, EARLIER)


def test_builder_keeps_towns_and_leaves_facilities() -> None:
    assert _town_name("Saint-Priest-des-Champs") and _town_name("Ballia")
    for name in ("Auburn-Lewiston Apt", "Abo (Turku)", "Brooklin, Hancock", "Oil Field 2"):
        assert not _town_name(name)
    assert _populated("--3-----") and _populated("1-------")
    assert not _populated("------7-") and not _populated("0-------")
