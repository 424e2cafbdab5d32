"""The six tools mapsnb knows and their top-level parameters (TOOLS.md §2), for drift checks.

Client-side on purpose: ``mapsnb doctor`` compares a live ``tools/list`` with this table without
importing the emulator. Names are the snake_case ones of the reference; the live schemas use
the camelCase JSON names, so compare with :func:`same_name`. Enum values leave out the
``*_UNSPECIFIED`` members the live schemas add.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Param:
    """A known parameter: whether it is required, and its enum values if it has a fixed set."""

    required: bool = False
    values: tuple[str, ...] = ()


_REQUIRED = Param(required=True)
_TRAVEL = Param(values=("DRIVE", "WALK", "BICYCLE", "TRANSIT"))
_ROUTING = Param(
    values=("ROUTING_PREFERENCE_TRAFFIC_UNAWARE", "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL")
)

#: Tool name -> parameter name -> :class:`Param`, in the order the reference lists them.
KNOWN_TOOLS: dict[str, dict[str, Param]] = {
    "search_places": {
        "text_query": _REQUIRED,
        "location_bias": Param(),
        "language_code": Param(),
        "region_code": Param(),
        "page_size": Param(),
        "include_extended_details": Param(),
    },
    "lookup_weather": {
        "location": _REQUIRED,
        "capabilities": Param(required=True, values=("WEATHER", "AIR_QUALITY", "POLLEN")),
        "date": Param(),
        "hour": Param(),
        "language_code": Param(),
        "units_system": Param(values=("METRIC", "IMPERIAL")),
        "weather_options": Param(),
        "air_quality_options": Param(),
    },
    "compute_routes": {
        "origin": _REQUIRED,
        "destination": _REQUIRED,
        "intermediate_waypoints": Param(),
        "travel_mode": _TRAVEL,
        "departure_time": Param(),
        "arrival_time": Param(),
        "routing_preference": _ROUTING,
        "location_bias": Param(),
        "compute_alternative_routes": Param(),
        "include_polyline": Param(),
    },
    "search_along_route": {
        "text_query": _REQUIRED,
        "retrieval_token": Param(),
        "route_endpoints": Param(),
        "encoded_polyline": Param(),
        "travel_mode": _TRAVEL,  # the schema's enum is the shared RouteTravelMode
        "routing_preference": _ROUTING,
        "include_extended_details": Param(),
        "language_code": Param(),
        "region_code": Param(),
    },
    "resolve_names": {
        "queries": _REQUIRED,
        "location_bias": Param(),
        "region_code": Param(),
    },
    "resolve_maps_urls": {
        "urls": _REQUIRED,
    },
}


def name_key(name: str) -> str:
    """``"textQuery"``, ``"text_query"`` and ``"TEXT-QUERY"`` all give ``"textquery"``."""
    return name.replace("_", "").replace("-", "").lower()


def same_name(a: str, b: str) -> bool:
    """True when two names are the same across snake_case and camelCase, ignoring case."""
    return name_key(a) == name_key(b)
