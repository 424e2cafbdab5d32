"""Properties of the emulator under hostile input (issue 32).

* Routes between any endpoints, equal ones included (a path of one vertex, a route of zero
  length), through both route tools: a named tool error or a valid answer, never a raw exception.
* Hostile JSON-RPC bodies (odd types, huge numbers, deep nesting, lone surrogates, broken
  UTF-8) to the served emulator over a real socket and to the in-process endpoint: only proper
  JSON-RPC answers come back, never an HTTP 500 or a traceback.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

from mapsnb.polyline import decode
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError
from mapsnb_sandbox.serve.endpoint import McpEndpoint
from mapsnb_sandbox.serve.server import build_app
from tests.hypothesis_setup import examples
from tests.servers.sdk_server import ServerThread

NOW = "2026-09-18T08:00:00-07:00"
SANDBOX = Sandbox(now=NOW)

# ------------------------------------------------------------------ degenerate routes
_COORD = st.one_of(
    st.floats(-90, 90, allow_nan=False),
    st.sampled_from([-90.0, 90.0, 0.0, 48.8566, 48.85661, 37.7749]),
)
_LNG = st.one_of(
    st.floats(-180, 180, allow_nan=False),
    st.sampled_from([-180.0, 180.0, 0.0, 2.3522, 2.35221, -122.4194]),
)
_POINT = st.builds(lambda lat, lng: {"lat_lng": {"latitude": lat, "longitude": lng}}, _COORD, _LNG)
_NAMED = st.sampled_from(
    [
        {"address": "Paris, France"},
        {"address": "Paris"},
        {"address": "Eiffel Tower, Paris"},
        {"address": "48.8566,2.3522"},
        {"address": "San Francisco, CA"},
        {"address": "Honolulu"},
        {"lat_lng": {"latitude": 48.8566, "longitude": 2.3522}},
        {"latLng": {"latitude": 48.8566, "longitude": 2.3522}},
    ]
)
_WAYPOINT = st.one_of(_POINT, _NAMED)
_MODES = st.sampled_from([None, "DRIVE", "WALK", "BICYCLE", "TRANSIT"])


@st.composite
def _endpoints(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]]:
    origin = draw(_WAYPOINT)
    destination = origin if draw(st.booleans()) else draw(_WAYPOINT)  # equal ones often
    stops = draw(st.lists(st.one_of(st.just(origin), _WAYPOINT), max_size=3))
    return origin, destination, stops


def _check_routes(payload: dict[str, Any]) -> list[dict[str, Any]]:
    routes = payload["routes"]
    assert isinstance(routes, list)
    for route in routes:
        assert route["distanceMeters"] >= 0
        assert route["duration"].endswith("s") and int(route["duration"][:-1]) >= 1
        if "encodedPolyline" in route:
            assert len(decode(route["encodedPolyline"])) >= 2  # a path, even of zero length
    return routes


def _check_places(payload: dict[str, Any]) -> None:
    assert isinstance(payload["summary"], str)
    assert isinstance(payload["results"], list) and len(payload["results"]) <= 5
    for result in payload["results"]:
        assert result["place"]["id"]


def _named_or(call: Any) -> Any:
    try:
        return call()
    except SandboxToolError as exc:
        event(f"tool error {exc.status}")
        # DEADLINE_EXCEEDED: the emulator's work bound (a pathological route, refused by name)
        assert exc.status in (
            "INVALID_ARGUMENT",
            "NOT_FOUND",
            "FAILED_PRECONDITION",
            "DEADLINE_EXCEEDED",
        )
        if exc.status == "DEADLINE_EXCEEDED":
            assert "work bound was hit" in exc.message
        return None


@given(_endpoints(), _MODES, st.booleans(), st.sampled_from(["coffee", "gas stations", "zzqx"]))
@examples(150)
def test_any_endpoints_give_a_named_error_or_a_valid_answer(
    ends: tuple[dict[str, Any], dict[str, Any], list[dict[str, Any]]],
    mode: str | None,
    alternatives: bool,
    query: str,
) -> None:
    origin, destination, stops = ends
    args: dict[str, Any] = {
        "origin": origin,
        "destination": destination,
        "include_polyline": True,
        "compute_alternative_routes": alternatives,
    }
    if stops:
        args["intermediate_waypoints"] = stops
    if mode:
        args["travel_mode"] = mode
    payload = _named_or(lambda: SANDBOX.call_tool("compute_routes", args))
    routes = _check_routes(payload) if payload is not None else []
    along: dict[str, Any] = {
        "text_query": query,
        "route_endpoints": {"origin": origin, "destination": destination},
    }
    if mode and mode != "TRANSIT":
        along["travel_mode"] = mode
    event("equal endpoints" if origin == destination else "distinct endpoints")
    found = _named_or(lambda: SANDBOX.call_tool("search_along_route", along))
    if found is not None:
        _check_places(found)
    for route in routes[:1]:
        for spec in ("retrievalToken", "encodedPolyline"):
            if spec in route:
                answer = _named_or(
                    lambda spec=spec, route=route: SANDBOX.call_tool(
                        "search_along_route", {"text_query": query, spec: route[spec]}
                    )
                )
                if answer is not None:
                    _check_places(answer)


def test_a_route_from_a_point_to_itself_is_searched_along() -> None:
    """The sample of the issue: both endpoints at one point raised a bare IndexError."""
    here = {"lat_lng": {"latitude": 48.8566, "longitude": 2.3522}}
    found = SANDBOX.call_tool(
        "search_along_route",
        {"text_query": "coffee", "route_endpoints": {"origin": here, "destination": here}},
    )
    assert len(found["results"]) == 5
    route = SANDBOX.call_tool(
        "compute_routes", {"origin": here, "destination": here, "include_polyline": True}
    )["routes"][0]
    assert route["distanceMeters"] == 0 and len(decode(route["encodedPolyline"])) == 2
    for spec in ("retrievalToken", "encodedPolyline"):
        again = SANDBOX.call_tool("search_along_route", {"text_query": "coffee", spec: route[spec]})
        assert len(again["results"]) == 5


# ------------------------------------------------------------------ hostile JSON-RPC bodies
_SURROGATES = ["\\udce9", "\\ud800", "\\udfff\\ud800", "a\\udce9b"]
_HUGE = [
    "9" * 5000,
    "-" + "9" * 5000,
    "1e999999",
    "-1e400",
    "1" + "0" * 400 + ".5",
    "NaN",
    "Infinity",
    "-Infinity",
    "1E+2147483648",
]


def _raw_value(draw: st.DrawFn) -> str:
    """A JSON value as text, odd ones included (numbers Python cannot print, surrogates)."""
    kind = draw(
        st.sampled_from(
            ["json", "json", "text", "place", "huge", "surrogate", "deep", "deep_object"]
        )
    )
    if kind == "text":
        n = draw(st.sampled_from([0, 1, 64, 2048, 2049, 5000, 300_000]))
        return json.dumps(draw(st.sampled_from(["x", " ", "é", "\u0000", "😀"])) * n)
    if kind == "place":
        inner = draw(st.sampled_from(['"Paris"', '"a\\udce9"', '"x"', "1", "null", "[]"]))
        key = draw(st.sampled_from(["address", "place_id", "placeId", "lat_lng", "text"]))
        return draw(st.sampled_from([f'{{"{key}":{inner}}}', f'[{{"{key}":{inner}}}]']))
    if kind == "huge":
        return draw(st.sampled_from(_HUGE))
    if kind == "surrogate":
        return '"' + draw(st.sampled_from(_SURROGATES)) + '"'
    if kind == "deep":
        n = draw(st.sampled_from([20, 100, 1000, 100_000]))
        return "[" * n + "]" * n
    if kind == "deep_object":
        n = draw(st.sampled_from([20, 500, 50_000]))
        return '{"a":' * n + "1" + "}" * n
    value = draw(
        st.recursive(
            st.none()
            | st.booleans()
            | st.integers()
            | st.floats(allow_nan=False)
            | st.text(max_size=20),
            lambda inner: (
                st.lists(inner, max_size=4)
                | st.dictionaries(st.text(max_size=8), inner, max_size=4)
            ),
            max_leaves=10,
        )
    )
    return json.dumps(value)


_METHODS = ["tools/call", "tools/list", "initialize", "ping", "notifications/initialized", "x"]
_TOOLS = [
    "search_places",
    "compute_routes",
    "search_along_route",
    "resolve_names",
    "resolve_maps_urls",
    "lookup_weather",
    "nope",
]
_FIELDS = [
    "text_query",
    "textQuery",
    "origin",
    "destination",
    "queries",
    "urls",
    "location",
    "page_size",
    "capabilities",
    "route_endpoints",
    "encoded_polyline",
    "retrieval_token",
    "intermediate_waypoints",
    "date",
    "hour",
    "location_bias",
]


def _one(draw: st.DrawFn, usual: list[str]) -> str:
    """One of the ``usual`` texts, or (one time in eight) any odd JSON value."""
    return _raw_value(draw) if draw(st.integers(0, 7)) == 0 else draw(st.sampled_from(usual))


@st.composite
def hostile_body(draw: st.DrawFn) -> bytes:
    """A JSON-RPC body with one or more odd parts, or no JSON-RPC at all."""
    shape = draw(st.sampled_from(["message"] * 8 + ["value", "bytes", "batch"]))
    if shape == "bytes":
        return draw(
            st.sampled_from(
                [
                    b"",
                    b"\xff\xfe{",
                    b'{"jsonrpc": "2.0", "id": 1, "method": "tools/list"',
                    b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}\xff',
                    b"\x00" * 10,
                    b"[]",
                    '{"a": "\u00e9"}'.encode("utf-16"),
                ]
            )
        )
    if shape == "value":
        return _raw_value(draw).encode()
    jsonrpc = _one(draw, ['"2.0"'])
    msg_id = _one(draw, ["1", '"a"', "null", "1.5", "-7"])
    method = _one(draw, ['"tools/call"'] * 6 + [f'"{m}"' for m in _METHODS])
    name = _one(draw, [f'"{t}"' for t in _TOOLS])
    fields = draw(st.lists(st.sampled_from(_FIELDS), max_size=3, unique=True))
    arguments = "{" + ",".join(f'"{f}":{_raw_value(draw)}' for f in fields) + "}"
    if draw(st.integers(0, 7)) == 0:
        arguments = _raw_value(draw)
    params = f'{{"name":{name},"arguments":{arguments}}}'
    if draw(st.integers(0, 7)) == 0:
        params = _raw_value(draw)
    parts = [f'"jsonrpc":{jsonrpc}', f'"method":{method}', f'"params":{params}']
    if draw(st.integers(0, 7)):
        parts.append(f'"id":{msg_id}')
    body = "{" + ",".join(draw(st.permutations(parts))) + "}"
    if shape == "batch":
        body = f"[{body},{body}]"
    return body.encode("utf-8", "surrogatepass")


def _outcome(status: int, content: bytes) -> str:
    """How an answer came back, for the statistics."""
    kind = "tool error" if b'"isError":true' in content.replace(b" ", b"") else ""
    kind = kind or ("rpc error" if b'"error"' in content else "")
    return f"HTTP {status} {kind}".strip()


def _is_proper(status: int, headers: Any, content: bytes) -> None:
    """A status other than 5xx, no traceback, and a JSON body (if any) that is JSON-RPC."""
    assert status < 500, (status, content[:300])
    text = content.decode("utf-8", "replace")
    assert "Traceback" not in text and 'File "' not in text, text[:500]
    if not content or "json" not in headers.get("content-type", ""):
        return
    answer = json.loads(content)
    for message in answer if isinstance(answer, list) else [answer]:
        assert message.get("jsonrpc") == "2.0", message
        assert ("result" in message) != ("error" in message), message
        if "error" in message:
            assert isinstance(message["error"]["code"], int)
            assert isinstance(message["error"]["message"], str)


@pytest.fixture(scope="module", params=["stateless", "sessions"])
def served(request: pytest.FixtureRequest) -> Iterator[str]:
    app = build_app(Sandbox(now=NOW), sessions=request.param == "sessions", json_response=True)
    with ServerThread(app) as server:
        yield server.url


@given(hostile_body())
@examples(150)
def test_hostile_bodies_to_the_served_emulator_get_json_rpc_answers(
    served: str, body: bytes
) -> None:
    r = httpx.post(
        served,
        content=body,
        headers={"Content-Type": "application/json", "Accept": "application/json"},
        timeout=60,
    )
    event(_outcome(r.status_code, r.content))
    _is_proper(r.status_code, r.headers, r.content)


@given(hostile_body())
@examples(300)
def test_hostile_bodies_to_the_in_process_endpoint_get_json_rpc_answers(body: bytes) -> None:
    endpoint = McpEndpoint(SANDBOX)
    status, headers, content = endpoint.handle("POST", {}, body)
    event(_outcome(status, content))
    _is_proper(status, headers, content)
