"""``search_along_route`` in the emulator: the route argument, places beside it, their detours.

The route comes from a retrieval token of ``compute_routes``, from two endpoints (the path
:func:`~mapsnb_sandbox.tools.paths.build_path` draws between them) or from an encoded
polyline; the candidates are the world's places of the asked kind in the cells along it
(:func:`mapsnb_sandbox.world.places.spots_along`), and the five of the shortest detour are the
answer.
"""

from __future__ import annotations

import functools
import html
import itertools
import math
import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from typing import Any

from mapsnb.polyline import decode, encode, haversine_m
from mapsnb_sandbox.contract.common import Context, arg, invalid, token_for
from mapsnb_sandbox.languages.cases import Anchor, place_kind
from mapsnb_sandbox.languages.texts import language, localized_distance, say, town_in
from mapsnb_sandbox.tools.locations import resolve_ends
from mapsnb_sandbox.tools.paths import Point, build_path
from mapsnb_sandbox.tools.places import CATEGORIES, make_business
from mapsnb_sandbox.tools.routes import (
    ROUTING_PREFERENCES,
    TRAVEL_MODES,
    bool_arg,
    enum_arg,
    local_hour_at,
    read_token,
    traffic_factor,
)
from mapsnb_sandbox.tools.summaries import PlaceLine, shown_anchor, summary_html
from mapsnb_sandbox.world.cities import country_at, nearest_city
from mapsnb_sandbox.world.kinds.reading import kind_named
from mapsnb_sandbox.world.kinds.table import reading_language
from mapsnb_sandbox.world.names.islands import island_of_id
from mapsnb_sandbox.world.places import local_code, spots_along
from mapsnb_sandbox.world.resolved import Resolved, place_view

__all__ = ["search_along_route"]

_REGION = re.compile(r"^[A-Za-z]{2}$")
#: How far beside the route the world's places are candidates, and how many points of the
#: route are looked around (a longer route is sampled more sparsely).
_CORRIDOR_M = 400.0
_MAX_SAMPLES = 400


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
    mode = enum_arg(args, "travel_mode", TRAVEL_MODES)
    if mode == "TRANSIT":
        raise invalid("travel_mode TRANSIT is not supported by search_along_route")
    spec = {"retrieval_token": "token", "route_endpoints": "endpoints"}.get(specs[0], "polyline")
    if mode in ("WALK", "BICYCLE") and spec != "endpoints":
        raise invalid(f"travel_mode {mode} is only supported with route_endpoints")
    pref = enum_arg(args, "routing_preference", ROUTING_PREFERENCES)
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
    extended = bool_arg(args, "include_extended_details")
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
        specs = []
        for name in ("origin", "destination"):
            value = arg(ends, name, where="route_endpoints.")
            if value is None:
                raise invalid(f"route_endpoints.{name} is required")
            specs.append((f"route_endpoints.{name}", value))
        a, b = resolve_ends(specs, ctx, bias=None)
        names = (_shown(a, specs[0][1], req), _shown(b, specs[1][1], req))
        return build_path(((a.lat, a.lng), (b.lat, b.lng)), req.mode, 0), names
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


def _samples(path: tuple[Point, ...]) -> list[Point]:
    """Points every :data:`_CORRIDOR_M` along the path (at most :data:`_MAX_SAMPLES`, spread
    evenly over a longer path): where the corridor's places are looked for."""
    cum = _cumulative(path)
    total = cum[-1]
    n = max(1, min(_MAX_SAMPLES, math.ceil(total / _CORRIDOR_M)))
    return [_point_at(path, cum, total * k / n)[0] for k in range(n + 1)]


def _point_at(path: tuple[Point, ...], cum: list[float], s: float) -> tuple[Point, float]:
    """Point at distance ``s`` along the path and the local heading (radians from north); a
    path of one vertex is that vertex, heading north."""
    if len(path) < 2:
        return path[0], 0.0
    i = max(1, min(len(path) - 1, bisect_left(cum, s)))
    a, b = path[i - 1], path[i]
    seg = cum[i] - cum[i - 1]
    t = 0.0 if seg <= 0 else (s - cum[i - 1]) / seg
    p = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
    dx = (b[1] - a[1]) * math.cos(math.radians(a[0]))
    return p, math.atan2(dx, b[0] - a[0])


def _shown(end: Resolved, waypoint: Any, req: _AlongRequest) -> str:
    """An end's name for the summary: a town typed by address as the asker wrote it in the
    language's script or form ("z Praha do Brno", "من القاهرة"; :func:`town_in`), as
    ``search_places`` names its town; else the place's name."""
    typed = waypoint.get("address") if isinstance(waypoint, dict) else None
    if end.kind == "country" or island_of_id(end.place_id):  # "до страны Швеция", "до Крита"
        return shown_anchor(end, typed or "", language(req.language))
    if end.kind != "locality" or not isinstance(typed, str):
        return Anchor(end.name, place_kind(end.kind))  # "от города Токио", "z města Praha"
    return town_in(end.name, typed, language(req.language), end.place_id)


def search_along_route(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``search_along_route`` tool: ``{"results", "summary", "contentToken"}``."""
    req = _validate_along(args)
    path, names = _route_path(args, req, ctx)
    route_key = encode(path[:: max(1, len(path) // 50)]) if path else ""
    token = token_for("search_along_route", req.text.lower(), route_key, req.mode, req.pref)
    token = token_for(token, req.language, req.region, req.extended)
    with reading_language(arg(args, "language_code") or None):  # its own forms of kinds
        cat = kind_named(req.text)
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
    cat = local_code(cat, req.text, path[0])  # the kind a generic word means there
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
    kind, lang = CATEGORIES[cat], language(req.language)
    speed = {"WALK": 4.8, "BICYCLE": 15.0}.get(req.mode, 35.0) / 3.6
    factor = traffic_factor(local_hour_at(ctx.now, path[0])) if req.pref == "AWARE" else 1.0
    found = []
    for spot, off in spots_along(_samples(path), _CORRIDOR_M, cat):
        detour_m = 2 * max(off, 30.0) * 1.3
        found.append((round(detour_m / speed * factor), spot.place_id, detour_m, spot))
    found.sort(key=lambda f: (f[0], f[1]))
    chosen = [(secs, pid, meters, make_business(spot)) for secs, pid, meters, spot in found[:5]]
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
    what = kind.singular_in(lang) if len(results) == 1 else kind.plural_in(lang)
    key = "intro_along" + ("_from" if getattr(start, "away", "") else "")  # "du Portugal"
    key += "_to" if getattr(end, "to", "") else ""  # "aux Pays-Bas"
    intro = say(lang, key, n=len(results), what=what, start=start, end=end)
    return results, summary_html(intro, lines, route_key)
