"""Synthetic road-like paths in the emulator: the geometry both route tools share.

Each leg is a gently curving path (a staircase of grid steps for short urban legs) through
every waypoint in order, with deterministic jitter from a hash; a sea between two waypoints
is crossed only by a bridge, tunnel or ferry the travel mode may use.
"""

from __future__ import annotations

import functools
import itertools
import math

from mapsnb.polyline import haversine_m
from mapsnb.sandbox.common import stable_int
from mapsnb.sandbox.earth.crossings import DRY_MODES, plan
from mapsnb.sandbox.earth.land import connected, landmass
from mapsnb.sandbox.earth.water import open_water_m
from mapsnb.sandbox.world.cities import country_at

__all__ = ["MAX_VERTICES", "Point", "build_path", "hash_fraction", "reachable"]

Point = tuple[float, float]

MAX_VERTICES = 2000


def hash_fraction(h: int, shift: int) -> float:
    """A deterministic float in [0, 1) from 16 bits of ``h``."""
    return ((h >> shift) & 0xFFFF) / 0x10000


def _leg(a: Point, b: Point, seed: int, variant: int, vertices: int) -> list[Point]:
    """A road-like path from ``a`` to ``b`` (both included)."""
    dist = haversine_m(a[0], a[1], b[0], b[1])
    if dist < 1:
        return [a, b]
    kx = 111_320 * max(0.05, math.cos(math.radians((a[0] + b[0]) / 2)))
    ky = 111_320
    dlng = (b[1] - a[1] + 540) % 360 - 180
    bx, by = dlng * kx, (b[0] - a[0]) * ky
    length = math.hypot(bx, by) or 1.0
    nx, ny = -by / length, bx / length
    h = stable_int("leg", a, b, seed, variant)
    sign = 1 if h & 1 else -1
    amp1 = sign * length * (0.06 + 0.08 * hash_fraction(h, 8)) * (1 + 0.8 * variant)
    amp2 = length * (0.06 * hash_fraction(h, 24) - 0.03) * (1 + variant)
    amp3 = -sign * length * (0.012 + 0.01 * hash_fraction(h, 40))
    amp4 = sign * length * (0.006 + 0.006 * hash_fraction(h, 48))
    urban = dist < 8000
    steps = max(3, min(40, round(dist / 350))) if urban else max(8, vertices)
    spacing = length / steps
    pts: list[Point] = []
    for k in range(steps + 1):
        t = k / steps
        jitter = (hash_fraction(h * 2654435761 + k * 40503, 0) - 0.5) * 0.3 * spacing
        lat_off = (
            amp1 * math.sin(math.pi * t)
            + amp2 * math.sin(2 * math.pi * t)
            + amp3 * math.sin(7 * math.pi * t)
            + amp4 * math.sin(13 * math.pi * t)
            + jitter * math.sin(math.pi * t)
        )
        x, y = bx * t + nx * lat_off, by * t + ny * lat_off
        pts.append((a[0] + y / ky, ((a[1] + x / kx) + 540) % 360 - 180))
    pts[0], pts[-1] = a, b
    if urban:  # right-angle grid steps between successive control points
        grid: list[Point] = [pts[0]]
        for k, (p, q) in enumerate(itertools.pairwise(pts)):
            corner = (q[0], p[1]) if (h >> (k % 60)) & 1 else (p[0], q[1])
            grid += [corner, q]
        pts = grid
    return pts


def _round_path(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for lat, lng in points:
        p = (round(lat, 5), round(lng, 5))
        if not out or out[-1] != p:
            out.append(p)
    return out


def _landmass_at(p: Point) -> str | None:
    cc, continent, town_m = country_at(*p)
    return landmass(cc, continent, p[0], p[1], town_m)


def reachable(waypoints: tuple[Point, ...], mode: str) -> bool:
    """Whether a ``mode`` route can join the waypoints in order: no WALK or BICYCLE route
    crosses a sea, a DRIVE route only by a bridge, tunnel or car ferry (:mod:`mapsnb.sandbox.earth.land`)."""
    masses = [_landmass_at(p) for p in waypoints]
    return all(connected(a, b, mode) for a, b in itertools.pairwise(masses))


@functools.lru_cache(maxsize=512)
def build_path(waypoints: tuple[Point, ...], mode: str, variant: int = 0) -> tuple[Point, ...]:
    """Deterministic road-like path through ``waypoints`` in order, rounded to 1e-5 degrees;
    empty when no ``mode`` route exists (a sea between two waypoints, see :func:`reachable`).

    A path is never a single vertex: waypoints that are all one point give that point twice
    (a route of zero length, still a valid two-point polyline)."""
    if len(waypoints) < 2 or not reachable(waypoints, mode):
        return ()
    steps = plan(waypoints, mode)
    if steps is None:  # open water and no known bridge, tunnel or ferry for this mode
        return ()
    per_leg = max(8, MAX_VERTICES // (2 * len(steps)) - 2)
    path: list[Point] = []
    for i, step in enumerate(steps):
        a, b = step.a, step.b
        if step.link is not None:
            seg = [a, b]
        else:
            dist = haversine_m(a[0], a[1], b[0], b[1])
            n = max(8, min(per_leg, math.ceil(dist / 300)))
            seg = _leg(a, b, stable_int(mode, i), variant, n)
            if mode in DRY_MODES and open_water_m(seg):  # the curve strays off the shore
                seg = _straight(a, b, n)
        path += seg if not path else seg[1:]
    rounded = _round_path(path)
    return tuple(rounded if len(rounded) > 1 else rounded * 2)


def _straight(a: Point, b: Point, n: int) -> list[Point]:
    """``n + 1`` points on the straight line from ``a`` to ``b``."""
    dlng = (b[1] - a[1] + 540) % 360 - 180
    return [
        (a[0] + (b[0] - a[0]) * k / n, ((a[1] + dlng * k / n) + 540) % 360 - 180)
        for k in range(n + 1)
    ]
