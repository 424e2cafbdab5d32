"""A test MCP server built with the official ``mcp`` SDK (2.3), serving the six tool names.

Each tool returns a fixed, realistic camelCase payload (shapes of TOOLS.md / REAL_SERVER.md)
plus ``"_echo"``: the arguments the server received, so tests can check what the client sent.
``search_places`` with a ``text_query`` starting with ``"!error"`` raises, which the SDK turns
into an ``isError: true`` result.

Modes: ``"sse"`` (SDK default, ``text/event-stream`` answers), ``"json"`` (``json_response=True``)
and ``"stateless"`` (``stateless_http=True``: no ``Mcp-Session-Id``). In every one of them SDK 2.3
also answers 2026-07-28 stateless requests (``MCP-Protocol-Version: 2026-07-28``) on its
per-request "modern" entry, whatever the flags. Mode ``"legacy"`` hides that entry (it drops an
``MCP-Protocol-Version`` header the handshake does not know before the SDK sees it), so the SDK
answers a stateless request the way a session-only server does: HTTP 400
``"Bad Request: Missing session ID"``.

Run it by hand: ``python -m tests.servers.sdk_server --mode json --port 8765``.
"""

from __future__ import annotations

import argparse
import copy
import socket
import threading
import time
from typing import Any, Literal

import uvicorn
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types.version import HANDSHAKE_PROTOCOL_VERSIONS

from . import TOOL_NAMES

__all__ = ["MODES", "PAYLOADS", "TOOL_NAMES", "ServerThread", "build_app", "expected_payload"]

Mode = Literal["sse", "json", "stateless", "legacy"]
#: The modes every round trip is tested in.
MODES: tuple[Mode, ...] = ("sse", "json", "stateless")
ERROR_TRIGGER = "!error"
ERROR_TEXT = "INVALID_ARGUMENT: page_size must be between 1 and 10"

_ATTRIBUTION = {"title": "Google Maps", "url": "https://maps.google.com"}


def _place(pid: str, lat: float, lng: float) -> dict[str, Any]:
    return {
        "place": f"places/{pid}",
        "id": pid,
        "googleMapsLinks": {
            "placeUrl": f"https://maps.google.com/?cid={pid}",
            "directionsUrl": f"https://www.google.com/maps/dir/?api=1&destination_place_id={pid}",
            "reviewsUrl": f"https://search.google.com/local/reviews?placeid={pid}",
            "photosUrl": f"https://www.google.com/maps/place/?q=place_id:{pid}&photos=1",
            "writeAReviewUrl": f"https://search.google.com/local/writereview?placeid={pid}",
        },
        "attribution": _ATTRIBUTION,
        "location": {"latitude": lat, "longitude": lng},
    }


#: The fixed payload of each tool (without ``_echo``).
PAYLOADS: dict[str, dict[str, Any]] = {
    "search_places": {
        "places": [
            _place("ChIJ53I1Yn2AhYAR_Vl1vNygfMg", 37.7857, -122.4011),
            _place("ChIJIQBpAG2ahYAR_6128GcTUEo", 37.7694, -122.4862),
        ],
        "summary": "<p>Two options: <strong>SFMOMA</strong> [0] and Golden Gate Park [1].</p>",
        "contentToken": "CgQIARAB-opaque-token",
    },
    "lookup_weather": {
        "timeZone": "America/Los_Angeles",
        "weather": {
            "attribution": {"title": "Google Weather", "url": "https://weather.google.com"},
            "currentConditions": {
                "weatherCondition": {
                    "description": {"text": "Partly cloudy", "languageCode": "en"},
                    "type": "PARTLY_CLOUDY",
                },
                "temperature": {"degrees": 16.4, "unit": "CELSIUS"},
                "relativeHumidity": 71,
            },
        },
        "airQuality": {
            "attribution": {"title": "Google Air Quality", "url": "https://aqi.google.com"},
            "hourlyResults": [
                {
                    "dateTime": {
                        "year": 2026,
                        "month": 9,
                        "day": 18,
                        "hours": 8,
                        "minutes": 0,
                        "seconds": 0,
                        "utcOffset": "-25200s",
                    },
                    "indexes": [
                        {"code": "uaqi", "displayName": "Universal AQI", "aqi": 74},
                    ],
                }
            ],
        },
    },
    "compute_routes": {
        "routes": [
            {
                "distanceMeters": 12876,
                "duration": "1234s",
                "encodedPolyline": "_p~iF~ps|U_ulLnnqC_mqNvxq`@",
                "retrievalToken": "rt-opaque-0123",
                "attribution": _ATTRIBUTION,
            }
        ]
    },
    "search_along_route": {
        "results": [
            {
                "place": _place("ChIJaXQRs6lZwokRY6EFpJnhNNE", 40.7484, -73.9857),
                "detourSummary": {"detourDuration": "312s", "localizedDetourDistance": "2.1 km"},
            }
        ],
        "summary": "One coffee shop along the way [0].",
        "contentToken": "CgQIAhAC-opaque-token",
    },
    "resolve_names": {
        "results": [
            {"entity": {"place": "places/ChIJLU7jZClu5kcR4PcOOO6p3I0"}, "confidence": "HIGH"},
            {},
        ],
        "failedRequests": {"1": {"code": 5, "message": "not found", "details": []}},
        "saveToMapsUrl": "https://maps.google.com/save?list=abc",
    },
    "resolve_maps_urls": {
        "entities": [{"place": "places/ChIJLU7jZClu5kcR4PcOOO6p3I0"}, {}],
        "failedRequests": {"1": {"code": 3, "message": "not a Google Maps URL", "details": []}},
        "saveToMapsUrl": "https://maps.google.com/save?list=def",
    },
}


def expected_payload(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    """What ``name`` answers to ``arguments``: its fixed payload plus ``_echo``."""
    return {**copy.deepcopy(PAYLOADS[name]), "_echo": arguments}


def _answer(name: str, **kwargs: Any) -> dict[str, Any]:
    return expected_payload(name, {k: v for k, v in kwargs.items() if v is not None})


def build_server() -> MCPServer:
    """The MCPServer with the six tools (snake_case inputs, structured camelCase outputs)."""
    server = MCPServer("mapsnb-test-sdk-server")

    @server.tool(name="search_places")
    def search_places(
        text_query: str,
        location_bias: dict[str, Any] | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
        page_size: int | None = None,
        include_extended_details: bool | None = None,
        open_now: bool | None = None,  # newer than the client: mapsnb has no parameter for it
    ) -> dict[str, Any]:
        """Search places."""
        if text_query.startswith(ERROR_TRIGGER):
            raise ToolError(ERROR_TEXT)
        return _answer("search_places", **locals())

    @server.tool(name="lookup_weather")
    def lookup_weather(
        location: dict[str, Any],
        capabilities: list[str] | None = None,
        date: dict[str, Any] | None = None,
        hour: int | None = None,
        weather_options: dict[str, Any] | None = None,
        air_quality_options: dict[str, Any] | None = None,
        language_code: str | None = None,
    ) -> dict[str, Any]:
        """Weather, air quality and pollen."""
        return _answer("lookup_weather", **locals())

    @server.tool(name="compute_routes")
    def compute_routes(
        origin: dict[str, Any],
        destination: dict[str, Any],
        intermediate_waypoints: list[dict[str, Any]] | None = None,
        travel_mode: str | None = None,
        departure_time: str | None = None,
        arrival_time: str | None = None,
        routing_preference: str | None = None,
        location_bias: dict[str, Any] | None = None,
        compute_alternative_routes: bool | None = None,
        include_polyline: bool | None = None,
    ) -> dict[str, Any]:
        """Routes."""
        return _answer("compute_routes", **locals())

    @server.tool(name="search_along_route")
    def search_along_route(
        text_query: str,
        retrieval_token: str | None = None,
        encoded_polyline: str | None = None,
        route_endpoints: dict[str, Any] | None = None,
        travel_mode: str | None = None,
        routing_preference: str | None = None,
        include_extended_details: bool | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
    ) -> dict[str, Any]:
        """Places along a route."""
        return _answer("search_along_route", **locals())

    @server.tool(name="resolve_names")
    def resolve_names(
        queries: list[dict[str, Any]],
        location_bias: dict[str, Any] | None = None,
        region_code: str | None = None,
    ) -> dict[str, Any]:
        """Resolve names."""
        return _answer("resolve_names", **locals())

    @server.tool(name="resolve_maps_urls")
    def resolve_maps_urls(urls: list[str]) -> dict[str, Any]:
        """Resolve Google Maps URLs."""
        return _answer("resolve_maps_urls", **locals())

    return server


class HandshakeOnly:
    """ASGI wrapper hiding the SDK's 2026-07-28 entry: a session-only (pre-2026) server."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "http":
            headers = [
                (k, v)
                for k, v in scope["headers"]
                if k != b"mcp-protocol-version"
                or v.decode("latin-1") in HANDSHAKE_PROTOCOL_VERSIONS
            ]
            scope = {**scope, "headers": headers}
        await self.app(scope, receive, send)


def build_app(mode: Mode = "sse") -> Any:
    """The ASGI app of :func:`build_server` in ``mode``."""
    if mode not in (*MODES, "legacy"):
        raise ValueError(f"unknown mode {mode!r}")
    app = build_server().streamable_http_app(
        json_response=mode == "json", stateless_http=mode == "stateless"
    )
    return HandshakeOnly(app) if mode == "legacy" else app


class ServerThread:
    """Run an ASGI app with uvicorn in a daemon thread on a free 127.0.0.1 port.

    Examples
    --------
    >>> with ServerThread(build_app("json")) as srv:  # doctest: +SKIP
    ...     print(srv.url)
    """

    def __init__(self, app: Any, path: str = "/mcp") -> None:
        # proto IPPROTO_TCP: asyncio sets TCP_NODELAY only on sockets that say so (else ~40 ms per call)
        self._sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._sock.bind(("127.0.0.1", 0))
        self.port: int = self._sock.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}{path}"
        config = uvicorn.Config(app, log_level="warning", lifespan="on", access_log=False)
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(
            target=self._server.run, kwargs={"sockets": [self._sock]}, daemon=True
        )

    def start(self, timeout: float = 10.0) -> ServerThread:
        """Start serving; return once the port accepts connections."""
        self._thread.start()
        deadline = time.monotonic() + timeout
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.01)
        with socket.create_connection(("127.0.0.1", self.port), timeout=timeout):
            pass
        return self

    def stop(self) -> None:
        """Ask uvicorn to exit and wait for the thread."""
        self._server.should_exit = True
        self._thread.join(timeout=10)
        self._sock.close()

    def __enter__(self) -> ServerThread:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def main() -> None:
    """Serve from the command line until interrupted."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=(*MODES, "legacy"), default="sse")
    parser.add_argument("--port", type=int, default=8765)
    args = parser.parse_args()
    uvicorn.run(build_app(args.mode), host="127.0.0.1", port=args.port, log_level="warning")


if __name__ == "__main__":
    main()
