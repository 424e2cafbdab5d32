"""Typical annual PM2.5 by city and by country (``data/pm25.csv``, rounded approximations).

The emulator's synthetic air quality is scaled to these levels so that a class ranking of cities
(Delhi, Beijing worse than Zurich, Helsinki) is plausible; the values are still synthetic.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

from mapsnb.polyline import haversine_m

__all__ = ["typical_pm25"]

PM25_CSV = Path(__file__).resolve().parents[1] / "data" / "pm25.csv"
#: A city's level applies within this distance of its centre.
_CITY_RADIUS_M = 60_000.0
#: A country's level applies where the nearest town is at most this far.
_COUNTRY_RADIUS_M = 300_000.0


@functools.cache
def _table() -> tuple[tuple[tuple[float, float, float], ...], dict[str, float]]:
    cities: list[tuple[float, float, float]] = []
    countries: dict[str, float] = {}
    with PM25_CSV.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            if row["kind"] == "city":
                cities.append((float(row["lat"]), float(row["lng"]), float(row["pm25"])))
            else:
                countries[row["cc"]] = float(row["pm25"])
    return tuple(cities), countries


@functools.lru_cache(maxsize=4096)
def _typical(lat: float, lng: float) -> float | None:
    cities, countries = _table()
    best = min(cities, key=lambda c: haversine_m(lat, lng, c[0], c[1]))
    if haversine_m(lat, lng, best[0], best[1]) <= _CITY_RADIUS_M:
        return best[2]
    from mapsnb_sandbox.world.cities import country_at

    cc, _, distance = country_at(lat, lng)
    if distance <= _COUNTRY_RADIUS_M and cc in countries:
        return countries[cc]
    return None


def typical_pm25(lat: float, lng: float) -> float | None:
    """Typical annual PM2.5 (µg/m³) at a place, or ``None`` where the table has nothing."""
    return _typical(round(lat, 2), round(lng, 2))
