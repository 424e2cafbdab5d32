"""Drift stays visible: ``call_tool`` passes arguments the client does not know, untouched.

The server may grow optional parameters before mapsnb knows them (the toolset grew 3 → 5 → 6 tools
within a year). ``call_tool`` must neither drop nor refuse them: the SDK test server's
``search_places`` has an ``open_now`` parameter mapsnb has no argument for.
"""

from __future__ import annotations

import asyncio
import inspect
from collections.abc import Callable
from typing import Any

import pytest

import mapsnb
from tests.servers.fault_server import FaultServer

KEY = "FAKE-mapsnb-drift-key-0123456789abcdefghijklmnop"


@pytest.mark.parametrize("mode", ["json", "stateless"])
def test_new_optional_argument_reaches_the_sdk_server(
    sdk_url: Callable[[str], str], mode: str
) -> None:
    arguments = {"text_query": "pizza in New York", "open_now": True}
    with mapsnb.Client(KEY, url=sdk_url(mode)) as client:
        payload = client.call_tool("search_places", arguments)
    assert payload["_echo"] == arguments  # the server saw the argument mapsnb does not know
    assert "open_now" not in inspect.signature(mapsnb.Client.search_places).parameters


def test_new_optional_argument_reaches_the_sdk_server_async(
    sdk_url: Callable[[str], str],
) -> None:
    arguments = {"text_query": "pizza in New York", "open_now": False, "page_size": 3}

    async def run() -> Any:
        async with mapsnb.AsyncClient(KEY, url=sdk_url("sse")) as client:
            return await client.call_tool("search_places", arguments)

    assert asyncio.run(run())["_echo"] == arguments


def test_unknown_arguments_go_on_the_wire_unchanged(fault: FaultServer) -> None:
    arguments: dict[str, Any] = {
        "textQuery": "pizza",  # the schema's camelCase spelling
        "page_size": 99,  # out of the documented range: call_tool does not validate
        "brandNewOption": {"nested": [1, 2.5, None, "x"], "deeper": {"flag": True}},
        "unicodé": "ü",
    }
    with mapsnb.Client(KEY, url=fault.url) as client:
        payload = client.call_tool("search_places", arguments)
        other = client.call_tool("search_hotels", {"city": "Paris"})  # a tool mapsnb lacks
    assert payload["_echo"] == arguments
    assert other["_echo"] == {"city": "Paris"}
    sent = [c.json["params"] for c in fault.calls("tools/call")]
    assert sent[0]["arguments"] == arguments and sent[0]["name"] == "search_places"
    assert sent[1] == {**sent[1], "name": "search_hotels", "arguments": {"city": "Paris"}}


def test_call_tool_does_not_mutate_the_callers_arguments(fault: FaultServer) -> None:
    arguments = {"text_query": "pizza", "extra": {"a": 1}}
    with mapsnb.Client(KEY, url=fault.url) as client:
        client.call_tool("search_places", arguments)
    assert arguments == {"text_query": "pizza", "extra": {"a": 1}}
