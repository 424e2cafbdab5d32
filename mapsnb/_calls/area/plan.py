"""The tiles of ``search_area``: a first-level grid over the area, quadrants of a full tile, the plan.

A tile is a square of the area's plane; its call biases ``search_places`` to the circle drawn
around the square (centre the square's centre, radius the distance to its farthest corner), so
the circle holds the whole square. Only tiles that overlap the area are asked. A tile whose
answer is full (``page_size`` places) is split into its four quadrants, down to ``max_depth``.
Tile ids say where a tile is: ``"r1c2"`` (row 1, column 2 of the first level, rows counted from
the south, columns from the west), then one digit per level (``0`` south-west, ``1`` south-east,
``2`` north-west, ``3`` north-east): ``"r1c2/30"`` is the south-west quadrant of the north-east
quadrant of ``r1c2``.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

import pandas as pd

from mapsnb._calls.area.geometry import Area
from mapsnb.errors import InvalidRequest
from mapsnb.polyline import haversine_m

#: The largest first-level tile side: its bias circle (half the diagonal, ~42 km) stays within
#: the tool's 50 km, with room for the plane's stretch away from the area's middle.
MAX_TILE_M = 60_000.0
MAX_RADIUS_M = 50_000
#: The most first-level tiles a search may plan (a country at 60 km is a few hundred).
MAX_FIRST_TILES = 10_000
#: Above this many tiles, the worst case is bounded by arithmetic instead of counted tile by tile.
_COUNT_LIMIT = 2_000


@dataclass(frozen=True)
class Tile:
    """A square of the area's plane: its id, level, centre ``(x, y)`` and side, in metres."""

    id: str
    level: int
    x: float
    y: float
    side: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` in the plane."""
        h = self.side / 2
        return self.x - h, self.y - h, self.x + h, self.y + h

    def quadrants(self) -> list[Tile]:
        """Return the four quadrants, south-west, south-east, north-west, north-east."""
        q = self.side / 4
        sep = "" if "/" in self.id else "/"
        return [
            Tile(
                f"{self.id}{sep}{k}",
                self.level + 1,
                self.x + dx * q,
                self.y + dy * q,
                self.side / 2,
            )
            for k, (dx, dy) in enumerate(((-1, -1), (1, -1), (-1, 1), (1, 1)))
        ]


def bias_circle(area: Area, tile: Tile) -> tuple[float, float, int]:
    """``(lat, lng, radius_m)`` of the circle around ``tile``: it holds the whole square."""
    lat, lng = area.plane.to_lat_lng(tile.x, tile.y)
    x0, y0, x1, y1 = tile.box
    corners = [area.plane.to_lat_lng(x, y) for x in (x0, x1) for y in (y0, y1)]
    far = max(haversine_m(lat, lng, c[0], c[1]) for c in corners)
    return round(lat, 6), round(lng, 6), min(MAX_RADIUS_M, max(1, math.ceil(far)))


def default_tile_m(area: Area) -> float:
    """Half the longer side of the area's bounding box (a 2×2 grid), at most 60 km."""
    x0, y0, x1, y1 = area.bounds
    return float(min(MAX_TILE_M, math.ceil(max(x1 - x0, y1 - y0) / 2)))


def _grid(area: Area, tile_m: float) -> tuple[int, int, float, float]:
    """``(rows, cols, left, bottom)`` of the first-level grid over the area's bounding box."""
    x0, y0, x1, y1 = area.bounds
    cols = max(1, math.ceil((x1 - x0) / tile_m - 1e-9))
    rows = max(1, math.ceil((y1 - y0) / tile_m - 1e-9))
    if cols * rows > MAX_FIRST_TILES:
        raise InvalidRequest(
            "tile_m",
            f"{tile_m:,.0f} m tiles would make a first grid of {cols * rows:,} tiles over this "
            f"area (at most {MAX_FIRST_TILES:,}): give a larger tile_m (at most 60 km) or "
            "a smaller area",
        )
    left = (x0 + x1) / 2 - cols * tile_m / 2
    bottom = (y0 + y1) / 2 - rows * tile_m / 2
    return rows, cols, left, bottom


def first_level(area: Area, tile_m: float) -> list[Tile]:
    """Return the grid of ``tile_m`` squares centred on the area's bounding box, where it overlaps."""
    rows, cols, left, bottom = _grid(area, tile_m)
    tiles = [
        Tile(f"r{r}c{c}", 0, left + (c + 0.5) * tile_m, bottom + (r + 0.5) * tile_m, tile_m)
        for r in range(rows)
        for c in range(cols)
    ]
    return [t for t in tiles if area.overlap_m2(t.box) > 0]


_TILE_ID = re.compile(r"r(\d{1,6})c(\d{1,6})(?:/([0-3]{1,32}))?")


def tile_of(area: Area, tile_m: float, tile_id: str) -> Tile | None:
    """Return the tile of the grid ``tile_m`` over ``area`` that ``tile_id`` names, or ``None``.

    ``None`` when it names none (not a tile id, or outside the grid).
    """
    match = _TILE_ID.fullmatch(tile_id)
    if match is None:
        return None
    rows, cols, left, bottom = _grid(area, tile_m)
    r, c = int(match[1]), int(match[2])
    if r >= rows or c >= cols:
        return None
    tile = Tile(f"r{r}c{c}", 0, left + (c + 0.5) * tile_m, bottom + (r + 0.5) * tile_m, tile_m)
    for digit in match[3] or "":
        tile = tile.quadrants()[int(digit)]
    return tile


def children(area: Area, tile: Tile) -> list[Tile]:
    """Return the quadrants of ``tile`` that overlap the area."""
    return [t for t in tile.quadrants() if area.overlap_m2(t.box) > 0]


def worst_case(area: Area, tiles: list[Tile], max_depth: int) -> int:
    """Count the calls if every tile were full down to ``max_depth``.

    Tiles overlapping the area only, counted while that is cheap; beyond, the bound
    ``n·(4^(d+1)−1)/3``.
    """
    total, level = 0, list(tiles)
    for depth in range(max_depth + 1):
        total += len(level)
        if depth == max_depth:
            break
        if len(level) * 4 > _COUNT_LIMIT:
            rest = max_depth - depth
            return int(total + len(level) * (4 ** (rest + 1) - 4) // 3)
        level = [c for t in level for c in children(area, t)]
    return total


def plan_frame(
    area: Area | None,
    tiles: list[Tile],
    resolve: dict[str, object] | None,
    arguments: list[dict[str, object]],
    tier: str,
    resolve_tier: str,
    at_most: int,
    budget: int | None = None,
) -> pd.DataFrame:
    """Return the dry-run plan: one row per first call, the cost of the whole search in ``attrs``.

    ``kind`` is ``"resolve"`` for a name, then the first-level ``"tile"`` calls; the cost is at
    most ``budget`` calls (the calls the search may make, when it has one).
    """
    rows: list[dict[str, object]] = []
    if resolve is not None:
        rows.append(
            {"kind": "resolve", "tile": None, "level": pd.NA, "lat": math.nan,
             "lng": math.nan, "radius_m": pd.NA, "tier": resolve_tier, "arguments": resolve}
        )  # fmt: skip
    for tile, args in zip(tiles, arguments, strict=True):
        lat, lng, radius = bias_circle(area, tile) if area is not None else (math.nan,) * 3
        rows.append(
            {"kind": "tile", "tile": tile.id, "level": tile.level, "lat": lat, "lng": lng,
             "radius_m": radius, "tier": tier, "arguments": args}
        )  # fmt: skip
    df = pd.DataFrame(
        rows, columns=["kind", "tile", "level", "lat", "lng", "radius_m", "tier", "arguments"]
    )
    df.index = pd.RangeIndex(len(df), name="call")
    df["level"] = df["level"].astype("Int64")
    df["radius_m"] = pd.array(
        [None if pd.isna(r) else int(r) for r in df["radius_m"]], dtype="Int64"
    )
    extra = 1 if resolve is not None else 0
    at_least = len(tiles) + extra
    capped = budget is not None and at_most + extra > budget
    if capped:
        assert budget is not None
        at_most = max(at_least, budget) - extra
    df.attrs["calls_at_least"] = at_least
    df.attrs["calls_at_most"] = at_most + extra
    df.attrs["tier"] = tier
    df.attrs["calls_by_tier"] = (
        {tier: at_most, resolve_tier: extra} if extra and resolve_tier != tier else
        {tier: at_most + extra}
    )  # fmt: skip
    df.attrs["cost"] = (
        f"{at_least} calls at least ({len(tiles)} first-level tiles"
        + (" and 1 to resolve the name" if extra else "")
        + f"), {at_most + extra} at most "
        + (
            f"(the budget: {budget} calls left; full tiles are split while it allows); "
            if capped
            else "if every tile is full down to the deepest level; "
        )
        + f"tile calls are billed {tier}"
    )
    return df
