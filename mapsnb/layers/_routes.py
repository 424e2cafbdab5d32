"""Route lines: one polyline per route, start, end and waypoint markers, and their details."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

import ipyleaflet
import ipywidgets
import numpy as np
import pandas as pd
import traitlets

from mapsnb import _html
from mapsnb._read.credits import present
from mapsnb._read.names import row_ends
from mapsnb.errors import EmptyResultWarning, NothingToDraw
from mapsnb.layers._base import PREFIX, MapsnbLayer, _bounds, _frame, _link
from mapsnb.layers._controls import BoxControl, details_html, summary_size
from mapsnb.layers._features import _records
from mapsnb.polyline import decode
from mapsnb.results import WALK_WARNING

ROUTE_COLOR = "#1a73e8"
ALT_ROUTE_COLOR = "#5f6368"
WAYPOINT_COLOR = "#f29900"


class RouteLine(ipyleaflet.Polyline):
    """One route's line; ``summary`` (text) and ``details`` (HTML) fill the info box on click."""

    summary = traitlets.Unicode("")
    details = traitlets.Unicode("")


class RouteMarker(ipyleaflet.CircleMarker):
    """A route's start, end or stop; ``summary`` (text) and ``details`` (HTML) as a line's."""

    summary = traitlets.Unicode("")
    details = traitlets.Unicode("")


class RoutesLayer(MapsnbLayer, ipyleaflet.LayerGroup):
    """The routes of a result (what :func:`route_layer` returns).

    One :class:`RouteLine` per route and :class:`RouteMarker` ends; ``info`` is the box clicking
    fills, ``info_control`` the map control showing it.
    """

    info = traitlets.Instance(ipywidgets.HTML, allow_none=True)
    info_control = traitlets.Instance(BoxControl, allow_none=True)


def _fmt_km(metres: float) -> str:
    return f"{metres / 1000:.1f} km"


def _fmt_min(seconds: float) -> str:
    return f"{seconds / 60:.0f} min"


def _route_paths(result: Any, routes: pd.DataFrame) -> dict[int, list[tuple[float, float]]]:
    """Vertices per route index: from ``path_frame()`` or by decoding ``encoded_polyline``."""
    paths: dict[int, list[tuple[float, float]]] = {}
    if hasattr(result, "path_frame"):
        with warnings.catch_warnings():  # route_layer says itself what to ask for
            warnings.simplefilter("ignore", EmptyResultWarning)
            pf = result.path_frame()
        for idx, grp in pf.sort_values(["route_index", "seq"]).groupby("route_index", sort=True):
            paths[int(idx)] = list(zip(grp["lat"].tolist(), grp["lng"].tolist(), strict=True))
    elif {"route_index", "lat", "lng"} <= set(routes.columns):  # a path frame itself
        for idx, grp in routes.groupby("route_index", sort=True):
            paths[int(idx)] = list(zip(grp["lat"].tolist(), grp["lng"].tolist(), strict=True))
    elif "encoded_polyline" in routes.columns:
        for idx, enc in zip(routes["route_index"], routes["encoded_polyline"], strict=True):
            if present(enc):
                paths[int(idx)] = decode(str(enc))
    return {k: v for k, v in paths.items() if v}


def _route_popup(row: Mapping[str, Any], recommended: bool, warning: str | None) -> str:
    label = "Recommended route" if recommended else f"Alternative route {row['route_index']}"
    lines = [f"<b>{_html.text(label)}</b>"]
    if present(row.get("distance_m")):
        lines.append(f"Distance: {_fmt_km(float(row['distance_m']))}")
    if present(row.get("duration_s")):
        lines.append(f"Duration: {_fmt_min(float(row['duration_s']))}")
    ends = row_ends(row)
    if all(ends):
        lines.append(_html.text(f"{ends[0]} → {ends[1]}"))
    if warning:
        lines.append(f"<span style='color:#b06000'>⚠ {_html.text(warning)}</span>")
    title = row.get("attribution_title")
    if present(title):
        credit = _link(row.get("attribution_url"), str(title)) or _html.text(title)
        lines.append(f"<span style='font-size:smaller'>Source: {credit}</span>")
    return "<br>".join(lines)


def _route_summary(row: Mapping[str, Any], recommended: bool) -> str:
    """Return a route's one-line label: which route, distance, duration."""
    label = "Recommended" if recommended else f"Alternative {row['route_index']}"
    parts = []
    if present(row.get("distance_m")):
        parts.append(_fmt_km(float(row["distance_m"])))
    if present(row.get("duration_s")):
        parts.append(_fmt_min(float(row["duration_s"])))
    return f"{label}: {', '.join(parts)}" if parts else label


def _info_html(item: RouteLine | RouteMarker, *, open_: bool = True) -> str:
    """Return the info box for a clicked line or marker: its summary line, its details on opening."""
    return details_html(f"▸ {_html.text(item.summary)}", item.details, open_=open_)


def _end_marker(loc: tuple[float, float], label: str, color: str) -> RouteMarker:
    return RouteMarker(
        location=loc,
        radius=7,
        color="#ffffff",
        weight=2,
        fill_color=color,
        fill_opacity=1.0,
        name=f"{PREFIX}{_html.text(label)}",  # a layers control writes names as markup
        details=f"<b>{_html.text(label)}</b>",
        summary=label,
    )


def _request_of(result: Any) -> Mapping[str, Any]:
    """Return a result's request dict; ``{}`` for a frame (whose ``.request`` may be a column)."""
    request = None if isinstance(result, pd.DataFrame) else getattr(result, "request", None)
    return request if isinstance(request, Mapping) else {}


def _waypoint_markers(request: Mapping[str, Any]) -> list[RouteMarker]:
    """Markers for the intermediate waypoints given as coordinates, numbered in visiting order.

    Waypoints given as addresses or place ids have no coordinates in the request or the
    response, so they are not marked (the route still passes through them).
    """
    markers = []
    waypoints = request.get("intermediate_waypoints") or request.get("intermediateWaypoints") or []
    for i, wp in enumerate(waypoints, start=1):
        point = (wp.get("lat_lng") or wp.get("latLng")) if isinstance(wp, Mapping) else None
        if isinstance(point, Mapping) and {"latitude", "longitude"} <= set(point):
            loc = (float(point["latitude"]), float(point["longitude"]))
            markers.append(_end_marker(loc, f"Stop {i}", WAYPOINT_COLOR))
    return markers


def route_layer(routes_result: Any, *, show_alternatives: bool = True) -> RoutesLayer:
    """Return the routes as polylines: recommended bold and solid, alternatives light and dashed.

    Parameters
    ----------
    routes_result
        A ``RoutesResult`` (computed with ``include_polyline=True``), its ``to_frame()`` or its
        ``path_frame()``.
    show_alternatives
        Draw the alternative routes too.

    Returns
    -------
    RoutesLayer
        An ``ipyleaflet.LayerGroup`` named ``"mapsnb:routes"`` (with the WALK beta warning appended for walking routes);
        holds one ``Polyline`` per route and start/end markers; clicking one shows its details
        (distance km, duration min, WALK warning) in ``group.info``, a map control.

    Raises
    ------
    NothingToDraw
        If the routes carry no polyline (a ``ValueError`` too).
    """
    routes = _frame(routes_result)
    paths = _route_paths(routes_result, routes)
    if not paths:
        raise NothingToDraw(
            "these routes have no polyline to draw: call compute_routes(..., include_polyline=True)"
        )
    rows = {
        int(r["route_index"]): r
        for r in _records(routes, list(routes.columns))
        if present(r.get("route_index"))
    }
    modes = {str(r.get("travel_mode")) for r in rows.values()}
    warning = WALK_WARNING if "WALK" in modes else None
    warnings = [warning] if warning else []
    polylines = []
    for idx in sorted(paths, reverse=True):  # alternatives below, recommended on top
        recommended = idx == 0
        if not recommended and not show_alternatives:
            continue
        row = rows.get(idx, {"route_index": idx})
        line = RouteLine(
            locations=[list(p) for p in paths[idx]],
            color=ROUTE_COLOR if recommended else ALT_ROUTE_COLOR,
            weight=6 if recommended else 4,
            opacity=0.9 if recommended else 0.6,
            dash_array=None if recommended else "8 8",
            fill=False,
            name=f"{PREFIX}route {idx}" + (" (recommended)" if recommended else ""),
            details=_route_popup(row, recommended, warning),
            summary=_route_summary(row, recommended),
        )
        polylines.append(line)
    main = paths.get(0) or paths[min(paths)]
    first = rows.get(0, {})
    markers = [
        _end_marker(main[0], f"Start: {row_ends(first)[0] or 'origin'}", "#188038"),
        _end_marker(main[-1], f"End: {row_ends(first)[1] or 'destination'}", "#d93025"),
        *_waypoint_markers(_request_of(routes_result)),
    ]
    name = f"{PREFIX}routes" + (f" — {warning}" if warning else "")
    # details in one info box, not widget popups (see _geojson_points)
    # collapsed to one line until clicked (or until a line or marker is clicked)
    recommended_line = next((p for p in polylines if p.name.endswith("(recommended)")), None)
    first_item = recommended_line or polylines[0]
    info = ipywidgets.HTML(value=_info_html(first_item, open_=False))
    items: list[RouteLine | RouteMarker] = [*polylines, *markers]
    for item in items:
        item.on_click(lambda *_, _item=item, **__: setattr(info, "value", _info_html(_item)))
    control = BoxControl(
        widget=info, position="topleft", box_size=summary_size(f"▸ {first_item.summary}")
    )
    group = RoutesLayer(layers=items, name=name, info=info, info_control=control)
    every = np.array([p for idx in paths for p in paths[idx]], dtype=float)
    legend = {"Recommended route": ROUTE_COLOR}
    if show_alternatives and len(paths) > 1:
        legend["Alternative route"] = ALT_ROUTE_COLOR
    group.describe(
        frame=routes,
        bounds=_bounds(every[:, 0], every[:, 1]),
        legend_entries=legend,
        notes=warnings,
        controls=[control],
    )
    return group
