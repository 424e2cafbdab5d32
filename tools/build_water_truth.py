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
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sandbox.earth.crossings_corpus import CROSSINGS, ROAD_PAIRS  # noqa: E402
from tests.sandbox.earth.holdout_corpus import HOLDOUT  # noqa: E402

OUT = ROOT / "tests" / "sandbox" / "earth" / "water_truth.bin"
#: The truth file of each ``--source``: OSM's land polygons, or GSHHG's full-resolution shore.
OUTS = {"osm": OUT, "gshhg": OUT.with_name("water_truth_gshhg.bin")}
MAGIC = b"MAPSNB-WATER-TRUTH-1\n"
MAX_CELLS, FINEST, COARSEST = 2_000_000, 600, 40


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


def main() -> None:
    import argparse

    import roaring_landmask as rl  # type: ignore[import-not-found]

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", choices=sorted(OUTS), default="osm", help="whose shore")
    source = parser.parse_args().source
    provider = {"osm": rl.LandmaskProvider.Osm, "gshhg": rl.LandmaskProvider.Gshhg}[source]
    mask = rl.RoaringLandmask.new_with_provider(provider)
    out = OUTS[source]
    header: list[list[float]] = []
    offsets: list[int] = []
    bounds: list[np.ndarray] = []
    for lat0, lat1, lng0, lng1 in boxes():
        step = int(
            min(FINEST, max(COARSEST, math.sqrt(MAX_CELLS / ((lat1 - lat0) * (lng1 - lng0)))))
        )
        rows, cols = math.ceil((lat1 - lat0) * step), math.ceil((lng1 - lng0) * step)
        lats = lat1 - (np.arange(rows) + 0.5) / step
        lngs = lng0 + (np.arange(cols) + 0.5) / step
        xx, yy = np.meshgrid((lngs + 540) % 360 - 180, lats)
        land = np.asarray(mask.contains_many(xx.ravel(), yy.ravel())).reshape(rows, cols)
        header.append([lat1, lng0, step, rows, cols, len(offsets)])
        count = int(sum(len(b) for b in bounds))
        for row in land.astype(np.int8):
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
