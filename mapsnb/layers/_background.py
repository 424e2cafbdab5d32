"""A land-and-sea background under the tiles: what a map shows where its tiles cannot load.

A classroom without internet, or an exported page read offline, gets no map tiles; without a
background the map would be a blank grey square with markers in it. :func:`add_background` puts
sea and coarse land polygons (Natural Earth 1:110m, public domain: ``land.geojson``, 61 kB, built
by ``tools/build_land_background.py``) in a pane *below* the tile pane: when tiles load they
cover it, when they do not it shows. ``basemap="offline"`` draws the background alone.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import ipyleaflet

__all__ = ["BACKGROUND_PANE", "LAND_COLOR", "SEA_COLOR", "add_background", "land_geojson"]

#: The pane of the background: under Leaflet's tile pane (z-index 200).
BACKGROUND_PANE = "mapsnb-background"
SEA_COLOR = "#cfe3f3"
LAND_COLOR = "#efeae0"
_NAMES = ("background: sea", "background: land")


@cache
def land_geojson() -> dict[str, Any]:
    """Return the coarse land polygons (a GeoJSON FeatureCollection), read once."""
    from importlib.resources import files

    return dict(json.loads(files("mapsnb.layers").joinpath("land.geojson").read_text("utf-8")))


def add_background(m: ipyleaflet.Map) -> ipyleaflet.Map:
    """Add the sea and land background to ``m`` once (below its tiles); ``m``."""
    if any(getattr(layer, "name", "") in _NAMES for layer in m.layers):
        return m
    m.panes = {**dict(m.panes or {}), BACKGROUND_PANE: {"zIndex": 150}}
    # a GeoJSON layer, not a Rectangle: jupyter-leaflet honours ``pane`` for GeoJSON only, and
    # an opaque sea in the overlay pane would cover the tiles
    ring = [[-540.0, -85.0], [540.0, -85.0], [540.0, 85.0], [-540.0, 85.0], [-540.0, -85.0]]
    sea = ipyleaflet.GeoJSON(
        data={"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {},
              "geometry": {"type": "Polygon", "coordinates": [ring]}}]},
        pane=BACKGROUND_PANE, name=_NAMES[0],
        style={"color": SEA_COLOR, "weight": 0, "fillColor": SEA_COLOR, "fillOpacity": 1.0},
    )  # fmt: skip
    land = ipyleaflet.GeoJSON(
        data=land_geojson(), pane=BACKGROUND_PANE, name=_NAMES[1],
        style={"color": "#c9c2b1", "weight": 0.6, "fillColor": LAND_COLOR, "fillOpacity": 1.0},
    )  # fmt: skip
    for layer in (sea, land):
        layer.interactive = False  # clicks go to the data, never to the background
        m.add(layer)
    return m


def offline(m: ipyleaflet.Map) -> ipyleaflet.Map:
    """``m`` without tile layers: the background alone (``basemap="offline"``)."""
    for layer in list(m.layers):
        if isinstance(layer, ipyleaflet.TileLayer):
            m.remove(layer)
    return add_background(m)
