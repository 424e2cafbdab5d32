"""The tool methods are written once: ``AsyncClient`` awaits the very methods ``Client`` runs,
with the same full signatures and docstrings, and a typed call and a batch row build their wire
arguments with the same builder (by name, and through ``tool_arguments``)."""

from __future__ import annotations

import asyncio
import datetime as dt
import inspect
import pydoc

import pandas as pd
import pytest

import mapsnb
from mapsnb._calls import arguments as rq

SHARED = [
    "list_tools",
    "call_tool",
    "search_places",
    "lookup_weather",
    "compute_routes",
    "search_along_route",
    "resolve_names",
    "resolve_maps_urls",
]
TOOLS = SHARED[2:]
NOW = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)


@pytest.mark.parametrize("name", SHARED)
def test_async_methods_have_the_sync_signature_and_docstring(name: str) -> None:
    sync, awaited = getattr(mapsnb.Client, name), getattr(mapsnb.AsyncClient, name)
    assert inspect.signature(awaited) == inspect.signature(sync)
    assert awaited.__doc__ == sync.__doc__ and sync.__doc__
    assert inspect.iscoroutinefunction(awaited)
    assert not inspect.iscoroutinefunction(sync)


@pytest.mark.parametrize("name", TOOLS)
def test_help_shows_every_parameter_of_both_clients(name: str) -> None:
    parameters = [p for p in inspect.signature(getattr(mapsnb.Client, name)).parameters][1:]
    assert parameters, name
    for client in (mapsnb.Client, mapsnb.AsyncClient):
        text = pydoc.render_doc(getattr(client, name), renderer=pydoc.plaintext)
        missing = [p for p in parameters if p not in text]
        assert missing == [], f"help({client.__name__}.{name}) does not show {missing}"


@pytest.mark.parametrize("name", TOOLS)
def test_every_parameter_of_a_tool_method_reaches_its_builder(name: str) -> None:
    """``tool_arguments`` takes the method's parameters by name: a parameter the builder does
    not know would fail every call, a builder parameter the method lacks could never be set."""
    method = inspect.signature(getattr(mapsnb.Client, name)).parameters
    build, timed = rq.BUILDERS[name]
    builder = inspect.signature(build).parameters
    spelled = {p.rstrip("_") for p in builder} - ({"now"} if timed else set())
    assert set(list(method)[1:]) == spelled


def test_a_typed_call_and_a_batch_row_send_the_same_arguments() -> None:
    client = mapsnb.Client(now=NOW.isoformat())
    routes = client.compute_routes(
        "Porto", "Braga", travel_mode="walk", departure_time="2026-09-18T18:00:00Z"
    )
    plan = client.batch.compute_routes(
        pd.DataFrame([{"origin": "Porto", "destination": "Braga"}]),
        "origin",
        destination="destination",
        travel_mode="walk",
        departure_time="2026-09-18T18:00:00Z",
        dry_run=True,
    )
    direct = rq.compute_routes_args(
        "Porto", "Braga", travel_mode_="walk", departure_time="2026-09-18T18:00:00Z", now=NOW
    )
    assert plan["arguments"].iloc[0] == dict(direct)
    assert routes.request == dict(direct)


def test_the_async_client_answers_like_the_sync_one() -> None:
    async def main() -> tuple[list[str], bool]:
        async with mapsnb.AsyncClient(now=NOW.isoformat()) as client:
            places = await client.search_places("bakeries in Lyon", page_size=3)
            report = await client.check()
            return [p.place_id for p in places.places], report.ok

    names, ok = asyncio.run(main())
    with mapsnb.Client(now=NOW.isoformat()) as client:
        assert names == [
            p.place_id for p in client.search_places("bakeries in Lyon", page_size=3).places
        ]
    assert ok
