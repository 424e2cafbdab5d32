"""A fake live server of the 2026-08 toolset (REAL_SERVER.md, "More evidence from live traffic").

Five tools (no ``search_along_route``); ``lookup_weather`` lists no ``capabilities`` and answers
the legacy flat record; input schemas in the live style (``$defs``/``$ref``, a description on every
property, ``*_UNSPECIFIED`` enum members); only ``search_places`` declares an ``outputSchema``.
Like Google's proto-JSON parsing it refuses unknown fields. Malformed waypoints come back as the
plain text ``Invalid value at 'origin'`` with no ``isError``; the key ``"policy-off"`` gets the
MCP-policy refusal as an HTTP 200 ``isError`` text. Served statelessly, JSON only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .stateless_json import StatelessJsonServer, json_result, text_result

POLICY_TEXT = (
    "MCP policy is not enabled for project 123456789012. Enable it with: gcloud beta services "
    "mcp enable mapstools.googleapis.com --project=123456789012"
)
_LAT_LNG = {
    "type": "object",
    "description": "An object that represents a latitude/longitude pair.",
    "properties": {
        "latitude": {"type": "number", "format": "double", "description": "The latitude."},
        "longitude": {"type": "number", "format": "double", "description": "The longitude."},
    },
}
_WAYPOINT = {
    "type": "object",
    "description": "A waypoint: one of address, latLng, placeId.",
    "properties": {
        "address": {"type": "string", "description": "An address."},
        "latLng": {"$ref": "#/$defs/LatLng", "description": "A point."},
        "placeId": {"type": "string", "description": "A place id."},
    },
}


def _tool(name: str, props: dict[str, Any], required: list[str], **extra: Any) -> dict[str, Any]:
    return {
        "name": name,
        "description": f"{name} (2026-08).",
        "inputSchema": {
            "type": "object",
            "description": f"Request message for {name}.",
            "properties": props,
            "required": required,
            "$defs": {"LatLng": _LAT_LNG, "Waypoint": _WAYPOINT},
        },
        "annotations": {"readOnlyHint": True, "destructiveHint": False},
        **extra,
    }


def _s(description: str) -> dict[str, str]:
    return {"type": "string", "description": description}


TOOLS: list[dict[str, Any]] = [
    _tool(
        "search_places",
        {
            "textQuery": _s("Required. The text query."),
            "languageCode": _s("The language."),
            "regionCode": _s("The region."),
            "pageSize": {"type": "integer", "description": "How many."},
        },
        ["textQuery"],
        outputSchema={"type": "object", "properties": {"places": {"type": "array"}}},
    ),
    _tool(
        "lookup_weather",
        {
            "location": {"$ref": "#/$defs/Waypoint", "description": "Required. Where."},
            "unitsSystem": {
                "type": "string",
                "enum": ["UNITS_SYSTEM_UNSPECIFIED", "METRIC", "IMPERIAL"],
                "description": "The units.",
            },
        },
        ["location"],
    ),
    _tool(
        "compute_routes",
        {
            "origin": {"$ref": "#/$defs/Waypoint", "description": "Required. From."},
            "destination": {"$ref": "#/$defs/Waypoint", "description": "Required. To."},
            "travelMode": {
                "type": "string",
                "enum": ["ROUTE_TRAVEL_MODE_UNSPECIFIED", "DRIVE", "WALK"],
                "description": "How.",
            },
        },
        ["origin", "destination"],
    ),
    _tool("resolve_names", {"queries": {"type": "array", "description": "Names."}}, ["queries"]),
    _tool("resolve_maps_urls", {"urls": {"type": "array", "description": "URLs."}}, ["urls"]),
]
_LISTED = {t["name"]: {k.lower() for k in t["inputSchema"]["properties"]} for t in TOOLS}


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(w.title() for w in rest)


def legacy_weather() -> dict[str, Any]:
    """The legacy flat weather record of 2026-08."""
    return {
        "weatherCondition": {"description": {"text": "Cloudy"}, "type": "CLOUDY"},
        "temperature": {"degrees": 14.5, "unit": "CELSIUS"},
        "relativeHumidity": 71,
        "returnedLocation": {"latitude": 48.8566, "longitude": 2.3522},
        "attribution": {"title": "Paris weather - Google Maps", "url": "https://www.google.com"},
    }


def handle(name: str, arguments: dict[str, Any], headers: Mapping[str, str]) -> dict[str, Any]:
    """Answer one call as the 2026-08 live server did."""
    if headers.get("x-goog-api-key") == "policy-off":
        return text_result(POLICY_TEXT, is_error=True)
    for key in arguments:
        if _camel(key).lower() not in _LISTED[name]:
            return text_result(
                f'Invalid JSON payload received. Unknown name "{key}": Cannot find field.',
                is_error=True,
            )
    for key in ("origin", "destination", "location"):
        if key in arguments and not isinstance(arguments[key], dict):
            return text_result(f"Invalid value at '{key}'")  # no isError, as seen live
    if name == "lookup_weather":
        return json_result(legacy_weather())
    if name == "search_places":
        place = {
            "place": "places/ChIJ1",
            "id": "ChIJ1",
            "attribution": {"title": "Cafe Central - Google Maps", "url": "https://maps/x"},
        }
        return json_result({"places": [place], "summary": "There is a cafe [0]."})
    if name == "resolve_names":
        return json_result({"results": [{"place": "places/ChIJ2"}]})
    return json_result({"routes": [{"distanceMeters": 1000, "duration": "100s"}]})


def server() -> StatelessJsonServer:
    """A new (not started) 2026-08 fake: ``with server() as srv: ... srv.url``."""
    return StatelessJsonServer(TOOLS, handle)
