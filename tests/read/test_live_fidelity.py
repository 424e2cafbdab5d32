"""Issue 20: requests follow the server's own tools/list; error notices; the emulator answers like
live (stateless JSON, live-style schemas and titles, either toolset era); ``returnedLocation``.

Against real local servers: a fake of the 2026-08 live server (tests/servers/era_2026_08.py), a
stateless JSON-only fake (tests/servers/stateless_json.py) and the served emulator.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import mapsnb
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.server import build_app
from tests.servers import era_2026_08
from tests.servers.sdk_server import ServerThread
from tests.servers.stateless_json import StatelessJsonServer, json_result, text_result

NOW = "2026-09-18T08:00:00-07:00"
KEY = "fake-test-key-20"


@pytest.fixture
def era() -> Iterator[StatelessJsonServer]:
    with era_2026_08.server() as srv:
        yield srv


@pytest.fixture(scope="module")
def emulator_2026_08() -> Iterator[str]:
    with ServerThread(build_app(Sandbox(now=NOW, tools="2026-08"))) as srv:
        yield srv.url


@pytest.fixture(scope="module")
def emulator() -> Iterator[str]:
    with ServerThread(build_app(Sandbox(now=NOW))) as srv:
        yield srv.url


def _sent(srv: StatelessJsonServer) -> list[dict[str, Any]]:
    return [r.json["params"]["arguments"] for r in srv.calls("tools/call")]


# --------------------------------------------------------------- item 2: the server's tools/list
def test_weather_without_capabilities_on_a_five_tool_server(era: StatelessJsonServer) -> None:
    with mapsnb.Client(KEY, url=era.url) as client:
        first = client.lookup_weather("Paris")
        client.lookup_weather((48.85, 2.35), units_system="IMPERIAL")
        client.search_places("cafe in Vienna")
    assert first.is_legacy and first.domains == ["weather"]
    sent = _sent(era)
    assert sent[0] == {"location": {"address": "Paris"}}  # no capabilities: not listed
    assert sent[1]["units_system"] == "IMPERIAL"  # the flat spelling this server lists
    assert len(era.calls("tools/list")) == 1  # once for the client's life


def test_weather_capabilities_default_where_listed(emulator: str) -> None:
    with mapsnb.Client(url=emulator) as client:
        result = client.lookup_weather("Paris")
    assert result.request["capabilities"] == ["WEATHER"] and result.domains == ["weather"]


def test_a_set_parameter_the_server_does_not_list_is_refused_before_sending(
    era: StatelessJsonServer,
) -> None:
    with (
        mapsnb.Client(KEY, url=era.url) as client,
        pytest.raises(mapsnb.InvalidRequest) as info,
    ):
        client.lookup_weather("Paris", capabilities=["AIR_QUALITY"])
    err = info.value
    assert err.field == "capabilities"
    for part in ("lookup_weather", era.url, "location", "unitsSystem"):
        assert part in str(err)
    assert era.calls("tools/call") == []


def test_a_tool_the_server_does_not_list_is_named(era: StatelessJsonServer) -> None:
    with (
        mapsnb.Client(KEY, url=era.url) as client,
        pytest.raises(mapsnb.ToolNotOffered) as info,
    ):
        client.search_along_route("coffee", origin="Paris", destination="Lyon")
    assert isinstance(info.value, mapsnb.InvalidRequest)
    assert info.value.tool == "search_along_route" and "lookup_weather" in info.value.offered
    assert "does not offer" in str(info.value) and era.url in str(info.value)
    assert era.calls("tools/call") == []


def test_the_async_client_follows_the_list_too(era: StatelessJsonServer) -> None:
    async def run() -> Any:
        async with mapsnb.AsyncClient(KEY, url=era.url) as client:
            results = await asyncio.gather(*(client.lookup_weather("Paris") for _ in range(5)))
            with pytest.raises(mapsnb.ToolNotOffered):
                await client.search_along_route("x", origin="A", destination="B")
            return results

    assert all(r.is_legacy for r in asyncio.run(run()))
    assert len(era.calls("tools/list")) == 1


def test_a_schema_without_properties_constrains_nothing() -> None:
    tools = [{"name": "lookup_weather", "inputSchema": {"type": "object"}}]
    with (
        StatelessJsonServer(
            tools, lambda n, a, h: json_result(era_2026_08.legacy_weather())
        ) as srv,
        mapsnb.Client(KEY, url=srv.url) as client,
    ):
        client.lookup_weather("Paris", capabilities="POLLEN")
        client.lookup_weather("Paris")
    assert _sent(srv)[0]["capabilities"] == ["POLLEN"]
    assert _sent(srv)[1]["capabilities"] == ["WEATHER"]


def test_replay_follows_the_recorded_tools_list(era: StatelessJsonServer, tmp_path: Path) -> None:
    path = tmp_path / "era.json"
    with mapsnb.Client(KEY, url=era.url, record=path, mode="record") as client:
        client.lookup_weather("Paris")
    assert json.loads(path.read_text())["tools"][1]["name"] == "lookup_weather"
    with mapsnb.Client(record=path, mode="replay") as replay:
        assert replay.source == "replay"
        assert replay.lookup_weather("Paris").is_legacy  # no capabilities: as recorded
        with pytest.raises(mapsnb.ToolNotOffered):
            replay.search_along_route("x", origin="A", destination="B")
    assert len(era.calls("tools/list")) == 1


def test_served_emulator_answers_either_era(emulator_2026_08: str) -> None:
    with mapsnb.Client(url=emulator_2026_08) as client:
        tools = client.list_tools()
        weather = client.lookup_weather("Paris")
        with pytest.raises(mapsnb.ToolNotOffered):
            client.search_along_route("x", origin="Paris", destination="Lyon")
    assert [t["name"] for t in tools] == [
        "search_places",
        "lookup_weather",
        "compute_routes",
        "resolve_names",
        "resolve_maps_urls",
    ]
    weather_schema = tools[1]["inputSchema"]["properties"]
    assert "capabilities" not in weather_schema
    assert weather.is_legacy and weather.is_synthetic
    assert weather.returned_location is not None
    assert not weather.current_weather.empty
    # the old always-send-capabilities call is refused like proto-JSON refuses unknown fields
    with mapsnb.Client(url=emulator_2026_08) as raw, pytest.raises(mapsnb.ToolError) as info:
        raw.call_tool(
            "lookup_weather", {"location": {"address": "Paris"}, "capabilities": ["WEATHER"]}
        )
    assert "capabilities" in str(info.value)


def test_doctor_against_both_eras(emulator: str, emulator_2026_08: str) -> None:
    with mapsnb.Client(url=emulator) as client:
        today = client.check()
    with mapsnb.Client(url=emulator_2026_08) as client:
        client.lookup_weather("Paris")  # the list is fetched now, and the doctor reuses it
        old = client.check()
    assert today.ok and all(t.state == "ok" for t in today.tools)
    assert old.ok
    drift = {t.name: t for t in old.tools}
    assert drift["search_along_route"].state == "missing"
    assert "capabilities" in drift["lookup_weather"].missing_params
    assert "ToolNotOffered" in str(old)


# ------------------------------------------------------------------------ item 3: error notices
def test_invalid_value_text_is_an_invalid_argument_naming_the_field(
    era: StatelessJsonServer,
) -> None:
    with mapsnb.Client(KEY, url=era.url) as client:
        with pytest.raises(mapsnb.ToolError) as raw:
            client.call_tool("compute_routes", {"origin": "Paris", "destination": {}})
        with pytest.raises(mapsnb.ToolError) as typed:
            client.call_tool("lookup_weather", {"location": 5})
    for err, field in ((raw.value, "origin"), (typed.value, "location")):
        assert err.status == "INVALID_ARGUMENT" and err.code == 3
        assert err.field == field and repr(field) in str(err)


def test_invalid_value_with_is_error_too() -> None:
    tools = [{"name": "compute_routes", "inputSchema": {"type": "object"}}]
    text = "Invalid value at 'destination' (type.googleapis.com/x.Waypoint), \"5\""
    with (
        StatelessJsonServer(tools, lambda n, a, h: text_result(text, is_error=True)) as srv,
        mapsnb.Client(KEY, url=srv.url) as client,
        pytest.raises(mapsnb.ToolError) as info,
    ):
        client.compute_routes("Paris", "Lyon")
    assert info.value.status == "INVALID_ARGUMENT" and info.value.field == "destination"


def test_access_text_in_a_200_result_is_the_auth_error_of_the_403(era: StatelessJsonServer) -> None:
    with (
        mapsnb.Client("policy-off", url=era.url) as client,
        pytest.raises(mapsnb.AuthError) as info,
    ):
        client.search_places("cafe")
    err = info.value
    assert err.cause == "mcp_policy" and "gcloud beta services mcp enable" in err.fix
    assert err.status_code == 403


# ---------------------------------------------------- item 4: the served emulator is stateless
@pytest.mark.parametrize("accept", ["application/json, text/event-stream", "text/event-stream"])
def test_served_emulator_answers_plain_json_posts(emulator: str, accept: str) -> None:
    headers = {"Accept": accept, "Content-Type": "application/json"}
    listed = httpx.post(
        emulator, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"}, headers=headers
    )
    call = {"name": "resolve_names", "arguments": {"queries": [{"text": "Eiffel Tower"}]}}
    called = httpx.post(
        emulator,
        json={"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call},
        headers=headers,
    )
    for resp in (listed, called):
        assert resp.status_code == 200
        assert resp.headers["content-type"].startswith("application/json")
        assert "mcp-session-id" not in resp.headers
    assert len(listed.json()["result"]["tools"]) == 6
    assert called.json()["result"]["isError"] is False


def test_sessions_stay_available_behind_a_flag() -> None:
    with ServerThread(build_app(Sandbox(now=NOW), sessions=True)) as srv:
        bare = httpx.post(
            srv.url,
            json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
            headers={"Accept": "application/json, text/event-stream"},
        )
        with mapsnb.Client(url=srv.url, protocol="session") as client:
            assert len(client.list_tools()) == 6
            assert client._session_id
    assert bare.status_code == 400 and "session" in bare.text.lower()


def test_the_client_works_against_a_stateless_json_only_server() -> None:
    tools = [{"name": "resolve_names", "inputSchema": {"type": "object", "properties": {}}}]
    answer = json_result({"results": [{"place": "places/ChIJ9"}]})
    tools[0]["inputSchema"]["properties"] = {"queries": {"type": "array"}}
    with (
        StatelessJsonServer(tools, lambda n, a, h: answer) as srv,
        mapsnb.Client(KEY, url=srv.url, protocol="session") as client,
    ):
        assert client.resolve_names(["Eiffel Tower"]).to_frame()["ok"].tolist() == [True]


# ------------------------------------------------------ item 5: live-style tools/list and answers
def _walk(schema: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    if isinstance(schema, dict):
        for name, prop in (schema.get("properties") or {}).items():
            yield f"{path}.{name}", prop
            yield from _walk(prop, f"{path}.{name}")
        for name, sub in (schema.get("$defs") or {}).items():
            yield from _walk(sub, f"{path}$defs.{name}")
        if isinstance(schema.get("items"), dict):
            yield from _walk(schema["items"], f"{path}[]")


@pytest.mark.parametrize("era_name", ["2026-12", "2026-08"])
def test_tools_list_is_in_the_live_style(era_name: str) -> None:
    sandbox = Sandbox(now=NOW, tools=era_name)
    for tool in sandbox.list_tools():
        schema = tool["inputSchema"]
        assert schema["description"], tool["name"]
        assert "$defs" in schema or "$ref" not in json.dumps(schema), tool["name"]
        assert "outputSchema" in tool and tool["outputSchema"]["type"] == "object"
        for where, prop in _walk(schema):
            assert prop.get("description"), (tool["name"], where)
        assert "maximum" not in json.dumps(schema) and "minimum" not in json.dumps(schema)
    places = sandbox.list_tools()[0]["inputSchema"]
    assert places["properties"]["locationBias"]["$ref"] == "#/$defs/LocationBias"
    assert {"Circle", "LatLng", "LocationBias"} <= set(places["$defs"])
    assert "50 km" in json.dumps(places)


def test_every_answer_carries_structured_content_equal_to_its_text(emulator: str) -> None:
    call = {"name": "search_places", "arguments": {"text_query": "coffee in Paris"}}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
    result = httpx.post(emulator, json=body, headers={"Accept": "application/json"}).json()
    assert result["result"]["structuredContent"] == json.loads(
        result["result"]["content"][0]["text"]
    )


def test_radius_limit_is_enforced_by_validation_not_the_schema() -> None:
    sandbox = Sandbox(now=NOW)
    bias = {"circle": {"center": {"latitude": 48.8, "longitude": 2.3}, "radius_meters": 60000}}
    with pytest.raises(Exception, match="50000"):
        sandbox.call_tool("search_places", {"text_query": "cafe", "location_bias": bias})


# ------------------------------------------------------------ item 6 and item 1 (emulator side)
def test_returned_location_and_its_columns(era: StatelessJsonServer) -> None:
    with mapsnb.Client(KEY, url=era.url) as client:
        weather = client.lookup_weather("Paris")
    assert weather.returned_location == mapsnb.LatLng(48.8566, 2.3522)
    row = weather.current_weather.iloc[0]
    assert (row["returned_lat"], row["returned_lng"]) == (48.8566, 2.3522)
    with mapsnb.Client(sandbox=True, now=NOW) as client:
        today = client.lookup_weather("Paris", capabilities=["WEATHER"])
    assert today.returned_location is None
    assert math.isnan(today.current_weather.iloc[0]["returned_lat"])


def test_emulator_titles_and_place_urls_follow_the_live_pattern() -> None:
    with mapsnb.Client(sandbox=True, now=NOW) as client:
        places = client.search_places("museums in Madrid", page_size=3)
        routes = client.compute_routes("Paris, France", "Lyon, France")
        weather = client.lookup_weather("Paris, France")
        back = client.resolve_maps_urls(
            [p["googleMapsLinks"]["placeUrl"] for p in places.raw["places"]]
        )
    for place in places.raw["places"]:
        assert place["attribution"]["title"].endswith(" - mapsnb sandbox (synthetic data)")
        assert place["googleMapsLinks"]["placeUrl"].startswith(
            "https://www.google.com/maps/place//data=!4m2!3m1!1s0x"
        )
    assert [e["place"] for e in back.raw["entities"]] == [p["place"] for p in places.raw["places"]]
    title = routes.raw["routes"][0]["attribution"]["title"]
    assert title == "Paris, France to Lyon, France - mapsnb sandbox (synthetic data)"
    assert weather.raw["weather"]["attribution"]["title"].endswith(
        " weather - mapsnb sandbox (synthetic data)"
    )
    assert places.is_synthetic and routes.is_synthetic and weather.is_synthetic


# ------------------------------------------- issue 23 item 5: Host and Origin beyond loopback
def _post(url: str, **headers: str) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list"}
    return httpx.post(url, json=body, headers={"Accept": "application/json", **headers})


def test_a_wildcard_bind_keeps_host_and_origin_checks() -> None:
    app = build_app(Sandbox(now=NOW), host="0.0.0.0", allow_origins=["https://example.org"])
    with ServerThread(app) as srv:
        assert _post(srv.url).status_code == 200
        assert _post(srv.url, Host="attacker.example").status_code == 421
        assert _post(srv.url, Origin="https://attacker.example").status_code == 403
        assert _post(srv.url, Origin="https://example.org").status_code == 200


def test_cli_serve_beyond_loopback_warns_and_checks_host(tmp_path: Path) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    cmd = [sys.executable, "-m", "mapsnb.cli", "sandbox", "serve", "--host", "0.0.0.0"]
    cmd += ["--port", str(port), "--now", NOW, "--tools", "2026-08"]
    err = tmp_path / "stderr.txt"
    with err.open("w") as stderr:
        proc = subprocess.Popen(
            cmd,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            start_new_session=True,
        )
    try:
        json.loads(proc.stdout.readline() if proc.stdout else "")
        url, deadline = f"http://127.0.0.1:{port}/mcp", time.monotonic() + 30
        while True:
            try:
                first = _post(url)
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        assert len(first.json()["result"]["tools"]) == 5  # --tools 2026-08
        assert _post(url, Host="attacker.example").status_code == 421
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=10)
    assert "warning" in err.read_text() and "0.0.0.0" in err.read_text()


def test_a_weather_batch_follows_the_servers_list(era: StatelessJsonServer) -> None:
    """Without ``capabilities`` a batch asks as the single call does: on a five-tool server the
    legacy record, one row per city (the list is fetched once for the whole batch)."""
    with mapsnb.Client(KEY, url=era.url) as client:
        out = client.batch.lookup_weather(["Paris", "Lyon"], progress=False)
    assert out["status"].eq("ok").all(), out[["status", "error"]]
    sent = sorted(_sent(era), key=lambda a: a["location"]["address"])
    assert sent == [{"location": {"address": "Lyon"}}, {"location": {"address": "Paris"}}]
    assert len(era.calls("tools/list")) == 1


def test_the_in_process_emulator_answers_either_era() -> None:
    with mapsnb.Client(sandbox="2026-08", now="2026-09-18T08:00:00-07:00") as old:
        legacy = old.lookup_weather("Paris")
        assert legacy.is_legacy and legacy.domains == ["weather"]
        with pytest.raises(mapsnb.ToolNotOffered, match="search_along_route"):
            old.search_along_route("coffee", origin="Paris", destination="Lyon")
    with mapsnb.Client(sandbox=True, now="2026-09-18T08:00:00-07:00") as today:
        assert not today.lookup_weather("Paris").is_legacy
    with pytest.raises(mapsnb.InvalidRequest, match="sandbox"):
        mapsnb.Client(sandbox="2025-01")
