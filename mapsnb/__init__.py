"""mapsnb: Google Maps agent tools in Jupyter.

A typed client of the six tools of ``mapstools.googleapis.com`` (sync and async), tidy pandas
DataFrames, ipyleaflet maps, matplotlib charts, ipywidgets forms — and a built-in, deterministic
emulator so that everything runs offline without an API key.

Heavy UI packages (ipyleaflet, ipywidgets, matplotlib) and pandas are imported only when used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mapsnb import errors, settings
from mapsnb._types import Circle, LatLng, PlaceId, Viewport
from mapsnb._version import __version__
from mapsnb.errors import (
    AuthError,
    BudgetExceeded,
    DeadlineExceeded,
    EmptyResultWarning,
    InvalidRequest,
    MapsnbError,
    NothingToDraw,
    OmittedDataWarning,
    PayloadShapeWarning,
    ProtocolError,
    RateLimited,
    ReplayMiss,
    ResponseTooLarge,
    ToolError,
    ToolNotOffered,
    TransportError,
    UnsupportedInput,
)

if TYPE_CHECKING:
    from mapsnb._calls.client import AsyncClient, Client
    from mapsnb._store.cache import Cache
    from mapsnb.frames import concat, read_geojson, read_geoparquet
    from mapsnb.layers import show
    from mapsnb.widgets import explore

__all__ = [
    "AsyncClient",
    "AuthError",
    "BudgetExceeded",
    "Cache",
    "Circle",
    "Client",
    "DeadlineExceeded",
    "EmptyResultWarning",
    "InvalidRequest",
    "LatLng",
    "MapsnbError",
    "NothingToDraw",
    "OmittedDataWarning",
    "PayloadShapeWarning",
    "PlaceId",
    "ProtocolError",
    "RateLimited",
    "ReplayMiss",
    "ResponseTooLarge",
    "ToolError",
    "ToolNotOffered",
    "TransportError",
    "UnsupportedInput",
    "Viewport",
    "__version__",
    "concat",
    "errors",
    "explore",
    "read_geojson",
    "read_geoparquet",
    "settings",
    "show",
]

_LAZY = {
    "Client": ("._calls.client", "Client"),
    "AsyncClient": ("._calls.client", "AsyncClient"),
    "Cache": ("._store.cache", "Cache"),
    "concat": (".frames", "concat"),
    "read_geojson": (".frames", "read_geojson"),
    "read_geoparquet": (".frames", "read_geoparquet"),
    "show": (".layers", "show"),
    "explore": (".widgets", "explore"),
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module, __name__), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'mapsnb' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(__all__)
