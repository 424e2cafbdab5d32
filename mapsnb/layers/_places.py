"""Place markers: one GeoJSON layer of circles with an info box, grid-clustered when many."""

from __future__ import annotations

import math
import weakref
from collections.abc import Mapping
from typing import Any

import ipyleaflet
import ipywidgets
import numpy as np
import traitlets

from mapsnb import _html
from mapsnb._read.credits import present
from mapsnb.layers._base import PREFIX, Bounds, MapsnbLayer, _bounds, _frame, _link
from mapsnb.layers._clusters import cell_groups, group_view, view_clusters
from mapsnb.layers._controls import BoxControl, info_control
from mapsnb.layers._features import _place_features
from mapsnb.layers._layout import map_size

#: Above this many points, ``places_layer(cluster="auto")`` aggregates them on a grid.
CLUSTER_THRESHOLD = 200
#: Grid cells along the longer side of the data bounds when clustering (before :func:`show`
#: aggregates at the view's scale).
GRID_CELLS = 40
#: The legend entry of a clustered layer: a static page cannot split its groups.
AGGREGATED_LABEL = "Group of places (aggregated: zooming in splits groups in a live notebook, not in a static page)"

PLACE_COLOR = "#1a73e8"
CLUSTER_COLOR = "#e8710a"

_POINT_STYLE = {
    "radius": 7,
    "color": "#ffffff",
    "weight": 1.5,
    "opacity": 1.0,
    "fillColor": PLACE_COLOR,
    "fillOpacity": 0.85,
}
_HOVER_STYLE = {"weight": 3, "fillOpacity": 1.0}


def _place_popup(props: Mapping[str, Any]) -> str:
    """HTML shown when a place (or a grid cluster) is clicked."""
    if props.get("cluster"):
        listed = list(props.get("names") or [])
        names = ", ".join(_html.text(n) for n in listed)
        count = _count(props.get("count"), len(listed))
        tail = f" and {count - len(listed)} more" if count > len(listed) else ""
        return f"<b>{count} places</b> in this cell: {names}{tail}"
    lines = [f"<b>{_html.text(props.get('name') or 'place')}</b>"]
    minutes = _number(props.get("detour_min"))
    if minutes is not None:
        extra = props.get("detour_distance_text")
        dist = f", {_html.text(extra)} extra" if present(extra) else ""
        lines.append(f"Detour: +{minutes:.1f} min{dist}")
    links = [
        _link(props.get("place_url"), "Open in Google Maps"),
        _link(props.get("directions_url"), "Directions"),
    ]
    if any(links):
        lines.append(" · ".join(x for x in links if x))
    title, url = props.get("attribution_title"), props.get("attribution_url")
    if present(title) or present(url):
        credit = _link(url, str(title or "source")) or _html.text(title)
        lines.append(f"<span style='font-size:smaller'>Source: {credit}</span>")
    return "<br>".join(lines)


def _number(value: Any) -> float | None:
    """Return a finite number from a popup property (``None`` for text, NaN, missing)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    number = float(value)
    return number if math.isfinite(number) else None


def _count(value: Any, listed: int) -> int:
    """Return a cluster's count (the number of names it lists when it says none)."""
    number = _number(value)
    return int(number) if number is not None else listed


def _grid_clusters(
    feats: list[dict[str, Any]], lat: np.ndarray, lng: np.ndarray, color: str
) -> list[dict[str, Any]]:
    """Aggregate points on a fixed grid over their bounds (one feature per occupied cell)."""
    span = max(float(lat.max() - lat.min()), float(lng.max() - lng.min()), 1e-9)
    cell = span / GRID_CELLS
    row = np.floor((lat - lat.min()) / cell).astype(np.int64)
    col = np.floor((lng - lng.min()) / cell).astype(np.int64)
    keys = row * (GRID_CELLS + 2) + col
    return cell_groups(feats, lat, lng, keys, np.arange(len(lat)), color)


class PlacesLayer(MapsnbLayer, ipyleaflet.GeoJSON):
    """Places as one GeoJSON layer of circle markers (what :func:`places_layer` returns).

    Hovering and clicking fill its info box.

    ``info`` is the box (an ``ipywidgets.HTML``), ``info_control`` the map control showing it,
    ``shared_properties`` the properties common to every feature and ``clustered`` whether the
    features are groups of places. A clustered layer follows the view: :meth:`regrid`
    aggregates its places again at a zoom and bounds, and after :meth:`zoom_clicks` a click on
    a group zooms that map to it (:func:`show` calls both).
    """

    info = traitlets.Instance(ipywidgets.HTML, allow_none=True)
    info_control = traitlets.Instance(BoxControl, allow_none=True)
    shared_properties = traitlets.Dict()
    clustered = traitlets.Bool(False)

    _places: tuple[list[dict[str, Any]], np.ndarray, np.ndarray] = ([], np.empty(0), np.empty(0))
    _last_view: tuple[float, Bounds | None] | None = None  # the view regrid last drew
    _target: weakref.ref[ipyleaflet.Map] | None = None  # the map a click on a group zooms

    @property
    def hover(self) -> ipywidgets.HTML | None:
        """The info box (hovering fills it too): ``info``."""
        return self.info

    @property
    def hover_control(self) -> BoxControl | None:
        """The map control of the info box: ``info_control``."""
        return self.info_control

    def cluster(self, feats: list[dict[str, Any]], lat: np.ndarray, lng: np.ndarray) -> None:
        """Make the layer follow the view.

        ``feats`` (one a place, at ``lat``, ``lng``) are aggregated again by :meth:`regrid`; a click on
        a group zooms the map given to :meth:`zoom_clicks`.
        """
        self.clustered = True
        self._places = (feats, lat, lng)
        self.on_click(self._zoom_to_group)

    def regrid(self, zoom: float, view: Bounds | None = None) -> None:
        """Show the places aggregated at ``zoom`` within ``view`` (no change if not clustered)."""
        if not self.clustered:
            return
        key = (round(zoom, 3), view)
        if key == self._last_view:
            return
        self._last_view = key
        feats, lat, lng = self._places
        shown = view_clusters(feats, lat, lng, zoom=zoom, view=view, color=CLUSTER_COLOR)
        self.data = {"type": "FeatureCollection", "features": shown}

    def zoom_clicks(self, m: ipyleaflet.Map | None) -> None:
        """Make a click on a group fit ``m`` to the group's places, from now on (``None``: stop).

        In a live kernel (a static page runs no handler); a group too tight to fit is zoomed two
        levels closer.
        """
        self._target = weakref.ref(m) if m is not None else None

    def _zoom_to_group(
        self,
        properties: Mapping[str, Any] | None = None,
        feature: Mapping[str, Any] | None = None,
        **_: Any,
    ) -> None:
        m = self._target() if self._target is not None else None
        props = dict(properties or {})
        if m is None or not props.get("cluster") or self not in m.layers:
            return
        coords: Any = ((feature or {}).get("geometry") or {}).get("coordinates") or ()
        if len(coords) != 2:
            return
        width, height, _measured = map_size(m)
        limit = m.max_zoom if isinstance(m.max_zoom, (int, float)) else None
        center, zoom = group_view(
            props,
            (float(coords[1]), float(coords[0])),
            zoom=float(m.zoom),
            width=width,
            height=height,
            controls=m.controls,
            **({"max_zoom": limit} if limit is not None else {}),
        )
        with m.hold_sync():  # one update: the front end moves once
            m.center = list(center)
            m.zoom = zoom


class PlaceMarker(MapsnbLayer, ipyleaflet.Marker):
    """One place as a marker, with the credits of the answer that gave it.

    ``credits``, ``synthetic``: :func:`show` puts them in the map's attribution line.
    """


def _geojson_points(
    features: list[dict[str, Any]],
    *,
    name: str,
    style: Mapping[str, Any] | None,
    shared: Mapping[str, Any] | None = None,
) -> PlacesLayer:
    """One GeoJSON layer of circle markers and one info box (a map control).

    Hovering a point shows its name in the box; clicking it shows its details (name, links,
    attribution). No widget popups: jupyter-leaflet 0.20 throws "Widget is not attached" in the
    page when a layer whose popup was never opened is removed, which :func:`show` does when it
    replaces layers.
    """
    info = ipywidgets.HTML(value="")
    layer = PlacesLayer(
        data={"type": "FeatureCollection", "features": features},
        point_style={**_POINT_STYLE, **dict(style or {})},
        hover_style=_HOVER_STYLE,
        name=name,
        info=info,
        info_control=info_control(info, position="topright"),
        shared_properties=dict(shared or {}),  # properties common to every feature
    )

    def _on_click(properties: Mapping[str, Any] | None = None, **_: Any) -> None:
        info.value = _place_popup({**dict(shared or {}), **dict(properties or {})})

    def _on_hover(properties: Mapping[str, Any] | None = None, **_: Any) -> None:
        props = properties or {}
        label = f"{props['count']} places" if props.get("cluster") else props.get("name")
        info.value = f"<b>{_html.text(label or '')}</b>"

    layer.on_click(_on_click)
    layer.on_hover(_on_hover)
    return layer


def places_layer(
    result_or_frame: Any, *, cluster: bool | str = "auto", style: Mapping[str, Any] | None = None
) -> PlacesLayer:
    """All places of a result as one GeoJSON layer of circles, with a click-filled info box.

    Parameters
    ----------
    result_or_frame
        A ``PlacesResult`` / ``AlongRouteResult`` or a frame with ``lat`` and ``lng`` columns.
    cluster
        ``"auto"`` aggregates on a grid above :data:`CLUSTER_THRESHOLD` points; ``True``
        always, ``False`` never. :func:`show` aggregates again at the view's scale on every zoom
        and pan of a live map; the legend says the layer is aggregated.
    style
        Leaflet circle-marker options merged into the default point style
        (``radius``, ``fillColor``, ``color``, ...).

    Returns
    -------
    PlacesLayer
        An ``ipyleaflet.GeoJSON`` named ``"mapsnb:places"``; ``layer.info`` is the
        ``ipywidgets.HTML`` info box (shown by :func:`show` as a map control, hidden while
        empty) that hovering and clicking fill. A clustered layer (``layer.clustered``) has its
        places aggregated again by ``layer.regrid(zoom, view_bounds)``, which :func:`show` calls
        at every zoom and pan of a live map: groups split into places as the view closes in;
        and ``layer.zoom_clicks(map)``, which :func:`show` calls with its map: a click on a
        group then fits the map to the group's places (or zooms in two levels on it).

    Raises
    ------
    ValueError
        If the frame has no ``lat``/``lng`` columns.
    """
    df = _frame(result_or_frame)
    feats, lat, lng, shared = _place_features(df)
    clustered = len(feats) > CLUSTER_THRESHOLD if cluster == "auto" else bool(cluster)
    every = feats
    if clustered and feats:
        feats = _grid_clusters(feats, lat, lng, CLUSTER_COLOR)
    layer = _geojson_points(feats, name=f"{PREFIX}places", style=style, shared=shared)
    color = dict(style or {}).get("fillColor", PLACE_COLOR)
    legend = {"Place": color}
    if clustered:
        legend[AGGREGATED_LABEL] = CLUSTER_COLOR
        layer.cluster(every, lat, lng)
    layer.describe(
        frame=df, bounds=_bounds(lat, lng), legend_entries=legend, controls=[layer.info_control]
    )
    return layer
