"""``resolve_names`` and ``resolve_maps_urls`` in the emulator.

Both are 1:1 batches: a failed index yields ``{}`` plus an entry in ``failedRequests`` (keyed by
the decimal index string); a partial failure never fails the call.

A URL's own place comes first: ``!3d<lat>!4d<lng>`` (the place), else ``@lat,lng`` (the map
centre); a name in ``/maps/place/<name>/`` counts only within 25 km of those coordinates, else the
point itself is the answer. Short links (``maps.app.goo.gl``, ``goo.gl/maps``) and ``?cid=`` links
cannot be expanded offline: they fail with NOT_FOUND and a message saying so. Search URLs naming
one place (``?q=Googleplex``, ``?query=Lyon``) or coordinates resolve; general searches
(``?q=restaurants+in+Paris``, ``/maps/search/coffee+shops``) fail as live does, ``{"code": 3,
"message": "Invalid URL."}``. Failed URL records carry ``code`` and ``message`` only.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote_plus, urlsplit

from mapsnb._limits import MAX_BATCH
from mapsnb_sandbox.contract.common import (
    RPC_CODES,
    Context,
    SandboxToolError,
    arg,
    invalid,
    lat_lng_arg,
    place_id_in_url,
    token_for,
)
from mapsnb_sandbox.tools.locations import resolve_place_id
from mapsnb_sandbox.tools.places import named_business
from mapsnb_sandbox.world.kinds.table import is_generic_query
from mapsnb_sandbox.world.landmarks import landmarks
from mapsnb_sandbox.world.places import place_of_cid
from mapsnb_sandbox.world.resolved import Resolved, point_resolved
from mapsnb_sandbox.world.resolver import (
    UNKNOWN_LANDMARK,
    fold,
    names_one_place,
    parse_lat_lng,
    resolve,
)

__all__ = ["CHAINS", "SANDBOX_MATCH", "resolve_maps_urls", "resolve_names"]

#: Field of a ``resolve_names`` result saying what the emulator matched the query to (name,
#: location, how; "note" for approximate places). Live answers never carry it.
SANDBOX_MATCH = "sandboxMatch"

#: Chain names (``data/chains.txt``): a query naming only a chain is not one specific place.
CHAINS = frozenset(
    fold(line)
    for line in (Path(__file__).resolve().parents[1] / "data" / "chains.txt")
    .read_text(encoding="utf-8")
    .splitlines()
    if line.strip() and not line.startswith("#")
)
_REGION = re.compile(r"^[A-Za-z]{2}$")
_AT = re.compile(r"@(-?\d{1,2}(?:\.\d+)?),(-?\d{1,3}(?:\.\d+)?)")
_DATA_POINT = re.compile(r"!3d(-?\d{1,2}(?:\.\d+)?)!4d(-?\d{1,3}(?:\.\d+)?)")
_NOT_SINGLE = "not a Google Maps URL for a single place"
#: The live server's failure for a general search URL (``?q=restaurants+in+Paris``): code 3, no
#: ``details``; Google's docs say only links to a single place are supported.
_INVALID_URL = "Invalid URL."
#: A named place in a URL counts as the URL's place only this close to the URL's own coordinates.
_NEAR_KM = 25.0


class _Fail(Exception):
    def __init__(self, status: str, message: str) -> None:
        super().__init__(message)
        self.code = RPC_CODES[status]
        self.message = message


def _status(exc: _Fail) -> dict[str, Any]:
    return {"code": exc.code, "message": exc.message, "details": []}


def _url_status(exc: _Fail) -> dict[str, Any]:
    """A failed URL's record as live sends it: ``{"code", "message"}`` (no ``details``)."""
    return {"code": exc.code, "message": exc.message}


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
    "{n} curated landmarks, {a} airports, and stations, squares, streets or addresses in a named town "
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
    if (named := named_business(text, bias)) is not None:
        return named, "name"  # a place of the world by its own name (and town)
    found = resolve(text, bias=bias, region=region)
    exact = found.exact
    vague = False
    if found.place is not None and found.how == "approximate":  # "Temple Bar, Dublin"
        exact = names_one_place(text, found.place.city)
        vague = not exact
    if found.how == UNKNOWN_LANDMARK:  # "Historic City of Toledo": not the town
        raise _Fail("NOT_FOUND", f"no place found for {text!r}: {found.reason}")
    if found.place is not None and found.how == "partial":  # "riad in Chefchaouen": the town
        raise _Fail(
            "INVALID_ARGUMENT",
            f"{text!r} names the town {found.place.name} but no one place in it the emulator "
            "can read; name the place (a landmark, an address) or search places in the town",
        )
    if vague or (not exact and is_generic_query(text)):
        raise _Fail(
            "INVALID_ARGUMENT",
            f"{text!r} is a generic search, not one specific place or address",
        )
    if found.place is None:
        airports = sum(lm.kind == "airport" for lm in landmarks())
        known = _KNOWS.format(n=len(landmarks()) - airports, a=airports)
        raise _Fail("NOT_FOUND", f"no place found for {text!r}: {known}")
    return found.place, found.how


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


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(
        math.radians(b[1] - a[1])
    )
    return 6371.0 * math.acos(max(-1.0, min(1.0, c)))


def _named_near(text: str, near: tuple[float, float] | None) -> Resolved:
    """The place a URL names: the named place when it lies near the URL's coordinates (or the URL
    has none), else the URL's point itself; never a homonym far away."""
    coords = parse_lat_lng(text)
    if coords:
        return point_resolved(*coords)
    r = resolve(text, bias=near).place
    if r is not None and (near is None or _km((r.lat, r.lng), near) <= _NEAR_KM):
        return r
    if near is not None:
        return point_resolved(*near)
    raise _Fail("NOT_FOUND", f"no place found for {text!r}")


def _cannot_expand(what: str) -> _Fail:
    return _Fail(
        "NOT_FOUND",
        f"the emulator cannot expand {what} offline: open the link in a browser and pass the "
        "long www.google.com/maps/place/... URL it leads to",
    )


def _short_link(code: str) -> Resolved:
    if not code.strip("/"):
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    raise _cannot_expand("short links (maps.app.goo.gl, goo.gl/maps)")


def _query_url(query: dict[str, list[str]]) -> Resolved:
    one = {k: v[0] for k, v in query.items() if v}
    if any(k in one for k in ("daddr", "saddr", "destination", "origin", "dir_action")):
        raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)
    if "cid" in one:
        cid = one["cid"]
        if not (cid.isascii() and cid.isdigit() and len(cid) <= 40):  # "²".isdigit() is True
            raise _Fail("INVALID_ARGUMENT", "cid must be decimal digits")
        if (place := place_of_cid(int(cid))) is not None:
            return place  # the fingerprint of one of the world's places
        raise _cannot_expand("cid= links (a customer id, not a place id)")
    pid = one.get("query_place_id") or one.get("place_id")
    if pid:
        r = resolve_place_id(pid)
        if r is not None:
            return r
        if not one.get("query"):
            raise _Fail("NOT_FOUND", f"place id {pid!r} is not a known place")
    for key in ("query", "q", "ll"):
        if one.get(key):
            return _searched(one[key])
    raise _Fail("INVALID_ARGUMENT", _NOT_SINGLE)


def _searched(text: str) -> Resolved:
    """A search URL's text: coordinates or one named place resolve; a general search ("restaurants
    in Paris", "pizza near me") fails as live does, code 3 "Invalid URL."."""
    if point := parse_lat_lng(text):
        return point_resolved(*point)
    if is_generic_query(text) or " near me" in f" {fold(text)} ":
        raise _Fail("INVALID_ARGUMENT", _INVALID_URL)
    found = resolve(text)
    if found.place is None:
        raise _Fail("NOT_FOUND", f"no place found for {text!r}")
    return found.place


def _url_point(rest: list[str], raw_path: str) -> tuple[float, float] | None:
    """The place's own ``!3d<lat>!4d<lng>``, else the map centre ``@lat,lng``, of a URL path."""
    m = _DATA_POINT.search(raw_path)
    if m is None:
        m = next((a for s in rest if (a := _AT.match(s))), None)
    if m is None:
        return None
    point = (float(m.group(1)), float(m.group(2)))
    if not (-90 <= point[0] <= 90 and -180 <= point[1] <= 180):
        raise _Fail("INVALID_ARGUMENT", "the URL's coordinates are out of range")
    return point


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
    near = _url_point(rest, unquote_plus(path) + "?" + "&".join(query.get("data", [])))
    if kind == "place" and len(rest) > 1 and not rest[1].startswith("@"):
        return _named_near(rest[1], near)
    if kind == "search":
        if len(rest) > 1 and not rest[1].startswith("@"):
            if near is not None and not is_generic_query(rest[1]):
                return _named_near(rest[1], near)
            return _searched(rest[1])
        if query:
            return _query_url(query)
    if kind.startswith("@") and near is not None:
        return point_resolved(*near)
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
            failed[str(i)] = _url_status(exc)
            continue
        except SandboxToolError as exc:  # pragma: no cover - defensive
            entities.append({})
            failed[str(i)] = {"code": exc.code, "message": exc.message, "details": []}
            continue
        entities.append({"place": f"places/{r.place_id}"})
        ids.append(r.place_id)
    return _batch_answer("entities", entities, failed, ids)
