"""Ways on land between two points, by mode: the straight line, a way round by side points
(:func:`ashore`), a way round the water on a grid (:mod:`.overland`); water a road crosses on a
bridge not listed (up to :data:`BRIDGE_M`, trunk legs :data:`RIVER_BRIDGE_M`), never onto a small
island, and not where a way round on land is barely longer (a bay's corner). The road parts of
:mod:`.crossings`' plans.
"""

from __future__ import annotations

import itertools

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.budget import charged_cache
from mapsnb_sandbox.earth.overland import FINE_SEARCH_M, apart, overland, shorter_round
from mapsnb_sandbox.earth.water import crosses_open_water, crosses_water_line

__all__ = [
    "BRIDGE_M",
    "DRIVE_WATER_M",
    "DRY_MODES",
    "RIVER_BRIDGE_M",
    "ashore",
    "bridge_m",
    "dry",
    "dry_way",
    "land_way",
    "line_m",
    "road_dry",
    "way_m",
]

Point = tuple[float, float]
#: Modes that never cross open water without a link.
DRY_MODES = frozenset({"WALK", "BICYCLE"})
#: DRIVE, TWO_WHEELER and TRANSIT legs up to this long are first tried with side points
#: (:func:`ashore`); longer ones with a coarser check, then round the water on a grid.
DRIVE_WATER_M = 150_000.0
#: Side points are tried for road legs up to this long; a longer leg goes to the grid at once
#: (sampling a 3,000 km line for open water a hundred times took Perth-Sydney past the work bound).
SIDE_POINTS_M = 2_500_000.0


def line_m(p: Point, q: Point) -> float:
    """The straight line's length from ``p`` to ``q`` (metres)."""
    return haversine_m(p[0], p[1], q[0], q[1])


@charged_cache(maxsize=8192)
def dry(a: Point, b: Point, shore_a: bool = True, shore_b: bool = True) -> bool:
    """Whether the straight line from ``a`` to ``b`` crosses no open water (water next to an
    end on a shore, ``shore_a`` / ``shore_b``, does not count)."""
    from mapsnb_sandbox.earth.water import OPEN_RUN_M, SAMPLE_M, _open_water

    if crosses_water_line(a, b):
        return False
    step = SAMPLE_M if line_m(a, b) <= DRIVE_WATER_M else _LONG_SAMPLE_M
    return _open_water((a, b), shore_a, shore_b, OPEN_RUN_M, step, True) == 0


#: Lines longer than :data:`DRIVE_WATER_M` are sampled this far apart (metres) when side points
#: are sought (a walk's whole way is checked again at 100 m, :func:`dry_way`): a walk from
#: Qom to Hamburg sampled lines of 2,000 km forty times at 100 m, past the work bound.
_LONG_SAMPLE_M = 400.0


#: Sideways offsets (share of the leg's length) tried for a via point that keeps a leg ashore.
_OFFSETS = (0.1, -0.1, 0.2, -0.2, 0.35, -0.35)


@charged_cache(maxsize=4096)
def ashore(
    a: Point, b: Point, depth: int = 2, shore_a: bool = True, shore_b: bool = True
) -> tuple[Point, ...] | None:
    """Points from ``a`` to ``b`` whose straight joins cross no open water: the direct line, or
    up to ``depth`` levels of via points pushed sideways from the middle (a coast or a bay
    followed around), or ``None``. Via points are on land, so no shore allowance there."""
    if dry(a, b, shore_a, shore_b):
        return (a, b)
    if depth == 0:
        return None
    from mapsnb_sandbox.earth.water import is_land

    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    dy, dx = b[0] - a[0], b[1] - a[1]
    for f in _OFFSETS:
        via = (round(mid[0] + dx * f, 5), round(mid[1] - dy * f, 5))
        if not (-85 < via[0] < 85) or not is_land(*via):
            continue
        left = ashore(a, via, depth - 1, shore_a, False)
        right = ashore(via, b, depth - 1, False, shore_b) if left else None
        if left and right:
            return left + right[1:]
    return None


@charged_cache(maxsize=8192)
def road_dry(a: Point, b: Point) -> bool:
    """Whether the straight line from ``a`` to ``b`` crosses no water a road could not bridge:
    no run of water longer than :func:`bridge_m` for its length (samples 250 m apart; shores
    forgiven)."""
    from mapsnb_sandbox.earth.water import _open_water

    if crosses_water_line(a, b):
        return False
    if _open_water((a, b), True, True, bridge_m(line_m(a, b)), 250.0, True) > 0:
        return False
    return not (crosses_open_water((a, b)) and _islanded(a, b))


def _islanded(a: Point, b: Point) -> bool:
    """Whether one end is on a small island (:func:`~.water.small_island`) the other is not
    on: a road reaches it only on a listed link (Gulangyu has no car bridge)."""
    from mapsnb_sandbox.earth.water import small_island

    return small_island(*a) != small_island(*b) or (
        small_island(*a) and not dry(a, b)  # two islets: a strait between them
    )


#: Water a road crosses on a bridge the emulator need not list (rivers, narrow inlets).
#: A harbour or a strait wider than this is crossed only on a listed link (``links.csv``).
BRIDGE_M = 800.0
#: A leg longer than :data:`DRIVE_WATER_M` is a trunk road: it crosses rivers up to this wide
#: (the St. Lawrence at Montreal, the Paraná) on the bridges every such road has.
RIVER_BRIDGE_M = 2000.0


def bridge_m(leg_m: float) -> float:
    """The widest water a road leg ``leg_m`` long crosses on a bridge not listed."""
    return RIVER_BRIDGE_M if leg_m > DRIVE_WATER_M else BRIDGE_M


def land_way(a: Point, b: Point, mode: str, split: bool = True) -> tuple[Point, ...] | None:
    """Points from ``a`` to ``b`` that stay ashore for ``mode``: the straight line, a way round
    by side points, or a way round the water found on a grid (:mod:`.overland`); a walk the
    grid's way does not keep ashore is tried as two walks (``split``, :func:`_split_walk`)."""
    direct = line_m(a, b)
    walk = mode in DRY_MODES
    if walk or direct <= DRIVE_WATER_M:
        way = ashore(a, b)
        if way is not None and (not walk or dry_way(way)):
            return way if walk else shorter_round(a, b, way)
    if not walk and road_dry(a, b):
        return _round_the_bay(a, b) or (a, b)
    if not walk and direct > DRIVE_WATER_M and apart(a, b):
        return None  # one end on land of its own: no side points round a sea (Lyon-Zealand)
    land = overland(a, b) if not walk and direct > FINE_SEARCH_M else None
    if not walk and direct > FINE_SEARCH_M and land is None:
        return None  # nor where the grid, which is cheap so long, finds no way
    if not walk and DRIVE_WATER_M < direct <= SIDE_POINTS_M:
        # a trunk road along a coast: side points before the grid; beyond 400 km one level (two
        # cost 200,000 steps), or the grid's when shorter (35 % aside went round by Peoria; side
        # points over 1.1x went inland: Portland, Maine-Boston by Manchester, 1.5x the road)
        way = ashore(a, b, 1 if land else 2)
        if way is not None and land is None and way_m(way) > direct * 1.1:
            land = overland(a, b)
        if way is not None and (land is None or way_m(way) <= way_m(land)):
            return way
    land = land or overland(a, b)
    if land is None:
        return None
    if not walk:
        return land
    way = _walk_pieces(land, True, True, _WALK_REFINE)
    if way is not None and dry_way(way):
        return way
    way = _split_walk(a, b, land, mode) if split else None
    return way if way is not None and dry_way(way) else None


#: A walk's piece of a grid way that side points do not keep ashore is searched again on its
#: own (a finer grid) this many levels deep: the coarse grid steps over a harbour a walk
#: cannot (Zhanjiang's, on the way east along the coast).
_WALK_REFINE = 2


#: A walk whose grid way no refinement keeps ashore is tried as two walks meeting at one of
#: this many of that way's points nearest its middle (by length): each half's own grid search may find the
#: crossing the whole leg's missed (Sittwe to Maungdaw on foot: the leg's way met a creek the
#: grid does not see north of Sittwe, and was "no route", while the walk by Ponnagyun was found).
_WALK_SPLITS = 4


def _split_walk(a: Point, b: Point, land: tuple[Point, ...], mode: str) -> tuple[Point, ...] | None:
    """The walk from ``a`` to ``b`` as two walks (:func:`land_way`, not split again) meeting at
    a point of the grid's way ``land`` near its middle by length (:data:`_WALK_SPLITS` tried),
    or ``None``."""
    along = list(itertools.accumulate(line_m(p, q) for p, q in itertools.pairwise(land)))
    inner = sorted(range(1, len(land) - 1), key=lambda k: abs(along[k - 1] - along[-1] / 2))
    for k in inner[:_WALK_SPLITS]:
        left = land_way(a, land[k], mode, split=False)
        right = land_way(land[k], b, mode, split=False) if left is not None else None
        if left is not None and right is not None:
            return left + right[1:]
    return None


def _walk_pieces(
    land: tuple[Point, ...], shore_a: bool, shore_b: bool, depth: int
) -> tuple[Point, ...] | None:
    """``land`` with each join kept ashore for a walk by side points (:func:`ashore`), or, up
    to ``depth`` levels, by its own grid search (:func:`~.overland.overland`); ``None`` if one
    join cannot be."""
    out: list[Point] = [land[0]]
    for i, (p, q) in enumerate(itertools.pairwise(land)):
        first, last = shore_a and i == 0, shore_b and i == len(land) - 2
        piece = ashore(p, q, 1, first, last)
        if piece is None and depth > 0 and (sub := overland(p, q)) is not None:
            piece = _walk_pieces(sub, first, last, depth - 1) if sub != (p, q) else None
        if piece is None:
            return None
        out += piece[1:]
    return tuple(out)


#: An implicit bridge gives way to a way round on land at most this much longer than the
#: straight line (plus :data:`_ROUND_SLACK_M`): a bay's corner is driven round, a river is not.
_ROUND_RATIO, _ROUND_SLACK_M = 1.5, 2000.0


def _round_the_bay(a: Point, b: Point) -> tuple[Point, ...] | None:
    """A way on land from ``a`` to ``b`` not much longer than the line (:data:`_ROUND_RATIO`)
    when the line crosses water on an implicit bridge, else ``None`` (the bridge stands)."""
    direct = line_m(a, b)
    if direct > DRIVE_WATER_M or not crosses_open_water((a, b)):
        return None
    land = overland(a, b)
    if land is None or way_m(land) > direct * _ROUND_RATIO + _ROUND_SLACK_M:
        return None
    return land


def dry_way(points: tuple[Point, ...]) -> bool:
    """Whether a walk through ``points`` crosses no open water as a whole (short clips at two
    joins can add up to a run of open water)."""
    from mapsnb_sandbox.earth.water import open_water_m

    return len(points) <= 2 or open_water_m(points) == 0


def way_m(points: tuple[Point, ...]) -> float:
    """The length of the way through ``points`` (metres)."""
    return sum(line_m(p, q) for p, q in itertools.pairwise(points))
