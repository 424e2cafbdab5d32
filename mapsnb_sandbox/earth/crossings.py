"""How a route crosses water: the bridges, tunnels and ferries the emulator knows.

``data/links.csv`` lists fixed links and ferries (both ends, the travel modes that may use
them, speed and boarding time). A leg whose straight line crosses open water (:mod:`.water`)
goes round it on land (:mod:`.overland`: round Lake Geneva, the Gulf of Thessaloniki) or over
the known link that carries the mode and takes less time (a ferry at its own speed, with its
boarding time); a leg with neither has no route, in every mode (live answers an empty
``routes`` list): no path ever crosses water outside a link. Roads cross water up to
:data:`~.ashore.BRIDGE_M` wide on bridges not listed (trunk legs: :data:`~.ashore.RIVER_BRIDGE_M`,
rivers), but never onto a small island (:func:`~.water.small_island`: Gulangyu, Suomenlinna, the
Lido need a listed link) and not where a way round on land is barely longer (a bay's corner,
Kotor): the ways on land are :mod:`.ashore`'s.
"""

from __future__ import annotations

import csv
import functools
import itertools
import math
from dataclasses import dataclass
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.budget import call_bound, charged_cache, current
from mapsnb_sandbox.earth.ashore import (
    DRIVE_WATER_M,
    DRY_MODES,
    ashore,
    dry_way,
    land_way,
    line_m,
    road_dry,
    way_m,
)
from mapsnb_sandbox.earth.overland import overland, shorter_round
from mapsnb_sandbox.earth.sides import same_side, sides
from mapsnb_sandbox.earth.water import crosses_open_water

__all__ = [
    "LINKS_CSV",
    "Crossing",
    "Step",
    "crossings",
    "link_cost",
    "open_water_beyond_links",
    "plan",
]

LINKS_CSV = Path(__file__).resolve().parents[1] / "data" / "links.csv"
Point = tuple[float, float]
#: Links farther out of the way than this (ratio to the direct line, plus slack) are not tried.
_DETOUR_RATIO, _DETOUR_SLACK_M = 2.0, 25_000.0
#: Two links are chained only when this close (the Golden Horn, then the Bosphorus).
_CHAIN_M = 20_000.0


@dataclass(frozen=True)
class Crossing:
    """One row of ``links.csv``."""

    name: str
    kind: str  # bridge | tunnel | ferry
    modes: frozenset[str]
    a: Point
    b: Point
    speed_kmh: float
    board_min: float

    @property
    def meters(self) -> float:
        return haversine_m(self.a[0], self.a[1], self.b[0], self.b[1])

    @property
    def seconds(self) -> float:
        return self.meters / (self.speed_kmh / 3.6) + 60 * self.board_min


@dataclass(frozen=True)
class Step:
    """A piece of a route: a road from ``a`` to ``b``, or a known ``link`` from ``a`` to ``b``."""

    a: Point
    b: Point
    link: Crossing | None = None


@functools.cache
def crossings() -> tuple[Crossing, ...]:
    """All known links (read once)."""
    with LINKS_CSV.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    return tuple(
        Crossing(r["name"], r["kind"], frozenset(r["modes"].split()), *_ends_of(r), *_pace(r))
        for r in rows
    )


def _ends_of(r: dict[str, str]) -> tuple[Point, Point]:
    return (float(r["a_lat"]), float(r["a_lng"])), (float(r["b_lat"]), float(r["b_lng"]))


def _pace(r: dict[str, str]) -> tuple[float, float]:
    return float(r["speed_kmh"]), float(r["board_min"])


def _roads(points: tuple[Point, ...]) -> list[Step]:
    return [Step(p, q) for p, q in itertools.pairwise(points)]


def _ends(mode: str) -> list[tuple[Point, Point, Crossing]]:
    """Both directions of every link ``mode`` may use."""
    return [
        (p, q, link)
        for link in crossings()
        if mode in link.modes
        for p, q in ((link.a, link.b), (link.b, link.a))
    ]


#: Road metres worth one second (about 90 km/h): how link times compare with roads.
_ROAD_MPS = 25.0
#: A road takes this much longer than its straight joins (bends) when ways are compared.
_BENDS = 1.2


_Plan = tuple[float, str, list[tuple[Point, Point, "Crossing | None"]]]


def _plans(a: Point, b: Point, mode: str, direct: float) -> list[_Plan]:
    """Ways from ``a`` to ``b`` over one or two known links within the detour limit, with
    their estimated time."""
    limit = direct * _DETOUR_RATIO + _DETOUR_SLACK_M
    ends = [e for e in _ends(mode) if line_m(a, e[0]) + e[2].meters + line_m(e[1], b) <= limit]
    plans: list[_Plan] = []
    for p, q, link in ends:
        cost = (line_m(a, p) + line_m(q, b)) * _BENDS / _ROAD_MPS + link.seconds
        plans.append((cost, link.name, [(a, p, None), (p, q, link), (q, b, None)]))
    for (p1, q1, l1), (p2, q2, l2) in itertools.permutations(ends, 2):
        if l1 is not l2 and line_m(q1, p2) < _CHAIN_M:
            road = line_m(a, p1) + line_m(q1, p2) + line_m(q2, b)
            if road + l1.meters + l2.meters <= limit:
                cost = road * _BENDS / _ROAD_MPS + l1.seconds + l2.seconds
                parts = [(a, p1, None), (p1, q1, l1), (q1, p2, None), (p2, q2, l2), (q2, b, None)]
                plans.append((cost, f"{l1.name}+{l2.name}", parts))
    return plans


#: A plan whose road parts drive more than this many times their straight joins goes far round
#: (the link lands on the wrong side of more water): the next plans are tried, up to
#: :data:`_MORE_PLANS` of them, while their bound is below what it drives. At 1.6, San Jose to
#: Santa Rosa drove 1.57 times its straight joins round the Delta over an Alameda bridge and was
#: costed as straight, beating the way on land over the Carquinez Strait (262 km, not 159).
_FAR_ROUND, _MORE_PLANS = 1.3, 3
#: No plan is tried once the plan spent this share of the call's bound (:func:`_spent_share`):
#: a walk Bujumbura-Ghana tried 16 city ferries 2,000 km away, each with grid searches, and hit
#: the bound; it says "no route" (a count of plans would cut off Los Angeles–San Francisco).
_PLANS_SHARE = 0.5


#: Calls with more plans than this tell the sides of their points first (:mod:`.sides`):
#: plans whose road parts stay on one side are tried before the others, and chains skip
#: road parts between two sides.
_SIDED_PLANS = 16


def _sides_of(a: Point, b: Point, mode: str, direct: float) -> dict[Point, int]:
    """The side (:func:`~.sides.sides`) of ``a``, ``b`` and every end of a link within the
    detour limit."""
    limit = direct * _DETOUR_RATIO + _DETOUR_SLACK_M
    ends = [e for e in _ends(mode) if line_m(a, e[0]) + e[2].meters + line_m(e[1], b) <= limit]
    pts = (a, b, *(x for p, q, _ in ends for x in (p, q)))
    return dict(zip(pts, sides(pts), strict=True))


def _spent_share(start: int) -> float:
    """The share of the call's bound the plan spent since its ``start`` (``Budget.work``: cached
    results at full cost, so a plan is the same cold or warm; 0 when unbounded)."""
    bound = call_bound()
    return (current().work - start) / bound if bound else 0.0


def _linked(
    mode: str, plans: list[_Plan], best: tuple[float, str, list[Step]] | None, start: int
) -> tuple[float, str, list[Step]] | None:
    """The quickest plan whose road parts all have a way on land, if quicker than ``best``.

    Plans are tried by their straight road joins (a lower bound). The first with ways on land
    is kept unless its roads go far round (:data:`_FAR_ROUND`: Vancouver's Burrard bridge
    lands on the wrong side of Burrard Inlet, 70 km round by Port Moody): then it costs what
    it drives and the next few plans are tried against it."""
    found: tuple[float, str, list[Step]] | None = None
    tries = 0
    for k, (cost, name, parts) in enumerate(sorted(plans, key=lambda o: (o[0], o[1]))):
        bar = min((x[0] for x in (best, found) if x is not None), default=None)
        if (bar is not None and cost >= bar) or tries > _MORE_PLANS:
            break
        if k and _spent_share(start) > _PLANS_SHARE:
            break
        tries += found is not None
        steps, road_m, straight_m = _ways(mode, parts)
        if steps is None:
            continue
        actual = cost
        if road_m > straight_m * _FAR_ROUND:
            links_s = sum(via.seconds for _, _, via in parts if via is not None)
            actual = road_m * _BENDS / _ROAD_MPS + links_s
        if found is None or (actual, name) < (found[0], found[1]):
            found = (actual, name, steps)
        if actual == cost:
            break
    if found is None or (best is not None and found[0] >= best[0]):
        return None
    return found


def _ways(
    mode: str, parts: list[tuple[Point, Point, Crossing | None]]
) -> tuple[list[Step] | None, float, float]:
    """The steps of a plan's ``parts`` (its road parts on land, :func:`~.ashore.land_way`), or
    ``None`` when one has no way; with the road parts' metres as found and as straight lines."""
    steps: list[Step] = []
    road_m = straight_m = 0.0
    for k, (p, q, via) in enumerate(parts):
        if via is not None:
            steps.append(Step(p, q, via))
            continue
        way = _road_part(p, q, mode, k > 0, k < len(parts) - 1)
        if way is None:
            return None, 0.0, 0.0
        road_m += way_m(way)
        straight_m += line_m(p, q)
        steps += _roads(way)
    return steps, road_m, straight_m


#: Chains of links (:func:`~.chains.chained`) are sought when the best way costs more than this
#: many times the straight line's: Jutland, Funen, Zealand, Sweden (Lyon-Stockholm went round).
_CHAIN_WORTH = 1.5


def _chained(
    a: Point, b: Point, mode: str, direct: float, bar: float, side: dict[Point, int]
) -> tuple[float, str, list[Step]] | None:
    """The quickest chain of links (:func:`~.chains.chained`) under ``bar`` seconds; its road
    parts on land (:func:`_road_part`, costed as driven when far round)."""
    from mapsnb_sandbox.earth.chains import Link, chained

    limit = direct * _DETOUR_RATIO + _DETOUR_SLACK_M
    ends = [e for e in _ends(mode) if line_m(a, e[0]) + e[2].meters + line_m(e[1], b) <= limit]
    pts = [a, b, *(x for p, q, _ in ends for x in (p, q))]

    def road(u: int, v: int) -> tuple[float, tuple[Point, ...] | None]:
        way = _road_part(pts[u], pts[v], mode, u > 1, v > 1)
        far = way is not None and way_m(way) > line_m(pts[u], pts[v]) * _FAR_ROUND
        cost = math.inf if way is None else (way_m(way) if far else line_m(pts[u], pts[v]))
        return cost * _BENDS / _ROAD_MPS, way

    def guess(p: Point, q: Point) -> float:  # at best: the straight line, with bends
        return line_m(p, q) * _BENDS / _ROAD_MPS

    links: list[Link] = [e[2] for e in ends]
    found = chained(pts, links, bar, functools.partial(same_side, side=side), road, guess)
    if found is None:
        return None
    steps: list[Step] = []
    for p, q, link, way in found[2]:
        steps += [Step(p, q, link)] if isinstance(link, Crossing) else _roads(way or (p, q))
    return found[0], found[1], steps


def _road_part(p: Point, q: Point, mode: str, p_end: bool, q_end: bool) -> tuple[Point, ...] | None:
    """A plan's road part on land (:func:`~.ashore.land_way`), from or to a link's end (``p_end``,
    ``q_end``) by a short approach when the part has no way from the end itself: a short part,
    or a walk's whose grid way clips water beside an end on a strip between two waters (El
    Qantara's ferry, west of the Suez Canal: the grid found a way, the walk's check refused it)."""
    way = land_way(p, q, mode)
    if way is None and (line_m(p, q) <= _APPROACH_LEG_M or (mode in DRY_MODES and overland(p, q))):
        way = _approached(p, q, mode, p_end=p_end, q_end=q_end)
    return way


#: A link's end is approached from dry points this far round it (metres; within the pier a
#: link's end is forgiven), when no way on land leaves the end itself: an end snapped to the
#: margin's edge can sit on a strip the grid search reads as water (Eceabat's quay, the
#: Harbour Bridge's north end).
_APPROACH_M, _APPROACH_DIRS = (120.0, 240.0), 8
#: At most this many approaches are tried (each may search the grid), and only on road parts
#: up to this long (metres) but walks' ways the grid found: a longer part that fails (Paris to a
#: Channel port on a plan that cannot work) is not searched again a dozen times in the bound.
_APPROACH_TRIES, _APPROACH_LEG_M = 4, 10_000.0


def _around(p: Point) -> list[Point]:
    """Dry points (not :func:`~.water._wet`) on rings :data:`_APPROACH_M` round ``p``."""
    from mapsnb_sandbox.earth.water import _wet

    k = 1 / 111_320
    kx = k / max(0.05, math.cos(math.radians(p[0])))
    out: list[Point] = []
    for r in _APPROACH_M:
        for i in range(_APPROACH_DIRS):
            ang = 2 * math.pi * i / _APPROACH_DIRS
            q = (round(p[0] + r * math.sin(ang) * k, 5), round(p[1] + r * math.cos(ang) * kx, 5))
            if not _wet(*q):
                out.append(q)
    return out


@charged_cache(maxsize=1024)
def _approached(
    p: Point, q: Point, mode: str, p_end: bool, q_end: bool
) -> tuple[Point, ...] | None:
    """A way from ``p`` to ``q`` whose link ends (``p_end``, ``q_end``) are left by a short
    approach to a dry point nearby (:func:`_around`), the first that has a way on land; or
    ``None``."""
    starts = [p, *_around(p)] if p_end else [p]
    stops = [q, *_around(q)] if q_end else [q]
    pairs = [(s, t) for s in starts for t in stops if (s, t) != (p, q)]
    for s, t in pairs[:_APPROACH_TRIES]:
        way = land_way(s, t, mode)
        if way is not None:
            return ((p,) if s != p else ()) + way + ((q,) if t != q else ())
    return None


#: An implicit bridge (:func:`~.ashore.road_dry`'s water up to :data:`~.ashore.BRIDGE_M`, where no bridge is
#: listed) costs this many road metres more than its straight line when a listed link competes:
#: a listed bridge or ferry is where roads do cross, the implicit one a guess (False Creek by
#: road went straight over the water beside the Burrard and Granville bridges).
_IMPLICIT_BRIDGE_M = 2000.0


def _land_cost(way: tuple[Point, ...]) -> float:
    """Seconds a road ``way`` takes when compared with linked plans: its metres with bends,
    plus :data:`_IMPLICIT_BRIDGE_M` when it is a straight line over water (an implicit bridge)."""
    metres = way_m(way)
    if len(way) == 2 and crosses_open_water(way[:2]):
        metres += _IMPLICIT_BRIDGE_M / _BENDS
    return metres * _BENDS / _ROAD_MPS


def _pair(a: Point, b: Point, mode: str, start: int) -> list[Step] | None:
    """Steps from ``a`` to ``b``: on land when a way round stays near enough, else over one or
    two known links (the quickest; plans cut by :func:`_spent_share`), else none (WALK, BICYCLE)."""
    direct = line_m(a, b)
    if direct < 1:
        return [Step(a, b)]
    walk = mode in DRY_MODES
    if walk or direct <= DRIVE_WATER_M:
        way = ashore(a, b)
        if way is not None and (not walk or dry_way(way)):
            return _roads(way if walk else shorter_round(a, b, way))
    elif road_dry(a, b):
        return [Step(a, b)]
    options: list[tuple[float, str, list[Step]]] = []
    land = land_way(a, b, mode)
    if land is not None:
        options.append((_land_cost(land), "", _roads(land)))
    best = min(options, default=None)
    plans = _plans(a, b, mode, direct)
    side = _sides_of(a, b, mode, direct) if len(plans) > _SIDED_PLANS else {}
    sided = [o for o in plans if all(same_side(p, q, side) for p, q, v in o[2] if v is None)]
    others = [o for o in plans if o not in sided]
    linked = _linked(mode, sided, best, start) or _linked(mode, others, best, start)
    if linked is not None:
        options.append(linked)
    bar = min((o[0] for o in options), default=math.inf)
    if not walk and bar > direct * _CHAIN_WORTH * _BENDS / _ROAD_MPS:
        chained = _chained(a, b, mode, direct, bar, side)
        if chained is not None:
            options.append(chained)
    if options:
        return min(options, key=lambda o: (o[0], o[1]))[2]
    return None  # no way ashore and no link that carries the mode: no route, never a swim


@charged_cache(maxsize=512, context=call_bound)  # cut by the call's bound
def plan(waypoints: tuple[Point, ...], mode: str) -> tuple[Step, ...] | None:
    """The steps of a ``mode`` route through ``waypoints``; ``None`` when open water without a
    usable link separates two of them. A waypoint in water (a lake's or a bay's own point) is
    reached at the nearest dry point on land its roads can leave (:func:`~.landing.landing`)."""
    from mapsnb_sandbox.earth.landing import landing

    steps: list[Step] = []
    start = current().work
    dry_points = [landing(p) for p in waypoints]
    for a, b in itertools.pairwise(dry_points):
        pair = _pair(a, b, mode, start)
        if pair is None:
            return None
        steps += pair
    return tuple(steps)


def link_cost(waypoints: tuple[Point, ...], mode: str) -> tuple[float, float]:
    """``(metres, seconds)`` the route spends on links (ferries, shuttles, bridges)."""
    steps = plan(waypoints, mode) or ()
    links = [s.link for s in steps if s.link is not None]
    return sum(x.meters for x in links), sum(x.seconds for x in links)


def open_water_beyond_links(path: tuple[Point, ...] | list[Point]) -> float:
    """Metres of a route's path over open water, not counting its known links (a bridge or a
    ferry crosses water by design): what no WALK or BICYCLE route may have."""
    from mapsnb_sandbox.earth.water import open_water_m

    ends = {
        frozenset({(round(x.a[0], 5), round(x.a[1], 5)), (round(x.b[0], 5), round(x.b[1], 5))})
        for x in crossings()
    }
    total, piece = 0.0, [path[0]] if path else []
    for p, q in itertools.pairwise(path):
        if frozenset({(round(p[0], 5), round(p[1], 5)), (round(q[0], 5), round(q[1], 5))}) in ends:
            total += open_water_m(piece)
            piece = [q]
        else:
            piece.append(q)
    return total + open_water_m(piece)
