"""``search_area``: tile an area, split full tiles, keep and deduplicate places.

:class:`AreaSearch` holds the search, written once for sync and async clients:
:meth:`AreaSearch.steps` is a generator that yields each wave of calls (the name's resolution,
the first-level tiles, then the quadrants of every full tile, level by level) and receives their
outcomes; :mod:`mapsnb._calls.area.drivers` runs the waves on the batch engine. Outcomes are read
in the order the calls were planned, so the frame is the same whatever order the answers arrive
in.
"""

from __future__ import annotations

import hashlib
import logging
import math
from collections.abc import Generator
from typing import Any

import numpy as np
import pandas as pd

from mapsnb._calls import arguments as rq
from mapsnb._calls import options as opt
from mapsnb._calls.area.geometry import Area, area_of, circle_area
from mapsnb._calls.area.options import AreaOptions
from mapsnb._calls.area.plan import (
    MAX_TILE_M,
    Tile,
    bias_circle,
    children,
    default_tile_m,
    first_level,
    plan_frame,
    tile_of,
    worst_case,
)
from mapsnb._calls.area.report import (
    COMPLETE,
    FAILED,
    FULL,
    SPLIT,
    Coverage,
    merged_credits,
    places_table,
    tiles_frame,
)
from mapsnb._calls.area.resume import Resumed, checked_resume, resumed_tiles
from mapsnb._calls.batch.engine import Progress
from mapsnb._calls.billing import PRO, tier
from mapsnb._calls.flow import BaseClient, Call
from mapsnb._types import Circle
from mapsnb.errors import BudgetExceeded, InvalidRequest, MapsnbError
from mapsnb.results import PlacesResult

logger = logging.getLogger(__name__)

#: The deepest a tile may be split: a safety bound (a 60 km first-level tile split 16 times is a
#: square of under a metre), not the stopping rule — the budget is.
MAX_DEPTH = 16
#: The depth of a search with no budget at all (neither its ``max_calls`` nor the client's):
#: 84 calls at most for a 2×2 grid.
UNBUDGETED_DEPTH = 2
_TOOL = "search_places"
Wave = Generator[list[Call], list[Any], pd.DataFrame]


def _empty_frame() -> pd.DataFrame:
    return PlacesResult.from_payload({"places": [], "summary": ""}).to_frame()


class AreaSearch:
    """One ``search_area``: its checked options, its area, and what its tiles answered."""

    def __init__(self, client: BaseClient, given: AreaOptions) -> None:
        self.client = client
        depth = given.max_depth
        self.max_calls = opt.optional_whole(given.max_calls, "max_calls", 0)
        for name, flag in (("dry_run", given.dry_run), ("progress", given.progress)):
            if not isinstance(flag, bool):
                raise InvalidRequest(name, f"must be True or False, got {flag!r}")
        self.progress = given.progress
        self.radius_m = _metres(given.radius_m, "radius_m", 500_000)
        tile_m = given.tile_m
        self.tile_m = None if tile_m is None else _metres(tile_m, "tile_m", MAX_TILE_M, 10.0)
        page_size = given.page_size
        self.base: dict[str, Any] = {
            "text_query": given.text_query,
            "language_code": given.language_code,
            "region_code": given.region_code,
            "page_size": page_size,
            "include_extended_details": given.include_extended_details,
        }
        probe = self._arguments(Circle(0.0, 0.0, 1000))  # every rule checked before sending
        self.page_size = 5 if page_size is None else int(page_size)  # the tool's default: 5
        self.tier = tier(_TOOL, probe, client.now())
        self.max_depth = (
            self._default_depth() if depth is None else opt.whole(depth, "max_depth", 0, MAX_DEPTH)
        )
        target = area_of(given.area)
        self.name = target if isinstance(target, str) else None
        self.area: Area | None = None if isinstance(target, str) else target
        if self.name is not None:
            self._resolve_arguments(self.name)
        self.resumed: dict[str, tuple[int, pd.DataFrame]] = {}
        self.resumed_centre: tuple[float, float] | None = None
        #: every tile of ``resume=`` (failed ones too), kept in a partial frame even if unreached
        self.earlier: dict[str, tuple[Tile, Resumed]] = {}
        self._resume = given.resume
        # what the tiles answered, in the order they were planned
        self.answers: list[tuple[Tile, str, int, pd.DataFrame | None, str | None, str | None]] = []
        self.calls = 0
        self.by_tier: dict[str, int] = {}
        self.failed = 0
        self.bar: Progress | None = None
        self.wave: list[Tile] = []
        self.sent_calls: list[Call] = []  # the wave's calls, and their outcomes as they finish
        self.current: list[Any] = []
        self._before = self._metered()

    def _default_depth(self) -> int:
        """Return the depth for ``max_depth=None``: :data:`MAX_DEPTH` under a budget, else another.

        A budget bounds the search (it stops at the budget); without one the depth is
        :data:`UNBUDGETED_DEPTH`.
        """
        meter = self.client._meter
        budgeted = (
            self.max_calls is not None
            or meter.max_calls is not None
            or (meter.max_pro_calls is not None and self.tier == PRO)
        )
        return MAX_DEPTH if budgeted else UNBUDGETED_DEPTH

    # ------------------------------------------------------------------ arguments
    def _arguments(self, bias: Circle) -> dict[str, Any]:
        """Return the wire arguments of the search biased to ``bias``."""
        base = self.base
        return rq.search_places_args(
            base["text_query"],
            location_bias=bias,
            language_code=base["language_code"],
            region_code=base["region_code"],
            page_size=base["page_size"],
            include_extended_details=base["include_extended_details"],
        )

    def _resolve_arguments(self, name: str) -> dict[str, Any]:
        """Return the wire arguments of the one call that finds the named area (its best place)."""
        return rq.search_places_args(
            name,
            page_size=1,
            language_code=self.base["language_code"],
            region_code=self.base["region_code"],
        )

    def tile_call(self, area: Area, tile: Tile) -> Call:
        """Return the ``search_places`` call of one tile: the query biased to the tile's circle."""
        lat, lng, radius = bias_circle(area, tile)
        return Call(_TOOL, self._arguments(Circle(lat, lng, radius)))

    def _tile_m(self, area: Area) -> float:
        return self.tile_m if self.tile_m is not None else default_tile_m(area)

    def _signature(self, area: Area | None) -> dict[str, Any]:
        """Return what a resumed search must share with this one.

        Not ``max_depth``: a deeper search may resume a shallower one.
        """
        if self.name is not None:
            key = f"name:{self.name}|{self.radius_m:g}"
        else:
            assert area is not None
            digest = hashlib.sha256(repr(area.circle).encode())
            for polygon in area.polygons:
                for ring in polygon:
                    digest.update(np.round(ring, 3).tobytes())
            key = f"{area.kind}:{digest.hexdigest()[:16]}"
        base = {k: v for k, v in self.base.items() if k != "page_size"}
        return {**base, "page_size": self.page_size, "area": key, "tile_m": self.tile_m}

    # ------------------------------------------------------------------ budget
    def _metered(self) -> tuple[int, int]:
        counts = self.client._meter.counts()
        sent = sum(v["calls"] for (t, _), v in counts.items() if t == _TOOL)
        hits = sum(v["cache_hits"] for (t, _), v in counts.items() if t == _TOOL)
        return sent, hits

    def room(self, planned: int = 0) -> int | None:
        """Count the calls this search may still make, or ``None`` without a limit."""
        limits = []
        if self.max_calls is not None:
            limits.append(self.max_calls - self.calls - planned)
        meter = self.client._meter
        counts = meter.counts()
        if meter.max_calls is not None:
            used = sum(v["calls"] for v in counts.values())
            limits.append(meter.max_calls - used - planned)
        if meter.max_pro_calls is not None and self.tier == PRO:
            used = sum(v["calls"] for (_, t), v in counts.items() if t == PRO)
            limits.append(meter.max_pro_calls - used - planned)
        return None if not limits else max(0, min(limits))

    def _refuse(self, needed: int) -> None:
        """Raise :class:`BudgetExceeded` before sending when the first calls do not fit."""
        if self.max_calls is not None and needed > self.max_calls:
            exc = BudgetExceeded("max_calls", self.max_calls, 0, needed, scope="area search")
            exc.args = (
                f"budget: this area search needs at least {needed} calls (its first-level tiles"
                f"{' and the name' if self.name else ''}), more than max_calls={self.max_calls};"
                " nothing was sent. Raise max_calls, give a larger tile_m, or check the plan"
                " with dry_run=True",
            )
            raise exc
        meter = self.client._meter
        tiers = [self.tier] * needed
        meter.check(tiers)  # the client's own max_calls / max_pro_calls (BudgetExceeded)

    # ------------------------------------------------------------------ the plan
    def _planning_area(self) -> Area:
        """Return the area, or for a name not yet resolved a circle of its radius.

        The tiles of a circle do not depend on where it is.
        """
        if self.area is not None:
            return self.area
        lat, lng = self.resumed_centre or (0.0, 0.0)
        return circle_area(lat, lng, self.radius_m, f"{self.name!r}")

    def plan(self) -> pd.DataFrame:
        """Return the dry run: the first calls and the cost of the whole search; nothing is sent."""
        area = self._planning_area()
        tiles = first_level(area, self._tile_m(area))
        known = self.area is not None or self.resumed_centre is not None
        resolve = None
        if self.name is not None and self.resumed_centre is None:
            resolve = self._resolve_arguments(self.name)
        arguments = [
            self.tile_call(area, t).arguments if known else {**self.base, "location_bias": None}
            for t in tiles
        ]
        df = plan_frame(
            area if known else None,
            tiles,
            resolve,
            arguments,
            self.tier,
            tier(_TOOL, resolve or {}),
            worst_case(area, tiles, self.max_depth),
            self.room(),
        )
        df.attrs["area"] = area.label if known else f"{self.name!r} (resolved when run)"
        df.attrs["tile_m"] = self._tile_m(area)
        df.attrs["max_depth"] = self.max_depth
        return df

    def _load_resume(self) -> None:
        """Read ``resume=`` (checked up front: a named error lists every bad column)."""
        if self._resume is None:
            return
        template = _empty_frame()
        coverage = checked_resume(self._resume, template)
        signature = dict(coverage.signature)
        centre = signature.pop("centre", None)
        if self.name is not None and centre is not None:
            self.resumed_centre = _resumed_centre(centre)
        if signature != self._signature(self.area):
            raise InvalidRequest(
                "resume", "is from a search_area of another query, area, page or tile size"
            )
        earlier = resumed_tiles(self._resume, coverage, template)
        if earlier and self.area is None and self.resumed_centre is None:
            raise InvalidRequest("resume", "has tiles but not the centre its name resolved to")
        area = self._planning_area()
        for tile_id, record in earlier.items():
            tile = tile_of(area, self._tile_m(area), tile_id)
            if tile is None:
                raise InvalidRequest(
                    "resume", f"names a tile {tile_id!r} that is not of this search's grid"
                )
            self.earlier[tile_id] = (tile, record)
            if record.status != FAILED:
                self.resumed[tile_id] = (record.returned, record.rows)

    # ------------------------------------------------------------------ the search
    def prepare(self) -> None:
        """Read ``resume=``; refuse a search whose first calls would pass a budget, before sending.

        The first calls are the name's resolution and the first-level tiles.
        """
        self._load_resume()
        area = self._planning_area()
        tiles = first_level(area, self._tile_m(area))
        resolving = self.name is not None and self.resumed_centre is None
        self._refuse(int(resolving) + sum(t.id not in self.resumed for t in tiles))

    def steps(self) -> Wave:
        """Return the search (after :meth:`prepare`).

        Yields each wave of calls, receives their outcomes, returns the frame.
        """
        area = self._planning_area()
        tiles = first_level(area, self._tile_m(area))
        if self.name is not None and self.resumed_centre is None:
            self.wave = []
            resolve = self._resolve_arguments(self.name)
            (outcome,) = yield [Call(_TOOL, resolve)]
            if isinstance(outcome, BaseException):
                raise outcome
            self.resumed_centre = _centre(outcome, self.name or "")
        if self.area is None:
            assert self.resumed_centre is not None
            lat, lng = self.resumed_centre
            label = f"{self.name!r}: {self.radius_m:,.0f} m around {lat:.4f},{lng:.4f}"
            self.area = area = circle_area(lat, lng, self.radius_m, label)
            tiles = first_level(area, self._tile_m(area))
        level = tiles
        while level:
            self.wave = [t for t in level if t.id not in self.resumed]
            outcomes = (yield [self.tile_call(area, t) for t in self.wave]) if self.wave else []
            fresh = dict(zip([t.id for t in self.wave], outcomes, strict=True))
            level = self._absorb(area, level, fresh)
        return self.frame()

    def _absorb(self, area: Area, level: list[Tile], fresh: dict[str, Any]) -> list[Tile]:
        """Read one level's answers in order; return the next level (quadrants of full tiles)."""
        following: list[Tile] = []
        for tile in level:
            if tile.id in self.resumed:
                returned, rows = self.resumed[tile.id]
                error = None
            else:
                outcome = fresh[tile.id]
                if isinstance(outcome, BaseException):
                    self.answers.append((tile, FAILED, 0, None, None, _message(outcome)))
                    continue
                frame = outcome.to_frame()
                returned, error = len(frame), None
                rows = self._inside(frame)
            if returned < self.page_size:
                self.answers.append((tile, COMPLETE, returned, rows, None, error))
                continue
            quads = children(area, tile)
            needed = sum(q.id not in self.resumed for q in quads)
            if tile.level >= self.max_depth and needed:  # quadrants answered earlier: free
                self.answers.append((tile, FULL, returned, rows, "max_depth", error))
                continue
            room = self.room(planned=sum(q.id not in self.resumed for q in following))
            if room is not None and needed > room:
                self.answers.append((tile, FULL, returned, rows, "max_calls", error))
                continue
            self.answers.append((tile, SPLIT, returned, rows, None, error))
            following.extend(quads)
        return following

    def _inside(self, frame: pd.DataFrame) -> pd.DataFrame:
        assert self.area is not None
        frame.attrs = dict(frame.attrs)
        keep = self.area.contains(frame["lat"].to_numpy(float), frame["lng"].to_numpy(float))
        rows = frame[keep].reset_index(drop=True)
        rows.attrs = {"attributions": frame.attrs.get("attributions"), "_all": len(frame)}
        rows.attrs["_unlocated"] = int((~np.isfinite(frame["lat"].to_numpy(float))).sum())
        return rows

    # ------------------------------------------------------------------ outcomes and the frame
    def started(self, calls: list[Call]) -> None:
        """Return a wave goes out: its outcomes to come, and the progress bar grows by its calls."""
        self.sent_calls = calls
        self.current = [None] * len(calls)
        if self.bar is None:
            self.bar = Progress(len(calls), desc="search_area", enabled=self.progress)
        else:
            self.bar.grow(len(calls))

    def settle(self, i: int, outcome: Any) -> None:
        """Keep the outcome of the wave's call ``i`` and count it (the engine's ``settle``).

        The outcome is a result, or the error it failed with.
        """
        call = self.sent_calls[i]
        self.current[i] = outcome
        self.calls += 1
        tier_ = tier(call.name, call.arguments, self.client.now())
        self.by_tier[tier_] = self.by_tier.get(tier_, 0) + 1
        if self.bar is not None:
            self.bar.advance()
            self.bar.fail(int(isinstance(outcome, BaseException)))

    def close(self, *, stopped: bool) -> None:
        """Close the progress bar: green when every call of it finished, red if it stopped."""
        if self.bar is not None:
            self.bar.close(stopped=stopped)

    def frame(self, stopped_by: str | None = None) -> pd.DataFrame:
        """Return the deduplicated places with their :class:`Coverage` in ``attrs["coverage"]``."""
        area = self.area or self._planning_area()
        answers = list(self.answers)
        parts = [(t.id, rows) for t, _, _, rows, _, _ in answers if rows is not None]
        df, duplicates, new = places_table(parts, _empty_frame())
        new_of = dict(zip([p[0] for p in parts], new, strict=True))
        total = area.area_m2()
        covered = sum(area.overlap_m2(t.box) for t, status, *_ in answers if status == COMPLETE)
        tile_rows = []
        outside = unlocated = 0
        for tile, status, returned, rows, reason, error in answers:
            lat, lng, radius = bias_circle(area, tile)
            inside = None if rows is None else len(rows)
            if rows is not None:
                unlocated += int(rows.attrs.get("_unlocated", 0))
                outside += returned - len(rows) - int(rows.attrs.get("_unlocated", 0))
            tile_rows.append(
                {"level": tile.level, "lat": lat, "lng": lng, "radius_m": radius,
                 "status": status, "returned": None if status == FAILED else returned,
                 "inside": inside, "new": new_of.get(tile.id), "reason": reason, "error": error}
            )  # fmt: skip
        sent, hits = self._metered()
        signature = self._signature(self.area)
        if self.name is not None and self.resumed_centre is not None:
            signature["centre"] = self.resumed_centre
        coverage = Coverage(
            text_query=str(self.base["text_query"]),
            area=area.label if self.area is not None else repr(self.name),
            area_km2=total / 1e6,
            page_size=self.page_size,
            max_depth=self.max_depth,
            tile_m=self._tile_m(area),
            tier=self.tier,
            tiles=tiles_frame(tile_rows, [a[0].id for a in answers]),
            calls=self.calls,
            sent=sent - self._before[0],
            cache_hits=hits - self._before[1],
            calls_by_tier=dict(self.by_tier),
            covered_share=min(1.0, covered / total) if total > 0 else 0.0,
            places=len(df),
            outside=outside,
            duplicates=duplicates,
            unlocated=unlocated,
            stopped_by=stopped_by or self._budget_stop(answers),
            resumed_tiles=sum(a[0].id in self.resumed for a in answers),
            signature=signature,
        )
        df.attrs.update(source=self.client.source, kind="places")
        df.attrs["attributions"] = merged_credits(rows for _, rows in parts)
        df.attrs["coverage"] = coverage
        return df

    def _budget_stop(self, answers: list[Any]) -> str | None:
        if any(a[4] == "max_calls" for a in answers):
            return "the budget (max_calls): full tiles left unsplit"
        return None

    def partial(self, exc: BaseException) -> pd.DataFrame:
        """Return the frame of what finished when the search stopped: pass it as ``resume=``.

        The current wave's finished tiles are included; resuming from it finishes the search.
        """
        if self.area is None:
            return self.frame(stopped_by=_message(exc))
        done = {t.id: o for t, o in zip(self.wave, self.current, strict=False) if o is not None}
        saved = list(self.answers)
        try:
            for tile in self.wave:
                if tile.id in done:
                    self._absorb(self.area, [tile], done)
            asked = {a[0].id for a in self.answers}
            for tile_id, (tile, record) in self.earlier.items():  # unreached this time: kept
                if tile_id not in asked:
                    rows = None if record.status == FAILED else record.rows
                    self.answers.append(
                        (tile, record.status, record.returned, rows, record.reason, record.error)
                    )
            return self.frame(stopped_by=f"{type(exc).__name__}: {_message(exc)}")
        finally:
            self.answers = saved

    def interrupted(self, exc: BaseException, holder: dict[str, Any]) -> None:
        """Put the frame so far (:meth:`partial`) on ``exc`` and in ``holder``, and say so."""
        partial = self.partial(exc)
        holder["partial"] = partial  # an interrupt of a sync client's search re-raises with it
        try:
            exc.partial = partial  # type: ignore[attr-defined]
        except AttributeError:  # pragma: no cover - exceptions without a __dict__
            return
        coverage = partial.attrs["coverage"]
        logger.warning(
            "mapsnb search_area stopped (%s): %d tiles answered; the frame so far is on the "
            "error's .partial — pass resume=<it> to finish",
            type(exc).__name__,
            coverage.tiles_asked,
        )


def _metres(value: Any, field: str, maximum: float, minimum: float = 1.0) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InvalidRequest(field, f"must be a number of metres, got {value!r}")
    number = float(value)
    if not (math.isfinite(number) and minimum <= number <= maximum):
        raise InvalidRequest(
            field, f"must be from {minimum:g} to {maximum:g} metres, got {value!r}"
        )
    return number


def _message(exc: BaseException) -> str:
    return str(exc) or type(exc).__name__


def _resumed_centre(centre: Any) -> tuple[float, float]:
    """Return the centre a resumed name search resolved to (from its coverage's signature)."""
    try:
        lat, lng = (float(v) for v in centre)
    except (TypeError, ValueError):
        raise InvalidRequest("resume", "has a damaged centre in its coverage") from None
    if not (math.isfinite(lat) and math.isfinite(lng) and -90 <= lat <= 90):
        raise InvalidRequest("resume", "has a damaged centre in its coverage")
    return lat, lng


def _centre(result: Any, name: str) -> tuple[float, float]:
    """Where the place a name resolves to is (the first place of its search with a location)."""
    frame = result.to_frame()
    for lat, lng in zip(frame["lat"].tolist(), frame["lng"].tolist(), strict=True):
        if lat is not None and lng is not None and math.isfinite(lat) and math.isfinite(lng):
            return float(lat), float(lng)
    raise MapsnbError(
        f"search_area: {name!r} did not resolve to a place with a location; give the area as a "
        "Circle, a Viewport or a polygon"
    )
