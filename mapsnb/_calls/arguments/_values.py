"""Shared checks of the argument builders: tool names and enums, strings, codes, flags, ``WireArgs``.

Every check returns the value as it is sent or raises :class:`~mapsnb.errors.InvalidRequest`
naming the field and the rule.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from mapsnb._limits import text_limit
from mapsnb._tools_spec import CAPABILITIES as CAPABILITIES
from mapsnb._tools_spec import ROUTING_PREFERENCES as ROUTING_PREFERENCES
from mapsnb._tools_spec import TOOLS as DESCRIBED
from mapsnb._tools_spec import TRAVEL_MODES as TRAVEL_MODES
from mapsnb._tools_spec import UNITS as UNITS
from mapsnb.errors import InvalidRequest

#: The tools' names and enum values, from their description.
TOOLS = tuple(DESCRIBED)
TRAFFIC_UNAWARE, TRAFFIC_AWARE = ROUTING_PREFERENCES
_REGION = re.compile(r"[A-Za-z]{2}")  # used with fullmatch: no trailing newline slips through


class WireArgs(dict[str, Any]):
    """Wire arguments that remember which of them are defaults the user did not set.

    A default is sent only where the server's ``tools/list`` lists it (see mapsnb._calls.toolset).
    """

    defaults: frozenset[str] = frozenset()


def check_text(value: object, field: str) -> str:
    """Return a non-empty string, stripped, no longer than the field's limit (:mod:`mapsnb._limits`)."""
    if not isinstance(value, str) or not value.strip():
        raise InvalidRequest(field, f"must be a non-empty string, got {value!r}")
    text = value.strip()
    limit = text_limit(field)
    if len(text) > limit:
        raise InvalidRequest(field, f"must be at most {limit:,} characters, got {len(text):,}")
    return text


def check_bool(value: object, field: str) -> bool:
    """Return ``True`` or ``False`` (no truthy stand-ins)."""
    if not isinstance(value, bool):
        raise InvalidRequest(field, f"must be True or False, got {value!r}")
    return value


def check_region(value: object, field: str = "region_code") -> str:
    """Return a two-letter ISO 3166-1 region code, upper-cased."""
    if not isinstance(value, str) or not _REGION.fullmatch(value):
        raise InvalidRequest(
            field, f"must be a two-letter ISO 3166-1 code such as 'US' (no digits), got {value!r}"
        )
    return value.upper()


def check_language(value: object, field: str = "language_code") -> str:
    """Return a language code (any non-empty string)."""
    # Soft rule (TOOLS.md §5 items 9, 20, 43): unrecognised codes fall back to English server-side.
    return check_text(value, field)


def check_enum(value: object, field: str, allowed: Sequence[str], prefix: str = "") -> str:
    """One of ``allowed``, in any case, with ``-`` or spaces for ``_`` and ``prefix`` optional."""
    if not isinstance(value, str):
        raise InvalidRequest(field, f"must be one of {', '.join(allowed)}, got {value!r}")
    name = value.strip().upper().replace("-", "_").replace(" ", "_")
    if prefix and not name.startswith(prefix) and prefix + name in allowed:
        name = prefix + name
    if name not in allowed:
        raise InvalidRequest(field, f"must be one of {', '.join(allowed)}, got {value!r}")
    return name


def travel_mode(value: object, field: str = "travel_mode") -> str:
    """Normalise a travel mode (``"drive"`` -> ``"DRIVE"``; unspecified -> ``"DRIVE"``)."""
    if isinstance(value, str) and value.strip().upper() == "ROUTE_TRAVEL_MODE_UNSPECIFIED":
        return "DRIVE"
    return check_enum(value, field, TRAVEL_MODES)


def routing_preference(value: object, field: str = "routing_preference") -> str:
    """Normalise a routing preference; short forms (``"traffic_aware_optimal"``) are accepted."""
    if isinstance(value, str) and value.strip().upper() == "ROUTING_PREFERENCE_UNSPECIFIED":
        return TRAFFIC_UNAWARE
    short = (
        value.strip().upper().replace("-", "_").replace(" ", "_") if isinstance(value, str) else ""
    )
    if short in ("TRAFFIC_AWARE", "AWARE"):
        return TRAFFIC_AWARE
    return check_enum(value, field, ROUTING_PREFERENCES, prefix="ROUTING_PREFERENCE_")


def mode_preference(value: object, mode: str) -> str:
    """Return a routing preference that travel mode ``mode`` allows.

    Traffic-aware is not for ``WALK`` or ``BICYCLE``.
    """
    pref = routing_preference(value)
    if pref == TRAFFIC_AWARE and mode in ("WALK", "BICYCLE"):
        raise InvalidRequest(
            "routing_preference", f"TRAFFIC_AWARE_OPTIMAL is not allowed with {mode}"
        )
    return pref
