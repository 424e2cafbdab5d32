"""Wire locations and place ids back to places: landmarks, cities, points and businesses.

Above :mod:`mapsnb_sandbox.world.resolved` (landmarks, towns, points) and
:mod:`mapsnb_sandbox.world.places` (the world's businesses, whose ids decode to their grid
cell): this module resolves every kind of id.
"""

from __future__ import annotations

import itertools
from typing import Any

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context, SandboxToolError, arg, invalid, lat_lng_arg
from mapsnb_sandbox.tools.paths import reachable
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.places import place_from_id
from mapsnb_sandbox.world.resolved import Resolved, point_resolved, resolve_geo_id
from mapsnb_sandbox.world.resolver import resolve

__all__ = ["FAMOUS_TOWN", "resolve_ends", "resolve_location", "resolve_place_id"]


def resolve_place_id(pid: str) -> Resolved | None:
    """A place id (or ``places/<id>``) the emulator knows: landmark, city, point or business."""
    if not isinstance(pid, str):
        return None
    bare = pid.strip().removeprefix("places/")
    return place_from_id(bare) or resolve_geo_id(bare)


def resolve_location(
    location: Any,
    ctx: Context,
    *,
    field: str = "location",
    bias: tuple[float, float] | None = None,
) -> Resolved:
    """Resolve a wire waypoint/location ``{address | place_id | lat_lng}`` (either casing).

    Raises
    ------
    SandboxToolError
        INVALID_ARGUMENT when not exactly one alternative is set or a value is malformed;
        NOT_FOUND when the address or place id is unknown.
    """
    del ctx  # resolution does not depend on the clock
    if not isinstance(location, dict):
        raise invalid(f"{field} must be an object with exactly one of address, place_id, lat_lng")
    where = f"{field}."
    given = {
        k: v
        for k in ("address", "place_id", "lat_lng")
        if (v := arg(location, k, where=where)) is not None
    }
    if len(given) != 1:
        raise invalid(
            f"{field} must set exactly one of address, place_id, lat_lng (got {len(given)})"
        )
    kind, value = next(iter(given.items()))
    if kind == "lat_lng":
        return point_resolved(*lat_lng_arg(value, f"{field}.lat_lng"))
    if not isinstance(value, str) or not value.strip():
        raise invalid(f"{field}.{kind} must be a non-empty string")
    if kind == "place_id":
        r = resolve_place_id(value)
        if r is None:
            raise SandboxToolError("NOT_FOUND", f"{field}.place_id {value!r} is not a known place")
        return r
    found = resolve(value, bias=bias)
    if found.place is None:
        raise SandboxToolError(
            "NOT_FOUND", f"{field}.address {value!r} could not be geocoded: {found.reason}"
        )
    return found.place


#: A town an endpoint's bare name picks on another landmass than the route's nearest other
#: endpoint is rather its namesake near them ("Boston to Salem": Massachusetts' Salem, not
#: India's; "Atlanta to Birmingham": Alabama's, not England's 1.2 million) unless it has this
#: many people ("Paris to New York" is Paris, France: no route).
FAMOUS_TOWN = 2_000_000


def resolve_ends(
    specs: list[tuple[str, Any]], ctx: Context, *, bias: tuple[float, float] | None
) -> list[Resolved]:
    """A route's endpoints ``(field, wire location)``, each by :func:`resolve_location`.

    With no location bias, a town an address names only unsurely (LOW), or of under
    :data:`FAMOUS_TOWN` people on another landmass than the nearest other endpoint (no road
    joins them), may be read again with that endpoint as its bias: the one such change that
    shortens the route most is kept, then the next ("Boston to Salem": both in Massachusetts,
    not Salem in India; "Denver to Vail": Colorado's Vail, not Arizona's)."""
    out = [resolve_location(w, ctx, field=f, bias=bias) for f, w in specs]
    moved: set[int] = set()
    while bias is None and len(out) > 1:
        trials = [(_crow_m(out) - _crow_m(t), i, t) for i, t in _rebiased(specs, out, ctx, moved)]
        gain, i, trial = max(trials, default=(0.0, -1, out), key=lambda g: g[0])
        if gain <= 0:
            break
        out, moved = trial, moved | {i}
    return out


def _rebiased(
    specs: list[tuple[str, Any]], ends: list[Resolved], ctx: Context, moved: set[int]
) -> list[tuple[int, list[Resolved]]]:
    """Each unsure town endpoint (see :func:`resolve_ends`) read with the nearest other as bias."""
    out = []
    for i, (field, where) in enumerate(specs):
        r = ends[i]
        if i in moved or r.kind != "locality" or not isinstance(where, dict):
            continue
        near = min(
            ((o.lat, o.lng) for k, o in enumerate(ends) if k != i),
            key=lambda p: haversine_m(r.lat, r.lng, *p),
        )
        apart = not reachable(((r.lat, r.lng), near), "DRIVE") and _people(r) < FAMOUS_TOWN
        if r.confidence == "LOW" or apart:
            again = resolve_location(where, ctx, field=field, bias=near)
            out.append((i, [*ends[:i], again, *ends[i + 1 :]]))
    return out


def _people(r: Resolved) -> int:
    """The people of the town ``r`` is (0 for a place that is no town of the index)."""
    idx = city_index()
    j = idx.place_ids.get(r.place_id, idx.cities)
    return idx.cities[j].population if j is not None else 0


def _crow_m(ends: list[Resolved]) -> float:
    """The straight-line length through ``ends`` in order."""
    return sum(haversine_m(a.lat, a.lng, b.lat, b.lng) for a, b in itertools.pairwise(ends))
