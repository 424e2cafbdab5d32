"""Wire arguments of any tool from its Python arguments by name: what typed calls and batches share."""

from __future__ import annotations

import datetime as dt
import inspect
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
#: Parameters the builders spell with a trailing underscore (their checks bear the plain name).
_SPELLED = {
    "location": "location_",
    "travel_mode": "travel_mode_",
    "routing_preference": "routing_preference_",
}
_PLAIN = {spelled: name for name, spelled in _SPELLED.items()}


def tool_parameters(tool: str) -> tuple[str, ...]:
    """The Python arguments of ``tool`` by their public names, main one first, in its builder's
    order (what :func:`tool_arguments` takes)."""
    build, _ = BUILDERS[tool]
    return tuple(_PLAIN.get(p, p) for p in inspect.signature(build).parameters if p != "now")


def tool_arguments(
    tool: str, given: Mapping[str, Any], clock: Callable[[], dt.datetime]
) -> dict[str, Any]:
    """The wire arguments of one call of ``tool`` (raises :class:`~mapsnb.errors.InvalidRequest`).

    ``given`` holds the typed method's parameters by their public names (``text_query``,
    ``location``, ``travel_mode``, …; a ``self`` is ignored), so a method can pass its
    ``locals()``; ``clock`` gives the time routes' departure and arrival are checked against.
    """
    build, timed = BUILDERS[tool]
    values = {_SPELLED.get(k, k): v for k, v in given.items() if k != "self"}
    return build(**values, now=clock()) if timed else build(**values)
