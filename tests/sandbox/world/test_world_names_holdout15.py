"""The sixteenth holdout of names: ``tests/data/names_holdout15.csv``, built by
``tools/build_names_holdout15.py`` from Ukraine's hromadas (KATOTTG, their centroids, named by
the settlement that seats each, in English and Ukrainian) and Chile's communes (the Library of
Congress of Chile's boundaries), none of which the emulator reads; the emulator was never tuned
on it.

A fixed sample runs in ``test_names_holdouts.py`` (row ``holdout15``: every 16th row by a stable
hash); ``python benchmarks/bench_names.py --holdout15`` runs every row (the figures as built: the
round's report). Here: the builder's readers and rules.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.sandbox.world.names_eval import CORPUS, rows
from tools.build_names_holdout15 import KINDS, read_australia, read_chile, read_ukraine

HOLDOUT15 = CORPUS.with_name("names_holdout15.csv")


def _ts(name: str, units: dict[str, dict[str, str]]) -> str:
    """A TypeScript table as the DRC's files write one."""
    body = "".join(
        f"  {code}: {{\n" + "".join(f"    {k}: '{v}',\n" for k, v in fields.items()) + "  },\n"
        for code, fields in units.items()
    )
    return f"export const {name} = {{\n{body}}}\n"


def test_builder_reads_ukrainian_hromadas_by_the_settlement_that_seats_each(
    tmp_path: Path,
) -> None:
    hromadas = {
        "UA0102005": {"ua": "Бахчисарайська", "lat_centroid": "44.73", "lon_centroid": "33.89"},
        "UA0102003": {"ua": "Ароматненська", "lat_centroid": "44.80", "lon_centroid": "33.84"},
        "UA0102009": {"ua": "Голубинська", "lat_centroid": "44.66", "lon_centroid": "34.09"},
        "UA8000000": {"ua": "Київська", "lat_centroid": "50.45", "lon_centroid": "30.52"},
        "UA0502001": {"ua": "Бабчинецька", "lat_centroid": "48.4", "lon_centroid": "27.9"},
    }  # fmt: skip
    raions = {"'UA0102'": {"ua": "Бахчисарайський"}, "'UA0502'": {"ua": "Могилів-Подільський"}}
    settlements = {
        "Bakhchysarai_UA0102005001_Бахчисарай": "x",
        "Nauchnyi_UA0102005002_Научний": "x",  # not the seat
        "Aromatne_UA0102003001_Ароматне": "x",
        "Verkhorichchia_UA0102009001_Верхоріччя": "x",  # the hromada bears another name
        "Kyiv_UA8000000001_Київ": "x",  # a city of its own: no oblast
        "Babchyntsi_UA0502001001_Бабчинці": "x",
    }
    (tmp_path / "hromadas.ts").write_text(_ts("hromadas", hromadas), "utf-8")
    (tmp_path / "raions.ts").write_text(_ts("raions", raions), "utf-8")
    (tmp_path / "aiSettlement.js").write_text(
        "export const aiSettlement = " + json.dumps(settlements, ensure_ascii=False), "utf-8"
    )
    got = [
        (t["name"], t["native"], t["band"], t["region"], t["lat"]) for t in read_ukraine(tmp_path)
    ]
    assert got == [
        ("Aromatne", "Ароматне", 0, "Crimea", 44.80),
        ("Bakhchysarai", "Бахчисарай", 1, "Crimea", 44.73),  # its raion bears its name
        ("Babchyntsi", "Бабчинці", 0, "Vinnytsia", 48.4),
    ]


def test_builder_reads_chilean_communes_with_their_region_s_short_name(tmp_path: Path) -> None:
    def square(lng: float, lat: float, side: float) -> dict:
        ring = [[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side],
                [lng, lat]]  # fmt: skip
        return {"type": "Polygon", "coordinates": [ring]}

    def commune(code: int, name: str, province: str, region: str, side: float = 0.1) -> dict:
        props = {"cod_comuna": code, "Comuna": name, "Provincia": province, "Region": region}
        return {"type": "Feature", "properties": props, "geometry": square(-71.0, -34.0, side)}

    features = [
        commune(6204, "Marchigüe", "Cardenal Caro", "Región del Libertador Bernardo O'Higgins"),
        commune(9201, "Angol", "Malleco", "Región de La Araucanía"),
        commune(13101, "Santiago", "Santiago", "Región Metropolitana de Santiago"),
        commune(14101, "Valdivia", "Valdivia", "Región de Los Ríos"),
        commune(
            11101, "Coyhaique", "Coyhaique", "Región de Aysén del Gral.Ibañez del Campo", side=1.0
        ),  # 25+ km from its centroid
        commune(12202, "Antártica", "Antártica Chilena", "Zona sin demarcar"),
    ]
    path = tmp_path / "comunas.geojson"
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}), "utf-8")
    got = [(t["name"], t["band"], t["region"]) for t in read_chile(path)]
    assert got == [
        ("Marchigüe", 0, "O'Higgins"),
        ("Angol", 0, "Araucanía"),
        ("Santiago", 1, "Santiago"),  # its province bears its name
        ("Valdivia", 1, "Los Ríos"),
    ]
    first = read_chile(path)[0]
    assert (first["lat"], first["lng"]) == (pytest.approx(-33.95), pytest.approx(-70.95))


def test_builder_reads_australian_localities_urban_or_populous(tmp_path: Path) -> None:
    header = "ssc_code,suburb,type,state_name,population,lat,lng"
    lines = [
        "12287,Lavington,Urban locality,New South Wales,12472,-36.03,146.93",
        "13001,Richmond (Tas.),Rural locality,Tasmania,880,-42.73,147.43",
        "13002,Tiny Creek,Rural locality,Queensland,40,-27.0,152.0",  # too few people
        "13003,Parramatta,Major Urban locality,New South Wales,25798,-33.8,151.0",
        "13004,Christmas Island,Urban locality,Other Territories,1843,-10.4,105.6",
        "13005,Wide Plains,Rural locality,Victoria,300,-36.0,143.0",  # 25+ km from its centroid
    ]
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "suburbs.csv").write_text("\n".join([header, *lines]), "utf-8")
    shapes = tmp_path / "GeoJSON" / "suburbs"
    shapes.mkdir(parents=True)
    for line, side in zip(lines, (0.1, 0.1, 0.1, 0.1, 0.1, 1.0), strict=True):
        code, *_, lat_text, lng_text = line.split(",")
        lat, lng = float(lat_text), float(lng_text)
        ring = [[lng, lat], [lng + side, lat], [lng + side, lat + side], [lng, lat + side],
                [lng, lat]]  # fmt: skip
        feature = {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [ring]}}
        (shapes / f"{code}.json").write_text(json.dumps(feature), "utf-8")
    got = [(t["name"], t["band"], t["region"]) for t in read_australia(tmp_path)]
    assert got == [("Lavington", 1, "New South Wales"), ("Richmond", 0, "Tasmania")]
    first = read_australia(tmp_path)[0]  # the polygon's centroid, not the file's point
    assert (first["lat"], first["lng"]) == (pytest.approx(-35.98), pytest.approx(146.98))


def test_its_searches_use_the_kinds_of_each_language() -> None:
    searches = [r for r in rows(corpus=HOLDOUT15) if r.cls == "search_lang"]
    for lang, words in KINDS.items():
        asked = {r.query for r in searches if r.lang == lang}
        forms = [w.split("{t}") for w in words]
        assert asked and all(any(q.startswith(a) and q.endswith(b) for a, b in forms)
                             for q in asked), lang  # fmt: skip


def test_its_ukrainian_rows_are_ukrainian_seats_with_ukraine_in_ukrainian() -> None:
    ukrainian = [r for r in rows(corpus=HOLDOUT15) if r.cls.startswith(("script", "search_script"))]
    assert {r.lang for r in ukrainian} == {"uk"} and len(ukrainian) >= 100
    assert all(44.3 < r.lat < 52.4 and 22.1 < r.lng < 40.3 for r in ukrainian)  # Ukraine
    assert all(r.query.endswith("Україна") for r in ukrainian if r.cls == "script_country")
