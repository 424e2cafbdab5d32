"""A way over land between two points when the straight line crosses a sea or a lake.

A small A* search on a grid laid over the two points (cells of about 1/60 of the distance,
between 400 m and 20 km; at most :data:`BUDGET` cells), stepping only on land cells of
:func:`~mapsnb_sandbox.earth.water.is_land` with half a 1 km cell to spare, then pulled tight: the way keeps only the corners
it needs to stay ashore (the shore of Lake Geneva round its east end, the coast of a bay).
Deterministic: the same two points always give the same way.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable, Iterable, Iterator

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.budget import charged_cache, current
from mapsnb_sandbox.earth.water import (
    WaterLines,
    _wet,
    crosses_water_line,
    shore_allowance_m,
    water_lines_within,
)

__all__ = ["BUDGET", "apart", "clear", "overland", "shorter_round"]

Point = tuple[float, float]
#: Most grid cells one search may look at.
BUDGET = 40_000
#: A way longer than this many times the straight line (plus :data:`SLACK_M`) is not sought.
MAX_RATIO, SLACK_M = 4.0, 60_000.0
_MOVES = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)]


def _m(p: Point, q: Point) -> float:
    return haversine_m(p[0], p[1], q[0], q[1])


def clear(
    p: Point, q: Point, step_m: float, ends: tuple[Point, ...] = (), lines: WaterLines = ()
) -> bool:
    """Whether every sample of the line ``p``-``q`` (``step_m`` apart) is land, samples within
    the :func:`~mapsnb_sandbox.earth.water.shore_allowance_m` of one of ``ends`` excepted, and
    the line crosses none of the water ``lines`` (a canal, a river the grid marks as land)."""
    if lines and crosses_water_line(p, q, lines):
        return False
    n = max(1, math.ceil(_m(p, q) / step_m))
    allow = [(e, shore_allowance_m(e)) for e in ends]
    dlng = (q[1] - p[1] + 540) % 360 - 180
    budget = current()
    for k in range(1, n):
        budget.check()
        t = k / n
        s = (p[0] + (q[0] - p[0]) * t, (p[1] + dlng * t + 540) % 360 - 180)
        if _wet(*s) and all(_m(s, e) > r for e, r in allow):
            return False
    return True


#: A second, finer search (cells of 1/240 of the distance, a narrower box) when the first
#: fails on legs up to this long: a way through a delta's or a lagoon's narrow land (the
#: causeways of Abu Dhabi) that cells of 1/60 of the distance step over.
FINE_SEARCH_M = 400_000.0


@charged_cache(maxsize=1024)
def overland(a: Point, b: Point) -> tuple[Point, ...] | None:
    """Points from ``a`` to ``b`` whose straight joins stay on land (samples a third of a cell
    apart), or ``None`` when no such way within :data:`MAX_RATIO` is found (on a coarse grid,
    then, up to :data:`FINE_SEARCH_M`, a finer one)."""
    if _m(a, b) > FINE_SEARCH_M:  # no finer search: the ends' own cells count as land
        return _long_way(a, b) or _staged(a, b)
    way = _searched(a, b)
    return way if way is not None else _through(a, _narrow_stages(a, b))


def _searched(a: Point, b: Point) -> tuple[Point, ...] | None:
    """The coarse grid's way from ``a`` to ``b``, else the finer one's, else (a leg up to two
    stages long) the finer one's over a box :data:`WIDE_SHARE` wider: a town's peninsula runs
    far beyond the leg's box before its neck (Dakhla's), else ``None``."""
    way = _overland(a, b, 60.0, 0.75) or _overland(a, b, 240.0, 0.25, fine=True)
    if way is None and _m(a, b) <= 2 * NARROW_STAGE_M:
        way = _overland(a, b, 240.0, WIDE_SHARE, fine=True)
    return way


#: An end on narrow land the leg's grids do not resolve (a town on a peninsula joined by a
#: neck a kilometre wide: Dakhla's, 300 km from Boujdour) is joined to the rest of the leg
#: through a dry point this far from it (:func:`_narrow_stages`), found by its own finer search.
NARROW_STAGE_M = 40_000.0
#: Degrees off the line to the other end tried for that point, in order.
_STAGE_TURNS = (0.0, 35.0, -35.0, 70.0, -70.0)
#: The margin of a short leg's last search, as a share of its length.
WIDE_SHARE = 0.5


def _stage_points(p: Point, q: Point, dist: float) -> list[Point]:
    """Dry points ``dist`` from ``p`` towards ``q``, turned by :data:`_STAGE_TURNS`."""
    k = dist / _m(p, q)
    kx = max(0.05, math.cos(math.radians(p[0])))
    dy, dx = q[0] - p[0], ((q[1] - p[1] + 540) % 360 - 180) * kx
    out = []
    for turn in _STAGE_TURNS:
        c, s = math.cos(math.radians(turn)), math.sin(math.radians(turn))
        st = (p[0] + k * (dy * c + dx * s), (p[1] + k * (dx * c - dy * s) / kx + 540) % 360 - 180)
        if not _wet(*st):
            out.append(st)
    return out


@charged_cache(maxsize=1024)
def _narrow_stages(a: Point, b: Point) -> tuple[tuple[Point, Point, Point], ...]:
    """For a leg up to :data:`FINE_SEARCH_M` (longer than two stages) with an end whose land
    in the finer grid is enclosed (fewer than :data:`ENCLOSED_CELLS` cells: a peninsula's or an
    island's), ``(end, stage, other end)`` for the :func:`_stage_points` :data:`NARROW_STAGE_M`
    from that end the finer grids' cheap checks find cut from neither end (an island's
    stages are: no search follows)."""
    if not 2 * NARROW_STAGE_M < _m(a, b) <= FINE_SEARCH_M:
        return ()
    ends = _overland(a, b, 240.0, 0.25, True, check_only=True, lone=ENCLOSED_CELLS) or ()
    return tuple(
        (p, st, q)
        for p, q in ((a, b), (b, a))
        if p in ends
        for st in _stage_points(p, q, NARROW_STAGE_M)
        if _overland(p, st, 240.0, WIDE_SHARE, True, check_only=True)
        and _overland(st, q, 240.0, 0.25, True, check_only=True)
    )


@charged_cache(maxsize=1024)
def _narrow_way(a: Point, b: Point) -> tuple[Point, ...] | None:
    """The way from ``a`` to ``b`` through a :func:`_narrow_stages` stage whose land in the
    finer grid of the stage's leg to the other end holds that end (a flood, no cell limit), or
    ``None``: what :func:`apart` asks before a road leg is searched. The flood keeps the grid
    searches off stages the cheap checks let through on land of its own bigger than their
    limit (Helsingør's leg to Hamburg staged in Skåne; Fredericia's to Gothenburg in Jutland,
    which made the chained links' plans run out of work: Gothenburg-Hamburg "no route").
    Only an end whose land in the leg's finer grid lies within :data:`NECK_REACH_M` of it is
    staged: a peninsula whose neck a stage can pass, not an island's or a coast's land the
    box cuts off (Zealand's, Jutland's), which a stage would not leave."""
    necked = _overland(a, b, 240.0, 0.25, True, lone=ENCLOSED_CELLS, reach_m=NECK_REACH_M) or ()
    joined = (  # a stage whose land in that grid never reaches the other end is left out
        (p, stage, q)
        for p, stage, q in (_narrow_stages(a, b) if necked else ())
        if p in necked
        and not _overland(stage, q, 240.0, 0.25, True, lone=JOINED_CELLS, lone_ends=1)
    )
    return _through(a, joined)


def _through(a: Point, stages: Iterable[tuple[Point, Point, Point]]) -> tuple[Point, ...] | None:
    """The first way :func:`_via` finds through one of ``stages`` (``(end, stage, other end)``,
    tried in turn, an end being ``a`` or the leg's other end), turned to run from ``a``; ``None``
    when none is found."""
    for p, stage, q in stages:
        way = _via(p, stage, q)
        if way is not None:
            return way if p == a else way[::-1]
    return None


#: An end on land the leg's finer grid cuts off reaching farther than this from it is not
#: on a peninsula a stage :data:`NARROW_STAGE_M` away passes the neck of (:func:`_narrow_way`).
NECK_REACH_M = 1.5 * NARROW_STAGE_M
#: A flood's cell limit above any grid's size (:data:`BUDGET`, rounded up per side): land the
#: flood leaves enclosed never reaches the other end.
JOINED_CELLS = 4 * BUDGET


@charged_cache(maxsize=1024)
def _via(p: Point, stage: Point, q: Point) -> tuple[Point, ...] | None:
    """The way from ``p`` through ``stage`` to ``q`` (each part :func:`_searched`), or
    ``None``."""
    head = _searched(p, stage)
    rest = _searched(stage, q) if head is not None else None
    return None if head is None or rest is None else head + rest[1:]


def _long_way(a: Point, b: Point) -> tuple[Point, ...] | None:
    """The coarse grid's way for a leg longer than :data:`FINE_SEARCH_M`, its first and last
    joins kept ashore (:func:`_ends_ashore`)."""
    way = _overland(a, b, 60.0, 0.75, own_cells=True)
    if way is None or len(way) <= 2:
        return way
    return _ends_ashore(way, a, b) or _ends_ashore(_cut(way), a, b)


#: A long leg's end that the coarse grid reads as a land cell of its own (an indented coast of
#: mangroves and islets, whose neighbouring cells' centres are wet: the mainland end of
#: Phuket's Sarasin Bridge on Phang Nga Bay, so Bangkok-Phuket went by Penang) is joined to
#: the grid from a point this far along the leg, by a finer search (:func:`_staged`).
STAGE_M = 40_000.0


#: An end whose land, as the coarse grid reads it, is fewer cells than this is a cell of its own
#: (not an island's coast: Stockholm's, which the box does not reach round the Baltic from).
LONE_CELLS = 4


@charged_cache(maxsize=1024)
def _stages(a: Point, b: Point) -> list[tuple[Point, Point]]:
    """The leg with its first end, its last end, then both moved :data:`STAGE_M` along it,
    where that end is a cell of its own in the coarse grid, to the first dry point of
    :func:`_stage_points` (straight along it, else turned off it: Dakhla's line north runs
    over the sea beside its peninsula)."""
    lone = _overland(a, b, 60.0, 0.75, own_cells=True, check_only=True, lone=LONE_CELLS) or ()

    def toward(p: Point, q: Point) -> Point | None:
        return next(iter(_stage_points(p, q, STAGE_M)), None) if p in lone else None

    sa, sb = toward(a, b), toward(b, a)
    pairs = [(sa, b), (a, sb), (sa, sb)]
    return [(p, q) for p, q in pairs if p is not None and q is not None]


def _staged(a: Point, b: Point) -> tuple[Point, ...] | None:
    """A long leg's way through a staged end (:func:`_stages`): the coarse grid's way between
    the stages, the finer search's from each end to its stage; ``None`` if none joins."""
    for sa, sb in _stages(a, b):
        if _overland(sa, sb, 60.0, 0.75, own_cells=True, check_only=True) is None:
            continue
        mid = _long_way(sa, sb)
        head = overland(a, sa) if mid is not None and sa != a else (a,)
        tail = overland(sb, b) if mid is not None and sb != b else (b,)
        if mid is not None and head is not None and tail is not None:
            return head[:-1] + mid + tail[1:]
    return None


@charged_cache(maxsize=1024)
def apart(a: Point, b: Point) -> bool:
    """Whether :func:`overland` would find no way because one end is on land of its own in
    the search's grids (:func:`_enclosed`: an island, a coast cut off within the box), told
    without searching the box: a long road leg not worth side points (:mod:`.crossings`)."""
    if _overland(a, b, 60.0, 0.75, own_cells=_m(a, b) > FINE_SEARCH_M, check_only=True):
        return False
    if _m(a, b) > FINE_SEARCH_M:  # an end of a cell of its own may join from its stage
        return not any(
            _overland(p, q, 60.0, 0.75, own_cells=True, check_only=True) for p, q in _stages(a, b)
        )
    return not _overland(a, b, 240.0, 0.25, True, check_only=True) and _narrow_way(a, b) is None


#: A long way's first and last joins are checked for water this far from its ends only
#: (:func:`_cut`); beyond, the coarse grid's own check stands.
END_JOIN_M = 150_000.0


def _cut(way: tuple[Point, ...]) -> tuple[Point, ...]:
    """``way`` with a corner added :data:`END_JOIN_M` from each end on a first or last join
    longer than :data:`FINE_SEARCH_M`: a finer search can then mend the join's part near
    the end (:func:`_ends_ashore`, tried when the way as found fails), which failed outright
    when the join ran 1,000 km (Lyon to the Little Belt: a wet sample at the Rhine)."""

    def at(p: Point, q: Point) -> Point:
        t = END_JOIN_M / _m(p, q)
        dlng = (q[1] - p[1] + 540) % 360 - 180
        return (p[0] + (q[0] - p[0]) * t, (p[1] + dlng * t + 540) % 360 - 180)

    out = list(way)
    if _m(out[0], out[1]) > FINE_SEARCH_M:
        out.insert(1, at(out[0], out[1]))
    if _m(out[-1], out[-2]) > FINE_SEARCH_M:
        out.insert(len(out) - 1, at(out[-1], out[-2]))
    return tuple(out)


def _ends_ashore(way: tuple[Point, ...], a: Point, b: Point) -> tuple[Point, ...] | None:
    """``way`` whose first and last joins, from an end in a cell the coarse grid reads as water
    (Sydney's, Darwin's: a town on a harbour), stay ashore: each wet one is replaced by a
    finer search's way, else a coarser one's over a wider box (the head of a fjord beyond the
    finer one's margin: Kolding's, on the way to the Little Belt; Darwin's harbour; a long
    join past Lake Vänern), or ``None`` if neither finds one."""
    step = max(100.0, min(_m(way[0], way[1]), _m(way[-2], way[-1])) / 30)
    joins = [(way[0], way[1]), (way[-2], way[-1])] if len(way) > 2 else [(way[0], way[1])]
    out = list(way)
    for p, q in joins:
        if clear(p, q, step, (a, b)):
            continue
        sub = _overland(p, q, 240.0, 0.25, fine=True) if _m(p, q) <= FINE_SEARCH_M else None
        if sub is None:  # a long join (past Lake Vänern), a wide way round (a fjord's head)
            sub = _overland(p, q, 60.0, 0.75)
        if sub is None:
            return None
        i = out.index(p)
        out[i : i + 2] = sub
    return tuple(out)


#: Cells up to this size resolve a town's own bay: wet cells next to an end must be reached
#: from it over its shore allowance only (:func:`_reached`).
STRICT_CELL_M = 600.0
#: Coarser cells next to an end count as land within its shore allowance plus 3/4 of a cell,
#: but never more than this: a town on a point, not a bay a kilometre wide (Puno's).
END_CELL_M = 750.0


def _overland(
    a: Point,
    b: Point,
    divisions: float,
    share: float,
    fine: bool = False,
    own_cells: bool = False,
    check_only: bool = False,
    lone: int = 0,
    lone_ends: int = 2,
    reach_m: float = math.inf,
) -> tuple[Point, ...] | None:
    """:func:`overland` on a grid of cells of 1/``divisions`` of the distance over a box with
    a margin of ``share`` of it; ``fine``: cells down to 100 m and a margin down to 3 km (a
    walk along a waterfront, a peninsula's streets), not 400 m and 30 km. Wet cells next to
    an end count as land only when reached from it over no more water than its shore
    allowance when cells are up to :data:`STRICT_CELL_M` (:func:`_reached`), else anywhere
    within the allowance and 3/4 of a cell (a town on a point coarse cells do not resolve);
    ``own_cells``: the ends' own cells count as land whatever their centre (Sydney's cell is
    in the sea: :func:`_ends_ashore` then checks the first and last joins); ``lone``: only the
    ends whose land in the grid is fewer than ``lone`` cells, no search (``lone_ends``: of
    ``a`` only when 1), nor reaching farther than ``reach_m`` from the end."""
    direct = _m(a, b)
    if direct < 1:
        return (a, b)
    lat0 = (a[0] + b[0]) / 2
    kx = 111_320 * max(0.05, math.cos(math.radians(lat0)))
    ky = 111_320.0
    dlng = (b[1] - a[1] + 540) % 360 - 180
    bx, by = dlng * kx, (b[0] - a[0]) * ky
    cell = min(20_000.0, max(100.0 if fine else 400.0, direct / divisions))
    margin = max(share * direct, 3_000.0 if fine else 30_000.0)
    x0, x1 = min(0.0, bx) - margin, max(0.0, bx) + margin
    y0, y1 = min(0.0, by) - margin, max(0.0, by) + margin
    area = (x1 - x0) * (y1 - y0) / cell**2
    if area > BUDGET:
        cell *= math.sqrt(area / BUDGET)
    nx, ny = math.ceil((x1 - x0) / cell), math.ceil((y1 - y0) / cell)

    def point(i: int, j: int) -> Point:
        x, y = x0 + (i + 0.5) * cell, y0 + (j + 0.5) * cell
        lat = max(-89.9, min(89.9, a[0] + y / ky))
        return (lat, (a[1] + x / kx + 540) % 360 - 180)

    def cell_of(x: float, y: float) -> tuple[int, int]:
        return int((x - x0) // cell), int((y - y0) // cell)

    start, goal = cell_of(0.0, 0.0), cell_of(bx, by)
    strict = cell <= STRICT_CELL_M
    near_a = shore_allowance_m(a) + min(0.75 * cell, END_CELL_M)  # the end's own cell
    near_b = shore_allowance_m(b) + min(0.75 * cell, END_CELL_M)
    land: dict[tuple[int, int], bool] = {}

    def ok(c: tuple[int, int]) -> bool:
        v = land.get(c)
        if v is None:
            p = point(*c)
            v = land[c] = (
                (own_cells and c in (start, goal))
                or not _wet(*p)
                or _reached(p, a, near_a, strict)
                or _reached(p, b, near_b, strict)
            )
        return v

    (lat0, lng0), (lat1, lng1) = point(0, 0), point(nx - 1, ny - 1)
    lines = water_lines_within(min(lat0, lat1), max(lat0, lat1), min(lng0, lng1), max(lng0, lng1))
    near = _line_cells(
        lines, lambda p: cell_of(((p[1] - a[1] + 540) % 360 - 180) * kx, (p[0] - a[0]) * ky), cell
    )

    def step_ok(c: Cell, n: Cell) -> bool:
        return ok(n) and not (c in near and crosses_water_line(point(*c), point(*n), lines))

    if lone:
        ends = ((a, start, goal), (b, goal, start))[:lone_ends]
        reach = reach_m / cell
        return tuple(e for e, c, o in ends if _enclosed(c, o, (nx, ny), ok, lone, reach))
    if nx * ny > 4 * ENCLOSED_CELLS and (
        _enclosed(goal, start, (nx, ny), ok) or _enclosed(start, goal, (nx, ny), ok)
    ):
        return None
    if check_only:  # no island between the ends: the search is left to the caller
        return (a, b)
    seen = _cells_between(start, goal, (nx, ny), step_ok, (direct * MAX_RATIO + SLACK_M) / cell)
    if seen is None:
        return None
    cells = [goal]
    while (prev := seen[cells[-1]]) is not None:
        cells.append(prev)
    pts = [a, *(point(*c) for c in reversed(cells[1:-1])), b]
    return _tight(pts, cell / 3, (a, b), lines)


Cell = tuple[int, int]


def _line_cells(
    lines: WaterLines, cell_of: Callable[[Point], Cell], cell: float
) -> frozenset[Cell]:
    """The cells the water ``lines`` pass through and their neighbours: only a step from one
    of them can cross a line (checking every step took a walk round Manhattan past the work
    bound)."""
    out: set[Cell] = set()
    for _, pts in lines:
        for c, d in itertools.pairwise(pts):
            n = max(1, math.ceil(_m(c, d) / (cell / 4)))
            for k in range(n + 1):
                i, j = cell_of((c[0] + (d[0] - c[0]) * k / n, c[1] + (d[1] - c[1]) * k / n))
                out.update((i + di, j + dj) for di in (-1, 0, 1) for dj in (-1, 0, 1))
    return frozenset(out)


def _reached(p: Point, end: Point, near: float, strict: bool) -> bool:
    """Whether a wet cell centre ``p`` next to a route's ``end`` may be stepped on: within
    ``near`` of it and, when ``strict``, reached from it without crossing water beyond the
    end's own shore allowance (a cell's corner at the shore, not the bay beside the town)."""
    return _m(p, end) <= near and (not strict or clear(end, p, 100.0, (end,)))


#: An end whose land, as the grid reads it, is fewer cells than this and holds not the other
#: end is on an island of the box (:func:`_enclosed`): no way, found without searching the box.
ENCLOSED_CELLS = 3000


def _enclosed(
    origin: Cell,
    other: Cell,
    size: tuple[int, int],
    ok: Callable[[Cell], bool],
    limit: int = ENCLOSED_CELLS,
    reach: float = math.inf,
) -> bool:
    """Whether the land cells reached from ``origin`` (the search's moves onto ``ok`` cells,
    its water lines not counted) run out before ``limit`` cells without ``other``:
    an end on an island (Zealand seen from Lyon, Sweden's coast within a box that does not
    reach round the Baltic), where the search would look at every cell of the box to fail;
    nor land that reaches farther than ``reach`` cells from ``origin``."""
    seen, todo = {origin}, [origin]
    budget = current()
    while todo:
        budget.check()
        c = todo.pop()
        if any((c[0] + di, c[1] + dj) == other for di, dj in _MOVES):
            return False
        for n in land_moves(c, size, ok):
            if n in seen:
                continue
            if len(seen) >= limit or math.dist(n, origin) > reach:
                return False
            seen.add(n)
            todo.append(n)
    return True


def land_moves(c: Cell, size: tuple[int, int], ok: Callable[[Cell], bool]) -> Iterator[Cell]:
    """The cells a grid search moves to from ``c``: inside the ``size`` box, ``ok`` (land),
    and no diagonal squeezed between two cells that are not."""
    nx, ny = size
    for di, dj in _MOVES:
        n = (c[0] + di, c[1] + dj)
        if not (0 <= n[0] < nx and 0 <= n[1] < ny and ok(n)):
            continue
        if not di or not dj or ok((c[0] + di, c[1])) or ok((c[0], c[1] + dj)):
            yield n


def _cells_between(
    start: Cell, goal: Cell, size: tuple[int, int], ok: Callable[[Cell, Cell], bool], limit: float
) -> dict[Cell, Cell | None] | None:
    """A* over the grid of ``size`` cells from ``start`` to ``goal`` by moves ``ok(from, to)``
    allows, at most ``limit`` cells long: each reached cell's previous one, ``None`` if the
    goal is not reached."""
    nx, ny = size
    gx, gy = goal
    seen: dict[Cell, Cell | None] = {start: None}
    cost = {start: 0.0}
    heap = [(math.hypot(gx - start[0], gy - start[1]), 0.0, start)]
    budget = current()
    while heap:
        budget.check()  # one step per cell taken from the heap
        _, g, c = heapq.heappop(heap)
        if c == goal:
            return seen
        if g > cost.get(c, math.inf) or g > limit:
            continue
        for di, dj in _MOVES:
            n = (c[0] + di, c[1] + dj)
            if not (0 <= n[0] < nx and 0 <= n[1] < ny) or not ok(c, n):
                continue
            if di and dj and not (ok(c, (c[0] + di, c[1])) or ok(c, (c[0], c[1] + dj))):
                continue  # no squeezing diagonally between two water cells
            ng = g + (1.4142 if di and dj else 1.0)
            if ng < cost.get(n, math.inf):
                cost[n], seen[n] = ng, c
                heapq.heappush(heap, (ng + math.hypot(gx - n[0], gy - n[1]), ng, n))
    return None


def _tight(
    pts: list[Point], step_m: float, ends: tuple[Point, ...], lines: WaterLines = ()
) -> tuple[Point, ...]:
    """Keep only the corners needed for the joins to stay on land and off the water ``lines``
    (greedy line of sight)."""
    out, i = [pts[0]], 0
    while i < len(pts) - 1:
        j = i + 1
        for k in range(len(pts) - 1, i + 1, -1):
            if clear(pts[i], pts[k], step_m, ends, lines):
                j = k
                break
        out.append(pts[j])
        i = j
    return tuple(out)


def way_length_m(pts: tuple[Point, ...]) -> float:
    """Length of a way in metres."""
    return sum(_m(p, q) for p, q in itertools.pairwise(pts))


#: A road leg's side points (:func:`~.ashore.ashore`) that run this much longer than its
#: straight line are compared with the grid's way round (:func:`overland`), the shorter kept:
#: a reservoir beside the line (Lago Peñuelas: Santiago-Valparaíso went 1.5x by side points).
SIDE_DETOUR = 1.1


def shorter_round(a: Point, b: Point, way: tuple[Point, ...]) -> tuple[Point, ...]:
    """``way`` (side points from ``a`` to ``b``), or the grid's way when that is shorter and
    ``way`` goes more than :data:`SIDE_DETOUR` times the straight line round."""
    if way_length_m(way) <= _m(a, b) * SIDE_DETOUR:
        return way
    land = overland(a, b)
    return land if land is not None and way_length_m(land) < way_length_m(way) else way
