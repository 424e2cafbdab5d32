"""Rebuild ``tests/data/names_holdout15.csv``: a sixteenth holdout of town names, Ukraine's
territorial communities (hromadas) by the settlement that seats each, Chile's communes (comunas)
and Australia's localities, from their official boundaries.

``python tools/build_names_holdout15.py [SOURCE_DIR]`` (needs the ``regions`` extra and
``shapely``). The fifteen earlier corpora hold few towns of Ukraine, Chile or Australia (none
from a national list: their truth is GeoNames, Natural Earth, simplemaps, UN/LOCODE, OSM nodes and the
national lists of JP, RU, FR, DE, BR, MX, ES, KR, GB, PL, IT, VN, TH, ID, PE, PH, TR, IL, CO, CH,
CZ, RO, GR, AT, NO, TW, FI, SE, KE and NG). This one draws from lists the emulator never reads
(it reads GeoNames, Natural Earth, Who's On First points of CO, CD, KR and MM, UN/LOCODE, CLDR,
cpca and the NBS codes of China); ``SOURCE_DIR`` (default
``/work/scratch/r31/h-holdout31/src``) holds each file as its public copy ships it:

- ``hromadas.ts``, ``raions.ts`` and ``aiSettlement.js`` (``alexandreannic/infoportal-common``
  32b2dbf, 2025-03-12, ``src/location/``; ISC; the Danish Refugee Council's tables of Ukraine's
  units after the 2020 reform, KATOTTG codes, with each hromada's and raion's polygon centroid
  from the humanitarian common operational boundaries): Ukraine's 1,469 hromadas with their
  Ukrainian, Russian and English names, and their settlements by KATOTTG code with Ukrainian
  and English names. Read: the settlement that seats each hromada (its first, ``...001``, whose
  name the hromada's adjective is made of: "Бахчисарай" of "Бахчисарайська"; a hromada named
  otherwise left out), its English (Latin) and Ukrainian names, the hromada's centroid, band 1
  where its raion bears its name too ("Бахчисарайський"), else 0, the oblast its region
  (:data:`OBLASTS`, "Bakhchysarai, Crimea"); Kyiv and Sevastopol (cities of their own) left out.
  The file gives no polygon, so no hromada is left out by its spread: a seat lies within a
  hromada of some hundreds of km², about 10 km from its centroid.
- ``comunas.geojson`` (``fcortes/Chile-GeoJSON`` 76a5c88, 2020-04-20; the Library of Congress
  of Chile's (BCN) vector map of communes, simplified; BCN's maps are free to reuse with
  attribution): Chile's 345 communes with their province and region. Read: the name, the
  polygon's centroid, band 1 where its province bears its name, else 0, its region's short name
  (:func:`_cl_region`, "Marchigüe, O'Higgins"); a commune reaching :data:`SPREAD_KM` from its
  centroid (the Andes' and Patagonia's wide ones) left out.
- ``australia/data/suburbs.csv`` and ``australia/GeoJSON/suburbs/<code>.json``
  (``michalsn/australian-suburbs`` b4fd223, 2020-10-08; MIT; the Australian Bureau of
  Statistics' State Suburbs (SSC) of the 2016 census, their boundaries and people, CC BY 4.0):
  Australia's 15,286 localities. Read: the urban localities outside the major urban centres
  ("Urban locality"; the suburbs of the big cities left out) and the rural ones of :data:`AU_RURAL_PEOPLE` people or more, the name
  without its note ("Richmond (Tas.)"), the polygon's centroid (the file's own point unread), the
  band by people, the state its region ("Lavington, New South Wales"); a locality reaching
  :data:`SPREAD_KM` from its centroid, or in the Other Territories, left out. About one in twelve
  of its points lies within 20 m of a GeoNames namesake's (GeoNames holds some of the same
  localities), as the builder prints.

Countries, namesakes, region names and earlier corpora as ``tools/build_names_holdout14.py``
(whose helpers this builder calls). Country names in the 28 languages: CLDR via Babel; the
searches' words: :data:`tools.build_names_holdout10.KINDS`.

Classes: as the fifteenth holdout's (``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang``,
``region_town``, ``region_country_town``, ``search_region``, ``region_country_lang``), and
``script``, ``search_script`` and ``script_country`` (Ukraine's seats by their Ukrainian names,
in Ukrainian, "Україна"). Columns as ``names_corpus.csv``; per language :data:`LANG_SIZES` rows.
Chile gives few communes no earlier corpus names and narrow enough (about 100); most Ukrainian
seats share their names with other villages of Ukraine (one answer only for about 1,100), so
most English rows are Australia's.
"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

from tools.build_names_corpus import report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, _key
from tools.build_names_holdout7 import _town
from tools.build_names_holdout10 import KINDS, qualified_rows
from tools.build_names_holdout11 import _band, _latin, _unnoted
from tools.build_names_holdout13 import _features, _outer_rings, _unit, checked_pool
from tools.holdout_rows import (
    EnglishSizes,
    NativeSizes,
    after_scripts,
    earlier_corpora,
    fresh,
    native_rows,
    ordered,
)

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "names_holdout15.csv"
EARLIER = earlier_corpora(15)
SOURCE_DEFAULT = Path("/work/scratch/r31/h-holdout31/src")
SEED = "holdout15-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout15.py; truth: centroids of Ukraine's hromadas (KATOTTG, "
    "humanitarian common operational boundaries) via alexandreannic/infoportal-common, named by "
    "the settlement that seats each; centroids of the Library of Congress of Chile's communes via "
    "fcortes/Chile-GeoJSON; centroids of the ABS's localities (2016) via "
    "michalsn/australian-suburbs; countries and namesakes: GeoNames rg_cities1000 (CC BY 4.0); "
    "country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1940
#: English rows; Ukrainian rows of Ukraine's seats; rows a language draws (searches of the bare
#: name, searches with the country, "Town, Country").
SIZES = EnglishSizes(bare=330, country_each=70, homonym=150, search_homonym=80)
UKRAINIAN_SIZES = NativeSizes(script=60, search=40, country=30)
LANG_SIZES = (12, 10, 10)
#: A rural locality of Australia is drawn from this many people (urban ones all).
AU_RURAL_PEOPLE = 200
#: A commune or locality whose polygon reaches this far from its centroid is left out (km).
SPREAD_KM = 25.0
#: Ukraine's oblasts (and Crimea) by their KATOTTG code, as English writes them; Kyiv ("80")
#: and Sevastopol ("85") are cities of their own, left out.
OBLASTS = {"01": "Crimea", "05": "Vinnytsia", "07": "Volyn", "12": "Dnipropetrovsk",
           "14": "Donetsk", "18": "Zhytomyr", "21": "Zakarpattia", "23": "Zaporizhzhia",
           "26": "Ivano-Frankivsk", "32": "Kyiv", "35": "Kirovohrad", "44": "Luhansk",
           "46": "Lviv", "48": "Mykolaiv", "51": "Odesa", "53": "Poltava", "56": "Rivne",
           "59": "Sumy", "61": "Ternopil", "63": "Kharkiv", "65": "Kherson", "68": "Khmelnytskyi",
           "71": "Cherkasy", "73": "Chernivtsi", "74": "Chernihiv"}  # fmt: skip
#: Chile's regions whose short name is not the BCN name less "Región de(l)".
CL_REGIONS = {"Metropolitana de Santiago": "Santiago",
              "Libertador Bernardo O'Higgins": "O'Higgins",
              "Magallanes y Antártica Chilena": "Magallanes",
              "Aysén del Gral.Ibañez del Campo": "Aysén", "Bío-Bío": "Biobío"}  # fmt: skip
#: A field of a unit in the TypeScript tables (``ua: 'Бахчисарайська'``).
TS_FIELD = re.compile(r"(\w+): '((?:[^'\\]|\\.)*)'")
TS_UNIT = re.compile(r"'?(UA\d+)'?: \{(.*?)\}", re.S)
#: A settlement of ``aiSettlement.js``: English name, KATOTTG code, Ukrainian name.
SETTLEMENT = re.compile(r'"([^"_]+)_(UA\d{10})_([^"_]+)"')
UKRAINIAN = re.compile(r"^[\u0400-\u04ff'’ -]{3,}$")


def _ts_units(path: Path) -> dict[str, dict[str, str]]:
    """The units of a TypeScript table (``hromadas.ts``, ``raions.ts``) by code: their fields."""
    text = path.read_text(encoding="utf-8")
    return {code: {k: v.replace("\\'", "'") for k, v in TS_FIELD.findall(body)}
            for code, body in TS_UNIT.findall(text)}  # fmt: skip


def _stem(name: str) -> str:
    """The part of a Ukrainian name an adjective of it keeps ("Бахчисар" of "Бахчисарай")."""
    name = _key(name)
    return name[: max(3, len(name) - 2)]


def _seat(hromada: dict[str, str], seat: tuple[str, str] | None) -> tuple[str, str] | None:
    """The hromada's seat (English, Ukrainian name) when the hromada is named after it."""
    if not seat or not _key(hromada.get("ua", "")).startswith(_stem(seat[1])):
        return None
    return seat


def read_ukraine(folder: Path) -> list[dict]:
    """Ukraine's hromadas by the settlement that seats each: English and Ukrainian names, the
    hromada's centroid, band 1 where its raion bears the seat's name, region by oblast."""
    hromadas = _ts_units(folder / "hromadas.ts")
    raions = _ts_units(folder / "raions.ts")
    text = (folder / "aiSettlement.js").read_text(encoding="utf-8")
    seats = {code[:-3]: (en, ua) for en, code, ua in SETTLEMENT.findall(text)
             if code.endswith("001")}  # fmt: skip
    out = []
    for code, h in sorted(hromadas.items()):
        seat, region = _seat(h, seats.get(code)), OBLASTS.get(code[2:4], "")
        name = _latin(seat[0]) if seat else ""
        native = seat[1].strip() if seat and UKRAINIAN.match(seat[1].strip()) else ""
        if not (name and region and h.get("lat_centroid")):
            continue
        raion = _key(raions.get(code[:6], {}).get("ua", ""))
        band = 1 if raion.startswith(_stem(native or name)) else 0
        lat, lng = float(h["lat_centroid"]), float(h["lon_centroid"])
        t = _town(f"ua{code}", lat, lng, "UA", band, name=name, native=native)
        out.append(t | {"region": region})
    return out


def _cl_region(name: str) -> str:
    """A Chilean region's short name: BCN's name less "Región de(l)" (:data:`CL_REGIONS`)."""
    short = re.sub(r"^Región (de la |de los |del |de )?", "", name)
    if short.startswith(("La ", "Los ")) and short != "Los Lagos" and short != "Los Ríos":
        short = short.split(" ", 1)[1]
    return CL_REGIONS.get(short, short) if short != name else ""


def read_chile(path: Path) -> list[dict]:
    """Chile's communes: the name, the polygon's centroid, band 1 where its province bears its
    name, region by region."""
    out = []
    for f in _features(path):
        p = f["properties"]
        name, region = _latin(p["Comuna"]), _cl_region(p["Region"])
        if name and region and f["geometry"]:
            band = 1 if _key(p["Provincia"]) == _key(name) else 0
            rings = _outer_rings(f["geometry"])
            t = _unit(f"cl{p['cod_comuna']}", rings, "CL", band, region, name=name)
            out += [t] if t else []
    return out


def _au_locality(row: dict[str, str], folder: Path) -> dict | None:
    """An ABS locality of the list as a drawable town at its polygon's centroid: an urban one,
    or a rural one of :data:`AU_RURAL_PEOPLE` people or more; None for another, one without a
    polygon, or one reaching :data:`SPREAD_KM` from its centroid."""
    people = int(row["population"] or 0)
    kept = row["type"] == "Urban locality" or (
        row["type"] == "Rural locality" and people >= AU_RURAL_PEOPLE
    )
    name = _latin(_unnoted(row["suburb"]))
    path = folder / "GeoJSON" / "suburbs" / f"{row['ssc_code']}.json"
    region = row["state_name"] if row["state_name"] != "Other Territories" else ""
    if not (kept and name and region and path.exists()):
        return None
    with path.open(encoding="utf-8") as fh:
        geometry = json.load(fh)["geometry"]
    rings = _outer_rings(geometry)
    return _unit(f"au{row['ssc_code']}", rings, "AU", _band(people), region, name=name)


def read_australia(folder: Path) -> list[dict]:
    """Australia's urban localities and populous rural ones: the name without its note
    ("Richmond (Tas.)"), the polygon's centroid, band by people, region by state."""
    with (folder / "data" / "suburbs.csv").open(encoding="utf-8") as fh:
        got = [_au_locality(row, folder) for row in csv.DictReader(fh)]
    return [t for t in got if t]


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    chile = read_chile(folder / "comunas.geojson")
    return read_ukraine(folder) + chile + read_australia(folder / "australia")


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the fifteen earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"]) if n), EARLIER)


def main() -> None:
    towns, ns, terr, drawn, pool = checked_pool(read_all, SOURCE_DEFAULT)
    ukraine = _ordered([t for t in pool if t["cc"] == "UA" and t["native"]], "native", "uk")
    country = terr["uk"]["UA"]
    script = native_rows(ukraine, ns.one_answer, _fresh, "uk", KINDS, country, UKRAINIAN_SIZES)
    used = {(r[3], r[4]) for r in script}
    script += qualified_rows([t for t in pool if (t["lat"], t["lng"]) not in used], drawn, ns,
                             terr, order=_ordered, unseen=_fresh)  # fmt: skip
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES,
                         lang_sizes=LANG_SIZES)  # fmt: skip
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
