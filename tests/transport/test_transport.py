"""The client against real local servers: the official-SDK MCP server and the scripted server.

Round trips of every method (sync and async, SDK server in SSE, JSON and stateless mode, client in
session and stateless style), the wire of both protocol styles, ``auto`` fallback and auth headers.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import httpx
import pytest

import mapsnb
from mapsnb import Circle
from mapsnb._transport.protocol import META_PROTOCOL
from mapsnb.results import (
    AlongRouteResult,
    EnvironmentResult,
    PlacesResult,
    ResolvedNames,
    ResolvedUrls,
    RoutesResult,
)
from tests.servers import TOOL_NAMES
from tests.servers.fault_server import FaultServer, Reply, rpc_error
from tests.servers.sdk_server import ERROR_TRIGGER, MODES, expected_payload

KEY = "FAKE-mapsnb-test-key-0123456789abcdefghijklmnop"
SESSION_VERSION = "2025-11-25"
STATELESS_VERSION = "2026-07-28"


@dataclass(frozen=True)
class Case:
    """One typed method call, the wire arguments it must send and a check of the typed result."""

    name: str
    call: Callable[[Any], Any]
    wire: dict[str, Any]
    result_type: type
    check: Callable[[Any], bool]


CASES = [
    Case(
        "search_places",
        lambda c: c.search_places(
            "coffee near Golden Gate Park",
            location_bias=Circle(37.77, -122.45, 2000),
            language_code="en",
            region_code="US",
            page_size=3,
        ),
        {
            "text_query": "coffee near Golden Gate Park",
            "location_bias": {
                "circle": {
                    "center": {"latitude": 37.77, "longitude": -122.45},
                    "radius_meters": 2000,
                }
            },
            "language_code": "en",
            "region_code": "US",
            "page_size": 3,
        },
        PlacesResult,
        lambda r: r.places[0].place_id == "ChIJ53I1Yn2AhYAR_Vl1vNygfMg" and len(r.places) == 2,
    ),
    Case(
        "lookup_weather",
        lambda c: c.lookup_weather((37.77, -122.42), capabilities=["WEATHER", "AIR_QUALITY"]),
        {
            "location": {"lat_lng": {"latitude": 37.77, "longitude": -122.42}},
            "capabilities": ["WEATHER", "AIR_QUALITY"],
        },
        EnvironmentResult,
        lambda r: r.time_zone == "America/Los_Angeles" and r.air_quality_data is not None,
    ),
    Case(
        "compute_routes",
        lambda c: c.compute_routes("SFO", "Mountain View, CA", travel_mode="DRIVE"),
        {
            "origin": {"address": "SFO"},
            "destination": {"address": "Mountain View, CA"},
            "travel_mode": "DRIVE",
        },
        RoutesResult,
        lambda r: r.routes[0].duration == 1234.0 and r.routes[0].distance_meters == 12876,
    ),
    Case(
        "search_along_route",
        lambda c: c.search_along_route("coffee", retrieval_token="rt-opaque-0123"),
        {"text_query": "coffee", "retrieval_token": "rt-opaque-0123"},
        AlongRouteResult,
        lambda r: r.results[0].detour_summary.detour_duration == 312.0,
    ),
    Case(
        "resolve_names",
        lambda c: c.resolve_names(["Eiffel Tower, Paris", "Nowhere at all"]),
        {"queries": [{"text": "Eiffel Tower, Paris"}, {"text": "Nowhere at all"}]},
        ResolvedNames,
        lambda r: r.results[0].confidence == "HIGH" and "1" in r.failed_requests,
    ),
    Case(
        "resolve_maps_urls",
        lambda c: c.resolve_maps_urls(["https://maps.app.goo.gl/abc", "https://example.com/x"]),
        {"urls": ["https://maps.app.goo.gl/abc", "https://example.com/x"]},
        ResolvedUrls,
        lambda r: r.entities[0].place == "places/ChIJLU7jZClu5kcR4PcOOO6p3I0",
    ),
]


def _check(case: Case, result: Any) -> None:
    assert isinstance(result, case.result_type)
    assert result.request == case.wire
    assert result.raw == expected_payload(case.name, case.wire)
    assert result.raw["_echo"] == case.wire  # what the server received
    assert result.source == "127.0.0.1"
    assert case.check(result)


# ------------------------------------------------------------------------ round trips (SDK)
@pytest.mark.parametrize("protocol", ["session", "stateless", "auto"])
@pytest.mark.parametrize("mode", MODES)
def test_round_trip_sync(sdk_url: Callable[[str], str], mode: str, protocol: str) -> None:
    with mapsnb.Client(KEY, url=sdk_url(mode), protocol=protocol) as client:
        for case in CASES:
            _check(case, case.call(client))
        assert [t["name"] for t in client.list_tools()] == list(TOOL_NAMES)
        raw = client.call_tool("resolve_maps_urls", {"urls": ["u"]})
        assert raw == expected_payload("resolve_maps_urls", {"urls": ["u"]})
        assert client._mode == ("session" if protocol == "session" else "stateless")


@pytest.mark.parametrize("protocol", ["session", "stateless"])
@pytest.mark.parametrize("mode", MODES)
def test_round_trip_async(sdk_url: Callable[[str], str], mode: str, protocol: str) -> None:
    async def run() -> None:
        async with mapsnb.AsyncClient(KEY, url=sdk_url(mode), protocol=protocol) as client:
            for case in CASES:
                _check(case, await case.call(client))
            tools = await client.list_tools()
            assert [t["name"] for t in tools] == list(TOOL_NAMES)

    asyncio.run(run())


@pytest.mark.parametrize("protocol", ["session", "stateless"])
def test_sdk_tool_failure_is_tool_error(sdk_url: Callable[[str], str], protocol: str) -> None:
    # the SDK turns a raising tool into isError with "Error executing tool NAME: <message>"
    with (
        mapsnb.Client(KEY, url=sdk_url("sse"), protocol=protocol) as client,
        pytest.raises(mapsnb.ToolError) as info,
    ):
        client.search_places(f"{ERROR_TRIGGER} please")
    assert info.value.status == "INVALID_ARGUMENT"
    assert info.value.code == 3
    assert info.value.message == "page_size must be between 1 and 10"
    assert info.value.tool == "search_places"


def test_async_concurrent_calls_share_one_session(sdk_url: Callable[[str], str]) -> None:
    async def run() -> tuple[set[str | None], list[Any]]:
        client = mapsnb.AsyncClient(KEY, url=sdk_url("json"), protocol="session")
        results = await asyncio.gather(
            *(client.call_tool("resolve_maps_urls", {"urls": [f"u{i}"]}) for i in range(8))
        )
        sid = client._session_id
        await client.aclose()
        return {sid}, results

    sids, results = asyncio.run(run())
    assert None not in sids
    assert [r["_echo"] for r in results] == [{"urls": [f"u{i}"]} for i in range(8)]


def test_async_concurrent_session_wire(fault: FaultServer) -> None:
    async def run() -> None:
        async with mapsnb.AsyncClient(KEY, url=fault.url, protocol="session") as client:
            await asyncio.gather(*(client.call_tool("search_places", {"n": i}) for i in range(5)))

    asyncio.run(run())
    assert len(fault.calls("initialize")) == 1
    assert len(fault.calls("tools/call")) == 5
    assert {r.headers.get("mcp-session-id") for r in fault.calls("tools/call")} == {"sess-1"}


# ------------------------------------------------------------------------ session style
def _assert_session_wire(fault: FaultServer) -> None:
    methods = [r.rpc_method for r in fault.requests]
    assert methods == ["initialize", "notifications/initialized", "tools/call", "DELETE"]
    init, note, call, delete = fault.requests
    assert init.json["params"]["protocolVersion"] == SESSION_VERSION
    assert init.json["params"]["clientInfo"]["name"] == "mapsnb"
    assert "mcp-session-id" not in init.headers
    assert "id" not in note.json
    for req in (note, call, delete):
        assert req.headers["mcp-session-id"] == "sess-1"
        assert req.headers["mcp-protocol-version"] == SESSION_VERSION
    assert "mcp-method" not in call.headers
    assert "_meta" not in call.json["params"]
    assert fault.live_sessions == set()


def test_session_wire_sync(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="session") as client:
        assert client.call_tool("search_places", {"text_query": "x"})["_echo"] == {
            "text_query": "x"
        }
    _assert_session_wire(fault)


def test_session_wire_async(fault: FaultServer) -> None:
    async def run() -> None:
        async with mapsnb.AsyncClient(KEY, url=fault.url, protocol="session") as client:
            await client.call_tool("search_places", {"text_query": "x"})

    asyncio.run(run())
    _assert_session_wire(fault)


def test_session_close_ends_sdk_session(sdk_url: Callable[[str], str]) -> None:
    url = sdk_url("sse")
    client = mapsnb.Client(KEY, url=url, protocol="session")
    client.list_tools()
    sid = client._session_id
    assert sid
    headers = {
        "Mcp-Session-Id": sid,
        "MCP-Protocol-Version": SESSION_VERSION,
        "Accept": "application/json, text/event-stream",
    }
    body = {"jsonrpc": "2.0", "id": 99, "method": "tools/list"}
    assert httpx.post(url, json=body, headers=headers).status_code == 200
    client.close()
    assert httpx.post(url, json=body, headers=headers).status_code == 404


# ---------------------------------------------------------------------- stateless style
def test_stateless_wire(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        client.call_tool("compute_routes", {"origin": {"address": "a"}})
        client.list_tools()
    assert [r.rpc_method for r in fault.requests] == ["tools/call", "tools/list"]  # no DELETE
    call, listing = fault.requests
    for req in (call, listing):
        assert req.headers["mcp-protocol-version"] == STATELESS_VERSION
        assert "mcp-session-id" not in req.headers
        meta = req.json["params"]["_meta"]
        assert meta[META_PROTOCOL] == STATELESS_VERSION
        assert meta["io.modelcontextprotocol/clientInfo"]["name"] == "mapsnb"
    assert call.headers["mcp-method"] == "tools/call"
    assert call.headers["mcp-name"] == "compute_routes"
    assert call.json["params"]["arguments"] == {"origin": {"address": "a"}}
    assert listing.headers["mcp-method"] == "tools/list"
    assert "mcp-name" not in listing.headers


# --------------------------------------------------------------------------- auto mode
def test_auto_stays_stateless_on_sdk_2_3(sdk_url: Callable[[str], str]) -> None:
    # SDK 2.3 answers 2026-07-28 requests in every mode: no handshake is needed
    with mapsnb.Client(KEY, url=sdk_url("sse")) as client:
        client.list_tools()
        assert client._mode == "stateless"
        assert client._session_id is None


def test_auto_falls_back_on_session_only_sdk_server(sdk_url: Callable[[str], str]) -> None:
    url = sdk_url("legacy")
    # what a session-only SDK server answers to a stateless request
    answer = httpx.post(
        url,
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}},
        headers={
            "MCP-Protocol-Version": STATELESS_VERSION,
            "Accept": "application/json, text/event-stream",
        },
    )
    assert answer.status_code == 400
    assert "Missing session ID" in answer.text
    with mapsnb.Client(KEY, url=url) as client:
        result = client.search_places("SF MoMA")
        assert result.raw["_echo"] == {"text_query": "SF MoMA"}
        assert client._mode == "session"
        assert client._session_id


def test_forced_stateless_on_session_only_server(sdk_url: Callable[[str], str]) -> None:
    # the refusal (JSON-RPC error with id null) is a protocol problem, not a tool failure
    with (
        mapsnb.Client(KEY, url=sdk_url("legacy"), protocol="stateless") as client,
        pytest.raises(mapsnb.ProtocolError) as info,
    ):
        client.list_tools()
    assert "Missing session ID" in str(info.value)
    assert "HTTP 400" in str(info.value)


def test_auto_fallback_wire(fault: FaultServer) -> None:
    fault.require_session = True
    with mapsnb.Client(KEY, url=fault.url) as client:
        first = client.call_tool("search_places", {"text_query": "a"})
        second = client.call_tool("search_places", {"text_query": "b"})
    assert first["_echo"] == {"text_query": "a"}
    assert second["_echo"] == {"text_query": "b"}
    methods = [r.rpc_method for r in fault.requests]
    assert methods == [
        "tools/call",  # stateless attempt, refused with 400 "Missing session ID"
        "initialize",
        "notifications/initialized",
        "tools/call",
        "tools/call",
        "DELETE",
    ]
    assert fault.requests[0].headers["mcp-protocol-version"] == STATELESS_VERSION
    for req in fault.requests[3:]:
        assert req.headers["mcp-session-id"] == "sess-1"
        assert req.headers["mcp-protocol-version"] == SESSION_VERSION
        assert "mcp-method" not in req.headers


def test_auto_keeps_a_tool_error_that_mentions_a_session(fault: FaultServer) -> None:
    # an HTTP 400 JSON-RPC error answering the request is the tool's, not a session refusal
    message = "INVALID_ARGUMENT: text_query 'jam session' must name a place"
    fault.on("tools/call", lambda r: rpc_error(r, -32602, message))
    with mapsnb.Client(KEY, url=fault.url) as client, pytest.raises(mapsnb.ToolError) as info:
        client.call_tool("search_places", {"text_query": "jam session"})
    assert info.value.status == "INVALID_ARGUMENT"
    assert [r.rpc_method for r in fault.requests] == ["tools/call"]
    assert client._mode == "stateless"


def test_auto_falls_back_on_unsupported_version(fault: FaultServer) -> None:
    fault.on(
        "tools/list",
        Reply(
            400, "Bad Request: Unsupported protocol version: 2026-07-28", content_type="text/plain"
        ),
    )
    with mapsnb.Client(KEY, url=fault.url) as client:
        assert [t["name"] for t in client.list_tools()] == list(TOOL_NAMES)
    assert [r.rpc_method for r in fault.requests][:3] == [
        "tools/list",
        "initialize",
        "notifications/initialized",
    ]


# --------------------------------------------------------------------------------- auth
def test_api_key_header_never_in_url(fault: FaultServer, no_env_key: None) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="session") as client:
        client.list_tools()
    assert len(fault.requests) == 4
    for req in fault.requests:
        assert req.headers["x-goog-api-key"] == KEY
        assert req.path == "/mcp"
        assert KEY not in req.path and "key=" not in req.path
        assert "authorization" not in req.headers
        assert "x-goog-user-project" not in req.headers


def test_api_key_from_environment(fault: FaultServer, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", KEY)
    with mapsnb.Client(url=fault.url, protocol="stateless") as client:
        assert not client.is_sandbox
        client.list_tools()
    assert fault.requests[0].headers["x-goog-api-key"] == KEY


def test_explicit_key_wins_over_environment(
    fault: FaultServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "AIzaENVKEY")
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        client.list_tools()
    assert fault.requests[0].headers["x-goog-api-key"] == KEY


def test_token_and_quota_project(fault: FaultServer, no_env_key: None) -> None:
    with mapsnb.Client(
        token="ya29.fake-token",
        quota_project="my-project",
        url=fault.url,
        protocol="session",
        headers={"X-Extra": "1"},
    ) as client:
        client.list_tools()
    for req in fault.requests:
        assert req.headers["authorization"] == "Bearer ya29.fake-token"
        assert req.headers["x-goog-user-project"] == "my-project"
        assert req.headers["x-extra"] == "1"
        assert "x-goog-api-key" not in req.headers
    assert "ya29.fake-token" not in repr(client)


def test_standard_request_headers(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        client.list_tools()
    req = fault.requests[0]
    assert req.method == "POST"
    assert req.headers["content-type"] == "application/json"
    assert req.headers["accept"] == "application/json, text/event-stream"
    assert req.headers["user-agent"].startswith("mapsnb/")
    assert req.json["jsonrpc"] == "2.0"
