"""Arguments of ``compute_routes``: endpoints, waypoints, travel mode, time windows."""

from __future__ import annotations

import datetime as dt
import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mapsnb._calls.arguments._locations import Location, location, wire_lat_lng
from mapsnb._calls.arguments._times import parse_timestamp
from mapsnb._calls.arguments._values import check_bool, mode_preference, travel_mode
from mapsnb._limits import MAX_WAYPOINTS
from mapsnb._types import Circle, LatLng, Viewport
from mapsnb.errors import InvalidRequest


def compute_routes_args(
    origin: Location,
    destination: Location,
    *,
    intermediate_waypoints: Sequence[Location] | None = None,
    travel_mode_: str | None = None,
    departure_time: dt.datetime | str | None = None,
    arrival_time: dt.datetime | str | None = None,
    routing_preference_: str | None = None,
    location_bias: LatLng | tuple[float, float] | Mapping[str, float] | None = None,
    compute_alternative_routes: bool | None = None,
    include_polyline: bool | None = None,
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """Arguments of ``compute_routes`` (TOOLS.md §5 items 23–34). ``now`` anchors the time windows."""
    args: dict[str, Any] = {
        "origin": location(origin, "origin"),
        "destination": location(destination, "destination"),
    }
    mode = travel_mode(travel_mode_) if travel_mode_ is not None else "DRIVE"
    waypoints = _waypoints(intermediate_waypoints, mode)
    if waypoints:
        args["intermediate_waypoints"] = waypoints
    if travel_mode_ is not None:
        args["travel_mode"] = mode
    args.update(_time_windows(departure_time, arrival_time, mode, now or dt.datetime.now(dt.UTC)))
    if routing_preference_ is not None:
        args["routing_preference"] = mode_preference(routing_preference_, mode)
    if location_bias is not None:
        args["location_bias"] = _bare_point(location_bias)
    if compute_alternative_routes is not None:
        args["compute_alternative_routes"] = check_bool(
            compute_alternative_routes, "compute_alternative_routes"
        )
    if include_polyline is not None:
        args["include_polyline"] = check_bool(include_polyline, "include_polyline")
    return args


def _waypoints(intermediate_waypoints: Sequence[Location] | None, mode: str) -> list[Any]:
    """Return the wire form of ``intermediate_waypoints`` (at most ``MAX_WAYPOINTS``, none with TRANSIT)."""
    if intermediate_waypoints is None:
        return []
    if isinstance(intermediate_waypoints, (str, Mapping, LatLng)) or not isinstance(
        intermediate_waypoints, Iterable
    ):
        raise InvalidRequest(
            "intermediate_waypoints",
            f"must be a list of locations, got {type(intermediate_waypoints).__name__}",
        )
    waypoints = list(itertools.islice(intermediate_waypoints, MAX_WAYPOINTS + 1))
    if len(waypoints) > MAX_WAYPOINTS:
        raise InvalidRequest(
            "intermediate_waypoints", f"at most {MAX_WAYPOINTS} waypoints, got more"
        )
    if waypoints and mode == "TRANSIT":
        raise InvalidRequest("intermediate_waypoints", "are not supported with travel_mode TRANSIT")
    return [location(w, f"intermediate_waypoints[{i}]") for i, w in enumerate(waypoints)]


def _time_windows(
    departure_time: dt.datetime | str | None,
    arrival_time: dt.datetime | str | None,
    mode: str,
    now: dt.datetime,
) -> dict[str, str]:
    """``departure_time`` / ``arrival_time`` (at most one), each within the window of ``mode``."""
    if departure_time is not None and arrival_time is not None:
        raise InvalidRequest(
            "departure_time", "give at most one of departure_time and arrival_time"
        )
    times: dict[str, str] = {}
    for name, value in (("departure_time", departure_time), ("arrival_time", arrival_time)):
        if value is not None:
            times[name] = _within_window(value, name, mode, now)
    return times


def _within_window(value: dt.datetime | str, name: str, mode: str, now: dt.datetime) -> str:
    """Return the wire text of one time, checked against the window of ``mode`` around ``now``."""
    text, when = parse_timestamp(value, name)
    if mode == "TRANSIT":
        lo, hi, rule = (
            now - dt.timedelta(days=7),
            now + dt.timedelta(days=100),
            "now−7 days … now+100 days",
        )
    else:
        lo, hi, rule = (
            now - dt.timedelta(minutes=1),
            now + dt.timedelta(days=365),
            "now … now+365 days (not in the past)",
        )
    if not lo <= when <= hi:
        raise InvalidRequest(name, f"for {mode} must lie within {rule}; got {text}")
    return text


def _bare_point(
    location_bias: LatLng | tuple[float, float] | Mapping[str, float],
) -> dict[str, float]:
    """``location_bias`` of ``compute_routes``: a bare point, no circle or viewport."""
    if isinstance(location_bias, (Circle, Viewport)):
        raise InvalidRequest("location_bias", "compute_routes takes a bare point (lat, lng)")
    return wire_lat_lng(location_bias, "location_bias")
