"""``RESULT_TYPES``: the result class of each tool, by tool name (the tools' description names it)."""

from __future__ import annotations

from mapsnb._tools_spec import TOOLS
from mapsnb.results._base import ToolResult
from mapsnb.results._environment import EnvironmentResult
from mapsnb.results._places import AlongRouteResult, PlacesResult
from mapsnb.results._resolution import ResolvedNames, ResolvedUrls
from mapsnb.results._routes import RoutesResult

_CLASSES: dict[str, type[ToolResult]] = {
    cls.__name__: cls
    for cls in (
        PlacesResult,
        RoutesResult,
        AlongRouteResult,
        EnvironmentResult,
        ResolvedNames,
        ResolvedUrls,
    )
}
RESULT_TYPES: dict[str, type[ToolResult]] = {
    name: _CLASSES[tool.result] for name, tool in TOOLS.items()
}
