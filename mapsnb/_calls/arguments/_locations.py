"""Locations of the argument builders: the ``Location`` forms, lat/lng pairs and bias shapes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from mapsnb._calls.arguments._values import check_text
from mapsnb._types import Circle, LatLng, PlaceId, Viewport, check_lat_lng
from mapsnb.errors import InvalidRequest

Location = str | tuple[float, float] | LatLng | PlaceId | Mapping[str, Any]


def wire_lat_lng(value: object, field: str) -> dict[str, float]:
    """Return a ``(lat, lng)`` pair, :class:`LatLng` or ``{latitude, longitude}`` as the wire dict."""
    if isinstance(value, Mapping):
        lat, lng = value.get("latitude"), value.get("longitude")
        if lat is None or lng is None:
            raise InvalidRequest(field, "must have both latitude and longitude")
    else:
        try:
            lat, lng = value  # type: ignore[misc]
        except (TypeError, ValueError):
            raise InvalidRequest(field, f"must be a (lat, lng) pair, got {value!r}") from None
    lat, lng = check_lat_lng(lat, lng, field)
    return {"latitude": lat, "longitude": lng}


def location(value: object, field: str) -> dict[str, Any]:
    """Coerce a location to the wire oneof ``{address | lat_lng | place_id}``.

    An address, ``(lat, lng)``, :class:`LatLng`, :class:`PlaceId` or a wire dict.
    """
    if isinstance(value, PlaceId):
        return {"place_id": check_text(str(value), f"{field}.place_id")}
    if isinstance(value, str):
        return {"address": check_text(value, field)}
    if isinstance(value, Mapping):
        keys = {
            "address": ("address",),
            "lat_lng": ("lat_lng", "latLng"),
            "place_id": ("place_id", "placeId"),
        }
        present = [(k, a) for k, alts in keys.items() for a in alts if a in value]
        unknown = set(value) - {a for alts in keys.values() for a in alts}
        if unknown:
            raise InvalidRequest(
                field,
                f"unknown key(s) {sorted(map(repr, unknown))}; use one of address, lat_lng, place_id",
            )
        if len(present) != 1:
            raise InvalidRequest(
                field, f"must have exactly one of address, lat_lng, place_id (got {len(present)})"
            )
        kind, key = present[0]
        if kind == "lat_lng":
            return {"lat_lng": wire_lat_lng(value[key], f"{field}.lat_lng")}
        if kind == "place_id":
            return {"place_id": str(PlaceId(check_text(value[key], f"{field}.place_id")))}
        return {"address": check_text(value[key], f"{field}.address")}
    if isinstance(value, (tuple, list, LatLng)):
        return {"lat_lng": wire_lat_lng(value, f"{field}.lat_lng")}
    if value is None:
        raise InvalidRequest(field, "is required")
    raise InvalidRequest(
        field, f"must be an address, a (lat, lng) tuple, LatLng, PlaceId or a dict, got {value!r}"
    )


def circle_bias(bias: object) -> dict[str, Any]:
    """Return a ``search_places`` location bias as the wire circle.

    From a :class:`Circle`, ``(lat, lng[, radius_m])``, ``((lat, lng), radius_m)`` or
    ``{'circle': {...}}``.
    """
    field = "location_bias"
    if isinstance(bias, Circle):
        return bias.to_wire(field)
    if isinstance(bias, (tuple, list)) and not isinstance(bias, Viewport) and len(bias) in (2, 3):
        if len(bias) == 2 and isinstance(bias[0], (tuple, list)):  # ((lat, lng), radius_m)
            return Circle(tuple(bias[0]), bias[1]).to_wire(field)
        return Circle(*bias).to_wire(field)  # (lat, lng) or (lat, lng, radius_m)
    if isinstance(bias, Mapping):
        circle = bias.get("circle")
        if not isinstance(circle, Mapping) or set(bias) != {"circle"}:
            raise InvalidRequest(
                field,
                "must be Circle(lat, lng, radius_m), (lat, lng, radius_m) or {'circle': {...}}",
            )
        center = circle.get("center")
        if center is None:
            raise InvalidRequest(f"{field}.circle.center", "is required")
        lat_lng = wire_lat_lng(center, f"{field}.circle.center")
        radius = circle.get("radius_meters", circle.get("radiusMeters"))
        return Circle(lat_lng["latitude"], lat_lng["longitude"], radius).to_wire(field)
    if isinstance(bias, Viewport):
        raise InvalidRequest(field, "search_places takes a Circle; a Viewport is for resolve_names")
    raise InvalidRequest(
        field, f"must be Circle(lat, lng, radius_m) or (lat, lng, radius_m), got {bias!r}"
    )


def viewport_bias(bias: object) -> dict[str, Any]:
    """Return a ``resolve_names`` location bias as the wire viewport.

    From a :class:`Viewport` or ``{'viewport': {low, high}}``.
    """
    if isinstance(bias, Viewport):
        return bias.to_wire()
    if isinstance(bias, Mapping) and isinstance(bias.get("viewport"), Mapping):
        vp = bias["viewport"]
        low, high = vp.get("low"), vp.get("high")
        for name, corner in (("low", low), ("high", high)):
            if corner is None:
                raise InvalidRequest(
                    f"location_bias.viewport.{name}", "is required (give both low and high)"
                )
        lo = wire_lat_lng(low, "location_bias.viewport.low")
        hi = wire_lat_lng(high, "location_bias.viewport.high")
        return Viewport(
            (lo["latitude"], lo["longitude"]), (hi["latitude"], hi["longitude"])
        ).to_wire()
    raise InvalidRequest("location_bias", "must be Viewport(low, high) for resolve_names")
