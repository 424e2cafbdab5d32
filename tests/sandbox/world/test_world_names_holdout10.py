"""The eleventh holdout of names: ``tests/data/names_holdout10.csv``, built by
``tools/build_names_holdout10.py`` from Peru's districts and centros poblados (INEI's UBIGEO),
the Philippines' cities and municipalities (the PSA's PSGC) and Türkiye's districts (OCHA's
COD-AB), none of which the emulator reads; the emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout10``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout10`` runs every row (the figures as built:
``benchmarks/HISTORY.md``, "A eleventh holdout"). Here: the builder's readers and rules.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout10 import (
    KINDS,
    _districts,
    _region_answer,
    _title,
    _turkish_title,
    read_philippines,
)

HOLDOUT10 = CORPUS.with_name("names_holdout10.csv")


def test_upper_case_names_are_written_with_lower_case_particles() -> None:
    assert _title("SAN JUAN DE LA MIEL") == "San Juan de la Miel"
    assert _title("LA LIBERTAD") == "La Libertad"
    assert _title("MADRE DE DIOS") == "Madre de Dios"


def test_upper_case_turkish_names_keep_their_dotted_and_dotless_i() -> None:
    assert _turkish_title("ŞEBİNKARAHİSAR") == "Şebinkarahisar"
    assert _turkish_title("KIRIKKALE") == "Kırıkkale"
    assert _turkish_title("IĞDIR") == "Iğdır"
    assert _turkish_title("İSKENDERUN") == "İskenderun"


DISTRICT_HEADER = (
    "inei,reniec,departamento,provincia,distrito,region,macroregion_inei,macroregion_minsa,"
    "iso_3166_2,fips,capital,superficie,pob_densidad_2020,altitude,latitude,longitude\n"
)


def test_builder_reads_perus_districts_with_their_capitals_band(tmp_path: Path) -> None:
    path = tmp_path / "ubigeo_distrito.csv"
    path.write_text(
        DISTRICT_HEADER
        + "010102,010102,AMAZONAS,CHACHAPOYAS,ASUNCION,AMAZONAS,O,M,PE-AMA,01,Asunción,"
        "25.71,13.96,2823,-6.0325,-77.71\n"
        + "150101,150101,LIMA,LIMA,LIMA,LIMA,C,M,PE-LIM,15,Lima,21.98,12700.5,161,-12.04,-77.03\n"
        + "250305,250305,UCAYALI,ATALAYA,YURUA,UCAYALI,O,M,PE-UCA,25,Breu,S.I.,NA,NA,NA,NA\n",
        encoding="utf-8",
    )
    got = _districts(path)
    assert sorted(got) == ["010102", "150101"]  # no point: not read
    assert (got["010102"]["capital"], got["010102"]["band"]) == ("Asunción", 0)
    assert (got["150101"]["band"], got["150101"]["region"]) == (3, "Lima")  # 279,000


def _feature(props: dict, lng: float, lat: float) -> dict:
    ring = [[lng, lat], [lng + 0.1, lat], [lng + 0.1, lat + 0.1], [lng, lat + 0.1], [lng, lat]]
    return {"type": "Feature", "properties": props,
            "geometry": {"type": "Polygon", "coordinates": [ring]}}  # fmt: skip


def _write(path: Path, features: list[dict]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")


def test_builder_reads_the_philippines_towns_and_barangays_as_namesakes(tmp_path: Path) -> None:
    prov = {"adm2_psgc": 128000000, "adm2_en": "Ilocos Norte", "geo_level": "Prov"}
    _write(tmp_path / "regions/lowres/provdists-region-100000000.json", [_feature(prov, 120, 18)])
    towns = [
        _feature({"adm2_psgc": 128000000, "adm3_psgc": 128005000, "adm3_en": "City of Batac",
                  "geo_level": "City"}, 120.5, 18.0),
        _feature({"adm2_psgc": 128000000, "adm3_psgc": 128001000, "adm3_en": "Adams",
                  "geo_level": "Mun"}, 120.9, 18.4),
    ]  # fmt: skip
    _write(tmp_path / "provdists/lowres/municities-provdist-128000000.json", towns)
    (tmp_path / "provdists/lowres/municities-provdist-1909900000.json").write_text(
        '{"type": "GeometryCollection", "geometries": []}', encoding="utf-8"
    )
    bgy = {"adm3_psgc": 128001000, "adm4_psgc": 128001001, "adm4_en": "Adams"}
    empty = {"type": "Feature", "properties": bgy | {"adm4_en": "Tiny"},
             "geometry": {"type": "Polygon", "coordinates": []}}  # fmt: skip
    _write(tmp_path / "municities/lowres/bgysubmuns-municity-128001000.json",
           [_feature(bgy, 120.9, 18.45), empty])  # fmt: skip
    got = [(t["name"], t["band"], t.get("region", ""), "only" in t, round(t["lat"], 2))
           for t in read_philippines(tmp_path)]  # fmt: skip
    assert got == [
        ("Batac", 2, "Ilocos Norte", False, 18.05),
        ("Adams", 1, "Ilocos Norte", False, 18.45),
        ("Adams", 0, "", True, 18.5),
    ]


def _t(tid: str, name: str, region: str, lat: float) -> dict:
    return {"id": tid, "name": name, "region": region, "cc": "PE", "lat": lat, "lng": -75.0}


def test_a_region_qualifies_a_name_only_when_no_namesake_of_the_region_is_far() -> None:
    towns = [
        _t("a", "San Pedro", "Cusco", -13.0),
        _t("b", "San Pedro", "Cusco", -13.1),  # 11 km: the same place's two points
        _t("c", "Santa Rosa", "Puno", -15.0),
        _t("d", "Santa Rosa", "Puno", -16.0),  # 111 km: "Santa Rosa, Puno" has two answers
        _t("e", "Santa Rosa", "Lima", -12.0),
    ]
    assert _region_answer(towns) == {"a": True, "b": True, "c": False, "d": False, "e": True}


def test_its_searches_use_the_kinds_of_each_language() -> None:
    every = rows(corpus=HOLDOUT10)
    searches = [r for r in every if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        prefixes = {w.split("{t}")[0] for w in words}
        assert asked and all(any(q.startswith(p) for p in prefixes) for q in asked), lang


def test_its_inflected_rows_are_turkish_case_forms() -> None:
    every = [r for r in rows(corpus=HOLDOUT10) if r.cls == "inflected"]
    assert {r.lang for r in every} == {"tr"} and len(every) >= 30
    assert all("'da" in r.query or "'de" in r.query or "'ta" in r.query or "'te" in r.query
               for r in every)  # fmt: skip
