"""The twelfth holdout of names: ``tests/data/names_holdout11.csv``, built by
``tools/build_names_holdout11.py`` from Israel's localities (the CBS list), Colombia's municipal
seats and centros poblados (DANE's DIVIPOLA) and Switzerland's localities (swisstopo's official
directory), none of which the emulator reads; the emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout11``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout11`` runs every row (the figures as built:
``benchmarks/HISTORY.md``, "A twelfth holdout"). Here: the builder's readers and rules.
"""

from __future__ import annotations

from pathlib import Path

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout11 import (
    HE_PREFIXES,
    KINDS,
    read_colombia,
    read_israel,
    read_switzerland,
)

HOLDOUT11 = CORPUS.with_name("names_holdout11.csv")

ISRAEL_HEADER = (
    "id,name,name_en,district_id,district_name,sub_district_id,sub_district_name,"
    "municipal_status_id,municipal_status_name,coordinates_itm_east,coordinates_itm_north,"
    "coordinates_wgs84_latitude,coordinates_wgs84_longitude,population\n"
)


def test_builder_reads_israels_localities_with_both_names(tmp_path: Path) -> None:
    path = tmp_path / "localities.csv"
    path.write_text(
        ISRAEL_HEADER
        + '1342,"אבו קורינאת (יישוב)","Abu Qureinat",6,"הדרום",62,"",68,"",196360,561050,'
        "31.14064,34.96232,2081\n"
        + '1139,"כרמיאל","Karmi\'el",2,"הצפון",24,"",0,"",0,0,32.91,35.29,46000\n'
        + '3570,"אריאל","Ari\'el",7,"אזור יהודה ושומרון",71,"",0,"",0,0,32.10,35.17,20000\n',
        encoding="utf-8",
    )
    got = [(t["name"], t["native"], t["band"], t["west_bank"]) for t in read_israel(path)]
    assert got == [
        ("Abu Qureinat", "אבו קורינאת", 0, False),  # the note "(יישוב)" dropped
        ("Karmi'el", "כרמיאל", 1, False),
        ("Ari'el", "אריאל", 1, True),  # the CBS district of Judea and Samaria: never drawn
    ]


def test_builder_reads_colombias_seats_and_centros_poblados(tmp_path: Path) -> None:
    path = tmp_path / "Divipola.csv"
    path.write_text(
        "Código ,Nombre,Código ,Nombre,Código ,Nombre,,LATITUD,LONGITUD\n"
        "05,ANTIOQUIA,05042,SANTA FÉ DE ANTIOQUIA,05042000,SANTA FÉ DE ANTIOQUIA,CM,6.55,-75.82\n"
        "05,ANTIOQUIA,05042,SANTA FÉ DE ANTIOQUIA,05042002,LAURELES,CP,6.49,-75.94\n"
        "05,ANTIOQUIA,05001,MEDELLÍN,05001033,URQUITA,CP,,\n"
        "05,ANTIOQUIA,05002,ABEJORRAL,05002004,NARANJAL - LAS FONDAS,CP,5.76,-75.51\n"
        "05,ANTIOQUIA,05107,BRICEÑO,05107001,BERLÍN (PUEBLO NUEVO),CP,7.10,-75.62\n",
        encoding="utf-8",
    )
    got = [(t["name"], t["band"], t["region"]) for t in read_colombia(path)]
    assert got == [("Santa Fé de Antioquia", 1, "Antioquia"), ("Laureles", 0, "Antioquia")]


def test_builder_reads_swiss_localities_once_at_their_postcodes_mean(tmp_path: Path) -> None:
    path = tmp_path / "AMTOVZ_CSV_WGS84.csv"
    head = "Ortschaftsname;PLZ;Zusatzziffer;Gemeindename;BFS-Nr;Kantonskürzel;E;N;Sprache\n"
    lines = [f"Lausanne;100{k};00;Lausanne;5586;VD;6.6{k};46.5{k};fr" for k in range(4)]
    lines += ["Benken ZH;8463;00;Benken (ZH);35;ZH;8.65;47.65;de",
              "Aeugstertal;8914;02;Aeugst am Albis;1;ZH;8.49;47.28;de"]  # fmt: skip
    path.write_text(head + "\n".join(lines) + "\n", encoding="utf-8")
    got = {t["name"]: (t["band"], round(t["lat"], 3)) for t in read_switzerland(path)}
    assert got == {"Aeugstertal": (0, 47.28), "Benken": (1, 47.65), "Lausanne": (2, 46.515)}


def test_its_searches_use_the_kinds_of_each_language() -> None:
    searches = [r for r in rows(corpus=HOLDOUT11) if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        prefixes = {w.split("{t}")[0] for w in words}
        assert asked and all(any(q.startswith(p) for p in prefixes) for q in asked), lang


def test_its_inflected_rows_are_hebrew_names_with_a_glued_preposition() -> None:
    every = [r for r in rows(corpus=HOLDOUT11) if r.cls == "inflected"]
    assert {r.lang for r in every} == {"he"} and len(every) >= 30
    alone = [r.query for r in every if r.tool == "resolve"]
    assert alone and all(q[0] in HE_PREFIXES and " " not in q[:2] for q in alone)
    assert all(" ב" in r.query for r in every if r.tool == "search")
