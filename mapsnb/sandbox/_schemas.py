"""``tools/list`` entries of the emulator: names, descriptions, input schemas, annotations.

The live server's input schemas use camelCase (REAL_SERVER.md); the emulator accepts both
spellings. Annotations for lookup_weather, compute_routes and resolve_maps_urls are not
documented; the emulator reuses the documented tools' values (a guess, TOOLS.md §1.6).
"""

from __future__ import annotations

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
                "unitsSystem": {"type": "string", "enum": ["METRIC", "IMPERIAL"]},
                "weatherOptions": _obj(
                    {"unitsSystem": {"type": "string", "enum": ["METRIC", "IMPERIAL"]}}, []
                ),
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
