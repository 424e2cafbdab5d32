"""Rebuild ``mapsnb_sandbox/data/islands.tsv``: islands read as places ("Mallorca", "Maui").

``python tools/build_islands.py --polys ne_10m_geography_regions_polys.json`` (needs
``shapely``). Sources:

* Natural Earth 4.0.0's 1:10m physical labels, ``ne_10m_geography_regions_polys`` (public
  domain), as the GitHub repository ``martynafford/natural-earth-geojson`` keeps it in
  ``10m/physical/ne_10m_geography_regions_polys.7z`` (unpacked with ``py7zr``, a build tool
  only): every feature of class ``Island`` or ``Island group`` of :data:`MIN_KM2` or more
  (groups of continental size, :data:`MAX_GROUP_KM2` and more, left out: "Polynesia", "Japan");
  its English name (capitals and "I."/"Is." abbreviations written out: "ISLAND OF
  NEWFOUNDLAND" -> "Newfoundland", "Cheju I." -> "Cheju Island") and ``namealt``;
* ``tools/islands_extra.csv``: islands that layer lacks (Oahu, Skye, Elba, Martha's Vineyard,
  Corfu, ...), each with its area and its main town's point typed from the English Wikipedia
  article cited on its row;
* ``tools/island_names.csv``: the islands' names in other languages where they differ from
  the English one ("Majorque", "Майорка", "済州島"), typed from the titles of the Wikipedia
  articles in those languages that the English article links to.

An island stands at its biggest town of the emulator's index (GeoNames, CC BY 4.0) inside its
polygon, so a search in it lists places in its towns, on land; an island with no town in the
index at the polygon's representative point. Its people are those of the index's towns inside
the polygon (for an extra row: within the radius of a disc of its area round its point).
Rows: ``name <tab> lat <tab> lng <tab> km2 <tab> people <tab> cc <tab> other names (|)``.
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import math
import re
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

OUT = ROOT / "mapsnb_sandbox" / "data" / "islands.tsv"
EXTRA = ROOT / "tools" / "islands_extra.csv"
NAMES = ROOT / "tools" / "island_names.csv"
#: Islands smaller than this (km²) are left out; groups this big are continents' parts.
MIN_KM2 = 50.0
MAX_GROUP_KM2 = 200_000.0
_KM_PER_DEG = 111.32
#: Towns this far (degrees) outside an island's label polygon are its when joined to it by land.
REACH_DEG = 0.2


def _clean(name: str) -> str:
    """An English name as a user writes it: capitals and abbreviations written out."""
    name = re.sub(r"\s+", " ", name).strip()
    if name.isupper():
        name = name.replace("Ö", "O").replace("Ü", "U").title()  # NE 4's lost macrons
        name = name.replace("Of ", "of ").replace("De ", "de ")
    name = re.sub(r"^Island of ", "", name).replace("Isands", "Islands")
    name = re.sub(r"\bIs\.$", "Islands", name)
    name = re.sub(r"\bI\.$", "Island", name)
    return re.sub(r"^I\. ", "Isla ", name)


def _km2(geom: Any) -> float:
    """The area of ``geom`` (degrees) in km², each part at its own latitude."""
    parts = getattr(geom, "geoms", [geom])
    return sum(p.area * _KM_PER_DEG**2 * math.cos(math.radians(p.centroid.y)) for p in parts)


def _towns() -> tuple[Any, Any, list[Any]]:
    import numpy as np

    from mapsnb_sandbox.world.cities import city_index

    cities = city_index().cities
    return np.array([c.lng for c in cities]), np.array([c.lat for c in cities]), cities


@functools.cache
def _land() -> Any:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    return rl.RoaringLandmask.new_with_provider(rl.LandmaskProvider.Gshhg)


def _by_land(lng: float, lat: float, to: Any) -> bool:
    """Whether the straight way from ``lng, lat`` to the point ``to`` stays on GSHHG's land
    (sampled every ~500 m)."""
    n = max(2, int(math.hypot(to.x - lng, to.y - lat) * _KM_PER_DEG * 2))
    land = _land()
    return all(
        land.contains(lng + (to.x - lng) * k / n, lat + (to.y - lat) * k / n) for k in range(n + 1)
    )


def _on_island(geom: Any, xs: Any, ys: Any, cities: list[Any]) -> list[Any]:
    """The index's towns on the island: inside its label polygon, or within
    :data:`REACH_DEG` of it and joined to it by land (the label polygons are drawn inside the
    coast: Palma lies outside Mallorca's; Stralsund, across water, is not Rügen's)."""
    from build_region_points import points_inside
    from shapely.ops import nearest_points

    inside = set(points_inside(geom, xs, ys))
    near = [i for i in points_inside(geom.buffer(REACH_DEG), xs, ys) if i not in inside]
    joined = [
        i for i in near
        if _by_land(float(xs[i]), float(ys[i]), nearest_points(geom, _point(xs[i], ys[i]))[0])
    ]  # fmt: skip
    return [cities[i] for i in sorted(inside) + joined]


def _point(x: float, y: float) -> Any:
    from shapely.geometry import Point

    return Point(float(x), float(y))


def _polygon_rows(path: Path) -> list[dict[str, Any]]:
    from shapely.geometry import shape

    xs, ys, cities = _towns()
    rows = []
    for f in json.loads(path.read_text(encoding="utf-8"))["features"]:
        p = f["properties"]
        if p["featurecla"] not in ("Island", "Island group"):
            continue
        geom = shape(f["geometry"])
        km2 = _km2(geom)
        if km2 < MIN_KM2 or (p["featurecla"] == "Island group" and km2 >= MAX_GROUP_KM2):
            continue
        inside = _on_island(geom, xs, ys, cities)
        main = max(inside, key=lambda c: c.population, default=None)
        if main is not None:
            lat, lng, cc = main.lat, main.lng, main.cc
        else:
            pt = geom.representative_point()
            lat, lng, cc = pt.y, pt.x, ""
        alt = [p["namealt"]] if p.get("namealt") else []
        people = sum(c.population for c in inside)
        rows.append(_row(_clean(p["name"]), lat, lng, km2, people, cc, alt))
    return rows


def _row(
    name: str, lat: float, lng: float, km2: float, people: int, cc: str, names: list[str]
) -> dict[str, Any]:
    return {"name": name, "lat": lat, "lng": lng, "km2": km2, "people": people, "cc": cc,
            "names": names}  # fmt: skip


def _extra_rows() -> list[dict[str, Any]]:
    from mapsnb.polyline import haversine_m
    from mapsnb_sandbox.world.cities import city_index, nearest_city

    idx = city_index()
    rows = []
    with EXTRA.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            lat, lng, km2 = float(r["lat"]), float(r["lng"]), float(r["km2"])
            reach = math.sqrt(km2 / math.pi) * 1000
            cc = nearest_city(lat, lng)[1]
            near = (
                idx.cities[j]
                for dy in (-1, 0, 1)
                for dx in (-1, 0, 1)
                for j in idx.grid.get((math.floor(lat) + dy, math.floor(lng) + dx))
            )
            people = sum(
                c.population for c in near
                if c.cc == cc and haversine_m(c.lat, c.lng, lat, lng) <= reach
            )  # fmt: skip
            others = [n for n in r["other_names"].split("|") if n]
            rows.append(_row(r["name"], lat, lng, km2, people, cc, others))
    return rows


def _add_names(rows: list[dict[str, Any]]) -> None:
    by_name = {r["name"]: r for r in rows}
    with NAMES.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            island = by_name.get(r["island"])
            if island is None:
                raise SystemExit(f"island_names.csv: no island {r['island']!r}")
            if r["name"] not in island["names"]:
                island["names"].append(r["name"])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--polys", type=Path, required=True, help="ne_10m_geography_regions_polys")
    args = ap.parse_args()
    rows = _polygon_rows(args.polys)
    known = {r["name"] for r in rows}
    rows += [r for r in _extra_rows() if r["name"] not in known]
    _add_names(rows)
    rows.sort(key=lambda r: (-r["km2"], r["name"]))
    lines = [
        "\t".join(
            [
                r["name"],
                f"{r['lat']:.4f}",
                f"{r['lng']:.4f}",
                f"{r['km2']:.0f}",
                str(r["people"]),
                r["cc"],
                "|".join(r["names"]),
            ]
        )
        for r in rows
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(rows)} islands -> {OUT} ({OUT.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
