"""show() and clear(): draw results on a map with legend, attribution and warnings, then fit it."""

from __future__ import annotations

import asyncio
import math
import warnings
from collections.abc import Mapping, Sequence
from typing import Any

import ipyleaflet
import ipywidgets
import pandas as pd

from mapsnb import _html
from mapsnb._read.credits import credits_line_html
from mapsnb._types import Circle, Viewport
from mapsnb.errors import EmptyResultWarning
from mapsnb.layers._base import PREFIX, Bounds, _frame, _union
from mapsnb.layers._bias import bias_layer
from mapsnb.layers._detours import detours_layer
from mapsnb.layers._places import places_layer
from mapsnb.layers._routes import route_layer


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
    if "place_id" in columns:  # a places frame, whatever extra fields the payload carried
        return places_layer(df)
    if "route_index" in columns and ("encoded_polyline" in columns or "seq" in columns):
        return route_layer(df)
    return places_layer(df)


def zoom_for(bounds: Bounds, *, width_px: int = 800, height_px: int = 400) -> int:
    """The largest Web Mercator zoom (1–17) at which ``bounds`` fits a map of that size."""
    (s, w), (n, e) = bounds

    def merc(lat: float) -> float:
        lat = max(min(lat, 85.0), -85.0)
        return math.log(math.tan(math.pi / 4 + math.radians(lat) / 2))

    dx = max((e - w) / 360.0, 1e-9)
    dy = max((merc(n) - merc(s)) / (2 * math.pi), 1e-9)
    pad = 0.9
    zx = math.log2(width_px * pad / 256.0 / dx)
    zy = math.log2(height_px * pad / 256.0 / dy)
    return int(max(1, min(17, math.floor(min(zx, zy)))))


def clear(m: ipyleaflet.Map) -> None:
    """Remove mapsnb's layers and controls from ``m`` (what :func:`show` replaces)."""
    for layer in list(m.layers):
        if str(getattr(layer, "name", "")).startswith(PREFIX):
            m.remove(layer)
    for control in getattr(m, "mapsnb_controls", []):
        if control in m.controls:
            m.remove(control)
    m.mapsnb_controls = []


def _controls(layers: Sequence[Any]) -> list[ipyleaflet.Control]:
    controls: list[ipyleaflet.Control] = []
    entries: dict[str, str] = {}
    for layer in layers:
        entries.update(getattr(layer, "mapsnb_legend", {}))
        controls.extend(getattr(layer, "mapsnb_controls", []))
    if entries:
        controls.append(ipyleaflet.LegendControl(entries, title="mapsnb", position="topright"))
    credits: list[dict[str, Any]] = []
    for layer in layers:
        credits.extend(getattr(layer, "mapsnb_attributions", []))
    credits = list({(a["title"], a["url"]): a for a in credits}.values())
    synthetic = any(getattr(layer, "mapsnb_synthetic", False) for layer in layers)
    text = credits_line_html(credits, synthetic)
    box = ipywidgets.HTML(value=f"<div style='font-size:11px;padding:0 4px'>{text}</div>")
    controls.append(ipyleaflet.WidgetControl(widget=box, position="bottomright"))
    warnings = dict.fromkeys(w for layer in layers for w in getattr(layer, "mapsnb_warnings", []))
    if warnings:
        body = "<br>".join(f"⚠ {_html.text(w)}" for w in warnings)
        note = ipywidgets.HTML(value=f"<div style='color:#b06000;max-width:260px'>{body}</div>")
        controls.append(ipyleaflet.WidgetControl(widget=note, position="topleft"))
    return controls


def _fit(m: ipyleaflet.Map, bounds: Bounds) -> None:
    (s, w), (n, e) = bounds
    m.center = ((s + n) / 2, (w + e) / 2)
    height = str(getattr(m.layout, "height", "") or "400px")
    px = int(float(height[:-2])) if height.endswith("px") else 400
    m.zoom = zoom_for(bounds, height_px=px)
    try:  # the front end refines the view when the map is displayed and a loop runs
        asyncio.get_running_loop()
    except RuntimeError:
        return
    if m.bounds:
        m.fit_bounds([list(bounds[0]), list(bounds[1])])


def show(*results: Any, map: ipyleaflet.Map | None = None, **map_kwargs: Any) -> ipyleaflet.Map:
    """Draw results on an ipyleaflet map fitted to their bounds, with legend and attributions.

    Parameters
    ----------
    *results
        ``PlacesResult``, ``RoutesResult``, ``AlongRouteResult``, their frames,
        ``mapsnb.Circle`` / ``mapsnb.Viewport`` (or wire dicts), or ready ipyleaflet layers.
    map
        A map to draw on; mapsnb's layers and controls already on it are replaced.
    **map_kwargs
        Passed to ``ipyleaflet.Map`` when a new map is made.

    Returns
    -------
    ipyleaflet.Map
        The map; sandbox data is labelled "synthetic data", WALK routes show the beta warning.
    """
    m = map if map is not None else ipyleaflet.Map(**{"scroll_wheel_zoom": True, **map_kwargs})
    empty = [r for r in results if _is_empty(r)]
    # an empty result draws nothing (a routes layer of no route would refuse): say so below
    layers = [layer_for(obj) for obj in results if not any(obj is e for e in empty)]
    clear(m)
    for layer in layers:
        if not str(getattr(layer, "name", "")).startswith(PREFIX):
            layer.name = f"{PREFIX}{layer.name or type(layer).__name__}"
        m.add(layer)
    controls = _controls(layers)
    for control in controls:
        m.add(control)
    m.mapsnb_controls = controls
    bounds = _union(getattr(layer, "mapsnb_bounds", None) for layer in layers)
    if empty and len(empty) == len(results):
        bounds = _nothing_to_show(m, empty, bounds)
    if bounds is not None:
        _fit(m, bounds)
    return m


def _is_empty(obj: Any) -> bool:
    """A result (or frame) holding no rows to draw."""
    if isinstance(obj, pd.DataFrame):
        return obj.empty
    if hasattr(obj, "to_frame") and hasattr(obj, "request"):
        return bool(_frame(obj).empty)
    return False


def _nothing_to_show(m: ipyleaflet.Map, empty: list[Any], bounds: Bounds | None) -> Bounds | None:
    """Warn that ``empty`` hold nothing to draw; centre on what was asked (the bias) if known.

    Returns the bounds to fit: those already drawn, else the asked area's, else ``None``.
    """
    asked: list[ipyleaflet.Layer] = []
    for result in empty:
        bias = getattr(result, "request", {}).get("location_bias")
        if bias is not None and bounds is None:
            try:
                asked.append(bias_layer(bias))
            except (TypeError, KeyError, ValueError):
                continue
    for layer in asked:
        m.add(layer)
    area = bounds or _union(getattr(layer, "mapsnb_bounds", None) for layer in asked)
    hints = list(dict.fromkeys(h for r in empty for h in getattr(r, "hints", []) or []))
    where = (
        " The map shows the area that was asked about (the location bias)."
        if area is not None and bounds is None
        else ""
        if area is not None
        else " The map is not centred on anything."
    )
    message = (
        f"Nothing to show: {'; '.join(hints) or 'the result holds no places or routes'}.{where}"
    )
    warnings.warn(message, EmptyResultWarning, stacklevel=3)
    note = ipywidgets.HTML(
        value=f"<div style='color:#b06000;max-width:280px'>ⓘ {_html.text(message)}</div>"
    )
    control = ipyleaflet.WidgetControl(widget=note, position="topleft")
    m.add(control)
    m.mapsnb_controls = [*m.mapsnb_controls, control]
    return area
