"""What a ``lookup_weather`` answer and request say across its domains: credits, request context.

The frames themselves are in :mod:`mapsnb.frames._weather`, :mod:`mapsnb.frames._air_quality` and
:mod:`mapsnb.frames._pollen`; the request context titles charts and explains errors.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from mapsnb._read.wire import domain_attributions, g, num


def environment_attributions(payload: Mapping) -> dict[str, list[dict]]:
    """Attributions per domain: ``{"weather": [...], "air_quality": [...], "pollen": [...]}``.

    Each list holds unique ``{"title", "url"}`` dicts of that domain's container; a domain
    absent from the response has an empty list. Legacy flat mode credits ``weather``.
    """
    return domain_attributions(payload)


def _place_label(location: Any) -> str | None:
    if isinstance(location, str):
        return location or None
    if not isinstance(location, Mapping):
        return None
    for key in ("address", "name"):
        if isinstance(g(location, key), str) and g(location, key):
            return str(g(location, key))
    point = g(location, "latLng") if isinstance(g(location, "latLng"), Mapping) else location
    lat, lng = num(g(point, "latitude")), num(g(point, "longitude"))
    if not (math.isnan(lat) or math.isnan(lng)):
        return (
            f"{abs(lat):.2f}°{'N' if lat >= 0 else 'S'} {abs(lng):.2f}°{'E' if lng >= 0 else 'W'}"
        )
    if g(location, "placeId"):
        return f"place {g(location, 'placeId')}"
    return None


def request_language(request: Any) -> str | None:
    """The ``language_code`` a request asked (``languageCode`` on the wire), else ``None``."""
    if not isinstance(request, Mapping):
        return None
    found = g(request, "languageCode")
    return found if isinstance(found, str) and found else None


def request_context(request: Any, zone: str | None = None) -> dict[str, Any]:
    """What a ``lookup_weather`` call asked, for titles and messages.

    Returns ``place`` (the location as asked), ``mode`` (``"current"``, ``"hour"`` or ``"day"``:
    no date, ``date`` + ``hour``, ``date`` only), ``capabilities``, ``language`` (the
    ``language_code`` asked: charts write their words in it) and ``time_zone``; keys whose
    value is unknown are left out.
    """
    out: dict[str, Any] = {}
    if not isinstance(request, Mapping):
        return {"time_zone": zone} if zone else out
    place = _place_label(g(request, "location"))
    if place:
        out["place"] = place
    day, hour = g(request, "date"), g(request, "hour")
    out["mode"] = "current" if day is None else ("day" if hour is None else "hour")
    caps = g(request, "capabilities")
    if isinstance(caps, (list, tuple)):
        out["capabilities"] = [str(c) for c in caps]
    language = request_language(request)
    if language:
        out["language"] = language
    if zone:
        out["time_zone"] = zone
    return out
