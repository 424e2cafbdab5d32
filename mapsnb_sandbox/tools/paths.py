"""Synthetic road-like paths in the emulator: the geometry both route tools share.

Each leg is a smooth, gently bowed path through every waypoint in order (no right-angle
steps), shaped deterministically from a hash: on the way round a lake or a bay it follows the
corners :mod:`mapsnb_sandbox.earth.overland` found; out of town it is about
:data:`PLAIN_BENDS` times the straight line, more where the terrain is rugged (switchbacks);
its bends flatten where they would stray over water. A sea between two waypoints is crossed
only by a bridge, tunnel or ferry the travel mode may use. A last pass samples the drawn path
every 50 m and moves a stretch that grazes a shore onto the land beside it
(:func:`_bend_ashore`).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable

from mapsnb.polyline import haversine_m, path_length_m
from mapsnb_sandbox.contract.budget import call_bound, charged_cache
from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.earth.ashore import DRY_MODES, bridge_m
from mapsnb_sandbox.earth.crossings import Step, open_water_beyond_links, plan
from mapsnb_sandbox.earth.land import connected, landmass
from mapsnb_sandbox.earth.terrain import hilliness, ruggedness
from mapsnb_sandbox.earth.water import (
    _open_water,
    dry_near,
    is_land,
    open_water_m,
    shore_gap_m,
)
from mapsnb_sandbox.earth.water import _wet as _wet_at
from mapsnb_sandbox.world.cities import country_at

__all__ = ["MAX_VERTICES", "Point", "build_path", "hash_fraction", "reachable"]

Point = tuple[float, float]

MAX_VERTICES = 2000


def hash_fraction(h: int, shift: int) -> float:
    """A deterministic float in [0, 1) from 16 bits of ``h``."""
    return ((h >> shift) & 0xFFFF) / 0x10000


#: A road is this much longer than the straight line on a plain with a dense network, up to
#: :data:`HILL_BENDS` more in the mountains (growing with the square of the terrain's relief:
#: only the roughest ground winds much) and up to :data:`SPARSE_BENDS` more where the network
#: is sparse (towns far apart: few roads to choose from). Fitted on 130 published road
#: distances (``tests/sandbox/earth/crossings_corpus.py``).
PLAIN_BENDS, HILL_BENDS, SPARSE_BENDS = 1.2, 0.12, 0.08
#: Up to :data:`RANGE_BENDS` more where the line climbs over ranges (issue 40, h-andes: Lima-Cusco,
#: Manali-Leh, Bishkek-Osh run 1.7-2x the straight line): a road holds its grade to a few per
#: cent, so the more the ground goes up and down along the line (its
#: :func:`~mapsnb_sandbox.earth.terrain.hilliness`, beyond :data:`RANGE_CLIMB` metres per km,
#: full at ``RANGE_CLIMB + RANGE_CLIMB_SPAN``), the more switchbacks; weighted by the
#: ruggedness, as only high relief forces them (rolling hills are crossed straight).
RANGE_BENDS, RANGE_CLIMB, RANGE_CLIMB_SPAN = 0.3, 10.0, 20.0
#: Towns this far from a road's line on average make a network sparse.
SPARSE_TOWN_M = 40_000.0
#: Legs shorter than this are city streets: gentle curves only, no switchbacks.
CITY_M = 8000.0


def _curve(
    a: Point, b: Point, seed: int, variant: int, vertices: int, wiggle: float, scale: float
) -> list[Point]:
    """A smooth road-like path from ``a`` to ``b`` (both included): a gentle bow with smaller
    bends on it and, when ``wiggle`` > 0, switchbacks of that steepness (2πA/λ); every term
    fades out at both ends, so legs join without a kink."""
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
    amp1 = sign * length * (0.025 + 0.03 * hash_fraction(h, 8)) * (1 + 0.8 * variant) * scale
    amp2 = length * (0.03 * hash_fraction(h, 24) - 0.015) * (1 + variant) * scale
    amp3 = -sign * length * (0.006 + 0.005 * hash_fraction(h, 40)) * scale
    steps = max(8, vertices)
    waves = max(1, round(steps / 10)) if wiggle > 0 else 0
    amp_w = wiggle * length / waves / (2 * math.pi) * scale if waves else 0.0
    pts: list[Point] = []
    for k in range(steps + 1):
        t = k / steps
        fade = math.sin(math.pi * t)
        lat_off = (
            amp1 * fade
            + amp2 * math.sin(2 * math.pi * t)
            + amp3 * math.sin(7 * math.pi * t)
            + amp_w * math.sin(2 * math.pi * waves * t) * min(1.0, 4 * fade)
        )
        x, y = bx * t + nx * lat_off, by * t + ny * lat_off
        pts.append((a[0] + y / ky, ((a[1] + x / kx) + 540) % 360 - 180))
    pts[0], pts[-1] = a, b
    return pts


def _bends(a: Point, b: Point, mode: str) -> float:
    """How much longer than the straight line the road from ``a`` to ``b`` is: a plain's
    bends, plus switchbacks where the ground is rugged
    (:func:`~mapsnb_sandbox.earth.terrain.ruggedness`), plus detours where the network is
    sparse (:func:`_sparseness`)."""
    if haversine_m(a[0], a[1], b[0], b[1]) < CITY_M:
        return 1.0
    if mode in DRY_MODES:
        return PLAIN_BENDS
    rugged = ruggedness((a, b))
    hills = HILL_BENDS * rugged**2 + RANGE_BENDS * rugged * _range_climb(a, b)
    return PLAIN_BENDS + hills + SPARSE_BENDS * _sparseness(a, b)


def _range_climb(a: Point, b: Point) -> float:
    """0 where the ground along ``a``-``b`` climbs less than :data:`RANGE_CLIMB` m per km, to 1
    at ``RANGE_CLIMB + RANGE_CLIMB_SPAN`` or more (ranges crossed one after another)."""
    return min(1.0, max(0.0, (hilliness((a, b)) - RANGE_CLIMB) / RANGE_CLIMB_SPAN))


def _sparseness(a: Point, b: Point) -> float:
    """How sparse the road network round the line ``a``-``b`` is, 0 (towns every few km) to 1
    (towns :data:`SPARSE_TOWN_M` apart or more): the distance from the line's middle to the
    nearest town."""
    dlng = (b[1] - a[1] + 540) % 360 - 180
    mid = country_at((a[0] + b[0]) / 2, (a[1] + dlng / 2 + 540) % 360 - 180)[2]
    return min(1.0, mid / SPARSE_TOWN_M)


def _leg(
    a: Point,
    b: Point,
    seed: int,
    variant: int,
    vertices: int,
    mode: str = "DRIVE",
    scale: float = 1.0,
) -> list[Point]:
    """A road-like path from ``a`` to ``b`` about :func:`_bends` times the straight line."""
    target = _bends(a, b, mode)
    pts = _curve(a, b, seed, variant, vertices, 0.0, scale)
    if target <= 1.0:
        return pts
    straight = haversine_m(a[0], a[1], b[0], b[1])
    wiggle = 2.0 * math.sqrt(max(0.0, target * straight / path_length_m(pts) - 1))
    for _ in range(3):  # the length grows about as sqrt(1 + wiggle²): two corrections suffice
        pts = _curve(a, b, seed, variant, vertices, wiggle, scale)
        ratio = path_length_m(pts) / (target * straight)
        if abs(ratio - 1) < 0.02:
            break
        wiggle *= 1 + (1 / ratio - 1) * 2.5
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
    crosses a sea, a DRIVE route only by a bridge, tunnel or car ferry (:mod:`mapsnb_sandbox.earth.land`)."""
    masses = [_landmass_at(p) for p in waypoints]
    return all(connected(a, b, mode) for a, b in itertools.pairwise(masses))


@charged_cache(maxsize=512, context=call_bound)  # its plan is cut by the call's bound
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
    links: set[int] = set()  # the indices in path of the links' first points
    for i, step in enumerate(steps):
        a, b = step.a, step.b
        if step.link is not None:
            links.add(max(0, len(path) - 1))
            seg = [a, b]
        else:
            dist = haversine_m(a[0], a[1], b[0], b[1])
            n = max(8, min(per_leg, math.ceil(dist / 300)))
            shores = (a in waypoints, b in waypoints)
            seg = _ashore_leg(a, b, stable_int(mode, i), variant, n, mode, shores)
        path += seg if not path else seg[1:]
    ends = sorted({steps[0].a, steps[-1].b, *waypoints})
    bent = _bend_ashore(path, links, _own_water(steps, waypoints), ends)
    if mode in DRY_MODES and bent != path and open_water_beyond_links(bent) > 0:
        bent = path  # a walk the planners' own measure (runs of 150 m) finds wet: as drawn
    rounded = _round_path(bent)
    return tuple(rounded if len(rounded) > 1 else rounded * 2)


def _wet(seg: list[Point], mode: str, shores: tuple[bool, bool] = (True, True)) -> bool:
    """Whether a drawn leg strays over water: any open water for WALK and BICYCLE (water next
    to an end counts only where ``shores`` says the end is a waypoint on a shore), a run longer
    than a bridge (:func:`~mapsnb_sandbox.earth.ashore.bridge_m`) for the others."""
    if mode in DRY_MODES:
        return open_water_m(seg, shore_start=shores[0], shore_end=shores[1]) > 0
    leg = haversine_m(seg[0][0], seg[0][1], seg[-1][0], seg[-1][1])
    return open_water_m(seg, min_run_m=bridge_m(leg), step_m=250.0) > 0


def _ashore_leg(
    a: Point, b: Point, seed: int, variant: int, n: int, mode: str, shores: tuple[bool, bool]
) -> list[Point]:
    """:func:`_leg`, its bends flattened when they would stray over water. A city street
    along a shore (water within half a fine cell of its line) follows its line: its bow (5-20
    m, a hash's side) may lean into water the mask cannot see at that scale (Korsør's harbour
    front, 46 m by two wheels before round 16)."""
    base = _straight(a, b, n)
    if haversine_m(a[0], a[1], b[0], b[1]) < CITY_M and any(_wet_at(*p) for p in base):
        return base
    # A road leg's bends may add no water to its straight line's, every wet sample counted:
    # they would be an implicit bridge, or graze a shore the mask puts a few hundred metres off.
    limit = 0.0 if mode in DRY_MODES else _road_water_m(base, shores, first_only=False)
    if limit > 0 and _wet(base, mode, shores):  # a river a road bridges: straight over it
        return _bent_beside_water(base, seed, variant, mode)
    if mode in DRY_MODES and _wet(base, mode, shores):
        return _leg(a, b, seed, variant, n, mode, 0.0)
    for scale in (1.0, 0.4, 0.15):
        seg = _leg(a, b, seed, variant, n, mode, scale)
        if mode in DRY_MODES:
            if not _wet(seg, mode, shores):
                return seg
        elif limit == 0:  # the usual case: any wet sample on the bends is too much
            if _road_water_m(seg, shores, first_only=True) == 0:
                return seg
        elif not _wet(seg, mode, shores) and _road_water_m(seg, shores, False) <= limit:
            return seg
    return base if mode in DRY_MODES else _bent_beside_water(base, seed, variant, mode)


#: A road leg crossing more stretches of water than this is drawn straight.
MAX_WET_RUNS = 6


def _bent_beside_water(base: list[Point], seed: int, variant: int, mode: str) -> list[Point]:
    """The straight leg ``base`` with its bends kept on the dry stretches either side of the
    water its samples cross (:func:`_leg` on each, when its bends add no water), straight only
    over that water: a road that bridges a river or skirts a lake is no shorter than others
    (it was drawn straight, :func:`_bends`' length lost over hundreds of km)."""
    inner = [0 < k < len(base) - 1 and _wet_at(*p) for k, p in enumerate(base)]
    cuts = [0]
    for k in range(1, len(base)):
        if inner[k] != inner[k - 1]:
            cuts.append(k - 1 if inner[k] else k)
    cuts.append(len(base) - 1)
    if len(cuts) > 2 * MAX_WET_RUNS + 2:
        return base
    out = [base[0]]
    for i, j in itertools.pairwise(cuts):
        piece = base[i : j + 1]
        if j > i and not inner[i + 1 if j > i + 1 else j] and _far(base[i], base[j]):
            piece = _dry_bends(base[i], base[j], seed, variant, j - i, mode) or piece
        out += piece[1:]
    return out


def _far(p: Point, q: Point) -> bool:
    return haversine_m(p[0], p[1], q[0], q[1]) >= CITY_M


def _dry_bends(
    a: Point, b: Point, seed: int, variant: int, n: int, mode: str, depth: int = 3
) -> list[Point] | None:
    """:func:`_leg` from ``a`` to ``b``, bends scaled down until they touch no water; else
    each half so (down to ``depth`` halvings: shorter legs bow less), or ``None``."""
    for scale in (1.0, 0.4, 0.15):
        seg = _leg(a, b, seed, variant, max(8, n), mode, scale)
        if _road_water_m(seg, (False, False), first_only=True) == 0:
            return seg
    if depth == 0 or not _far(a, b) or n < 4:
        return None
    mid = _straight(a, b, 2)[1]
    if _wet_at(*mid):
        return None
    first = _dry_bends(a, mid, seed, variant, n // 2, mode, depth - 1) or _straight(a, mid, n // 2)
    last = _dry_bends(mid, b, seed, variant, n // 2, mode, depth - 1) or _straight(mid, b, n // 2)
    return first + last[1:]


def _road_water_m(seg: list[Point], shores: tuple[bool, bool], first_only: bool) -> float:
    """Water on a drawn road leg, every wet sample counted (250 m apart); ``first_only``:
    stop at the first run (a yes/no question)."""
    return _open_water(seg, shores[0], shores[1], 1.0, 250.0, first_only)


def _straight(a: Point, b: Point, n: int) -> list[Point]:
    """``n + 1`` points on the straight line from ``a`` to ``b``."""
    dlng = (b[1] - a[1] + 540) % 360 - 180
    return [
        (a[0] + (b[0] - a[0]) * k / n, ((a[1] + dlng * k / n) + 540) % 360 - 180)
        for k in range(n + 1)
    ]


#: The last pass looks for water along a drawn path this finely (the water check's own step).
FINE_M = 50.0
#: A stretch of water on a drawn path is bent through dry points at most this far aside;
#: water with no dry point that near (a river a road bridges) is kept.
ASIDE_M = 300.0


def _own_water(steps: tuple[Step, ...], waypoints: tuple[Point, ...]) -> list[tuple[Point, float]]:
    """The points whose water next to them is their own, with how far
    (:func:`~mapsnb_sandbox.earth.water.shore_allowance_m`): a route's ends and waypoints (or
    the dry points they are reached at) and the ends of the links it takes (piers, ramps)."""
    own = {steps[0].a, steps[-1].b, *waypoints}
    for s in steps:
        if s.link is not None:
            own |= {s.a, s.b}
    return [(p, shore_gap_m(round(p[0], 5), round(p[1], 5))) for p in sorted(own)]


def _bend_ashore(
    path: list[Point],
    links: set[int],
    own: list[tuple[Point, float]],
    ends: list[Point] | None = None,
) -> list[Point]:
    """``path`` with each stretch of water on it outside its links (samples :data:`FINE_M`
    apart, :func:`~mapsnb_sandbox.earth.water._wet`, beyond the ``own`` water of its ends and
    piers; a stretch runs across corners) moved to the land beside it (:func:`_bent`, at most
    :data:`ASIDE_M` aside): a way that grazes a shore, or cuts a cove's corner, keeps to the
    land. A stretch is moved only when the new way is dry (a river a road bridges stays).
    Within the own water of one of the route's ``ends``, a way keeps off the mask's shore
    (:func:`_hugs`)."""

    def wet(s: Point) -> bool:
        return _wet_at(*s) and all(haversine_m(s[0], s[1], e[0], e[1]) > r for e, r in own)

    out = _bend_runs(path, links, wet)
    if not ends:
        return out
    radius = dict(own)
    zones = [(e, radius.get(e, 0.0)) for e in ends]

    def hugs(s: Point) -> bool:  # a latitude test first: most samples are far from both ends
        near = [e for e, r in zones if abs(s[0] - e[0]) * 111_320 <= r]
        return bool(near) and _hugs(s, [e for e in near if haversine_m(*s, *e) <= radius[e]])

    pairs = {(path[i], path[i + 1]) for i in links}
    return _bend_runs(out, {i for i, pq in enumerate(itertools.pairwise(out)) if pq in pairs}, hugs)


def _bend_runs(path: list[Point], links: set[int], wet: Callable[[Point], bool]) -> list[Point]:
    """:func:`_bend_ashore`'s pass: each run of ``wet`` samples moved beside it, if it can."""
    # The path's corners and samples: (point, is a corner, may move); a link's two ends and
    # the path's ends stay, and no samples are taken on a link.
    last = len(path) - 1
    fixed = {0, last} | links | {i + 1 for i in links}
    dense = [(path[0], True, False)]
    for i, (p, q) in enumerate(itertools.pairwise(path)):
        if i not in links:
            dense += [(s, False, True) for s in _samples(p, q)]
        dense.append((q, True, i + 1 not in fixed))
    flags = [movable and wet(pt) for pt, _, movable in dense]
    out: list[Point] = []
    k = 0
    while k < len(dense):
        if not flags[k]:
            if dense[k][1]:
                out.append(dense[k][0])
            k += 1
            continue
        j = k
        while flags[j]:  # the path's last point never moves: the run ends before it
            j += 1
        bent = _bent([d[0] for d in dense[k - 1 : j + 1]], wet)
        if bent is None:
            out += [d[0] for d in dense[k:j] if d[1]]
        else:  # through the samples beside the run (on the drawn line)
            out += [*([] if dense[k - 1][1] else [dense[k - 1][0]]), *bent]
            out += [] if dense[j][1] else [dense[j][0]]
        k = j
    return out


#: A way near a route's end keeps this far from the mask's water (:func:`is_land`): about
#: half a 1/720° sub-cell (154 m north-south), how far the mask's shore may lie from the real
#: one, so a way that grazes it can be in the harbour (Kotor's shore street, 0-10 m off).
CLEAR_M = 75.0


@functools.lru_cache(maxsize=65536)
def _clearance_m(lat: float, lng: float) -> float:
    """How far the mask's water (not :func:`~mapsnb_sandbox.earth.water.is_land`) is from
    ``(lat, lng)``, on eight rays 25 m apart, out to :data:`CLEAR_M` (0: the point is wet)."""
    if not is_land(lat, lng):
        return 0.0
    k = 1 / 111_320
    kx = k / max(0.05, math.cos(math.radians(lat)))
    for r in (25.0, 50.0, CLEAR_M):
        for ang in range(0, 360, 45):
            dy, dx = r * math.sin(math.radians(ang)), r * math.cos(math.radians(ang))
            if not is_land(lat + dy * k, ((lng + dx * kx) + 540) % 360 - 180):
                return r
    return CLEAR_M


def _hugs(s: Point, ends: list[Point]) -> bool:
    """Whether ``s``, in the own water of a route's end (``ends``: those it is in) but more
    than :data:`CLEAR_M` from it, is closer than that to the mask's water: the end may sit on
    the shore, the way leaving it keeps off the shore the mask cannot place."""
    if not ends or any(haversine_m(s[0], s[1], e[0], e[1]) <= CLEAR_M for e in ends):
        return False
    return _clearance_m(round(s[0], 5), round(s[1], 5)) < CLEAR_M


def _samples(p: Point, q: Point) -> list[Point]:
    """Points every :data:`FINE_M` or less between ``p`` and ``q`` (both excluded)."""
    n = max(1, math.ceil(haversine_m(p[0], p[1], q[0], q[1]) / FINE_M))
    dlng = (q[1] - p[1] + 540) % 360 - 180
    return [
        (p[0] + (q[0] - p[0]) * k / n, ((p[1] + dlng * k / n) + 540) % 360 - 180)
        for k in range(1, n)
    ]


def _bent(stretch: list[Point], wet: Callable[[Point], bool]) -> list[Point] | None:
    """The wet points of ``stretch`` (all but its two dry ends) shifted sideways (square to
    the line between its ends, one side for all) to the first dry point within
    :data:`ASIDE_M`, and any wet sample between two of those likewise; the side with the
    shorter way, or ``None`` when neither side gives a dry way."""
    (lat0, lng0), (lat1, lng1) = stretch[0], stretch[-1]
    kx = math.cos(math.radians((lat0 + lat1) / 2))
    dx, dy = ((lng1 - lng0 + 540) % 360 - 180) * kx, lat1 - lat0
    norm = math.hypot(dx, dy)
    if norm == 0:
        return None
    ways = [_shifted(stretch, (-dy / norm * side, dx / norm * side), wet) for side in (1, -1)]
    found = [w for w in ways if w is not None] or [w for w in [_shifted(stretch, None, wet)] if w]
    return min(found, key=path_length_m)[1:-1] if found else None


def _shifted(
    stretch: list[Point], normal: tuple[float, float] | None, wet: Callable[[Point], bool]
) -> list[Point] | None:
    """:func:`_bent` on one side (``normal``: east and north, unit; ``None``: to the nearest
    dry point in any direction, a cove's corner), ``None`` if not dry."""
    way = [stretch[0]]
    for p in stretch[1:-1]:
        dry = _dry_side(p, normal, wet)
        if dry is None:
            return None
        way.append(dry)
    way.append(stretch[-1])
    out = [way[0]]
    for p, q in itertools.pairwise(way):
        for s in _samples(p, q):
            if wet(s):
                dry = _dry_side(s, normal, wet)
                if dry is None:
                    return None
                out.append(dry)
        out.append(q)
    return None if any(wet(s) for p, q in itertools.pairwise(out) for s in _samples(p, q)) else out


@functools.lru_cache(maxsize=8192)
def _dry_aside(lat: float, lng: float) -> Point | None:
    """The nearest point not :func:`~mapsnb_sandbox.earth.water._wet` on rings 50 m apart
    round ``(lat, lng)``, out to :data:`ASIDE_M`, or ``None``."""
    found = dry_near(lat, lng, ASIDE_M)
    return found[0] if found is not None else None


def _dry_side(
    p: Point, normal: tuple[float, float] | None, wet: Callable[[Point], bool]
) -> Point | None:
    """The first point not ``wet`` from ``p`` along ``normal``, 25 m apart, out to
    :data:`ASIDE_M` (``normal`` ``None``: the nearest on rings 50 m apart), or ``None``."""
    if normal is None:
        return _dry_aside(*p)
    k = 1 / 111_320
    kx = k / max(0.05, math.cos(math.radians(p[0])))
    for step in range(1, int(ASIDE_M / 25) + 1):
        r = step * 25.0
        q = (p[0] + normal[1] * r * k, ((p[1] + normal[0] * r * kx) + 540) % 360 - 180)
        if not wet(q):
            return q
    return None
