"""``compute_routes`` and ``search_along_route`` in the emulator.

Geometry is synthetic but road-like: each leg is a gently curving path (a staircase of grid
steps for short urban legs) through every waypoint in order, with deterministic jitter from a
hash. ``distanceMeters`` is the length of the encoded path itself.

Retrieval tokens are self-describing (``rt1.<base64url JSON>.<check>``): they carry the
waypoints, the issue time and the route variant, so a new emulator process can still use them.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import html
import itertools
import json
import math
import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from mapsnb.polyline import decode, encode, haversine_m, path_length_m
from mapsnb.sandbox.common import (
    Context,
    SandboxToolError,
    arg,
    attribution,
    invalid,
    lat_lng_arg,
    stable_int,
    token_for,
    waypoint_label,
)
from mapsnb.sandbox.earth.crossings import DRY_MODES, link_cost, plan
from mapsnb.sandbox.earth.land import connected, landmass
from mapsnb.sandbox.earth.water import open_water_m
from mapsnb.sandbox.tools.locations import resolve_location
from mapsnb.sandbox.tools.places import CATEGORIES, detect_category, make_business, offset_point
from mapsnb.sandbox.tools.summaries import PlaceLine, summary_html
from mapsnb.sandbox.world.cities import country_at, nearest_city, timezone_at
from mapsnb.sandbox.world.resolved import place_view
from mapsnb.sandbox.world.texts import language, localized_distance, say

__all__ = [
    "build_path",
    "compute_routes",
    "localized_distance",
    "reachable",
    "search_along_route",
]

Point = tuple[float, float]

TOKEN_TTL = timedelta(minutes=10)
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MAX_WAYPOINTS = 25
MAX_VERTICES = 2000
_TOKEN_KEY = b"mapsnb-sandbox-retrieval-token-v1"
_MODES = {
    None: "DRIVE",
    "ROUTE_TRAVEL_MODE_UNSPECIFIED": "DRIVE",
    "TRAVEL_MODE_UNSPECIFIED": "DRIVE",
    "DRIVE": "DRIVE",
    "WALK": "WALK",
    "BICYCLE": "BICYCLE",
    "TRANSIT": "TRANSIT",
}
_PREFS = {
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
_REGION = re.compile(r"^[A-Za-z]{2}$")


# --------------------------------------------------------------------------- geometry


def _frac(h: int, shift: int) -> float:
    """A deterministic float in [0, 1) from 16 bits of ``h``."""
    return ((h >> shift) & 0xFFFF) / 0x10000


def _leg(a: Point, b: Point, seed: int, variant: int, vertices: int) -> list[Point]:
    """A road-like path from ``a`` to ``b`` (both included)."""
    dist = haversine_m(a[0], a[1], b[0], b[1])
    if dist < 1:
        return [a, b]
    kx = 111_320 * max(0.05, math.cos(math.radians((a[0] + b[0]) / 2)))
    ky = 111_320
    dlng = (b[1] - a[1] + 540) % 360 - 180
    bx, by = dlng * kx, (b[0] - a[0]) * ky
    length = math.hypot(bx, by) or 1.0
    nx, ny = -by / length, bx / length
    h = stable_int("leg", a, b, seed, variant)
    sign = 1 if h & 1 else -1
    amp1 = sign * length * (0.06 + 0.08 * _frac(h, 8)) * (1 + 0.8 * variant)
    amp2 = length * (0.06 * _frac(h, 24) - 0.03) * (1 + variant)
    amp3 = -sign * length * (0.012 + 0.01 * _frac(h, 40))
    amp4 = sign * length * (0.006 + 0.006 * _frac(h, 48))
    urban = dist < 8000
    steps = max(3, min(40, round(dist / 350))) if urban else max(8, vertices)
    spacing = length / steps
    pts: list[Point] = []
    for k in range(steps + 1):
        t = k / steps
        jitter = (_frac(h * 2654435761 + k * 40503, 0) - 0.5) * 0.3 * spacing
        lat_off = (
            amp1 * math.sin(math.pi * t)
            + amp2 * math.sin(2 * math.pi * t)
            + amp3 * math.sin(7 * math.pi * t)
            + amp4 * math.sin(13 * math.pi * t)
            + jitter * math.sin(math.pi * t)
        )
        x, y = bx * t + nx * lat_off, by * t + ny * lat_off
        pts.append((a[0] + y / ky, ((a[1] + x / kx) + 540) % 360 - 180))
    pts[0], pts[-1] = a, b
    if urban:  # right-angle grid steps between successive control points
        grid: list[Point] = [pts[0]]
        for k, (p, q) in enumerate(itertools.pairwise(pts)):
            corner = (q[0], p[1]) if (h >> (k % 60)) & 1 else (p[0], q[1])
            grid += [corner, q]
        pts = grid
    return pts


def _round_path(points: list[Point]) -> list[Point]:
    out: list[Point] = []
    for lat, lng in points:
        p = (round(lat, 5), round(lng, 5))
        if not out or out[-1] != p:
            out.append(p)
    return out


def _landmass_at(p: Point) -> str | None:
    cc, continent, town_m = country_at(*p)
    return landmass(cc, continent, p[0], p[1], town_m)


def reachable(waypoints: tuple[Point, ...], mode: str) -> bool:
    """Whether a ``mode`` route can join the waypoints in order: no WALK or BICYCLE route
    crosses a sea, a DRIVE route only by a bridge, tunnel or car ferry (:mod:`mapsnb.sandbox.earth.land`)."""
    masses = [_landmass_at(p) for p in waypoints]
    return all(connected(a, b, mode) for a, b in itertools.pairwise(masses))


@functools.lru_cache(maxsize=512)
def build_path(waypoints: tuple[Point, ...], mode: str, variant: int = 0) -> tuple[Point, ...]:
    """Deterministic road-like path through ``waypoints`` in order, rounded to 1e-5 degrees;
    empty when no ``mode`` route exists (a sea between two waypoints, see :func:`reachable`)."""
    if len(waypoints) < 2 or not reachable(waypoints, mode):
        return ()
    steps = plan(waypoints, mode)
    if steps is None:  # open water and no known bridge, tunnel or ferry for this mode
        return ()
    per_leg = max(8, MAX_VERTICES // (2 * len(steps)) - 2)
    path: list[Point] = []
    for i, step in enumerate(steps):
        a, b = step.a, step.b
        if step.link is not None:
            seg = [a, b]
        else:
            dist = haversine_m(a[0], a[1], b[0], b[1])
            n = max(8, min(per_leg, math.ceil(dist / 300)))
            seg = _leg(a, b, stable_int(mode, i), variant, n)
            if mode in DRY_MODES and open_water_m(seg):  # the curve strays off the shore
                seg = _straight(a, b, n)
        path += seg if not path else seg[1:]
    return tuple(_round_path(path))


def _straight(a: Point, b: Point, n: int) -> list[Point]:
    """``n + 1`` points on the straight line from ``a`` to ``b``."""
    dlng = (b[1] - a[1] + 540) % 360 - 180
    return [
        (a[0] + (b[0] - a[0]) * k / n, ((a[1] + dlng * k / n) + 540) % 360 - 180)
        for k in range(n + 1)
    ]


def _speed_kmh(mode: str, meters: float) -> float:
    if mode == "WALK":
        return 4.8
    if mode == "BICYCLE":
        return 15.0
    if mode == "TRANSIT":
        return 25.0
    km = max(meters / 1000, 0.001)
    frac = (math.log10(km) - math.log10(5)) / (math.log10(150) - math.log10(5))
    return 30 + 65 * min(1.0, max(0.0, frac))


def _traffic_factor(local_hour: int) -> float:
    if 7 <= local_hour <= 9:
        return 1.35
    if 16 <= local_hour <= 19:
        return 1.4
    if local_hour < 6 or local_hour >= 22:
        return 0.92
    return 1.1


def _duration_s(mode: str, meters: float, pref: str, local_hour: int, variant: int) -> int:
    seconds = meters / (_speed_kmh(mode, meters) / 3.6) * (1 + 0.04 * variant)
    if mode == "TRANSIT":
        seconds += 300
    if pref == "AWARE" and mode in ("DRIVE", "TRANSIT"):
        seconds *= _traffic_factor(local_hour)
    return max(1, round(seconds))


def _local_hour(when: datetime, at: Point) -> int:
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


def _enum(args: dict[str, Any], name: str, table: dict[Any, str]) -> str:
    value = arg(args, name)
    if not (value is None or isinstance(value, str)) or value not in table:
        allowed = ", ".join(sorted(k for k in table if k))
        raise invalid(f"{name} must be one of {allowed}, got {value!r}")
    return table[value]


def _bool(args: dict[str, Any], name: str) -> bool:
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
    mode = _enum(args, "travel_mode", _MODES)
    pref = _enum(args, "routing_preference", _PREFS)
    if pref == "AWARE" and mode in ("WALK", "BICYCLE"):
        raise invalid(f"ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL is not supported with {mode}")
    alternatives = _bool(args, "compute_alternative_routes")
    polyline = _bool(args, "include_polyline")
    inter = arg(args, "intermediate_waypoints") or []
    if not isinstance(inter, list):
        raise invalid("intermediate_waypoints must be a list of waypoints")
    if len(inter) > MAX_WAYPOINTS:
        raise invalid(f"intermediate_waypoints allows at most 25 entries, got {len(inter)}")
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
    points = tuple(
        (r.lat, r.lng) for r in (resolve_location(w, ctx, field=f, bias=bias) for f, w in specs)
    )
    return _RouteRequest(points, mode, pref, when, alternatives, polyline)


# --------------------------------------------------------------------------- compute_routes


def compute_routes(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``compute_routes`` tool: ``{"routes": [...]}``, most recommended first."""
    req = _validate_routes(args, ctx)
    hour = _local_hour(req.when, req.points[0])
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
        seconds = _duration_s(req.mode, meters - link_m, req.pref, hour, v) + round(link_s)
        found.append((seconds, v, meters, path))
    found.sort(key=lambda r: (r[0], r[1]))
    routes = []
    for seconds, v, meters, path in found:
        route: dict[str, Any] = {
            "distanceMeters": round(meters),
            "duration": f"{seconds}s",
            "attribution": attribution(
                f"{waypoint_label(arg(args, 'origin'))} to {waypoint_label(arg(args, 'destination'))}"
            ),
        }
        if req.polyline:
            route["encodedPolyline"] = encode(path)
        if req.mode == "DRIVE":
            route["retrievalToken"] = make_token(req.points, ctx.now, v)
        routes.append(route)
    return {"routes": routes}


# --------------------------------------------------------------------------- along route


@dataclass(frozen=True)
class _AlongRequest:
    text: str
    mode: str
    pref: str
    language: str
    region: str | None
    extended: bool
    spec: str  # "token" | "endpoints" | "polyline"


def _validate_along(args: dict[str, Any]) -> _AlongRequest:
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    text = arg(args, "text_query")
    if not isinstance(text, str) or not text.strip():
        raise invalid("text_query is required and must be a non-empty string")
    specs = [
        name
        for name in ("retrieval_token", "route_endpoints", "encoded_polyline")
        if arg(args, name) is not None
    ]
    if len(specs) != 1:
        raise invalid(
            "set exactly one of retrieval_token, route_endpoints, encoded_polyline "
            f"(got {len(specs)})"
        )
    mode = _enum(args, "travel_mode", _MODES)
    if mode == "TRANSIT":
        raise invalid("travel_mode TRANSIT is not supported by search_along_route")
    spec = {"retrieval_token": "token", "route_endpoints": "endpoints"}.get(specs[0], "polyline")
    if mode in ("WALK", "BICYCLE") and spec != "endpoints":
        raise invalid(f"travel_mode {mode} is only supported with route_endpoints")
    pref = _enum(args, "routing_preference", _PREFS)
    if pref == "AWARE" and mode in ("WALK", "BICYCLE"):
        raise invalid(f"ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL is not supported with {mode}")
    language = arg(args, "language_code")
    if language is None or language == "":  # "" is proto3's "unset": the default
        language = "en-US"
    if not isinstance(language, str):
        raise invalid("language_code must be a string such as 'en-US'")
    region = arg(args, "region_code")
    if region is not None and not isinstance(region, str):
        raise invalid(f"region_code must be a string, got {region!r}")
    if region is not None and not _REGION.match(region):
        region = None  # soft rule (TOOLS.md §5 item 43): an unknown region code is ignored
    extended = _bool(args, "include_extended_details")
    return _AlongRequest(text.strip(), mode, pref, language, region, extended, spec)


def _route_path(
    args: dict[str, Any], req: _AlongRequest, ctx: Context
) -> tuple[tuple[Point, ...], tuple[str, str] | None]:
    """The route's vertices, and the endpoint names when the request named them."""
    if req.spec == "token":
        points, variant = read_token(arg(args, "retrieval_token"), ctx)
        return build_path(points, "DRIVE", variant), None
    if req.spec == "endpoints":
        ends = arg(args, "route_endpoints")
        if not isinstance(ends, dict):
            raise invalid("route_endpoints must be an object with origin and destination")
        pts, names = [], []
        for name in ("origin", "destination"):
            value = arg(ends, name, where="route_endpoints.")
            if value is None:
                raise invalid(f"route_endpoints.{name} is required")
            r = resolve_location(value, ctx, field=f"route_endpoints.{name}")
            pts.append((r.lat, r.lng))
            names.append(r.name)
        return build_path(tuple(pts), req.mode, 0), (names[0], names[1])
    raw = arg(args, "encoded_polyline")
    try:
        path = decode(raw) if isinstance(raw, str) else []
    except ValueError as exc:
        raise invalid(f"encoded_polyline is not a valid encoded polyline: {exc}") from None
    if len(path) < 2:
        raise invalid("encoded_polyline must describe at least two points")
    if any(not (-90 <= a <= 90 and -180 <= b <= 180) for a, b in path):
        raise invalid("encoded_polyline has a point outside the latitude/longitude range")
    return tuple(path), None


@functools.lru_cache(maxsize=256)
def _cumulative(path: tuple[Point, ...]) -> list[float]:
    """Cumulative distance (m) at each vertex of ``path``."""
    cum = [0.0]
    for a, b in itertools.pairwise(path):
        cum.append(cum[-1] + haversine_m(a[0], a[1], b[0], b[1]))
    return cum


def _point_at(path: tuple[Point, ...], cum: list[float], s: float) -> tuple[Point, float]:
    """Point at distance ``s`` along the path and the local heading (radians from north)."""
    i = max(1, min(len(path) - 1, bisect_left(cum, s)))
    a, b = path[i - 1], path[i]
    seg = cum[i] - cum[i - 1]
    t = 0.0 if seg <= 0 else (s - cum[i - 1]) / seg
    p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    dx = (b[1] - a[1]) * math.cos(math.radians(a[0]))
    return p, math.atan2(dx, b[0] - a[0])


def search_along_route(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``search_along_route`` tool: ``{"results", "summary", "contentToken"}``."""
    req = _validate_along(args)
    path, names = _route_path(args, req, ctx)
    route_key = encode(path[:: max(1, len(path) // 50)]) if path else ""
    token = token_for("search_along_route", req.text.lower(), route_key, req.mode, req.pref)
    token = token_for(token, req.language, req.region, req.extended)
    cat = detect_category(req.text)
    lang = language(req.language)
    if not path:
        return {
            "results": [],
            "summary": f"<p>{say(lang, 'along_no_route')}</p>",
            "contentToken": token,
        }
    if cat is None:
        q = html.escape(req.text, quote=False)
        return {
            "results": [],
            "summary": f"<p>{say(lang, 'along_none', q=q)}</p>",
            "contentToken": token,
        }
    results, summary = _along(path, cat, route_key, req, ctx, names)
    return {"results": results, "summary": summary, "contentToken": token}


def _along(
    path: tuple[Point, ...],
    cat: int,
    route_key: str,
    req: _AlongRequest,
    ctx: Context,
    names: tuple[str, str] | None = None,
) -> tuple[list[dict[str, Any]], str]:
    cum = _cumulative(path)
    total = cum[-1]
    kind, lang = CATEGORIES[cat], language(req.language)
    spread = min(kind.spread_m, 1500)
    speed = {"WALK": 4.8, "BICYCLE": 15.0}.get(req.mode, 35.0) / 3.6
    factor = _traffic_factor(_local_hour(ctx.now, path[0])) if req.pref == "AWARE" else 1.0
    found = []
    for k in range(10):
        h = stable_int("along", cat, route_key, k)
        (lat, lng), heading = _point_at(path, cum, total * (k + 0.2 + 0.6 * _frac(h, 0)) / 10)
        off = 60 + _frac(h, 16) * (spread - 60)
        side = math.pi / 2 if (h >> 40) & 1 else -math.pi / 2
        plat, plng = offset_point(lat, lng, off, heading + side)
        biz = make_business(plat, plng, cat, k, h >> 41)
        detour_m = 2 * off * 1.3
        found.append((round(detour_m / speed * factor), k, detour_m, biz))
    found.sort(key=lambda f: (f[0], f[1]))
    chosen = found[:5]
    start, end = names or (nearest_city(*path[0])[0], nearest_city(*path[-1])[0])
    where = country_at(*path[0])[0]  # units follow the route's country, not the language
    lines, results = [], []
    for secs, _, meters, biz in chosen:
        detour: dict[str, str] = {}
        if req.spec != "polyline":
            detour["detourDuration"] = f"{secs}s"
        detour["localizedDetourDistance"] = localized_distance(
            meters, req.language, req.region, country=where
        )
        results.append({"place": place_view(biz), "detourSummary": detour})
        distance = detour["localizedDetourDistance"]
        cost = (
            say(lang, "detour_minutes", m=max(1, round(secs / 60)), d=distance)
            if req.spec != "polyline"
            else distance
        )
        line = PlaceLine(biz, kind.singular_in(lang), detour=cost, extended=req.extended)
        lines.append(replace(line, group=kind.group, lang=lang))
    what = kind.plural_in(lang)
    intro = say(lang, "intro_along", n=len(results), what=what, start=start, end=end)
    return results, summary_html(intro, lines, route_key)
