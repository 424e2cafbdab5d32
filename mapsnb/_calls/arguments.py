"""Request builders: Python arguments -> wire arguments, with every rule of TOOLS.md §5.

Each ``*_args`` function returns the ``arguments`` object of a ``tools/call`` (snake_case, as in
the official call examples) or raises :class:`~mapsnb.errors.InvalidRequest` naming the field and
the rule. Nothing is sent, so nothing is billed, when a rule is broken.
"""

from __future__ import annotations

import datetime as dt
import itertools
import numbers
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from mapsnb import settings
from mapsnb._types import Circle, LatLng, PlaceId, Viewport, check_lat_lng
from mapsnb.errors import InvalidRequest

TOOLS = (
    "search_places",
    "lookup_weather",
    "compute_routes",
    "search_along_route",
    "resolve_names",
    "resolve_maps_urls",
)
CAPABILITIES = ("WEATHER", "AIR_QUALITY", "POLLEN")
TRAVEL_MODES = ("DRIVE", "WALK", "BICYCLE", "TRANSIT")
UNITS = ("METRIC", "IMPERIAL")
TRAFFIC_AWARE = "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"
TRAFFIC_UNAWARE = "ROUTING_PREFERENCE_TRAFFIC_UNAWARE"
ROUTING_PREFERENCES = (TRAFFIC_UNAWARE, TRAFFIC_AWARE)
MAX_BATCH = 20
MAX_WAYPOINTS = 25
_FRACTION = re.compile(r"\.(\d{1,9})")
_REGION = re.compile(r"[A-Za-z]{2}")  # used with fullmatch: no trailing newline slips through
_RFC3339 = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d{1,9})?([Zz]|[+-]\d{2}:\d{2})", re.ASCII
)

Location = str | tuple[float, float] | LatLng | PlaceId | Mapping[str, Any]


class WireArgs(dict[str, Any]):
    """Wire arguments that remember which of them are defaults the user did not set.

    A default is sent only where the server's ``tools/list`` lists it (see mapsnb._calls.toolset).
    """

    defaults: frozenset[str] = frozenset()


# ---------------------------------------------------------------------------- scalars
def _text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidRequest(field, f"must be a non-empty string, got {value!r}")
    return value.strip()


def _bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidRequest(field, f"must be True or False, got {value!r}")
    return value


def _region(value: object, field: str = "region_code") -> str:
    if not isinstance(value, str) or not _REGION.fullmatch(value):
        raise InvalidRequest(
            field, f"must be a two-letter ISO 3166-1 code such as 'US' (no digits), got {value!r}"
        )
    return value.upper()


def _language(value: object, field: str = "language_code") -> str:
    # Soft rule (TOOLS.md §5 items 9, 20, 43): unrecognised codes fall back to English server-side.
    return _text(value, field)


def _enum(value: object, field: str, allowed: Sequence[str], prefix: str = "") -> str:
    if not isinstance(value, str):
        raise InvalidRequest(field, f"must be one of {', '.join(allowed)}, got {value!r}")
    name = value.strip().upper().replace("-", "_").replace(" ", "_")
    if prefix and not name.startswith(prefix) and prefix + name in allowed:
        name = prefix + name
    if name not in allowed:
        raise InvalidRequest(field, f"must be one of {', '.join(allowed)}, got {value!r}")
    return name


def travel_mode(value: object, field: str = "travel_mode") -> str:
    """Normalise a travel mode (``"drive"`` -> ``"DRIVE"``; unspecified -> ``"DRIVE"``)."""
    if isinstance(value, str) and value.strip().upper() == "ROUTE_TRAVEL_MODE_UNSPECIFIED":
        return "DRIVE"
    return _enum(value, field, TRAVEL_MODES)


def routing_preference(value: object, field: str = "routing_preference") -> str:
    """Normalise a routing preference; short forms (``"traffic_aware_optimal"``) are accepted."""
    if isinstance(value, str) and value.strip().upper() == "ROUTING_PREFERENCE_UNSPECIFIED":
        return TRAFFIC_UNAWARE
    short = (
        value.strip().upper().replace("-", "_").replace(" ", "_") if isinstance(value, str) else ""
    )
    if short in ("TRAFFIC_AWARE", "AWARE"):
        return TRAFFIC_AWARE
    return _enum(value, field, ROUTING_PREFERENCES, prefix="ROUTING_PREFERENCE_")


# ---------------------------------------------------------------------------- locations
def _wire_lat_lng(value: object, field: str) -> dict[str, float]:
    if isinstance(value, Mapping):
        lat, lng = value.get("latitude"), value.get("longitude")
        if lat is None or lng is None:
            raise InvalidRequest(field, "must have both latitude and longitude")
    else:
        try:
            lat, lng = value  # type: ignore[misc]
        except (TypeError, ValueError):
            raise InvalidRequest(field, f"must be a (lat, lng) pair, got {value!r}") from None
    lat, lng = check_lat_lng(lat, lng, field)
    return {"latitude": lat, "longitude": lng}


def location(value: object, field: str) -> dict[str, Any]:
    """Coerce a location (address, ``(lat, lng)``, :class:`LatLng`, :class:`PlaceId`, wire dict)
    to the wire oneof ``{address | lat_lng | place_id}``."""
    if isinstance(value, PlaceId):
        return {"place_id": str(value)}
    if isinstance(value, str):
        return {"address": _text(value, field)}
    if isinstance(value, Mapping):
        keys = {
            "address": ("address",),
            "lat_lng": ("lat_lng", "latLng"),
            "place_id": ("place_id", "placeId"),
        }
        present = [(k, a) for k, alts in keys.items() for a in alts if a in value]
        unknown = set(value) - {a for alts in keys.values() for a in alts}
        if unknown:
            raise InvalidRequest(
                field,
                f"unknown key(s) {sorted(map(repr, unknown))}; use one of address, lat_lng, place_id",
            )
        if len(present) != 1:
            raise InvalidRequest(
                field, f"must have exactly one of address, lat_lng, place_id (got {len(present)})"
            )
        kind, key = present[0]
        if kind == "lat_lng":
            return {"lat_lng": _wire_lat_lng(value[key], f"{field}.lat_lng")}
        if kind == "place_id":
            return {"place_id": str(PlaceId(_text(value[key], f"{field}.place_id")))}
        return {"address": _text(value[key], f"{field}.address")}
    if isinstance(value, (tuple, list, LatLng)):
        return {"lat_lng": _wire_lat_lng(value, f"{field}.lat_lng")}
    if value is None:
        raise InvalidRequest(field, "is required")
    raise InvalidRequest(
        field, f"must be an address, a (lat, lng) tuple, LatLng, PlaceId or a dict, got {value!r}"
    )


def _rfc3339(value: object, field: str) -> tuple[str, dt.datetime]:
    if isinstance(value, dt.datetime):
        try:
            offset = value.utcoffset()
        except (ValueError, TypeError, OverflowError) as exc:  # a broken tzinfo
            raise InvalidRequest(field, f"has an unusable UTC offset ({exc})") from None
        if offset is None:
            raise InvalidRequest(
                field, "must be timezone-aware (a naive datetime has no UTC offset)"
            )
        if offset % dt.timedelta(minutes=1):
            # RFC 3339 offsets have no seconds (+05:00:30 is not one): send the instant in UTC
            try:
                value = value.astimezone(dt.UTC)
            except OverflowError:
                raise InvalidRequest(field, "is out of range once converted to UTC") from None
        return value.isoformat(), value
    if isinstance(value, str):
        if not _RFC3339.fullmatch(value.strip()):
            raise InvalidRequest(
                field,
                f"must be an RFC 3339 timestamp with a UTC offset, e.g. 2026-09-19T08:00:00-07:00, "
                f"got {value!r}",
            )
        text = value.strip()
        # canonical form for the server's protobuf Timestamp parser: "T" and "Z" upper case
        text = text[:10] + "T" + text[11:]
        if text.endswith("z"):
            text = text[:-1] + "Z"
        # Python 3.10's fromisoformat takes only 3 or 6 fractional digits; RFC 3339 allows 1-9
        iso = _FRACTION.sub(
            lambda m: "." + (m.group(1) + "000000")[:6], text.replace("Z", "+00:00")
        )
        try:
            parsed = dt.datetime.fromisoformat(iso)
        except ValueError as exc:
            raise InvalidRequest(
                field, f"is not a real date and time ({exc}), got {value!r}"
            ) from None
        return text, parsed
    raise InvalidRequest(field, f"must be an aware datetime or an RFC 3339 string, got {value!r}")


# ---------------------------------------------------------------------------- tools
def search_places_args(
    text_query: str,
    *,
    location_bias: Circle | Mapping[str, Any] | None = None,
    language_code: str | None = None,
    region_code: str | None = None,
    page_size: int | None = None,
    include_extended_details: bool | None = None,
) -> dict[str, Any]:
    """Arguments of ``search_places`` (TOOLS.md §5 items 5–11)."""
    args: dict[str, Any] = {"text_query": _text(text_query, "text_query")}
    if location_bias is not None:
        args["location_bias"] = _circle(location_bias)
    if language_code is not None:
        args["language_code"] = _language(language_code)
    if region_code is not None:
        args["region_code"] = _region(region_code)
    if page_size is not None:
        if (
            isinstance(page_size, bool)
            or not isinstance(page_size, numbers.Integral)  # numpy integers too
            or not 1 <= page_size <= 10
        ):
            raise InvalidRequest("page_size", f"must be an integer from 1 to 10, got {page_size!r}")
        args["page_size"] = int(page_size)
    if include_extended_details is not None:
        args["include_extended_details"] = _bool(
            include_extended_details, "include_extended_details"
        )
    return args


def _circle(bias: object) -> dict[str, Any]:
    field = "location_bias"
    if isinstance(bias, Circle):
        return bias.to_wire(field)
    if isinstance(bias, (tuple, list)) and not isinstance(bias, Viewport) and len(bias) in (2, 3):
        if len(bias) == 2 and isinstance(bias[0], (tuple, list)):  # ((lat, lng), radius_m)
            return Circle(tuple(bias[0]), bias[1]).to_wire(field)
        return Circle(*bias).to_wire(field)  # (lat, lng) or (lat, lng, radius_m)
    if isinstance(bias, Mapping):
        circle = bias.get("circle")
        if not isinstance(circle, Mapping) or set(bias) != {"circle"}:
            raise InvalidRequest(
                field,
                "must be Circle(lat, lng, radius_m), (lat, lng, radius_m) or {'circle': {...}}",
            )
        center = circle.get("center")
        if center is None:
            raise InvalidRequest(f"{field}.circle.center", "is required")
        lat_lng = _wire_lat_lng(center, f"{field}.circle.center")
        radius = circle.get("radius_meters", circle.get("radiusMeters"))
        return Circle(lat_lng["latitude"], lat_lng["longitude"], radius).to_wire(field)
    if isinstance(bias, Viewport):
        raise InvalidRequest(field, "search_places takes a Circle; a Viewport is for resolve_names")
    raise InvalidRequest(
        field, f"must be Circle(lat, lng, radius_m) or (lat, lng, radius_m), got {bias!r}"
    )


def lookup_weather_args(
    location_: Location,
    *,
    capabilities: str | Iterable[str] | None = None,
    date: dt.date | str | Mapping[str, int] | None = None,
    hour: int | None = None,
    units_system: str | None = None,
    language_code: str | None = None,
    include_pollutant_concentration: bool | None = None,
    index_region_code: str | None = None,
) -> dict[str, Any]:
    """Arguments of ``lookup_weather`` (TOOLS.md §5 items 12–22).

    ``capabilities`` left out means ``["WEATHER"]``, marked as a default (:class:`WireArgs`).

    Out-of-range dates are not blocked here (item 22): the server answers with the accepted range.
    """
    args = WireArgs(location=location(location_, "location"))
    caps = [capabilities] if isinstance(capabilities, str) else capabilities
    if caps is None:  # sent only where the server lists capabilities (the 2026-08 one did not)
        caps, args.defaults = ["WEATHER"], frozenset({"capabilities"})
    if isinstance(caps, Mapping) or not isinstance(caps, Iterable):
        raise InvalidRequest(
            "capabilities",
            "must be one or more of WEATHER, AIR_QUALITY, POLLEN, e.g. capabilities=['WEATHER']",
        )
    names: list[str] = []
    for cap in itertools.islice(caps, len(CAPABILITIES) * 4 + 1):
        name = _enum(cap, "capabilities", CAPABILITIES)
        if name not in names:
            names.append(name)
    if not names:
        raise InvalidRequest(
            "capabilities", "must contain at least one of WEATHER, AIR_QUALITY, POLLEN"
        )
    args["capabilities"] = names
    if hour is not None and date is None:
        raise InvalidRequest("hour", "needs date: give the local date too (hour alone is invalid)")
    if date is not None:
        args["date"] = _date(date)
    if hour is not None:
        if isinstance(hour, bool) or not isinstance(hour, numbers.Integral) or not 0 <= hour <= 23:
            raise InvalidRequest(
                "hour", f"must be an integer from 0 to 23 (local time), got {hour!r}"
            )
        args["hour"] = int(hour)
    if units_system is not None:
        args["weather_options"] = {"units_system": _enum(units_system, "units_system", UNITS)}
    if language_code is not None:
        args["language_code"] = _language(language_code)
    aq: dict[str, Any] = {}
    if include_pollutant_concentration is not None:
        aq["include_pollutant_concentration"] = _bool(
            include_pollutant_concentration, "include_pollutant_concentration"
        )
    if index_region_code is not None:
        aq["index_region_code"] = _region(index_region_code, "index_region_code")
    if aq:
        args["air_quality_options"] = aq
    return args


def _as_datetime(value: object) -> object:
    """A ``numpy.datetime64`` as a ``datetime``/``date`` (other values unchanged)."""
    if type(value).__name__ == "datetime64" and type(value).__module__ == "numpy":
        import numpy as np

        try:
            return np.datetime64(value, "us").item()  # type: ignore[call-overload]
        except (ValueError, OverflowError, TypeError):
            return value
    return value


def _date(value: object) -> dict[str, int]:
    field = "date"
    value = _as_datetime(value)
    if isinstance(value, dt.datetime):  # also pandas.Timestamp: a date when it is midnight
        try:
            midnight = value.time() == dt.time(0) and not getattr(value, "nanosecond", 0)
            day = value.date()
        except (ValueError, TypeError, OverflowError):  # pandas.NaT
            raise InvalidRequest(field, f"must be a real calendar date, got {value!r}") from None
        if not midnight:
            raise InvalidRequest(
                field,
                f"must be a date (local civil date), not a datetime with a time of day ({value.time()}); "
                "pass hour= separately",
            )
        value = day
    if isinstance(value, dt.date):
        d = value
    elif isinstance(value, str):
        try:
            d = dt.date.fromisoformat(value.strip())
        except ValueError:
            raise InvalidRequest(
                field, f"must be a real calendar date YYYY-MM-DD, got {value!r}"
            ) from None
    elif isinstance(value, Mapping):
        try:
            d = dt.date(int(value["year"]), int(value["month"]), int(value["day"]))
        except (KeyError, TypeError, ValueError, OverflowError):
            raise InvalidRequest(
                field, f"must be a real calendar date {{year, month, day}}, got {value!r}"
            ) from None
    else:
        raise InvalidRequest(
            field,
            f"must be a datetime.date, a midnight pandas.Timestamp / numpy.datetime64, "
            f"or 'YYYY-MM-DD', got {value!r}",
        )
    return {"year": d.year, "month": d.month, "day": d.day}


def compute_routes_args(
    origin: Location,
    destination: Location,
    *,
    intermediate_waypoints: Sequence[Location] | None = None,
    travel_mode_: str | None = None,
    departure_time: dt.datetime | str | None = None,
    arrival_time: dt.datetime | str | None = None,
    routing_preference_: str | None = None,
    location_bias: LatLng | tuple[float, float] | Mapping[str, float] | None = None,
    compute_alternative_routes: bool | None = None,
    include_polyline: bool | None = None,
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """Arguments of ``compute_routes`` (TOOLS.md §5 items 23–34). ``now`` anchors the time windows."""
    args: dict[str, Any] = {
        "origin": location(origin, "origin"),
        "destination": location(destination, "destination"),
    }
    mode = travel_mode(travel_mode_) if travel_mode_ is not None else "DRIVE"
    waypoints: list[Any] = []
    if intermediate_waypoints is not None:
        if isinstance(intermediate_waypoints, (str, Mapping, LatLng)) or not isinstance(
            intermediate_waypoints, Iterable
        ):
            raise InvalidRequest(
                "intermediate_waypoints",
                f"must be a list of locations, got {type(intermediate_waypoints).__name__}",
            )
        waypoints = list(itertools.islice(intermediate_waypoints, MAX_WAYPOINTS + 1))
        if len(waypoints) > MAX_WAYPOINTS:
            raise InvalidRequest(
                "intermediate_waypoints", f"at most {MAX_WAYPOINTS} waypoints, got more"
            )
    if waypoints:
        if mode == "TRANSIT":
            raise InvalidRequest(
                "intermediate_waypoints", "are not supported with travel_mode TRANSIT"
            )
        args["intermediate_waypoints"] = [
            location(w, f"intermediate_waypoints[{i}]") for i, w in enumerate(waypoints)
        ]
    if travel_mode_ is not None:
        args["travel_mode"] = mode
    if departure_time is not None and arrival_time is not None:
        raise InvalidRequest(
            "departure_time", "give at most one of departure_time and arrival_time"
        )
    now = now or dt.datetime.now(dt.UTC)
    for name, value in (("departure_time", departure_time), ("arrival_time", arrival_time)):
        if value is None:
            continue
        text, when = _rfc3339(value, name)
        if mode == "TRANSIT":
            lo, hi, rule = (
                now - dt.timedelta(days=7),
                now + dt.timedelta(days=100),
                "now−7 days … now+100 days",
            )
        else:
            lo, hi, rule = (
                now - dt.timedelta(minutes=1),
                now + dt.timedelta(days=365),
                "now … now+365 days (not in the past)",
            )
        if not lo <= when <= hi:
            raise InvalidRequest(name, f"for {mode} must lie within {rule}; got {text}")
        args[name] = text
    if routing_preference_ is not None:
        pref = routing_preference(routing_preference_)
        if pref == TRAFFIC_AWARE and mode in ("WALK", "BICYCLE"):
            raise InvalidRequest(
                "routing_preference", f"TRAFFIC_AWARE_OPTIMAL is not allowed with {mode}"
            )
        args["routing_preference"] = pref
    if location_bias is not None:
        if isinstance(location_bias, (Circle, Viewport)):
            raise InvalidRequest("location_bias", "compute_routes takes a bare point (lat, lng)")
        args["location_bias"] = _wire_lat_lng(location_bias, "location_bias")
    if compute_alternative_routes is not None:
        args["compute_alternative_routes"] = _bool(
            compute_alternative_routes, "compute_alternative_routes"
        )
    if include_polyline is not None:
        args["include_polyline"] = _bool(include_polyline, "include_polyline")
    return args


def search_along_route_args(
    text_query: str,
    *,
    route: Any = None,
    retrieval_token: str | None = None,
    origin: Location | None = None,
    destination: Location | None = None,
    encoded_polyline: str | None = None,
    travel_mode_: str | None = None,
    routing_preference_: str | None = None,
    include_extended_details: bool | None = None,
    language_code: str | None = None,
    region_code: str | None = None,
    now: dt.datetime | None = None,
) -> dict[str, Any]:
    """Arguments of ``search_along_route`` (TOOLS.md §5 items 35–43).

    ``route`` takes a routes result: its recommended route's retrieval token while it is valid,
    else its polyline, else the endpoints of the request that produced it.
    """
    args: dict[str, Any] = {"text_query": _text(text_query, "text_query")}
    given = [
        n
        for n, v in (
            ("route", route),
            ("retrieval_token", retrieval_token),
            ("encoded_polyline", encoded_polyline),
            ("origin/destination", origin if origin is not None else destination),
        )
        if v is not None
    ]
    if len(given) != 1:
        raise InvalidRequest(
            "route",
            "give exactly one route: route=, retrieval_token=, encoded_polyline= or origin= with "
            f"destination= (got {', '.join(given) or 'none'})",
        )
    mode = travel_mode(travel_mode_) if travel_mode_ is not None else "DRIVE"
    now = now or dt.datetime.now(dt.UTC)
    if route is not None:
        spec, route_mode = _route_spec(route, now)
        if travel_mode_ is None and route_mode != "DRIVE":
            travel_mode_ = mode = route_mode  # search along the route the way it was computed
    elif retrieval_token is not None:
        spec = {"retrieval_token": _text(retrieval_token, "retrieval_token")}
    elif encoded_polyline is not None:
        spec = {"encoded_polyline": _polyline(encoded_polyline)}
    else:
        if origin is None or destination is None:
            raise InvalidRequest(
                "origin" if origin is None else "destination", "is required with route endpoints"
            )
        spec = {
            "route_endpoints": {
                "origin": location(origin, "origin"),
                "destination": location(destination, "destination"),
            }
        }
    if mode == "TRANSIT":
        raise InvalidRequest("travel_mode", "TRANSIT is not supported by search_along_route")
    if mode in ("WALK", "BICYCLE") and "route_endpoints" not in spec:
        raise InvalidRequest(
            "travel_mode", f"{mode} works only with origin= and destination= endpoints"
        )
    args.update(spec)
    if travel_mode_ is not None:
        args["travel_mode"] = mode
    if routing_preference_ is not None:
        pref = routing_preference(routing_preference_)
        if pref == TRAFFIC_AWARE and mode in ("WALK", "BICYCLE"):
            raise InvalidRequest(
                "routing_preference", f"TRAFFIC_AWARE_OPTIMAL is not allowed with {mode}"
            )
        args["routing_preference"] = pref
    if include_extended_details is not None:
        args["include_extended_details"] = _bool(
            include_extended_details, "include_extended_details"
        )
    if language_code is not None:
        args["language_code"] = _language(language_code)
    if region_code is not None:
        # soft rule (TOOLS.md §5 item 43): any CLDR region code, not only two letters
        args["region_code"] = _text(region_code, "region_code")
    return args


def _polyline(value: object) -> str:
    from mapsnb.polyline import decode

    text = _text(value, "encoded_polyline")
    try:
        points = decode(text)
    except ValueError as exc:
        raise InvalidRequest(
            "encoded_polyline", f"is not a valid encoded polyline ({exc})"
        ) from None
    if len(points) < 2:
        raise InvalidRequest("encoded_polyline", "must have at least two points")
    for i, (lat, lng) in enumerate(points):
        check_lat_lng(lat, lng, f"encoded_polyline[{i}]")
    return text


def _route_spec(route: Any, now: dt.datetime) -> tuple[dict[str, Any], str]:
    """The route spec for a routes result, and the travel mode it was computed with."""
    routes = getattr(route, "routes", None)
    request = getattr(route, "request", None) or {}
    if routes is None:
        raise InvalidRequest(
            "route", f"must be the result of compute_routes, got {type(route).__name__}"
        )
    if not routes:
        raise InvalidRequest("route", "the routes result is empty (no route was found)")
    best = routes[0]
    mode = request.get("travel_mode", "DRIVE")
    token = getattr(best, "retrieval_token", None)
    issued = getattr(route, "issued_at", None)
    minutes = settings.retrieval_token_minutes
    valid = issued is not None and now < issued + dt.timedelta(minutes=minutes)
    if token and mode == "DRIVE" and valid:
        return {"retrieval_token": token}, mode
    polyline = getattr(best, "encoded_polyline", None)
    if polyline and mode == "DRIVE":
        return {"encoded_polyline": polyline}, mode
    if request.get("intermediate_waypoints"):
        raise InvalidRequest(
            "route",
            "its retrieval token has expired (or it is not a DRIVE route) and it has no polyline; "
            "its waypoints cannot be kept as route endpoints — recompute it with include_polyline=True",
        )
    if "origin" in request and "destination" in request:
        endpoints = {"origin": request["origin"], "destination": request["destination"]}
        return {"route_endpoints": endpoints}, mode
    raise InvalidRequest(
        "route", "its retrieval token has expired and it has no polyline; recompute the route"
    )


def _batch(values: object, field: str) -> list[Any]:
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise InvalidRequest(field, f"must be a list (1 to {MAX_BATCH} items)")
    items = list(itertools.islice(values, MAX_BATCH + 1))  # never reads an endless iterator
    if len(items) > MAX_BATCH:
        raise InvalidRequest(field, f"must have 1 to {MAX_BATCH} items, got more")
    if not items:
        raise InvalidRequest(field, f"must have 1 to {MAX_BATCH} items, got 0")
    return items


def resolve_names_args(
    queries: Iterable[str | Mapping[str, str]],
    *,
    location_bias: Viewport | Mapping[str, Any] | None = None,
    region_code: str | None = None,
) -> dict[str, Any]:
    """Arguments of ``resolve_names`` (TOOLS.md §5 items 44–48)."""
    wire = []
    for i, q in enumerate(_batch(queries, "queries")):
        text = q.get("text") if isinstance(q, Mapping) else q
        wire.append({"text": _text(text, f"queries[{i}].text")})
    args: dict[str, Any] = {"queries": wire}
    if location_bias is not None:
        if isinstance(location_bias, Viewport):
            args["location_bias"] = location_bias.to_wire()
        elif isinstance(location_bias, Mapping) and isinstance(
            location_bias.get("viewport"), Mapping
        ):
            vp = location_bias["viewport"]
            low, high = vp.get("low"), vp.get("high")
            for name, corner in (("low", low), ("high", high)):
                if corner is None:
                    raise InvalidRequest(
                        f"location_bias.viewport.{name}", "is required (give both low and high)"
                    )
            lo = _wire_lat_lng(low, "location_bias.viewport.low")
            hi = _wire_lat_lng(high, "location_bias.viewport.high")
            args["location_bias"] = Viewport(
                (lo["latitude"], lo["longitude"]), (hi["latitude"], hi["longitude"])
            ).to_wire()
        else:
            raise InvalidRequest("location_bias", "must be Viewport(low, high) for resolve_names")
    if region_code is not None:
        args["region_code"] = _region(region_code)
    return args


def resolve_maps_urls_args(urls: Iterable[str]) -> dict[str, Any]:
    """Arguments of ``resolve_maps_urls`` (TOOLS.md §5 items 49–50)."""
    return {"urls": [_text(u, f"urls[{i}]") for i, u in enumerate(_batch(urls, "urls"))]}
