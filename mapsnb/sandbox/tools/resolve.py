"""``resolve_names`` and ``resolve_maps_urls`` in the emulator.

Both are 1:1 batches: a failed index yields ``{}`` plus an entry in ``failedRequests`` (keyed by
the decimal index string); a partial failure never fails the call.

Short links (``maps.app.goo.gl/<code>``, ``goo.gl/maps/<code>``) are resolved deterministically:
``h = stable_int("short", code)``; when ``h % 4 == 0`` the link is NOT_FOUND, otherwise it opens
landmark number ``h % len(landmarks)``. ``?cid=<digits>`` opens landmark ``cid % len(landmarks)``.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, unquote_plus, urlsplit

from mapsnb._limits import MAX_BATCH
from mapsnb.sandbox.common import (
    RPC_CODES,
    Context,
    SandboxToolError,
    arg,
    invalid,
    lat_lng_arg,
    place_id_in_url,
    stable_int,
    token_for,
)
from mapsnb.sandbox.tools.locations import resolve_place_id
from mapsnb.sandbox.world.categories import is_generic_query
from mapsnb.sandbox.world.geocode import parse_lat_lng, resolve_text, resolve_text_match
from mapsnb.sandbox.world.landmarks import fold, landmarks, names_one_place
from mapsnb.sandbox.world.resolved import Resolved, point_resolved

__all__ = ["CHAINS", "SANDBOX_MATCH", "resolve_maps_urls", "resolve_names"]

#: Field of a ``resolve_names`` result saying what the emulator matched the query to (name,
#: location, how; "note" for approximate places). Live answers never carry it.
SANDBOX_MATCH = "sandboxMatch"

#: Chain names: a query naming only a chain is not one specific place.
CHAINS = frozenset(
    fold(n)
    for n in (
        "Starbucks", "McDonald's", "McDonalds", "Walmart", "Subway", "Target", "Costco",
        "KFC", "Burger King", "Dunkin", "Dunkin' Donuts", "Taco Bell", "Wendy's", "Chipotle",
        "7-Eleven", "IKEA", "Home Depot", "Walgreens", "CVS", "Shell", "Chevron", "Pizza Hut",
        "Domino's", "Aldi", "Lidl", "Carrefour", "Tesco", "Zara", "H&M", "Whole Foods",
        "Trader Joe's", "Tim Hortons", "Pret A Manger", "Apple Store", "Best Buy", "Safeway",
    )
)  # fmt: skip
_REGION = re.compile(r"^[A-Za-z]{2}$")
_AT = re.compile(r"@(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)")
_NOT_SINGLE = "not a Google Maps URL for a single place"


class _Fail(Exception):
    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.code = RPC_CODES[status]
        self.message = message


def _status(exc: _Fail) -> dict[str, Any]:
    return {"code": exc.code, "message": exc.message, "details": []}


def _save_url(ids: list[str]) -> str:
    return f"https://www.google.com/maps/placelists/sandbox/{token_for('save', *ids)}"


def _batch_answer(
    key: str, items: list[dict[str, Any]], failed: dict[str, Any], ids: list[str]
) -> dict[str, Any]:
    """A 1:1 batch's answer: ``items`` under ``key``, then ``failedRequests`` and
    ``saveToMapsUrl`` when there are any."""
    out: dict[str, Any] = {key: items}
    if failed:
        out["failedRequests"] = failed
    if ids:
        out["saveToMapsUrl"] = _save_url(ids)
    return out


def _batch(items: Any, name: str) -> list[Any]:
    if not isinstance(items, list) or not 1 <= len(items) <= MAX_BATCH:
        got = len(items) if isinstance(items, list) else type(items).__name__
        raise invalid(f"{name} is required and must hold 1 to {MAX_BATCH} entries, got {got}")
    return items


# --------------------------------------------------------------------------- resolve_names


def _viewport_center(bias: Any) -> tuple[float, float]:
    if not isinstance(bias, dict) or not isinstance(bias.get("viewport"), dict):
        raise invalid("location_bias must be {viewport: {low, high}}")
    vp = bias["viewport"]
    for corner in ("low", "high"):
        if vp.get(corner) is None:
            raise invalid(f"location_bias.viewport.{corner} is required")
    lo = lat_lng_arg(vp["low"], "location_bias.viewport.low")
    hi = lat_lng_arg(vp["high"], "location_bias.viewport.high")
    lng_hi = hi[1] if hi[1] >= lo[1] else hi[1] + 360  # crosses the antimeridian
    lng = (lo[1] + lng_hi) / 2
    return (lo[0] + hi[0]) / 2, (lng + 180) % 360 - 180


_KNOWS = (
    "the sandbox knows towns of 1,000+ people (geonames, also by other spellings), "
    "{n} curated landmarks, and stations, squares, streets or addresses in a named town "
    "(e.g. 'Place Bellecour, Lyon')"
)


def _resolve_one(
    text: Any, bias: tuple[float, float] | None, region: str | None
) -> tuple[Resolved, str]:
    if not isinstance(text, str) or not text.strip():
        raise _Fail("INVALID_ARGUMENT", "text must be a non-empty string")
    f = fold(text)
    if f in CHAINS or f.removesuffix("s") in CHAINS:
        raise _Fail(
            "INVALID_ARGUMENT",
            f"{text!r} is a chain name, not one specific place; add a location",
        )
    hit = resolve_text_match(text, bias=bias, region=region)
    exact = hit is not None and hit[1] in ("name", "alias", "address", "street", "coords")
    if hit is not None and hit[1] == "approximate":  # "Temple Bar, Dublin" is one place
        exact = names_one_place(text, hit[0].city)
        vague = not exact
    else:
        vague = False
    if hit is not None and hit[1] == "partial":  # "riad in Chefchaouen": the town, words unread
        raise _Fail(
            "INVALID_ARGUMENT",
            f"{text!r} names the town {hit[0].name} but no one place in it the emulator can "
            "read; name the place (a landmark, an address) or search places in the town",
        )
    if vague or (not exact and is_generic_query(text)):
        raise _Fail(
            "INVALID_ARGUMENT",
            f"{text!r} is a generic search, not one specific place or address",
        )
    if hit is None:
        known = _KNOWS.format(n=len(landmarks()))
        raise _Fail("NOT_FOUND", f"no place found for {text!r}: {known}")
    return hit


def _match(r: Resolved, how: str) -> dict[str, Any]:
    """What the emulator matched a query to (a sandbox-only field; live answers lack it)."""
    out: dict[str, Any] = {
        "name": r.name,
        "location": {"latitude": round(r.lat, 7), "longitude": round(r.lng, 7)},
        "matchedAs": how,
    }
    if how in ("approximate", "street"):  # a street it does not know: placed, not found
        out["note"] = f"approximate: placed in {r.city}"
    return out


def resolve_names(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``resolve_names`` tool: ``{"results", "failedRequests"?, "saveToMapsUrl"?}``."""
    del ctx
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    queries = _batch(arg(args, "queries"), "queries")
    for i, q in enumerate(queries):
        if not isinstance(q, dict) or not isinstance(q.get("text"), str) or not q["text"].strip():
            raise invalid(f"queries[{i}].text is required and must be a non-empty string")
    region = arg(args, "region_code")
    if region is not None and (not isinstance(region, str) or not _REGION.match(region)):
        raise invalid(f"region_code must be a two-letter CLDR region code, got {region!r}")
    bias_raw = arg(args, "location_bias")
    bias = _viewport_center(bias_raw) if bias_raw is not None else None
    if bias is not None:
        region = None  # location_bias wins over region_code
    results: list[dict[str, Any]] = []
    failed: dict[str, Any] = {}
    ids: list[str] = []
    for i, q in enumerate(queries):
        try:
            r, how = _resolve_one(q["text"], bias, region)
        except _Fail as exc:
            results.append({})
            failed[str(i)] = _status(exc)
            continue
        results.append(
            {
                "entity": {"place": f"places/{r.place_id}"},
                "confidence": r.confidence,
                SANDBOX_MATCH: _match(r, how),
            }
        )
        ids.append(r.place_id)
    return _batch_answer("results", results, failed, ids)


# --------------------------------------------------------------------------- resolve_maps_urls


def _is_google(host: str) -> bool:
    parts = host.split(".")
    return "google" in parts and parts[0] in ("www", "maps", "google")


def _landmark_at(n: int) -> Resolved:
    items = landmarks()
    if not items:
        raise _Fail("NOT_FOUND", "no place is known for this link")
    r = resolve_place_id(items[n % len(items)].place_id)
    if r is None:  # pragma: no cover - every landmark id resolves
        raise _Fail("NOT_FOUND", "no place is known for this link")
    return r


def _text_or_point(text: str, near: tuple[float, float] | None = None) -> Resolved:
    coords = parse_lat_lng(text)
    if coords:
        return point_resolved(*coords)
    r = resolve_text(text, bias=near)
    if r is not None:
        return r
    if near is not None:
        return point_resolved(*near)
    raise _Fail("NOT_FOUND", f"no place found for {text!r}")


def _short_link(code: str) -> Resolved:
    code = code.strip("/")
    if not code:
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    h = stable_int("short", code)
    if h % 4 == 0:
        raise _Fail("NOT_FOUND", "the short link does not resolve to a known place")
    return _landmark_at(h)


def _query_url(query: dict[str, list[str]]) -> Resolved:
    one = {k: v[0] for k, v in query.items() if v}
    if any(k in one for k in ("daddr", "saddr", "destination", "origin", "dir_action")):
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    if "cid" in one:
        cid = one["cid"]
        if not (cid.isascii() and cid.isdigit() and len(cid) <= 40):  # "²".isdigit() is True
            raise _Fail("INVALID_ARGUMENT", "cid must be decimal digits")
        return _landmark_at(int(cid))
    pid = one.get("query_place_id") or one.get("place_id")
    if pid:
        r = resolve_place_id(pid)
        if r is not None:
            return r
        if not one.get("query"):
            raise _Fail("NOT_FOUND", f"place id {pid!r} is not a known place")
    for key in ("query", "q"):
        if one.get(key):
            return _text_or_point(one[key])
    if "ll" in one and (point := parse_lat_lng(one["ll"])):
        return point_resolved(*point)
    raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)


def _path_url(path: str, query: dict[str, list[str]]) -> Resolved:
    segs = [unquote_plus(s) for s in path.split("/") if s]
    if segs[:1] != ["maps"]:
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    rest = segs[1:]
    if (pid := place_id_in_url(path)) and (found := resolve_place_id(pid)) is not None:
        return found  # the emulator's own live-form placeUrl
    if not rest:
        return _query_url(query)
    kind = rest[0]
    if kind in ("dir", "placelists", "contrib", "d", "embed"):
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    at = next((m for s in rest if (m := _AT.match(s))), None)
    near = (float(at.group(1)), float(at.group(2))) if at else None
    if near and not (-90 <= near[0] <= 90 and -180 <= near[1] <= 180):
        raise _Fail("INVALID_ARGUMENT", "the URL's coordinates are out of range")
    if kind in ("place", "search") and len(rest) > 1 and not rest[1].startswith("@"):
        return _text_or_point(rest[1], near)
    if kind == "search" and query:
        return _query_url(query)
    raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)


def _resolve_url(url: Any) -> Resolved:
    if not isinstance(url, str) or not url.strip():
        raise _Fail("INVALID_ARGUMENT", "url must be a non-empty string")
    try:
        parts = urlsplit(url.strip())
        host = (parts.hostname or "").lower()
    except ValueError:  # e.g. "http://[::1": fails this index, not the whole batch
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE) from None
    if parts.scheme not in ("http", "https") or not host:
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    query = parse_qs(parts.query)
    if host == "maps.app.goo.gl":
        return _short_link(parts.path)
    if host == "goo.gl" and parts.path.startswith("/maps/"):
        return _short_link(parts.path.removeprefix("/maps/"))
    if not _is_google(host):
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    if host.startswith("maps."):
        path = parts.path if parts.path.startswith("/maps") else "/maps" + parts.path
        return _path_url(path.rstrip("/") or "/maps", query)
    return _path_url(parts.path, query)


def resolve_maps_urls(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """The ``resolve_maps_urls`` tool: ``{"entities", "failedRequests"?, "saveToMapsUrl"?}``."""
    del ctx
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    urls = _batch(arg(args, "urls"), "urls")
    entities: list[dict[str, Any]] = []
    failed: dict[str, Any] = {}
    ids: list[str] = []
    for i, url in enumerate(urls):
        try:
            r = _resolve_url(url)
        except _Fail as exc:
            entities.append({})
            failed[str(i)] = _status(exc)
            continue
        except SandboxToolError as exc:  # pragma: no cover - defensive
            entities.append({})
            failed[str(i)] = {"code": exc.code, "message": exc.message, "details": []}
            continue
        entities.append({"place": f"places/{r.place_id}"})
        ids.append(r.place_id)
    return _batch_answer("entities", entities, failed, ids)
