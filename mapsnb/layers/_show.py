"""show() and clear(): draw results on a map with legend, attribution and warnings, then fit it.

The view is fitted so that no control covers data (see :mod:`mapsnb.layers._layout`); it is fitted
again when the map's size changes (as long as the view is still the fitted one): once a live front
end reports the real size, or when the map is given another layout size before any front end did
(what an exported page's kernel sees); grid-clustered place layers are aggregated again at every
zoom and pan (:mod:`mapsnb.layers._clusters`).
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import ipyleaflet
import pandas as pd

from mapsnb._read.credits import frame_credits
from mapsnb._types import Circle, Viewport
from mapsnb.errors import EmptyResultWarning
from mapsnb.layers._background import offline
from mapsnb.layers._base import PREFIX, Bounds, _frame, _union
from mapsnb.layers._bias import bias_layer
from mapsnb.layers._controls import attribution_prefix, legend_control, warnings_control
from mapsnb.layers._detours import detours_layer
from mapsnb.layers._layout import fit_view, map_size
from mapsnb.layers._layout import zoom_for as zoom_for  # re-exported
from mapsnb.layers._places import places_layer
from mapsnb.layers._routes import route_layer

#: The view of a new map when nothing tells where to look: the inhabited world.
WORLD_VIEW = ((20.0, 0.0), 2)


def layer_for(obj: Any) -> ipyleaflet.Layer:
    """The mapsnb layer for one result, frame or bias shape (what :func:`show` draws)."""
    if isinstance(obj, ipyleaflet.Layer):
        return obj
    if isinstance(obj, (Circle, Viewport, Mapping)):
        return bias_layer(obj)
    if hasattr(obj, "path_frame"):
        return route_layer(obj)
    if hasattr(obj, "air_quality") or type(obj).__name__ == "EnvironmentResult":
        raise TypeError("environment results have no map geometry: use mapsnb.charts")
    df = _frame(obj)
    columns = set(df.columns)
    if "detour_s" in columns:
        return detours_layer(df)
    if "place_id" in columns:  # a places or resolution frame, whatever extra fields it has
        return places_layer(df)
    if "route_index" in columns and ("encoded_polyline" in columns or "seq" in columns):
        return route_layer(df)
    return places_layer(df)


def clear(m: ipyleaflet.Map) -> None:
    """Remove mapsnb's layers and controls from ``m`` (what :func:`show` replaces)."""
    for handler, names in getattr(m, "mapsnb_observers", []):
        m.unobserve(handler, names=names)
        detach = getattr(handler, "mapsnb_detach", None)
        if callable(detach):  # the observers of the map's layout, too
            detach()
    m.mapsnb_observers = []
    for layer in list(m.layers):
        if str(getattr(layer, "name", "")).startswith(PREFIX):
            m.remove(layer)
    for control in getattr(m, "mapsnb_controls", []):
        if control in m.controls:
            m.remove(control)
    m.mapsnb_controls = []
    if hasattr(m, "mapsnb_prefix"):  # the map's own attribution line back
        attribution = getattr(m, "attribution_control_instance", None)
        if attribution is None or attribution not in m.controls:
            _attribution(m, m.mapsnb_prefix).mapsnb_text = m.mapsnb_prefix
    m.mapsnb_fit = None


def _attribution(m: ipyleaflet.Map, prefix: str) -> ipyleaflet.AttributionControl:
    """A new attribution control reading ``prefix`` in place of ``m``'s (a rendered control
    does not redraw when its prefix changes, so each change is a new control)."""
    old = getattr(m, "attribution_control_instance", None)
    if old is not None and old in m.controls:
        m.remove(old)
    control = ipyleaflet.AttributionControl(position="bottomright", prefix=prefix)
    m.add(control)
    m.attribution_control_instance = control
    return control


def _controls(layers: Sequence[Any], notes: Sequence[str] = ()) -> list[ipyleaflet.Control]:
    controls: list[ipyleaflet.Control] = []
    sections: list[tuple[str, dict[str, str]]] = [("", {})]
    for layer in layers:
        sections[0][1].update(getattr(layer, "mapsnb_legend", {}))
        sections.extend(getattr(layer, "mapsnb_legend_sections", []))
        controls.extend(getattr(layer, "mapsnb_controls", []))
    sections = [(t, e) for t, e in sections if e]
    if sections:
        controls.append(legend_control(sections, position="topright"))
    messages = dict.fromkeys(w for layer in layers for w in getattr(layer, "mapsnb_warnings", []))
    note = warnings_control([*messages, *notes], position="topleft")
    if note is not None:
        controls.append(note)
    return controls


def _credit(m: ipyleaflet.Map, layers: Sequence[Any], extra: Sequence[Any] = ()) -> None:
    """Put the layers' credits in the map's attribution control (added if the map has none)."""
    credits: list[dict[str, Any]] = []
    synthetic = False
    for layer in layers:
        credits.extend(getattr(layer, "mapsnb_attributions", []))
        synthetic = synthetic or getattr(layer, "mapsnb_synthetic", False)
    for result in extra:
        found, fake = _result_credits(result)
        credits.extend(found)
        synthetic = synthetic or fake
    credits = list({(a.get("title"), a.get("url")): a for a in credits}.values())
    if not hasattr(m, "mapsnb_prefix"):
        old = getattr(m, "attribution_control_instance", None)
        m.mapsnb_prefix = old.prefix if old is not None else "ipyleaflet"
    markup, text = attribution_prefix(credits, synthetic)
    control = _attribution(m, markup)
    m.mapsnb_controls = [*getattr(m, "mapsnb_controls", []), control]
    control.mapsnb_text = f"{text} | © OpenStreetMap contributors"


def credit(m: ipyleaflet.Map, *results: Any) -> ipyleaflet.Map:
    """Put the sources of ``results`` (results or their frames) in ``m``'s attribution line,
    as :func:`show` does: for a map drawn with ipyleaflet's own layers. Returns ``m``."""
    _credit(m, [], results)
    return m


def _result_credits(result: Any) -> tuple[list[dict[str, Any]], bool]:
    try:
        return frame_credits(_frame(result))
    except (TypeError, ValueError, AttributeError):
        return [], False


def fit(m: ipyleaflet.Map, bounds: Bounds) -> None:
    """Set ``m``'s view so that ``bounds`` show clear of every control on the map."""
    width, height, _ = map_size(m)
    view = fit_view(bounds, width, height, m.controls)
    m.center = list(view.center)
    m.zoom = view.zoom
    m.mapsnb_fit = (bounds, view, (width, height))


#: The layout traits that size a map (:func:`~mapsnb.layers._layout.map_size` reads them).
SIZE_TRAITS = ("width", "height", "min_width", "max_width", "min_height", "max_height")


def _refit_when_measured(m: ipyleaflet.Map) -> None:
    """Fit again when the map's size changes, unless the view was moved since: the front end
    reports it (``pixel_bounds``), or, before any front end did (an exported page's kernel), the
    map is given another layout size (``m.layout.width = "1000px"``, a new ``m.layout``)."""

    def _on_size(_: Any = None) -> None:
        state = getattr(m, "mapsnb_fit", None)
        if not state:
            return
        bounds, view, size = state
        width, height, _measured = map_size(m)
        if abs(width - size[0]) < 2 and abs(height - size[1]) < 2:
            return
        tolerance = 2 * 360.0 / (256.0 * 2.0**view.zoom)  # two pixels: Leaflet's rounding
        moved = m.zoom != view.zoom or any(
            abs(a - b) > tolerance for a, b in zip(m.center, view.center, strict=True)
        )
        if not moved:
            fit(m, bounds)

    followed: list[Any] = []  # the layout whose size is observed (the map's current one)

    def _detach() -> None:
        for layout in followed:
            layout.unobserve(_on_size, names=list(SIZE_TRAITS))
        followed.clear()

    def _follow(layout: Any) -> None:
        _detach()
        layout.observe(_on_size, names=list(SIZE_TRAITS))
        followed.append(layout)

    def _on_map(change: Mapping[str, Any]) -> None:
        if change["name"] == "layout":  # a new Layout: follow that one
            _follow(change["new"])
        _on_size()

    _follow(m.layout)
    _on_map.mapsnb_detach = _detach  # type: ignore[attr-defined]  # what clear() also stops
    names = ["pixel_bounds", "layout"]
    m.observe(_on_map, names=names)
    m.mapsnb_observers = [*getattr(m, "mapsnb_observers", []), (_on_map, names)]


def _regrid_on_view(m: ipyleaflet.Map, layers: Sequence[Any]) -> None:
    """Aggregate clustered place layers again at the map's zoom and bounds, now and on change;
    a click on a group zooms ``m`` to it."""
    clustered = [ly for ly in layers if callable(getattr(ly, "mapsnb_regrid", None))]
    if not clustered:
        return
    for layer in clustered:
        zoom_clicks = getattr(layer, "mapsnb_zoom_clicks", None)
        if callable(zoom_clicks):
            zoom_clicks(m)

    def _on_view(_: Any = None) -> None:
        view = tuple(m.bounds) if len(m.bounds or ()) == 2 else None
        for layer in clustered:
            layer.mapsnb_regrid(float(m.zoom), view)

    _on_view()
    m.observe(_on_view, names=["zoom", "bounds"])
    m.mapsnb_observers = [*getattr(m, "mapsnb_observers", []), (_on_view, ["zoom", "bounds"])]


def show(
    *results: Any, map: ipyleaflet.Map | None = None, basemap: Any = None, **map_kwargs: Any
) -> ipyleaflet.Map:
    """Draw results on an ipyleaflet map fitted to their bounds, with legend and attributions.

    Parameters
    ----------
    *results
        ``PlacesResult``, ``RoutesResult``, ``AlongRouteResult``, resolution results, their
        frames (any frame with coordinate columns, see
        :data:`mapsnb.layers._features.COORDINATE_COLUMNS`), ``mapsnb.Circle`` /
        ``mapsnb.Viewport`` (or wire dicts), or ready ipyleaflet layers.
    map
        A map to draw on; mapsnb's layers and controls already on it are replaced.
    basemap
        The tiles of a new map: ``None`` for OpenStreetMap, any ``ipyleaflet.basemaps`` entry
        (``ipyleaflet.basemaps.CartoDB.Positron``) or ``TileLayer``, or ``"offline"`` for no
        tiles: a land-and-sea background (Natural Earth 1:110m) instead, for a classroom
        without internet or a page read offline, so the data sits on a map, not on a blank
        square. (Only then: jupyter-leaflet draws vector layers in the overlay pane, above any
        tiles, so a background under live tiles would hide them.)
    **map_kwargs
        Passed to ``ipyleaflet.Map`` when a new map is made.

    Returns
    -------
    ipyleaflet.Map
        The map, its view fitted so that no control covers the data. Legend, warnings and
        info boxes start as one collapsed line; the sources are one line of Leaflet's
        attribution control (click it for all of them); sandbox data says it is synthetic and
        WALK routes show the beta warning. An empty result centres the map on the area that was
        asked about, or warns why it cannot.
    """
    fresh = map is None
    tiles = {} if basemap is None or basemap == "offline" else {"basemap": basemap}
    m = (
        map
        if map is not None
        else ipyleaflet.Map(**{"scroll_wheel_zoom": True, **tiles, **map_kwargs})
    )
    if basemap == "offline":
        offline(m)
    empty = [r for r in results if _is_empty(r)]
    # an empty result draws nothing (a routes layer of no route would refuse): say so below
    layers = [layer_for(obj) for obj in results if not any(obj is e for e in empty)]
    clear(m)
    asked: list[Any] = []
    notes: list[str] = []
    if empty and len(empty) == len(results):
        asked, message = _nothing_to_show(empty)
        notes.append(message)
        warnings.warn(message, EmptyResultWarning, stacklevel=2)
    for layer in [*layers, *asked]:
        if not str(getattr(layer, "name", "")).startswith(PREFIX):
            layer.name = f"{PREFIX}{layer.name or type(layer).__name__}"
        m.add(layer)
    controls = _controls(layers, notes)
    for control in controls:
        m.add(control)
    m.mapsnb_controls = controls
    _credit(m, layers, empty)
    bounds = _union(getattr(layer, "mapsnb_bounds", None) for layer in [*layers, *asked])
    if bounds is not None:
        fit(m, bounds)
        _refit_when_measured(m)
    elif fresh:
        m.center, m.zoom = list(WORLD_VIEW[0]), WORLD_VIEW[1]
    _regrid_on_view(m, layers)
    return m


def _is_empty(obj: Any) -> bool:
    """A result (or frame) holding no rows to draw."""
    if isinstance(obj, pd.DataFrame):
        return obj.empty
    if hasattr(obj, "to_frame") and hasattr(obj, "request"):
        return bool(_frame(obj).empty)
    return False


#: Request keys naming the area a search was about, in the order they are tried.
_AREA_KEYS = ("location_restriction", "locationRestriction", "location_bias", "locationBias")


def _asked_area(result: Any) -> Any:
    """The area layer of what ``result`` asked about (its bias or restriction), or ``None``."""
    request = getattr(result, "request", None)
    if not isinstance(request, Mapping):
        return None
    for key in _AREA_KEYS:
        if request.get(key) is not None:
            try:
                return bias_layer(request[key])
            except (TypeError, KeyError, ValueError):
                continue
    point = request.get("location") or request.get("lat_lng") or request.get("latLng")
    if isinstance(point, Mapping) and {"latitude", "longitude"} <= set(point):
        lat, lng = float(point["latitude"]), float(point["longitude"])
        if math.isfinite(lat) and math.isfinite(lng):
            return bias_layer(Circle(lat, lng, 1000))
    return None


def _nothing_to_show(empty: list[Any]) -> tuple[list[Any], str]:
    """The layers of the areas ``empty`` asked about, and the message saying nothing was found."""
    asked = [layer for layer in map(_asked_area, empty) if layer is not None]
    hints = list(dict.fromkeys(h for r in empty for h in getattr(r, "hints", []) or []))
    reason = "; ".join(h.rstrip(". ") for h in hints) or "the result holds no places or routes"
    tokens = any("retrieval_token" in (getattr(r, "request", None) or {}) for r in empty)
    if asked:
        where = "The map shows the area that was asked about (the location bias)."
    elif tokens:
        where = (
            "The map cannot centre on what was asked: the route was given as a retrieval token, "
            "which holds no coordinates; draw the route too: mapsnb.show(routes, stops)."
        )
    else:
        where = (
            "The map cannot centre on what was asked: the request names no area "
            "(no location bias, restriction or coordinates)."
        )
    return asked, f"Nothing to show: {reason}. {where}"
