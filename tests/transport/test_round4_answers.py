"""Issue 32 items 5-7 over real local servers: odd but valid answers (a 5,000-digit number, a
lying charset, a lone surrogate) fail or read as named mapsnb outcomes on every reader; a stream
kept open after its response event ends the call at once; ``aclose()`` is bounded like
``close()`` against a trickled DELETE answer."""

from __future__ import annotations

import asyncio
import json
import time
import warnings
from collections.abc import Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb.errors import PayloadShapeWarning, ProtocolError
from tests.servers.fault_server import FaultServer, Recorded, Reply
from tests.servers.linger_server import LingerServer

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "AIza" + "FAKE-round4-answers-0123456789abcdef"
HUGE = "9" * 5000


def _body(req: Recorded, payload: str, *, sse: bool = False, charset: str | None = None) -> Reply:
    """A tools/call answer whose payload is the JSON text ``payload`` (numbers kept as written)."""
    message = '{"jsonrpc": "2.0", "id": %d, "result": {"content": [], "structuredContent": %s}}'
    text = message % (req.rpc_id, payload)
    ctype = "text/event-stream" if sse else "application/json"
    if sse:
        text = f"event: message\ndata: {text}\n\n"
    if charset:
        ctype += f"; charset={charset}"
    return Reply(200, text.encode("utf-8", "surrogatepass"), content_type=ctype)


def _places(lng: str = "2.5", name: str = "Café Luna") -> str:
    """A search_places payload as JSON text; ``name`` and ``lng`` go in as written (escapes,
    raw UTF-8, thousands of digits)."""
    place = f'{{"id": "ChIJ1", "place": "places/ChIJ1", "displayName": {{"text": "{name}"}}, '
    return f'{{"places": [{place}"location": {{"latitude": 1.5, "longitude": {lng}}}}}]}}'


def _call(url: str, flavour: str, query: str = "cafe") -> Any:
    if flavour == "sync":
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            return client.search_places(query)

    async def run() -> Any:
        async with mapsnb.AsyncClient(KEY, url=url, protocol="stateless") as client:
            return await client.search_places(query)

    return asyncio.run(run())


# ------------------------------------------------------------------- item 5: odd numbers
@pytest.mark.parametrize("flavour", ["sync", "async"])
@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("where", ["payload", "text_block", "error"])
def test_a_5000_digit_number_is_a_protocol_error(
    fault: FaultServer, flavour: str, sse: bool, where: str
) -> None:
    def respond(req: Recorded) -> Reply:
        if where == "payload":
            return _body(req, _places(HUGE), sse=sse)
        if where == "text_block":
            text = json.dumps(_places(HUGE))
            body = '{"jsonrpc": "2.0", "id": %d, "result": {"content": [{"type": "text", '
            body = (body + '"text": %s}]}}') % (req.rpc_id, text)
        else:
            body = '{"jsonrpc": "2.0", "id": %d, "error": {"code": %s, "message": "x"}}'
            body %= (req.rpc_id, HUGE)
        if sse:
            return Reply(200, f"data: {body}\n\n", content_type="text/event-stream")
        return Reply(200, body)

    fault.on("tools/call", respond)
    with pytest.raises(ProtocolError, match="number") as info:
        _call(fault.url, flavour)
    assert len(str(info.value)) < 1000  # not the 5,000 digits


def test_a_5000_digit_number_fails_its_batch_row_only(fault: FaultServer) -> None:
    def respond(req: Recorded) -> Reply:
        query = req.json["params"]["arguments"]["text_query"]
        return _body(req, _places(HUGE if query == "bad" else "2.5"))

    fault.on("tools/call", *[respond] * 3)
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        out = client.batch.search_places(["a", "bad", "c"], progress=False)
    status = dict(zip(out["text_query"], out["status"], strict=True))
    assert status["a"] == status["c"] == "ok" and status["bad"] != "ok"
    assert "number" in out.loc[out["text_query"] == "bad", "error"].iloc[0]


@pytest.mark.parametrize("status", [400, 403])
def test_a_5000_digit_refusal_still_reads_as_an_auth_error(fault: FaultServer, status: int) -> None:
    body = '{"error": {"code": %s, "message": "API key not valid", "status": "PERMISSION_DENIED"}}'
    fault.on("tools/call", Reply(status, body % HUGE))
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.AuthError, match="API key not valid"),
    ):
        client.call_tool("search_places", {"text_query": "x"})


def test_the_doctor_reports_a_5000_digit_answer(
    fault: FaultServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mapsnb import cli

    fault.on("tools/list", lambda req: _body(req, f'{{"n": {HUGE}}}'))
    fault.on("tools/call", lambda req: _body(req, f'{{"n": {HUGE}}}'))
    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", KEY)
    status = cli.main(["doctor", "--url", fault.url, "--timeout", "2"])
    out = capsys.readouterr().out
    assert status == 1 and "ProtocolError" in out and "number" in out
    assert HUGE[:100] not in out


# -------------------------------------------------------------------- item 5: charsets
@pytest.mark.parametrize("flavour", ["sync", "async"])
@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("charset", ["utf-32", "utf-16", "latin-1", "ascii", "x-no-such"])
def test_a_lying_charset_on_a_utf8_body_reads_with_a_warning(
    fault: FaultServer, flavour: str, sse: bool, charset: str
) -> None:
    fault.on("tools/call", lambda req: _body(req, _places(), sse=sse, charset=charset))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = _call(fault.url, flavour)
    assert result.to_frame()["name"].tolist() == ["Café Luna"]
    assert any(
        issubclass(w.category, PayloadShapeWarning) and "charset" in str(w.message) for w in caught
    ), [str(w.message) for w in caught]


@pytest.mark.parametrize("charset", ["utf-16", "latin-1"])
def test_a_body_truly_in_its_declared_charset_reads_without_a_warning(
    fault: FaultServer, charset: str
) -> None:
    def respond(req: Recorded) -> Reply:
        reply = _body(req, _places())
        return Reply(
            200,
            bytes(reply.body).decode().encode(charset),
            content_type=(f"application/json; charset={charset}"),
        )

    fault.on("tools/call", respond)
    with warnings.catch_warnings():
        warnings.simplefilter("error", PayloadShapeWarning)
        result = _call(fault.url, "sync")
    assert result.to_frame()["name"].tolist() == ["Café Luna"]


# ------------------------------------------------------------------ item 5: surrogates
@pytest.mark.parametrize("flavour", ["sync", "async"])
@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
def test_a_lone_surrogate_reads_into_frames_and_reprs(
    fault: FaultServer, flavour: str, sse: bool
) -> None:
    fault.on("tools/call", lambda req: _body(req, _places(name="Caf\\udce9 \\ud800"), sse=sse))
    result = _call(fault.url, flavour)
    frame = result.to_frame()
    assert frame["name"].tolist() == ["Caf\ufffd \ufffd"]  # made whole where decoded (issue 43)
    assert result.raw["places"][0]["displayName"]["text"] == "Caf\ufffd \ufffd"
    for text in (repr(result), result._repr_html_(), frame.to_string(), repr(frame)):
        assert isinstance(text, str) and text


def test_raw_surrogate_bytes_read_as_replacement_characters(fault: FaultServer) -> None:
    def respond(req: Recorded) -> Reply:
        reply = _body(req, _places(name="Caf\udce9"))  # encoded with surrogatepass: not UTF-8
        return reply

    fault.on("tools/call", respond)
    result = _call(fault.url, "sync")
    assert result.to_frame()["name"].tolist() == ["Caf\ufffd\ufffd\ufffd"]


# --------------------------------------------------------- item 6: a stream left open
@pytest.fixture
def linger() -> Iterator[LingerServer]:
    with LingerServer(hold=30, notices=2) as server:
        yield server


@pytest.mark.parametrize("flavour", ["sync", "async"])
@pytest.mark.parametrize("protocol", ["stateless", "session"])
def test_a_stream_kept_open_after_the_response_ends_the_call(
    linger: LingerServer, flavour: str, protocol: str
) -> None:
    timeout = 3.0

    async def run_async() -> tuple[Any, Any, float]:
        async with mapsnb.AsyncClient(KEY, url=linger.url, timeout=timeout, protocol=protocol) as c:
            start = time.monotonic()
            out = await c.call_tool("search_places", {"text_query": "x"})
            return out, c.call_stats, time.monotonic() - start

    if flavour == "sync":
        with mapsnb.Client(KEY, url=linger.url, timeout=timeout, protocol=protocol) as client:
            start = time.monotonic()
            payload = client.call_tool("search_places", {"text_query": "x"})
            stats, elapsed = client.call_stats, time.monotonic() - start
    else:
        payload, stats, elapsed = asyncio.run(run_async())
    assert payload == {"ok": True}
    assert elapsed < timeout / 2, f"the call took {elapsed:.1f} s: it read to the stream's end"
    assert linger.requests["tools/call"] == 1
    assert not stats.retries and not stats.repeated_calls


# ------------------------------------------------------------ item 7: a trickled DELETE
@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_closing_is_bounded_by_timeout_against_a_trickled_delete(flavour: str) -> None:
    timeout = 1.5
    with LingerServer(hold=0, trickle=0.3) as server:  # its DELETE head takes ~10 minutes
        if flavour == "sync":
            client = mapsnb.Client(KEY, url=server.url, timeout=timeout, protocol="session")
            client.call_tool("search_places", {"text_query": "x"})
            start = time.monotonic()
            client.close()
            elapsed = time.monotonic() - start
        else:

            async def run() -> float:
                async with mapsnb.AsyncClient(
                    KEY, url=server.url, timeout=timeout, protocol="session"
                ) as client:
                    await client.call_tool("search_places", {"text_query": "x"})
                    start = time.monotonic()
                return time.monotonic() - start

            elapsed = asyncio.run(asyncio.wait_for(run(), 30))
        assert server.requests["DELETE"] == 1  # the session was ended, as far as it could be
    assert elapsed < timeout + 1.0, f"closing took {elapsed:.1f} s (timeout={timeout} s)"
