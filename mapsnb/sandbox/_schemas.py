"""``tools/list`` entries of the emulator: names, descriptions, input schemas, annotations.

The live server's input schemas use the JSON names (camelCase) and enums with ``*_UNSPECIFIED``
members (REAL_SERVER.md, last section); the emulator accepts both spellings of every argument and
names arguments in its errors as the schemas do (:func:`schema_names`). Annotations for lookup_weather, compute_routes and resolve_maps_urls are not
documented; the emulator reuses the documented tools' values (a guess, TOOLS.md §1.6).
"""

from __future__ import annotations

import re
from typing import Any

_LAT_LNG = {
    "type": "object",
    "properties": {
        "latitude": {"type": "number", "minimum": -90, "maximum": 90},
        "longitude": {"type": "number", "minimum": -180, "maximum": 180},
    },
    "required": ["latitude", "longitude"],
}
_LOCATION = {
    "type": "object",
    "description": "Exactly one of address, latLng, placeId.",
    "properties": {
        "address": {"type": "string"},
        "latLng": _LAT_LNG,
        "placeId": {"type": "string"},
    },
}
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
ANNOTATIONS = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": False,
    "openWorldHint": False,
}


def _obj(properties: dict[str, Any], required: list[str]) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required}


TOOLS: list[dict[str, Any]] = [
    {
        "name": "search_places",
        "description": "Text search for places, businesses and addresses; returns a summary citing "
        "places[n] as [n]. (mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {
                "textQuery": {"type": "string"},
                "locationBias": _obj(
                    {
                        "circle": _obj(
                            {
                                "center": _LAT_LNG,
                                "radiusMeters": {"type": "number", "maximum": 50000},
                            },
                            ["center"],
                        )
                    },
                    [],
                ),
                "languageCode": {"type": "string"},
                "regionCode": {"type": "string"},
                "pageSize": {"type": "integer", "minimum": 1, "maximum": 10},
                "includeExtendedDetails": {"type": "boolean"},
            },
            ["textQuery"],
        ),
    },
    {
        "name": "lookup_weather",
        "description": "Weather, air quality and pollen for one location: current, one local hour "
        "(date+hour) or one local day (date). (mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {
                "location": _LOCATION,
                "capabilities": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"type": "string", "enum": ["WEATHER", "AIR_QUALITY", "POLLEN"]},
                },
                "date": _obj(
                    {
                        "year": {"type": "integer"},
                        "month": {"type": "integer"},
                        "day": {"type": "integer"},
                    },
                    ["year", "month", "day"],
                ),
                "hour": {"type": "integer", "minimum": 0, "maximum": 23},
                "languageCode": {"type": "string"},
                "unitsSystem": _UNITS,
                "weatherOptions": _obj({"unitsSystem": _UNITS}, []),
                "airQualityOptions": _obj(
                    {
                        "includePollutantConcentration": {"type": "boolean"},
                        "indexRegionCode": {"type": "string"},
                    },
                    [],
                ),
            },
            ["location", "capabilities"],
        ),
    },
    {
        "name": "compute_routes",
        "description": "Routes from origin to destination (optionally through waypoints) with "
        "distance and duration. (mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {
                "origin": _LOCATION,
                "destination": _LOCATION,
                "intermediateWaypoints": {"type": "array", "maxItems": 25, "items": _LOCATION},
                "travelMode": _TRAVEL,
                "departureTime": {"type": "string", "format": "date-time"},
                "arrivalTime": {"type": "string", "format": "date-time"},
                "routingPreference": _ROUTING,
                "locationBias": _LAT_LNG,
                "computeAlternativeRoutes": {"type": "boolean"},
                "includePolyline": {"type": "boolean"},
            },
            ["origin", "destination"],
        ),
    },
    {
        "name": "search_along_route",
        "description": "Places along a route (retrievalToken, routeEndpoints or encodedPolyline) "
        "with detour metrics. (mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {
                "textQuery": {"type": "string"},
                "retrievalToken": {"type": "string"},
                "routeEndpoints": _obj(
                    {"origin": _LOCATION, "destination": _LOCATION}, ["origin", "destination"]
                ),
                "encodedPolyline": {"type": "string"},
                "travelMode": _TRAVEL,
                "routingPreference": _ROUTING,
                "includeExtendedDetails": {"type": "boolean"},
                "languageCode": {"type": "string"},
                "regionCode": {"type": "string"},
            },
            ["textQuery"],
        ),
    },
    {
        "name": "resolve_names",
        "description": "Resolve up to 20 specific place names or addresses to place ids, 1:1 "
        "with the queries. (mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {
                "queries": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": 20,
                    "items": _obj({"text": {"type": "string"}}, ["text"]),
                },
                "locationBias": _obj(
                    {"viewport": _obj({"low": _LAT_LNG, "high": _LAT_LNG}, ["low", "high"])}, []
                ),
                "regionCode": {"type": "string"},
            },
            ["queries"],
        ),
    },
    {
        "name": "resolve_maps_urls",
        "description": "Resolve up to 20 Google Maps URLs to place ids, 1:1 with the URLs. "
        "(mapsnb sandbox: synthetic data.)",
        "inputSchema": _obj(
            {"urls": {"type": "array", "minItems": 1, "maxItems": 20, "items": {"type": "string"}}},
            ["urls"],
        ),
    },
]
for _tool in TOOLS:
    _tool["annotations"] = dict(ANNOTATIONS)


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
