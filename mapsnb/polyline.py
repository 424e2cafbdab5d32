"""Google's encoded polyline algorithm (precision 5), both directions.

See https://developers.google.com/maps/documentation/utilities/polylinealgorithm.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported by cumulative_m only: the emulator does not need it
    import numpy as np

__all__ = ["cumulative_m", "decode", "encode", "haversine_m", "path_length_m"]

EARTH_RADIUS_M = 6_371_008.8


def _encode_value(value: int, out: list[str]) -> None:
    value = ~(value << 1) if value < 0 else value << 1
    while value >= 0x20:
        out.append(chr((0x20 | (value & 0x1F)) + 63))
        value >>= 5
    out.append(chr(value + 63))


def encode(points: Iterable[Sequence[float]], precision: int = 5) -> str:
    """Encode ``(lat, lng)`` pairs as a polyline string."""
    factor = 10**precision
    out: list[str] = []
    prev_lat = prev_lng = 0
    for lat, lng in points:
        ilat, ilng = round(lat * factor), round(lng * factor)
        _encode_value(ilat - prev_lat, out)
        _encode_value(ilng - prev_lng, out)
        prev_lat, prev_lng = ilat, ilng
    return "".join(out)


def decode(polyline: str, precision: int = 5) -> list[tuple[float, float]]:
    """Decode a polyline string into ``(lat, lng)`` pairs.

    Raises
    ------
    ValueError
        If the string is not a well-formed polyline.
    """
    factor = float(10**precision)
    points: list[tuple[float, float]] = []
    index = lat = lng = 0
    length = len(polyline)
    while index < length:
        deltas = []
        for _ in range(2):
            shift = result = 0
            while True:
                if index >= length:
                    raise ValueError("truncated polyline")
                b = ord(polyline[index]) - 63
                index += 1
                if b < 0 or b > 63:
                    raise ValueError(f"invalid polyline character at {index - 1}")
                result |= (b & 0x1F) << shift
                shift += 5
                if b < 0x20:
                    break
            deltas.append(~(result >> 1) if result & 1 else result >> 1)
        lat += deltas[0]
        lng += deltas[1]
        points.append((lat / factor, lng / factor))
    return points


def haversine_m(lat1: float, lng1: float, lat2: float, lng2: float) -> float:
    """Great-circle distance in metres."""
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lng2 - lng1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS_M * math.asin(min(1.0, math.sqrt(a)))


def path_length_m(points: Sequence[Sequence[float]]) -> float:
    """Length of a path of ``(lat, lng)`` points in metres."""
    return sum(haversine_m(a[0], a[1], b[0], b[1]) for a, b in itertools.pairwise(points))


def cumulative_m(lat: np.ndarray, lng: np.ndarray) -> np.ndarray:
    """Cumulative great-circle distance in metres along a path (0 at the first vertex).

    The vectorised form of :func:`haversine_m` summed over consecutive vertices.
    """
    import numpy as np

    p = np.radians(np.asarray(lat, dtype=np.float64))
    q = np.radians(np.asarray(lng, dtype=np.float64))
    if len(p) < 2:
        return np.zeros(len(p))
    dp, dl = np.diff(p), np.diff(q)
    a = np.sin(dp / 2) ** 2 + np.cos(p[:-1]) * np.cos(p[1:]) * np.sin(dl / 2) ** 2
    steps = 2 * EARTH_RADIUS_M * np.arcsin(np.minimum(1.0, np.sqrt(a)))
    return np.concatenate(([0.0], np.cumsum(steps)))
