"""``compute_routes`` in the emulator: travel modes, durations, retrieval tokens, the answer.

The path of each route is drawn by :func:`mapsnb_sandbox.tools.paths.build_path`;
``distanceMeters`` is the length of the encoded path itself.

Retrieval tokens are self-describing (``rt1.<base64url JSON>.<check>``): they carry the
waypoints, the issue time and the route variant, so a new emulator process can still use them
(``search_along_route`` reads them back with :func:`read_token`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mapsnb._limits import MAX_WAYPOINTS
from mapsnb.polyline import encode, path_length_m
from mapsnb_sandbox.contract.common import (
    Context,
    SandboxToolError,
    arg,
    attribution,
    invalid,
    lat_lng_arg,
    waypoint_label,
)
from mapsnb_sandbox.earth.crossings import link_cost
from mapsnb_sandbox.earth.terrain import ruggedness
from mapsnb_sandbox.tools.locations import resolve_ends, resolve_place_id
from mapsnb_sandbox.tools.paths import Point, build_path
from mapsnb_sandbox.world.cities import timezone_at
from mapsnb_sandbox.world.resolved import point_resolved

__all__ = [
    "ROUTING_PREFERENCES",
    "TRAVEL_MODES",
    "bool_arg",
    "compute_routes",
    "enum_arg",
    "local_hour_at",
    "make_token",
    "parse_rfc3339",
    "read_token",
    "traffic_factor",
]

TOKEN_TTL = timedelta(minutes=10)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_TOKEN_KEY = b"mapsnb-sandbox-retrieval-token-v1"
TRAVEL_MODES = {
    None: "DRIVE",
    "ROUTE_TRAVEL_MODE_UNSPECIFIED": "DRIVE",
    "TRAVEL_MODE_UNSPECIFIED": "DRIVE",
    "DRIVE": "DRIVE",
    "WALK": "WALK",
    "BICYCLE": "BICYCLE",
    "TRANSIT": "TRANSIT",
}
ROUTING_PREFERENCES = {
    None: "UNAWARE",
    "ROUTING_PREFERENCE_UNSPECIFIED": "UNAWARE",
    "ROUTING_PREFERENCE_TRAFFIC_UNAWARE": "UNAWARE",
    "TRAFFIC_UNAWARE": "UNAWARE",
    "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL": "AWARE",
    "TRAFFIC_AWARE_OPTIMAL": "AWARE",
}
_RFC3339 = re.compile(
    r"^(\d{4}-\d{2}-\d{2})[Tt](\d{2}:\d{2}:\d{2})(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})$"
)


# --------------------------------------------------------------------------- durations


#: Transit's average speed (km/h, waits and changes included) by trip length (km): city buses
#: and trams, metros, regional trains, intercity and high-speed trains (typical operating speeds).
TRANSIT_SPEEDS = ((3.0, 16.0), (20.0, 30.0), (100.0, 70.0), (400.0, 130.0), (1000.0, 180.0))


def _transit_kmh(km: float) -> float:
    """Transit's speed for a trip of ``km``, read off :data:`TRANSIT_SPEEDS` on a log scale."""
    (k0, v0), *rest = TRANSIT_SPEEDS
    if km <= k0:
        return v0
    for k1, v1 in rest:
        if km <= k1:
            frac = math.log(km / k0) / math.log(k1 / k0)
            return v0 + (v1 - v0) * frac
        k0, v0 = k1, v1
    return v0


def _speed_kmh(mode: str, meters: float) -> float:
    if mode == "WALK":
        return 4.8
    if mode == "BICYCLE":
        return 15.0
    km = max(meters / 1000, 0.001)
    if mode == "TRANSIT":
        return _transit_kmh(km)
    frac = (math.log10(km) - math.log10(5)) / (math.log10(150) - math.log10(5))
    return 30 + 65 * min(1.0, max(0.0, frac))


def traffic_factor(local_hour: int) -> float:
    """How much longer DRIVE and TRANSIT take in traffic at this local hour."""
    if 7 <= local_hour <= 9:
        return 1.35
    if 16 <= local_hour <= 19:
        return 1.4
    if local_hour < 6 or local_hour >= 22:
        return 0.92
    return 1.1


#: Mountain roads are this much slower at full ruggedness (Lima to Cusco: about 20 h).
HILL_SLOWDOWN = 1.0
#: The share of that slowdown trains keep (they tunnel and bridge what roads wind round).
TRANSIT_HILLS = 0.25


def _duration_s(
    mode: str, meters: float, pref: str, local_hour: int, variant: int, rugged: float = 0.0
) -> int:
    seconds = meters / (_speed_kmh(mode, meters) / 3.6) * (1 + 0.04 * variant)
    if mode in ("DRIVE", "TRANSIT"):
        seconds *= 1 + HILL_SLOWDOWN * rugged * (TRANSIT_HILLS if mode == "TRANSIT" else 1.0)
    if mode == "TRANSIT":
        seconds += 300
    if pref == "AWARE" and mode in ("DRIVE", "TRANSIT"):
        seconds *= traffic_factor(local_hour)
    return max(1, round(seconds))


def local_hour_at(when: datetime, at: Point) -> int:
    """The hour of ``when`` on the clocks at ``at``."""
    try:
        return when.astimezone(ZoneInfo(timezone_at(*at))).hour
    except Exception:  # unknown zone on this system: fall back to solar time
        return int((when.hour + at[1] / 15) % 24)


# --------------------------------------------------------------------------- tokens


def _mac(body: str) -> str:
    return hashlib.sha256(_TOKEN_KEY + body.encode()).hexdigest()[:12]


def make_token(waypoints: tuple[Point, ...], issued: datetime, variant: int) -> str:
    """A self-describing, tamper-checked retrieval token for a DRIVE route."""
    since_epoch = issued - _EPOCH
    data: dict[str, Any] = {
        "w": [[round(p[0], 6), round(p[1], 6)] for p in waypoints],
        "t": since_epoch // timedelta(seconds=1),
        "i": variant,
    }
    if since_epoch.microseconds:  # exact issue time: the token lives exactly 10 minutes
        data["us"] = since_epoch.microseconds
    body = base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode()
    body = body.rstrip("=")
    return f"rt1.{body}.{_mac(body)}"


def read_token(token: Any, ctx: Context) -> tuple[tuple[Point, ...], int]:
    """Waypoints and variant of a retrieval token.

    Raises
    ------
    SandboxToolError
        INVALID_ARGUMENT for an unknown or garbled token; FAILED_PRECONDITION once expired.
    """
    bad = invalid("retrieval_token is not a valid token issued by compute_routes")
    if not isinstance(token, str) or token.count(".") != 2:
        raise bad
    prefix, body, mac = token.split(".")
    if prefix != "rt1" or mac != _mac(body):
        raise bad
    try:
        data = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        points = tuple((float(p[0]), float(p[1])) for p in data["w"])
        issued = _EPOCH + timedelta(seconds=int(data["t"]), microseconds=int(data.get("us", 0)))
        variant = int(data["i"])
    except (ValueError, KeyError, TypeError, IndexError, AttributeError, OverflowError):
        raise bad from None
    if ctx.now > issued + TOKEN_TTL:
        raise SandboxToolError(
            "FAILED_PRECONDITION",
            f"retrieval_token expired (issued {issued.isoformat()}, valid for 10 minutes); "
            "recompute the route or use route_endpoints",
        )
    return points, variant


# --------------------------------------------------------------------------- validation


def enum_arg(args: dict[str, Any], name: str, table: dict[Any, str]) -> str:
    """The canonical value of enum argument ``name`` (absent: the ``None`` entry)."""
    value = arg(args, name)
    if not (value is None or isinstance(value, str)) or value not in table:
        allowed = ", ".join(sorted(k for k in table if k))
        raise invalid(f"{name} must be one of {allowed}, got {value!r}")
    return table[value]


def bool_arg(args: dict[str, Any], name: str) -> bool:
    """Boolean argument ``name`` (absent: ``False``)."""
    value = arg(args, name, False)
    if not isinstance(value, bool):
        raise invalid(f"{name} must be a boolean")
    return value


def parse_rfc3339(value: Any, field: str) -> datetime:
    """Parse an RFC 3339 timestamp that carries an explicit offset."""
    m = _RFC3339.match(value) if isinstance(value, str) else None
    if not m:
        raise invalid(
            f"{field} must be an RFC 3339 timestamp with a UTC offset, "
            f"e.g. 2026-09-19T08:00:00-07:00; got {value!r}"
        )
    date, clock, frac, off = m.groups()
    frac = (frac or ".0")[:7].ljust(7, "0")
    off = "+00:00" if off in ("Z", "z") else off
    try:
        return datetime.fromisoformat(f"{date}T{clock}{frac}{off}")
    except ValueError:
        raise invalid(f"{field} is not a valid date and time: {value!r}") from None


def _check_window(when: datetime, field: str, mode: str, now: datetime) -> None:
    if mode == "TRANSIT":
        lo, hi, rule = now - timedelta(days=7), now + timedelta(days=100), "[now-7d, now+100d]"
    else:
        lo, hi, rule = now, now + timedelta(days=365), "[now, now+365d] (no past times)"
    if not lo <= when <= hi:
        raise invalid(f"{field} {when.isoformat()} is outside the {mode} window {rule}")


@dataclass(frozen=True)
class _RouteRequest:
    points: tuple[Point, ...]
    mode: str
    pref: str
    when: datetime
    alternatives: bool
    polyline: bool


def _validate_routes(args: dict[str, Any], ctx: Context) -> _RouteRequest:
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    mode = enum_arg(args, "travel_mode", TRAVEL_MODES)
    pref = enum_arg(args, "routing_preference", ROUTING_PREFERENCES)
    if pref == "AWARE" and mode in ("WALK", "BICYCLE"):
        raise invalid(f"ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL is not supported with {mode}")
    alternatives = bool_arg(args, "compute_alternative_routes")
    polyline = bool_arg(args, "include_polyline")
    inter = arg(args, "intermediate_waypoints") or []
    if not isinstance(inter, list):
        raise invalid("intermediate_waypoints must be a list of waypoints")
    if len(inter) > MAX_WAYPOINTS:
        raise invalid(
            f"intermediate_waypoints allows at most {MAX_WAYPOINTS} entries, got {len(inter)}"
        )
    if inter and mode == "TRANSIT":
        raise invalid("intermediate_waypoints are not supported with TRANSIT")
    dep, arr = arg(args, "departure_time"), arg(args, "arrival_time")
    if dep is not None and arr is not None:
        raise invalid("set at most one of departure_time and arrival_time")
    when = ctx.now
    for field, value in (("departure_time", dep), ("arrival_time", arr)):
        if value is not None:
            when = parse_rfc3339(value, field)
            _check_window(when, field, mode, ctx.now)
    bias_raw = arg(args, "location_bias")
    bias = lat_lng_arg(bias_raw, "location_bias") if bias_raw is not None else None
    for name in ("origin", "destination"):
        if arg(args, name) is None:
            raise invalid(f"{name} is required")
    specs = [
        ("origin", arg(args, "origin")),
        *((f"intermediate_waypoints[{i}]", w) for i, w in enumerate(inter)),
        ("destination", arg(args, "destination")),
    ]
    points = tuple((r.lat, r.lng) for r in resolve_ends(specs, ctx, bias=bias))
    return _RouteRequest(points, mode, pref, when, alternatives, polyline)


# --------------------------------------------------------------------------- compute_routes


def compute_routes(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``compute_routes`` tool: ``{"routes": [...]}``, most recommended first."""
    req = _validate_routes(args, ctx)
    hour = local_hour_at(req.when, req.points[0])
    straight = path_length_m(req.points)
    variants: tuple[int, ...] = (0, 1, 2) if req.alternatives and straight > 2000 else (0, 1)
    if not req.alternatives:
        variants = (0,)
    found = []
    for v in variants:
        path = build_path(req.points, req.mode, v)
        if not path:
            return {"routes": []}
        meters = path_length_m(path)
        link_m, link_s = link_cost(req.points, req.mode)  # ferries: their speed, boarding
        rugged = ruggedness(req.points) if straight > 8000 else 0.0
        seconds = _duration_s(req.mode, meters - link_m, req.pref, hour, v, rugged) + round(link_s)
        found.append((seconds, v, meters, path))
    found.sort(key=lambda r: (r[0], r[1]))
    routes = []
    for seconds, v, meters, path in found:
        route: dict[str, Any] = {
            "distanceMeters": round(meters),
            "duration": f"{seconds}s",
            "attribution": attribution(
                f"{_end_title(arg(args, 'origin'))} to {_end_title(arg(args, 'destination'))}"
            ),
        }
        if req.polyline:
            route["encodedPolyline"] = encode(path)
        if req.mode == "DRIVE":
            route["retrievalToken"] = make_token(req.points, ctx.now, v)
        routes.append(route)
    return {"routes": routes}


def _end_title(waypoint: Any) -> str:
    """How the route's attribution title names an end, as live names it (``"<origin> to
    <destination> - Google Maps"``): a place by its name, an address as asked, a point rounded
    with the town it is near."""
    if isinstance(waypoint, dict):
        pid = waypoint.get("place_id", waypoint.get("placeId"))
        found = resolve_place_id(pid) if isinstance(pid, str) else None
        if found is not None:
            return found.name
        point = waypoint.get("lat_lng", waypoint.get("latLng"))
        if isinstance(point, dict):
            lat, lng = point.get("latitude"), point.get("longitude")
            if isinstance(lat, int | float) and isinstance(lng, int | float):
                near = point_resolved(float(lat), float(lng)).city
                return f"{lat:.3f},{lng:.3f} (near {near})"
    return waypoint_label(waypoint)
