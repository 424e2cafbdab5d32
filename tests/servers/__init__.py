"""Real local HTTP servers for the transport tests: an official-SDK MCP server and a fault server."""

#: The six tools of mapstools.googleapis.com, in the order the servers list them.
TOOL_NAMES = (
    "search_places",
    "lookup_weather",
    "compute_routes",
    "search_along_route",
    "resolve_names",
    "resolve_maps_urls",
)
