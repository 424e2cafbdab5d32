"""The key of a tool call (tool, canonical arguments, endpoint) and its time mode.

The time mode says how long its answer may be cached (see :data:`mapsnb._store.cache.DEFAULT_TTLS`).

A tool call is sent as a JSON-RPC message whose ``id`` changes on every call, so the key is what
the call *means*: snake_case names, sorted keys, normalised values, nulls dropped. The cache and
recordings match calls by it.
"""

from __future__ import annotations

import datetime as dt
import json
import math
import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from mapsnb._store.cache_file import utf8_safe

__all__ = ["call_key", "canonical", "time_mode"]

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def canonical(value: Any) -> Any:
    """One spelling of a JSON-like value: snake_case names, no nulls, normalised numbers and text.

    Sorting happens when the value is dumped (:func:`call_key`). Lists keep their order (the
    order of waypoints and of batch queries matters).
    """
    if isinstance(value, Mapping):
        return {
            _CAMEL.sub("_", str(k)).lower(): canonical(v) for k, v in value.items() if v is not None
        }
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            return repr(value)
        value = round(value, 9)  # below a millimetre: float noise, not a different place
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, int):
        # past ~4,300 digits Python cannot write it in decimal: hexadecimal keys it as well
        return value if value.bit_length() < 14_000 else f"int:{value:#x}"
    if isinstance(value, str):
        return unicodedata.normalize("NFC", value).strip()
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return str(value)


def call_key(tool: str, arguments: Mapping[str, Any], endpoint: str = "") -> str:
    r"""Return the canonical text of a tool call (tool, arguments, endpoint), sorted and compact.

    A lone surrogate (``"\udce9"``) is kept as its ``\u`` escape, so the key is valid UTF-8.
    """
    text = json.dumps(
        {"tool": tool, "arguments": canonical(arguments), "endpoint": endpoint},
        sort_keys=True,
        separators=(",", ":"),
        ensure_ascii=False,
    )
    return utf8_safe(text)


def _wire_date(value: Any) -> dt.date | None:
    try:
        if isinstance(value, Mapping):
            return dt.date(int(value["year"]), int(value["month"]), int(value["day"]))
        if isinstance(value, str):
            return dt.date.fromisoformat(value[:10])
    except (KeyError, TypeError, ValueError):
        return None
    return None


def time_mode(tool: str, arguments: Mapping[str, Any], now: dt.datetime) -> str:
    """Return the key of :data:`DEFAULT_TTLS` for a call made at ``now`` (the client's clock).

    A weather date is a *local* date at the location: it counts as history only once it has
    ended everywhere (14 hours of zone offset on either side), so a doubt means the shorter TTL.
    """
    if tool == "lookup_weather":
        args = canonical(arguments)
        day = _wire_date(args.get("date"))
        hour = args.get("hour")
        if day is None:
            return "current" if hour is None else "forecast"
        start = dt.datetime.combine(day, dt.time(), tzinfo=dt.UTC)
        if isinstance(hour, int):
            start += dt.timedelta(hours=hour)
        end = start + dt.timedelta(hours=1 if isinstance(hour, int) else 24)
        return "history" if end + dt.timedelta(hours=14) <= now else "forecast"
    return {
        "search_places": "places",
        "search_along_route": "places",
        "compute_routes": "routes",
        "resolve_names": "resolution",
        "resolve_maps_urls": "resolution",
    }.get(tool, "other")
