"""ipywidgets forms for the six tools and the Explorer app (imports ipywidgets and ipyleaflet).

Every form takes ``client=None`` (default ``mapsnb.Client()``, the emulator without a key), shows
bad input in an error line naming the field, disables its button while a call runs, keeps the
latest ``.result`` and ``.frame``, calls ``.on_result`` callbacks and replaces (never piles up)
mapsnb's layers on its map.
"""

from __future__ import annotations

from mapsnb.widgets._environment import EnvironmentForm
from mapsnb.widgets._explorer import Explorer, explore
from mapsnb.widgets._places import PlaceSearchForm
from mapsnb.widgets._resolve import ResolveForm
from mapsnb.widgets._routes import RouteForm

__all__ = [
    "EnvironmentForm",
    "Explorer",
    "PlaceSearchForm",
    "ResolveForm",
    "RouteForm",
    "explore",
]
