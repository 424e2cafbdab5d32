"""Build ``mapsnb/layers/land.geojson``: coarse land polygons for a map whose tiles cannot load.

Source: Natural Earth 1:110m Admin 0 countries (public domain, naturalearthdata.com), as the
``naturalearth_lowres`` file the ``pyogrio`` package ships in its test fixtures; the countries
are dissolved into land, simplified to about 0.1° and written with two decimals (< 300 kB).

Usage::

    python tools/build_land_background.py   # needs pyogrio and shapely (geopandas' dependencies)
"""

from __future__ import annotations

import json
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb" / "layers" / "land.geojson"


def _rounded(coords: list) -> list:
    if coords and isinstance(coords[0], (int, float)):
        return [round(float(coords[0]), 2), round(float(coords[1]), 2)]
    return [_rounded(c) for c in coords]


def main() -> None:
    """Write the land file and print its size."""
    import pyogrio
    import shapely
    from shapely.geometry import mapping

    source = Path(pyogrio.__file__).parent / "tests" / "fixtures" / "naturalearth_lowres"
    frame = pyogrio.read_dataframe(source / "naturalearth_lowres.shp")
    land = shapely.simplify(shapely.union_all(frame.geometry.values), 0.1)
    geometry = mapping(land)
    collection = {
        "type": "FeatureCollection",
        "features": [{"type": "Feature", "properties": {"name": "land"},
                      "geometry": {"type": geometry["type"],
                                   "coordinates": _rounded(json.loads(json.dumps(geometry["coordinates"])))}}],
        "source": "Natural Earth 1:110m (public domain), via pyogrio's naturalearth_lowres",
    }  # fmt: skip
    OUT.write_text(json.dumps(collection, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"{OUT}: {OUT.stat().st_size / 1000:.0f} kB")


if __name__ == "__main__":
    main()
