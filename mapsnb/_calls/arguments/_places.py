"""Arguments of the place searches: ``search_places`` and ``search_along_route``."""

from __future__ import annotations

import datetime as dt
import numbers
from collections.abc import Mapping
from typing import Any

from mapsnb import settings
from mapsnb._calls.arguments._locations import Location, circle_bias, location
from mapsnb._calls.arguments._values import (
    check_bool,
    check_language,
    check_region,
    check_text,
    mode_preference,
    travel_mode,
)
from mapsnb._limits import MAX_PAGE_SIZE
from mapsnb._types import Circle, check_lat_lng
from mapsnb.errors import InvalidRequest


def search_places_args(
    text_query: str,
    *,
    location_bias: Circle | Mapping[str, Any] | None = None,
    language_code: str | None = None,
    region_code: str | None = None,
    page_size: int | None = None,
    include_extended_details: bool | None = None,
) -> dict[str, Any]:
    """Arguments of ``search_places`` (TOOLS.md §5 items 5–11)."""
    args: dict[str, Any] = {"text_query": check_text(text_query, "text_query")}
    if location_bias is not None:
        args["location_bias"] = circle_bias(location_bias)
    if language_code is not None:
        args["language_code"] = check_language(language_code)
    if region_code is not None:
        args["region_code"] = check_region(region_code)
    if page_size is not None:
        if (
            isinstance(page_size, bool)
            or not isinstance(page_size, numbers.Integral)  # numpy integers too
            or not 1 <= page_size <= MAX_PAGE_SIZE
        ):
            raise InvalidRequest(
                "page_size", f"must be an integer from 1 to {MAX_PAGE_SIZE}, got {page_size!r}"
            )
        args["page_size"] = int(page_size)
    if include_extended_details is not None:
        args["include_extended_details"] = check_bool(
            include_extended_details, "include_extended_details"
        )
    return args


def search_along_route_args(
    text_query: str,
    *,
    route: Any = None,
    retrieval_token: str | None = None,
    origin: Location | None = None,
    destination: Location | None = None,
    encoded_polyline: str | None = None,
    travel_mode_: str | None = None,
    routing_preference_: str | None = None,
    include_extended_details: bool | None = None,
    language_code: str | None = None,
    region_code: str | None = None,
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """Arguments of ``search_along_route`` (TOOLS.md §5 items 35–43).

    ``route`` takes a routes result: its recommended route's retrieval token while it is valid,
    else its polyline, else the endpoints of the request that produced it.
    """
    args: dict[str, Any] = {"text_query": check_text(text_query, "text_query")}
    given = [
        n
        for n, v in (
            ("route", route),
            ("retrieval_token", retrieval_token),
            ("encoded_polyline", encoded_polyline),
            ("origin/destination", origin if origin is not None else destination),
        )
        if v is not None
    ]
    if len(given) != 1:
        raise InvalidRequest(
            "route",
            "give exactly one route: route=, retrieval_token=, encoded_polyline= or origin= with "
            f"destination= (got {', '.join(given) or 'none'})",
        )
    mode = travel_mode(travel_mode_) if travel_mode_ is not None else "DRIVE"
    now = now or dt.datetime.now(dt.UTC)
    if route is not None:
        spec, route_mode = _route_spec(route, now)
        if travel_mode_ is None and route_mode != "DRIVE":
            travel_mode_ = mode = route_mode  # search along the route the way it was computed
    elif retrieval_token is not None:
        spec = {"retrieval_token": check_text(retrieval_token, "retrieval_token")}
    elif encoded_polyline is not None:
        spec = {"encoded_polyline": _polyline(encoded_polyline)}
    else:
        if origin is None or destination is None:
            raise InvalidRequest(
                "origin" if origin is None else "destination", "is required with route endpoints"
            )
        spec = {
            "route_endpoints": {
                "origin": location(origin, "origin"),
                "destination": location(destination, "destination"),
            }
        }
    if mode == "TRANSIT":
        raise InvalidRequest("travel_mode", "TRANSIT is not supported by search_along_route")
    if mode in ("WALK", "BICYCLE") and "route_endpoints" not in spec:
        raise InvalidRequest(
            "travel_mode", f"{mode} works only with origin= and destination= endpoints"
        )
    args.update(spec)
    if travel_mode_ is not None:
        args["travel_mode"] = mode
    if routing_preference_ is not None:
        args["routing_preference"] = mode_preference(routing_preference_, mode)
    if include_extended_details is not None:
        args["include_extended_details"] = check_bool(
            include_extended_details, "include_extended_details"
        )
    if language_code is not None:
        args["language_code"] = check_language(language_code)
    if region_code is not None:
        # soft rule (TOOLS.md §5 item 43): any CLDR region code, not only two letters
        args["region_code"] = check_text(region_code, "region_code")
    return args


def _polyline(value: object) -> str:
    from mapsnb.polyline import decode

    text = check_text(value, "encoded_polyline")
    try:
        points = decode(text)
    except ValueError as exc:
        raise InvalidRequest(
            "encoded_polyline", f"is not a valid encoded polyline ({exc})"
        ) from None
    if len(points) < 2:
        raise InvalidRequest("encoded_polyline", "must have at least two points")
    for i, (lat, lng) in enumerate(points):
        check_lat_lng(lat, lng, f"encoded_polyline[{i}]")
    return text


def _route_spec(route: Any, now: dt.datetime) -> tuple[dict[str, Any], str]:
    """Return the route spec for a routes result, and the travel mode it was computed with."""
    routes = getattr(route, "routes", None)
    request = getattr(route, "request", None) or {}
    if routes is None:
        raise InvalidRequest(
            "route", f"must be the result of compute_routes, got {type(route).__name__}"
        )
    if not routes:
        raise InvalidRequest("route", "the routes result is empty (no route was found)")
    best = routes[0]
    mode = request.get("travel_mode", "DRIVE")
    token = getattr(best, "retrieval_token", None)
    issued = getattr(route, "issued_at", None)
    minutes = settings.retrieval_token_minutes
    valid = issued is not None and now < issued + dt.timedelta(minutes=minutes)
    if token and mode == "DRIVE" and valid:
        return {"retrieval_token": token}, mode
    polyline = getattr(best, "encoded_polyline", None)
    if polyline and mode == "DRIVE":
        return {"encoded_polyline": polyline}, mode
    if request.get("intermediate_waypoints"):
        raise InvalidRequest(
            "route",
            "its retrieval token has expired (or it is not a DRIVE route) and it has no polyline; "
            "its waypoints cannot be kept as route endpoints — recompute it with include_polyline=True",
        )
    if "origin" in request and "destination" in request:
        endpoints = {"origin": request["origin"], "destination": request["destination"]}
        return {"route_endpoints": endpoints}, mode
    raise InvalidRequest(
        "route", "its retrieval token has expired and it has no polyline; recompute the route"
    )
