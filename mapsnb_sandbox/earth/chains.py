"""Chains of links: a route over any number of bridges, tunnels and ferries joined by roads.

:func:`chained` is :mod:`.crossings`' last resort when neither the way on land nor a plan
over one or two links is near the straight line (Lyon-Stockholm by the Little Belt, the Great
Belt and the Øresund): a cheapest-path search over the links' ends whose road parts are
looked for on land (by the caller's ``road``) one at a time, cheapest chain first.
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from typing import Protocol

from mapsnb_sandbox.contract.budget import current

Point = tuple[float, float]


class Link(Protocol):
    """What a chain needs of a link: its name and the seconds it takes."""

    @property
    def name(self) -> str: ...

    @property
    def seconds(self) -> float: ...


#: The pieces of a chain: a link from ``p`` to ``q``, or a road from ``p`` to ``q`` (its way).
Piece = tuple[Point, Point, "Link | None", "tuple[Point, ...] | None"]
#: A road part's seconds and way (``inf`` and ``None``: no way) for nodes ``u``, ``v``.
Road = Callable[[int, int], tuple[float, "tuple[Point, ...] | None"]]

__all__ = ["chained"]

#: At most this many road parts of chains are looked for on land (most fail at once,
#: :func:`~.overland.apart`), and none once the search spent this many steps of the work bound.
_CHAIN_CHECKS, _CHAIN_STEPS = 40, 400_000
#: Road parts of chains looked for: their seconds (``inf``: no way) and their way.
_Known = dict[tuple[int, int], tuple[float, tuple[Point, ...] | None]]


def chained(
    pts: list[Point],
    links: list[Link],
    bar: float,
    same_side: Callable[[Point, Point], bool],
    road: Road,
    guess: Callable[[Point, Point], float],
) -> tuple[float, str, list[Piece]] | None:
    """The quickest way from ``pts[0]`` to ``pts[1]`` over any number of ``links`` (link ``i``
    from ``pts[2 + 2i]`` to ``pts[3 + 2i]``) joined by roads, if under ``bar`` seconds: the
    cheapest chain (:func:`_cheapest`; road parts not yet looked for at ``guess`` seconds,
    parts between two sides, ``same_side`` false, never) has a road part looked for (``road``)
    and the search runs again, until a chain's every road part is known."""
    known: _Known = {
        (u, v): (math.inf, None)
        for u, v in itertools.product(range(len(pts)), repeat=2)
        if not same_side(pts[u], pts[v])
    }
    budget, start = current(), current().work  # work: cached results at full cost
    for _ in range(_CHAIN_CHECKS):
        if budget.work - start > _CHAIN_STEPS:
            return None
        nodes = _cheapest(pts, links, known, bar, guess)
        if nodes is None:
            return None
        todo = [uv for uv in itertools.pairwise(nodes) if not _is_link(uv[0]) and uv not in known]
        if not todo:
            return _pieces(nodes, pts, links, known)
        u, v = min(todo, key=lambda uv: guess(pts[uv[0]], pts[uv[1]]))  # a short part fails soonest
        known[(u, v)] = road(u, v)
    return None


def _cheapest(
    pts: list[Point],
    links: list[Link],
    known: _Known,
    bar: float,
    guess: Callable[[Point, Point], float],
) -> list[int] | None:
    """Nodes of the cheapest chain from node 0 (the start) to node 1 (the end) under ``bar``
    seconds: node ``2 + 2i`` is link ``i``'s near end, ``3 + 2i`` its far end; a road joins
    the start or a far end to a near end or the end (``known`` parts at their found cost,
    others at their straight line's), never the start to the end (that is the way on land)."""
    n = len(pts)
    dist, prev = [math.inf] * n, [-1] * n
    dist[0] = 0.0
    heap = [(0.0, 0)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        if u == 1:
            out = [1]
            while out[-1] != 0:
                out.append(prev[out[-1]])
            return out[::-1]
        if _is_link(u):
            nexts = [(u + 1, links[u // 2 - 1].seconds)]
        else:
            targets = range(2, n, 2) if u == 0 else (1, *range(2, n, 2))
            own = links[(u - 3) // 2] if u > 1 else None  # never back over the link just taken
            found = [known.get((u, v)) for v in targets]
            nexts = [
                (v, f[0] if f else guess(pts[u], pts[v]))
                for v, f in zip(targets, found, strict=True)
                if v < 2 or links[v // 2 - 1] is not own
            ]
        for v, c in nexts:
            if d + c < min(dist[v], bar):
                dist[v], prev[v] = d + c, u
                heapq.heappush(heap, (d + c, v))
    return None


def _is_link(u: int) -> bool:
    """Whether node ``u`` of :func:`_cheapest` is a link's near end (a link leaves it)."""
    return u > 1 and u % 2 == 0


def _pieces(
    nodes: list[int], pts: list[Point], links: list[Link], known: _Known
) -> tuple[float, str, list[Piece]]:
    """The cost, name and pieces of a chain whose road parts are all ``known``."""
    pieces: list[Piece] = []
    cost, names = 0.0, []
    for u, v in itertools.pairwise(nodes):
        if _is_link(u):
            link = links[u // 2 - 1]
            pieces.append((pts[u], pts[v], link, None))
            cost += link.seconds
            names.append(link.name)
        else:
            seconds, way = known[(u, v)]
            pieces.append((pts[u], pts[v], None, way))
            cost += seconds
    return cost, "+".join(names), pieces
