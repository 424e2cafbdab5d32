"""Frames of ``compute_routes``: one row per route, or one row per vertex of every route.

Routes are read as plain column lists first (``routes_lists``), then made one table
(``routes_table``), so a batch extends lists call by call. Re-exported by :mod:`mapsnb.frames`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

import numpy as np
import pandas as pd

from mapsnb import settings
from mapsnb._read.names import EndNames, route_end_names
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
from mapsnb._tools_spec import frame_columns
from mapsnb.frames._tables import (
    Lists,
    _add_extras,
    _known_extras,
    finish,
    frame,
    timedeltas,
    times,
)
from mapsnb.polyline import cumulative_m, decode

#: The columns of a routes frame and of a path frame (the tools' description).
ROUTE_COLUMNS = frame_columns("compute_routes")
PATH_COLUMNS = frame_columns("compute_routes", "path_frame")


def _coord(x: float) -> str:
    return f"{x:.7f}".rstrip("0").rstrip(".")


def waypoint_label(value: Any) -> str | None:
    """Return a display string for a waypoint: the address, ``"lat,lng"`` or ``"place_id:ID"``."""
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


def _endpoints(request: Mapping[str, Any] | None) -> tuple[Any, Any]:
    if not isinstance(request, Mapping):
        return None, None
    ends = g(request, "routeEndpoints")
    src = ends if isinstance(ends, Mapping) else request
    return g(src, "origin"), g(src, "destination")


def _travel_mode(request: Mapping[str, Any] | None) -> str:
    mode = g(request, "travelMode")
    if not isinstance(mode, str) or mode in ("", "ROUTE_TRAVEL_MODE_UNSPECIFIED"):
        return "DRIVE"
    return mode.upper()


def _as_utc(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


def _polyline_of(route: Mapping[str, Any]) -> str | None:
    encoded = g(route, "encodedPolyline")
    if encoded is None:
        encoded = path(route, "polyline", "encodedPolyline")
    return encoded if isinstance(encoded, str) else None


def routes_frame(
    payload: Mapping[str, Any],
    *,
    source: str = "live",
    request: Mapping[str, Any] | None = None,
    issued_at: datetime | None = None,
    ends: EndNames | None = None,
) -> pd.DataFrame:
    """``compute_routes`` routes, one row per route (``route_index`` 0 = recommended).

    Columns: ``route_index, distance_m, duration_s, duration, encoded_polyline,
    retrieval_token, token_expires_at, attribution_title, attribution_url, travel_mode, origin,
    destination, origin_name, destination_name``, then unknown fields flattened.
    ``token_expires_at`` is ``issued_at`` + ``settings.retrieval_token_minutes`` (UTC) for
    routes with a token, NaT otherwise. ``origin``/``destination`` are the ends as asked
    (:func:`waypoint_label`); ``origin_name``/``destination_name`` how they read (``ends``, a
    result's ``end_names``: names the client knows; else the address, a rounded ``"lat, lng"``),
    never an id. Where a credit's title echoes an end's id or raw coordinates, the
    ``attribution_title`` column and the credits in ``attrs`` show its name instead (the
    provider's words and link as given; ``.raw`` keeps the exact text). Empty ``routes`` gives
    an empty frame.
    """
    cols, extras, credits = routes_lists(payload, request, issued_at, ends)
    return finish(routes_table(cols, extras), source, credits, kind="routes")


_ROUTE_KNOWN = {"distance_meters", "duration", "encoded_polyline", "retrieval_token", "attribution"}


def routes_lists(
    payload: Mapping[str, Any],
    request: Mapping[str, Any] | None = None,
    issued_at: datetime | None = None,
    ends: EndNames | None = None,
) -> Lists:
    """Return the rows of a ``compute_routes`` answer as plain column lists.

    With per-row extras and credits (see :func:`places_lists`; ``duration`` and
    ``token_expires_at`` hold nanoseconds until :func:`routes_table`).
    """
    routes = records(g(payload, "routes"))
    origin, destination = _endpoints(request)
    mode = _travel_mode(request)
    cols: dict[str, list[Any]] = {c: [] for c in ROUTE_COLUMNS}
    extras: list[dict[str, Any]] = []
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
    ends = route_end_names(request, payload) if ends is None else ends
    cols["origin_name"] = [ends[0]] * n
    cols["destination_name"] = [ends[1]] * n
    return cols, extras, collect_attributions(payload)  # credits as given (REAL_SERVER.md)


def routes_table(
    cols: Mapping[str, list[Any]], extras: Sequence[Mapping[str, Any]]
) -> pd.DataFrame:
    """Return the frame of :func:`routes_lists`' columns (no ``attrs``)."""
    typed: dict[str, Any] = dict(cols)
    dur_ns = cols["duration"]
    typed["route_index"] = np.array(cols["route_index"], dtype=np.int64)
    typed["distance_m"] = np.array(cols["distance_m"], dtype=np.float64)
    typed["duration_s"] = np.array([np.nan if x is None else x / 1e9 for x in dur_ns])
    typed["duration"] = timedeltas(dur_ns)
    typed["token_expires_at"] = times(cols["token_expires_at"], UTC)
    order = _add_extras(typed, extras, ROUTE_COLUMNS)
    return frame(typed, order)


def route_path_frame(payload: Mapping[str, Any], *, source: str = "live") -> pd.DataFrame:
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
    return finish(
        frame(typed, PATH_COLUMNS), source, collect_attributions(payload), kind="route_path"
    )
