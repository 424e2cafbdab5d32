"""Billing tiers of tool calls, from their wire arguments (shared spec REAL_SERVER.md).

A call is billed **Pro** when it uses a Pro option: any ``search_along_route``; ``search_places``
with ``page_size`` above 5 or ``include_extended_details``; ``compute_routes`` with more than 10
intermediate waypoints or traffic-aware routing; ``lookup_weather`` asking for pollen (a forecast)
or for air quality of a past day or hour (historical air quality). Other calls of those tools are
**Essentials**. The resolution tools (``resolve_names``, ``resolve_maps_urls``) are billed at $0
(billing must still be enabled): their tier is **Free**.

Nothing here does I/O; prices are not encoded (they change): count calls by tier instead.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

ESSENTIALS = "Essentials"
PRO = "Pro"
FREE = "Free"
TIERS = (ESSENTIALS, PRO, FREE)
PRO_PAGE_SIZE = 5
PRO_WAYPOINTS = 10
_TRAFFIC_AWARE = "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"


def _get(args: Mapping[str, Any], snake: str, camel: str) -> Any:
    return args.get(snake, args.get(camel))


def tier(tool: str, args: Mapping[str, Any], now: dt.datetime | None = None) -> str:
    """The billing tier of one call of ``tool`` with wire arguments ``args``.

    ``now`` is the client's clock (the emulator's in sandbox mode); with it, air quality of a
    date before today (or an hour before now, today) counts as historical, hence Pro.

    Examples
    --------
    >>> tier("search_places", {"text_query": "cafe", "page_size": 8})
    'Pro'
    >>> tier("resolve_names", {"queries": [{"text": "Louvre"}]})
    'Free'
    """
    if not isinstance(args, Mapping):
        args = {}
    if tool in ("resolve_names", "resolve_maps_urls"):
        return FREE
    if tool == "search_along_route":
        return PRO
    if tool == "search_places":
        size = _get(args, "page_size", "pageSize")
        extended = _get(args, "include_extended_details", "includeExtendedDetails")
        if extended is True or (isinstance(size, int) and size > PRO_PAGE_SIZE):
            return PRO
        return ESSENTIALS
    if tool == "compute_routes":
        waypoints = _get(args, "intermediate_waypoints", "intermediateWaypoints") or []
        pref = _get(args, "routing_preference", "routingPreference")
        if len(waypoints) > PRO_WAYPOINTS or pref == _TRAFFIC_AWARE:
            return PRO
        return ESSENTIALS
    if tool == "lookup_weather":
        caps = [str(c).upper() for c in (args.get("capabilities") or [])]
        if "POLLEN" in caps:
            return PRO
        if "AIR_QUALITY" in caps and _is_past(args.get("date"), args.get("hour"), now):
            return PRO
        return ESSENTIALS
    return ESSENTIALS  # an unknown (newer) tool: the cheaper tier, as documented nowhere else


def _is_past(date: Any, hour: Any, now: dt.datetime | None) -> bool:
    if not isinstance(date, Mapping) or now is None:
        return False
    try:
        day = dt.date(int(date["year"]), int(date["month"]), int(date["day"]))
    except (KeyError, TypeError, ValueError):
        return False
    today = now.date()
    if day < today:
        return True
    return day == today and isinstance(hour, int) and hour < now.hour
