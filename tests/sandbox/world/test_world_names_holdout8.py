"""The ninth holdout of names: ``tests/data/names_holdout8.csv``, built by
``tools/build_names_holdout8.py`` from Brazil's municipalities (IBGE), Mexico's localities of
1,000+ people (INEGI), Spain's municipalities (CNIG) and Korea's city, county and town offices in
Hangul (the KMA's grid table), none of which the emulator reads; the emulator was never tuned on it.

The builder's rules hold on fixed names here; the file, its classes, languages, unseen queries
and a fixed sample's floors (every 16th row, 111 rows; the figures as built beside them) are
checked in ``test_names_holdouts.py`` (``[holdout8]``); ``python benchmarks/bench_names.py
--holdout8`` runs all 1,846 rows.
"""

from __future__ import annotations

from pathlib import Path

from tools.build_names_holdout8 import (
    read_brazil,
    read_korea,
    read_mexico,
    read_spain,
)


def test_builder_reads_brazil_and_mexico(tmp_path: Path) -> None:
    br = tmp_path / "municipios.csv"
    br.write_text(
        "codigo_ibge,nome,latitude,longitude,capital,codigo_uf,siafi_id,ddd,fuso_horario\n"
        "5200050,Abadia de Goiás,-16.7573,-49.4412,0,52,1050,62,America/Sao_Paulo\n"
        "5300108,Brasília,-15.7795,-47.9297,1,53,9701,61,America/Sao_Paulo\n",
        encoding="utf-8",
    )
    got = [(t["name"], t["band"], t["want"]) for t in read_brazil(br)]
    assert got == [("Abadia de Goiás", 0, "BR"), ("Brasília", 3, "BR")]
    import sqlite3

    mx = tmp_path / "localidades.db"
    db = sqlite3.connect(mx)
    db.execute(
        "CREATE TABLE localidades(cvegeo TEXT, nom_localidad TEXT, latitud REAL, longitud REAL,"
        " poblacion_total INT)"
    )
    db.executemany(
        "INSERT INTO localidades VALUES (?, ?, ?, ?, ?)",
        [("010010106", "Arellano", 21.80, -102.27, 1169), ("1", "Colonia 20", 21.0, -102.0, 5000)],
    )
    db.commit()
    db.close()
    assert [(t["name"], t["band"]) for t in read_mexico(mx)] == [("Arellano", 0)]


def test_builder_reads_spains_short_names_and_koreas_offices(tmp_path: Path) -> None:
    es = tmp_path / "spain.sql"
    es.write_text(
        "INSERT INTO `softlinegeodb_ine_municipios` (`id_municipio`, `x`) VALUES\n"
        "(104902, 1, 4, 0, 6, 'Ejido, El', 2, 'El Ejido', 'El Ejido', 'a', 'b', 'c'),\n"
        "(103014, 10, 3, 0, 3, 'Alicante/Alacant', 1, 'Alicante/Alacant', 'Alacant', 'd', 'e', 'f');\n"
        "INSERT INTO `softlinegeodb_ine_municipios_geo` (`id_municipio_geo`, `y`) VALUES\n"
        "(104902, 36.77, -2.81, 4, 0, 1, 84227, 22.6, 1, '1058-1', 42, '04902'),\n"
        "(103014, 38.34, -0.48, 3, 0, 10, 337304, 201.3, 1, '872-1', 7, '03014');\n",
        encoding="utf-8",
    )
    assert [(t["name"], t["band"]) for t in read_spain(es)] == [("El Ejido", 2)]
    kr = tmp_path / "sfGrid.ts"
    item = (
        ' {{\n  areaCode: "1",\n  arePt1: "전라북도",\n  arePt2: {},\n  arePt3: {},\n  nX: "1",\n'
        '  nY: "1",\n  longitude: "{}",\n  latitude: "{}"\n }},\n'
    )
    kr.write_text(
        "export const SF_GRID = [\n"
        + item.format('"고창군"', "null", "126.70", "35.43")
        + item.format('"고창군"', '"고창읍"', "126.71", "35.44")
        + item.format('"고창군"', '"고수면"', "126.75", "35.39")
        + "];\n",
        encoding="utf-8",
    )
    assert [(t["native"], t["band"]) for t in read_korea(kr)] == [("고창군", 1), ("고창읍", 0)]
