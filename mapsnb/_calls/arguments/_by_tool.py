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
from mapsnb._tools_spec import TOOLS

#: The builder of each tool.
_BUILDER: dict[str, Callable[..., dict[str, Any]]] = {
    "search_places": search_places_args,
    "lookup_weather": lookup_weather_args,
    "compute_routes": compute_routes_args,
    "search_along_route": search_along_route_args,
    "resolve_names": resolve_names_args,
    "resolve_maps_urls": resolve_maps_urls_args,
}
#: The builder of each tool, and whether it checks times against the client's clock (the
#: tools' description says which).
BUILDERS: dict[str, tuple[Callable[..., dict[str, Any]], bool]] = {
    name: (_BUILDER[name], tool.timed) for name, tool in TOOLS.items()
}
#: The Python arguments of each tool by their public names, main one first, in its builder's
#: order: the tools' description (the client's methods take the same; a test holds them).
PARAMETERS: dict[str, tuple[str, ...]] = {name: tool.names for name, tool in TOOLS.items()}
#: Parameters the builders spell with a trailing underscore (their checks bear the plain name).
_SPELLED = {
    "location": "location_",
    "travel_mode": "travel_mode_",
    "routing_preference": "routing_preference_",
}


def tool_parameters(tool: str) -> tuple[str, ...]:
    """Return the Python arguments of ``tool`` by their public names, main one first.

    What :func:`tool_arguments` takes.
    """
    return PARAMETERS[tool]


def tool_arguments(
    tool: str, given: Mapping[str, Any], clock: Callable[[], dt.datetime]
) -> dict[str, Any]:
    """Return the wire arguments of one call of ``tool`` (raises :class:`~mapsnb.errors.InvalidRequest`).

    ``given`` holds the arguments by their public names (``text_query``, ``location``,
    ``travel_mode``, …: :data:`PARAMETERS`); ``clock`` gives the time routes' departure and
    arrival are checked against.
    """
    build, timed = BUILDERS[tool]
    values = {_SPELLED.get(k, k): v for k, v in given.items()}
    return build(**values, now=clock()) if timed else build(**values)
