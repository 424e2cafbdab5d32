"""Regressions of issue 15 (items 1-3, 6-7): key hygiene, answer ids, time and size limits,
retry counts and clients never closed — each against a real local server."""

from __future__ import annotations

import asyncio
import copy
import gc
import gzip
import json
import logging
import pickle
import time
import tracemalloc
import warnings
import zlib
from collections.abc import Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb._transport import secrets as _secrets
from mapsnb.errors import DeadlineExceeded, ResponseTooLarge
from tests.servers.fault_server import FaultServer, Recorded, Reply, rpc_result, tool_result
from tests.servers.sdk_server import PAYLOADS
from tests.servers.stall_server import StallServer

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "AIza" + "FAKE-hardening-0123456789abcdefghijklm"  # fake, split so no scanner flags it
ARGS = {"text_query": "pizza in New York"}


def _no_key(text: str, key: str = KEY) -> None:
    """Neither the key nor any 12-character run of it, in any case."""
    low = text.lower()
    for i in range(len(key) - 11):
        assert key[i : i + 12].lower() not in low, f"key fragment {i} leaked"


# ---------------------------------------------------------------------------- key hygiene
@pytest.mark.parametrize("raw", [KEY + "\n", KEY + "\r\n", f"  {KEY}\t", "\n" + KEY])
def test_key_read_from_a_file_is_stripped(fault: FaultServer, raw: str) -> None:
    with mapsnb.Client(raw, url=fault.url, protocol="stateless") as client:
        client.call_tool("search_places", ARGS)
        assert repr(client).count("***") == 1
    assert fault.calls("tools/call")[0].headers["x-goog-api-key"] == KEY


@pytest.mark.parametrize(
    "bad", [KEY[:10] + "\x00" + KEY[10:], KEY + "\u200b", "é" + KEY, KEY[:5] + "\n" + KEY[5:]]
)
def test_key_with_hidden_characters_is_refused_without_echo(bad: str) -> None:
    with pytest.raises(mapsnb.InvalidRequest) as info:
        mapsnb.Client(bad, url="http://127.0.0.1:9/mcp")
    assert info.value.field == "api_key"
    assert "position" in info.value.rule
    for text in (str(info.value), repr(info.value), repr(info.value.args)):
        _no_key(text)


def test_blank_key_is_refused_and_blank_env_key_is_unset(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(mapsnb.InvalidRequest, match="api_key: is blank"):
        mapsnb.Client(" \n", url="http://127.0.0.1:9/mcp")
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", "\n")
    with mapsnb.Client() as client:
        assert client.is_sandbox


def _variants() -> list[str]:
    return [KEY.lower(), KEY.upper(), KEY[3:], KEY[:-4], KEY[7:-7].swapcase(), KEY[-12:]]


@pytest.mark.parametrize("echo", _variants())
def test_key_echoed_changed_or_truncated_is_redacted_everywhere(
    fault: FaultServer, echo: str, caplog: pytest.LogCaptureFixture
) -> None:
    message = f"API key '{echo}' is not valid"
    fault.on(
        "tools/call", lambda r: rpc_result(r, {**tool_result({"m": message}), "isError": True})
    )
    fault.on("tools/call", Reply(200, f"<html>{message}</html>", content_type="text/html"))
    fault.on("tools/call", *[Reply(503, message, content_type="text/plain")] * 2)
    places = copy.deepcopy(PAYLOADS["search_places"])
    places["summary"] = f"<p>{message} [0]</p>"
    places["places"][0]["attribution"] = {"title": message, "url": f"https://x.test/?k={echo}"}
    fault.on("tools/call", lambda r: rpc_result(r, tool_result(places)))
    seen: list[str] = []
    with (
        caplog.at_level(logging.DEBUG),
        mapsnb.Client(KEY, url=fault.url, protocol="stateless", max_retries=1) as client,
    ):
        for exc_type in (mapsnb.ToolError, mapsnb.ProtocolError, mapsnb.TransportError):
            with pytest.raises(exc_type) as info:
                client.call_tool("search_places", ARGS)
            exc = info.value
            seen += [str(exc), repr(exc), repr(exc.args), repr(vars(exc))]
            from mapsnb.widgets._base import failure_html

            seen.append(failure_html(exc))
            seen.append(failure_html(RuntimeError(message)))  # forms' error line, any exception
        result = client.search_places("pizza")
        seen += [repr(result), json.dumps(result.raw), str(pickle.dumps(result))]
        frame = result.to_frame()
        seen += [repr(frame.attrs), frame.to_csv(), str(pickle.dumps(frame))]
        logging.getLogger("httpcore.http11").debug("headers=%r", {"x-goog-api-key": echo})
        try:
            raise RuntimeError(message)
        except RuntimeError:
            logging.getLogger("mapsnb").exception("failed")
    seen.append(caplog.text)
    seen += [r.getMessage() for r in caplog.records]
    for text in seen:
        _no_key(text)
    assert "***" in caplog.text


def test_credentials_cannot_be_pickled() -> None:
    with mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp") as client:
        with pytest.raises(TypeError, match="cannot be pickled") as info:
            pickle.dumps(client._key)
        _no_key(str(info.value))


def test_redact_catches_runs_not_short_words() -> None:
    secret = _secrets.secret(KEY)
    text = f"!{KEY[5:30].upper()}! {KEY[:11]} unrelated"
    assert _secrets.redact(text) == f"!***! {KEY[:11]} unrelated"  # 11 characters are too few
    assert _secrets.redact(KEY + KEY) == "******"
    del secret


# ---------------------------------------------------------------------------- answer ids
@pytest.mark.parametrize("other", [lambda i: i + 1000, lambda i: str(i), lambda i: True])
def test_json_answer_to_another_request_is_refused(fault: FaultServer, other: Any) -> None:
    def wrong(req: Recorded) -> Reply:
        body = {"jsonrpc": "2.0", "id": other(req.rpc_id), "result": tool_result({"x": 1})}
        return Reply(200, json.dumps(body))

    fault.on("tools/call", wrong)
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.ProtocolError, match="request id"),
    ):
        client.call_tool("search_places", ARGS)


# ---------------------------------------------------------------------------- time limits
@pytest.fixture
def trickle() -> Iterator[StallServer]:
    """Answers every request with a 400-byte body sent one byte every 0.05 s (never idle long)."""
    with StallServer("body", interval=0.05, body_bytes=400) as server:
        yield server


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_timeout_bounds_the_whole_answer_not_each_read(trickle: StallServer, flavour: str) -> None:
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded) as info:
        if flavour == "sync":
            with mapsnb.Client(
                KEY, url=trickle.url, protocol="stateless", timeout=0.5, max_retries=1
            ) as c:
                c.call_tool("search_places", ARGS)
        else:

            async def main() -> None:
                async with mapsnb.AsyncClient(
                    KEY, url=trickle.url, protocol="stateless", timeout=0.5, max_retries=1
                ) as c:
                    await c.call_tool("search_places", ARGS)

            asyncio.run(main())
    elapsed = time.monotonic() - start
    assert isinstance(info.value, mapsnb.TransportError)
    assert "failed after 2 attempt(s)" in str(info.value)
    assert trickle.connections == 2
    assert elapsed < trickle.duration / 4  # each read was quick; the whole answer was not


def test_deadline_bounds_the_whole_call_with_retries(
    fault: FaultServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mapsnb.settings, "backoff_base", 0.2)
    fault.on("tools/call", *[Reply(503, "busy")] * 40)
    with (
        mapsnb.Client(
            KEY, url=fault.url, protocol="stateless", max_retries=30, deadline=1.0
        ) as client,
        pytest.raises(DeadlineExceeded, match="deadline"),
    ):
        client.call_tool("search_places", ARGS)
    assert 1 < len(fault.calls("tools/call")) < 30


@pytest.mark.parametrize("value", [0, -1, float("nan"), "5", True])
def test_deadline_and_size_limit_are_checked(value: object) -> None:
    for name in ("deadline", "max_response_bytes"):
        with pytest.raises(mapsnb.InvalidRequest, match=name):
            mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp", **{name: value})  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- size limits
def _bomb(size: int) -> bytes:
    return gzip.compress(b"{" + b" " * size + b"}", compresslevel=9)


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_gzip_bomb_is_not_inflated_past_the_limit(fault: FaultServer, flavour: str) -> None:
    bomb = _bomb(50_000_000)
    assert len(bomb) < 100_000
    fault.on("tools/call", Reply(200, bomb, headers={"Content-Encoding": "gzip"}))
    tracemalloc.start()
    try:
        with pytest.raises(ResponseTooLarge, match="20,000,000 bytes"):
            if flavour == "sync":
                with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
                    client.call_tool("search_places", ARGS)
            else:

                async def main() -> None:
                    async with mapsnb.AsyncClient(KEY, url=fault.url, protocol="stateless") as c:
                        await c.call_tool("search_places", ARGS)

                asyncio.run(main())
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 45_000_000  # the limit (20 MB) plus working room, never the 50 MB inflated
    assert len(fault.calls("tools/call")) == 1  # not retried: the same answer would come again


@pytest.mark.parametrize("encoding", ["gzip", "deflate", "raw-deflate", "identity"])
def test_compressed_answers_within_the_limit_are_read(fault: FaultServer, encoding: str) -> None:
    def answer(req: Recorded) -> Reply:
        body = rpc_result(req, tool_result({"ok": "yes" * 100})).body
        data = body.encode() if isinstance(body, str) else body
        if encoding == "gzip":
            data = gzip.compress(data)
        elif encoding == "deflate":
            data = zlib.compress(data)
        elif encoding == "raw-deflate":
            c = zlib.compressobj(wbits=-zlib.MAX_WBITS)
            data = c.compress(data) + c.flush()
        name = "deflate" if encoding == "raw-deflate" else encoding
        return Reply(200, data, headers={"Content-Encoding": name})

    fault.on("tools/call", answer)
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        assert client.call_tool("search_places", ARGS) == {"ok": "yes" * 100}


def test_max_response_bytes_is_configurable(fault: FaultServer) -> None:
    fault.on("tools/call", lambda r: rpc_result(r, tool_result({"pad": "x" * 5000})))
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless", max_response_bytes=2000) as client,
        pytest.raises(ResponseTooLarge),
    ):
        client.call_tool("search_places", ARGS)
    fault.on("tools/call", Reply(200, b"\x1f\x8b garbage", headers={"Content-Encoding": "gzip"}))
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.ProtocolError, match="corrupt"),
    ):
        client.call_tool("search_places", ARGS)


# ---------------------------------------------------------------------------- retries, closing
def test_retries_that_may_repeat_a_billable_call_are_counted(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(503), Reply(429), Reply(502))
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        client.call_tool("search_places", ARGS)
        client.list_tools()
        assert client._stats.retries == {"search_places": 3}
        assert client._stats.repeated_calls == {"search_places": 2}  # 5xx: it may have run


def test_a_timed_out_call_retried_counts_as_repeated(trickle: StallServer) -> None:
    with (
        mapsnb.Client(
            KEY, url=trickle.url, protocol="stateless", timeout=0.3, max_retries=2
        ) as client,
        pytest.raises(DeadlineExceeded),
    ):
        client.call_tool("search_places", ARGS)
    assert client._stats.repeated_calls["search_places"] == 2


def test_a_client_never_closed_releases_its_sockets(fault: FaultServer) -> None:
    client = mapsnb.Client(KEY, url=fault.url, protocol="session")
    client.call_tool("search_places", ARGS)
    finalizer, http = client._finalizer, client._http
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        del client
        gc.collect()
    assert not finalizer.alive
    assert http.is_closed
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_an_async_client_never_closed_is_closed_on_its_running_loop(fault: FaultServer) -> None:
    async def main() -> Any:
        client = mapsnb.AsyncClient(KEY, url=fault.url, protocol="stateless")
        await client.call_tool("search_places", ARGS)
        http = client._http
        del client
        gc.collect()
        for _ in range(20):
            await asyncio.sleep(0.01)
        return http

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        http = asyncio.run(main())
    assert http.is_closed
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_closed_client_says_so() -> None:
    client = mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp", protocol="stateless")
    client.close()
    with pytest.raises(mapsnb.MapsnbError, match="closed"):
        client.call_tool("search_places", ARGS)


# ---------------------------------------------------------------------------- call_tool
@pytest.mark.parametrize(
    ("name", "arguments", "field"),
    [
        ("search_places", {"x": float("nan")}, "arguments"),
        ("search_places", {"x": [float("inf")]}, "arguments"),
        ("search_places", {"x": object()}, "arguments"),
        ("sëarch_places", {}, "name"),
        ("", {}, "name"),
        ("a b", {}, "name"),
    ],
)
def test_call_tool_refuses_what_cannot_be_sent(name: str, arguments: dict, field: str) -> None:
    with (
        mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp") as client,
        pytest.raises(mapsnb.InvalidRequest) as info,
    ):
        client.call_tool(name, arguments)
    assert info.value.field == field


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"quota_project": "projé"}, "quota_project"),
        ({"token": "tok\u200ben-0123456789abc"}, "token"),
        ({"headers": {"X-Extra": f"{KEY[:5]}\u00a0{KEY[5:]}"}}, "headers['X-Extra']"),
    ],
)
def test_other_header_values_with_hidden_characters_are_refused(
    kwargs: dict[str, Any], field: str
) -> None:
    with pytest.raises(mapsnb.InvalidRequest) as info:
        mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp", **kwargs)
    assert info.value.field == field
    _no_key(str(info.value))


# ---------------------------------------------------------------------------- odd protocol bodies
@pytest.mark.parametrize("error", ["boom", None, 5, ["x"]])
def test_a_jsonrpc_error_that_is_not_an_object_is_a_tool_error(
    fault: FaultServer, error: Any
) -> None:
    fault.on(
        "tools/call",
        lambda r: Reply(200, json.dumps({"jsonrpc": "2.0", "id": r.rpc_id, "error": error})),
    )
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.ToolError) as info,
    ):
        client.call_tool("search_places", ARGS)
    assert info.value.status == "UNKNOWN"


@pytest.mark.parametrize(
    ("result", "works"),
    [("not an object", False), ([1], False), ({"protocolVersion": 20251125}, True)],
)
def test_odd_initialize_results(fault: FaultServer, result: Any, works: bool) -> None:
    fault.on("initialize", lambda r: rpc_result(r, result))
    with mapsnb.Client(KEY, url=fault.url, protocol="session") as client:
        if works:  # a numeric protocolVersion: the client keeps its own
            assert client.call_tool("search_places", ARGS)["_echo"] == ARGS
            assert client._negotiated == mapsnb.settings.session_protocol_version
        else:
            with pytest.raises(mapsnb.ProtocolError, match="not an object"):
                client.call_tool("search_places", ARGS)


@pytest.mark.parametrize("body", ["[" * 5000 + "]" * 5000, '{"a":' * 5000 + "1" + "}" * 5000])
@pytest.mark.parametrize("ctype", ["application/json", "text/event-stream"])
def test_json_nested_thousands_deep_is_a_protocol_error(
    fault: FaultServer, body: str, ctype: str
) -> None:
    if ctype == "text/event-stream":
        body = f"event: message\ndata: {body}\n\n"
    fault.on("tools/call", Reply(200, body, content_type=ctype))
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.ProtocolError),
    ):
        client.call_tool("search_places", ARGS)


def test_a_session_renewal_is_not_a_retry_in_usage(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="session") as client:
        client.call_tool("search_places", ARGS)
        fault.live_sessions.clear()  # the server forgets the session
        assert client.call_tool("search_places", ARGS)["_echo"] == ARGS
        usage = client.usage.set_index("tool").loc["search_places"]
        assert int(usage["calls"]) == 2 and int(usage["retries"]) == 0
        assert not client._stats.retries
    assert len(fault.calls("initialize")) == 2


def test_a_batch_of_a_client_with_a_session_renews_it(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="session") as client:
        client.call_tool("search_places", ARGS)
        fault.live_sessions.clear()
        frame = client.batch.resolve_maps_urls([f"https://maps.app.goo.gl/{i}" for i in range(3)])
        assert len(frame) == 3
        assert client.call_tool("search_places", ARGS)["_echo"] == ARGS
