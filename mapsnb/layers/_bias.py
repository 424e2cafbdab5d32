"""The location-bias shape (a circle or a viewport) as an ipyleaflet layer."""

from __future__ import annotations

import math
import numbers
from collections.abc import Mapping
from typing import Any

import ipyleaflet

from mapsnb._types import Circle, Viewport, check_lat_lng
from mapsnb.errors import InvalidRequest
from mapsnb.layers._base import PREFIX, Bounds, MapsnbLayer

BIAS_COLOR = "#9334e6"


#: How deep wrappers (``{"location_bias": {"circle": ...}}``) may nest before the shape.
_MAX_WRAPPERS = 4


def _bias_shape(obj: Any, field: str = "shape", depth: int = 0) -> tuple[str, tuple[float, ...]]:
    """``("circle", (lat, lng, radius|nan))`` or ``("viewport", (s, w, n, e))``.

    Raises
    ------
    TypeError
        ``obj`` is no shape at all (a number, a string).
    InvalidRequest
        A shape that cannot be drawn, naming the field and the rule (text coordinates, a corner
        without a longitude, a negative radius, …).
    """
    if isinstance(obj, Circle):
        lat, lng = check_lat_lng(obj.lat, obj.lng, f"{field}.center")
        return "circle", (lat, lng, _radius(obj.radius_m, f"{field}.radius_m"))
    if isinstance(obj, Viewport):
        return "viewport", (*_point(obj.low, f"{field}.low"), *_point(obj.high, f"{field}.high"))
    if not isinstance(obj, Mapping) and depth == 0:  # not a shape at all: a programming error
        raise TypeError(
            f"expected mapsnb.Circle, mapsnb.Viewport or their wire dicts, got {_kind(obj)}"
        )
    if not isinstance(obj, Mapping):
        raise InvalidRequest(
            field,
            f"must be a mapsnb.Circle, a mapsnb.Viewport or their wire dicts, got {_kind(obj)}",
        )
    for key in ("location_bias", "locationBias", "circle", "viewport"):
        if key in obj and depth < _MAX_WRAPPERS:
            return _bias_shape(obj[key], f"{field}.{key}", depth + 1)
    if "center" in obj:
        r = obj.get("radius_meters", obj.get("radiusMeters"))
        return "circle", (*_point(obj["center"], f"{field}.center"), _radius(r, f"{field}.radius"))
    if "low" in obj and "high" in obj:
        return "viewport", (
            *_point(obj["low"], f"{field}.low"),
            *_point(obj["high"], f"{field}.high"),
        )
    raise InvalidRequest(
        field,
        "must hold a circle (center, radius_meters) or a viewport (low, high), "
        f"got keys {sorted(map(str, obj))[:6]}",
    )


def _kind(value: Any) -> str:
    return "None" if value is None else type(value).__name__


def _radius(value: Any, field: str) -> float:
    """Return a radius in metres (``nan`` when there is none)."""
    if value is None:
        return math.nan
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise InvalidRequest(field, f"must be a number of metres, got {_kind(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not 0 <= number < math.inf:
        raise InvalidRequest(field, f"must be a finite number of metres ≥ 0, got {value!r}")
    return number


def _point(p: Any, field: str) -> tuple[float, float]:
    """Return a wire point (``{"latitude", "longitude"}``, under ``latLng`` or not) or a pair, checked."""
    if isinstance(p, Mapping):
        inner = p.get("latLng", p.get("lat_lng", p))
        p = inner if isinstance(inner, Mapping) else p
        for name in ("latitude", "longitude"):
            if name not in p:
                raise InvalidRequest(f"{field}.{name}", "is required")
        return check_lat_lng(p["latitude"], p["longitude"], field)
    if isinstance(p, (tuple, list)) and len(p) == 2:
        return check_lat_lng(p[0], p[1], field)
    raise InvalidRequest(field, f"must be a (lat, lng) pair or a wire point, got {_kind(p)}")


class BiasRectangle(MapsnbLayer, ipyleaflet.Rectangle):
    """A viewport bias or restriction, drawn by :func:`bias_layer`."""


class BiasCircle(MapsnbLayer, ipyleaflet.Circle):
    """A circle bias or restriction, drawn by :func:`bias_layer`."""


class BiasPoint(MapsnbLayer, ipyleaflet.CircleMarker):
    """A circle bias without a radius: its centre, drawn by :func:`bias_layer`."""


BiasLayer = BiasRectangle | BiasCircle | BiasPoint


def bias_layer(circle_or_viewport: Any) -> BiasLayer:
    """Return the location-bias shape: ``Circle`` -> ``ipyleaflet.Circle``, ``Viewport`` -> ``Rectangle``.

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
    layer: BiasLayer
    if kind == "viewport":
        s, w, n, e = v
        layer = BiasRectangle(bounds=((s, w), (n, e)), **common)
        bounds: Bounds = ((s, w), (n, e))
    else:
        lat, lng, r = v
        if math.isnan(r):
            layer = BiasPoint(location=(lat, lng), radius=6, **common)
            bounds = ((lat, lng), (lat, lng))
        else:
            layer = BiasCircle(location=(lat, lng), radius=round(r), **common)
            dlat = r / 111_320.0
            dlng = dlat / max(math.cos(math.radians(lat)), 1e-6)
            bounds = ((lat - dlat, lng - dlng), (lat + dlat, lng + dlng))
    layer.describe(frame=None, bounds=bounds, legend_entries={"Location bias": BIAS_COLOR})
    return layer
