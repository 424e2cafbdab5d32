"""``tools/list`` entries of the emulator, in the live server's style, for either toolset era.

Like the live ``tools/list`` (REAL_SERVER.md, 2026-12 section): JSON names (camelCase), enums with
``*_UNSPECIFIED`` members, shared types under ``$defs`` reached by ``$ref`` (``LatLng``,
``Circle``, ``LocationBias``, ``Waypoint``…), a description on every property and on every
``inputSchema`` (written for mapsnb from TOOLS.md), ``LatLng`` unbounded (limits such as the 50 km
radius are stated in prose and enforced by validation), and an ``outputSchema`` for every tool
(answers then carry ``structuredContent``). :func:`tool_list` gives today's six tools or the
five of ``"2026-08"`` (no ``search_along_route``; ``lookup_weather`` without ``capabilities``).
The emulator accepts both spellings of every argument and names arguments in its errors as the
schemas do (:func:`schema_names`). Annotations follow the live dump.
"""

from __future__ import annotations

import copy
import re
from typing import Any

from mapsnb import settings

#: The toolset eras the emulator can serve: today's six tools, and the 2026-08 five.
ERAS = settings.sandbox_eras
ANNOTATIONS = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": False,
    "openWorldHint": False,
}
_SYNTHETIC = " (mapsnb sandbox: synthetic data.)"


def _p(description: str, schema: dict[str, Any] | None = None, **extra: Any) -> dict[str, Any]:
    """A property schema with its description."""
    return {**(schema or {}), **extra, "description": description}


def _ref(name: str, description: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}", "description": description}


def _obj(
    description: str, properties: dict[str, Any], required: list[str] | None = None
) -> dict[str, Any]:
    out: dict[str, Any] = {"type": "object", "description": description, "properties": properties}
    if required:
        out["required"] = required
    return out


_STR = {"type": "string"}
_BOOL = {"type": "boolean"}
_INT = {"type": "integer", "format": "int32"}
_DOUBLE = {"type": "number", "format": "double"}
_TRAVEL = {
    "type": "string",
    "enum": ["ROUTE_TRAVEL_MODE_UNSPECIFIED", "DRIVE", "WALK", "BICYCLE", "TRANSIT"],
}
_ROUTING = {
    "type": "string",
    "enum": [
        "ROUTING_PREFERENCE_UNSPECIFIED",
        "ROUTING_PREFERENCE_TRAFFIC_UNAWARE",
        "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
    ],
}
_UNITS = {"type": "string", "enum": ["UNITS_SYSTEM_UNSPECIFIED", "METRIC", "IMPERIAL"]}

#: Shared input types, referenced as ``#/$defs/<name>``.
_DEFS: dict[str, dict[str, Any]] = {
    "LatLng": _obj(
        "A point as WGS84 degrees.",
        {
            "latitude": _p("Latitude in degrees, -90 to 90.", _DOUBLE),
            "longitude": _p("Longitude in degrees, -180 to 180.", _DOUBLE),
        },
    ),
    "Circle": _obj(
        "A circle: a center and a radius.",
        {
            "center": _ref("LatLng", "Required. The center of the circle."),
            "radiusMeters": _p("The radius in meters, above 0 and at most 50000 (50 km).", _DOUBLE),
        },
    ),
    "LocationBias": _obj(
        "Results near this area are preferred; others may still be returned.",
        {"circle": _ref("Circle", "A circle of at most 50 km radius.")},
    ),
    "Viewport": _obj(
        "A latitude-longitude rectangle given by two corners.",
        {
            "low": _ref("LatLng", "Required. The south-west corner."),
            "high": _ref("LatLng", "Required. The north-east corner."),
        },
    ),
    "Waypoint": _obj(
        "A location: set exactly one of address, latLng and placeId.",
        {
            "address": _p("A free-text address or place name.", _STR),
            "latLng": _ref("LatLng", "A point."),
            "placeId": _p("A Google Maps place id such as ChIJ….", _STR),
        },
    ),
    "Date": _obj(
        "A civil date at the location.",
        {
            "year": _p("The year, e.g. 2026.", _INT),
            "month": _p("The month, 1 to 12.", _INT),
            "day": _p("The day of the month, 1 to 31.", _INT),
        },
    ),
}


def _input(description: str, properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    """An ``inputSchema`` with the ``$defs`` it references (only those)."""
    schema = _obj(description, properties, required)
    text = repr(properties)
    used = {name for name in _DEFS if f"#/$defs/{name}'" in text}
    while True:  # definitions referencing definitions
        more = {n for n in _DEFS if any(f"#/$defs/{n}'" in repr(_DEFS[u]) for u in used)} - used
        if not more:
            break
        used |= more
    if used:
        schema["$defs"] = {name: copy.deepcopy(_DEFS[name]) for name in sorted(used)}
    return schema


_ATTRIBUTION = _obj(
    "Who provides the data: a title and a link to show beside it.",
    {"title": _p("The text to show.", _STR), "url": _p("The link to show.", _STR)},
)
_PLACE_VIEW = _obj(
    "One place: its resource name, id, links, location and attribution.",
    {
        "place": _p("The resource name, places/<id>.", _STR),
        "id": _p("The place id.", _STR),
        "googleMapsLinks": _p("Links to the place on Google Maps.", {"type": "object"}),
        "location": _ref("LatLng", "Where the place is."),
        "attribution": _ref("Attribution", "Show this beside the place."),
    },
)
_OUT_DEFS = {"Attribution": _ATTRIBUTION, "LatLng": _DEFS["LatLng"], "PlaceView": _PLACE_VIEW}


def _output(description: str, properties: dict[str, Any]) -> dict[str, Any]:
    schema = _obj(description, properties)
    text = repr(properties)
    used = {n for n in _OUT_DEFS if f"#/$defs/{n}'" in text}
    if "PlaceView" in used:
        used |= {"Attribution", "LatLng"}
    if used:
        schema["$defs"] = {name: copy.deepcopy(_OUT_DEFS[name]) for name in sorted(used)}
    return schema


_PLACES_OUT = {
    "places": _p(
        "The places found; the summary cites places[n] as [n].",
        {"type": "array", "items": {"$ref": "#/$defs/PlaceView"}},
    ),
    "summary": _p("A short text about the places, citing them as [n].", _STR),
}
_SEARCH_PLACES = {
    "name": "search_places",
    "description": "Text search for places, businesses and addresses; returns a summary citing "
    "places[n] as [n]." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for search_places: a text query and optional filters.",
        {
            "textQuery": _p("Required. The text query, e.g. 'coffee near Golden Gate Park'.", _STR),
            "locationBias": _ref("LocationBias", "Prefer results in this circle (radius ≤ 50 km)."),
            "languageCode": _p("The language of the answer, a BCP-47 code such as 'en'.", _STR),
            "regionCode": _p("A two-letter CLDR region code that biases the results.", _STR),
            "pageSize": _p("How many places, 1 to 10 (above 5 is billed as Pro).", _INT),
            "includeExtendedDetails": _p("Richer qualitative details (billed as Pro).", _BOOL),
        },
        ["textQuery"],
    ),
    "outputSchema": _output("Response message for search_places.", _PLACES_OUT),
}
_WEATHER_IN = {
    "location": _ref("Waypoint", "Required. Where: exactly one of address, latLng, placeId."),
    "capabilities": _p(
        "Required. Which domains to answer: WEATHER, AIR_QUALITY, POLLEN.",
        {
            "type": "array",
            "items": {
                "type": "string",
                "enum": ["CAPABILITY_UNSPECIFIED", "WEATHER", "AIR_QUALITY", "POLLEN"],
            },
        },
    ),
    "date": _ref("Date", "A local date at the location: hourly or daily data for it."),
    "hour": _p("A local hour 0 to 23 of date: one hour's data (needs date).", _INT),
    "languageCode": _p("The language of descriptions, a BCP-47 code.", _STR),
    "unitsSystem": _p("METRIC (default) or IMPERIAL.", _UNITS),
    "weatherOptions": _obj(
        "Options of the WEATHER domain.", {"unitsSystem": _p("METRIC or IMPERIAL.", _UNITS)}
    ),
    "airQualityOptions": _obj(
        "Options of the AIR_QUALITY domain.",
        {
            "includePollutantConcentration": _p("Also list each pollutant's concentration.", _BOOL),
            "indexRegionCode": _p("A two-letter region code: add that region's index.", _STR),
        },
    ),
}
_LOOKUP_WEATHER = {
    "name": "lookup_weather",
    "description": "Weather, air quality and pollen for one location: current, one local hour "
    "(date+hour) or one local day (date)." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for lookup_weather: a location, the domains and the time.",
        _WEATHER_IN,
        ["location", "capabilities"],
    ),
    "outputSchema": _output(
        "Response message for lookup_weather: one container per answered domain.",
        {
            "timeZone": _p("The IANA time zone of the location.", _STR),
            "weather": _p("The WEATHER domain.", {"type": "object"}),
            "airQuality": _p("The AIR_QUALITY domain.", {"type": "object"}),
            "pollen": _p("The POLLEN domain.", {"type": "object"}),
        },
    ),
}
_LEGACY_WEATHER_IN = {
    k: v
    for k, v in _WEATHER_IN.items()
    if k in ("location", "date", "hour", "languageCode", "unitsSystem")
}
_LOOKUP_WEATHER_2026_08 = {
    "name": "lookup_weather",
    "description": "Weather for one location: current, one local hour (date+hour) or one local "
    "day (date), as one flat record." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for lookup_weather: a location and the time.",
        _LEGACY_WEATHER_IN,
        ["location"],
    ),
    "outputSchema": _output(
        "Response message for lookup_weather: one weather record.",
        {
            "temperature": _p("The temperature.", {"type": "object"}),
            "weatherCondition": _p("The condition, with a description.", {"type": "object"}),
            "returnedLocation": _ref("LatLng", "The location the record is for."),
            "attribution": _ref("Attribution", "Show this beside the weather."),
        },
    ),
}
_ROUTE_OUT = {
    "routes": _p(
        "The routes; routes[0] is the recommended one.",
        {
            "type": "array",
            "items": _obj(
                "One route.",
                {
                    "distanceMeters": _p("The length in meters.", _INT),
                    "duration": _p("The travel time, e.g. '1234s'.", _STR),
                    "encodedPolyline": _p("The path as an encoded polyline.", _STR),
                    "retrievalToken": _p("For search_along_route, valid 10 minutes.", _STR),
                    "attribution": _ref("Attribution", "Show this beside the route."),
                },
            ),
        },
    )
}
_COMPUTE_ROUTES = {
    "name": "compute_routes",
    "description": "Routes from origin to destination (optionally through waypoints) with "
    "distance and duration." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for compute_routes: two endpoints and optional preferences.",
        {
            "origin": _ref("Waypoint", "Required. Where the route starts."),
            "destination": _ref("Waypoint", "Required. Where the route ends."),
            "intermediateWaypoints": _p(
                "Up to 25 stops in order (not with TRANSIT).",
                {"type": "array", "items": {"$ref": "#/$defs/Waypoint"}},
            ),
            "travelMode": _p("DRIVE (default), WALK, BICYCLE or TRANSIT.", _TRAVEL),
            "departureTime": _p("When to leave, RFC 3339 (not in the past).", _STR),
            "arrivalTime": _p("When to arrive, RFC 3339 (TRANSIT only).", _STR),
            "routingPreference": _p("Traffic awareness of DRIVE routes.", _ROUTING),
            "locationBias": _ref("LatLng", "A point that disambiguates address endpoints."),
            "computeAlternativeRoutes": _p("Also return alternative routes.", _BOOL),
            "includePolyline": _p("Include each route's encoded polyline.", _BOOL),
        },
        ["origin", "destination"],
    ),
    "outputSchema": _output("Response message for compute_routes.", _ROUTE_OUT),
}
_SEARCH_ALONG_ROUTE = {
    "name": "search_along_route",
    "description": "Places along a route (retrievalToken, routeEndpoints or encodedPolyline) "
    "with detour metrics." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for search_along_route: a query and exactly one route.",
        {
            "textQuery": _p("Required. What to look for along the route.", _STR),
            "retrievalToken": _p("A route's token from compute_routes (10 minutes).", _STR),
            "routeEndpoints": _obj(
                "The route as two endpoints.",
                {
                    "origin": _ref("Waypoint", "Required. Where the route starts."),
                    "destination": _ref("Waypoint", "Required. Where the route ends."),
                },
                ["origin", "destination"],
            ),
            "encodedPolyline": _p("The route as an encoded polyline.", _STR),
            "travelMode": _p("How the route is travelled (with routeEndpoints).", _TRAVEL),
            "routingPreference": _p("Traffic awareness (with routeEndpoints).", _ROUTING),
            "includeExtendedDetails": _p("Richer qualitative details (billed as Pro).", _BOOL),
            "languageCode": _p("The language of the answer, a BCP-47 code.", _STR),
            "regionCode": _p("A two-letter CLDR region code.", _STR),
        },
        ["textQuery"],
    ),
    "outputSchema": _output("Response message for search_along_route.", _PLACES_OUT),
}
_RESOLVE_NAMES = {
    "name": "resolve_names",
    "description": "Resolve up to 20 specific place names or addresses to place ids, 1:1 "
    "with the queries." + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for resolve_names: up to 20 names or addresses.",
        {
            "queries": _p(
                "Required. 1 to 20 queries, each {text}.",
                {
                    "type": "array",
                    "items": _obj("One query.", {"text": _p("A name or address.", _STR)}),
                },
            ),
            "locationBias": _obj(
                "Prefer results in this rectangle.",
                {"viewport": _ref("Viewport", "The rectangle.")},
            ),
            "regionCode": _p("A two-letter CLDR region code.", _STR),
        },
        ["queries"],
    ),
    "outputSchema": _output(
        "Response message for resolve_names: one result per query.",
        {"results": _p("One entry per query, in order.", {"type": "array"})},
    ),
}
_RESOLVE_MAPS_URLS = {
    "name": "resolve_maps_urls",
    "description": "Resolve up to 20 Google Maps URLs to place ids, 1:1 with the URLs."
    + _SYNTHETIC,
    "inputSchema": _input(
        "Request message for resolve_maps_urls: up to 20 Google Maps URLs.",
        {"urls": _p("Required. 1 to 20 Google Maps URLs.", {"type": "array", "items": _STR})},
        ["urls"],
    ),
    "outputSchema": _output(
        "Response message for resolve_maps_urls: one entity per URL.",
        {"entities": _p("One entry per URL, in order.", {"type": "array"})},
    ),
}

#: Today's six tools, as ``tools/list`` returns them.
TOOLS: list[dict[str, Any]] = [
    _SEARCH_PLACES,
    _LOOKUP_WEATHER,
    _COMPUTE_ROUTES,
    _SEARCH_ALONG_ROUTE,
    _RESOLVE_NAMES,
    _RESOLVE_MAPS_URLS,
]
#: The five tools of the 2026-08 live list.
TOOLS_2026_08: list[dict[str, Any]] = [
    _SEARCH_PLACES,
    _LOOKUP_WEATHER_2026_08,
    _COMPUTE_ROUTES,
    _RESOLVE_NAMES,
    _RESOLVE_MAPS_URLS,
]
for _tool in (*TOOLS, _LOOKUP_WEATHER_2026_08):
    _tool["annotations"] = dict(ANNOTATIONS)


def tool_list(era: str = ERAS[0]) -> list[dict[str, Any]]:
    """A fresh copy of the ``tools/list`` of ``era`` (one of :data:`ERAS`)."""
    if era not in ERAS:
        raise ValueError(f"tools must be one of {', '.join(ERAS)}, got {era!r}")
    return copy.deepcopy(TOOLS if era == ERAS[0] else TOOLS_2026_08)


_SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")


def _property_names(schema: Any, out: set[str]) -> set[str]:
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                out.update(value)
            _property_names(value, out)
    elif isinstance(schema, list):
        for item in schema:
            _property_names(item, out)
    return out


_CAMEL_NAMES = frozenset(_property_names([t["inputSchema"] for t in TOOLS], set()))


def schema_names(message: str) -> str:
    """``message`` with every snake_case argument name spelled as the schemas spell it
    (``"location_bias.circle.radius_meters"`` -> ``"locationBias.circle.radiusMeters"``)."""

    def swap(m: re.Match[str]) -> str:
        word = m.group(0)
        alt = re.sub(r"_([a-z0-9])", lambda x: x.group(1).upper(), word)
        return alt if alt in _CAMEL_NAMES else word

    return _SNAKE.sub(swap, message)
