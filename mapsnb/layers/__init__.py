"""ipyleaflet layers for mapsnb results, and :func:`show`.

Every layer is built from the result's DataFrames only (``to_frame()``, ``path_frame()``), never
from the raw payload. Places are drawn as **one** :class:`ipyleaflet.GeoJSON` layer (circle
markers), whatever their number: widget count and build time stay constant per layer, unlike one
``Marker`` widget per place. Popups are a single :class:`ipywidgets.HTML` bound to the layer and
filled on click from the clicked feature's properties.

Clustering choice: ``ipyleaflet.MarkerCluster`` needs one ``Marker`` widget per point, so above
:data:`CLUSTER_THRESHOLD` points ``places_layer`` aggregates points on a fixed grid over the data
bounds (``GRID_CELLS`` cells along the longer side, zoom-independent and deterministic) into one
GeoJSON of circles sized by count; a cell holding a single place keeps that place's feature.

mapsnb layers are named ``"mapsnb:..."``; :func:`show` replaces them (and the controls it added)
when called again on the same map.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import html
import math
import warnings
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipyleaflet
import ipywidgets
import numpy as np
import pandas as pd

from mapsnb._read.credits import credit_link, credits_line_html, frame_credits, present
from mapsnb._types import Circle, Viewport
from mapsnb.errors import EmptyResultWarning, NothingToDraw
from mapsnb.polyline import decode
from mapsnb.results import WALK_WARNING

__all__ = [
    "CLUSTER_THRESHOLD",
    "bias_layer",
    "clear",
    "detours_layer",
    "places_layer",
    "route_layer",
    "show",
]

#: Above this many points, ``places_layer(cluster="auto")`` aggregates them on a grid.
CLUSTER_THRESHOLD = 200
#: Grid cells along the longer side of the data bounds when clustering.
GRID_CELLS = 40
PREFIX = "mapsnb:"

PLACE_COLOR = "#1a73e8"
CLUSTER_COLOR = "#e8710a"
ROUTE_COLOR = "#1a73e8"
ALT_ROUTE_COLOR = "#5f6368"
BIAS_COLOR = "#9334e6"
#: YlOrRd, light (short detour) to dark (long detour).
DETOUR_RAMP = ("#ffffb2", "#fed976", "#feb24c", "#fd8d3c", "#f03b20", "#bd0026")

_POINT_STYLE = {
    "radius": 7,
    "color": "#ffffff",
    "weight": 1.5,
    "opacity": 1.0,
    "fillColor": PLACE_COLOR,
    "fillOpacity": 0.85,
}
_HOVER_STYLE = {"weight": 3, "fillOpacity": 1.0}
_POPUP_PROPS = (
    "name",
    "place_id",
    "place_url",
    "directions_url",
    "attribution_title",
    "attribution_url",
    "detour",
    "detour_min",
    "detour_distance_text",
    "detour_m",
    "rank",
)

Bounds = tuple[tuple[float, float], tuple[float, float]]


# --------------------------------------------------------------------------- helpers
def _frame(obj: Any) -> pd.DataFrame:
    if isinstance(obj, pd.DataFrame):
        return obj
    if hasattr(obj, "to_frame"):
        return obj.to_frame()
    raise TypeError(f"expected a mapsnb result or a DataFrame, got {type(obj).__name__}")


def _tag(layer: Any, *, frame: pd.DataFrame | None, bounds: Bounds | None, **extra: Any) -> None:
    """Attach what :func:`show` needs to a layer (plain Python attributes, not synced)."""
    credits, synthetic = frame_credits(frame) if frame is not None else ([], False)
    layer.mapsnb_bounds = bounds
    layer.mapsnb_attributions = credits
    layer.mapsnb_synthetic = synthetic
    layer.mapsnb_legend = extra.get("legend_entries", {})
    layer.mapsnb_controls = extra.get("controls", [])
    layer.mapsnb_warnings = extra.get("warnings", [])


def _bounds(lat: np.ndarray, lng: np.ndarray) -> Bounds | None:
    if len(lat) == 0:
        return None
    return (float(lat.min()), float(lng.min())), (float(lat.max()), float(lng.max()))


def _union(bounds: Iterable[Bounds | None]) -> Bounds | None:
    boxes = [b for b in bounds if b is not None]
    if not boxes:
        return None
    south = min(b[0][0] for b in boxes)
    west = min(b[0][1] for b in boxes)
    north = max(b[1][0] for b in boxes)
    east = max(b[1][1] for b in boxes)
    return (south, west), (north, east)


def _link(url: Any, text: str) -> str:
    return (credit_link(str(url), text) or "") if present(url) else ""


def _fmt_km(metres: float) -> str:
    return f"{metres / 1000:.1f} km"


def _fmt_min(seconds: float) -> str:
    return f"{seconds / 60:.0f} min"


# ------------------------------------------------------------------------------ places
def _place_popup(props: Mapping[str, Any]) -> str:
    """HTML shown when a place (or a grid cluster) is clicked."""
    if props.get("cluster"):
        names = ", ".join(html.escape(str(n)) for n in props.get("names", []))
        more = props["count"] - len(props.get("names", []))
        tail = f" and {more} more" if more > 0 else ""
        return f"<b>{props['count']} places</b> in this cell: {names}{tail}"
    lines = [f"<b>{html.escape(str(props.get('name') or 'place'))}</b>"]
    if present(props.get("detour_min")):
        extra = props.get("detour_distance_text")
        dist = f", {html.escape(str(extra))} extra" if present(extra) else ""
        lines.append(f"Detour: +{props['detour_min']:.1f} min{dist}")
    links = [
        _link(props.get("place_url"), "Open in Google Maps"),
        _link(props.get("directions_url"), "Directions"),
    ]
    if any(links):
        lines.append(" · ".join(x for x in links if x))
    title, url = props.get("attribution_title"), props.get("attribution_url")
    if present(title) or present(url):
        credit = _link(url, str(title or "source")) or html.escape(str(title))
        lines.append(f"<span style='font-size:smaller'>Source: {credit}</span>")
    return "<br>".join(lines)


def _records(df: pd.DataFrame, columns: Sequence[str]) -> list[dict[str, Any]]:
    """Rows as dicts of plain Python values (NA -> None), built column-wise for speed."""
    cols = [c for c in columns if c in df.columns]
    values = []
    for c in cols:
        s = df[c]
        arr = s.to_numpy(dtype=object, na_value=None) if s.hasnans else s.to_numpy(dtype=object)
        values.append([_jsonable(v) for v in arr.tolist()])
    return [dict(zip(cols, row, strict=True)) for row in zip(*values, strict=True)]


def _jsonable(value: Any) -> Any:
    """A value the widget protocol can serialize (JSON): durations in seconds, times as ISO."""
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, np.generic):
        return value.item()
    if value is pd.NaT or value is pd.NA:
        return None
    if isinstance(value, (pd.Timedelta, dt.timedelta)):
        return value.total_seconds()
    if isinstance(value, (pd.Timestamp, dt.datetime, dt.date)):
        return value.isoformat()
    return str(value)


def _coords(df: pd.DataFrame) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    missing = [c for c in ("lat", "lng") if c not in df.columns]
    if missing:
        raise NothingToDraw(
            f"cannot map this frame: it has no {' and '.join(missing)} column "
            f"(columns: {', '.join(map(str, df.columns))})"
        )
    lat = pd.to_numeric(df["lat"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    lng = pd.to_numeric(df["lng"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
    ok = np.isfinite(lat) & np.isfinite(lng)
    return lat, lng, ok


def _point(lat: float, lng: float, props: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "Feature",
        "geometry": {"type": "Point", "coordinates": [lng, lat]},
        "properties": props,
    }


_SHARED = ("attribution_title", "attribution_url")


def _place_features(
    df: pd.DataFrame,
) -> tuple[list[dict[str, Any]], np.ndarray, np.ndarray, dict[str, Any]]:
    """Point features, their coordinates, and properties common to all rows.

    A column holding one value for every row (typically the attribution) is kept once in the
    returned ``shared`` dict instead of in every feature, to keep the widget state small.
    """
    lat, lng, ok = _coords(df)
    work = df.loc[ok]
    shared: dict[str, Any] = {}
    for col in _SHARED:
        if col in work.columns and len(work) and work[col].nunique(dropna=False) == 1:
            value = work[col].iloc[0]
            shared[col] = value if present(value) else None
    props = _records(work, [c for c in _POPUP_PROPS if c not in shared])
    citations = [c.item() if hasattr(c, "item") else c for c in work.index]
    for p, cite in zip(props, citations, strict=True):
        p["citation"] = cite
    feats = [
        _point(y, x, p) for y, x, p in zip(lat[ok].tolist(), lng[ok].tolist(), props, strict=True)
    ]
    return feats, lat[ok], lng[ok], shared


def _grid_clusters(
    feats: list[dict[str, Any]], lat: np.ndarray, lng: np.ndarray, color: str
) -> list[dict[str, Any]]:
    """Aggregate points on a fixed grid over their bounds (one feature per occupied cell)."""
    span = max(float(lat.max() - lat.min()), float(lng.max() - lng.min()), 1e-9)
    cell = span / GRID_CELLS
    row = np.floor((lat - lat.min()) / cell).astype(np.int64)
    col = np.floor((lng - lng.min()) / cell).astype(np.int64)
    keys = row * (GRID_CELLS + 2) + col
    _, inverse, counts = np.unique(keys, return_inverse=True, return_counts=True)
    mean_lat = np.bincount(inverse, weights=lat) / counts
    mean_lng = np.bincount(inverse, weights=lng) / counts
    order = np.argsort(inverse, kind="stable")
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    out = []
    for k, (start, n) in enumerate(zip(starts.tolist(), counts.tolist(), strict=True)):
        if n == 1:
            out.append(feats[int(order[start])])
            continue
        names = [feats[int(i)]["properties"].get("name") for i in order[start : start + 5]]
        props = {
            "cluster": True,
            "count": n,
            "names": [x for x in names if x],
            "style": {"radius": min(8 + 4 * math.log2(n), 30), "fillColor": color},
        }
        out.append(_point(float(mean_lat[k]), float(mean_lng[k]), props))
    return out


def _geojson_points(
    features: list[dict[str, Any]],
    *,
    name: str,
    style: Mapping[str, Any] | None,
    shared: Mapping[str, Any] | None = None,
) -> ipyleaflet.GeoJSON:
    """One GeoJSON layer of circle markers and one info box (a map control).

    Hovering a point shows its name in the box; clicking it shows its details (name, links,
    attribution). No widget popups: jupyter-leaflet 0.20 throws "Widget is not attached" in the
    page when a layer whose popup was never opened is removed, which :func:`show` does when it
    replaces layers.
    """
    layer = ipyleaflet.GeoJSON(
        data={"type": "FeatureCollection", "features": features},
        point_style={**_POINT_STYLE, **dict(style or {})},
        hover_style=_HOVER_STYLE,
        name=name,
    )
    info = ipywidgets.HTML(value="")

    def _on_click(properties: Mapping[str, Any] | None = None, **_: Any) -> None:
        info.value = _place_popup({**dict(shared or {}), **dict(properties or {})})

    def _on_hover(properties: Mapping[str, Any] | None = None, **_: Any) -> None:
        props = properties or {}
        label = f"{props['count']} places" if props.get("cluster") else props.get("name")
        info.value = f"<b>{html.escape(str(label or ''))}</b>"

    layer.on_click(_on_click)
    layer.on_hover(_on_hover)
    layer.shared_properties = dict(shared or {})  # properties common to every feature
    layer.info = layer.hover = info
    layer.info_control = layer.hover_control = ipyleaflet.WidgetControl(
        widget=info, position="topright"
    )
    return layer


def places_layer(
    result_or_frame: Any, *, cluster: bool | str = "auto", style: Mapping[str, Any] | None = None
) -> ipyleaflet.GeoJSON:
    """All places of a result as one GeoJSON layer of circles, with a click-filled info box.

    Parameters
    ----------
    result_or_frame
        A ``PlacesResult`` / ``AlongRouteResult`` or a frame with ``lat`` and ``lng`` columns.
    cluster
        ``"auto"`` aggregates on a fixed grid above :data:`CLUSTER_THRESHOLD` points; ``True``
        always, ``False`` never.
    style
        Leaflet circle-marker options merged into the default point style
        (``radius``, ``fillColor``, ``color``, ...).

    Returns
    -------
    ipyleaflet.GeoJSON
        Named ``"mapsnb:places"``; ``layer.info`` is the ``ipywidgets.HTML`` info box (shown by
        :func:`show` as a map control) that hovering and clicking fill.

    Raises
    ------
    ValueError
        If the frame has no ``lat``/``lng`` columns.
    """
    df = _frame(result_or_frame)
    feats, lat, lng, shared = _place_features(df)
    clustered = len(feats) > CLUSTER_THRESHOLD if cluster == "auto" else bool(cluster)
    if clustered and feats:
        feats = _grid_clusters(feats, lat, lng, CLUSTER_COLOR)
    layer = _geojson_points(feats, name=f"{PREFIX}places", style=style, shared=shared)
    color = dict(style or {}).get("fillColor", PLACE_COLOR)
    legend = {"Place": color}
    if clustered:
        legend["Group of places"] = CLUSTER_COLOR
    _tag(
        layer,
        frame=df,
        bounds=_bounds(lat, lng),
        legend_entries=legend,
        controls=[layer.hover_control],
    )
    layer.mapsnb_clustered = clustered
    return layer


# ------------------------------------------------------------------------------ routes
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
    lines = [f"<b>{label}</b>"]
    if present(row.get("distance_m")):
        lines.append(f"Distance: {_fmt_km(float(row['distance_m']))}")
    if present(row.get("duration_s")):
        lines.append(f"Duration: {_fmt_min(float(row['duration_s']))}")
    ends = [row.get("origin"), row.get("destination")]
    if all(present(e) for e in ends):
        lines.append(html.escape(f"{ends[0]} → {ends[1]}"))
    if warning:
        lines.append(f"<span style='color:#b06000'>⚠ {html.escape(warning)}</span>")
    title = row.get("attribution_title")
    if present(title):
        credit = _link(row.get("attribution_url"), str(title)) or html.escape(str(title))
        lines.append(f"<span style='font-size:smaller'>Source: {credit}</span>")
    return "<br>".join(lines)


WAYPOINT_COLOR = "#f29900"


def _end_marker(loc: tuple[float, float], label: str, color: str) -> ipyleaflet.CircleMarker:
    marker = ipyleaflet.CircleMarker(
        location=loc,
        radius=7,
        color="#ffffff",
        weight=2,
        fill_color=color,
        fill_opacity=1.0,
        name=f"{PREFIX}{label}",
    )
    marker.details = f"<b>{html.escape(label)}</b>"
    return marker


def _request_of(result: Any) -> Mapping[str, Any]:
    """A result's request dict; ``{}`` for a frame (whose ``.request`` may be a column)."""
    request = None if isinstance(result, pd.DataFrame) else getattr(result, "request", None)
    return request if isinstance(request, Mapping) else {}


def _waypoint_markers(request: Mapping[str, Any]) -> list[ipyleaflet.CircleMarker]:
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


def route_layer(routes_result: Any, *, show_alternatives: bool = True) -> ipyleaflet.LayerGroup:
    """The routes as polylines: recommended bold and solid, alternatives light and dashed.

    Parameters
    ----------
    routes_result
        A ``RoutesResult`` (computed with ``include_polyline=True``), its ``to_frame()`` or its
        ``path_frame()``.
    show_alternatives
        Draw the alternative routes too.

    Returns
    -------
    ipyleaflet.LayerGroup
        Named ``"mapsnb:routes"`` (with the WALK beta warning appended for walking routes);
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
        line = ipyleaflet.Polyline(
            locations=[list(p) for p in paths[idx]],
            color=ROUTE_COLOR if recommended else ALT_ROUTE_COLOR,
            weight=6 if recommended else 4,
            opacity=0.9 if recommended else 0.6,
            dash_array=None if recommended else "8 8",
            fill=False,
            name=f"{PREFIX}route {idx}" + (" (recommended)" if recommended else ""),
        )
        row = rows.get(idx, {"route_index": idx})
        line.details = _route_popup(row, recommended, warning)
        polylines.append(line)
    main = paths.get(0) or paths[min(paths)]
    first = rows.get(0, {})
    markers = [
        _end_marker(main[0], f"Start: {first.get('origin') or 'origin'}", "#188038"),
        _end_marker(main[-1], f"End: {first.get('destination') or 'destination'}", "#d93025"),
        *_waypoint_markers(_request_of(routes_result)),
    ]
    name = f"{PREFIX}routes" + (f" — {warning}" if warning else "")
    group = ipyleaflet.LayerGroup(layers=[*polylines, *markers], name=name)
    # details in one info box, not widget popups (see _geojson_points)
    recommended_line = next((p for p in polylines if p.name.endswith("(recommended)")), None)
    info = ipywidgets.HTML(value=recommended_line.details if recommended_line else "")
    for item in [*polylines, *markers]:
        item.on_click(lambda *_, _item=item, **__: setattr(info, "value", _item.details))
    group.info = info
    group.info_control = ipyleaflet.WidgetControl(widget=info, position="bottomleft")
    every = np.array([p for idx in paths for p in paths[idx]], dtype=float)
    legend = {"Recommended route": ROUTE_COLOR}
    if show_alternatives and len(paths) > 1:
        legend["Alternative route"] = ALT_ROUTE_COLOR
    _tag(
        group,
        frame=routes,
        bounds=_bounds(every[:, 0], every[:, 1]),
        legend_entries=legend,
        warnings=warnings,
        controls=[group.info_control],
    )
    return group


# ----------------------------------------------------------------------------- detours
def _detour_bins(minutes: np.ndarray) -> np.ndarray:
    """Bin edges (minutes) over the data range, one bin per ramp colour."""
    finite = minutes[np.isfinite(minutes)]
    lo = float(np.floor(finite.min())) if len(finite) else 0.0
    hi = float(np.ceil(finite.max())) if len(finite) else 1.0
    hi = max(hi, lo + 1.0)
    return np.linspace(lo, hi, len(DETOUR_RAMP) + 1)


def detour_color(minutes: float, edges: np.ndarray) -> str:
    """The ramp colour of ``minutes`` for bin ``edges`` (grey when unknown)."""
    if not math.isfinite(minutes):
        return "#9e9e9e"
    k = int(np.searchsorted(edges, minutes, side="right")) - 1
    return DETOUR_RAMP[min(max(k, 0), len(DETOUR_RAMP) - 1)]


def detours_layer(along_result: Any) -> ipyleaflet.LayerGroup:
    """Places along a route coloured by detour minutes (YlOrRd ramp), with a legend.

    Parameters
    ----------
    along_result
        An ``AlongRouteResult`` or its frame (``lat``, ``lng``, ``detour_s``).

    Returns
    -------
    ipyleaflet.LayerGroup
        Named ``"mapsnb:detours"``, holding one GeoJSON; ``group.legend`` is the
        ``ipyleaflet.LegendControl`` of the detour bins (added by :func:`show`).
    """
    df = _frame(along_result)
    if "detour_s" not in df.columns:
        raise NothingToDraw("cannot draw detours: the frame has no detour_s column")
    lat, lng, ok = _coords(df)
    work = df.loc[ok].copy()
    minutes = pd.to_numeric(work["detour_s"], errors="coerce").to_numpy(float, na_value=np.nan)
    minutes = minutes / 60.0
    work["detour_min"] = minutes
    edges = _detour_bins(minutes)
    feats, _, _, shared = _place_features(work)
    for feat, m in zip(feats, minutes.tolist(), strict=True):
        feat["properties"]["style"] = {"fillColor": detour_color(m, edges)}
    geo = _geojson_points(
        feats, name=f"{PREFIX}detour points", style={"color": "#333333"}, shared=shared
    )
    labels = {
        f"{edges[k]:.1f}–{edges[k + 1]:.1f} min": color for k, color in enumerate(DETOUR_RAMP)
    }
    legend = ipyleaflet.LegendControl(labels, title="Detour", position="bottomleft")
    group = ipyleaflet.LayerGroup(layers=[geo], name=f"{PREFIX}detours")
    group.legend = legend
    group.points = geo
    _tag(
        group,
        frame=df,
        bounds=_bounds(lat[ok], lng[ok]),
        controls=[legend, geo.hover_control],
    )
    return group


# -------------------------------------------------------------------------------- bias
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


# -------------------------------------------------------------------------------- show
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
        body = "<br>".join(f"⚠ {html.escape(w)}" for w in warnings)
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
        value=f"<div style='color:#b06000;max-width:280px'>ⓘ {html.escape(message)}</div>"
    )
    control = ipyleaflet.WidgetControl(widget=note, position="topleft")
    m.add(control)
    m.mapsnb_controls = [*m.mapsnb_controls, control]
    return area
