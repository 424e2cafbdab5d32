"""The emulator on the corpus of names (``python benchmarks/bench_names.py [--misses] [--corpus F]``).

Prints per class and per language the share of right answers (within 50 km, or NOT_FOUND) and
of located ones, and every confident answer 50 km or more off (issue 40: >= 97 % in every class
and language, none confidently 50+ km off). ``tests/data/names_corpus.csv`` is built by
``tools/build_names_corpus.py`` with truth from IANA ``zone.tab`` and a GeoNames dump the
emulator does not read; ``--corpus tests/data/names_holdout.csv`` measures the holdout
(``tools/build_names_holdout.py``: Natural Earth's towns and Wikidata's names, never tuned on).
``--holdout3`` measures the fourth holdout (``tests/data/names_holdout3.csv``,
``tools/build_names_holdout3.py``: the other languages and scripts) and prints, per language, the
located share too (NOT_FOUND counts as right, so a language the emulator does not read scores
high on the right share alone). ``--holdout4`` measures the fifth holdout
(``tests/data/names_holdout4.csv``, ``tools/build_names_holdout4.py``: simplemaps' towns, truth
independent of GeoNames and Natural Earth), with the same per-language located shares;
``--holdout5`` the sixth (``tests/data/names_holdout5.csv``, ``tools/build_names_holdout5.py``:
UN/LOCODE's towns and points), likewise; ``--holdout6`` the seventh
(``tests/data/names_holdout6.csv``, ``tools/build_names_holdout6.py``: OpenStreetMap's place
nodes, homonyms qualified by their country, Greek and Arabic names, German exonyms), likewise;
``--holdout7`` the eighth (``tests/data/names_holdout7.csv``, ``tools/build_names_holdout7.py``:
Japan's gazetteer, Russia's and France's town lists, Wikidata's German and European towns), likewise;
``--holdout8`` the ninth (``tests/data/names_holdout8.csv``, ``tools/build_names_holdout8.py``:
small towns of Brazil, Mexico and Spain from IBGE, INEGI and CNIG, Korea's towns in Hangul from
the KMA's grid table), likewise; ``--holdout9`` the tenth (``tests/data/names_holdout9.csv``,
``tools/build_names_holdout9.py``: Britain's, Poland's, Italy's, Vietnam's, Thailand's and
Indonesia's towns and villages from OS Open Names, PRNG, ISTAT, the GSO, data.go.th and geografis;
Thai names in Thai), likewise; ``--holdout10`` the eleventh (``tests/data/names_holdout10.csv``,
``tools/build_names_holdout10.py``: Peru's, the Philippines' and Türkiye's towns and villages from
INEI's UBIGEO and centros poblados, the PSA's PSGC and OCHA's districts; homonyms qualified by their
region, Turkish case forms), likewise; ``--holdout11`` the twelfth
(``tests/data/names_holdout11.csv``, ``tools/build_names_holdout11.py``: Israel's, Colombia's and
Switzerland's localities from the CBS list, DANE's DIVIPOLA and swisstopo's official directory of
localities; Hebrew names alone, searched and with glued prepositions), likewise; ``--holdout12``
the thirteenth (``tests/data/names_holdout12.csv``, ``tools/build_names_holdout12.py``: Czechia's
municipalities from RÚIAN, Romania's localities and Greece's settlements from ELSTAT; Greek names
alone, searched and with the country, RÚIAN's Czech locatives, Greek genitives), likewise;
``--holdout13`` the fourteenth (``tests/data/names_holdout13.csv``,
``tools/build_names_holdout13.py``: Austria's and Norway's municipalities from Statistik Austria and
Kartverket, Taiwan's townships and villages from the Ministry of the Interior, their centroids;
Chinese names alone, searched and with the country), likewise; ``--holdout14`` the fifteenth
(``tests/data/names_holdout14.csv``, ``tools/build_names_holdout14.py``: Finland's and Sweden's
municipalities from the National Land Survey of Finland and Valmyndigheten, their centroids,
Kenya's wards from the IEBC's list and Nigeria's wards; Finland's Swedish names in Swedish),
likewise; ``--holdout15`` the sixteenth (``tests/data/names_holdout15.csv``,
``tools/build_names_holdout15.py``: Ukraine's hromadas by the settlement that seats each (KATOTTG),
Chile's communes (the Library of Congress of Chile) and Australia's localities (the ABS), their
centroids; Ukraine's seats in Ukrainian), likewise.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.sandbox.world.names_eval import CORPUS, NamesScore, evaluate

HOLDOUT3 = CORPUS.with_name("names_holdout3.csv")
HOLDOUT4 = CORPUS.with_name("names_holdout4.csv")
HOLDOUT5 = CORPUS.with_name("names_holdout5.csv")
HOLDOUT6 = CORPUS.with_name("names_holdout6.csv")
HOLDOUT7 = CORPUS.with_name("names_holdout7.csv")
HOLDOUT8 = CORPUS.with_name("names_holdout8.csv")
HOLDOUT9 = CORPUS.with_name("names_holdout9.csv")
HOLDOUT10 = CORPUS.with_name("names_holdout10.csv")
HOLDOUT11 = CORPUS.with_name("names_holdout11.csv")
HOLDOUT12 = CORPUS.with_name("names_holdout12.csv")
HOLDOUT13 = CORPUS.with_name("names_holdout13.csv")
HOLDOUT14 = CORPUS.with_name("names_holdout14.csv")
HOLDOUT15 = CORPUS.with_name("names_holdout15.csv")
#: ``--holdoutN`` and its file (3 to 15).
HOLDOUTS = {f"--holdout{k}": CORPUS.with_name(f"names_holdout{k}.csv") for k in range(3, 16)}


def lang_located(s: NamesScore) -> dict[str, float]:
    """Per language, the share of rows answered within tolerance (every other row is a miss)."""
    missed = Counter(m.split(":", 1)[0].split("/", 1)[1] for m in s.misses)
    return {lang: 1 - missed[lang] / n for lang, n in sorted(s.lang_total.items())}


def _corpus() -> Path:
    """The corpus the arguments name: ``--corpus F``, ``--holdoutN`` (the last one given), else
    ``names_corpus.csv``."""
    corpus = CORPUS
    if "--corpus" in sys.argv:
        corpus = Path(sys.argv[sys.argv.index("--corpus") + 1]).resolve()
    for flag, path in HOLDOUTS.items():
        if flag in sys.argv:
            corpus = path
    return corpus


def main() -> None:
    corpus = _corpus()
    print(f"corpus: {corpus.name}")
    start = time.perf_counter()
    s = evaluate(corpus=corpus)
    took = time.perf_counter() - start
    n = sum(s.total.values())
    print(f"{'class':18} {'rows':>5} {'right':>7} {'located':>8}")
    for cls in sorted(s.total):
        loc = s.located[cls] / s.total[cls]
        print(f"{cls:18} {s.total[cls]:5} {s.share(cls):7.1%} {loc:8.1%}")
    print(f"{'all':18} {n:5} {sum(s.right.values()) / n:7.1%}")
    print("per language: " + ", ".join(
        f"{lang} {s.lang_share(lang):.1%}" for lang in sorted(s.lang_total)))  # fmt: skip
    if corpus in HOLDOUTS.values():
        located = lang_located(s)
        print("located per language: " + ", ".join(f"{k} {v:.0%}" for k, v in located.items()))
    worst = min(s.lang_total, key=s.lang_share)
    print(f"lowest language: {worst} {s.lang_share(worst):.1%} of {s.lang_total[worst]}")
    print(f"confident (MEDIUM/HIGH, or listed by a search) 50+ km off: {len(s.confident_wrong)}")
    for w in s.confident_wrong:
        print("   ", w)
    if "--misses" in sys.argv:
        for m in s.misses:
            print("  miss", m)
    print(f"{n} queries in {took:.1f} s ({1000 * took / n:.1f} ms each)")


if __name__ == "__main__":
    main()
