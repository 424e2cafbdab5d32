"""The 2026-08 toolset of the emulator: five tools, ``lookup_weather`` as one flat record.

In 2026-08 the live ``tools/list`` had no ``search_along_route``, and ``lookup_weather`` listed no
``capabilities``: a call with ``location`` alone answered the legacy flat weather record (top-level
``temperature``, ``weatherCondition``…, ``returnedLocation``, ``attribution``; REAL_SERVER.md).
Google's proto-JSON parsing refuses fields it does not know, and so does this era's emulator.
"""

from __future__ import annotations

from typing import Any

from mapsnb_sandbox.contract.common import Context, arg, camel, invalid, synthetic_title
from mapsnb_sandbox.tools.locations import resolve_location
from mapsnb_sandbox.tools.weather import lookup_weather

#: Top-level fields ``lookup_weather`` took in 2026-08.
_LEGACY_FIELDS = ("location", "date", "hour", "language_code", "units_system")


def legacy_lookup_weather(args: dict[str, Any], ctx: Context) -> dict[str, Any]:
    """``lookup_weather`` of 2026-08: the weather record for the asked time, flat."""
    if not isinstance(args, dict):
        raise invalid("arguments must be an object")
    known = set(_LEGACY_FIELDS) | {camel(f) for f in _LEGACY_FIELDS}
    for name in args:
        if name not in known:
            raise invalid(
                f'Invalid JSON payload received. Unknown name "{name}": Cannot find field.'
            )
    payload = lookup_weather({**args, "capabilities": ["WEATHER"]}, ctx)
    weather = payload.get("weather", {})
    record: dict[str, Any] = {}
    for key in ("currentConditions", "forecastHours", "historyHours", "forecastDays"):
        value = weather.get(key)
        if value:
            record = dict(value[0] if isinstance(value, list) else value)
            break
    place = resolve_location(arg(args, "location"), ctx, field="location")
    record["returnedLocation"] = {"latitude": place.lat, "longitude": place.lng}
    record["attribution"] = {
        "title": synthetic_title(f"{place.name} weather"),
        "url": weather.get("attribution", {}).get("url", ""),
    }
    return record
