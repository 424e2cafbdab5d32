"""The corpus of names and its fourteen holdouts (issue 40), checked alike: one table, one row per
file (``corpus``: ``tests/data/names_corpus.csv``; ``holdout1``: ``names_holdout.csv``;
``holdoutN``: ``names_holdoutN.csv``), and three tests over it whose ids name the file.

- the file is the one its builder writes (header, columns, row count, size), for the holdouts
  whose builder states them (2 to 14);
- every class and language once, each query asked once per tool, points on the globe, the
  issue's 50 km, searches through ``search_places`` and the bare classes through the resolver,
  and no query of the corpora it must not repeat;
- a fixed sample (every ``sample``-th row by a stable hash) keeps its floors: what the branch
  measured when the file was built or last moved, less a margin, so they catch a regression,
  not the issue's bar (97 % right in every class and language, none confidently 50+ km off).
  ``python benchmarks/bench_names.py [--corpus F | --holdoutN]`` runs every row.

Each holdout's own tests (its builder's rules, named cases) stay in
``test_world_names_holdout*.py`` and ``test_world_names_corpus.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

import tools.build_names_holdout2 as built2
import tools.build_names_holdout3 as built3
import tools.build_names_holdout4 as built4
import tools.build_names_holdout5 as built5
import tools.build_names_holdout6 as built6
import tools.build_names_holdout7 as built7
import tools.build_names_holdout8 as built8
import tools.build_names_holdout9 as built9
import tools.build_names_holdout10 as built10
import tools.build_names_holdout11 as built11
import tools.build_names_holdout12 as built12
import tools.build_names_holdout13 as built13
import tools.build_names_holdout14 as built14
import tools.build_names_holdout15 as built15
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
from tools.build_names_corpus import LANGS


@dataclass(frozen=True)
class Holdout:
    """One names corpus: its file, the least rows, its classes and languages, the classes asked
    through the resolver only, the files it asks no query of, its builder's header, row count
    and largest size, and the floors of its fixed sample (every ``sample``-th row)."""

    name: str
    file: str
    least_rows: int
    classes: frozenset[str]
    langs: frozenset[str]
    resolved: frozenset[str]
    unseen: tuple[str, ...] = ()
    built: tuple[str, int, int] | None = None
    sample: int = 0
    floors: Floors | None = None


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


#: The bare, country and region classes of holdouts 4 and 5 (a "town" class, or "bare").
_TOWNS4 = "bare country_town country_town_lang region_town region_country_town"
#: The classes of holdouts 6 to 8 but their searches.
_UNSEARCHED = "bare country_town country_town_lang homonym_country script"
_SEARCHES6 = "search_homonym search_lang search_qualified_lang search_script"
#: The classes of holdout 10 asked through the resolver (its searches: ``_SEARCHES10``).
_RESOLVED10 = (
    "bare country_town country_town_lang homonym_country region_town region_country_town "
    "region_country_lang"
)
_SEARCHES10 = "search_homonym search_lang search_qualified_lang search_region inflected"

#: Holdout 10's sample (every 16th row, 114 rows). As built on 80a4a1b (h-holdout26): 99.1 % right,
#: 51.8 % located, none confidently off; region_country_town 1 of 2 ("Talisay, Negros Occidental,
#: Philippines" read as another Talisay, 98 km, LOW). Less the margin of the other rows.
FLOORS10 = Floors(114, 0.97, 0.48, per_class=0.85, per_lang=0.6, confident=1, per_class_slack=1)

#: Holdout 11's classes asked through the resolver and its searches (holdout 10's with Hebrew
#: script rows; its ``inflected`` rows are asked both ways).
_RESOLVED11 = f"{_RESOLVED10} script script_country"
_SEARCHES11 = f"{_SEARCHES10} search_script"

#: Holdout 11's sample (every 16th row, 119 rows in 14 classes and 25 languages). As built on
#: 57e99b8 (h-holdout27): 100 % right, 33.6 % located, none confidently off (the whole file: 99.5 %,
#: 7 confident). Just under: one miss in all, at most one in a class, none in a language.
FLOORS11 = Floors(119, 0.99, 0.31, per_class=0.9, per_lang=0.9, confident=0, per_class_slack=1)

#: Holdout 12's sample (every 16th row, 113 rows in 15 classes and 25 languages; its classes are
#: holdout 11's, Greek script and Czech and Greek ``inflected`` rows). As built on 5e4698b
#: (h-holdout28): 100 % right, 32.7 % located, none confidently off (the whole file: 99.4 %, 6
#: confident). Just under: one miss in all, at most one in a class, none in a language.
FLOORS12 = Floors(113, 0.99, 0.30, per_class=0.9, per_lang=0.9, confident=0, per_class_slack=1)

#: Holdout 13's searches: holdout 11's but ``inflected`` (its resolved classes are holdout 11's,
#: with Chinese script rows).
_SEARCHES13 = "search_homonym search_lang search_qualified_lang search_region search_script"

#: Holdout 13's sample (every 16th row, 112 rows in 14 classes and 24 languages). As built on
#: b37bd2b (h-holdout29): 100 % right, 42.0 % located, none confidently off (the whole file:
#: 99.3 %, 9 confident). A guard just under: one miss in all, at most one in a class, none in a
#: language.
FLOORS13 = Floors(112, 0.99, 0.40, per_class=0.9, per_lang=0.9, confident=0, per_class_slack=1)

#: Holdout 14's sample (every 16th row, 119 rows in 14 classes and 23 languages). As built on
#: 575a90b (h-holdout30): 100 % right, 13.4 % located, none confidently off (the whole file:
#: 99.1 %, 10 confident). A guard just under: one miss in all, at most one in a class, none in a
#: language.
FLOORS14 = Floors(119, 0.99, 0.12, per_class=0.9, per_lang=0.9, confident=0, per_class_slack=1)

#: Holdout 15's sample (every 16th row, 127 rows in 14 classes and 25 languages). As built on
#: c452a8e (h-holdout31): 99.2 % right, 48.8 % located, one confidently off ("Velykomykhailivka,
#: Dnipropetrovsk": another village of the name in the oblast, MEDIUM, 69 km; the whole file:
#: 99.3 %, 5 confident). A guard just under: one miss in all, at most one in a class, that one
#: confident answer at most.
FLOORS15 = Floors(127, 0.99, 0.45, per_class=0.9, per_lang=0.9, confident=1, per_class_slack=1)

HOLDOUTS = [
    Holdout(
        "corpus",
        "names_corpus.csv",
        least_rows=1200,
        classes=_words(
            "country_town qualified qualified_lang script search_lang search_qualified "
            "search_qualified_lang search_town inflected"
        ),
        langs=frozenset(LANGS),
        resolved=_words("country_town qualified qualified_lang script"),
        sample=6,  # 432 rows; at most 5 % wrong in a class, or one row of a small class's sample
        floors=Floors(432, 0.97, 0.0, per_class=0.95, per_lang=0.0, confident=3, per_class_slack=1),
    ),
    Holdout(
        "holdout1",  # Natural Earth's towns with Wikidata's names and an old GeoNames dump
        "names_holdout.csv",
        least_rows=1500,
        classes=_words(
            "country_town country_town_lang qualified_state script search_lang search_qualified "
            "search_qualified_lang inflected"
        ),
        langs=frozenset(LANGS),
        resolved=_words("country_town country_town_lang qualified_state script"),
        sample=13,  # 239 rows
        floors=Floors(239, 0.97, 0.0, per_class=0.0, per_lang=0.0, confident=0),
    ),
    Holdout(
        "holdout2",  # Natural Earth's 10m towns its 50m layer lacks; measured, no floors held
        "names_holdout2.csv",
        least_rows=built2.ROWS,
        classes=_words(
            "country_town country_town_lang qualified_state script search_lang search_qualified "
            "search_qualified_lang inflected"
        ),
        langs=frozenset(built2.KINDS),
        resolved=_words("script country_town country_town_lang qualified_state"),
        built=(built2.HEADER, built2.ROWS, 500_000),
    ),
    Holdout(
        # the languages the earlier corpora left thin. Main when built: 99.4 % right and 62.2 %
        # located of the 360 sampled rows, none confidently 50+ km off; every class >= 97.9 %
        # (script), every language >= 91.7 % (sv, 12 rows: one miss); the whole file 99.0 %
        "holdout3",
        "names_holdout3.csv",
        least_rows=built3.ROWS,
        classes=_words(
            "script search_lang country_town_lang search_qualified_lang script_zht search_local "
            "country_town_local inflected"
        ),
        langs=frozenset(built3.KINDS),
        resolved=_words("script country_town_lang country_town_local"),
        unseen=("names_holdout.csv",),
        built=(built3.HEADER, built3.ROWS, 300_000),
        sample=5,
        floors=Floors(360, 0.98, 0.58, per_class=0.95, per_lang=0.88, confident=1),
    ),
    Holdout(
        # simplemaps' towns. After names round 7: 98.9 % right and 81.6 % located of the 375
        # sampled rows, 2 listed 50+ km off ("bank in Samalpur": Sambalpur by a near spelling;
        # "בית חולים ב-Yidu": a namesake); every class >= 96.4 % (bare), every language >= 80 %
        # (he, 5 rows: one miss)
        "holdout4",
        "names_holdout4.csv",
        least_rows=built4.ROWS,
        classes=_words(f"{_TOWNS4} search_lang search_qualified_lang search_region inflected"),
        langs=frozenset(built4.KINDS),
        resolved=_words(_TOWNS4),
        unseen=built4.EARLIER,
        built=(built4.HEADER, built4.ROWS, 300_000),
        sample=5,
        floors=Floors(375, 0.975, 0.78, per_class=0.93, per_lang=0.75, confident=3),
    ),
    Holdout(
        "holdout5",  # UN/LOCODE's towns and points; measured by the benchmark only
        "names_holdout5.csv",
        least_rows=built5.ROWS,
        classes=_words(
            f"{_TOWNS4} subdiv_code_town search_lang search_qualified_lang search_region"
        ),
        langs=frozenset(built4.KINDS),
        resolved=_words(f"{_TOWNS4} subdiv_code_town"),
        unseen=built5.EARLIER,
        built=(built5.HEADER, built5.ROWS, 300_000),
    ),
    Holdout(
        "holdout6",  # OpenStreetMap's place nodes; measured by the benchmark only
        "names_holdout6.csv",
        least_rows=built6.ROWS,
        classes=_words(f"{_UNSEARCHED} exonym_de {_SEARCHES6}"),
        langs=frozenset(built6.KINDS),
        resolved=_words(f"{_UNSEARCHED} exonym_de"),
        unseen=built6.EARLIER,
        built=(built6.HEADER, built6.ROWS, 400_000),
    ),
    Holdout(
        # Japan's gazetteer, Russia's and France's town lists, Wikidata's German and European
        # towns. As built (round 23): 99.2 % right, 42.8 % located, 8 confident answers 50+ km
        # off; the sample: 99.1 % right (bare 23 of 24: "Guyencourt" read as Guyancourt, 144 km,
        # LOW), 39.5 % located, none confidently off
        "holdout7",
        "names_holdout7.csv",
        least_rows=built7.ROWS,
        classes=_words(f"{_UNSEARCHED} exonym_de {_SEARCHES6}"),
        langs=frozenset(built7.KINDS),
        resolved=_words(f"{_UNSEARCHED} exonym_de"),
        unseen=built7.EARLIER,
        built=(built7.HEADER, built7.ROWS, 400_000),
        sample=16,
        floors=Floors(114, 0.97, 0.36, per_class=0.9, per_lang=0.90, confident=1),
    ),
    Holdout(
        # small towns of Brazil (IBGE), Mexico (INEGI) and Spain (CNIG), Korea's in Hangul (the
        # KMA's grid). As built on 2aff416 (round 24): 99.7 % right, 85.1 % located, 2 confident
        # answers 50+ km off; the sample: 99.1 % right (country_town 17 of 18: "El Salto de los
        # Salado, Mexico" read as El Salto, 380 km, LOW), 84.7 % located, none confidently off
        "holdout8",
        "names_holdout8.csv",
        least_rows=built8.ROWS,
        classes=_words(f"{_UNSEARCHED} script_country {_SEARCHES6}"),
        langs=frozenset(built6.KINDS),
        resolved=_words(f"{_UNSEARCHED} script_country"),
        unseen=built8.EARLIER,
        built=(built8.HEADER, built8.ROWS, 300_000),
        sample=16,
        floors=Floors(111, 0.97, 0.78, per_class=0.9, per_lang=0.9, confident=1),
    ),
    Holdout(
        "holdout9",
        "names_holdout9.csv",
        least_rows=built9.ROWS,
        classes=_words(f"{_UNSEARCHED} script_country {_SEARCHES6}"),
        langs=frozenset(built6.KINDS),
        resolved=_words(f"{_UNSEARCHED} script_country"),
        unseen=built9.EARLIER,
        built=(built9.HEADER, built9.ROWS, 300_000),
        sample=16,
        floors=Floors(137, 0.97, 0.52, per_class=0.85, per_lang=0.6, confident=1),
    ),
    Holdout(
        "holdout10",  # Peru's, the Philippines' and Türkiye's towns (INEI, PSGC, COD-AB)
        "names_holdout10.csv",
        least_rows=built10.ROWS,
        classes=_words(f"{_RESOLVED10} {_SEARCHES10}"),
        langs=frozenset(built10.KINDS),
        resolved=_words(_RESOLVED10),
        unseen=built10.EARLIER,
        built=(built10.HEADER, built10.ROWS, 300_000),
        sample=16,
        floors=FLOORS10,
    ),
    Holdout(
        "holdout11",  # Israel's, Colombia's and Switzerland's localities (CBS, DANE, swisstopo)
        "names_holdout11.csv",
        least_rows=built11.ROWS,
        classes=_words(f"{_RESOLVED11} {_SEARCHES11}"),
        langs=frozenset(built11.KINDS),
        resolved=_words(_RESOLVED11),
        unseen=built11.EARLIER,
        built=(built11.HEADER, built11.ROWS, 300_000),
        sample=16,
        floors=FLOORS11,
    ),
    Holdout(
        "holdout12",  # Czechia's, Romania's and Greece's localities (RÚIAN, UniBuc, ELSTAT)
        "names_holdout12.csv",
        least_rows=built12.ROWS,
        classes=_words(f"{_RESOLVED11} {_SEARCHES11}"),
        langs=frozenset(built12.KINDS),
        resolved=_words(_RESOLVED11),
        unseen=built12.EARLIER,
        built=(built12.HEADER, built12.ROWS, 300_000),
        sample=16,
        floors=FLOORS12,
    ),
    Holdout(
        "holdout13",  # Austria's and Norway's municipalities, Taiwan's townships and villages
        "names_holdout13.csv",
        least_rows=built13.ROWS,
        classes=_words(f"{_RESOLVED11} {_SEARCHES13}"),
        langs=frozenset(built13.KINDS),
        resolved=_words(_RESOLVED11),
        unseen=built13.EARLIER,
        built=(built13.HEADER, built13.ROWS, 300_000),
        sample=16,
        floors=FLOORS13,
    ),
    Holdout(
        "holdout14",  # Finland's and Sweden's municipalities, Kenya's and Nigeria's wards
        "names_holdout14.csv",
        least_rows=built14.ROWS,
        classes=_words(f"{_RESOLVED11} {_SEARCHES13}"),
        langs=frozenset(built14.KINDS),
        resolved=_words(_RESOLVED11),
        unseen=built14.EARLIER,
        built=(built14.HEADER, built14.ROWS, 300_000),
        sample=16,
        floors=FLOORS14,
    ),
    Holdout(
        "holdout15",  # Ukraine's hromadas by their seats, Chile's communes
        "names_holdout15.csv",
        least_rows=built15.ROWS,
        classes=_words(f"{_RESOLVED11} {_SEARCHES13}"),
        langs=frozenset(built15.KINDS),
        resolved=_words(_RESOLVED11),
        unseen=built15.EARLIER,
        built=(built15.HEADER, built15.ROWS, 300_000),
        sample=16,
        floors=FLOORS15,
    ),
]


def _each(holdouts: list[Holdout]) -> pytest.MarkDecorator:
    """Parametrize a test over ``holdouts``, each test id the holdout's name."""
    return pytest.mark.parametrize("h", holdouts, ids=[h.name for h in holdouts])


@_each([h for h in HOLDOUTS if h.built is not None])
def test_the_file_is_the_one_its_builder_writes(h: Holdout) -> None:
    assert h.built is not None
    header, n_rows, max_bytes = h.built
    check_file(CORPUS.with_name(h.file), header, n_rows, max_bytes)


@_each(HOLDOUTS)
def test_every_class_and_language_and_each_query_once(h: Holdout) -> None:
    path = CORPUS.with_name(h.file)
    every = rows(corpus=path)
    assert len(every) >= h.least_rows
    check_spread(every, set(h.classes), set(h.langs))
    assert all(r.tool == "resolve" for r in every if r.cls in h.resolved)
    check_unseen(path, h.unseen)


@_each([h for h in HOLDOUTS if h.floors is not None])
def test_the_sample_keeps_its_floors(h: Holdout) -> None:
    assert h.floors is not None
    check_floors(evaluate(sample=h.sample, corpus=CORPUS.with_name(h.file)), h.floors)
