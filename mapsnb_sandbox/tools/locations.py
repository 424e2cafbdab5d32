"""Wire locations and place ids back to places: landmarks, cities, points and businesses.

Above :mod:`mapsnb_sandbox.world.resolved` (landmarks, towns, points) and
:mod:`mapsnb_sandbox.world.places` (the world's businesses, whose ids decode to their grid
cell): this module resolves every kind of id.
"""

from __future__ import annotations

from typing import Any

from mapsnb_sandbox.contract.common import Context, SandboxToolError, arg, invalid, lat_lng_arg
from mapsnb_sandbox.world.places import place_from_id
from mapsnb_sandbox.world.resolved import Resolved, point_resolved, resolve_geo_id
from mapsnb_sandbox.world.resolver import resolve

__all__ = ["resolve_location", "resolve_place_id"]


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
