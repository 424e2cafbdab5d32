"""Property (issue 32 item 5): odd but valid answers through every reader, over a real server.

Real payloads of the tools (the emulator's) get some of their fields replaced by odd JSON:
numbers of thousands of digits, ``1e400``, ``NaN``, lone surrogates escaped (``"\\udce9"``) or
raw, NULs, long strings; the body goes out as JSON or SSE, whole or as a text block, encoded in
UTF-8 or truly in a declared charset, with a declared charset that may lie or not exist; read by
the sync or the async client. Only a typed result (whose frame and reprs render) or a named
mapsnb error may come out, and only mapsnb's warnings.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import json
import warnings
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import mapsnb
from mapsnb.errors import EmptyResultWarning, MapsnbError, PayloadShapeWarning
from tests.hypothesis_setup import examples
from tests.servers.fault_server import FaultServer, Recorded, Reply

KEY = "AIza" + "FAKE-odd-answers-0123456789abcdefgh"
NOW = "2026-12-01T12:00:00Z"

#: name -> (the call, made on a client; the emulator's payload for it)
CALLS: dict[str, Any] = {
    "search_places": lambda c: c.search_places("coffee in Paris"),
    "lookup_weather": lambda c: c.lookup_weather((48.85, 2.35)),
    "compute_routes": lambda c: c.compute_routes("Louvre Museum", "Eiffel Tower"),
    "resolve_names": lambda c: c.resolve_names(["Eiffel Tower"]),
}


def _templates() -> dict[str, Any]:
    with mapsnb.Client(sandbox=True, now=NOW) as client:
        return {name: call(client).raw for name, call in CALLS.items()}


TEMPLATES = _templates()


def _paths(value: Any, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside a payload (containers included, the root not)."""
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        yield (*at, key)
        yield from _paths(inner, (*at, key))


PATHS = {name: list(_paths(payload)) for name, payload in TEMPLATES.items()}

# ------------------------------------------------------------------------------ strategies
odd_numbers = st.one_of(
    st.integers(4000, 6000).map(lambda n: "9" * n),
    st.integers(1, 400).map(lambda n: "-" + "1" * n),
    st.sampled_from(
        ["1e400", "-1e400", "1e-400", "-0", "0e0", "NaN", "Infinity", "-Infinity", "1E+999999"]
    ),
    st.integers(20, 500).map(lambda n: "0." + "3" * n),
    st.integers(-(2**80), 2**80).map(str),
)
odd_strings = st.one_of(
    st.sampled_from(
        [
            '"\\udce9"',
            '"Caf\\udce9"',
            '"\\ud800"',
            '"\\udfff\\ud800"',
            '"a\\u0000b"',
            '"\\u202e\\u0007"',
            '"\\ud83d\\ude00"',
            '"Europe/Paris\\udce9"',
            '"2026-12-01T12:00:00\\udce9Z"',
        ]
    ),
    st.text(max_size=30).map(lambda s: json.dumps(s, ensure_ascii=False)),
    st.integers(1000, 20_000).map(lambda n: json.dumps("x" * n)),
)
odd_values = st.one_of(
    odd_numbers, odd_strings, st.sampled_from(["[]", "{}", "null", "true", '["\\udce9", 1e400]'])
)
CHARSETS = [None, "utf-8", "UTF-8", "utf-32", "utf-16", "latin-1", "ascii", "x-no-such", ""]


@st.composite
def answers(draw: st.DrawFn) -> dict[str, Any]:
    tool = draw(st.sampled_from(sorted(CALLS)))
    payload = copy.deepcopy(TEMPLATES[tool])
    paths = draw(st.lists(st.sampled_from(PATHS[tool]), min_size=1, max_size=4, unique=True))
    tokens: dict[str, str] = {}
    for i, path in enumerate(paths):
        node = payload
        try:
            for key in path[:-1]:
                node = node[key]
            marker = f"\x00slot{i}\x00"
            node[path[-1]] = marker
        except (KeyError, IndexError, TypeError):  # an earlier slot replaced a container
            continue
        tokens[json.dumps(marker)] = draw(odd_values)
    text = json.dumps(payload, ensure_ascii=draw(st.booleans()))
    for marker, token in tokens.items():
        text = text.replace(marker, token)
    return {
        "tool": tool,
        "payload": text,
        "sse": draw(st.booleans()),
        "text_block": draw(st.booleans()),
        "charset": draw(st.sampled_from(CHARSETS)),
        "truthful": draw(st.booleans()),
        "flavour": draw(st.sampled_from(["sync", "async"])),
    }


def _reply(req: Recorded, answer: dict[str, Any]) -> Reply:
    payload = answer["payload"]
    if answer["text_block"]:
        result = f'{{"content": [{{"type": "text", "text": {json.dumps(payload)}}}]}}'
    else:
        result = f'{{"content": [], "structuredContent": {payload}}}'
    text = f'{{"jsonrpc": "2.0", "id": {req.rpc_id}, "result": {result}}}'
    ctype = "application/json"
    if answer["sse"]:
        ctype = "text/event-stream"
        text = f": hello\nevent: message\ndata: {text}\n\n"
    charset = answer["charset"]
    body = text.encode("utf-8", "surrogatepass")
    if charset is not None:
        ctype += f"; charset={charset}"
        if answer["truthful"] and charset:
            with contextlib.suppress(UnicodeError, LookupError):  # else the label lies
                body = text.encode(charset)
    return Reply(200, body, content_type=ctype)


# ------------------------------------------------------------------------------ the property
@pytest.fixture(scope="module")
def server() -> Iterator[FaultServer]:
    with FaultServer() as fault:
        yield fault


def _read(url: str, answer: dict[str, Any]) -> Any:
    call = CALLS[answer["tool"]]
    if answer["flavour"] == "sync":
        with mapsnb.Client(KEY, url=url, protocol="stateless", max_retries=0) as client:
            return call(client)

    async def run() -> Any:
        async with mapsnb.AsyncClient(KEY, url=url, protocol="stateless", max_retries=0) as c:
            return await call(c)

    return asyncio.run(run())


@examples(150)
@given(answer=answers())
def test_odd_answers_give_results_or_named_errors(
    server: FaultServer, answer: dict[str, Any]
) -> None:
    server.on("tools/call", lambda req: _reply(req, answer))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            result = _read(server.url, answer)
        except MapsnbError as exc:
            event(f"{answer['tool']}: {type(exc).__name__}")
            assert "9" * 200 not in str(exc)  # never thousands of digits in a message
        else:
            event(f"{answer['tool']}: read")
            frame = result.to_frame()
            for text in (repr(result), result._repr_html_(), frame.to_string(), repr(frame)):
                assert isinstance(text, str)
    others = [
        w for w in caught if not issubclass(w.category, (PayloadShapeWarning, EmptyResultWarning))
    ]
    assert others == [], [f"{w.category.__name__}: {w.message}" for w in others]
