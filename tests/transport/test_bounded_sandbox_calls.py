"""The in-process emulator honours the client's ``timeout`` and ``deadline`` (issue 43, class 1).

A pathological call (walking 25 waypoints across North America) used to run to its end in the
caller's thread, or on the event loop itself for ``AsyncClient``: ``Client(timeout=2,
deadline=3)`` did not bound it. Now the caller gets :class:`mapsnb.errors.DeadlineExceeded`, the
event loop keeps ticking meanwhile, and the abandoned call is cancelled (its worker thread ends).
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

import mapsnb
from mapsnb.errors import DeadlineExceeded
from tests.sandbox.pathological import WALK_KWARGS

NOW = "2026-09-18T08:00:00-07:00"
#: Generous: the guarantee is "bounded by the deadline", not a precise time on 2 shared cores.
SLACK_S = 4.0


def _workers() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "mapsnb-sandbox-call"]


def _wait_no_workers(limit_s: float = 10.0) -> bool:
    """Whether every emulator worker thread ended within ``limit_s`` (the call was cancelled)."""
    end = time.monotonic() + limit_s
    while _workers() and time.monotonic() < end:
        time.sleep(0.05)
    return not _workers()


def test_sync_client_deadline_bounds_a_pathological_emulator_call() -> None:
    with mapsnb.Client(sandbox=True, now=NOW, timeout=2, deadline=3) as client:
        start = time.monotonic()
        with pytest.raises(DeadlineExceeded):
            client.compute_routes(**WALK_KWARGS)
        took = time.monotonic() - start
        assert took < 3 + SLACK_S
        assert _wait_no_workers(), "the abandoned emulator call kept running"
        # the client still works after it
        assert client.search_places("coffee in Paris", page_size=2).places


def test_async_client_deadline_bounds_the_call_and_the_loop_keeps_ticking() -> None:
    async def main() -> tuple[float, float]:
        gaps: list[float] = []
        stop = asyncio.Event()

        async def ticker() -> None:
            last = time.monotonic()
            while not stop.is_set():
                await asyncio.sleep(0.05)
                now = time.monotonic()
                gaps.append(now - last)
                last = now

        tick = asyncio.create_task(ticker())
        async with mapsnb.AsyncClient(sandbox=True, now=NOW, timeout=2, deadline=3) as client:
            start = time.monotonic()
            with pytest.raises(DeadlineExceeded):
                await client.compute_routes(**WALK_KWARGS)
            took = time.monotonic() - start
        stop.set()
        await tick
        return took, max(gaps)

    took, worst_gap = asyncio.run(main())
    assert took < 3 + SLACK_S
    # the loop was never blocked by the emulator's work (a blocked loop shows a gap of seconds)
    assert worst_gap < 1.5
    assert _wait_no_workers(), "the abandoned emulator call kept running"


def test_cancelling_the_async_task_cancels_the_emulator_call() -> None:
    async def main() -> None:
        async with mapsnb.AsyncClient(sandbox=True, now=NOW, timeout=60, deadline=90) as client:
            task = asyncio.create_task(client.compute_routes(**WALK_KWARGS))
            await asyncio.sleep(0.5)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task

    asyncio.run(main())
    assert _wait_no_workers(), "the cancelled emulator call kept running"
