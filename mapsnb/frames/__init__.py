"""Tidy pandas DataFrames from raw tool payloads, plus :func:`concat` and :func:`to_geodataframe`.

Every function takes the **raw payload dict** of one tool call (either key spelling, missing
optional fields tolerated, unknown fields kept as extra columns) and returns a DataFrame whose
``attrs`` hold ``source`` (``"live"``, ``"sandbox"`` or a host) and ``attributions`` (unique
``{"title", "url"}`` dicts found in the payload, in order). Column names are a contract relied on
by layers, charts and widgets; see each function.

The environment frames (``lookup_weather``) live in :mod:`mapsnb.frames._environment`, the places and
along-route frames in :mod:`mapsnb.frames._places`, the resolution frames in
:mod:`mapsnb.frames._resolution`; all are re-exported here.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from mapsnb import settings
from mapsnb._read.wire import (
    collect_attributions,
    duration_ns,
    g,
    lat_lng,
    num,
    path,
    records,
    text,
)
from mapsnb.frames._environment import (
    air_quality_frame,
    current_weather_frame,
    daily_weather_frame,
    environment_attributions,
    finish,
    frame,
    health_recommendations_frame,
    hourly_weather_frame,
    pollen_frame,
    pollutants_frame,
    timedeltas,
    times,
)
from mapsnb.frames._places import ALONG_COLUMNS as ALONG_COLUMNS  # re-exported
from mapsnb.frames._places import PLACE_COLUMNS as PLACE_COLUMNS  # re-exported
from mapsnb.frames._places import (
    Lists,
    _add_extras,
    _known_extras,
    along_route_frame,
    parse_distance_m,
    places_frame,
)
from mapsnb.frames._resolution import BATCH_COLUMNS as BATCH_COLUMNS  # re-exported
from mapsnb.frames._resolution import resolved_names_frame, resolved_urls_frame
from mapsnb.polyline import cumulative_m, decode

if TYPE_CHECKING:
    import geopandas

__all__ = [
    "air_quality_frame",
    "along_route_frame",
    "concat",
    "current_weather_frame",
    "daily_weather_frame",
    "environment_attributions",
    "health_recommendations_frame",
    "hourly_weather_frame",
    "parse_distance_m",
    "places_frame",
    "pollen_frame",
    "pollutants_frame",
    "resolved_names_frame",
    "resolved_urls_frame",
    "route_path_frame",
    "routes_frame",
    "to_geodataframe",
]

ROUTE_COLUMNS = [
    "route_index",
    "distance_m",
    "duration_s",
    "duration",
    "encoded_polyline",
    "retrieval_token",
    "token_expires_at",
    "attribution_title",
    "attribution_url",
    "travel_mode",
    "origin",
    "destination",
]
PATH_COLUMNS = ["route_index", "seq", "lat", "lng", "cum_distance_m"]

# --------------------------------------------------------------------------------------------
# Routes
# --------------------------------------------------------------------------------------------


def _coord(x: float) -> str:
    return f"{x:.7f}".rstrip("0").rstrip(".")


def waypoint_label(value: Any) -> str | None:
    """A display string for a waypoint: the address, ``"lat,lng"`` or ``"place_id:ID"``."""
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, Mapping):
        if g(value, "address"):
            return str(g(value, "address"))
        if g(value, "placeId"):
            return f"place_id:{g(value, 'placeId')}"
        for candidate in (g(value, "latLng"), path(value, "location", "latLng"), value):
            lat, lng = lat_lng(candidate)
            if not (math.isnan(lat) or math.isnan(lng)):
                return f"{_coord(lat)},{_coord(lng)}"
        return None
    if isinstance(value, Sequence) and len(value) == 2:
        return f"{_coord(float(value[0]))},{_coord(float(value[1]))}"
    return str(value)


def _endpoints(request: Mapping | None) -> tuple[Any, Any]:
    if not isinstance(request, Mapping):
        return None, None
    ends = g(request, "routeEndpoints")
    src = ends if isinstance(ends, Mapping) else request
    return g(src, "origin"), g(src, "destination")


def _travel_mode(request: Mapping | None) -> str:
    mode = g(request, "travelMode")
    if not isinstance(mode, str) or mode in ("", "ROUTE_TRAVEL_MODE_UNSPECIFIED"):
        return "DRIVE"
    return mode.upper()


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _polyline_of(route: Mapping) -> str | None:
    encoded = g(route, "encodedPolyline")
    if encoded is None:
        encoded = path(route, "polyline", "encodedPolyline")
    return encoded if isinstance(encoded, str) else None


def routes_frame(
    payload: Mapping,
    *,
    source: str = "live",
    request: Mapping | None = None,
    issued_at: datetime | None = None,
) -> pd.DataFrame:
    """``compute_routes`` routes, one row per route (``route_index`` 0 = recommended).

    Columns: ``route_index, distance_m, duration_s, duration, encoded_polyline,
    retrieval_token, token_expires_at, attribution_title, attribution_url, travel_mode, origin,
    destination``, then unknown fields flattened. ``token_expires_at`` is ``issued_at`` +
    ``settings.retrieval_token_minutes`` (UTC) for routes with a token, NaT otherwise. Empty
    ``routes`` gives an empty frame.
    """
    cols, extras, credits = routes_lists(payload, request, issued_at)
    return finish(routes_table(cols, extras), source, credits)


_ROUTE_KNOWN = {"distance_meters", "duration", "encoded_polyline", "retrieval_token", "attribution"}


def routes_lists(
    payload: Mapping, request: Mapping | None = None, issued_at: datetime | None = None
) -> Lists:
    """The rows of a ``compute_routes`` answer as plain column lists, per-row extras and
    credits (see
    :func:`places_lists`; ``duration`` and ``token_expires_at`` hold nanoseconds until
    :func:`routes_table`)."""
    routes = records(g(payload, "routes"))
    origin, destination = _endpoints(request)
    mode = _travel_mode(request)
    cols: dict[str, list] = {c: [] for c in ROUTE_COLUMNS}
    extras: list[dict] = []
    expiry_ns: int | None = None
    if issued_at is not None:
        expiry = _as_utc(issued_at) + timedelta(minutes=settings.retrieval_token_minutes)
        expiry_ns = (expiry - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1) * 1000
    for i, route in enumerate(routes):
        token = g(route, "retrievalToken")
        attribution = g(route, "attribution")
        cols["route_index"].append(i)
        cols["distance_m"].append(num(g(route, "distanceMeters")))
        cols["duration"].append(duration_ns(g(route, "duration")))
        cols["encoded_polyline"].append(_polyline_of(route))
        cols["retrieval_token"].append(token)
        cols["token_expires_at"].append(expiry_ns if token else None)
        cols["attribution_title"].append(text(g(attribution, "title")))
        cols["attribution_url"].append(text(g(attribution, "url")))
        poly = g(route, "polyline")
        extra = _known_extras(route, _ROUTE_KNOWN, {"attribution": {"title", "url"}})
        if isinstance(poly, Mapping) and _polyline_of(route) == path(poly, "encodedPolyline"):
            extra = {k: v for k, v in extra.items() if k != "polyline_encoded_polyline"}
        extras.append(extra)
    n = len(routes)
    del cols["duration_s"]  # derived from ``duration`` by routes_table
    cols["travel_mode"] = [mode] * n
    cols["origin"] = [waypoint_label(origin)] * n
    cols["destination"] = [waypoint_label(destination)] * n
    return cols, extras, collect_attributions(payload)


def routes_table(cols: Mapping[str, list], extras: Sequence[Mapping]) -> pd.DataFrame:
    """The frame of :func:`routes_lists`' columns (no ``attrs``)."""
    typed: dict[str, Any] = dict(cols)
    dur_ns = cols["duration"]
    typed["route_index"] = np.array(cols["route_index"], dtype=np.int64)
    typed["distance_m"] = np.array(cols["distance_m"], dtype=np.float64)
    typed["duration_s"] = np.array([np.nan if x is None else x / 1e9 for x in dur_ns])
    typed["duration"] = timedeltas(dur_ns)
    typed["token_expires_at"] = times(cols["token_expires_at"], UTC)
    order = _add_extras(typed, extras, ROUTE_COLUMNS)
    return frame(typed, order)


def route_path_frame(payload: Mapping, *, source: str = "live") -> pd.DataFrame:
    """Route vertices, one row per vertex: ``route_index, seq, lat, lng, cum_distance_m``.

    ``cum_distance_m`` is the cumulative haversine distance from the start of each route.
    Routes without (or with a malformed) polyline contribute no rows.
    """
    cols: dict[str, list[np.ndarray]] = {c: [] for c in PATH_COLUMNS}
    for i, route in enumerate(records(g(payload, "routes"))):
        encoded = _polyline_of(route)
        try:
            points = decode(encoded) if encoded else []
        except ValueError:
            points = []
        xy = np.asarray(points, dtype=np.float64).reshape(-1, 2)
        n = len(xy)
        cols["route_index"].append(np.full(n, i, dtype=np.int64))
        cols["seq"].append(np.arange(n, dtype=np.int64))
        cols["lat"].append(xy[:, 0])
        cols["lng"].append(xy[:, 1])
        cols["cum_distance_m"].append(cumulative_m(xy[:, 0], xy[:, 1]))
    kinds = {"route_index": np.int64, "seq": np.int64}
    typed = {c: np.concatenate([np.empty(0, kinds.get(c, np.float64)), *cols[c]]) for c in cols}
    return finish(frame(typed, PATH_COLUMNS), source, collect_attributions(payload))


# --------------------------------------------------------------------------------------------
# concat and GeoDataFrame
# --------------------------------------------------------------------------------------------


def request_label(request: Any) -> str:
    """A short label for a request: the text query, ``"A → B"``, the location, ``"N queries"``."""
    if not isinstance(request, Mapping) or not request:
        return ""
    query = g(request, "textQuery")
    if isinstance(query, str) and query:
        return query
    origin, destination = _endpoints(request)
    if origin is not None or destination is not None:
        return f"{waypoint_label(origin)} → {waypoint_label(destination)}"
    if g(request, "location") is not None:
        label = waypoint_label(g(request, "location")) or ""
        day = g(request, "date")
        if isinstance(day, Mapping):
            label += f" {int(g(day, 'year', 0)):04d}-{int(g(day, 'month', 0)):02d}-"
            label += f"{int(g(day, 'day', 0)):02d}"
            if g(request, "hour") is not None:
                label += f" {int(g(request, 'hour')):02d}:00"
        return label
    for key, noun in (("queries", "queries"), ("urls", "urls")):
        value = g(request, key)
        if isinstance(value, list):
            return f"{len(value)} {noun}"
    return ""


def concat(results: Iterable[Any], *, keys: Sequence[Any] | None = None) -> pd.DataFrame:
    """Stack ``r.to_frame()`` of many results of one kind, with ``request`` and ``request_index``.

    ``request`` is ``keys[i]`` when given, else a short label derived from ``r.request``.
    A named index (``citation``) becomes a column; a frame's own ``request`` column becomes
    ``extra_request``. Time columns whose zones differ between the results are converted to UTC.
    Mixed kinds raise ``TypeError``.
    """
    results = list(results)
    kinds = list(dict.fromkeys(type(r).__name__ for r in results))
    if len(kinds) > 1:
        raise TypeError(f"concat needs results of one kind, got {', '.join(kinds)}")
    if keys is not None and len(keys) != len(results):
        raise ValueError(f"keys has {len(keys)} items for {len(results)} results")
    frames: list[pd.DataFrame] = []
    zones: dict[Any, str] = {}  # request -> its time zone: charts draw each in local time
    for i, result in enumerate(results):
        df = result.to_frame()
        if any(name is not None for name in df.index.names):
            df = df.reset_index()
        label = keys[i] if keys is not None else request_label(getattr(result, "request", None))
        taken = {c: f"extra_{c}" for c in ("request", "request_index") if c in df.columns}
        df = df.rename(columns=taken)
        df.insert(0, "request_index", i)
        df.insert(0, "request", label)
        if df.attrs.get("time_zone"):
            zones[label] = df.attrs["time_zone"]
        frames.append(df)
    order: dict[str, None] = {"request": None, "request_index": None}
    for df in frames:
        order.update(dict.fromkeys(df.columns))
    filled = align_zones([df for df in frames if len(df)])
    if filled:
        out = pd.concat(filled, ignore_index=True).reindex(columns=list(order))
    elif frames:
        out = frames[0].iloc[0:0].reindex(columns=list(order))
    else:
        out = pd.DataFrame({"request": [], "request_index": np.array([], dtype=np.int64)})
    out["request_index"] = out["request_index"].astype(np.int64)
    out = _concat_attrs(out, results, frames)
    if zones:
        out.attrs["time_zones"] = zones
    return out


def align_zones(frames: list[pd.DataFrame]) -> list[pd.DataFrame]:
    """Convert tz-aware columns whose zone differs between frames to UTC, where present.

    ``pd.concat`` would otherwise give an object column of mixed-zone Timestamps.
    """
    zones: dict[Any, set[str]] = {}
    for df in frames:
        for column, dtype in df.dtypes.items():
            if isinstance(dtype, pd.DatetimeTZDtype):
                zones.setdefault(column, set()).add(str(dtype.tz))
    mixed = [c for c, found in zones.items() if len(found) > 1]
    if not mixed:
        return frames
    out = []
    for df in frames:
        present = [c for c in mixed if c in df.columns]
        if present:
            df = df.copy()
            for column in present:
                if isinstance(df[column].dtype, pd.DatetimeTZDtype):
                    df[column] = df[column].dt.tz_convert("UTC")
        out.append(df)
    return out


_CREDIT_KEYS = frozenset({"title", "url"})


def add_credit_pairs(found: list[Any], seen: set[Any], titles: list, urls: list) -> None:
    """:func:`add_credits` of the ``{"title", "url"}`` credits of two attribution columns
    (a row with neither credits nothing), each distinct pair looked at once."""
    for title, url in dict.fromkeys(zip(titles, urls, strict=True)):
        key = (2, title, url)  # the key add_credits gives such a dict
        if key not in seen and (title is not None or url is not None):
            seen.add(key)
            found.append({"title": title, "url": url})


def add_credits(found: list[Any], seen: set[Any], items: Iterable[Any] | None) -> None:
    """Append the items not yet in ``found`` (equal ones once), in order. ``seen`` holds the
    keys of ``found``, so this is linear: a batch of 10,000 live answers has ~100,000 distinct
    credits, and a scan of ``found`` per item would be quadratic."""
    for item in items or ():
        try:
            if type(item) is dict and item.keys() <= _CREDIT_KEYS:  # {"title", "url"}
                key: Any = (len(item), item.get("title"), item.get("url"))
            else:
                key = frozenset(item.items()) if type(item) is dict else (type(item), item)
            hash(key)
        except TypeError:  # an unhashable credit: compare it with the list
            if item not in found:
                found.append(item)
            continue
        if key not in seen:
            seen.add(key)
            found.append(item)


def _concat_attrs(out: pd.DataFrame, results: list, frames: list[pd.DataFrame]) -> pd.DataFrame:
    sources = [
        str(getattr(r, "source", None) or df.attrs.get("source", ""))
        for r, df in zip(results, frames, strict=True)
    ]
    attributions: list[dict] = []
    seen: set[Any] = set()
    for df in frames:
        add_credits(attributions, seen, df.attrs.get("attributions"))
    out.attrs = {}
    units = [df.attrs.get("units") for df in frames]
    if units and units[0] is not None and all(u == units[0] for u in units):
        out.attrs["units"] = units[0]
    for key in ("place", "mode", "capabilities", "time_zone", "now"):  # kept when all agree
        values = [df.attrs.get(key) for df in frames]
        if values and values[0] is not None and all(v == values[0] for v in values):
            out.attrs[key] = values[0]
    return finish(out, ", ".join(dict.fromkeys(s for s in sources if s)), attributions)


def _geopandas() -> Any:
    try:
        import geopandas
        import shapely  # noqa: F401
    except ImportError as exc:
        raise ImportError(
            "to_geodataframe needs geopandas and shapely: pip install 'mapsnb[geo]'"
        ) from exc
    return geopandas


def to_geodataframe(df: pd.DataFrame, *, geometry: str = "points") -> geopandas.GeoDataFrame:
    """A GeoDataFrame (EPSG:4326) from a frame of this module.

    ``geometry="points"``: Points from ``lat``/``lng`` (rows without coordinates get None); a
    routes frame (``encoded_polyline``, no ``lat``) gives LineStrings decoded from it.
    ``geometry="lines"``: LineStrings from ``encoded_polyline``, or one LineString per
    ``route_index`` from a :func:`route_path_frame`.

    Raises
    ------
    ImportError
        If geopandas is not installed (``pip install 'mapsnb[geo]'``).
    """
    gpd = _geopandas()
    from shapely.geometry import LineString

    has_points = {"lat", "lng"} <= set(df.columns)
    if geometry == "points" and has_points:
        lat = pd.to_numeric(df["lat"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        lng = pd.to_numeric(df["lng"], errors="coerce").to_numpy(dtype=float, na_value=np.nan)
        points = gpd.points_from_xy(lng, lat)
        points[~(np.isfinite(lat) & np.isfinite(lng))] = None
        out = gpd.GeoDataFrame(df.copy(), geometry=points, crs="EPSG:4326")
    elif geometry in ("points", "lines") and "encoded_polyline" in df.columns:
        geoms = []
        for encoded in df["encoded_polyline"]:
            try:
                pts = decode(encoded) if isinstance(encoded, str) and encoded else []
            except ValueError:
                pts = []
            geoms.append(LineString([(lng, lat) for lat, lng in pts]) if len(pts) > 1 else None)
        out = gpd.GeoDataFrame(df.copy(), geometry=geoms, crs="EPSG:4326")
    elif geometry == "lines" and has_points and "route_index" in df.columns:
        rows = []
        for index, part in df.groupby("route_index", sort=True):
            part = part.sort_values("seq") if "seq" in part.columns else part
            coords = list(zip(part["lng"], part["lat"], strict=True))
            length = float(part["cum_distance_m"].max()) if "cum_distance_m" in part else np.nan
            line = LineString(coords) if len(coords) > 1 else None
            rows.append(
                {
                    "route_index": index,
                    "n_vertices": len(coords),
                    "length_m": length,
                    "geometry": line,
                }
            )
        out = (
            gpd.GeoDataFrame(rows, geometry="geometry", crs="EPSG:4326")
            if rows
            else gpd.GeoDataFrame(
                {"route_index": [], "n_vertices": [], "length_m": []}, geometry=[], crs="EPSG:4326"
            )
        )
    else:
        raise ValueError(
            f"cannot build {geometry!r} geometry: need lat/lng columns or encoded_polyline"
        )
    out.attrs = dict(df.attrs)
    return out
