"""Polyline decoding is linear in the length, and a malformed polyline is refused at once.

Run: ``python benchmarks/bench_polyline.py``. For a route-like polyline of 25, 100 and 400 kB
it prints the CPU time (median and range of 5 runs) of :func:`mapsnb.polyline.decode`, next to
the decoder mapsnb shipped before issue 23 (pure Python, kept below as ``_old_decode``) and the
``polyline`` package when it is installed, as ratios measured side by side. It then times a
polyline with one overlong coordinate (issue 23 item 7: the old decoder's big-integer shifts
made it quadratic, 4.7 s for 400 kB, and an overlong one raised ``OverflowError``).
"""

from __future__ import annotations

import contextlib
import math
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

from mapsnb.polyline import decode, encode

SIZES = (25_000, 100_000, 400_000)


def _old_decode(polyline: str, precision: int = 5) -> list[tuple[float, float]]:
    """The decoder of mapsnb before issue 23 (for comparison only)."""
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


def _route(size: int) -> str:
    """A route-like polyline of about ``size`` characters (a wandering walk, small steps)."""
    rng = random.Random(23)
    lat, lng, heading, points = 45.76, 4.83, 0.0, []
    text_len = 0
    while text_len < size:
        for _ in range(500):
            heading += rng.uniform(-0.4, 0.4)
            step = rng.uniform(0.00005, 0.002)
            lat += step * math.cos(heading)
            lng += step * math.sin(heading)
            points.append((lat, lng))
        text_len = len(encode(points))
    return encode(points)


def _time(fn: Callable[[], Any], runs: int = 5) -> list[float]:
    out = []
    for _ in range(runs):
        start = time.process_time()
        with contextlib.suppress(ValueError, OverflowError):
            fn()
        out.append(time.process_time() - start)
    return out


def _show(label: str, times: list[float], base: list[float] | None = None) -> None:
    med = statistics.median(times)
    ratio = f"  x{statistics.median(base) / med:7.1f} faster" if base else ""
    print(
        f"  {label:<18} median {med * 1000:9.2f} ms  range {min(times) * 1000:.2f}-"
        f"{max(times) * 1000:.2f} ms{ratio}"
    )


def main() -> None:
    try:
        import polyline as other  # the `polyline` package, if installed
    except ImportError:
        other = None
    for size in SIZES:
        text = _route(size)
        assert decode(text) == _old_decode(text)
        print(f"route polyline, {len(text):,} characters, {len(decode(text)):,} points")
        old = _time(lambda text=text: _old_decode(text))
        _show("old decoder", old)
        _show("mapsnb.decode", _time(lambda text=text: decode(text)), old)
        if other is not None:
            _show("polyline package", _time(lambda text=text: other.decode(text)), old)
    for size in SIZES[:2]:
        bad = "~" * size + "?" + "??"
        print(f"one overlong coordinate, {len(bad):,} characters")
        old = _time(lambda bad=bad: _old_decode(bad), runs=3)
        _show("old decoder", old)
        _show("mapsnb.decode", _time(lambda bad=bad: decode(bad), runs=3), old)


if __name__ == "__main__":
    main()
