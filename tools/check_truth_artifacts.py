"""Verify ``tests/sandbox/earth/truth_artifacts.py``: each documented flaw of the water truth is
land over its whole box in the full-resolution sources it names.

The water check's OSM truth (``water_truth.bin``) is OpenStreetMap's land polygons (©
OpenStreetMap contributors, ODbL) sampled at up to 1/600°; this script reads the same polygons
at full resolution and GSHHG's shore at full resolution (Wessel & Smith, LGPL), both through
``roaring-landmask`` 0.11.0 (MIT; its ``Osm`` and ``Gshhg`` providers), on a 5 m grid over
each box, and prints for each entry: points, land share per source, and whether it holds.

Run in an environment that has it (``pip install roaring-landmask numpy``, a 100 MB wheel not
among the project's dependencies): ``python tools/check_truth_artifacts.py``; exit status 1
when an entry does not hold.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.sandbox.earth.truth_artifacts import ARTIFACTS, Artifact  # noqa: E402

STEP_M = 5.0


def grid(a: Artifact) -> tuple[np.ndarray, np.ndarray]:
    """Latitudes and longitudes of a ``STEP_M`` grid over the box."""
    lat = np.arange(a.lat0, a.lat1 + 1e-12, STEP_M / 111_320)
    lng = np.arange(a.lng0, a.lng1 + 1e-12, STEP_M / (111_320 * math.cos(math.radians(a.lat0))))
    yy, xx = np.meshgrid(lat, lng)
    return yy.ravel(), xx.ravel()


def main() -> int:
    import roaring_landmask as rl  # type: ignore[import-not-found]

    providers = {"osm": rl.LandmaskProvider.Osm, "gshhg": rl.LandmaskProvider.Gshhg}
    masks = {k: rl.RoaringLandmask.new_with_provider(p) for k, p in providers.items()}
    bad = 0
    for a in ARTIFACTS:
        lat, lng = grid(a)
        share = {k: float(np.mean(m.contains_many(lng, lat))) for k, m in masks.items()}
        holds = all(share[k] == 1.0 for k in a.land_in)
        bad += not holds
        land = ", ".join(f"{k} land {v:.1%}" for k, v in share.items())
        print(f"{'ok ' if holds else 'BAD'} {a.place}: {len(lat)} points, {land}")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
