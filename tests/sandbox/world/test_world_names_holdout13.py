"""The fourteenth holdout of names: ``tests/data/names_holdout13.csv``, built by
``tools/build_names_holdout13.py`` from Austria's municipalities (Statistik Austria, 2021),
Norway's municipalities (Kartverket, 2024) and Taiwan's townships and villages (the Ministry of the
Interior's boundaries, English and Chinese names), the centroid of each unit, none of which the
emulator reads; the emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout13``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout13`` runs every row (the figures as built: the
round's report). Here: the builder's readers and rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout13 import KINDS, read_austria, read_norway, read_taiwan

HOLDOUT13 = CORPUS.with_name("names_holdout13.csv")


def _square(lng: float, lat: float, side: float) -> dict:
    """A GeoJSON polygon: a square of ``side`` degrees whose south-west corner is (lng, lat)."""
    ring = [[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side], [lng, lat]]
    return {"type": "Polygon", "coordinates": [ring]}


def _collection(path: Path, features: list[tuple[dict, dict]]) -> None:
    feats = [{"type": "Feature", "properties": p, "geometry": g} for p, g in features]
    path.write_text(json.dumps({"type": "FeatureCollection", "features": feats}), encoding="utf-8")


def test_builder_reads_austrian_municipalities_banded_by_their_district(tmp_path: Path) -> None:
    _collection(
        tmp_path / "bezirke_995_geo.json",
        [({"name": "Amstetten", "iso": "305"}, _square(14.6, 48.0, 0.3)),
         ({"name": "Graz(Stadt)", "iso": "601"}, _square(15.4, 47.0, 0.1))],
    )  # fmt: skip
    _collection(
        tmp_path / "gemeinden_995_geo.json",
        [
            ({"name": "Amstetten", "iso": "30502"}, _square(14.8, 48.1, 0.1)),
            ({"name": "Ardagger", "iso": "30503"}, _square(14.8, 48.15, 0.1)),
            ({"name": "Graz", "iso": "60101"}, _square(15.4, 47.0, 0.1)),
            ({"name": "Wien", "iso": "90001"}, _square(16.3, 48.15, 0.1)),
            ({"name": "Wien-Innere Stadt", "iso": "90101"}, _square(16.36, 48.2, 0.02)),
            ({"name": "Wien-Favoriten", "iso": "91001"}, _square(16.37, 48.15, 0.02)),
            ({"name": "Sölden", "iso": "70221"}, _square(10.8, 46.8, 0.5)),  # 40 km wide
        ],
    )
    got = [(t["name"], t["band"], t["region"], t["want"])
           for t in read_austria(tmp_path)]  # fmt: skip
    assert got == [
        ("Amstetten", 2, "Niederösterreich", "AT"),  # its district bears its name
        ("Ardagger", 0, "Niederösterreich", "AT"),
        ("Graz", 2, "Steiermark", "AT"),  # "Graz(Stadt)"
        ("Wien", 2, "Wien", "AT"),  # Vienna once, not its districts
    ]  # Sölden spreads 25+ km from its centroid: left out
    first = read_austria(tmp_path)[0]
    assert first["lat"] == pytest.approx(48.15, abs=0.001)
    assert first["lng"] == pytest.approx(14.85, abs=0.001)


def test_builder_reads_norwegian_municipalities_but_bilingual_and_wide_ones(
    tmp_path: Path,
) -> None:
    path = tmp_path / "Kommuner-S.geojson"
    _collection(
        path,
        [
            ({"kommunenummer": "4216", "name": "Birkenes"}, _square(8.1, 58.3, 0.2)),
            ({"kommunenummer": "3332", "name": "Sigdal"}, _square(9.5, 60.0, 0.2)),
            ({"kommunenummer": "5636", "name": "Unjárga - Nesseby"}, _square(28.7, 70.1, 0.1)),
            ({"kommunenummer": "5610", "name": "Kautokeino"}, _square(22.0, 68.5, 2.0)),
        ],
    )
    got = [(t["name"], t["region"], t["band"]) for t in read_norway(path)]
    assert got == [("Birkenes", "Agder", 0), ("Sigdal", "Buskerud", 0)]


def _topology(props: list[dict], layer: str) -> dict:
    """A quantized TopoJSON of one square per unit (scale 0.01°, from 120°E 23°N)."""
    arcs, geometries = [], []
    for k, p in enumerate(props):
        arcs.append([[k * 20, 0], [10, 0], [0, 10], [-10, 0], [0, -10]])
        geometries.append({"type": "Polygon", "arcs": [[k]], "properties": p})
    return {
        "type": "Topology",
        "transform": {"scale": [0.01, 0.01], "translate": [120.0, 23.0]},
        "arcs": arcs,
        "objects": {layer: {"type": "GeometryCollection", "geometries": geometries}},
    }


def test_builder_reads_taiwan_townships_and_villages_from_topojson(tmp_path: Path) -> None:
    towns = [
        {"TOWNCODE": "10014020", "TOWNNAME": "成功鎮", "TOWNENG": "Chenggong Township",
         "COUNTYENG": "Taitung County"},
        {"TOWNCODE": "10014010", "TOWNNAME": "臺東市", "TOWNENG": "Taitung City",
         "COUNTYENG": "Taitung County"},
        {"TOWNCODE": "10009120", "TOWNNAME": "崙背鄉", "TOWNENG": "Lunbei Township",
         "COUNTYENG": "Yunlin County"},
    ]  # fmt: skip
    villages = [{"VILLCODE": "64000130006", "VILLNAME": "中門里", "VILLENG": "Zhongmen Vil.",
                 "COUNTYENG": "Kaohsiung City"}]  # fmt: skip
    (tmp_path / "towns-10t.json").write_text(json.dumps(_topology(towns, "towns")), "utf-8")
    (tmp_path / "villages-10t.json").write_text(
        json.dumps(_topology(villages, "villages")), "utf-8"
    )
    got = [(t["name"], t["native"], t["band"], t["region"]) for t in read_taiwan(tmp_path)]
    assert got == [
        ("Chenggong", "成功鎮", 1, "Taitung County"),  # 鎮: an urban township
        ("Taitung", "臺東市", 2, "Taitung County"),  # 市: a city
        ("Lunbei", "崙背鄉", 0, "Yunlin County"),  # 鄉: a rural township
        ("Zhongmen", "中門里", 0, "Kaohsiung City"),  # a village
    ]
    second = read_taiwan(tmp_path)[1]  # the square from 120.2°E 23°N, 0.1° a side
    assert (second["lat"], second["lng"]) == (pytest.approx(23.05), pytest.approx(120.25))


def test_its_searches_use_the_kinds_of_each_language() -> None:
    searches = [r for r in rows(corpus=HOLDOUT13) if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        forms = [w.split("{t}") for w in words]
        assert asked and all(any(q.startswith(a) and q.endswith(b) for a, b in forms)
                             for q in asked), lang  # fmt: skip


def test_its_chinese_rows_are_taiwan_names_in_han_script() -> None:
    chinese = [r for r in rows(corpus=HOLDOUT13) if r.cls.startswith(("script", "search_script"))]
    assert {r.lang for r in chinese} == {"zh"} and len(chinese) >= 100
    assert all(all("\u4e00" <= c <= "\u9fff" for c in r.query) for r in chinese)
    assert all(21.8 < r.lat < 26.4 and 118.1 < r.lng < 122.1 for r in chinese)  # with Kinmen, Matsu
    assert all(r.query.startswith("台灣") for r in chinese if r.cls == "script_country")
