"""Which side of the water a route's points are on: one flood over a grid of land cells.

A linked plan (:mod:`.crossings`) joins its points by road parts, each searched on its own
grid (:mod:`.overland`): a part that must cross water no link carries fails only after its
search filled its box (a Golden Horn bridge's end to the far shore of the Bosphorus: some
60,000 steps). :func:`sides` labels the land cells of one box round all the points once
(cells of :data:`CELL_M`, the search's moves), so that plans whose road parts join points on
one side are tried first (Istanbul-Bursa: 92 plans, most over the Golden Horn, spent half the
work bound before the Fatih Sultan Mehmet and Osmangazi bridges' plans were tried).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from mapsnb_sandbox.contract.budget import current
from mapsnb_sandbox.earth.overland import Cell, land_moves
from mapsnb_sandbox.earth.water import _wet

__all__ = ["CELL_M", "same_side", "sides"]

Point = tuple[float, float]
#: Cells of the flood are at least this wide (metres), and fewer than :data:`MAX_CELLS`.
CELL_M, MAX_CELLS = 300.0, 90_000
#: Boxes whose cells would be wider than this (metres) are not flooded (a strait a kilometre
#: wide is stepped over by coarser cells).
MAX_CELL_M = 600.0
#: A flood of fewer cells than this is a point's own scrap of land, not a side.
SMALL_CELLS = 400
#: The box reaches this share of its span (at least :data:`MARGIN_M`) beyond the points.
MARGIN_SHARE, MARGIN_M = 0.5, 30_000.0


def sides(points: tuple[Point, ...]) -> tuple[int, ...]:
    """A label per point: two points with one label are joined by land cells of one flood
    (a point's own cell counts as land); ``-1``: a point whose flood reached fewer than
    :data:`SMALL_CELLS` cells (a quay, a point the cells do not resolve: its side unknown)."""
    lat0 = sum(p[0] for p in points) / len(points)
    kx, ky = 111_320 * max(0.05, math.cos(math.radians(lat0))), 111_320.0
    xs = [(p[1] - points[0][1]) * kx for p in points]
    ys = [(p[0] - points[0][0]) * ky for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    margin = max(MARGIN_M, MARGIN_SHARE * span)
    x0, y0 = min(xs) - margin, min(ys) - margin
    w, h = max(xs) + margin - x0, max(ys) + margin - y0
    cell = max(CELL_M, math.sqrt(w * h / MAX_CELLS))
    if cell > MAX_CELL_M:  # cells that step over a strait: every side unknown
        return (-1,) * len(points)
    nx, ny = math.ceil(w / cell), math.ceil(h / cell)
    own = {(int((x - x0) // cell), int((y - y0) // cell)) for x, y in zip(xs, ys, strict=True)}
    land: dict[tuple[int, int], bool] = {}

    def ok(c: tuple[int, int]) -> bool:
        if c not in land:
            lat = points[0][0] + (y0 + (c[1] + 0.5) * cell) / ky
            lng = points[0][1] + (x0 + (c[0] + 0.5) * cell) / kx
            land[c] = c in own or not _wet(lat, lng)
        return land[c]

    label: dict[tuple[int, int], int] = {}
    size: dict[int, int] = {}
    out: list[int] = []
    for x, y in zip(xs, ys, strict=True):
        c = (int((x - x0) // cell), int((y - y0) // cell))
        if c not in label:
            size[len(out)] = _flood(c, len(out), label, ok, (nx, ny))
        mark = label[c]
        out.append(mark if size[mark] >= SMALL_CELLS else -1)
    return tuple(out)


def _flood(
    start: Cell, mark: int, label: dict[Cell, int], ok: Callable[[Cell], bool], size: Cell
) -> int:
    """Label every land cell reached from ``start`` with ``mark`` (the grid search's moves,
    :func:`~.overland.land_moves`); the number of cells labelled."""
    budget = current()
    label[start] = mark
    todo, count = [start], 1
    while todo:
        budget.check()
        for n in land_moves(todo.pop(), size, ok):
            if n not in label:
                label[n] = mark
                todo.append(n)
                count += 1
    return count


def same_side(p: Point, q: Point, side: dict[Point, int]) -> bool:
    """Whether ``p`` and ``q`` may be on one side of ``side`` (:func:`sides`; a side unknown,
    ``-1`` or not told, counts)."""
    s, t = side.get(p, -1), side.get(q, -1)
    return s < 0 or t < 0 or s == t
