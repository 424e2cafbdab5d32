"""Typed, tolerant results of the six tools (pydantic v2).

Models accept camelCase and snake_case, keep unknown fields, and parse Durations given as
``"3.5s"`` or ``{"seconds": ..., "nanos": ...}``. Every result keeps the payload exactly as
``.raw``, the arguments sent as ``.request``, where it came from as ``.source`` and its
attributions as ``.attributions``. ``to_frame()`` turns it into a tidy DataFrame
(:mod:`mapsnb.frames`, imported on first use).

The base and its lazy, tolerant validation live in :mod:`mapsnb.results._base` (with
:mod:`~mapsnb.results._repair` and the plain-shape checks of :mod:`~mapsnb.results._shapes`),
the shared wire models in :mod:`~mapsnb.results._models`, one module per kind of result
(``_places``, ``_routes``, ``_environment``, ``_resolution``) and ``RESULT_TYPES`` in
:mod:`~mapsnb.results._registry`; all are re-exported here.
"""

from mapsnb._read.credits import SANDBOX_NOTE
from mapsnb.errors import PayloadShapeWarning
from mapsnb.results._base import ToolResult
from mapsnb.results._environment import AttributionList, EnvironmentResult
from mapsnb.results._models import (
    Attribution,
    Duration,
    GoogleMapsLinks,
    PlaceView,
    WireLatLng,
    parse_duration,
)
from mapsnb.results._places import AlongRouteItem, AlongRouteResult, DetourSummary, PlacesResult
from mapsnb.results._registry import RESULT_TYPES
from mapsnb.results._resolution import ResolvedEntity, ResolvedName, ResolvedNames, ResolvedUrls
from mapsnb.results._routes import WALK_WARNING, Route, RoutesResult

__all__ = [
    "RESULT_TYPES",
    "SANDBOX_NOTE",
    "WALK_WARNING",
    "AlongRouteItem",
    "AlongRouteResult",
    "Attribution",
    "AttributionList",
    "DetourSummary",
    "Duration",
    "EnvironmentResult",
    "GoogleMapsLinks",
    "PayloadShapeWarning",
    "PlaceView",
    "PlacesResult",
    "ResolvedEntity",
    "ResolvedName",
    "ResolvedNames",
    "ResolvedUrls",
    "Route",
    "RoutesResult",
    "ToolResult",
    "WireLatLng",
    "parse_duration",
]
