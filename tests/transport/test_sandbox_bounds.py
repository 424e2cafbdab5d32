"""Issue 43, class 1, in process: ``Client(timeout=2, deadline=3)`` on the emulator bounds a
pathological call, sync and async, with the error the network path raises
(:class:`~mapsnb.errors.DeadlineExceeded`); the event loop keeps running meanwhile and the
abandoned call is cancelled (its worker thread ends), not left running to its end."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

import mapsnb
from mapsnb._transport.sandbox import WORKERS
from mapsnb.errors import DeadlineExceeded, ToolError
from tests.sandbox.pathological import zigzag_points

NOW = "2026-09-18T08:00:00-07:00"
TIMEOUT_S, DEADLINE_S = 2.0, 3.0
#: Seconds past the deadline a call may take to raise, on a loaded 2-core machine (the
#: unbounded call runs past the emulator's own 30 s: any answer within this margin is the
#: bound at work).
MARGIN_S = 7.0
#: Seconds the abandoned call may take to notice its cancellation and end its thread.
STOP_S = 10.0


def _route_kwargs(seed: int) -> dict[str, Any]:
    """The pathological call through waypoints of its own ``seed`` (a walk zigzagging between
    Iberia and the Baltic: North America's 25 points walk in 3-11 s since the planners got
    faster); other tests in this process leave path caches that would make a shared call
    cheaper."""
    points = zigzag_points(seed)
    return {
        "origin": points[0],
        "destination": points[-1],
        "intermediate_waypoints": points[1:-1],
        "travel_mode": "WALK",
    }


def _wait_until_no_call_runs() -> None:
    """The emulator's worker threads all go idle: the abandoned call stopped."""
    end = time.monotonic() + STOP_S
    while WORKERS.running and time.monotonic() < end:
        time.sleep(0.05)
    assert WORKERS.running == 0, "the abandoned emulator call kept running"


def test_a_sync_client_bounds_a_pathological_call_by_its_deadline() -> None:
    with mapsnb.Client(sandbox=True, now=NOW, timeout=TIMEOUT_S, deadline=DEADLINE_S) as client:
        client.list_tools()  # the emulator's indexes load outside the measured call
        client._sandbox.emulator.work_steps = None  # the deadline, not the step bound, stops it
        start = time.monotonic()
        with pytest.raises(DeadlineExceeded):
            client.compute_routes(**_route_kwargs(101))
        assert time.monotonic() - start < DEADLINE_S + MARGIN_S
        _wait_until_no_call_runs()
        # the client stays usable: the next call is answered
        assert len(client.search_places("coffee in Lisbon", page_size=2).places) == 2


def test_an_async_client_bounds_it_and_the_event_loop_keeps_ticking() -> None:
    async def run() -> tuple[float, int]:
        ticks = 0

        async def ticker() -> None:
            nonlocal ticks
            while True:
                await asyncio.sleep(0.05)
                ticks += 1

        async with mapsnb.AsyncClient(
            sandbox=True, now=NOW, timeout=TIMEOUT_S, deadline=DEADLINE_S
        ) as client:
            await client.list_tools()
            client._sandbox.emulator.work_steps = None  # no step bound: the client's stops it
            task = asyncio.create_task(ticker())
            start = time.monotonic()
            with pytest.raises(DeadlineExceeded):
                await client.compute_routes(**_route_kwargs(107))
            took = time.monotonic() - start
            task.cancel()
            return took, ticks

    took, ticks = asyncio.run(run())
    assert took < DEADLINE_S + MARGIN_S
    # the loop ran the ticker while the emulator worked: not blocked for the whole call (a
    # blocked loop ticks at most once; a free one about 20 times a second)
    assert ticks >= 5, ticks
    _wait_until_no_call_runs()


def test_cancelling_the_awaiting_task_cancels_the_emulator_call() -> None:
    async def run() -> None:
        async with mapsnb.AsyncClient(sandbox=True, now=NOW, timeout=60, deadline=120) as client:
            await client.list_tools()
            client._sandbox.emulator.work_steps = None  # no step bound: the client's stops it
            task = asyncio.create_task(client.compute_routes(**_route_kwargs(103)))
            await asyncio.sleep(0.5)
            assert WORKERS.running == 1, "the call should be running on a worker thread"
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    asyncio.run(run())
    _wait_until_no_call_runs()


def test_the_emulators_work_bound_reaches_the_client_as_a_named_tool_error() -> None:
    with mapsnb.Client(sandbox=True, now=NOW) as client:
        client._sandbox.emulator.work_steps = 20_000  # a tiny bound: the call needs far more
        with pytest.raises(ToolError) as caught:
            client.compute_routes(**_route_kwargs(105))
        assert caught.value.status == "DEADLINE_EXCEEDED"
        assert "work bound was hit" in caught.value.message
        assert client.call_stats.retries == {}  # refused by name, not retried
