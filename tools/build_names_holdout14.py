"""Rebuild ``tests/data/names_holdout14.csv``: a fifteenth holdout of town names, Finland's and
Sweden's municipalities from the boundaries of their national agencies, Kenya's and Nigeria's
wards from their electoral lists.

``python tools/build_names_holdout14.py [SOURCE_DIR]`` (needs the ``regions`` extra and
``shapely``). The fourteen earlier corpora hold few towns of Finland, Sweden, Kenya or Nigeria
(none from a national list: their truth is GeoNames, Natural Earth, simplemaps, UN/LOCODE, OSM
nodes and the national lists of JP, RU, FR, DE, BR, MX, ES, KR, GB, PL, IT, VN, TH, ID, PE, PH,
TR, IL, CO, CH, CZ, RO, GR, AT, NO and TW). This one draws from lists the emulator never reads
(it reads GeoNames, Natural Earth, Who's On First points of CO, CD, KR and MM, UN/LOCODE, CLDR,
cpca and the NBS codes of China); ``SOURCE_DIR`` (default
``/work/scratch/r30/h-holdout30/src``) holds each file as its public copy ships it:

- ``finland-hva-2021.topo.json`` (``Yleisradio/geodata`` 131fa86, 2022-01-04, ``finland/``;
  Yle's TopoJSON of the National Land Survey of Finland's municipal borders (*Kuntajako*, CC BY
  4.0) with Statistics Finland's population of December 2020 (CC BY 4.0)): Finland's 309
  municipalities (kunnat) with their Finnish and Swedish names, population and wellbeing services
  county (hyvinvointialue). Read: the Finnish name, the Swedish name where it differs ("Vasa" of
  Vaasa), the polygon's centroid, the band by population, the county its region, the four
  counties of Uusimaa and Helsinki as "Uusimaa" ("Porvoo, Uusimaa"); Åland's municipalities (no
  county; ISO's AX) left out.
- ``swedish_municipalities.geojson`` and ``swedish_regions.geojson`` (``okfse/sweden-geojson``
  ff67bcb, 2020-06-07; simplified from Valmyndigheten's municipal borders as opendatasoft's
  *sverige-kommuner*, free to reuse): Sweden's 290 municipalities (kommuner) with their code and
  county (län). Read: the name, the polygon's centroid, band 0 (the file gives no population),
  the county its region ("Tyresö, Stockholm").
- ``kenyacounties.json`` and ``kenyaconstituencies.json`` (npm ``kenya`` 1.7.1 as
  ``gaithoben/kenya`` cbd3683, 2022-02-25, ``src/json/``; MIT; the IEBC's counties,
  constituencies and wards of 2012) and ``kenya_wards/ward/wardpolygons/`` (``gaithoben/kenya-geo``
  8c3b814, 2018-11-27, the IEBC's ward boundaries, one ``{lng, lat}`` ring or a list of rings per
  ward): Kenya's 1,455 wards with the list's centre. Read: the name in title case (not two joined
  by "/"), the list's centre (the ward polygon read only to leave out a ward reaching
  :data:`SPREAD_KM` from it, or without one), band 2 where the ward bears its county's name, 1
  its constituency's, else 0, the county its region ("Kapsoya, Uasin Gishu").
- ``nigeria_wards.json`` (``temikeezy/nigeria-geojson-data`` 3cd13e6, 2025-05-04,
  ``data/wards.json``; MIT): Nigeria's 8,809 electoral wards (INEC's registration areas) with a
  point each (the file states no source; its points agree with GeoNames as the builder prints).
  Read: the name (not a numbered part, "Osusu II", "Agege Ward 3", nor two joined by "/"), the
  point, band by the units whose names it bears (state, LGA), the state its region. The file has
  no polygons, so no ward is left out by its spread.

Finland's and Sweden's units are polygons, so the truth point is their centroid (as the
fourteenth holdout's); a unit is left out when any vertex of its polygon lies :data:`SPREAD_KM`
or more from the centroid (Lapland's and Norrland's wide municipalities, Kenya's wide wards).
Countries, namesakes, region names and earlier corpora as ``tools/build_names_holdout13.py``
(whose helpers this builder calls). Country names in the 28 languages: CLDR via Babel; the
searches' words: :data:`tools.build_names_holdout10.KINDS`.

Classes: as the fourteenth holdout's (``bare``, ``country_town``, ``homonym_country``,
``search_homonym``, ``country_town_lang``, ``search_lang``, ``search_qualified_lang``,
``region_town``, ``region_country_town``, ``search_region``, ``region_country_lang``), and
``script``, ``search_script`` and ``script_country`` (Finland's municipalities by their Swedish
names, in Swedish). Columns as ``names_corpus.csv``; per language :data:`LANG_SIZES` rows
(searches of the bare name, searches with the country, "Town, Country"), as the earlier
holdouts'. Finland and Sweden give few towns no earlier corpus names (about 130 each): the
draw, every country in turn, uses them up first, so most rows are Kenya's and Nigeria's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mapsnb.polyline import haversine_m
from tools.build_names_corpus import report_draw, write_corpus
from tools.build_names_holdout6 import BANDS, _key
from tools.build_names_holdout7 import _town
from tools.build_names_holdout10 import KINDS, qualified_rows
from tools.build_names_holdout11 import _band, _latin
from tools.build_names_holdout13 import _outer_rings, _topo_units, _unit, checked_pool
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
OUT = ROOT / "tests" / "data" / "names_holdout14.csv"
EARLIER = earlier_corpora(14)
SOURCE_DEFAULT = Path("/work/scratch/r30/h-holdout30/src")
SEED = "holdout14-2026-12-07"
HEADER = (
    "# Built by tools/build_names_holdout14.py; truth: centroids of the National Land Survey of "
    "Finland's municipalities (2021) via Yleisradio/geodata, Valmyndigheten's municipalities of "
    "Sweden via okfse/sweden-geojson; Kenya's wards (IEBC) via npm kenya and gaithoben/kenya-geo; "
    "Nigeria's wards via temikeezy/nigeria-geojson-data; countries and namesakes: GeoNames "
    "rg_cities1000 (CC BY 4.0); country names: CLDR"
)
#: The rows ``main`` writes from the copies above (checked by the tests).
ROWS = 1764
#: English rows; Swedish rows of Finland's Swedish names; rows a language draws (searches of the
#: bare name, searches with the country, "Town, Country").
SIZES = EnglishSizes(bare=330, country_each=70, homonym=100, search_homonym=80)
SWEDISH_SIZES = NativeSizes(script=25, search=15, country=10)
LANG_SIZES = (12, 10, 10)
#: A unit whose polygon reaches this far from its centroid is left out (km).
SPREAD_KM = 25.0
#: Finland's wellbeing services counties of Uusimaa (and Helsinki, county-free) as one region.
UUSIMAA = {"IU", "LU", "VK", "KU"}
HELSINKI = "091"
#: A ward's name that numbers a part of a place ("Osusu II", "Ward 3") or joins two ("A/B").
NUMBERED = re.compile(r"\d|\b[IVX]+$|/")


def _features(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return json.load(fh)["features"]


def _fi_region(props: dict, counties: dict[str, str]) -> str:
    """A Finnish municipality's region: its county's short name, Uusimaa's four as "Uusimaa";
    '' for Åland's (no county)."""
    hva = props.get("hva_id") or ""
    if hva in UUSIMAA or props["id"] == HELSINKI:
        return "Uusimaa"
    return counties.get(hva, "")


def read_finland(path: Path) -> list[dict]:
    """Finland's municipalities: Finnish name, Swedish name where it differs, band by population,
    region by county."""
    hva = _topo_units(path, "hva")
    counties = {p["hva_id"]: p["short_name_fi"] for p, _ in hva if p.get("hva_id")}
    out = []
    for props, rings in _topo_units(path, "munis"):
        name, region = _latin(props["name_fi"]), _fi_region(props, counties)
        if not name or not region:
            continue
        swedish = _latin(props["name_sv"])
        native = swedish if swedish and swedish != name else ""
        band = _band(props["population"])
        t = _unit(f"fi{props['id']}", rings, "FI", band, region, name=name, native=native)
        out += [t] if t else []
    return out


def read_sweden(folder: Path) -> list[dict]:
    """Sweden's municipalities: the name, band 0, region by county."""
    counties = {f"{f['properties']['l_id']:02d}": f["properties"]["name"]
                for f in _features(folder / "swedish_regions.geojson")}  # fmt: skip
    out = []
    for f in _features(folder / "swedish_municipalities.geojson"):
        props = f["properties"]
        name = _latin(props["kom_namn"])
        if name:
            rings, county = _outer_rings(f["geometry"]), counties[props["lan_code"]]
            t = _unit(f"se{props['id']}", rings, "SE", 0, county, name=name)
            out += [t] if t else []
    return out


def _ward_rings(path: Path) -> list[list[tuple[float, float]]]:
    """A ward's rings from its polygon file (one ring of ``{lng, lat}`` points, or a list of
    them); none when the file is missing or empty."""
    if not path.exists():
        return []
    with path.open(encoding="utf-8") as fh:
        got = json.load(fh)
    rings = got if got and isinstance(got[0], list) else [got]
    rings = [[(p["lng"], p["lat"]) for p in r if p.get("lat") is not None] for r in rings]
    return [r for r in rings if r]


def _kenya_band(ward: str, constituency: str, county: str) -> int:
    """2 where a ward bears its county's name, 1 its constituency's, else 0."""
    return 2 if ward == _key(county) else 1 if ward == _key(constituency) else 0


def _kenya_ward(w: dict, const: str, county: str, folder: Path) -> dict | None:
    """A ward of the list as a drawable town, unless its name is two joined by "/", its
    polygon is missing or reaches :data:`SPREAD_KM` from the list's centre."""
    name = _latin(" ".join(w["name"].split()).title()) if "/" not in w["name"] else ""
    rings = _ward_rings(folder / "kenya_wards" / "ward" / "wardpolygons" / f"{w['code']}.json")
    if not (name and county and rings):
        return None
    lat, lng = w["center"]["lat"], w["center"]["lon"]
    if max(haversine_m(lat, lng, y, x) for r in rings for x, y in r) >= SPREAD_KM * 1000:
        return None
    band = _kenya_band(_key(name), const, county)
    return _town(f"ke{w['code']}", lat, lng, "KE", band, name=name) | {"region": county}


def read_kenya(folder: Path) -> list[dict]:
    """Kenya's wards: the name (title case), the list's centre, band by the units whose names it
    bears, region by county."""
    with (folder / "kenyacounties.json").open(encoding="utf-8") as fh:
        county_of = {k["code"]: c["name"].title() for c in json.load(fh)
                     for k in c["constituencies"]}  # fmt: skip
    with (folder / "kenyaconstituencies.json").open(encoding="utf-8") as fh:
        constituencies = json.load(fh)
    out = []
    for const in constituencies:
        county = county_of.get(const["code"], "")
        for w in const["wards"]:
            t = _kenya_ward(w, const["name"], county, folder)
            out += [t] if t else []
    return out


def read_nigeria(path: Path) -> list[dict]:
    """Nigeria's wards: the name (not a numbered part, "Osusu II", nor two joined by "/"), the
    list's point, band by the units whose names it bears, region by state."""
    with path.open(encoding="utf-8") as fh:
        wards = json.load(fh)
    out = []
    for k, w in enumerate(wards):
        name = "" if NUMBERED.search(w["Ward"]) else _latin(w["Ward"])
        if name:
            band = _kenya_band(_key(name), w["LGA"], w["State"])
            t = _town(f"ng{k}", w["Latitude"], w["Longitude"], "NG", band, name=name)
            out.append(t | {"region": w["State"]})
    return out


def read_all(folder: Path) -> list[dict]:
    """Every list's towns."""
    finland = read_finland(folder / "finland-hva-2021.topo.json")
    wards = read_kenya(folder) + read_nigeria(folder / "nigeria_wards.json")
    return finland + read_sweden(folder) + wards


def _ordered(towns: list[dict], *key: object) -> list[dict]:
    """``towns`` in this corpus' seeded order (:func:`tools.holdout_rows.ordered`)."""
    return ordered(towns, *key, seed=SEED, bands=len(BANDS))


def _fresh(t: dict) -> bool:
    """Whether no query of the fourteen earlier corpora holds any of the town's names."""
    return fresh((n for n in (t["native"], t["name"]) if n), EARLIER)


def main() -> None:
    from babel import Locale

    towns, ns, terr, drawn, pool = checked_pool(read_all, SOURCE_DEFAULT)
    finland = _ordered([t for t in pool if t["cc"] == "FI" and t["native"]], "native", "sv")
    country = dict(Locale.parse("sv").territories)["FI"]
    script = native_rows(finland, ns.one_answer, _fresh, "sv", KINDS, country, SWEDISH_SIZES)
    used = {(r[3], r[4]) for r in script}
    script += qualified_rows([t for t in pool if (t["lat"], t["lng"]) not in used], drawn, ns,
                             terr, order=_ordered, unseen=_fresh)  # fmt: skip
    rows = after_scripts(pool, script, _ordered, ns.latin_answer, terr, KINDS, _fresh, SIZES,
                         lang_sizes=LANG_SIZES)  # fmt: skip
    seen = write_corpus(OUT, HEADER, rows)
    report_draw(towns, pool, rows, seen, OUT, ROWS)


if __name__ == "__main__":
    main()
