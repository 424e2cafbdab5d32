"""Areas of ``search_area``: circles, viewports and polygons in a local plane, point-in-area, overlap.

Every area becomes polygons in a local equirectangular plane (metres east and north of the
middle of its bounding box): a viewport its rectangle, a circle a 256-gon drawn just around it
(so no tile touching the circle is missed), a GeoJSON-like ``Polygon``/``MultiPolygon`` (or any
object with ``__geo_interface__``: shapely geometries, GeoSeries, GeoDataFrames) its rings with
holes. Straight edges in longitude/latitude stay straight in that plane, so a place is inside a
polygon there exactly when it is in longitude/latitude; a circle's places are kept by their
great-circle distance. Nothing here imports shapely or geopandas, and nothing does I/O.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from mapsnb._types import Circle, Viewport, check_lat_lng
from mapsnb.errors import InvalidRequest
from mapsnb.polyline import EARTH_RADIUS_M

#: Metres per degree of latitude (and of longitude on the equator), as ``haversine_m`` measures.
M_PER_DEG = EARTH_RADIUS_M * math.pi / 180
CIRCLE_VERTICES = 256
_MAX_VERTICES = 200_000

XY = np.ndarray  # an (n, 2) float array of plane coordinates in metres


@dataclass(frozen=True)
class Plane:
    """The local plane of an area: metres east (``x``) and north (``y``) of ``(lat0, lng0)``."""

    lat0: float
    lng0: float

    @property
    def _kx(self) -> float:
        return max(1e-6, math.cos(math.radians(self.lat0))) * M_PER_DEG

    def to_xy(self, lat: Any, lng: Any) -> tuple[np.ndarray, np.ndarray]:
        """Plane coordinates of points (arrays or numbers; longitudes wrap at ±180°)."""
        lat, lng = np.asarray(lat, dtype=float), np.asarray(lng, dtype=float)
        dlng = (lng - self.lng0 + 180.0) % 360.0 - 180.0
        return dlng * self._kx, (lat - self.lat0) * M_PER_DEG

    def to_lat_lng(self, x: float, y: float) -> tuple[float, float]:
        """Return the point at plane coordinates ``(x, y)``."""
        lat = self.lat0 + y / M_PER_DEG
        lng = (self.lng0 + x / self._kx + 180.0) % 360.0 - 180.0
        return max(-90.0, min(90.0, lat)), lng


# ----------------------------------------------------------------------------- planar helpers
def ring_area(ring: XY) -> float:
    """Return the area of a closed or open ring (shoelace), in square metres, unsigned."""
    if len(ring) < 3:
        return 0.0
    x, y = ring[:, 0], ring[:, 1]
    return abs(float(np.dot(x, np.roll(y, -1)) - np.dot(y, np.roll(x, -1)))) / 2


def _clip_half(ring: XY, axis: int, bound: float, keep_above: bool) -> XY:
    """Sutherland–Hodgman against one axis-parallel half-plane, vectorised over the edges."""
    if len(ring) == 0:
        return ring
    cur, nxt = ring, np.roll(ring, -1, axis=0)
    a, b = cur[:, axis] - bound, nxt[:, axis] - bound
    if not keep_above:
        a, b = -a, -b
    ins_a, ins_b = a >= 0, b >= 0
    denom = np.where(a - b == 0, 1.0, a - b)
    t = (a / denom)[:, None]
    cross = cur + t * (nxt - cur)
    # per edge: entering -> [cross, next]; staying in -> [next]; leaving -> [cross]; out -> []
    first = np.where((ins_a != ins_b)[:, None], cross, nxt)
    take_first = ins_b | ins_a
    take_second = ins_b & ~ins_a
    pts = np.stack([first, nxt], axis=1).reshape(-1, 2)
    mask = np.stack([take_first, take_second], axis=1).reshape(-1)
    return pts[mask]


def clip_area(ring: XY, box: tuple[float, float, float, float]) -> float:
    """Return the area of ``ring`` inside the axis-parallel ``box`` ``(x0, y0, x1, y1)``.

    Exact for any simple ring; Sutherland–Hodgman.
    """
    x0, y0, x1, y1 = box
    lo, hi = ring.min(axis=0), ring.max(axis=0)
    if lo[0] >= x1 or hi[0] <= x0 or lo[1] >= y1 or hi[1] <= y0:
        return 0.0
    if lo[0] >= x0 and hi[0] <= x1 and lo[1] >= y0 and hi[1] <= y1:
        return ring_area(ring)
    for axis, bound, above in ((0, x0, True), (0, x1, False), (1, y0, True), (1, y1, False)):
        ring = _clip_half(ring, axis, bound, above)
        if len(ring) < 3:
            return 0.0
    return ring_area(ring)


def in_ring(x: np.ndarray, y: np.ndarray, ring: XY) -> np.ndarray:
    """Whether each point ``(x, y)`` is inside ``ring`` (crossing number, vectorised)."""
    inside = np.zeros(len(x), dtype=bool)
    if len(x) == 0 or len(ring) < 3:
        return inside
    xa, ya = ring[:, 0], ring[:, 1]
    xb, yb = np.roll(xa, -1), np.roll(ya, -1)
    for start in range(0, len(x), 2048):  # bounded memory: 2048 points x edges at a time
        px, py = x[start : start + 2048, None], y[start : start + 2048, None]
        straddles = (ya > py) != (yb > py)
        with np.errstate(divide="ignore", invalid="ignore"):
            at = xa + (py - ya) * (xb - xa) / (yb - ya)
        crossings = np.count_nonzero(straddles & (px < at), axis=1)
        inside[start : start + 2048] = crossings % 2 == 1
    return inside


# ----------------------------------------------------------------------------- the area
@dataclass(frozen=True)
class Area:
    """An area to search: its polygons in its :class:`Plane`, and how to tell a place inside.

    ``polygons`` are ``(outer, *holes)`` rings of plane coordinates; ``circle`` is
    ``(lat, lng, radius_m)`` for a circle (its places are kept by distance).
    """

    kind: str
    label: str
    plane: Plane
    polygons: tuple[tuple[XY, ...], ...]
    circle: tuple[float, float, float] | None = None

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        """``(x0, y0, x1, y1)`` of the outer rings in the plane."""
        outer = np.concatenate([p[0] for p in self.polygons])
        lo, hi = outer.min(axis=0), outer.max(axis=0)
        return float(lo[0]), float(lo[1]), float(hi[0]), float(hi[1])

    def area_m2(self) -> float:
        """Return the area of its polygons in square metres, holes taken out.

        A circle's polygon is drawn just around it: 0.01 % more than the circle.
        """
        return sum(ring_area(p[0]) - sum(ring_area(h) for h in p[1:]) for p in self.polygons)

    def overlap_m2(self, box: tuple[float, float, float, float]) -> float:
        """Return the part of the area inside the plane box ``(x0, y0, x1, y1)``, in square metres."""
        total = 0.0
        for polygon in self.polygons:
            outer = clip_area(polygon[0], box)
            if outer > 0:
                total += outer - sum(clip_area(h, box) for h in polygon[1:])
        return max(0.0, total)

    def contains(self, lat: Sequence[float], lng: Sequence[float]) -> np.ndarray:
        """Whether each point is inside the area (NaN coordinates are not)."""
        lat_a, lng_a = np.asarray(lat, dtype=float), np.asarray(lng, dtype=float)
        known = np.isfinite(lat_a) & np.isfinite(lng_a)
        out = np.zeros(len(lat_a), dtype=bool)
        if not known.any():
            return out
        if self.circle is not None:
            clat, clng, radius = self.circle
            p1, p2 = math.radians(clat), np.radians(lat_a[known])
            dl = np.radians(lng_a[known] - clng)
            h = np.sin((p2 - p1) / 2) ** 2 + math.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
            out[known] = 2 * EARTH_RADIUS_M * np.arcsin(np.minimum(1.0, np.sqrt(h))) <= radius
            return out
        x, y = self.plane.to_xy(lat_a[known], lng_a[known])
        inside = np.zeros(len(x), dtype=bool)
        for polygon in self.polygons:
            here = in_ring(x, y, polygon[0])
            for hole in polygon[1:]:
                here &= ~in_ring(x, y, hole)
            inside |= here
        out[known] = inside
        return out


def circle_area(lat: float, lng: float, radius_m: float, label: str) -> Area:
    """Return the circle of ``radius_m`` metres around ``(lat, lng)``."""
    plane = Plane(lat, lng)
    steps = np.arange(CIRCLE_VERTICES) * (2 * math.pi / CIRCLE_VERTICES)
    r = radius_m / math.cos(math.pi / CIRCLE_VERTICES)  # drawn around the circle, not inside
    ring = np.column_stack([r * np.sin(steps), r * np.cos(steps)])
    return Area("circle", label, plane, ((ring,),), (lat, lng, float(radius_m)))


def _number(value: Any, field: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise InvalidRequest(field, f"must be a number, got {value!r}")
    number = float(value)
    if not math.isfinite(number):
        raise InvalidRequest(field, f"must be a finite number, got {value!r}")
    return number


def _positions(ring: Any, field: str) -> list[tuple[float, float]]:
    """``[(lng, lat), ...]`` of a GeoJSON ring, checked (degrees, EPSG:4326)."""
    if isinstance(ring, (str, bytes, Mapping)) or not isinstance(ring, Iterable):
        raise InvalidRequest(field, "must be a list of [longitude, latitude] positions")
    out = []
    for i, position in enumerate(ring):
        if isinstance(position, (str, bytes, Mapping)) or not isinstance(position, Iterable):
            raise InvalidRequest(f"{field}[{i}]", "must be a [longitude, latitude] position")
        coords = list(position)
        if len(coords) < 2:
            raise InvalidRequest(f"{field}[{i}]", "must be a [longitude, latitude] position")
        lng, lat = _number(coords[0], f"{field}[{i}][0]"), _number(coords[1], f"{field}[{i}][1]")
        if not (-180 <= lng <= 180 and -90 <= lat <= 90):
            raise InvalidRequest(
                f"{field}[{i}]",
                "must be [longitude, latitude] in degrees (EPSG:4326), "
                f"longitude first; got {coords[:2]!r}",
            )
        out.append((lng, lat))
        if len(out) > _MAX_VERTICES:
            raise InvalidRequest(field, f"has more than {_MAX_VERTICES} positions")
    if len(out) > 1 and out[0] == out[-1]:
        out.pop()
    if len(out) < 3:
        raise InvalidRequest(field, "must have at least 3 distinct positions")
    return out


def _polygon_rings(geometry: Any, field: str) -> list[list[list[tuple[float, float]]]]:
    """Return the polygons (each its rings of ``(lng, lat)``) of a GeoJSON-like mapping."""
    if not isinstance(geometry, Mapping):
        raise InvalidRequest(field, "must be a GeoJSON Polygon, MultiPolygon or Feature")
    kind = geometry.get("type")
    if kind == "Feature":
        return _polygon_rings(geometry.get("geometry"), f"{field}.geometry")
    if kind == "FeatureCollection":
        features = geometry.get("features")
        if not isinstance(features, Sequence) or isinstance(features, (str, bytes)):
            raise InvalidRequest(f"{field}.features", "must be a list of features")
        return [
            p for i, f in enumerate(features) for p in _polygon_rings(f, f"{field}.features[{i}]")
        ]
    if kind == "GeometryCollection":
        parts = geometry.get("geometries")
        if not isinstance(parts, Sequence) or isinstance(parts, (str, bytes)):
            raise InvalidRequest(f"{field}.geometries", "must be a list of geometries")
        return [
            p for i, g in enumerate(parts) for p in _polygon_rings(g, f"{field}.geometries[{i}]")
        ]
    coordinates = geometry.get("coordinates")
    if kind == "Polygon":
        polygons = [coordinates]
    elif kind == "MultiPolygon":
        if isinstance(coordinates, (str, bytes)) or not isinstance(coordinates, Iterable):
            raise InvalidRequest(f"{field}.coordinates", "must be a list of polygons")
        polygons = list(coordinates)
    else:
        raise InvalidRequest(
            f"{field}.type",
            f"must be Polygon, MultiPolygon, Feature or FeatureCollection, got {kind!r}",
        )
    out = []
    for i, rings in enumerate(polygons):
        where = f"{field}.coordinates" + (f"[{i}]" if kind == "MultiPolygon" else "")
        if isinstance(rings, (str, bytes, Mapping)) or not isinstance(rings, Iterable):
            raise InvalidRequest(where, "must be a list of rings")
        checked = [_positions(r, f"{where}[{j}]") for j, r in enumerate(rings)]
        if not checked:
            raise InvalidRequest(where, "must have an outer ring")
        out.append(checked)
    return out


def _geo_interface(value: Any) -> Any:
    """Return the GeoJSON-like mapping of a shapely or geopandas object, in EPSG:4326."""
    crs = getattr(value, "crs", None)
    if crs is not None and hasattr(value, "to_crs"):  # a GeoSeries or GeoDataFrame
        epsg = getattr(crs, "to_epsg", lambda: None)()
        if epsg != 4326:
            try:
                value = value.to_crs(4326)
            except Exception as exc:  # pyproj's own errors: not ours to name
                raise InvalidRequest("area", f"cannot be brought to EPSG:4326 ({exc})") from None
    try:
        return value.__geo_interface__
    except Exception as exc:
        raise InvalidRequest("area", f"has no usable __geo_interface__ ({exc})") from None


def _middle_lng(polygons: list[list[list[tuple[float, float]]]]) -> float:
    """Return the middle longitude of the shortest arc of the circle holding every polygon.

    Each polygon's span is its own (a part of a MultiPolygon split at ±180° spans only its
    side), so parts on either side of the antimeridian share one plane around it.

    Raises
    ------
    InvalidRequest
        A polygon spans more than 180° of longitude, or its parts do together.
    """
    spans = []
    for polygon in polygons:
        lngs = [p[0] for p in polygon[0]]
        if max(lngs) - min(lngs) > 180:
            raise InvalidRequest(
                "area",
                "spans more than 180° of longitude; split a polygon that crosses the "
                "antimeridian into a MultiPolygon (as GeoJSON does)",
            )
        spans.append((min(lngs), max(lngs)))
    spans.sort()
    merged = [list(spans[0])]
    for lo, hi in spans[1:]:
        if lo <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    # the largest gap between the parts (around the circle) is what the shortest arc leaves out
    gaps = [(merged[(i + 1) % len(merged)][0] - hi) % 360.0 for i, (_, hi) in enumerate(merged)]
    widest = max(range(len(merged)), key=gaps.__getitem__)
    gap = gaps[widest] if len(merged) > 1 else 360.0 - (merged[0][1] - merged[0][0])
    arc = 360.0 - gap
    if arc > 180:
        raise InvalidRequest(
            "area",
            f"spans {arc:.0f}° of longitude (more than 180°, its parts together): search its "
            "parts one by one",
        )
    start = merged[(widest + 1) % len(merged)][0] if len(merged) > 1 else merged[0][0]
    return (start + arc / 2 + 180.0) % 360.0 - 180.0


def polygon_area(value: Any, label: str = "polygon") -> Area:
    """Return the area of a GeoJSON-like polygon mapping or an object with ``__geo_interface__``."""
    geometry = value if isinstance(value, Mapping) else _geo_interface(value)
    polygons = _polygon_rings(geometry, "area")
    if not polygons:
        raise InvalidRequest("area", "holds no polygon")
    lats = [p[1] for polygon in polygons for p in polygon[0]]
    plane = Plane((min(lats) + max(lats)) / 2, _middle_lng(polygons))

    def xy(ring: list[tuple[float, float]]) -> XY:
        lng_a, lat_a = zip(*ring, strict=True)
        x, y = plane.to_xy(lat_a, lng_a)
        return np.column_stack([x, y])

    shapes = tuple(tuple(xy(r) for r in polygon) for polygon in polygons)
    area = Area("polygon", label, plane, shapes)
    if area.area_m2() <= 0:
        raise InvalidRequest("area", "encloses no area (its rings are degenerate)")
    return area


def viewport_area(viewport: Viewport) -> Area:
    """Return the rectangle of a :class:`Viewport` (``low`` south-west, ``high`` north-east)."""
    wire = viewport.to_wire("area")["viewport"]
    assert isinstance(wire, dict)
    low, high = wire["low"], wire["high"]
    south, west, north, east = (
        low["latitude"],
        low["longitude"],
        high["latitude"],
        high["longitude"],
    )
    if east < west:  # crosses the antimeridian
        east += 360.0
    if north == south or east == west:
        raise InvalidRequest("area", "the viewport encloses no area (low and high share a side)")
    plane = Plane((south + north) / 2, ((west + east) / 2 + 180.0) % 360.0 - 180.0)
    half_x = (east - west) / 2 * plane.to_xy(plane.lat0, plane.lng0 + 1.0)[0]
    y0, y1 = (south - plane.lat0) * M_PER_DEG, (north - plane.lat0) * M_PER_DEG
    x0, x1 = -float(half_x), float(half_x)
    ring = np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], dtype=float)
    label = f"viewport {south:.4f},{west:.4f} to {north:.4f},{high['longitude']:.4f}"
    return Area("viewport", label, plane, ((ring,),))


def area_of(value: Any) -> Area | str:
    """Return the :class:`Area` of what a user passes as ``area=``, or the name to resolve first."""
    if isinstance(value, str):
        name = value.strip()
        if not name:
            raise InvalidRequest(
                "area", "must be a non-empty name, a Circle, a Viewport or a polygon"
            )
        return name
    if isinstance(value, Circle):
        lat, lng = check_lat_lng(value.lat, value.lng, "area")
        if value.radius_m is None:
            raise InvalidRequest("area.radius_m", "a Circle area needs a radius in metres")
        radius = _number(value.radius_m, "area.radius_m")
        if not 0 < radius <= 2_000_000:
            raise InvalidRequest("area.radius_m", f"must be > 0 and ≤ 2000 km, got {radius!r}")
        return circle_area(lat, lng, radius, f"circle of {radius:g} m at {lat:.4f},{lng:.4f}")
    if isinstance(value, Viewport):
        return viewport_area(value)
    if isinstance(value, Mapping) or hasattr(value, "__geo_interface__"):
        return polygon_area(value)
    raise InvalidRequest(
        "area",
        "must be a town or region name, a Circle, a Viewport, a GeoJSON Polygon/MultiPolygon "
        f"(or Feature) or a shapely/geopandas geometry, got {type(value).__name__}",
    )
