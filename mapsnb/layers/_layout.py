"""Where the data goes on a map: the view that fits bounds inside what the controls leave free.

Every control sits in a map corner. :func:`fit_view` finds the largest zoom (and the centre) at
which the data's bounds fit the map once each corner's control stack is kept clear, either as a
band along the top/bottom edge or as a column along the left/right edge (whichever gives the
closer view). Control sizes are the sizes of their *initial* (collapsed) state, estimated by
:func:`control_size` from what the widget shows (see :data:`LINE_PX`); the browser test
``tests/browser/test_map_layout.py`` measures that the estimate holds in Chromium.

The map's pixel size is known once a front end reported it (``Map.pixel_bounds``). Before that
(a new map, an exported page: its kernel never had a front end) :func:`map_size` reads the size the
map's layout gives it (``width`` / ``height`` in px or another absolute CSS length, bounded by
``min_*`` / ``max_*``): a map given ``width="1000px", height="400px"`` is fitted as a wide map.
A width the layout leaves open (unset, ``"100%"``, ``"auto"``) is assumed as wide as the map is
high (at most :data:`ASSUMED_WIDTH_PX`, within the layout's ``min_width`` / ``max_width``): any
wider map then shows the same view with more margin, so no control covers the data at any width
from there up. :mod:`mapsnb.layers._show` fits again when the layout changes (or the front end
measures the map) while the view is still the fitted one.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from mapsnb.layers._base import Bounds

#: The map height when its layout says none (ipyleaflet's stylesheet gives 400 px).
DEFAULT_HEIGHT_PX = 400
#: The widest a map of unknown width is assumed to be.
ASSUMED_WIDTH_PX = 600
#: Leaflet's margin around a control (``.leaflet-control``), px.
MARGIN_PX = 10
#: One line of a control (a summary line, 12 px text with padding and border), px.
LINE_PX = 30
#: Width of one character of a control's 12 px text (an upper estimate), px.
CHAR_PX = 7.0
#: Kept free around the data besides the controls: a marker's radius, its stroke, a few pixels.
MARKER_PAD_PX = 14
#: Leaflet's zoom buttons (two 30 px buttons and borders; the touch style is the larger).
ZOOM_CONTROL_PX = (34, 64)
#: Leaflet's attribution line (``.leaflet-control-attribution``, one line of 12 px text).
ATTRIBUTION_LINE_PX = 18
#: Zoom levels :func:`fit_view` chooses from.
MIN_ZOOM, MAX_ZOOM = 1, 17
#: The zoom of a view of one point (or of points a few metres apart).
POINT_ZOOM = 15
TILE_PX = 256.0
CORNERS = ("topleft", "topright", "bottomleft", "bottomright")


@dataclass(frozen=True)
class View:
    """A map view: centre, zoom, and the padding (top, right, bottom, left, px) it kept free."""

    center: tuple[float, float]
    zoom: int
    padding: tuple[float, float, float, float]


def _merc_y(lat: float) -> float:
    """Web Mercator y in [0, 1] (0 at the north edge)."""
    lat = max(min(lat, 85.05), -85.05)
    s = math.sin(math.radians(lat))
    return 0.5 - math.log((1 + s) / (1 - s)) / (4 * math.pi)


def _merc_lat(y: float) -> float:
    return math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y))))


def world_px(lat: float, lng: float, zoom: float) -> tuple[float, float]:
    """Pixel coordinates of a point in the Web Mercator world at ``zoom``."""
    size = TILE_PX * 2.0**zoom
    return (lng + 180.0) / 360.0 * size, _merc_y(lat) * size


def map_size(m: Any) -> tuple[float, float, bool]:
    """``(width, height, measured)`` of ``m`` in px: as the front end reported, else estimated."""
    pixel: Any = getattr(m, "pixel_bounds", None) or ()
    if len(pixel) == 2:
        (left, top), (right, bottom) = pixel
        width, height = float(right) - float(left), float(bottom) - float(top)
        if 0 < width < 1e6 and 0 < height < 1e6:
            return width, height, True
    layout = getattr(m, "layout", None)
    given_height = css_px(getattr(layout, "height", None))
    height = _bounded(layout, "height", given_height or DEFAULT_HEIGHT_PX)
    given_width = css_px(getattr(layout, "width", None))
    width = _bounded(layout, "width", given_width or min(height, ASSUMED_WIDTH_PX))
    return width, height, False


#: Absolute CSS lengths in px (CSS's 96 px to the inch). Relative ones (%, em, vw) are unknown.
CSS_UNITS = {"px": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4}
_LENGTH = re.compile(r"^\s*(\d+(?:\.\d*)?|\.\d+)(px|pt|pc|in|cm|mm)\s*$", re.I)


def css_px(value: Any) -> float | None:
    """Return a layout length in px (``"400px"``, ``"4in"``), or ``None``.

    ``None`` when it gives no absolute size (unset, ``"100%"``, ``"auto"``, ``"30em"``,
    ``"calc(…)"``, a number without a unit, which CSS ignores).
    """
    match = _LENGTH.match(value) if isinstance(value, str) else None
    if match is None:
        return None
    px = float(match.group(1)) * CSS_UNITS[match.group(2).lower()]
    return px if 0 < px < 1e6 else None


def _bounded(layout: Any, name: str, value: float) -> float:
    """``value`` within the layout's ``min_<name>`` and ``max_<name>``.

    As CSS applies them: the minimum wins over the maximum.
    """
    high = css_px(getattr(layout, f"max_{name}", None))
    low = css_px(getattr(layout, f"min_{name}", None))
    if high is not None:
        value = min(value, high)
    if low is not None:
        value = max(value, low)
    return value


@runtime_checkable
class SizedControl(Protocol):
    """A control that says its size at the initial view, px without margins (mapsnb's boxes)."""

    box_size: tuple[float, float]


@runtime_checkable
class CreditsLine(Protocol):
    """Leaflet's attribution control as mapsnb writes it: its visible text."""

    credits_text: str


def control_size(control: Any, map_width: float) -> tuple[float, float]:
    """Return the (width, height) px a control takes in its corner, margins included.

    mapsnb's controls say their size (:class:`SizedControl`, :class:`CreditsLine`); Leaflet's
    zoom and attribution controls are known; any other widget control is taken as one summary
    line wide.
    """
    name = type(control).__name__
    if isinstance(control, SizedControl):
        width, height = control.box_size
    elif name == "ZoomControl":
        width, height = ZOOM_CONTROL_PX
    elif isinstance(control, CreditsLine) or name == "AttributionControl":
        text = control.credits_text if isinstance(control, CreditsLine) else ""
        width = min(text_width(text or "ipyleaflet") + 10, map_width)
        return width, ATTRIBUTION_LINE_PX  # Leaflet gives it no margin
    else:
        width, height = 240.0, LINE_PX
    return width + MARGIN_PX, height + MARGIN_PX


def text_width(text: str) -> float:
    """Return an upper estimate of the width of ``text`` in a control's 12 px font."""
    return len(text) * CHAR_PX


def corner_stacks(controls: Iterable[Any], map_width: float) -> dict[str, tuple[float, float]]:
    """Per corner, the (width, height) of its control stack (Leaflet stacks them vertically)."""
    stacks = {corner: (0.0, 0.0) for corner in CORNERS}
    for control in controls:
        corner = str(getattr(control, "position", "topright"))
        if corner not in stacks:
            continue
        width, height = control_size(control, map_width)
        old_w, old_h = stacks[corner]
        stacks[corner] = (max(old_w, width), old_h + height)
    return stacks


def _paddings(stacks: Mapping[str, tuple[float, float]]) -> Iterable[tuple[float, ...]]:
    """Every way of keeping the corners clear: each corner as a band or as a column."""
    used = [c for c in CORNERS if stacks[c][0] > 0 and stacks[c][1] > 0]
    for choice in itertools.product(("band", "column"), repeat=len(used)):
        top = right = bottom = left = 0.0
        for corner, how in zip(used, choice, strict=True):
            width, height = stacks[corner]
            if how == "band":
                if corner.startswith("top"):
                    top = max(top, height)
                else:
                    bottom = max(bottom, height)
            elif corner.endswith("left"):
                left = max(left, width)
            else:
                right = max(right, width)
        yield top, right, bottom, left


def fit_view(bounds: Bounds, width: float, height: float, controls: Iterable[Any]) -> View:
    """Return the closest view showing ``bounds`` in a ``width`` × ``height`` map, clear of ``controls``.

    Among the ways of keeping every corner's controls clear (see :func:`_paddings`), the one
    allowing the highest zoom wins (ties: the least padding); the data is centred in the free
    rectangle. When nothing fits (a map too small for its controls) the data is centred at
    :data:`MIN_ZOOM`.
    """
    (s, w), (n, e) = bounds
    stacks = corner_stacks(controls, width)
    dx = max((e - w) / 360.0, 0.0)
    dy = max(_merc_y(s) - _merc_y(n), 0.0)
    best: tuple[float, float, tuple[float, ...]] | None = None  # zoom, -padding, padding
    for pad in _paddings(stacks):
        top, right, bottom, left = (p + MARKER_PAD_PX for p in pad)
        free_w, free_h = width - left - right, height - top - bottom
        if free_w <= 0 or free_h <= 0:
            continue
        zooms = [float(MAX_ZOOM)]
        if dx > 0:
            zooms.append(math.log2(free_w / TILE_PX / dx))
        if dy > 0:
            zooms.append(math.log2(free_h / TILE_PX / dy))
        if dx == 0 and dy == 0:
            zooms.append(float(POINT_ZOOM))
        candidate = (min(zooms), -sum(pad), (top, right, bottom, left))
        if best is None or candidate[:2] > best[:2]:
            best = candidate
    if best is None:
        return View(((s + n) / 2, (w + e) / 2), MIN_ZOOM, (0.0, 0.0, 0.0, 0.0))
    zoom = int(max(MIN_ZOOM, min(MAX_ZOOM, math.floor(best[0]))))
    top, right, bottom, left = best[2]
    # the data's centre goes to the free rectangle's centre
    x0, y0 = world_px(n, w, zoom)
    x1, y1 = world_px(s, e, zoom)
    cx = (x0 + x1) / 2 + (right - left) / 2
    cy = (y0 + y1) / 2 + (bottom - top) / 2
    size = TILE_PX * 2.0**zoom
    lng = cx / size * 360.0 - 180.0
    lat = _merc_lat(min(max(cy / size, 0.0), 1.0))
    return View((lat, lng), zoom, (top, right, bottom, left))


def zoom_for(bounds: Bounds, *, width_px: int = 800, height_px: int = 400) -> int:
    """Return the largest Web Mercator zoom (1–17) at which ``bounds`` fits a map of that size.

    No control kept clear; :func:`fit_view` does that.
    """
    return fit_view(bounds, float(width_px), float(height_px), ()).zoom
