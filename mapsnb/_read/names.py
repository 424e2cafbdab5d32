"""Names instead of ids: the client's name book and how a route's ends read.

A client remembers the names of the places it has answered (resolutions, searches, routes'
ends as asked) in a bounded :class:`NameBook`, for its lifetime; it is derived from answers, so
it is never stored in the cache or a recording. A route's ends then read as the place's name,
the address as asked, ``"near <a place seen>"`` or a rounded ``"lat, lng"`` pair: never an id.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Mapping, Sequence
from typing import Any
from urllib.parse import unquote_plus, urlsplit

from mapsnb._read.summary import parse_summary
from mapsnb._read.wire import g, lat_lng, path, place_ids, records, text, title_name
from mapsnb.polyline import decode, haversine_m

__all__ = ["NameBook", "end_text", "point_label", "route_end_names"]

#: Within this distance (m) a point is the place seen there; within ``NEAR_M``, near it.
AT_M = 40.0
NEAR_M = 300.0
_CELL = 0.01  # degrees (about 1.1 km): the grid points are filed under
_MAX_NAME = 200

EndNames = tuple[str | None, str | None]
Point = tuple[float, float]


def point_label(lat: float, lng: float) -> str:
    """Return a point as people read it: ``"-1.291, 36.828"`` (3 decimals, about 100 m)."""
    return f"{_round(lat)}, {_round(lng)}"


def _round(x: float) -> str:
    out = f"{x:.3f}"
    return out[1:] if out == "-0.000" else out


def _clean(name: Any) -> str | None:
    """Return a display name: a non-empty one-line string of at most 200 characters, else ``None``."""
    if type(name) is not str:
        return None
    text: str = " ".join(name.split())
    if not text or len(text) > _MAX_NAME or _ID.fullmatch(text):
        return None
    return text


#: A bare place id (``ChIJ…``, ``places/…``): never shown as a name.
_ID = re.compile(r"(?:places/)?ChIJ[\w-]+|place_id:\S+")


class NameBook:
    """Place id -> display name, and points -> names, of the places a client has answered.

    Bounded (the oldest entries go first beyond ``max_places``) and safe to share between the
    threads of one client. Filled by :meth:`learn` from each typed result the client returns.
    """

    def __init__(self, max_places: int = 10_000) -> None:
        self.max_places = max_places
        self._ids: dict[str, str] = {}
        self._points: dict[Point, str] = {}
        self._grid: dict[tuple[int, int], set[Point]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._ids) + len(self._points)

    def __contains__(self, place_id: object) -> bool:
        return isinstance(place_id, str) and place_id.removeprefix("places/") in self._ids

    def __repr__(self) -> str:
        return f"<NameBook places={len(self._ids)} points={len(self._points)}>"

    def get(self, place_id: Any) -> str | None:
        """Return the name of a place id (``"places/ID"`` too), or ``None`` when not seen."""
        if not isinstance(place_id, str):
            return None
        return self._ids.get(place_id.removeprefix("places/").removeprefix("place_id:"))

    def add(
        self, place_id: str | None, name: Any, lat: float | None = None, lng: float | None = None
    ) -> None:
        """Remember ``name`` for ``place_id`` and/or for the point ``(lat, lng)``."""
        shown = _clean(name)
        if shown is None:
            return
        with self._lock:
            if isinstance(place_id, str) and place_id:
                pid = place_id.removeprefix("places/")
                self._ids.pop(pid, None)
                self._ids[pid] = shown
                while len(self._ids) > self.max_places:
                    del self._ids[next(iter(self._ids))]
            if lat is not None and lng is not None and math.isfinite(lat) and math.isfinite(lng):
                self._add_point((round(lat, 6), round(lng, 6)), shown)

    def _add_point(self, point: Point, name: str) -> None:
        if point in self._points:
            del self._points[point]
        else:
            self._grid.setdefault(_cell(*point), set()).add(point)
        self._points[point] = name
        while len(self._points) > self.max_places:
            old = next(iter(self._points))
            del self._points[old]
            cell = self._grid.get(_cell(*old))
            if cell is not None:
                cell.discard(old)
                if not cell:
                    del self._grid[_cell(*old)]

    def near(self, lat: float, lng: float) -> str | None:
        """Describe a point: a place's name within 40 m, ``"near <name>"`` within 300 m.

        The nearest place counts; ``None`` when no place was seen that close.
        """
        if not (math.isfinite(lat) and math.isfinite(lng)):
            return None
        row, col = _cell(lat, lng)
        best: tuple[float, str] | None = None
        with self._lock:
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    for point in self._grid.get((row + dr, col + dc), ()):
                        d = haversine_m(lat, lng, point[0], point[1])
                        if d <= NEAR_M and (best is None or d < best[0]):
                            best = (d, self._points[point])
        if best is None:
            return None
        return best[1] if best[0] <= AT_M else f"near {best[1]}"

    def describe(self, lat: float, lng: float) -> str:
        """Return a point as a short description: :meth:`near`, else :func:`point_label`."""
        return self.near(lat, lng) or point_label(lat, lng)

    # ------------------------------------------------------------------ learning
    def learn(self, result: Any) -> None:
        """Remember the names ``result`` (a typed result this client returns) tells.

        A route's result gets the names of its ends (``result.end_names``) and teaches its ends'
        points.
        """
        tool, payload, request = result.tool, result.raw, result.request
        if not isinstance(payload, Mapping):
            return
        if tool == "search_places":
            self._learn_places(payload, records(g(payload, "places")))
        elif tool == "search_along_route":
            views = [g(item, "place") for item in records(g(payload, "results"))]
            self._learn_places(payload, views)
        elif tool == "resolve_names":
            queries = g(request, "queries")
            asked = queries if isinstance(queries, list) else []
            for i, item in enumerate(_listed(g(payload, "results"))):
                pid = place_ids(g(item, "entity"))[0]
                match = g(item, "sandboxMatch")
                name = text(g(match, "name")) or (text(asked[i]) if i < len(asked) else None)
                lat, lng = lat_lng(g(match, "location")) if match else (math.nan, math.nan)
                self.add(pid, name, *_finite(lat, lng))
        elif tool == "resolve_maps_urls":
            urls = g(request, "urls")
            asked = urls if isinstance(urls, list) else []
            for i, entity in enumerate(_listed(g(payload, "entities"))):
                if i < len(asked):
                    self.add(place_ids(entity)[0], url_place_name(asked[i]))
        elif tool == "compute_routes":
            ends = route_end_names(request, payload, self)
            result._end_names = ends
            vertices = _first_path(payload)
            if vertices:
                for end, point in zip(
                    _route_ends(request), (vertices[0], vertices[-1]), strict=True
                ):
                    if end[0] == "address":
                        self.add(None, end[1], *point)
                    elif end[0] == "place":
                        self.add(None, self.get(end[1]), *point)

    def _learn_places(self, payload: Mapping[str, Any], views: Sequence[Any]) -> None:
        info = None
        for n, view in enumerate(views):
            pid = place_ids(view)[0]
            title = text(g(g(view, "attribution"), "title"))
            name = _field_name(view) or title_name(title)
            if name is None:
                info = info or parse_summary(text(g(payload, "summary")))
                name = info.place_name(n, title) if n in info.cited else None
            lat, lng = lat_lng(g(view, "location"))
            self.add(pid, name, *_finite(lat, lng))


def _cell(lat: float, lng: float) -> tuple[int, int]:
    return math.floor(lat / _CELL), math.floor(lng / _CELL)


def _finite(lat: float, lng: float) -> tuple[float | None, float | None]:
    return (lat, lng) if math.isfinite(lat) and math.isfinite(lng) else (None, None)


def _field_name(view: Any) -> str | None:
    """Return a name field of a PlaceView (``displayName`` text, ``name`` not a resource, ``title``)."""
    for key in ("displayName", "title", "name"):
        value = text(g(view, key))
        if value and not value.startswith("places/"):
            return value
    return None


def url_place_name(url: Any) -> str | None:
    """Return the place name a Maps link spells out (``/maps/place/Louvre+Museum/…``, ``?q=…``)."""
    if type(url) is not str or len(url) > 4096:
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    segments = parts.path.split("/")
    if "place" in segments:
        after = segments[segments.index("place") + 1 :]
        if after and after[0] and not after[0].startswith(("data=", "@")):
            return _clean(unquote_plus(after[0]))
    for pair in parts.query.split("&"):
        key, _, value = pair.partition("=")
        if key in ("q", "query") and value and not value.startswith("place_id:"):
            return _clean(unquote_plus(value))
    return None


# --------------------------------------------------------------------------- routes' ends
def _waypoint(value: Any) -> tuple[str, Any]:
    """``("address", text)``, ``("place", id)``, ``("point", (lat, lng))`` or ``("", None)``."""
    if isinstance(value, str):
        return ("address", value) if value else ("", None)
    if isinstance(value, Mapping):
        address = text(g(value, "address"))
        if address:
            return "address", address
        pid = text(g(value, "placeId"))
        if pid:
            return "place", pid.removeprefix("places/")
        for candidate in (g(value, "latLng"), path(value, "location", "latLng"), value):
            lat, lng = lat_lng(candidate)
            if math.isfinite(lat) and math.isfinite(lng):
                return "point", (lat, lng)
        return "", None
    if isinstance(value, Sequence) and len(value) == 2:
        try:
            return "point", (float(value[0]), float(value[1]))
        except (TypeError, ValueError):
            return "", None
    return "", None


def _route_ends(request: Any) -> tuple[tuple[str, Any], tuple[str, Any]]:
    if not isinstance(request, Mapping):
        return ("", None), ("", None)
    ends = g(request, "routeEndpoints")
    src = ends if isinstance(ends, Mapping) else request
    return _waypoint(g(src, "origin")), _waypoint(g(src, "destination"))


def _first_path(payload: Any) -> list[tuple[float, float]]:
    routes = records(g(payload, "routes"))
    encoded = (
        (g(routes[0], "encodedPolyline") or path(routes[0], "polyline", "encodedPolyline"))
        if routes
        else None
    )
    if not isinstance(encoded, str):
        return []
    try:
        return decode(encoded)
    except (ValueError, IndexError):
        return []


def route_end_names(request: Any, payload: Any = None, book: NameBook | None = None) -> EndNames:
    """Return how a route's origin and destination read.

    A place's name (from ``book``), the address as asked, or a point's description
    (:meth:`NameBook.describe`, a place id's point being its route's end); ``None`` where nothing
    is known (a place id never seen, no polyline).
    """
    vertices: list[tuple[float, float]] | None = None
    out: list[str | None] = []
    for k, (kind, value) in enumerate(_route_ends(request)):
        name: str | None = None
        if kind == "address":
            name = _clean(value)
        elif kind == "place":
            name = book.get(value) if book is not None else None
            if name is None:
                vertices = _first_path(payload) if vertices is None else vertices
                if vertices:
                    name = _describe(vertices[-k], book)
        elif kind == "point":
            name = _describe(value, book)
        out.append(name)
    return out[0], out[1]


def _describe(point: tuple[float, float], book: NameBook | None) -> str:
    return book.describe(*point) if book is not None else point_label(*point)


def end_text(name: str | None, which: str) -> str:
    """Return an end's name for display, else the word ``which`` (``"origin"``, ``"destination"``)."""
    return name or which


#: A ``lat,lng`` pair as an answer may echo it (``-1.2906,36.8283``, any number of decimals).


def _label_end(label: Any) -> tuple[str, Any]:
    """Return a routes frame's ``origin``/``destination`` label back to its waypoint kind."""
    if not isinstance(label, str) or not label:
        return "", None
    if label.startswith("place_id:"):
        return "place", label.removeprefix("place_id:")
    lat, _, lng = label.partition(",")
    try:
        return "point", (float(lat), float(lng))
    except ValueError:
        return "address", label


def row_ends(row: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """Return how a routes frame row's ends read.

    ``origin_name``/``destination_name``, else the end as asked (an address; a point rounded),
    ``"a place"`` for an id; ``None`` when absent.
    """
    out: list[str | None] = []
    for which in ("origin", "destination"):
        name = _clean(row.get(f"{which}_name"))
        if name is None:
            kind, value = _label_end(row.get(which))
            if kind == "point":
                name = point_label(*value)
            elif kind:
                name = "a place" if kind == "place" else value
        out.append(name)
    return out[0], out[1]


def _listed(value: Any) -> list[Any]:
    """``value`` when it is a list (an answer's odd field is no list: nothing to learn)."""
    return value if isinstance(value, list) else []
