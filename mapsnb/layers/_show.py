"""show() and clear(): draw results on a map with legend, attribution and warnings, then fit it.

:func:`layer_for` chooses a result's layer by its type (``functools.singledispatch``: one
registered builder per result class) and a frame's layer by its kind (:func:`frame_kind`). What
:func:`show` drew on a map is kept in a registry beside the map, not on it: :func:`drawn` reads
it (a :class:`Drawn`: layers, controls, credits, bounds, the fitted view).

The view is fitted so that no control covers data (see :mod:`mapsnb.layers._layout`); it is fitted
again when the map's size changes (as long as the view is still the fitted one): once a live front
end reports the real size, or when the map is given another layout size before any front end did
(what an exported page's kernel sees); grid-clustered place layers are aggregated again at every
zoom and pan (:mod:`mapsnb.layers._clusters`).
"""

from __future__ import annotations

import functools
import math
import warnings
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipyleaflet
import pandas as pd

from mapsnb._read.credits import frame_credits
from mapsnb._types import Circle, Viewport
from mapsnb.errors import EmptyResultWarning, UnsupportedInput
from mapsnb.layers._background import offline
from mapsnb.layers._base import PREFIX, Bounds, MapsnbLayer, _frame, _union
from mapsnb.layers._bias import bias_layer
from mapsnb.layers._controls import (
    CreditsControl,
    attribution_prefix,
    legend_control,
    warnings_control,
)
from mapsnb.layers._detours import detours_layer
from mapsnb.layers._layout import View, fit_view, map_size
from mapsnb.layers._layout import zoom_for as zoom_for  # re-exported
from mapsnb.layers._places import PlacesLayer, places_layer
from mapsnb.layers._routes import route_layer
from mapsnb.results import (
    AlongRouteResult,
    EnvironmentResult,
    PlacesResult,
    ResolvedNames,
    ResolvedUrls,
    RoutesResult,
    ToolResult,
)

#: The view of a new map when nothing tells where to look: the inhabited world.
WORLD_VIEW = ((20.0, 0.0), 2)


@dataclass
class Observer:
    """A handler :func:`show` set on a map, the traits it observes and what else stops it.

    ``names`` are the traits; ``detach`` stops the layout observers of a refit.
    """

    handler: Callable[..., None]
    names: list[str]
    detach: Callable[[], None] | None = None


@dataclass
class Drawn:
    """What :func:`show` drew on one map (read it with :func:`drawn`; :func:`clear` empties it).

    ``layers`` and ``controls`` are what it added (legend, notes, info boxes, the credits line),
    ``credits`` and ``synthetic`` the sources of the data, ``bounds`` the data's bounds, ``view``
    the view it fitted and ``size`` the map's size (px) it fitted for; ``prefix`` is the map's
    own attribution line (put back by :func:`clear`), ``None`` until mapsnb replaced it.
    """

    layers: list[Any] = field(default_factory=list)
    controls: list[Any] = field(default_factory=list)
    credits: list[dict[str, Any]] = field(default_factory=list)
    synthetic: bool = False
    bounds: Bounds | None = None
    view: View | None = None
    size: tuple[float, float] | None = None
    prefix: str | None = None
    observers: list[Observer] = field(default_factory=list, repr=False)


#: What show() drew on each live map (an entry goes with its map).
_DRAWN: weakref.WeakKeyDictionary[ipyleaflet.Map, Drawn] = weakref.WeakKeyDictionary()


def drawn(m: ipyleaflet.Map) -> Drawn:
    """Return what :func:`show` drew on ``m`` (an empty :class:`Drawn` if it drew nothing there)."""
    return _DRAWN.setdefault(m, Drawn())


#: The layer builder of each frame kind (``df.attrs["kind"]``, see :func:`frame_kind`).
FRAME_LAYERS: dict[str, Callable[[pd.DataFrame], ipyleaflet.Layer]] = {
    "places": places_layer,
    "resolution": places_layer,
    "along_route": detours_layer,
    "routes": route_layer,
    "route_path": route_layer,
}


def frame_kind(df: pd.DataFrame) -> str:
    """Return the kind of a frame: ``df.attrs["kind"]``, set by every frame the toolkit makes.

    A frame without one (a user's own table of points) is drawn as places.
    """
    return str(df.attrs.get("kind") or "places")


@functools.singledispatch
def layer_for(obj: Any) -> ipyleaflet.Layer:
    """Return the mapsnb layer for one result, frame or bias shape (what :func:`show` draws).

    Chosen by type: each result class has its builder (``PlacesResult`` -> places,
    ``AlongRouteResult`` -> detours, ``RoutesResult`` -> routes, resolutions -> places), a
    DataFrame by its kind (:func:`frame_kind`), ``Circle`` / ``Viewport`` / a wire dict -> the
    bias shape; an ipyleaflet layer is drawn as it is. Register another type with
    ``layer_for.register``.

    Raises
    ------
    UnsupportedInput
        For any other type (the message names it and what :func:`show` draws), an environment
        result (no map geometry) or a frame of an unknown ``attrs["kind"]``.
    """
    raise UnsupportedInput(
        f"mapsnb.show cannot draw a {type(obj).__name__}: it draws mapsnb results (places, "
        "routes, along-route, resolutions), their DataFrames, Circle / Viewport shapes and "
        "ipyleaflet layers"
    )


@layer_for.register
def _layer(obj: ipyleaflet.Layer) -> ipyleaflet.Layer:
    return obj


@layer_for.register(Circle)
@layer_for.register(Viewport)
@layer_for.register(Mapping)
def _shape(obj: Any) -> ipyleaflet.Layer:
    return bias_layer(obj)


@layer_for.register
def _frame_layer(df: pd.DataFrame) -> ipyleaflet.Layer:
    kind = frame_kind(df)
    builder = FRAME_LAYERS.get(kind)
    if builder is None:
        raise UnsupportedInput(
            f"mapsnb.show cannot draw a frame of kind {kind!r} (attrs['kind']): it draws "
            f"frames of kind {', '.join(map(repr, FRAME_LAYERS))}"
        )
    return builder(df)


@layer_for.register
def _result(result: ToolResult) -> ipyleaflet.Layer:  # a result of another tool: its frame
    return _frame_layer(result.to_frame())


@layer_for.register(PlacesResult)
@layer_for.register(ResolvedNames)
@layer_for.register(ResolvedUrls)
def _places(result: Any) -> ipyleaflet.Layer:
    return places_layer(result)


@layer_for.register
def _along(result: AlongRouteResult) -> ipyleaflet.Layer:
    return detours_layer(result)


@layer_for.register
def _routes(result: RoutesResult) -> ipyleaflet.Layer:
    return route_layer(result)


@layer_for.register
def _environment(result: EnvironmentResult) -> ipyleaflet.Layer:
    raise UnsupportedInput(
        "mapsnb.show cannot draw an EnvironmentResult: environment results have no map "
        "geometry: use mapsnb.charts"
    )


def _unobserve(m: ipyleaflet.Map, record: Drawn) -> None:
    for observer in record.observers:
        m.unobserve(observer.handler, names=observer.names)
        if observer.detach is not None:  # the observers of the map's layout, too
            observer.detach()
    record.observers = []


def clear(m: ipyleaflet.Map) -> None:
    """Remove mapsnb's layers and controls from ``m`` (what :func:`show` replaces)."""
    record = drawn(m)
    _unobserve(m, record)
    for layer in list(m.layers):
        if str(getattr(layer, "name", "")).startswith(PREFIX):
            m.remove(layer)
    for control in record.controls:
        if control in m.controls:
            m.remove(control)
    if record.prefix is not None:  # the map's own attribution line back
        attribution = getattr(m, "attribution_control_instance", None)
        if attribution is None or attribution not in m.controls:
            _attribution(m, record.prefix, record.prefix)
    _DRAWN[m] = Drawn(prefix=record.prefix)


def _attribution(m: ipyleaflet.Map, prefix: str, text: str) -> CreditsControl:
    """Return a new attribution control reading ``prefix`` (``text`` visible) in place of ``m``'s.

    A rendered control does not redraw when its prefix changes, so each change is a new control.
    """
    old = getattr(m, "attribution_control_instance", None)
    if old is not None and old in m.controls:
        m.remove(old)
    control = CreditsControl(position="bottomright", prefix=prefix, credits_text=text)
    m.add(control)
    m.attribution_control_instance = control
    return control


def _described(layers: Sequence[Any]) -> list[MapsnbLayer]:
    """Return the layers that say what :func:`show` needs (mapsnb's; a user's ipyleaflet layer not)."""
    return [layer for layer in layers if isinstance(layer, MapsnbLayer)]


def _controls(layers: Sequence[Any], notes: Sequence[str] = ()) -> list[ipyleaflet.Control]:
    controls: list[ipyleaflet.Control] = []
    sections: list[tuple[str, dict[str, str]]] = [("", {})]
    described = _described(layers)
    for layer in described:
        sections[0][1].update(layer.legend_entries)
        sections.extend(layer.legend_sections)
        controls.extend(layer.layer_controls)
    sections = [(t, e) for t, e in sections if e]
    if sections:
        controls.append(legend_control(sections, position="topright"))
    messages = dict.fromkeys(note for layer in described for note in layer.notes)
    note = warnings_control([*messages, *notes], position="topleft")
    if note is not None:
        controls.append(note)
    return controls


def _credit(m: ipyleaflet.Map, layers: Sequence[Any], extra: Sequence[Any] = ()) -> None:
    """Put the layers' credits in the map's attribution control (added if the map has none)."""
    credits: list[dict[str, Any]] = []
    synthetic = False
    for layer in _described(layers):
        credits.extend(layer.credits)
        synthetic = synthetic or layer.synthetic
    for result in extra:
        found, fake = _result_credits(result)
        credits.extend(found)
        synthetic = synthetic or fake
    credits = list({(a.get("title"), a.get("url")): a for a in credits}.values())
    record = drawn(m)
    if record.prefix is None:
        old = getattr(m, "attribution_control_instance", None)
        record.prefix = old.prefix if old is not None else "ipyleaflet"
    markup, text = attribution_prefix(credits, synthetic)
    control = _attribution(m, markup, f"{text} | © OpenStreetMap contributors")
    record.controls = [*record.controls, control]
    record.credits, record.synthetic = credits, synthetic


def credit(m: ipyleaflet.Map, *results: Any) -> ipyleaflet.Map:
    """Put the sources of ``results`` (results or their frames) in ``m``'s attribution line.

    As :func:`show` does, for a map drawn with ipyleaflet's own layers. Returns ``m``.
    """
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
    record = drawn(m)
    record.bounds, record.view, record.size = bounds, view, (width, height)


#: The layout traits that size a map (:func:`~mapsnb.layers._layout.map_size` reads them).
SIZE_TRAITS = ("width", "height", "min_width", "max_width", "min_height", "max_height")


def _refit(m: ipyleaflet.Map) -> None:
    """Fit ``m`` again if its size changed since the last fit and its view did not move."""
    record = drawn(m)
    if record.bounds is None or record.view is None or record.size is None:
        return
    view, size = record.view, record.size
    width, height, _measured = map_size(m)
    if abs(width - size[0]) < 2 and abs(height - size[1]) < 2:
        return
    tolerance = 2 * 360.0 / (256.0 * 2.0**view.zoom)  # two pixels: Leaflet's rounding
    moved = m.zoom != view.zoom or any(
        abs(a - b) > tolerance for a, b in zip(m.center, view.center, strict=True)
    )
    if not moved:
        fit(m, record.bounds)


def _refit_when_measured(m: ipyleaflet.Map) -> None:
    """Fit again when the map's size changes, unless the view was moved since.

    The front end reports it (``pixel_bounds``), or, before any front end did (an exported page's
    kernel), the map is given another layout size (``m.layout.width = "1000px"``, a new
    ``m.layout``).
    """
    ref = weakref.ref(m)  # the registry holds the handlers: they must not hold the map

    def _on_size(_: Any = None) -> None:
        live = ref()
        if live is not None:
            _refit(live)

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
    observer = Observer(handler=_on_map, names=["pixel_bounds", "layout"], detach=_detach)
    m.observe(_on_map, names=observer.names)
    drawn(m).observers.append(observer)


def _regrid_on_view(m: ipyleaflet.Map, layers: Sequence[Any]) -> None:
    """Aggregate clustered place layers again at the map's zoom and bounds, now and on change.

    A click on a group zooms ``m`` to it.
    """
    clustered = [ly for ly in layers if isinstance(ly, PlacesLayer) and ly.clustered]
    if not clustered:
        return
    for layer in clustered:
        layer.zoom_clicks(m)
    ref = weakref.ref(m)  # the registry holds the handler: it must not hold the map

    def _on_view(_: Any = None) -> None:
        live = ref()
        if live is None:
            return
        view = tuple(live.bounds) if len(live.bounds or ()) == 2 else None
        for layer in clustered:
            layer.regrid(float(live.zoom), view)

    _on_view()
    observer = Observer(handler=_on_view, names=["zoom", "bounds"])
    m.observe(_on_view, names=observer.names)
    drawn(m).observers.append(observer)


def show(
    *results: Any, map: ipyleaflet.Map | None = None, basemap: Any = None, **map_kwargs: Any
) -> ipyleaflet.Map:
    """Draw results on an ipyleaflet map fitted to their bounds, with legend and attributions.

    Parameters
    ----------
    *results
        ``PlacesResult``, ``RoutesResult``, ``AlongRouteResult``, resolution results, their
        frames (any frame with coordinate columns, see
        :data:`mapsnb.layers._features.COORDINATE_COLUMNS`; drawn by its kind,
        :func:`frame_kind`), ``mapsnb.Circle`` / ``mapsnb.Viewport`` (or wire dicts), or ready
        ipyleaflet layers: each chosen by :func:`layer_for`.
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
        asked about, or warns why it cannot. :func:`drawn` says what was drawn on it.

    Raises
    ------
    UnsupportedInput
        For an object :func:`layer_for` cannot draw (named in the message).
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
    record = drawn(m)
    record.layers, record.controls = [*layers, *asked], controls
    _credit(m, layers, empty)
    bounds = _union(layer.data_bounds for layer in _described([*layers, *asked]))
    if bounds is not None:
        fit(m, bounds)
        _refit_when_measured(m)
    elif fresh:
        m.center, m.zoom = list(WORLD_VIEW[0]), WORLD_VIEW[1]
    _regrid_on_view(m, layers)
    return m


def _is_empty(obj: Any) -> bool:
    """Return a result (or frame) holding no rows to draw."""
    if isinstance(obj, pd.DataFrame):
        return bool(obj.empty)
    if isinstance(obj, ToolResult):
        return bool(obj.to_frame().empty)
    return False


#: Request keys naming the area a search was about, in the order they are tried.
_AREA_KEYS = ("location_restriction", "locationRestriction", "location_bias", "locationBias")


def _asked_area(result: Any) -> Any:
    """Return the area layer of what ``result`` asked about (its bias or restriction), or ``None``."""
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
    """Return the layers of the areas ``empty`` asked about, and the message saying nothing was found."""
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
