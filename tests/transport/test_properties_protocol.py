"""Property: hostile protocol bodies give only named ``MapsnbError``s, never a crash.

The sans-IO reader and the client's protocol flows are fed ``httpx.Response`` objects built
in-process from generated bodies: JSON-RPC messages with every field mutated, batches, SSE
streams (truncated, commented, with non-JSON data), wrong charsets, gzip that is real, corrupt or
a small bomb, JSON nested thousands deep. Bodies pass through the same bounded reader
(:class:`mapsnb._transport.limits.BodyReader`) as answers from the network.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable, Generator
from typing import Any

import httpx
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import mapsnb
from mapsnb._transport import protocol as proto
from mapsnb._transport.limits import BodyReader
from mapsnb.errors import MapsnbError
from tests.hypothesis_setup import SCALE, examples

KEY = "FAKE-protocol-properties-key-0123456789"
URL = "http://127.0.0.1:9/mcp"
LIMIT = 64_000
BOMB = gzip.compress(b" " * (LIMIT * 4))

# ------------------------------------------------------------------------------ strategies
scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=10),
)
values = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
statuses = st.sampled_from(["NOT_FOUND", "INVALID_ARGUMENT", "BOGUS", 3, 99, None])
blocks = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["text", "image", 5])},
        optional={"text": st.one_of(st.text(max_size=20), values, st.just('{"a": [1, 2]}'))},
    ),
    values,
)
tool_results = st.fixed_dictionaries(
    {},
    optional={
        "content": st.one_of(st.lists(blocks, max_size=3), values),
        "structuredContent": values,
        "isError": st.one_of(st.booleans(), values),
    },
)
rpc_errors = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "code": st.one_of(st.sampled_from([-32602, -32601, -32603, -32001]), values),
            "message": st.one_of(
                st.sampled_from(["NOT_FOUND: no such place", "Error executing tool x: boom"]),
                values,
            ),
            "data": st.one_of(
                st.fixed_dictionaries(
                    {}, optional={"error": values, "status": statuses, "message": values}
                ),
                values,
            ),
            "status": statuses,
        },
    ),
    values,
)


def ids(msg_id: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.just(msg_id),
        st.just(msg_id),
        st.sampled_from([None, msg_id + 1, str(msg_id), float(msg_id), True, [msg_id]]),
    )


def messages(msg_id: int) -> st.SearchStrategy[Any]:
    return st.one_of(
        st.fixed_dictionaries(
            {"id": ids(msg_id)},
            optional={
                "result": st.one_of(
                    tool_results,
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "tools": values,
                            "nextCursor": values,
                            "protocolVersion": values,
                        },
                    ),
                    values,
                ),
                "error": rpc_errors,
                "jsonrpc": st.one_of(st.just("2.0"), st.just("2.0"), values),
            },
        ),
        values,
    )


def sse(events: list[str], tail: bool) -> str:
    out = "".join(f"event: message\ndata: {e}\n\n" for e in events)
    return out + (": comment\n" if tail else 'data: {"truncated')


def bodies(msg_id: int) -> st.SearchStrategy[tuple[str, bytes]]:
    dumps = st.builds(lambda m: json.dumps(m), messages(msg_id))
    text_bodies = st.one_of(
        dumps.map(lambda b: ("application/json", b)),
        st.builds(json.dumps, st.lists(messages(msg_id), max_size=3)).map(
            lambda b: ("application/json", b)
        ),
        st.builds(
            sse,
            st.lists(st.one_of(dumps, st.text(max_size=10), st.just("")), max_size=3),
            st.booleans(),
        ).map(lambda b: ("text/event-stream", b)),
        st.tuples(
            st.sampled_from(
                ["application/json", "text/event-stream", "text/html", "", "text/plain"]
            ),
            st.one_of(
                st.text(max_size=40),
                st.sampled_from(
                    ["[" * 5000 + "]" * 5000, '{"a":' * 3000 + "1" + "}" * 3000, "[" * 100_000]
                ),
                dumps.map(lambda b: b[: len(b) // 2]),
            ),
        ),
    )
    return st.one_of(
        text_bodies.map(lambda cb: (cb[0], cb[1].encode())),
        st.tuples(
            st.sampled_from(["application/json", "text/event-stream"]), st.binary(max_size=30)
        ),
    )


@st.composite
def responses(draw: st.DrawFn, request: httpx.Request, msg_id: int) -> httpx.Response:
    """A response to ``request`` built in-process, read through the bounded body reader."""
    ctype, body = draw(bodies(msg_id))
    charset = draw(st.sampled_from(["", "; charset=utf-8", "; charset=latin-1", "; charset=bogus"]))
    headers = {"content-type": ctype + charset} if ctype else {}
    encoding = draw(st.sampled_from(["", "", "", "gzip", "gzip-garbage", "bomb", "br"]))
    if encoding == "gzip":
        body = gzip.compress(body)
    elif encoding == "gzip-garbage":
        body = b"\x1f\x8b" + body
    elif encoding == "bomb":
        body = BOMB
    if encoding:
        headers["content-encoding"] = "gzip" if encoding != "br" else "br"
    if draw(st.booleans()):
        headers["mcp-session-id"] = draw(st.text(alphabet="abc-0123", min_size=1, max_size=8))
    status = draw(st.sampled_from([200, 200, 200, 202, 400, 404, 406, 422, 429, 500, 503]))
    event(f"{status} {ctype or 'no type'} {encoding or 'identity'}")
    streamed = httpx.Response(
        status, headers=headers, stream=httpx.ByteStream(body), request=request
    )
    reader = BodyReader(streamed, LIMIT)
    for i in range(0, len(body), 4096):
        reader.feed(body[i : i + 4096])
    return reader.finish()


def _only_named_errors(action: Callable[[], Any]) -> None:
    try:
        action()
    except MapsnbError as exc:
        event(f"raised {type(exc).__name__}")
        str(exc), repr(exc)  # a named error must also print
    else:
        event("answered")


# ------------------------------------------------------------------------------ properties
REQUEST = httpx.Request("POST", URL)


@examples(900)
@given(data=st.data(), msg_id=st.integers(1, 10**6))
def test_reader_raises_only_named_errors(data: st.DataObject, msg_id: int) -> None:
    def read() -> None:
        response = data.draw(responses(REQUEST, msg_id))
        reply = proto.read_message(response, msg_id)
        if reply is None:
            return
        assert reply.get("id") == msg_id or reply.get("id") is None
        if "error" in reply:
            error = proto.tool_error_from_rpc(reply["error"], "search_places")
            assert isinstance(error, mapsnb.ToolError) and error.status
            return
        result = reply["result"]
        if isinstance(result, dict):
            proto.tool_payload(result)
            proto.text_blocks(result)
            proto.tool_error_from_result(result, "search_places")

    _only_named_errors(read)


def _drive(flow: Generator[Any, Any, Any], answer: Callable[[httpx.Request, int], Any]) -> Any:
    """Run a client flow, answering each request it yields; other commands get ``None``."""
    command = next(flow)
    for _ in range(12):
        outcome = None
        if isinstance(command, httpx.Request):
            body = json.loads(command.content) if command.content else {}
            outcome = answer(command, body.get("id") if isinstance(body, dict) else None)
        try:
            command = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
    flow.close()  # still retrying or renewing after a dozen answers: fine, nothing crashed
    return None


_CLIENTS: dict[str, mapsnb.Client] = {}


def _client(protocol: str) -> mapsnb.Client:
    """One client per protocol mode (an SSL context per example would dominate the run),
    reset to its fresh state."""
    if protocol not in _CLIENTS:
        _CLIENTS[protocol] = mapsnb.Client(KEY, url=URL, protocol=protocol, max_retries=1)  # type: ignore[arg-type]
    client = _CLIENTS[protocol]
    client._mode = "session" if protocol == "session" else "stateless"
    client._session_id, client._negotiated, client._initialized = None, None, False
    return client


@examples(900)
@given(
    data=st.data(),
    protocol=st.sampled_from(["auto", "session", "stateless"]),
    listing=st.booleans(),
)
def test_client_flows_raise_only_named_errors(
    data: st.DataObject, protocol: str, listing: bool
) -> None:
    client = _client(protocol)

    def answer(request: httpx.Request, msg_id: Any) -> Any:
        if data.draw(st.integers(0, 9)) == 0:
            return httpx.ReadTimeout("slow", request=request)
        return data.draw(responses(request, msg_id if isinstance(msg_id, int) else 1))

    def run() -> None:
        flow = client._list_flow() if listing else client._call_flow("search_places", {"q": 1})
        _drive(flow, answer)

    _only_named_errors(run)


@examples(300)
@given(text=st.text(alphabet=st.sampled_from('data:{}"1 \r\n:event'), max_size=200))
def test_sse_parser_never_raises_and_keeps_complete_events(text: str) -> None:
    events = proto.parse_sse(text)
    assert all(isinstance(e, str) for e in events)
    complete = text.replace("\r\n", "\n").replace("\r", "\n")
    assert len(events) <= max(1, complete.count("\n\n") + 1)


def test_examples_add_up_to_the_area_budget() -> None:
    # ≥ 2,000 examples in this area (the ci profile runs exactly these counts)
    tests = (
        test_reader_raises_only_named_errors,
        test_client_flows_raise_only_named_errors,
        test_sse_parser_never_raises_and_keeps_complete_events,
    )
    counts = [t._hypothesis_internal_use_settings.max_examples for t in tests]  # type: ignore[attr-defined]
    assert sum(counts) >= 2000 * SCALE


@pytest.mark.parametrize("content", [1, "text", {"type": "text"}, None, 2.5])
def test_an_error_result_whose_content_is_no_list_is_a_named_error(content: Any) -> None:
    """Found by the reader property above (``{"content": 1}`` raised a ``TypeError`` in the
    refusal reader): content that is no list of blocks holds no text."""
    result = {"isError": True, "content": content}
    error = proto.tool_error_from_result(result, "search_places")
    assert isinstance(error, mapsnb.ToolError | mapsnb.AuthError)
    assert proto.text_blocks(result) == []
