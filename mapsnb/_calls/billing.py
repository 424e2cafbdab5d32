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
import functools
from collections.abc import Mapping
from typing import Any

from mapsnb._tools_spec import (
    ESSENTIALS,
    FREE,
    PRO,
    PRO_PAGE_SIZE,
    PRO_WAYPOINTS,
    TIERS,
    TOOLS,
    ProOption,
)

__all__ = ["ESSENTIALS", "FREE", "PRO", "PRO_PAGE_SIZE", "PRO_WAYPOINTS", "TIERS", "tier"]


@functools.cache
def _camel(snake: str) -> str:
    """``"page_size"`` -> ``"pageSize"``."""
    head, *rest = snake.split("_")
    return head + "".join(part.title() for part in rest)


def _get(args: Mapping[str, Any], snake: str) -> Any:
    """Return the wire argument ``snake``, given in snake_case or camelCase."""
    value = args.get(snake)
    return args.get(_camel(snake)) if value is None else value


def tier(tool: str, args: Mapping[str, Any], now: dt.datetime | None = None) -> str:
    """Return the billing tier of one call of ``tool`` with wire arguments ``args``.

    The tool's description (:mod:`mapsnb._tools_spec`) gives its tier and the options that
    make a call Pro. ``now`` is the client's clock (the emulator's in sandbox mode); with it,
    air quality of a date before today (or an hour before now, today) counts as historical,
    hence Pro.

    Examples
    --------
    >>> tier("search_places", {"text_query": "cafe", "page_size": 8})
    'Pro'
    >>> tier("resolve_names", {"queries": [{"text": "Louvre"}]})
    'Free'
    """
    described = TOOLS.get(tool)
    if described is None:
        return ESSENTIALS  # an unknown (newer) tool: the cheaper tier, as documented nowhere else
    if not isinstance(args, Mapping):
        args = {}
    for option in described.pro_options:
        if _applies(option, args, now):
            return PRO
    return described.tier


def _applies(option: ProOption, args: Mapping[str, Any], now: dt.datetime | None) -> bool:
    """Whether Pro option ``option`` holds for wire arguments ``args``."""
    value = _get(args, option.argument)
    if option.above is not None:
        size = len(value) if isinstance(value, (list, tuple)) else value
        return isinstance(size, int) and not isinstance(size, bool) and size > option.above
    if option.equals is not None:
        return value is option.equals if isinstance(option.equals, bool) else value == option.equals
    if option.holds is not None and isinstance(value, (list, tuple)):
        held = option.holds in [str(item).upper() for item in value]
        return held and (not option.past or _is_past(args.get("date"), args.get("hour"), now))
    return False


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
