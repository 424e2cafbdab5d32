"""Move the ends of ``mapsnb_sandbox/data/links.csv`` ashore: ``python tools/snap_links.py``.

A link's ends are written from the articles that describe it (Wikipedia's article of each
bridge, tunnel and ferry: its coordinates, and whether it carries walkers, cyclists, cars or
only trains), to three or four decimals. An end that falls in a water cell of the emulator's
mask is moved to the nearest dry point within :data:`REACH_M` on its own side (not towards
the link's other end), so that the road to the link never has to cross water to reach it. Ends already ashore are left as written.

"Ashore" is the planners' own reading (:func:`~mapsnb_sandbox.earth.water._wet`: the finest
mask, 1/720° round towns, and half a 1/240° cell aside), so that no end lies in water the
planners see and forgive as the end's own (a bridge's end in the water let 0.3-0.5 km of
implicit bridge beyond it count as its pier: Kigamboni, Maracaibo). Run it again after
``tools/build_finer_mask.py --link-ends-only`` (the finer water round ends follows them), until
it moves nothing: ``tests/sandbox/earth/test_sandbox_links.py`` checks every end.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb_sandbox.earth.crossings import LINKS_CSV  # noqa: E402
from mapsnb_sandbox.earth.water import _wet  # noqa: E402

REACH_M = 5000.0
#: Rings searched round a wet end are this far apart.
RING_M = 25.0


def _dry(p: tuple[float, float]) -> bool:
    """Whether ``p``, written to four decimals as the file writes it, is dry to the planners."""
    return not _wet(round(p[0], 4), round(p[1], 4))


def _ashore(lat: float, lng: float, other: tuple[float, float]) -> tuple[float, float]:
    """The point itself when dry (:func:`_dry`); else the nearest dry point on rings
    :data:`RING_M` apart round it on its own side (not nearer ``other``, the link's far end,
    than a line through the point square to the link: a bridge's end is ashore on its own
    side, not across the water); else the nearest dry point on any side."""
    if _dry((lat, lng)):
        return lat, lng
    k = 1 / 111_320
    kx = k / math.cos(math.radians(lat))
    back = ((lat - other[0]) / k, (lng - other[1]) / kx)  # metres north and east, away
    fallback = None
    for ring in range(1, int(REACH_M / RING_M) + 1):
        r = ring * RING_M
        n = max(8, int(2 * math.pi * r / RING_M))
        for i in range(n):
            ang = 2 * math.pi * i / n
            dy, dx = r * math.sin(ang), r * math.cos(ang)
            p = (lat + dy * k, lng + dx * kx)
            if not _dry(p):
                continue
            if dy * back[0] + dx * back[1] >= 0:
                return round(p[0], 4), round(p[1], 4)
            fallback = fallback or (round(p[0], 4), round(p[1], 4))
    return fallback or (lat, lng)


def main() -> None:
    with LINKS_CSV.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        fields, rows = reader.fieldnames or [], list(reader)
    for row in rows:
        for end, far in (("a", "b"), ("b", "a")):
            lat, lng = float(row[f"{end}_lat"]), float(row[f"{end}_lng"])
            new = _ashore(lat, lng, (float(row[f"{far}_lat"]), float(row[f"{far}_lng"])))
            if new != (lat, lng):
                print(f"{row['name']} {end}: {lat},{lng} -> {new[0]},{new[1]}")
                row[f"{end}_lat"], row[f"{end}_lng"] = f"{new[0]:.4f}", f"{new[1]:.4f}"
    with LINKS_CSV.open("w", encoding="utf-8", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=fields, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)


if __name__ == "__main__":
    main()
