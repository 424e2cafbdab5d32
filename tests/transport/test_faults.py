"""The client against a real HTTP server scripted to misbehave: retries, errors, bad bodies, secrets."""

from __future__ import annotations

import asyncio
import json
import logging
import socket
from collections.abc import Iterator

import httpx
import pytest

import mapsnb
from mapsnb._transport import protocol as proto
from tests.servers.fault_server import (
    FaultServer,
    Recorded,
    Reply,
    rpc_error,
    rpc_result,
    sse_body,
    tool_result,
)

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "FAKE-mapsnb-test-key-0123456789abcdefghijklmnop"
ARGS = {"text_query": "pizza in New York"}
PAGE_SIZE_MSG = "page_size must be between 1 and 10"


@pytest.fixture
def errors() -> Iterator[list[BaseException]]:
    """Collect every exception a test raised; none may show the API key."""
    seen: list[BaseException] = []
    yield seen
    for exc in seen:
        assert KEY not in str(exc)
        assert KEY not in repr(exc)
        assert KEY not in repr(exc.args)
        assert KEY not in str(getattr(exc, "snippet", ""))
        assert KEY not in repr(getattr(exc, "details", ""))


def _client(fault: FaultServer, **kwargs: object) -> mapsnb.Client:
    kwargs.setdefault("protocol", "stateless")
    return mapsnb.Client(KEY, url=fault.url, **kwargs)  # type: ignore[arg-type]


def _fail(
    fault: FaultServer, errors: list[BaseException], exc_type: type[Exception], **kwargs: object
) -> Exception:
    """Call search_places (raw) and return the exception it must raise."""
    with _client(fault, **kwargs) as client, pytest.raises(exc_type) as info:
        client.call_tool("search_places", ARGS)
    errors.append(info.value)
    return info.value


# ---------------------------------------------------------------------------------- retries
def test_429_honours_retry_after(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(429, '{"error": {"code": 429}}', headers={"Retry-After": "1"}))
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS)["_echo"] == ARGS
    first, second = fault.calls("tools/call")
    assert second.at - first.at >= 0.9  # waited for Retry-After, not the 0.01 s backoff


@pytest.mark.parametrize("when", ["Wed, 21 Oct 2015 07:28:00 -0000", "Wed, 21 Oct 2015 07:28:00"])
def test_retry_after_date_without_zone_is_gmt(fault: FaultServer, when: str) -> None:
    # a past HTTP date means "now"; one without a usable zone must not crash the retry loop
    fault.on("tools/call", Reply(429, "{}", headers={"Retry-After": when}))
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS)["ok"] is True
    assert proto.retry_after(httpx.Response(429, headers={"Retry-After": when})) == 0.0


def test_503_twice_then_success(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(503, "busy"), Reply(503, "busy"))
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS)["ok"] is True
    assert len(fault.calls("tools/call")) == 3


def test_retries_are_resent_identically(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(502), Reply(504))
    with _client(fault) as client:
        client.call_tool("search_places", ARGS)
    bodies = [r.json for r in fault.calls("tools/call")]
    assert len(bodies) == 3
    assert bodies[0] == bodies[1] == bodies[2]


def test_503_forever_gives_transport_error(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", *[Reply(503, "Service Unavailable")] * 10)
    exc = _fail(fault, errors, mapsnb.TransportError, max_retries=2)
    assert len(fault.calls("tools/call")) == 3
    assert "503" in str(exc)
    assert "3 attempt" in str(exc)


def test_429_forever_gives_rate_limited(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", *[Reply(429, headers={"Retry-After": "0"})] * 10)
    exc = _fail(fault, errors, mapsnb.RateLimited, max_retries=2)
    assert isinstance(exc, mapsnb.RateLimited)
    assert exc.retry_after == 0.0
    assert len(fault.calls("tools/call")) == 3


def test_connect_error_gives_transport_error(errors: list) -> None:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"http://127.0.0.1:{port}/mcp"
    with (
        mapsnb.Client(KEY, url=url, protocol="stateless", max_retries=1) as client,
        pytest.raises(mapsnb.TransportError) as info,
    ):
        client.list_tools()
    errors.append(info.value)
    assert "network error" in str(info.value)
    assert "2 attempt" in str(info.value)


def test_stalled_response_times_out(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", Reply(delay=3.0), Reply(delay=3.0))
    exc = _fail(fault, errors, mapsnb.TransportError, timeout=0.5, max_retries=1)
    assert "timed out" in str(exc)
    assert len(fault.calls("tools/call")) == 2


def test_async_retries_and_timeout(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", Reply(503), Reply(delay=3.0), Reply(delay=3.0))

    async def run() -> None:
        async with mapsnb.AsyncClient(
            KEY, url=fault.url, protocol="stateless", timeout=0.5, max_retries=2
        ) as client:
            with pytest.raises(mapsnb.TransportError) as info:
                await client.call_tool("search_places", ARGS)
            errors.append(info.value)
            assert "timed out" in str(info.value)

    asyncio.run(run())
    assert len(fault.calls("tools/call")) == 3


# --------------------------------------------------------------------------------- sessions
def test_404_on_session_reinitializes_once(fault: FaultServer) -> None:
    def forget(req: Recorded) -> Reply:
        fault.live_sessions.clear()  # the server forgot every session
        return Reply(404, json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32001}}))

    fault.on("tools/call", forget)
    with _client(fault, protocol="session") as client:
        assert client.call_tool("search_places", ARGS)["_echo"] == ARGS
    assert len(fault.calls("initialize")) == 2
    calls = fault.calls("tools/call")
    assert [c.headers["mcp-session-id"] for c in calls] == ["sess-1", "sess-2"]
    assert fault.calls("DELETE")[0].headers["mcp-session-id"] == "sess-2"


def test_404_after_reinitializing_gives_up(fault: FaultServer, errors: list) -> None:
    gone = {"jsonrpc": "2.0", "id": None, "error": {"code": -32001, "message": "Session not found"}}
    renewals = mapsnb.settings.session_renewals  # a call renews a forgotten session this often
    fault.on("tools/call", *[Reply(404, json.dumps(gone))] * (renewals + 2))
    exc = _fail(fault, errors, mapsnb.ProtocolError, protocol="session")
    assert "Session not found" in str(exc)
    assert "forgot the session" in str(exc)
    assert len(fault.calls("initialize")) == 1 + renewals
    assert len(fault.calls("tools/call")) == 1 + renewals


def test_404_without_session_points_at_url(fault: FaultServer, errors: list) -> None:
    fault.on(
        "tools/call", Reply(404, "<html><body>Not Found</body></html>", content_type="text/html")
    )
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert "/mcp" in str(exc)
    assert "Not Found" in exc.snippet
    assert len(fault.calls("tools/call")) == 1


# ------------------------------------------------------------------------- tool-level errors
def test_http_400_jsonrpc_error(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", lambda r: rpc_error(r, -32602, f"INVALID_ARGUMENT: {PAGE_SIZE_MSG}"))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert (exc.status, exc.code, exc.message) == ("INVALID_ARGUMENT", 3, PAGE_SIZE_MSG)
    assert exc.tool == "search_places"
    assert len(fault.calls("tools/call")) == 1  # a 400 is not retried


def test_http_400_jsonrpc_error_with_status_data(fault: FaultServer, errors: list) -> None:
    data = {"code": 3, "status": "INVALID_ARGUMENT", "message": PAGE_SIZE_MSG}
    fault.on("tools/call", lambda r: rpc_error(r, -32602, "Invalid params", data))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert (exc.status, exc.code, exc.message) == ("INVALID_ARGUMENT", 3, PAGE_SIZE_MSG)
    assert exc.details == data


def test_jsonrpc_error_without_status(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", lambda r: rpc_error(r, -32602, "Invalid params: text_query", status=200))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert exc.status == "INVALID_ARGUMENT"  # from the JSON-RPC code
    assert "text_query" in exc.message


def test_google_style_error_body(fault: FaultServer, errors: list) -> None:
    # not JSON-RPC: a Google API error; the server reported a status, so it is a ToolError
    body = {"error": {"code": 400, "status": "INVALID_ARGUMENT", "message": PAGE_SIZE_MSG}}
    fault.on("tools/call", Reply(400, json.dumps(body)))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert exc.status == "INVALID_ARGUMENT"
    assert exc.code == 3
    assert PAGE_SIZE_MSG in str(exc)


def test_is_error_result(fault: FaultServer, errors: list) -> None:
    result = {"content": [{"type": "text", "text": f"INVALID_ARGUMENT: {PAGE_SIZE_MSG}"}]}
    fault.on("tools/call", lambda r: rpc_result(r, {**result, "isError": True}))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert (exc.status, exc.code, exc.message) == ("INVALID_ARGUMENT", 3, PAGE_SIZE_MSG)


def test_is_error_result_with_json_text(fault: FaultServer, errors: list) -> None:
    text = json.dumps({"error": {"code": 5, "status": "NOT_FOUND", "message": "no such place"}})
    fault.on(
        "tools/call",
        lambda r: rpc_result(r, {"content": [{"type": "text", "text": text}], "isError": True}),
    )
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert (exc.status, exc.code, exc.message) == ("NOT_FOUND", 5, "no such place")


def test_tool_error_from_typed_method(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", lambda r: rpc_error(r, -32602, f"INVALID_ARGUMENT: {PAGE_SIZE_MSG}"))
    with _client(fault) as client, pytest.raises(mapsnb.ToolError) as info:
        client.search_places("pizza in New York", page_size=3)
    errors.append(info.value)
    assert info.value.status == "INVALID_ARGUMENT"


def test_invalid_request_sends_nothing(fault: FaultServer) -> None:
    with _client(fault) as client, pytest.raises(mapsnb.InvalidRequest):
        client.search_places("pizza", page_size=11)
    assert fault.requests == []


# ------------------------------------------------------------------------------ bad bodies
def test_sse_without_final_blank_line(fault: FaultServer, errors: list) -> None:
    def reply(r: Recorded) -> Reply:
        body = sse_body({"jsonrpc": "2.0", "id": r.rpc_id, "result": tool_result({"a": 1})})
        return Reply(200, body[:-1], content_type="text/event-stream")  # drop the blank line

    fault.on("tools/call", reply)
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert "truncated" in str(exc)
    assert exc.snippet.startswith("event: message\ndata: {")


def test_sse_connection_closed_mid_event(fault: FaultServer, errors: list) -> None:
    def reply(r: Recorded) -> Reply:
        body = sse_body({"jsonrpc": "2.0", "id": r.rpc_id, "result": tool_result({"a": 1})})
        return Reply(200, body[:40], content_type="text/event-stream", truncate=True)

    fault.on("tools/call", reply)
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert "truncated" in str(exc)
    assert exc.snippet.startswith("event: message")


def test_chunked_body_cut_is_a_transport_error(fault: FaultServer, errors: list) -> None:
    # a chunked body whose final chunk never comes: httpx sees an incomplete message and the
    # client treats it like any network failure (retried, then TransportError)
    cut = Reply(
        200, "event: message\ndata: {", content_type="text/event-stream", abort_chunked=True
    )
    fault.on("tools/call", cut, cut)
    exc = _fail(fault, errors, mapsnb.TransportError, max_retries=1)
    assert "network error" in str(exc)
    assert len(fault.calls("tools/call")) == 2


def test_html_body_is_protocol_error(fault: FaultServer, errors: list) -> None:
    html = "<!DOCTYPE html><html><head><title>Welcome</title></head><body>hi</body></html>"
    fault.on("tools/call", Reply(200, html, content_type="text/html; charset=utf-8"))
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert exc.snippet.startswith("<!DOCTYPE html>")
    assert "not JSON" in str(exc)
    assert "/mcp" in str(exc)


def test_json_that_is_not_jsonrpc(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", Reply(200, '{"hello": "world"}'))
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert "hello" in exc.snippet


def test_sse_data_that_is_not_json(fault: FaultServer, errors: list) -> None:
    fault.on("tools/call", Reply(200, "data: <oops>\n\n", content_type="text/event-stream"))
    exc = _fail(fault, errors, mapsnb.ProtocolError)
    assert exc.snippet == "<oops>"


# -------------------------------------------------------------------------------- auth
def test_401_auth_error_with_fix(fault: FaultServer, errors: list) -> None:
    body = {"error": {"code": 401, "message": "API key not valid.", "status": "UNAUTHENTICATED"}}
    fault.on("tools/call", Reply(401, json.dumps(body)))
    exc = _fail(fault, errors, mapsnb.AuthError)
    assert exc.status_code == 401
    assert "API key not valid." in str(exc)
    assert exc.cause == "invalid_key" and "GOOGLE_MAPS_API_KEY" in str(exc)
    assert len(fault.calls("tools/call")) == 1


def test_403_mcp_policy(fault: FaultServer, errors: list) -> None:
    message = "MCP policy denies access to mapstools.googleapis.com"
    fault.on("initialize", Reply(403, json.dumps({"error": {"code": 403, "message": message}})))
    exc = _fail(fault, errors, mapsnb.AuthError, protocol="session")
    assert exc.status_code == 403
    assert message in str(exc)
    assert "gcloud beta services mcp enable mapstools.googleapis.com" in str(exc)


def test_401_plain_text(fault: FaultServer, errors: list) -> None:
    fault.on("tools/list", Reply(401, "Unauthorized: bad credentials", content_type="text/plain"))
    with _client(fault) as client, pytest.raises(mapsnb.AuthError) as info:
        client.list_tools()
    errors.append(info.value)
    assert "bad credentials" in str(info.value)


# ------------------------------------------------------------------------- payload rule
def _answer(result: dict) -> object:
    return lambda r: rpc_result(r, result)


def test_payload_prefers_structured_content(fault: FaultServer) -> None:
    result = {
        "content": [{"type": "text", "text": '{"from": "text"}'}],
        "structuredContent": {"from": "structured"},
    }
    fault.on("tools/call", _answer(result))
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS) == {"from": "structured"}


def test_payload_json_text(fault: FaultServer) -> None:
    fault.on("tools/call", _answer(tool_result({"places": []}, structured=False)))
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS) == {"places": []}


def test_payload_raw_text(fault: FaultServer, errors: list) -> None:
    text = "Here are some places: Joe's Pizza."
    fault.on(
        "tools/call",
        _answer(tool_result(text, structured=False)),
        _answer(tool_result(text, structured=False)),
    )
    with _client(fault) as client:  # issue 20.3: a notice, never a payload, from call_tool too
        with pytest.raises(mapsnb.ToolError) as raw:
            client.call_tool("search_places", ARGS)
        with pytest.raises(mapsnb.ToolError) as info:
            client.search_places("pizza in New York")
    errors.append(info.value)
    assert "Joe's Pizza" in raw.value.message and "Joe's Pizza" in info.value.message


def test_payload_several_text_blocks(fault: FaultServer) -> None:
    content = [{"type": "text", "text": "first line"}, {"type": "text", "text": "second line"}]
    fault.on("tools/call", _answer({"content": content}))
    with _client(fault) as client, pytest.raises(mapsnb.ToolError) as info:
        client.call_tool("search_places", ARGS)
    assert info.value.message == "first line\nsecond line"


def test_sse_multiline_data_notification_and_comments(fault: FaultServer) -> None:
    def reply(r: Recorded) -> Reply:
        message = {"jsonrpc": "2.0", "id": r.rpc_id, "result": tool_result({"places": [1, 2]})}
        lines = json.dumps(message, indent=1).split("\n")
        body = (
            ": keep-alive comment\n\n"
            "event: message\n"
            'data: {"jsonrpc": "2.0", "method": "notifications/progress", "params": {}}\n\n'
            ": another comment\r\n"
            "id: 7\r\n"
            "event: message\r\n" + "".join(f"data: {line}\r\n" for line in lines) + "\r\n"
        )
        return Reply(200, body, content_type="text/event-stream")

    fault.on("tools/call", reply)
    with _client(fault) as client:
        assert client.call_tool("search_places", ARGS) == {"places": [1, 2]}


def test_parse_sse_joins_data_lines() -> None:
    assert proto.parse_sse("data: a\ndata:b\n: c\n\ndata: tail") == ["a\nb"]


# -------------------------------------------------------------------------------- secrets
def test_key_not_in_repr() -> None:
    client = mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp")
    assert KEY not in repr(client)
    assert KEY not in str(vars(client))
    client.close()


def test_key_echoed_by_server_is_redacted(fault: FaultServer, errors: list) -> None:
    echo = f"API key {KEY} is not valid for this project"
    fault.on("tools/call", *[Reply(503, echo, content_type="text/plain")] * 2)
    _fail(fault, errors, mapsnb.TransportError, max_retries=1)
    fault.on("tools/call", Reply(200, f"<html>{echo}</html>", content_type="text/html"))
    _fail(fault, errors, mapsnb.ProtocolError)
    fault.on("tools/call", Reply(401, json.dumps({"error": {"message": echo}})))
    _fail(fault, errors, mapsnb.AuthError)
    fault.on("tools/call", lambda r: rpc_error(r, -32602, f"INVALID_ARGUMENT: {echo}"))
    _fail(fault, errors, mapsnb.ToolError)
    assert len(errors) == 4


def test_key_echoed_in_error_details_is_redacted(fault: FaultServer, errors: list) -> None:
    echo = {"reason": "API_KEY_INVALID", "metadata": {"key": KEY}, "links": [f"key={KEY}"]}
    fault.on("tools/call", lambda r: rpc_error(r, -32602, "Invalid params", echo))
    exc = _fail(fault, errors, mapsnb.ToolError)
    assert exc.details == {
        "reason": "API_KEY_INVALID",
        "metadata": {"key": "***"},
        "links": ["key=***"],
    }  # type: ignore[attr-defined]
    bad = {"error": {"code": 3, "message": "bad key", "details": [echo]}}
    fault.on("tools/call", lambda r: rpc_result(r, {**tool_result(bad), "isError": True}))
    auth = _fail(fault, errors, mapsnb.AuthError)  # an invalid key in a 200 result (issue 20.3)
    assert auth.details[0]["metadata"] == {"key": "***"}  # type: ignore[attr-defined]


def test_key_not_in_debug_logs(
    fault: FaultServer, caplog: pytest.LogCaptureFixture, errors: list
) -> None:
    fault.on("tools/call", Reply(503), Reply(503))  # logs a retry, then succeeds
    with caplog.at_level(logging.DEBUG):
        for name in ("httpx", "httpcore", "mapsnb"):
            logging.getLogger(name).setLevel(logging.DEBUG)
        with _client(fault, protocol="session") as client:
            client.call_tool("search_places", ARGS)
        fault.on("tools/call", *[Reply(503, f"bad key {KEY}")] * 3)
        _fail(fault, errors, mapsnb.TransportError, protocol="session", max_retries=2)
        logging.getLogger("httpcore.http11").debug("headers=%r", {"x-goog-api-key": KEY})
    assert "'x-goog-api-key': '***'" in caplog.records[-1].getMessage()  # the filter works
    loggers = {r.name.split(".")[0] for r in caplog.records}
    assert {"httpx", "httpcore", "mapsnb"} <= loggers
    assert any("retry" in r.getMessage() for r in caplog.records if r.name == "mapsnb")
    assert KEY not in caplog.text
    for record in caplog.records:
        assert KEY not in record.getMessage()
