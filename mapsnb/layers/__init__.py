"""ipyleaflet layers for mapsnb results, and :func:`show`.

Every layer is built from the result's DataFrames only (``to_frame()``, ``path_frame()``), never
from the raw payload. Places are drawn as **one** :class:`ipyleaflet.GeoJSON` layer (circle
markers), whatever their number: widget count and build time stay constant per layer, unlike one
``Marker`` widget per place. Popups are a single :class:`ipywidgets.HTML` bound to the layer and
filled on click from the clicked feature's properties.

Clustering choice: ``ipyleaflet.MarkerCluster`` needs one ``Marker`` widget per point, so above
:data:`CLUSTER_THRESHOLD` points ``places_layer`` aggregates points into one GeoJSON of circles
sized by count (first on a grid of ``GRID_CELLS`` cells over the data bounds); :func:`show` then
aggregates them again at the view's scale (screen cells, :mod:`~mapsnb.layers._clusters`) on
every zoom and pan of a live map, so zooming in reveals the places; a cell holding a single place
keeps that place's feature. A static page cannot re-aggregate: the legend says so.

:func:`show` fits the view so that no control covers the data (:mod:`~mapsnb.layers._layout`):
legend, warnings and info boxes start as one collapsed line (:mod:`~mapsnb.layers._controls`)
and the sources are one expandable line of Leaflet's attribution control (:func:`credit` puts
them on a map drawn with ipyleaflet's own layers).

mapsnb layers are named ``"mapsnb:..."`` and are of mapsnb's own ipyleaflet classes
(:class:`PlacesLayer`, :class:`RoutesLayer`, :class:`DetoursLayer`, …: traitlets say what
:func:`show` needs); :func:`layer_for` chooses a result's layer by its type and a frame's by its
kind. :func:`show` replaces them (and the controls it added) when called again on the same map;
:func:`drawn` says what it drew on a map (layers, controls, credits, bounds, the fitted view).

Many points: :func:`heatmap_layer` (a density layer, ``ipyleaflet.Heatmap`` of the points
binned) and :func:`points_layer` (every point drawn into one PNG image overlay: a widget state
of a few bytes a point) in :mod:`~mapsnb.layers._density`.

Layers are built in :mod:`~mapsnb.layers._places` (places, grid clusters),
:mod:`~mapsnb.layers._routes`, :mod:`~mapsnb.layers._detours` and :mod:`~mapsnb.layers._bias`, from
the features of :mod:`~mapsnb.layers._features`; :mod:`~mapsnb.layers._show` draws and fits them.
"""

from __future__ import annotations

from mapsnb.layers._base import PREFIX as PREFIX  # re-exported
from mapsnb.layers._base import Bounds as Bounds  # re-exported
from mapsnb.layers._base import MapsnbLayer
from mapsnb.layers._bias import BIAS_COLOR as BIAS_COLOR  # re-exported
from mapsnb.layers._bias import BiasCircle, BiasPoint, BiasRectangle, bias_layer
from mapsnb.layers._controls import BoxControl, CreditsControl
from mapsnb.layers._density import HeatmapLayer, PointsLayer, heatmap_layer, points_layer
from mapsnb.layers._detours import DETOUR_RAMP as DETOUR_RAMP  # re-exported
from mapsnb.layers._detours import DetoursLayer, detours_layer
from mapsnb.layers._detours import detour_color as detour_color  # re-exported
from mapsnb.layers._places import CLUSTER_COLOR as CLUSTER_COLOR  # re-exported
from mapsnb.layers._places import CLUSTER_THRESHOLD, PlaceMarker, PlacesLayer, places_layer
from mapsnb.layers._places import GRID_CELLS as GRID_CELLS  # re-exported
from mapsnb.layers._places import PLACE_COLOR as PLACE_COLOR  # re-exported
from mapsnb.layers._routes import ALT_ROUTE_COLOR as ALT_ROUTE_COLOR  # re-exported
from mapsnb.layers._routes import ROUTE_COLOR as ROUTE_COLOR  # re-exported
from mapsnb.layers._routes import WAYPOINT_COLOR as WAYPOINT_COLOR  # re-exported
from mapsnb.layers._routes import RouteLine, RouteMarker, RoutesLayer, route_layer
from mapsnb.layers._show import Drawn, clear, credit, drawn, frame_kind, show
from mapsnb.layers._show import layer_for as layer_for  # re-exported
from mapsnb.layers._show import zoom_for as zoom_for  # re-exported

__all__ = [
    "CLUSTER_THRESHOLD",
    "BiasCircle",
    "BiasPoint",
    "BiasRectangle",
    "BoxControl",
    "CreditsControl",
    "DetoursLayer",
    "Drawn",
    "HeatmapLayer",
    "MapsnbLayer",
    "PlaceMarker",
    "PlacesLayer",
    "PointsLayer",
    "RouteLine",
    "RouteMarker",
    "RoutesLayer",
    "bias_layer",
    "clear",
    "credit",
    "detours_layer",
    "drawn",
    "frame_kind",
    "heatmap_layer",
    "places_layer",
    "points_layer",
    "route_layer",
    "show",
]
