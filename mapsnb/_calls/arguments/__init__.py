"""Request builders: Python arguments -> wire arguments, with every rule of TOOLS.md §5.

Each ``*_args`` function returns the ``arguments`` object of a ``tools/call`` (snake_case, as in
the official call examples) or raises :class:`~mapsnb.errors.InvalidRequest` naming the field and
the rule. Nothing is sent, so nothing is billed, when a rule is broken. This package is the
arguments layer's facade: the shared checks live in ``_values``, ``_times`` and ``_locations``,
one module per tool family holds its builders.
"""

from mapsnb._calls.arguments._by_tool import (
    BUILDERS,
    PARAMETERS,
    tool_arguments,
    tool_parameters,
)
from mapsnb._calls.arguments._locations import Location, location
from mapsnb._calls.arguments._places import search_along_route_args, search_places_args
from mapsnb._calls.arguments._resolve import MAX_BATCH, resolve_maps_urls_args, resolve_names_args
from mapsnb._calls.arguments._routes import compute_routes_args
from mapsnb._calls.arguments._values import (
    TOOLS,
    TRAFFIC_AWARE,
    TRAFFIC_UNAWARE,
    TRAVEL_MODES,
    UNITS,
    WireArgs,
)
from mapsnb._calls.arguments._weather import lookup_weather_args

__all__ = [
    "BUILDERS",
    "MAX_BATCH",
    "PARAMETERS",
    "TOOLS",
    "TRAFFIC_AWARE",
    "TRAFFIC_UNAWARE",
    "TRAVEL_MODES",
    "UNITS",
    "Location",
    "WireArgs",
    "compute_routes_args",
    "location",
    "lookup_weather_args",
    "resolve_maps_urls_args",
    "resolve_names_args",
    "search_along_route_args",
    "search_places_args",
    "tool_arguments",
    "tool_parameters",
]
