"""Issue 32 item 2, client side: over-long inputs are refused before anything is sent, naming the
field and the rule, by the same table the emulator enforces (``mapsnb._limits``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb import InvalidRequest, PlaceId, _limits
from mapsnb._calls import arguments as rq
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError
from tests.hypothesis_setup import examples
from tests.servers.fault_server import FaultServer

KEY = "FAKE-limits-key-0123456789abcdef"
NOW = "2026-09-18T08:00:00-07:00"
LONG = _limits.DEFAULT_TEXT_LENGTH + 1
TOKEN_LONG = _limits.TEXT_LENGTHS["retrieval_token"] + 1

Call = Callable[[mapsnb.Client], Any]
#: (typed call with one over-long input, the field its error must name)
OVER_LONG: list[tuple[Call, str]] = [
    (lambda c: c.search_places("c" * LONG), "text_query"),
    (lambda c: c.search_places("coffee", language_code="e" * 65), "language_code"),
    (lambda c: c.lookup_weather("P" * LONG), "location"),
    (lambda c: c.lookup_weather({"address": "P" * LONG}), "location.address"),
    (lambda c: c.lookup_weather({"place_id": "C" * 1025}), "location.place_id"),
    (lambda c: c.lookup_weather(PlaceId("C" * 1025)), "place_id"),  # refused as it is made
    (lambda c: c.compute_routes("a" * LONG, "Lyon"), "origin"),
    (
        lambda c: c.compute_routes("Paris", "Lyon", intermediate_waypoints=["x" * LONG]),
        "intermediate_waypoints[0]",
    ),
    (lambda c: c.resolve_names(["Louvre", "L" * LONG]), "queries[1].text"),
    (
        lambda c: c.resolve_maps_urls(
            ["https://maps.app.goo.gl/" + "a" * _limits.TEXT_LENGTHS["urls"]]
        ),
        "urls[0]",
    ),
    (lambda c: c.search_along_route("gas", retrieval_token="t" * TOKEN_LONG), "retrieval_token"),
    (lambda c: c.search_along_route("g" * LONG, origin="Paris", destination="Lyon"), "text_query"),
    (lambda c: c.search_along_route("gas", origin="Paris", destination="D" * LONG), "destination"),
]


@pytest.fixture(scope="module")
def client() -> Iterator[tuple[mapsnb.Client, FaultServer]]:
    with (
        FaultServer(sessions=False) as server,
        mapsnb.Client(KEY, url=server.url, protocol="stateless", max_retries=0) as c,
    ):
        yield c, server


@pytest.mark.parametrize(("call", "field"), OVER_LONG)
def test_over_long_inputs_are_refused_before_sending(
    client: tuple[mapsnb.Client, FaultServer], call: Call, field: str
) -> None:
    c, server = client
    with pytest.raises(InvalidRequest) as info:
        call(c)
    assert info.value.field == field, str(info.value)
    assert "must be at most" in info.value.rule and "characters" in info.value.rule
    assert "KEY" not in str(info.value) and KEY not in str(info.value)
    assert server.calls("tools/call") == []


def test_the_message_says_the_limit_and_the_length() -> None:
    with pytest.raises(InvalidRequest) as info:
        rq.search_places_args("x" * 5000)
    assert str(info.value) == "text_query: must be at most 2,048 characters, got 5,000"


def test_inputs_at_the_limit_are_built() -> None:
    text = "x" * _limits.TEXT_LENGTHS["text_query"]
    assert rq.search_places_args(f"  {text}  ")["text_query"] == text  # measured once stripped
    urls = [f"https://maps.app.goo.gl/{i}" for i in range(_limits.MAX_BATCH)]
    assert len(rq.resolve_maps_urls_args(urls)["urls"]) == _limits.MAX_BATCH
    assert rq.MAX_BATCH == _limits.MAX_BATCH


def test_the_client_and_the_emulator_read_one_table() -> None:
    from mapsnb._calls.arguments import _places, _resolve, _routes

    assert _resolve.MAX_BATCH is _limits.MAX_BATCH
    assert _routes.MAX_WAYPOINTS is _limits.MAX_WAYPOINTS
    assert _places.MAX_PAGE_SIZE is _limits.MAX_PAGE_SIZE


_FIELDS = st.sampled_from(
    [
        ("search_places", "text_query"),
        ("resolve_names", "queries"),
        ("resolve_maps_urls", "urls"),
        ("lookup_weather", "location"),
        ("compute_routes", "origin"),
    ]
)


def _build(tool: str, text: str) -> dict[str, Any]:
    if tool == "search_places":
        return rq.search_places_args(text)
    if tool == "resolve_names":
        return rq.resolve_names_args([text])
    if tool == "resolve_maps_urls":
        return rq.resolve_maps_urls_args([text])
    if tool == "lookup_weather":
        return dict(rq.lookup_weather_args({"address": text}, capabilities=["WEATHER"]))
    return rq.compute_routes_args({"address": text}, "Lyon")


@given(
    _FIELDS,
    st.integers(min_value=1, max_value=6000),
    st.sampled_from(["a", " ", "é", "字", "😀"]),
)
@examples(120)
def test_client_and_emulator_agree_on_every_length(
    tool_field: tuple[str, str], n: int, char: str
) -> None:
    """Whatever the client refuses for length, the emulator would refuse too, and whatever it
    sends, the emulator does not refuse for length."""
    tool, _ = tool_field
    text = "x" + char * n
    try:
        args = _build(tool, text)
    except InvalidRequest as exc:
        assert "must be at most" in exc.rule
        with pytest.raises(SandboxToolError, match="must be at most"):
            raw = {
                "search_places": {"text_query": text},
                "resolve_names": {"queries": [{"text": text}]},
                "resolve_maps_urls": {"urls": [text]},
                "lookup_weather": {"location": {"address": text}, "capabilities": ["WEATHER"]},
                "compute_routes": {"origin": {"address": text}, "destination": {"address": "L"}},
            }[tool]
            Sandbox(now=NOW).call_tool(tool, raw)
        return
    try:
        Sandbox(now=NOW).call_tool(tool, args)
    except SandboxToolError as exc:
        assert "must be at most" not in exc.message, exc.message
