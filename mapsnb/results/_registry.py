"""``RESULT_TYPES``: the result class of each tool, by tool name."""

from __future__ import annotations

from mapsnb.results._base import ToolResult
from mapsnb.results._environment import EnvironmentResult
from mapsnb.results._places import AlongRouteResult, PlacesResult
from mapsnb.results._resolution import ResolvedNames, ResolvedUrls
from mapsnb.results._routes import RoutesResult

RESULT_TYPES: dict[str, type[ToolResult]] = {
    cls.tool: cls
    for cls in (
        PlacesResult,
        RoutesResult,
        AlongRouteResult,
        EnvironmentResult,
        ResolvedNames,
        ResolvedUrls,
    )
}
