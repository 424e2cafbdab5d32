"""The water check's truth: OpenStreetMap land round the corpus (``water_truth.bin``, built by
``tools/build_water_truth.py``) and, for lakes (which OSM's land polygons count as land), the
GSHHS lake class the emulator also reads (``is_lake``: the one part that is not independent).

The emulator's 1/720° water round towns (``finer_cells.bin``) is the union of GSHHG's and OSM's
water, so near towns the OSM truth is no longer independent: ``source="gshhg"`` measures
against GSHHG alone at full resolution on the same boxes (``water_truth_gshhg.bin``), a grid
the emulator does not read (it reads GSHHG at 1/240°, and 1/720° round towns). ``source="ne"``
measures against a shore the emulator reads nowhere, Natural Earth's 1:10m vectors, as open
water only (``water_truth_ne.bin``: its sea and lakes beyond about a kilometre of its land).

:func:`over_water_m` measures the metres of a path over water outside the known links that
carry its mode (``links.csv``: a bridge, tunnel or ferry crosses water by design).
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import zlib
from array import array
from bisect import bisect_right
from collections.abc import Sequence
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.earth.crossings import crossings
from mapsnb_sandbox.earth.water import is_lake
from tests.sandbox.earth.truth_artifacts import is_artifact

TRUTH = Path(__file__).resolve().parent / "water_truth.bin"
#: The truth file of each source: OSM's land polygons, GSHHG's full-resolution shore, Natural
#: Earth's open water (its sea and lakes beyond a kilometre of its land; lakes included, so
#: :func:`truth_water` does not add the emulator's lake mask to it).
TRUTHS = {
    "osm": TRUTH,
    "gshhg": TRUTH.with_name("water_truth_gshhg.bin"),
    "ne": TRUTH.with_name("water_truth_ne.bin"),
}
MAGIC = b"MAPSNB-WATER-TRUTH-1\n"
Point = tuple[float, float]
#: Samples along a path are this far apart.
STEP_M = 50.0


@functools.cache
def _boxes(source: str = "osm") -> tuple[list[list[float]], array, array]:
    body = zlib.decompress(TRUTHS[source].read_bytes()[len(MAGIC) :])
    line, rest = body.split(b"\n", 1)
    boxes = json.loads(line)["boxes"]
    n_off = sum(b[3] + 1 for b in boxes)
    offsets, bounds = array("I"), array("H")
    offsets.frombytes(rest[: 4 * n_off])
    bounds.frombytes(rest[4 * n_off :])
    boxes.sort(key=lambda b: -b[2])  # finest first
    return boxes, offsets, bounds


def truth_land(lat: float, lng: float, source: str = "osm") -> bool | None:
    """Whether ``source`` (``"osm"``, ``"gshhg"`` or ``"ne"``) has land at the point (lakes
    excepted but Natural Earth's), ``None`` outside every sampled box."""
    boxes, offsets, bounds = _boxes(source)
    for lat_top, lng_left, step, n_rows, n_cols, first_row in boxes:
        rows, cols, first = int(n_rows), int(n_cols), int(first_row)
        i = int((lat_top - lat) * step)
        j = int((((lng - lng_left) + 180) % 360 - 180) * step)
        if 0 <= i < rows and 0 <= j < cols:
            lo, hi = offsets[first + i], offsets[first + i + 1]
            return (bisect_right(bounds, j, lo, hi) - lo) % 2 == 1
    return None


def truth_water(lat: float, lng: float, source: str = "osm") -> bool:
    """Water by the truth: ``source``'s sea, or a GSHHS lake; outside the boxes, the lake mask
    alone. Natural Earth's truth (``"ne"``) holds its own lakes: its water is its own alone."""
    land = truth_land(lat, lng, source)
    return land is False or (source != "ne" and is_lake(lat, lng))


def _counted(s: Point, source: str, artifacts: bool) -> bool:
    """Whether sample ``s`` is water by ``source``, outside its documented flaws unless
    ``artifacts``."""
    return truth_water(*s, source) and (artifacts or not is_artifact(*s, source))


def _link_pairs(mode: str) -> set[frozenset[Point]]:
    return {
        frozenset({(round(x.a[0], 5), round(x.a[1], 5)), (round(x.b[0], 5), round(x.b[1], 5))})
        for x in crossings()
        if mode in x.modes
    }


#: Water this close to the end of a link the route takes is the link's own pier or ramp (ends
#: are written to 3-4 decimals from the articles, and a ferry berths over water).
PIER_M = 300.0


def over_water_m(
    path: Sequence[Point], mode: str, source: str = "osm", artifacts: bool = True
) -> tuple[float, float, float]:
    """``(water_m, longest_run_m, length_m)`` of ``path`` (a ``mode`` route): metres sampled
    over ``source``'s water (:func:`truth_water`) outside the links that carry ``mode`` (and
    their piers, :data:`PIER_M`), the longest such run, the length. ``artifacts=False`` leaves
    out the truth's documented flaws (:mod:`tests.sandbox.earth.truth_artifacts`)."""
    links = _link_pairs(mode)
    piers = [e for p, q in itertools.pairwise(path) if frozenset({p, q}) in links for e in (p, q)]
    water = run = longest = total = 0.0
    for p, q in itertools.pairwise(path):
        seg = haversine_m(p[0], p[1], q[0], q[1])
        total += seg
        if frozenset({p, q}) in links:
            run = 0.0
            continue
        n = max(1, math.ceil(seg / STEP_M))
        dlng = (q[1] - p[1] + 540) % 360 - 180
        for k in range(n):
            t = (k + 0.5) / n
            s = (p[0] + (q[0] - p[0]) * t, p[1] + dlng * t)
            if _counted(s, source, artifacts) and all(haversine_m(*s, *e) > PIER_M for e in piers):
                water += seg / n
                run += seg / n
                longest = max(longest, run)
            else:
                run = 0.0
    return water, longest, total


#: The modes every crossing is asked in; TWO_WHEELER is not a ``compute_routes`` mode of the
#: MCP tool, so its path comes from :func:`~mapsnb_sandbox.tools.paths.build_path` directly.
MODES = ("DRIVE", "TWO_WHEELER", "WALK", "BICYCLE", "TRANSIT")


def route(box: object, a: Point, b: Point, mode: str) -> tuple[list[Point], float] | None:
    """``(path, distance_m)`` of the first ``mode`` route from ``a`` to ``b``, ``None`` when
    the emulator has none."""
    from mapsnb.polyline import decode, path_length_m
    from mapsnb_sandbox.tools.paths import build_path

    if mode == "TWO_WHEELER":
        path = list(build_path((a, b), mode))
        return (path, path_length_m(path)) if path else None
    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in (a, b)]
    args = {"origin": ll[0], "destination": ll[1], "travel_mode": mode, "include_polyline": True}
    found = box.call_tool("compute_routes", args)["routes"]  # type: ignore[attr-defined]
    if not found:
        return None
    return decode(found[0]["encodedPolyline"]), float(found[0]["distanceMeters"])
