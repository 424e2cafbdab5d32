"""The location-bias shape (a circle or a viewport) as an ipyleaflet layer."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

import ipyleaflet

from mapsnb._types import Circle, Viewport
from mapsnb.layers._base import PREFIX, Bounds, _tag

BIAS_COLOR = "#9334e6"


def _bias_shape(obj: Any) -> tuple[str, tuple[float, ...]]:
    """``("circle", (lat, lng, radius|nan))`` or ``("viewport", (s, w, n, e))``."""
    if isinstance(obj, Circle):
        r = float(obj.radius_m) if obj.radius_m is not None else math.nan
        return "circle", (float(obj.lat), float(obj.lng), r)
    if isinstance(obj, Viewport):
        (s, w), (n, e) = obj.low, obj.high
        return "viewport", (float(s), float(w), float(n), float(e))
    if isinstance(obj, Mapping):
        for key in ("location_bias", "locationBias"):
            if key in obj:
                return _bias_shape(obj[key])
        if "circle" in obj:
            return _bias_shape(obj["circle"])
        if "viewport" in obj:
            return _bias_shape(obj["viewport"])
        if "center" in obj:
            c = _wire_point(obj["center"])
            r = obj.get("radius_meters", obj.get("radiusMeters"))
            return "circle", (*c, float(r) if r is not None else math.nan)
        if "low" in obj and "high" in obj:
            return "viewport", (*_wire_point(obj["low"]), *_wire_point(obj["high"]))
    raise TypeError(
        f"expected mapsnb.Circle, mapsnb.Viewport or their wire dicts, got {type(obj).__name__}"
    )


def _wire_point(p: Any) -> tuple[float, float]:
    if isinstance(p, Mapping):
        p = p.get("latLng", p.get("lat_lng", p))
        return float(p["latitude"]), float(p["longitude"])
    lat, lng = p
    return float(lat), float(lng)


def bias_layer(circle_or_viewport: Any) -> ipyleaflet.Layer:
    """The location-bias shape: ``Circle`` -> ``ipyleaflet.Circle``, ``Viewport`` -> ``Rectangle``.

    Wire dicts (``{"circle": {"center": ..., "radius_meters": ...}}``,
    ``{"viewport": {"low": ..., "high": ...}}``) are accepted too. A circle without a radius is
    drawn as a small ``CircleMarker`` at its centre.
    """
    kind, v = _bias_shape(circle_or_viewport)
    common = {
        "color": BIAS_COLOR,
        "weight": 2,
        "dash_array": "4 6",
        "fill_color": BIAS_COLOR,
        "fill_opacity": 0.06,
        "name": f"{PREFIX}bias",
    }
    layer: ipyleaflet.Layer
    if kind == "viewport":
        s, w, n, e = v
        layer = ipyleaflet.Rectangle(bounds=((s, w), (n, e)), **common)
        bounds: Bounds = ((s, w), (n, e))
    else:
        lat, lng, r = v
        if math.isnan(r):
            layer = ipyleaflet.CircleMarker(location=(lat, lng), radius=6, **common)
            bounds = ((lat, lng), (lat, lng))
        else:
            layer = ipyleaflet.Circle(location=(lat, lng), radius=round(r), **common)
            dlat = r / 111_320.0
            dlng = dlat / max(math.cos(math.radians(lat)), 1e-6)
            bounds = ((lat - dlat, lng - dlng), (lat + dlat, lng + dlng))
    _tag(layer, frame=None, bounds=bounds, legend_entries={"Location bias": BIAS_COLOR})
    return layer
