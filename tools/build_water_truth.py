"""Build ``tests/sandbox/earth/water_truth.bin``: OpenStreetMap land round the water corpus.

The truth the water checks measure paths against must not be the emulator's own masks (NOAA
GLOBE at 1 km, ``land_runs.bin``; GSHHG at 1/240° and, round towns, 1/720°). This script
samples OpenStreetMap's land polygons (the coastline as OSM maps it, © OpenStreetMap
contributors, ODbL) through ``roaring-landmask`` (MIT; its ``Osm`` provider) on a grid round
each pair of ``crossings_corpus.py`` and ``holdout_corpus.py``: a box holding both ends with a
margin for the way round, at up to 600 cells per degree (about 185 m) for small boxes,
coarser for long road pairs (at most about 2 million cells a box).

Run in an environment that has it (``pip install roaring-landmask numpy``; a 100 MB wheel,
so it is not a dependency of the project): ``python tools/build_water_truth.py``.

Since the emulator's 1/720° layer round towns (``finer_cells.bin``) is the union of GSHHG's and
OSM's water, the OSM truth is no longer independent near towns. ``--source gshhg`` writes a
second truth, ``water_truth_gshhg.bin``: GSHHG alone at full resolution on the same boxes (the
emulator reads GSHHG too, at 1/240° everywhere and 1/720° round towns, but not at this grid).

``--source ne NE_DIR`` writes a third truth, ``water_truth_ne.bin``, from a source the emulator
reads nowhere: Natural Earth's 1:10m physical vectors (public domain; ``ne_10m_land.json``,
``ne_10m_minor_islands.json`` and ``ne_10m_lakes.json`` of version 4.x as
github.com/martynafford/natural-earth-geojson carries them, commit ``0b9a6ceb``), rasterised
with Pillow at up to 240 cells per degree. A 1:10m shore is drawn to about a kilometre, so this
truth counts only **open water**: a cell is water when Natural Earth has sea or a lake there and
no land within :data:`NE_SHORE_M` (a square of cells); narrower water (a harbour, a river) is
beyond it. It needs ``shapely`` and ``pillow`` (``pip install shapely pillow``).

Layout (zlib after the magic line): a JSON header line ``{"boxes": [[lat_top, lng_left, step,
rows, cols, first_offset], ...]}``, then each box's ``rows + 1`` uint32 offsets (into the
bounds, concatenated box after box), then uint16 column bounds (little-endian): a cell is land
when an odd number of its row's bounds lie at or before its column.
"""

from __future__ import annotations

import json
import math
import sys
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sandbox.earth.crossings_corpus import CROSSINGS, ROAD_PAIRS  # noqa: E402
from tests.sandbox.earth.holdout_corpus import HOLDOUT  # noqa: E402

OUT = ROOT / "tests" / "sandbox" / "earth" / "water_truth.bin"
#: The truth file of each ``--source``: OSM's land polygons, GSHHG's full-resolution shore, or
#: Natural Earth's open water.
OUTS = {
    "osm": OUT,
    "gshhg": OUT.with_name("water_truth_gshhg.bin"),
    "ne": OUT.with_name("water_truth_ne.bin"),
}
MAGIC = b"MAPSNB-WATER-TRUTH-1\n"
Box = tuple[float, float, float, float]
MAX_CELLS, FINEST, COARSEST = 2_000_000, 600, 40
#: Natural Earth's grid is at most this fine (cells per degree, about 460 m).
NE_FINEST = 240
#: Natural Earth water this close to its land (metres) is not counted: the 1:10m shore's error.
NE_SHORE_M = 1_000.0


def boxes() -> list[tuple[float, float, float, float]]:
    """(lat0, lat1, lng0, lng1) round every corpus pair."""
    out = []
    pairs = [(a, b, 1.0, 0.3) for _, _, a, b in CROSSINGS + HOLDOUT]
    pairs += [(a, b, 0.3, 0.3) for _, a, b, _ in ROAD_PAIRS]
    for a, b, share, least in pairs:
        lat0, lat1 = sorted((a[0], b[0]))
        lng0, lng1 = sorted((a[1], b[1]))
        extent = max(lat1 - lat0, (lng1 - lng0) * math.cos(math.radians((lat0 + lat1) / 2)))
        m = max(share * extent, least)
        mx = m / max(0.2, math.cos(math.radians((lat0 + lat1) / 2)))
        out.append((max(-89.0, lat0 - m), min(89.0, lat1 + m), lng0 - mx, lng1 + mx))
    return out


def _step(lat0: float, lat1: float, lng0: float, lng1: float, finest: int) -> int:
    """Cells per degree for a box: as fine as ``finest``, at most :data:`MAX_CELLS` cells."""
    area = (lat1 - lat0) * (lng1 - lng0)
    return int(min(finest, max(COARSEST, math.sqrt(MAX_CELLS / area))))


def _mask_land(provider: object) -> Callable[[Box, int, int, int], np.ndarray]:
    """A box rasteriser over ``roaring-landmask``'s ``provider``: land at each cell's centre."""
    import roaring_landmask as rl  # type: ignore[import-not-found]

    mask = rl.RoaringLandmask.new_with_provider(provider)

    def land(box: Box, step: int, rows: int, cols: int) -> np.ndarray:
        _, lat1, lng0, _ = box
        lats = lat1 - (np.arange(rows) + 0.5) / step
        lngs = lng0 + (np.arange(cols) + 0.5) / step
        xx, yy = np.meshgrid((lngs + 540) % 360 - 180, lats)
        return np.asarray(mask.contains_many(xx.ravel(), yy.ravel())).reshape(rows, cols)

    return land


def _ne_shapes(ne_dir: Path) -> tuple[Any, Any]:
    """Natural Earth's land (with its minor islands) and lakes, as two STR trees of polygons."""
    import shapely
    from shapely.geometry import shape

    def polygons(name: str) -> list[Any]:
        data = json.loads((ne_dir / f"ne_10m_{name}.json").read_text(encoding="utf-8"))
        geoms = [shape(f["geometry"]) for f in data["features"] if f.get("geometry")]
        return [p for g in geoms for p in getattr(g, "geoms", [g])]

    land = polygons("land") + polygons("minor_islands")
    return shapely.STRtree(land), shapely.STRtree(polygons("lakes"))


def _draw(draw: Any, tree: Any, box: Box, step: int, fill: int) -> None:
    """Fill ``tree``'s polygons clipped to ``box`` with ``fill`` (their holes with the other
    value), in pixel space, across the antimeridian too."""
    import shapely

    lat0, lat1, lng0, lng1 = box
    for shift in (-360.0, 0.0, 360.0):
        rect = shapely.box(lng0 + shift, lat0, lng1 + shift, lat1)
        for poly in tree.geometries.take(tree.query(rect)):
            clipped = shapely.clip_by_rect(poly, lng0 + shift, lat0, lng1 + shift, lat1)
            for part in getattr(clipped, "geoms", [clipped]):
                if part.geom_type != "Polygon" or part.is_empty:
                    continue
                rings = [(part.exterior, fill)] + [(r, 1 - fill) for r in part.interiors]
                for ring, value in rings:
                    xy = [((x - shift - lng0) * step, (lat1 - y) * step) for x, y in ring.coords]
                    draw.polygon(xy, fill=value)


def _near(land: np.ndarray, k_rows: int, k_cols: int) -> np.ndarray:
    """Cells within ``k_rows`` rows and ``k_cols`` columns of a land cell (a square dilation)."""
    out = land.copy()
    for k in range(1, k_rows + 1):
        out[k:] |= land[:-k]
        out[:-k] |= land[k:]
    rows = out.copy()
    for k in range(1, k_cols + 1):
        out[:, k:] |= rows[:, :-k]
        out[:, :-k] |= rows[:, k:]
    return out


def _ne_land(ne_dir: Path) -> Callable[[Box, int, int, int], np.ndarray]:
    """A box rasteriser over Natural Earth: "land" is every cell but open water (Natural Earth's
    sea or lake with no land within :data:`NE_SHORE_M`)."""
    from PIL import Image, ImageDraw

    land_tree, lake_tree = _ne_shapes(ne_dir)

    def land(box: Box, step: int, rows: int, cols: int) -> np.ndarray:
        image = Image.new("1", (cols, rows), 0)
        draw = ImageDraw.Draw(image)
        _draw(draw, land_tree, box, step, 1)
        _draw(draw, lake_tree, box, step, 0)
        raw = np.asarray(image, dtype=bool)
        cell_m = 111_320.0 / step
        cos = max(0.05, math.cos(math.radians((box[0] + box[1]) / 2)))
        return _near(raw, math.ceil(NE_SHORE_M / cell_m), math.ceil(NE_SHORE_M / (cell_m * cos)))

    return land


def main() -> None:
    import argparse

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=sorted(OUTS), default="osm", help="whose shore")
    parser.add_argument("ne_dir", nargs="?", type=Path, help="--source ne: the GeoJSON folder")
    args = parser.parse_args()
    source = args.source
    if source == "ne":
        land, finest = _ne_land(args.ne_dir), NE_FINEST
    else:
        import roaring_landmask as rl  # type: ignore[import-not-found]

        provider = {"osm": rl.LandmaskProvider.Osm, "gshhg": rl.LandmaskProvider.Gshhg}[source]
        land, finest = _mask_land(provider), FINEST
    write(OUTS[source], land, finest)


def write(out: Path, land: Callable[[Box, int, int, int], np.ndarray], finest: int) -> None:
    """Rasterise every box of :func:`boxes` with ``land`` and write the truth file ``out``."""
    header: list[list[float]] = []
    offsets: list[int] = []
    bounds: list[np.ndarray] = []
    for box in boxes():
        lat0, lat1, lng0, lng1 = box
        step = _step(lat0, lat1, lng0, lng1, finest)
        rows, cols = math.ceil((lat1 - lat0) * step), math.ceil((lng1 - lng0) * step)
        cells = land(box, step, rows, cols)
        header.append([lat1, lng0, step, rows, cols, len(offsets)])
        count = int(sum(len(b) for b in bounds))
        for row in cells.astype(np.int8):
            offsets.append(count)
            edges = np.flatnonzero(np.diff(np.concatenate(([0], row))) != 0)
            bounds.append(edges.astype("<u2"))
            count += len(edges)
        offsets.append(count)
        print(f"box {lat0:.2f}..{lat1:.2f} x {lng0:.2f}..{lng1:.2f}: {rows}x{cols} at 1/{step}°")
    body = json.dumps({"boxes": header}).encode() + b"\n"
    body += np.asarray(offsets, dtype="<u4").tobytes() + np.concatenate(bounds).tobytes()
    out.write_bytes(MAGIC + zlib.compress(body, 9))
    print(f"{out}: {out.stat().st_size / 1e6:.2f} MB, {len(header)} boxes")


if __name__ == "__main__":
    main()
