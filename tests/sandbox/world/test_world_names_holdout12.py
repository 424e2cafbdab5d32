"""The thirteenth holdout of names: ``tests/data/names_holdout12.csv``, built by
``tools/build_names_holdout12.py`` from Czechia's municipalities (RÚIAN's definition points and
locatives), Romania's localities (the University of Bucharest's set, census 2002) and Greece's
settlements (ELSTAT's points and 2011 populations), none of which the emulator reads; the
emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout12``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout12`` runs every row (the figures as built:
``benchmarks/HISTORY.md``, "A thirteenth holdout"). Here: the builder's readers and rules.
"""

from __future__ import annotations

from pathlib import Path

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout12 import KINDS, read_czechia, read_greece, read_romania

HOLDOUT12 = CORPUS.with_name("names_holdout12.csv")


def test_builder_reads_czech_municipalities_with_their_locatives_and_kraj(tmp_path: Path) -> None:
    (tmp_path / "municipalities_cr.csv").write_text(
        "MUNICIPALITY,DISTRICT,LOCATIVE OF MUNICIPALITY,GPS\n"
        'Abertamy,Karlovy Vary,Abertamech,"50.36885727,12.81834996"\n'
        'Zlín,Zlín,Zlíně,"49.22437,17.66264"\n'
        'Strakonice,Strakonice,Strakonicích,"49.26,13.90"\n'
        'Sokolov,Sokolov,Sokolově,"50.18,12.64"\n'
        'Praha,Hlavní město Praha,Praze,"50.08,14.42"\n',
        encoding="utf-8",
    )
    (tmp_path / "souradnice.csv").write_text(
        "Obec,Kód obce,Okres,Kód okresu,Kraj,Kód kraje,PSČ,Latitude,Longitude\n"
        "Abertamy,554979,Karlovy Vary,CZ0412,Karlovarský kraj,CZ041,36235,50.3,12.8\n"
        "Zlín,585068,Zlín,CZ0724,Zlínský kraj,CZ072,76001,49.2,17.6\n"
        "Strakonice,550787,Strakonice,CZ0316,Jihočeský kraj,CZ031,38601,49.2,13.9\n"
        "Sokolov,560286,Sokolov,CZ0413,Karlovarský kraj,CZ041,35601,50.1,12.6\n",
        encoding="utf-8",
    )
    got = [(t["name"], t["band"], t["region"], t["locative"]) for t in read_czechia(tmp_path)]
    assert got == [
        ("Abertamy", 0, "Karlovarský kraj", "v Abertamech"),
        ("Zlín", 2, "Zlínský kraj", "ve Zlíně"),  # a district town; "ve" before Z and a consonant
        ("Strakonice", 2, "Jihočeský kraj", "ve Strakonicích"),
        ("Sokolov", 2, "Karlovarský kraj", "v Sokolově"),  # S and a vowel: "v"
        ("Praha", 0, "Hlavní město Praha", "v Praze"),  # Prague is its own kraj
    ]
    assert read_czechia(tmp_path)[0]["lat"] == 50.36885727


def test_builder_reads_romanian_localities_banded_by_population(tmp_path: Path) -> None:
    path = tmp_path / "orase.csv"
    path.write_text(
        "X,Y,NUME,JUDET,JUDET AUTO,POPULATIE (in 2002),REGIUNE\n"
        "23.57,46.07,Alba Iulia,Alba,AB,65091,Centru\n"
        "23.37,45.84,Cugir,Alba,AB,28780,Centru\n"
        "26.63,46.56,Hemieni,Bacau,BC,,Nord-Est\n",
        encoding="utf-8",
    )
    got = [(t["name"], t["band"], t["region"], t["lat"], t["lng"]) for t in read_romania(path)]
    assert got == [
        ("Alba Iulia", 2, "Alba", 46.07, 23.57),
        ("Cugir", 1, "Alba", 45.84, 23.37),
        ("Hemieni", 0, "Bacau", 46.56, 26.63),  # no population: a village
    ]


def test_builder_reads_greek_settlements_with_population_and_seat_genitive(
    tmp_path: Path,
) -> None:
    (tmp_path / "ELSTAT_coord.csv").write_text(
        "location,original_location_name,lat,lon,h,dimenot,dimos,nomos,diam\n"
        'Κάρυστος,"Κάρυστος,η",38.014,24.418,22,Καρύστου,ΚΑΡΥΣΤΟΥ,ΕΥΒΟΙΑΣ,Χ\n'
        'Γραμπιά,"Γραμπιά,η",38.031,24.425,197,Καρύστου,ΚΑΡΥΣΤΟΥ,ΕΥΒΟΙΑΣ,Χ\n'
        'Αετός,"Αετός,ο",38.010,24.438,42,Αετού,ΚΑΡΥΣΤΟΥ,ΕΥΒΟΙΑΣ,Χ\n'
        'Σταθμός (Δ.Δ.),"Σταθμός,ο (Δ.Δ.Μπράλου)",38.70,22.45,370,Μπράλου,ΑΜΦΙΚΛΕΙΑΣ,Χ,Χ\n',
        encoding="utf-8",
    )
    (tmp_path / "ELSTAT_urban.csv").write_text(
        "code,location,mon_plith,astikotita,orinotita,ekt\n"
        "1110101,ΔΗΜΟΣ ΚΑΡΥΣΤΟΥ,12000,,,\n"
        "11101010101,Δημοτική Κοινότητα Καρύστου,5000,True,0.0,66.8\n"
        '1110101010101,"Κάρυστος,η",12500,,,\n'
        '1110101010102,"Γραμπιά,η",120,,,\n',
        encoding="utf-8",
    )
    got = [(t["native"], t["name"], t["band"], t["genitive"]) for t in read_greece(tmp_path)]
    assert got == [
        ("Κάρυστος", "", 1, "Καρύστου"),  # 12,500 people (2011); its community's seat
        ("Γραμπιά", "", 0, ""),
        ("Αετός", "", 0, "Αετού"),  # no population joins: band 0
    ]  # "Σταθμός (Δ.Δ.)" is not a plain Greek name


def test_its_searches_use_the_kinds_of_each_language() -> None:
    searches = [r for r in rows(corpus=HOLDOUT12) if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        prefixes = {w.split("{t}")[0] for w in words}
        assert asked and all(any(q.startswith(p) for p in prefixes) for q in asked), lang


def test_its_inflected_rows_are_czech_locatives_and_greek_genitives() -> None:
    every = [r for r in rows(corpus=HOLDOUT12) if r.cls == "inflected"]
    assert {r.lang for r in every} == {"cs", "el"} and len(every) >= 50
    alone = [r.query for r in every if r.tool == "resolve"]
    assert alone and all(q.split(" ", 1)[0] in ("v", "ve") for q in alone)
    assert all(r.lang == "cs" for r in every if r.tool == "resolve")
    greek = [r.query for r in every if r.lang == "el"]
    assert greek and all(q.split(" ", 1)[0] in ("σχολείο", "νοσοκομείο", "τράπεζα") for q in greek)


def test_its_greek_rows_are_in_greek_script() -> None:
    greek = [r for r in rows(corpus=HOLDOUT12) if r.cls.startswith(("script", "search_script"))]
    assert {r.lang for r in greek} == {"el"} and len(greek) >= 100
    assert all(any("\u0370" <= c <= "\u03ff" for c in r.query) for r in greek)
