"""The fifteenth holdout of names: ``tests/data/names_holdout14.csv``, built by
``tools/build_names_holdout14.py`` from Finland's municipalities (the National Land Survey's
borders, Statistics Finland's population, Finnish and Swedish names), Sweden's municipalities
(Valmyndigheten's borders), Kenya's wards (the IEBC's list) and Nigeria's wards, none of which the
emulator reads; the emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout14``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout14`` runs every row (the figures as built: the
round's report). Here: the builder's readers and rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout14 import KINDS, read_finland, read_kenya, read_nigeria, read_sweden

HOLDOUT14 = CORPUS.with_name("names_holdout14.csv")


def _topology(munis: list[dict], counties: list[dict]) -> dict:
    """A quantized TopoJSON of one square per municipality (scale 0.01°, from 22°E 60°N) and
    the counties' properties (their shapes unused: a point each)."""
    arcs, geometries = [], []
    for k, p in enumerate(munis):
        side = p.pop("side", 10)
        arcs.append([[k * 20, 0], [side, 0], [0, side], [-side, 0], [0, -side]])
        geometries.append({"type": "Polygon", "arcs": [[k]], "properties": p})
    hva = [{"type": "Polygon", "arcs": [[0]], "properties": c} for c in counties]
    return {
        "type": "Topology",
        "transform": {"scale": [0.01, 0.01], "translate": [22.0, 60.0]},
        "arcs": arcs,
        "objects": {"munis": {"type": "GeometryCollection", "geometries": geometries},
                    "hva": {"type": "GeometryCollection", "geometries": hva}},
    }  # fmt: skip


def test_builder_reads_finnish_municipalities_with_swedish_names_and_county(
    tmp_path: Path,
) -> None:
    munis = [
        {"id": "905", "name_fi": "Vaasa", "name_sv": "Vasa", "population": 67551,
         "hva_id": "PO"},
        {"id": "638", "name_fi": "Porvoo", "name_sv": "Borgå", "population": 50619,
         "hva_id": "IU"},
        {"id": "934", "name_fi": "Vimpeli", "name_sv": "Vindala", "population": 2827,
         "hva_id": "EP"},
        {"id": "214", "name_fi": "Kankaanpää", "name_sv": "Kankaanpää", "population": 12758,
         "hva_id": "SA"},
        {"id": "478", "name_fi": "Maarianhamina", "name_sv": "Mariehamn", "population": 11700,
         "hva_id": ""},  # Åland: no county
        {"id": "091", "name_fi": "Helsinki", "name_sv": "Helsingfors", "population": 656920,
         "hva_id": ""},  # Helsinki: its own
        {"id": "047", "name_fi": "Enontekiö", "name_sv": "Enontekis", "population": 1850,
         "hva_id": "LA", "side": 100},  # a square 1° a side: 25+ km from its centroid
    ]  # fmt: skip
    names = {"PO": "Pohjanmaa", "IU": "Itä-Uusimaa", "EP": "Etelä-Pohjanmaa", "SA": "Satakunta",
             "LA": "Lappi"}  # fmt: skip
    counties = [{"hva_id": h, "short_name_fi": n} for h, n in names.items()]
    path = tmp_path / "finland-hva-2021.topo.json"
    path.write_text(json.dumps(_topology(munis, counties)), "utf-8")
    got = [(t["name"], t["native"], t["band"], t["region"]) for t in read_finland(path)]
    assert got == [
        ("Vaasa", "Vasa", 2, "Pohjanmaa"),  # 50,000 to 250,000
        ("Porvoo", "Borgå", 2, "Uusimaa"),  # Itä-Uusimaa's county: Uusimaa
        ("Vimpeli", "Vindala", 0, "Etelä-Pohjanmaa"),
        ("Kankaanpää", "", 1, "Satakunta"),  # one name in both languages
        ("Helsinki", "Helsingfors", 3, "Uusimaa"),
    ]  # Mariehamn (Åland, no county) and Enontekiö (too wide) left out
    first = read_finland(path)[0]  # the square from 22°E 60°N, 0.1° a side
    assert (first["lat"], first["lng"]) == (pytest.approx(60.05), pytest.approx(22.05))


def test_builder_reads_swedish_municipalities_with_their_county(tmp_path: Path) -> None:
    def square(lng: float, lat: float, side: float) -> dict:
        ring = [[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side],
                [lng, lat]]  # fmt: skip
        return {"type": "Polygon", "coordinates": [ring]}

    def write(name: str, features: list[tuple[dict, dict | None]]) -> None:
        feats = [{"type": "Feature", "properties": p, "geometry": g} for p, g in features]
        (tmp_path / name).write_text(json.dumps({"type": "FeatureCollection", "features": feats}))

    write("swedish_regions.geojson", [({"name": "Stockholm", "l_id": 1}, None),
                                      ({"name": "Norrbotten", "l_id": 25}, None)])  # fmt: skip
    write(
        "swedish_municipalities.geojson",
        [({"id": "0138", "kom_namn": "Tyresö", "lan_code": "01"}, square(18.2, 59.2, 0.1)),
         ({"id": "2584", "kom_namn": "Kiruna", "lan_code": "25"}, square(18.0, 67.0, 2.0))],
    )  # fmt: skip
    got = [(t["name"], t["region"], t["band"], t["want"]) for t in read_sweden(tmp_path)]
    assert got == [("Tyresö", "Stockholm", 0, "SE")]  # Kiruna spreads 25+ km: left out


def test_builder_reads_kenyan_wards_banded_by_the_units_they_name(tmp_path: Path) -> None:
    counties = [{"name": "KERICHO", "constituencies": [{"code": "190"}]}]
    wards = [
        {"code": "0945", "name": "AINAMOI", "center": {"lat": -0.30, "lon": 35.30}},
        {"code": "0946", "name": "KAPKUGERWET", "center": {"lat": -0.35, "lon": 35.25}},
        {"code": "0947", "name": "KERICHO", "center": {"lat": -0.37, "lon": 35.28}},
        {"code": "0721", "name": "AINABKOI/OLARE", "center": {"lat": 0.2, "lon": 35.5}},
        {"code": "0948", "name": "KIPCHIMCHIM", "center": {"lat": -0.4, "lon": 35.3}},  # no polygon
        {"code": "0949", "name": "KAPSAOS", "center": {"lat": -0.2, "lon": 35.2}},  # wide
    ]
    consts = [{"code": "190", "name": "AINAMOI", "wards": wards}]
    (tmp_path / "kenyacounties.json").write_text(json.dumps(counties))
    (tmp_path / "kenyaconstituencies.json").write_text(json.dumps(consts))
    polygons = tmp_path / "kenya_wards" / "ward" / "wardpolygons"
    polygons.mkdir(parents=True)
    for w in wards[:4]:
        c = w["center"]
        corners = ((-0.05, -0.05), (0.05, -0.05), (0.05, 0.05), (-0.05, 0.05))
        ring = [{"lng": c["lon"] + dx, "lat": c["lat"] + dy} for dx, dy in corners]
        (polygons / f"{w['code']}.json").write_text(json.dumps(ring))
    (polygons / "0948.json").write_text("[]")
    wide = [[{"lng": 35.2, "lat": -0.2}], [{"lng": 35.2, "lat": 0.1}, {"lng": 35.5, "lat": 0.1}]]
    (polygons / "0949.json").write_text(json.dumps(wide))  # two rings, 33 km north
    got = [(t["name"], t["band"], t["region"], t["lat"]) for t in read_kenya(tmp_path)]
    assert got == [
        ("Ainamoi", 1, "Kericho", -0.30),  # its constituency's name
        ("Kapkugerwet", 0, "Kericho", -0.35),
        ("Kericho", 2, "Kericho", -0.37),  # its county's name
    ]


def test_builder_reads_nigerian_wards_but_numbered_parts(tmp_path: Path) -> None:
    wards = [
        {"State": "Abia", "LGA": "Aba North", "Ward": "Eziama", "Latitude": 5.12,
         "Longitude": 7.37},
        {"State": "Abia", "LGA": "Aba North", "Ward": "Osusu II", "Latitude": 5.1,
         "Longitude": 7.3},
        {"State": "Abia", "LGA": "Ohafia", "Ward": "Ohafia", "Latitude": 5.6, "Longitude": 7.8},
        {"State": "Abia", "LGA": "Ohafia", "Ward": "Ugwueke/Ezeukwu", "Latitude": 5.6,
         "Longitude": 7.8},
        {"State": "Lagos", "LGA": "Agege", "Ward": "Agege Ward 3", "Latitude": 6.6,
         "Longitude": 3.3},
    ]  # fmt: skip
    path = tmp_path / "nigeria_wards.json"
    path.write_text(json.dumps(wards))
    got = [(t["name"], t["band"], t["region"], t["want"]) for t in read_nigeria(path)]
    assert got == [("Eziama", 0, "Abia", "NG"), ("Ohafia", 1, "Abia", "NG")]


def test_its_searches_use_the_kinds_of_each_language() -> None:
    searches = [r for r in rows(corpus=HOLDOUT14) if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        forms = [w.split("{t}") for w in words]
        assert asked and all(any(q.startswith(a) and q.endswith(b) for a, b in forms)
                             for q in asked), lang  # fmt: skip


def test_its_swedish_name_rows_are_finnish_towns_with_finland_in_swedish() -> None:
    swedish = [r for r in rows(corpus=HOLDOUT14) if r.cls.startswith(("script", "search_script"))]
    assert {r.lang for r in swedish} == {"sv"} and len(swedish) >= 40
    assert all(59.7 < r.lat < 70.1 and 19.0 < r.lng < 31.6 for r in swedish)  # Finland
    assert all(r.query.endswith("Finland") for r in swedish if r.cls == "script_country")
