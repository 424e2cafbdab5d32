"""Move the ends of ``mapsnb_sandbox/data/links.csv`` ashore: ``python tools/snap_links.py``.

A link's ends are written from the articles that describe it (Wikipedia's article of each
bridge, tunnel and ferry: its coordinates, and whether it carries walkers, cyclists, cars or
only trains), to three or four decimals. An end that falls in a water cell of the emulator's
mask (:func:`~mapsnb_sandbox.earth.water.is_land`, narrow water included) is moved to the
first land point within :data:`REACH_M` straight back from the link's other end (its own
shore), else the nearest on rings 50 m apart, so that the road to the link never has to cross
water to reach it. Ends already ashore are left as written.
"""

from __future__ import annotations

import csv
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb_sandbox.earth.crossings import LINKS_CSV  # noqa: E402
from mapsnb_sandbox.earth.water import is_land  # noqa: E402

REACH_M = 3000.0


def _ashore(lat: float, lng: float, other: tuple[float, float]) -> tuple[float, float]:
    """The point itself when on land; else the first land point straight back from ``other``
    (the link's far end: a bridge's end is ashore on its own side, not across the water);
    else the nearest land point found on rings round it."""
    if is_land(lat, lng):
        return lat, lng
    k = 1 / 111_320
    kx = k / math.cos(math.radians(lat))
    dy, dx = (lat - other[0]) / k, (lng - other[1]) / kx
    norm = math.hypot(dx, dy) or 1.0
    for step in range(1, int(REACH_M / 25) + 1):
        r = step * 25.0
        p = (lat + dy / norm * r * k, lng + dx / norm * r * kx)
        if is_land(*p):
            return round(p[0], 4), round(p[1], 4)
    for ring in range(1, int(REACH_M / 50) + 1):
        r = ring * 50.0
        n = max(8, int(2 * math.pi * r / 50))
        for i in range(n):
            ang = 2 * math.pi * i / n
            p = (lat + r * math.sin(ang) * k, lng + r * math.cos(ang) * kx)
            if is_land(*p):
                return round(p[0], 4), round(p[1], 4)
    return lat, lng


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
