"""The emulator served over MCP streamable HTTP (official SDK), and its protocol facts (§6 1–5)."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import mcp
import pytest

import mapsnb
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.server import build_app
from tests.servers.sdk_server import ServerThread

NOW = "2026-09-18T08:00:00-07:00"
ANNOTATIONS = {
    "readOnlyHint": True,
    "destructiveHint": False,
    "idempotentHint": False,
    "openWorldHint": False,
}
#: One request per tool (wire arguments), used over HTTP and in-process.
REQUESTS: list[tuple[str, dict[str, Any]]] = [
    ("search_places", {"text_query": "coffee shops near Golden Gate Park", "page_size": 4}),
    (
        "lookup_weather",
        {
            "location": {"address": "Paris, France"},
            "capabilities": ["WEATHER", "AIR_QUALITY", "POLLEN"],
            "date": {"year": 2026, "month": 9, "day": 19},
        },
    ),
    (
        "compute_routes",
        {
            "origin": {"address": "San Francisco, CA"},
            "destination": {"address": "Lake Tahoe, CA"},
            "compute_alternative_routes": True,
            "include_polyline": True,
        },
    ),
    (
        "search_along_route",
        {
            "text_query": "gas stations",
            "route_endpoints": {
                "origin": {"address": "San Francisco, CA"},
                "destination": {"address": "San Jose, CA"},
            },
        },
    ),
    ("resolve_names", {"queries": [{"text": "Eiffel Tower, Paris"}, {"text": "Starbucks"}]}),
    (
        "resolve_maps_urls",
        {"urls": ["https://www.google.com/maps/place/Golden+Gate+Bridge/@37.8199,-122.4783,15z"]},
    ),
]


@pytest.fixture(scope="module", params=["stateless", "sessions-sse", "sessions-json"])
def served(request: pytest.FixtureRequest) -> Iterator[str]:
    sessions = request.param.startswith("sessions")
    json_response = None if not sessions else request.param.endswith("json")
    app = build_app(Sandbox(now=NOW), sessions=sessions, json_response=json_response)
    with ServerThread(app) as server:
        yield server.url


def test_sdk_client_lists_and_calls_all_six_tools(served: str) -> None:
    async def run() -> tuple[Any, list[Any]]:
        async with mcp.Client(served) as sdk:
            tools = await sdk.list_tools()
            results = [await sdk.call_tool(name, args) for name, args in REQUESTS]
            return tools, results

    tools, results = asyncio.run(run())
    names = [t.name for t in tools.tools]
    assert names == [
        "search_places",
        "lookup_weather",
        "compute_routes",
        "search_along_route",
        "resolve_names",
        "resolve_maps_urls",
    ]
    for tool in tools.tools:
        assert tool.input_schema["type"] == "object" and tool.input_schema["properties"]
        assert tool.annotations.model_dump(by_alias=True, exclude_none=True) == ANNOTATIONS
    sandbox = Sandbox(now=NOW)
    for (name, args), result in zip(REQUESTS, results, strict=True):
        assert not result.is_error, (name, result.content)
        # every tool declares an outputSchema: structuredContent equals the JSON text (issue 20.5)
        assert result.structured_content == json.loads(result.content[0].text)
        assert len(result.content) == 1 and result.content[0].text.startswith("{\n  ")
        assert json.loads(result.content[0].text) == sandbox.call_tool(name, args)


@pytest.mark.parametrize("protocol", ["auto", "session", "stateless"])
def test_http_and_in_process_payloads_are_identical(served: str, protocol: str) -> None:
    with (
        mapsnb.Client(url=served, protocol=protocol) as remote,
        mapsnb.Client(sandbox=True, now=NOW) as local,
    ):
        assert remote.source == "127.0.0.1" and local.source == "sandbox"
        for name, args in REQUESTS:
            assert remote.call_tool(name, args) == local.call_tool(name, args), name


def test_client_of_a_served_emulator_says_sandbox(served: str) -> None:
    """Issue 11.2: the served emulator tells who it is; results and the client say "sandbox"."""
    with mapsnb.Client(url=served) as remote:
        places = remote.search_places("museums in Paris", page_size=2)
        assert places.source == "sandbox" and remote.source == "sandbox"
        assert places.is_synthetic and places.to_frame().attrs["source"] == "sandbox"
        # tools whose payload carries no attribution are labelled by what the server said before
        assert remote.resolve_names(["Eiffel Tower, Paris"]).source == "sandbox"


def test_typed_results_over_http_say_synthetic(served: str) -> None:
    with mapsnb.Client(url=served) as client:
        places = client.search_places("coffee shops near Golden Gate Park")
    assert places.is_synthetic
    assert "synthetic data" in places._repr_html_()
    assert places.to_frame()["attribution_title"].str.contains("synthetic").all()


def test_validation_failures_are_invalid_argument_tool_errors(served: str) -> None:
    """§6 fact 5: a broken rule fails the whole call with INVALID_ARGUMENT and a message."""
    with mapsnb.Client(url=served) as client:
        with pytest.raises(mapsnb.ToolError) as info:
            client.call_tool("search_places", {"text_query": "coffee", "page_size": 11})
        assert info.value.status == "INVALID_ARGUMENT" and info.value.code == 3
        assert "pageSize" in info.value.message  # the schema's name
        with pytest.raises(mapsnb.ToolError) as info:
            client.call_tool(
                "lookup_weather", {"location": {"address": "Paris"}, "capabilities": []}
            )
        assert info.value.status == "INVALID_ARGUMENT" and "capabilities" in info.value.message


def test_both_spellings_accepted_and_both_at_once_rejected(served: str) -> None:
    """§6 fact 4 and §1.5: snake_case and camelCase inputs; the same field twice is an error."""
    with mapsnb.Client(url=served) as client:
        snake = client.call_tool("search_places", {"text_query": "SF MoMA", "page_size": 1})
        camel = client.call_tool("search_places", {"textQuery": "SF MoMA", "pageSize": 1})
        assert snake == camel and len(snake["places"]) == 1
        with pytest.raises(mapsnb.ToolError, match="twice"):
            client.call_tool("search_places", {"text_query": "SF MoMA", "textQuery": "SF MoMA"})


def test_outputs_are_camel_case(served: str) -> None:
    with mapsnb.Client(url=served) as client:
        routes = client.call_tool("compute_routes", REQUESTS[2][1])
    keys = {k for route in routes["routes"] for k in route}
    assert {"distanceMeters", "duration", "encodedPolyline", "retrievalToken"} <= keys
    assert not any("_" in k for k in keys)


def test_clock_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAPSNB_SANDBOX_NOW", "2026-01-02T03:04:05Z")
    client = mapsnb.Client()
    assert client.is_sandbox and client.now().isoformat() == "2026-01-02T03:04:05+00:00"
    a = client.lookup_weather((48.85, 2.35), capabilities=["WEATHER"])
    b = mapsnb.Client(now="2026-01-02T03:04:05Z").lookup_weather(
        (48.85, 2.35), capabilities=["WEATHER"]
    )
    assert a.raw == b.raw


def test_determinism_under_a_fixed_clock() -> None:
    first = [Sandbox(now=NOW).call_tool(name, args) for name, args in REQUESTS]
    second = [Sandbox(now=NOW).call_tool(name, args) for name, args in REQUESTS]
    assert first == second


def test_retrieval_token_expires_with_the_emulator_clock() -> None:
    client = mapsnb.Client(now=NOW)
    routes = client.compute_routes("San Francisco, CA", "San Jose, CA")
    token = routes.routes[0].retrieval_token
    assert client.search_along_route("coffee", retrieval_token=token).results
    client._sandbox.advance(minutes=10, seconds=1)
    with pytest.raises(mapsnb.ToolError) as info:
        client.search_along_route("coffee", retrieval_token=token)
    assert info.value.status == "FAILED_PRECONDITION"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_console_script_serves_the_emulator(tmp_path) -> None:
    """``mapsnb sandbox serve`` starts a server that any MCP client can use."""
    port = _free_port()
    cmd = [sys.executable, "-m", "mapsnb.cli", "sandbox", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*cmd, "--now", NOW, "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        start_new_session=True,
    )
    try:
        banner = json.loads(proc.stdout.readline())
        assert banner["url"] == f"http://127.0.0.1:{port}/mcp"
        deadline = time.monotonic() + 30
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        with mapsnb.Client(url=banner["url"]) as client:
            assert len(client.list_tools()) == 6
            names = client.resolve_names(["Eiffel Tower, Paris"])
        assert names.to_frame()["ok"].tolist() == [True]
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
