"""Batch interrupts lose nothing; resume finishes without repeating calls; the served emulator."""

from __future__ import annotations

import _thread
import asyncio
import threading
import time
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

import mapsnb
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.server import build_app
from tests.servers.batch_server import BatchServer
from tests.servers.fault_server import Recorded
from tests.servers.sdk_server import ServerThread

KEY = "AIzaFAKEKEY-batch"
NOW = "2026-09-18T08:00:00-07:00"
QUERIES = [f"query {i}" for i in range(24)]


def interrupt_after(server: BatchServer, n: int, action: Any) -> None:
    """Run ``action`` once, when the server receives its ``n``-th tool call."""
    seen = []
    lock = threading.Lock()

    def hook(req: Recorded) -> None:
        with lock:
            seen.append(req)
            if len(seen) == n:
                action()

    server.on_call = hook


def check_partial(partial: pd.DataFrame, server: BatchServer) -> pd.Series:
    assert partial["input_row"].tolist() == list(range(len(QUERIES)))
    status = partial["status"]
    assert set(status) <= {"ok", "cancelled"}
    done = status.eq("ok")
    assert 0 < done.sum() < len(QUERIES)
    assert partial.loc[done, "name"].tolist() == [
        f"{q} #0" for q in pd.Series(QUERIES)[done.values]
    ]
    assert len(server.tool_calls()) >= done.sum()
    return done


@pytest.mark.usefixtures("ctrl_c")
def test_keyboard_interrupt_keeps_finished_rows_and_resume_skips_them() -> None:
    with BatchServer(latency=0.15) as server, mapsnb.Client(KEY, url=server.url) as client:
        interrupt_after(server, 6, _thread.interrupt_main)
        with pytest.raises(KeyboardInterrupt) as info:
            client.batch.search_places(QUERIES, max_concurrency=2, progress=False)
        partial = info.value.partial  # type: ignore[attr-defined]
        assert partial is client.batch.partial
        done = check_partial(partial, server)
        server.on_call = None
        before = len(server.tool_calls())
        out = client.batch.search_places(QUERIES, resume=partial, progress=False)
        again = [p["arguments"]["text_query"] for p in server.tool_calls()[before:]]
    assert sorted(again) == sorted(q for q, d in zip(QUERIES, done, strict=True) if not d)
    assert out["status"].eq("ok").all()
    assert out["name"].tolist() == [f"{q} #0" for q in QUERIES]


@pytest.mark.usefixtures("ctrl_c")
def test_interrupt_inside_a_running_loop_keeps_finished_rows() -> None:
    # a notebook cell: the sync batch runs on a worker thread; the kernel interrupts the main one
    with BatchServer(latency=0.15) as server, mapsnb.Client(KEY, url=server.url) as client:
        interrupt_after(server, 6, _thread.interrupt_main)

        async def cell() -> None:
            client.batch.search_places(QUERIES, max_concurrency=2, progress=False)

        loop = asyncio.new_event_loop()  # as ipykernel's: SIGINT raises KeyboardInterrupt
        try:
            with pytest.raises(KeyboardInterrupt) as info:
                loop.run_until_complete(cell())
        finally:
            loop.close()
        check_partial(info.value.partial, server)  # type: ignore[attr-defined]
        calls = len(server.tool_calls())
        threading.Event().wait(0.5)
        assert len(server.tool_calls()) == calls  # nothing keeps running after the interrupt


def test_cancelling_an_async_batch_keeps_finished_rows() -> None:
    async def main(server: BatchServer) -> pd.DataFrame:
        async with mapsnb.AsyncClient(KEY, url=server.url) as client:
            task = asyncio.ensure_future(
                client.batch.search_places(QUERIES, max_concurrency=2, progress=False)
            )
            while len(server.tool_calls()) < 6:
                await asyncio.sleep(0.01)
            task.cancel()
            with pytest.raises(asyncio.CancelledError) as info:
                await task
            assert info.value.partial is client.batch.partial  # type: ignore[attr-defined]
            return client.batch.partial

    with BatchServer(latency=0.15) as server:
        check_partial(asyncio.run(main(server)), server)


# ------------------------------------------------------------------------------ the emulator
@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    with ServerThread(build_app(Sandbox(now=NOW), json_response=True)) as server:
        yield server.url


def test_weather_batch_on_the_served_emulator(served: str) -> None:
    cities = pd.DataFrame(
        {"city": ["Paris", "London", "Tokyo"], "day": ["2026-09-19", "2026-09-20", "bad"]},
        index=pd.Index(["fr", "uk", "jp"], name="country"),
    )
    with mapsnb.Client(url=served, sandbox=False) as client:
        hourly = client.batch.lookup_weather(
            cities,
            location="city",
            capabilities=["WEATHER"],
            date="day",
            hour=9,
            table="hourly_weather",
            progress=False,
        )
        pollen = client.batch.lookup_weather(
            cities.iloc[:2], location="city", capabilities="POLLEN", date="day", progress=False
        )
        usage = client.usage.set_index("tier")["calls"].to_dict()
    assert hourly.loc["jp", "status"].tolist() == ["invalid"]
    assert hourly.loc["jp", "error"].iloc[0].startswith("date:")
    assert hourly.loc[["fr", "uk"], "status"].eq("ok").all()
    assert set(hourly.index.get_level_values("country")) == {"fr", "uk", "jp"}
    assert pollen["status"].eq("ok").all() and hourly.attrs["table"] == "hourly_weather"
    assert usage == {"Essentials": 2, "Pro": 2}  # pollen forecasts are Pro


def test_routes_along_route_and_urls_on_the_served_emulator(served: str) -> None:
    pairs = pd.DataFrame(
        {
            "from": ["Eiffel Tower, Paris", "Louvre Museum, Paris", "Paris"],
            "to": ["Louvre Museum, Paris", "Eiffel Tower, Paris", "New York"],
        },
        index=[3, 3, 1],
    )
    url = "https://www.google.com/maps/place/Golden+Gate+Bridge/@37.8199,-122.4783,15z"
    with mapsnb.Client(url=served, sandbox=False) as client:
        plan = client.batch.compute_routes(
            pairs, origin="from", destination="to", travel_mode="DRIVE", dry_run=True
        )
        routes = client.batch.compute_routes(
            pairs, origin="from", destination="to", travel_mode="DRIVE", progress=False
        )
        along = client.batch.search_along_route(
            pairs.iloc[:2], text_query="coffee", origin="from", destination="to", progress=False
        )
        urls = client.batch.resolve_maps_urls([url, "not a url", url], progress=False)
        usage = client.usage.set_index(["tool", "tier"])["calls"].to_dict()
    assert plan["tier"].tolist() == ["Essentials"] * 3
    assert routes.groupby("input_row")["status"].first().tolist()[:2] == ["ok", "ok"]
    assert routes.index.get_level_values(0).tolist()[:1] == [3]
    assert routes["input_row"].is_monotonic_increasing and set(routes["input_row"]) == {0, 1, 2}
    assert along["status"].isin(["ok", "empty"]).all()
    assert urls["status"].tolist()[0] == urls["status"].tolist()[2] == "ok"
    assert urls["place_id"].iloc[0] == urls["place_id"].iloc[2]
    assert urls["status"].iloc[1] in ("not_found", "invalid")
    assert usage[("compute_routes", "Essentials")] == 3
    assert usage[("search_along_route", "Pro")] == 2
    assert usage[("resolve_maps_urls", "Free")] == 1


@pytest.mark.usefixtures("ctrl_c")
def test_an_interrupt_before_the_batch_starts_on_the_loop_thread_stops_it() -> None:
    from mapsnb._calls.batch.running import LoopThread

    runner = LoopThread()
    try:
        ran: list[str] = []

        async def batch() -> str:
            ran.append("batch")
            return "done"

        runner.loop.call_soon_threadsafe(time.sleep, 0.4)  # the loop busy: the batch waits
        threading.Timer(0.1, _thread.interrupt_main).start()
        with pytest.raises(KeyboardInterrupt):
            runner.run(batch, {})
        assert runner.run(batch, {}) == "done"  # the loop still serves the next one
        assert ran == ["batch"]  # the interrupted one never started
    finally:
        runner.close()
    assert not runner.alive()
