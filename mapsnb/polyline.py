"""Google's encoded polyline algorithm (precision 5), both directions.

See https://developers.google.com/maps/documentation/utilities/polylinealgorithm.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from mapsnb.errors import PolylineError

if TYPE_CHECKING:  # numpy is imported by cumulative_m only: the emulator does not need it
    import numpy as np

__all__ = [
    "MAX_POINTS",
    "PolylineError",
    "cumulative_m",
    "decode",
    "encode",
    "haversine_m",
    "path_length_m",
]

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


#: The most points a decoded polyline may hold (a route across a continent holds ~30,000).
MAX_POINTS = 500_000
#: The most 5-bit chunks of one coordinate: 7 hold a 360° step at precision 7.
MAX_CHUNKS = 7
#: From this length on, decoding is vectorised (numpy); shorter strings decode in Python.
_VECTOR_FROM = 2_048


def decode(polyline: str, precision: int = 5) -> list[tuple[float, float]]:
    """Decode a polyline string into ``(lat, lng)`` pairs, in time linear in its length.

    Raises
    ------
    PolylineError
        (a ``ValueError``) If the string is not a well-formed polyline: a character outside
        ``?``–``~``, a truncated or overlong coordinate, or more than :data:`MAX_POINTS` points.
    """
    if not isinstance(polyline, str):
        raise PolylineError(f"a polyline is a string, not {type(polyline).__name__}")
    if len(polyline) >= _VECTOR_FROM:
        return _decode_vector(polyline, float(10**precision))
    return _decode_small(polyline, float(10**precision))


def _decode_small(polyline: str, factor: float) -> list[tuple[float, float]]:
    points: list[tuple[float, float]] = []
    index = lat = lng = 0
    length = len(polyline)
    limit = 5 * MAX_CHUNKS
    while index < length:
        deltas = []
        for _ in range(2):
            shift = result = 0
            start = index
            while True:
                if index >= length:
                    raise PolylineError(f"truncated polyline (a coordinate starts at {start})")
                b = ord(polyline[index]) - 63
                index += 1
                if b < 0 or b > 63:
                    raise PolylineError(f"invalid polyline character at {index - 1}")
                result |= (b & 0x1F) << shift
                shift += 5
                if b < 0x20:
                    break
                if shift >= limit:
                    raise PolylineError(
                        f"overlong coordinate at {start} (over {MAX_CHUNKS} chunks)"
                    )
            deltas.append(~(result >> 1) if result & 1 else result >> 1)
        lat += deltas[0]
        lng += deltas[1]
        points.append((lat / factor, lng / factor))
    if len(points) > MAX_POINTS:  # pragma: no cover - a short string holds few points
        raise PolylineError(f"holds more than {MAX_POINTS:,} points")
    return points


def _decode_vector(polyline: str, factor: float) -> list[tuple[float, float]]:
    import numpy as np

    if not polyline.isascii():
        at = next(i for i, ch in enumerate(polyline) if not ch.isascii())
        raise PolylineError(f"invalid polyline character at {at}")
    b = np.frombuffer(polyline.encode("ascii"), dtype=np.uint8).astype(np.int64) - 63
    bad = (b < 0) | (b > 63)
    if bad.any():
        raise PolylineError(f"invalid polyline character at {int(np.argmax(bad))}")
    ends = np.flatnonzero(b < 0x20)  # the last chunk of each coordinate
    if not len(ends) or ends[-1] != len(b) - 1:
        start = int(ends[-1]) + 1 if len(ends) else 0
        raise PolylineError(f"truncated polyline (a coordinate starts at {start})")
    starts = np.concatenate(([0], ends[:-1] + 1))
    sizes = ends - starts + 1
    if int(sizes.max()) > MAX_CHUNKS:
        at = int(starts[int(np.argmax(sizes))])
        raise PolylineError(f"overlong coordinate at {at} (over {MAX_CHUNKS} chunks)")
    if len(starts) % 2:
        raise PolylineError(f"truncated polyline (a coordinate starts at {len(b)})")
    if len(starts) // 2 > MAX_POINTS:
        raise PolylineError(f"holds more than {MAX_POINTS:,} points")
    shift = 5 * (np.arange(len(b), dtype=np.int64) - np.repeat(starts, sizes))
    values = np.add.reduceat((b & 0x1F) << shift, starts)
    deltas = np.where(values & 1, ~(values >> 1), values >> 1).reshape(-1, 2)
    coords = np.cumsum(deltas, axis=0) / factor
    return list(zip(coords[:, 0].tolist(), coords[:, 1].tolist(), strict=True))


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
