"""Where a route starts or ends: a waypoint's nearest dry point on land its roads can leave.

A waypoint in water is reached at its nearest dry point (:func:`~.water.nearest_dry`). A
point on land can still sit on a sliver the planners cannot leave: ``_wet`` reads land within
half a fine cell of water as wet, so a town on a narrow neck or a harbour front (A Coruña's
point, 43.371, -8.396, keeps a single dry 1/720° cell, joined to the rest of Galicia by land
the mask reads as wet) had no route in any mode. Such a point is reached, as live reaches it,
at the nearest dry point within :data:`REACH_M` that lies on dry land of at least
:data:`BLOB_CELLS` cells (edge-connected, 1/720°): the town's own land as the planners see it.
A point on a small island (:func:`~.water.small_island`) stays where it is: an islet is not
joined to the mainland beside it by this rule (a listed link or nothing).
"""

from __future__ import annotations

from mapsnb_sandbox.contract.budget import charged_cache, current
from mapsnb_sandbox.earth.water import _wet, dry_near, nearest_dry, ring_points, small_island

__all__ = ["BLOB_CELLS", "REACH_M", "landing"]

Point = tuple[float, float]
#: Dry land of fewer 1/720° cells (about 0.02 km² each) than this is a sliver, not a town's land.
BLOB_CELLS = 40
#: A waypoint is moved at most this far to leave a sliver (the planners' :data:`~.water.SHORE_M`).
REACH_M = 1200.0
_STEP = 720  # cells per degree


def _centre(c: tuple[int, int]) -> Point:
    return (90.0 - (c[0] + 0.5) / _STEP, (c[1] + 0.5) / _STEP - 180.0)


def _cell(p: Point) -> tuple[int, int]:
    return int((90.0 - p[0]) * _STEP), int((p[1] + 180.0) * _STEP)


def _broad(p: Point) -> bool:
    """Whether the dry land (not ``_wet``, 1/720° cells, edge-connected) holding ``p`` has at
    least :data:`BLOB_CELLS` cells."""
    c0 = _cell(p)
    seen, todo = {c0}, [c0]
    budget = current()
    while todo:
        budget.check()
        i, j = todo.pop()
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n not in seen and not _wet(*_centre(n)):
                seen.add(n)
                if len(seen) >= BLOB_CELLS:
                    return True
                todo.append(n)
    return False


@charged_cache(maxsize=1024)
def landing(p: Point) -> Point:
    """The point a route through waypoint ``p`` starts or ends at: in water, its nearest dry
    point (:func:`~.water.nearest_dry`); on land, ``p`` itself, or, when the dry land nearest
    it (itself, or the first point not ``_wet`` on rings round it) is a sliver, not a small
    island, the nearest dry point on broad land (:func:`_broad`) within :data:`REACH_M` (``p``
    when there is none)."""
    q = nearest_dry(*p) or p
    if q != p:
        return q  # a point in water: its nearest dry point, as before (Darwin's harbour)
    near = p if not _wet(*p) else (dry_near(*p, REACH_M) or (None, 0.0))[0]
    if near is None or _broad(near) or small_island(*p):
        return p  # on broad land, or its shore (the planners' own shore allowance), or an islet
    for q, _ in ring_points(*p, REACH_M):
        s = (round(q[0], 5), round(q[1], 5))
        if not _wet(*s) and _broad(s):
            return s
    return p
