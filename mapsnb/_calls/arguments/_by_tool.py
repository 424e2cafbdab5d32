"""Wire arguments of any tool from its Python arguments by name: what batches build rows with.

The client's tool methods call their builders directly, by name; a batch row is a mapping of
argument names to values, so :func:`tool_arguments` maps it onto the tool's builder.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping
from typing import Any

from mapsnb._calls.arguments._places import search_along_route_args, search_places_args
from mapsnb._calls.arguments._resolve import resolve_maps_urls_args, resolve_names_args
from mapsnb._calls.arguments._routes import compute_routes_args
from mapsnb._calls.arguments._weather import lookup_weather_args

#: The builder of each tool, and whether it checks times against the client's clock.
BUILDERS: dict[str, tuple[Callable[..., dict[str, Any]], bool]] = {
    "search_places": (search_places_args, False),
    "lookup_weather": (lookup_weather_args, False),
    "compute_routes": (compute_routes_args, True),
    "search_along_route": (search_along_route_args, True),
    "resolve_names": (resolve_names_args, False),
    "resolve_maps_urls": (resolve_maps_urls_args, False),
}
#: The Python arguments of each tool by their public names, main one first, in its builder's
#: order (the client's method takes the same; a test holds the three together).
PARAMETERS: dict[str, tuple[str, ...]] = {
    "search_places": (
        "text_query",
        "location_bias",
        "language_code",
        "region_code",
        "page_size",
        "include_extended_details",
    ),
    "lookup_weather": (
        "location",
        "capabilities",
        "date",
        "hour",
        "units_system",
        "language_code",
        "include_pollutant_concentration",
        "index_region_code",
    ),
    "compute_routes": (
        "origin",
        "destination",
        "intermediate_waypoints",
        "travel_mode",
        "departure_time",
        "arrival_time",
        "routing_preference",
        "location_bias",
        "compute_alternative_routes",
        "include_polyline",
    ),
    "search_along_route": (
        "text_query",
        "route",
        "retrieval_token",
        "origin",
        "destination",
        "encoded_polyline",
        "travel_mode",
        "routing_preference",
        "include_extended_details",
        "language_code",
        "region_code",
    ),
    "resolve_names": ("queries", "location_bias", "region_code"),
    "resolve_maps_urls": ("urls",),
}
#: Parameters the builders spell with a trailing underscore (their checks bear the plain name).
_SPELLED = {
    "location": "location_",
    "travel_mode": "travel_mode_",
    "routing_preference": "routing_preference_",
}


def tool_parameters(tool: str) -> tuple[str, ...]:
    """The Python arguments of ``tool`` by their public names, main one first (what
    :func:`tool_arguments` takes)."""
    return PARAMETERS[tool]


def tool_arguments(
    tool: str, given: Mapping[str, Any], clock: Callable[[], dt.datetime]
) -> dict[str, Any]:
    """The wire arguments of one call of ``tool`` (raises :class:`~mapsnb.errors.InvalidRequest`).

    ``given`` holds the arguments by their public names (``text_query``, ``location``,
    ``travel_mode``, …: :data:`PARAMETERS`); ``clock`` gives the time routes' departure and
    arrival are checked against.
    """
    build, timed = BUILDERS[tool]
    values = {_SPELLED.get(k, k): v for k, v in given.items()}
    return build(**values, now=clock()) if timed else build(**values)
