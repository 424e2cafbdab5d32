"""The six tools described: their limits, enums and tiers, and one :class:`Tool` each."""

from __future__ import annotations

from mapsnb._tools_spec._columns import (
    AIR_QUALITY_COLUMNS,
    ALONG_COLUMNS,
    DAILY_COLUMNS,
    PATH_COLUMNS,
    PLACE_COLUMNS,
    POLLEN_COLUMNS,
    RESOLVED_COLUMNS,
    ROUTE_COLUMNS,
    WEATHER_COLUMNS,
)
from mapsnb._tools_spec._model import Argument, Frame, Param, ProOption, Tool

#: Most ``queries`` of ``resolve_names`` and ``urls`` of ``resolve_maps_urls`` (TOOLS.md §6 11).
MAX_BATCH = 20
#: Most ``intermediate_waypoints`` of ``compute_routes`` (TOOLS.md §5 25).
MAX_WAYPOINTS = 25
#: Largest ``page_size`` of ``search_places`` (TOOLS.md §5 6).
MAX_PAGE_SIZE = 10

CAPABILITIES = ("WEATHER", "AIR_QUALITY", "POLLEN")
TRAVEL_MODES = ("DRIVE", "WALK", "BICYCLE", "TRANSIT")
UNITS = ("METRIC", "IMPERIAL")
ROUTING_PREFERENCES = (
    "ROUTING_PREFERENCE_TRAFFIC_UNAWARE",
    "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
)

ESSENTIALS = "Essentials"
PRO = "Pro"
FREE = "Free"
TIERS = (ESSENTIALS, PRO, FREE)
#: ``page_size`` above this bills ``search_places`` as Pro; more waypoints than this, a route.
PRO_PAGE_SIZE = 5
PRO_WAYPOINTS = 10

#: Longest text of the fields inside arguments, in characters, by wire name (a location's
#: ``address`` or ``place_id``, a ``queries`` item's ``text``); Google documents none: mapsnb's.
FIELD_LENGTHS: dict[str, int] = {"address": 2048, "text": 2048, "place_id": 1024}

# ------------------------------------------------------------------------ shared arguments
_TEXT = 2048
_CODE = 64
_LANGUAGE = Argument("language_code", "str", max_length=_CODE)
_REGION = Argument("region_code", "str", max_length=_CODE)
_EXTENDED = Argument("include_extended_details", "bool")
_TRAVEL = Argument("travel_mode", "str", max_length=_CODE, values=TRAVEL_MODES)
_ROUTING = Argument("routing_preference", "str", max_length=_CODE, values=ROUTING_PREFERENCES)
_QUERY = Argument("text_query", "str", required=True, max_length=_TEXT)
_TOKEN = Argument("retrieval_token", "str", max_length=8192)
_POLYLINE = Argument("encoded_polyline", "str", max_length=500_000)
_TIME = "dt.datetime | str"

_REQUIRED = Param(required=True)
_OPTIONAL = Param()
_TRAVEL_PARAM = Param(values=TRAVEL_MODES)
_ROUTING_PARAM = Param(values=ROUTING_PREFERENCES)

_SEARCH_PLACES = Tool(
    name="search_places",
    says="places for a text query, and a summary citing them",
    arguments=(
        _QUERY,
        Argument("location_bias", "Circle | Mapping[str, Any]"),
        _LANGUAGE,
        _REGION,
        Argument("page_size", "int", bounds=(1, MAX_PAGE_SIZE)),
        _EXTENDED,
    ),
    wire={
        "text_query": _REQUIRED,
        "location_bias": _OPTIONAL,
        "language_code": _OPTIONAL,
        "region_code": _OPTIONAL,
        "page_size": _OPTIONAL,
        "include_extended_details": _OPTIONAL,
    },
    tier=ESSENTIALS,
    pro_options=(
        ProOption("page_size", "page_size above 5", above=PRO_PAGE_SIZE),
        ProOption("include_extended_details", "include_extended_details", equals=True),
    ),
    result="PlacesResult",
    frames=(Frame("to_frame", PLACE_COLUMNS, "citation", "one row per place"),),
)
_LOOKUP_WEATHER = Tool(
    name="lookup_weather",
    says="weather, air quality and pollen at one place: now, one local hour or one local day",
    arguments=(
        Argument("location", "Location", required=True),
        Argument(
            "capabilities",
            "str | Iterable[str]",
            max_length=_CODE,
            max_items=16,
            values=CAPABILITIES,
        ),
        Argument("date", "dt.date | str"),
        Argument("hour", "int", bounds=(0, 23)),
        Argument("units_system", "str", max_length=_CODE, values=UNITS),
        _LANGUAGE,
        Argument("include_pollutant_concentration", "bool"),
        Argument("index_region_code", "str", max_length=_CODE),
    ),
    wire={
        "location": _REQUIRED,
        "capabilities": Param(required=True, values=CAPABILITIES),
        "date": _OPTIONAL,
        "hour": _OPTIONAL,
        "language_code": _OPTIONAL,
        "units_system": Param(values=UNITS),
        "weather_options": _OPTIONAL,
        "air_quality_options": _OPTIONAL,
    },
    tier=ESSENTIALS,
    pro_options=(
        ProOption("capabilities", "pollen (a forecast)", holds="POLLEN"),
        ProOption(
            "capabilities", "air quality of a past day or hour", holds="AIR_QUALITY", past=True
        ),
    ),
    result="EnvironmentResult",
    frames=(
        Frame(
            "to_frame",
            (),
            "record",
            "each capability's rows, a `capability` column first when several are answered",
        ),
        Frame("air_quality", AIR_QUALITY_COLUMNS, "reading", "one row per hour and index"),
        Frame(
            "pollutants",
            ("time", "pollutant", "name", "full_name", "value", "units"),
            "reading",
            "one row per hour and pollutant",
        ),
        Frame(
            "health_recommendations",
            ("time", "group", "text"),
            "recommendation",
            "one row per group advised",
        ),
        Frame(
            "current_weather",
            (*WEATHER_COLUMNS, "returned_lat", "returned_lng"),
            "record",
            "one row: now",
        ),
        Frame("hourly_weather", WEATHER_COLUMNS, "hour", "one row per hour"),
        Frame("daily_weather", DAILY_COLUMNS, "day", "one row per day"),
        Frame("pollen", POLLEN_COLUMNS, "reading", "one row per day and pollen type or plant"),
    ),
)
_COMPUTE_ROUTES = Tool(
    name="compute_routes",
    says="routes from an origin to a destination, through waypoints in order",
    arguments=(
        Argument("origin", "Location", required=True),
        Argument("destination", "Location", required=True),
        Argument("intermediate_waypoints", "Sequence[Location]", max_items=MAX_WAYPOINTS),
        _TRAVEL,
        Argument("departure_time", _TIME, max_length=_CODE),
        Argument("arrival_time", _TIME, max_length=_CODE),
        _ROUTING,
        Argument("location_bias", "LatLng | tuple[float, float]"),
        Argument("compute_alternative_routes", "bool"),
        Argument("include_polyline", "bool"),
    ),
    wire={
        "origin": _REQUIRED,
        "destination": _REQUIRED,
        "intermediate_waypoints": _OPTIONAL,
        "travel_mode": _TRAVEL_PARAM,
        "departure_time": _OPTIONAL,
        "arrival_time": _OPTIONAL,
        "routing_preference": _ROUTING_PARAM,
        "location_bias": _OPTIONAL,
        "compute_alternative_routes": _OPTIONAL,
        "include_polyline": _OPTIONAL,
    },
    tier=ESSENTIALS,
    pro_options=(
        ProOption("intermediate_waypoints", "more than 10 waypoints", above=PRO_WAYPOINTS),
        ProOption(
            "routing_preference",
            "traffic-aware routing",
            equals="ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
        ),
    ),
    result="RoutesResult",
    frames=(
        Frame("to_frame", ROUTE_COLUMNS, "route", "one row per route"),
        Frame("path_frame", PATH_COLUMNS, "vertex", "one row per vertex of each route"),
    ),
    timed=True,
)
_SEARCH_ALONG_ROUTE = Tool(
    name="search_along_route",
    says="places along one route, ranked, with the detour each adds",
    arguments=(
        _QUERY,
        Argument("route", "RoutesResult"),
        _TOKEN,
        Argument("origin", "Location"),
        Argument("destination", "Location"),
        _POLYLINE,
        _TRAVEL,
        _ROUTING,
        _EXTENDED,
        _LANGUAGE,
        _REGION,
    ),
    wire={
        "text_query": _REQUIRED,
        "retrieval_token": _OPTIONAL,
        "route_endpoints": _OPTIONAL,
        "encoded_polyline": _OPTIONAL,
        "travel_mode": _TRAVEL_PARAM,  # the schema's enum is the shared RouteTravelMode
        "routing_preference": _ROUTING_PARAM,
        "include_extended_details": _OPTIONAL,
        "language_code": _OPTIONAL,
        "region_code": _OPTIONAL,
    },
    tier=PRO,
    pro_options=(),
    result="AlongRouteResult",
    frames=(Frame("to_frame", ALONG_COLUMNS, "citation", "one row per place, in rank order"),),
    timed=True,
)
_RESOLVE_NAMES = Tool(
    name="resolve_names",
    says="place ids of up to 20 names or addresses, one for each",
    arguments=(
        Argument("queries", "Iterable[str]", required=True, max_items=MAX_BATCH),
        Argument("location_bias", "Viewport | Mapping[str, Any]"),
        _REGION,
    ),
    wire={"queries": _REQUIRED, "location_bias": _OPTIONAL, "region_code": _OPTIONAL},
    tier=FREE,
    pro_options=(),
    result="ResolvedNames",
    frames=(Frame("to_frame", ("query", *RESOLVED_COLUMNS), "result", "one row per query"),),
    packed="queries",
)
_RESOLVE_MAPS_URLS = Tool(
    name="resolve_maps_urls",
    says="place ids of up to 20 Google Maps URLs, one for each",
    arguments=(
        Argument("urls", "Iterable[str]", required=True, max_length=8192, max_items=MAX_BATCH),
    ),
    wire={"urls": _REQUIRED},
    tier=FREE,
    pro_options=(),
    result="ResolvedUrls",
    frames=(Frame("to_frame", ("url", *RESOLVED_COLUMNS), "result", "one row per URL"),),
    packed="urls",
)

#: The six tools by name, in the reference's order.
TOOLS: dict[str, Tool] = {
    tool.name: tool
    for tool in (
        _SEARCH_PLACES,
        _LOOKUP_WEATHER,
        _COMPUTE_ROUTES,
        _SEARCH_ALONG_ROUTE,
        _RESOLVE_NAMES,
        _RESOLVE_MAPS_URLS,
    )
}


def described(name: str) -> Tool:
    """Return the description of tool ``name`` (``KeyError`` for a tool mapsnb does not know)."""
    return TOOLS[name]


def frame_columns(tool: str, frame: str = "to_frame") -> list[str]:
    """Return the columns of ``frame`` of ``tool``'s result, as a new list."""
    return list(TOOLS[tool].frame(frame).columns)
