"""Kinds named in the 28 languages (``tests/data/kinds_corpus.csv``, built by
``tools/build_kinds_corpus.py`` from CLDR's emoji short names, which the emulator does not read):
the file holds every language and kind, and a fixed sample lists the asked kind (or nothing)
as often as main did when it was built (benchmarks/HISTORY.md: 64.1 % right, 5.3 % of
another kind or a town on the whole file; Shinto shrines, synagogues and Hindu temples are rare
where their faithful are), less a margin. ``python benchmarks/bench_kinds.py``
runs all 952 queries.
"""

from __future__ import annotations

import csv
from collections import Counter

from benchmarks.bench_kinds import CORPUS, listed_kinds
from tools.build_kinds_corpus import KINDS, TOWNS


def _rows() -> list[dict[str, str]]:
    with CORPUS.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def test_every_language_names_every_kind_both_ways() -> None:
    rows = _rows()
    per_lang = Counter(r["lang"] for r in rows)
    assert set(per_lang) == set(TOWNS)
    assert set(per_lang.values()) == {2 * len(KINDS)}
    assert len({r["query"] for r in rows}) == len(rows)


def test_a_fixed_sample_names_the_asked_kind() -> None:
    sample = _rows()[::4]  # 238 queries, every language, kind first and town first alike
    outcome = Counter()
    for row in sample:
        got = listed_kinds(row["query"], row["lang"])
        outcome["none" if got is None else "right" if row["kind"] in got else "wrong"] += 1
    n = len(sample)
    assert outcome["right"] / n >= 0.62, outcome  # 66.4 % when built
    assert outcome["wrong"] / n <= 0.09, outcome  # 7.1 % when built
