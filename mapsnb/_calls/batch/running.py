"""Running a planned batch on the engine, interruptible; a loop thread for the sync client.

:func:`execute` runs a :class:`~mapsnb._calls.batch.planning.Job` (``route_matrix``'s pairs
among them) in one run of the :class:`~mapsnb._calls.batch.engine.Engine`, the one scheduler of
many calls (``max_concurrency`` workers, a per-tool rate limiter, a shared backoff after a 429),
with a :class:`~mapsnb._calls.batch.engine.Progress` bar; each finished call's part of the frame
is built between the network waits. :class:`LoopThread` runs it from sync code (a script, or a
Jupyter cell whose loop is busy) on a loop of its own on a daemon thread, kept between batches.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import threading
from collections.abc import Callable, Coroutine
from typing import TYPE_CHECKING, Any

import pandas as pd

from mapsnb._calls.batch.assembly import absorb, assemble, reads_payloads, start
from mapsnb._calls.batch.engine import (
    RAMP_MAX,
    RAMP_STEP,
    RATE_LIMITED_ROUNDS,
    Engine,
    Progress,
    batch_rate,
    is_offline,
)
from mapsnb._calls.flow import BaseClient, Call
from mapsnb.errors import MapsnbError
from mapsnb.results import RESULT_TYPES

if TYPE_CHECKING:
    from mapsnb._calls.batch.planning import Job, Options

__all__ = [
    "RAMP_MAX",
    "RAMP_STEP",
    "RATE_LIMITED_ROUNDS",
    "LoopThread",
    "batch_rate",
    "execute",
    "is_offline",
]

logger = logging.getLogger(__name__)


async def execute(
    aclient: BaseClient, job: Job, options: Options, holder: dict[str, Any]
) -> pd.DataFrame:
    """Run the calls of ``job`` on ``aclient`` (on the engine); return the assembled frame.

    On cancellation or an error that stops the batch, the frame of what finished is put in
    ``holder["partial"]`` (and on the raised error's ``.partial``).
    """
    raw = reads_payloads(job.tool, job.table)  # rows straight from payloads: no typed results
    engine = Engine(
        aclient,
        result_type=None if raw else RESULT_TYPES[job.tool],
        max_concurrency=options.max_concurrency,
        calls_per_minute=options.calls_per_minute,
    )
    bar = Progress(len(job.calls), desc=job.tool, enabled=options.progress, failed=len(job.invalid))
    return await _Run(engine, job, bar).run(holder)


class _Run:
    """One running batch: the calls done, the frame's parts, the progress bar.

    The engine sends the calls and hands each outcome to :meth:`finished`; the absorber
    (:meth:`absorber`) builds each finished call's part of the frame between the network waits.
    """

    def __init__(self, engine: Engine, job: Job, bar: Progress) -> None:
        self.engine = engine
        self.job = job
        self.bar = bar
        self.parts = start(job)
        self.done: set[int] = set()
        self.backlog: collections.deque[tuple[int, Any]] = collections.deque()
        self.arrived = asyncio.Event()

    async def run(self, holder: dict[str, Any]) -> pd.DataFrame:
        """Run the calls on the engine and the absorber to the end; the assembled frame."""
        calls = [Call(call.tool, call.arguments) for call in self.job.calls]
        building = asyncio.ensure_future(self.absorber())
        try:
            await self.engine.run(calls, self.finished)
        except BaseException as exc:
            await self.stop(exc, building, holder)
            raise
        building.cancel()
        try:
            while self.backlog:  # the answers not yet absorbed count before the bar closes
                self.take()
        finally:
            self.bar.close(stopped=len(self.done) < len(self.job.calls))
        return assemble(self.job, self.parts, self.done, self.engine.client.source)

    async def stop(
        self, exc: BaseException, building: asyncio.Future[None], holder: dict[str, Any]
    ) -> None:
        """Stop the absorber, keep the calls that finished, and put the frame on ``exc``."""
        building.cancel()
        await asyncio.gather(building, return_exceptions=True)
        try:
            while self.backlog:  # calls that finished are kept
                self.take()
        finally:
            self.bar.close(stopped=True)
        partial = assemble(self.job, self.parts, self.done, self.engine.client.source)
        holder["partial"] = partial
        exc.partial = partial  # type: ignore[attr-defined]
        why = (
            "interrupted"
            if isinstance(exc, (asyncio.CancelledError, KeyboardInterrupt))
            else f"stopped by {type(exc).__name__}: {exc}"
        )
        finished = int(partial["status"].ne("cancelled").groupby(partial["input_row"]).all().sum())
        logger.warning(
            "mapsnb batch %s: %d of %d rows finished; the frame is on the error's .partial and "
            "client.batch.partial — pass resume=client.batch.partial to finish it",
            why,
            finished,
            len(self.job.index),
        )

    def take(self) -> None:
        """Build the part of the frame of the oldest finished call."""
        k, outcome = self.backlog.popleft()
        absorb(self.parts, self.job.calls[k], outcome, self.job.table)
        self.done.add(k)
        self.bar.advance()

    async def absorber(self) -> None:
        """Build each finished call's frame while the calls in flight wait on the network.

        One per loop turn, so that a worker sends its next call before the CPU work of its last.
        """
        while True:
            await self.arrived.wait()
            self.arrived.clear()
            while self.backlog:
                await asyncio.sleep(0)
                if self.backlog:
                    self.take()

    def finished(self, k: int, outcome: Any) -> None:
        """Return the engine's ``settle``: count a failed call's rows, hand ``outcome`` to the absorber."""
        if isinstance(outcome, MapsnbError):
            self.bar.fail(len(self.job.calls[k].rows))
        self.backlog.append((k, outcome))
        self.arrived.set()


class LoopThread:
    """An event loop on a daemon thread, kept by a sync ``Client`` for its batches.

    A batch then needs no loop set up and torn down (nor a thread pool for name look-ups), and
    its connections (``http``, made on first use) stay open for the next batch: no new TLS
    handshakes per batch. The same from a script and from a Jupyter cell, whose own loop is
    busy running the cell. After a fork the thread is gone: :meth:`alive` says so.
    """

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.loop = asyncio.new_event_loop()
        self.http: Any = None  # an httpx.AsyncClient on this loop, set by the first batch
        self._thread = threading.Thread(target=self._serve, name="mapsnb-batch", daemon=True)
        self._thread.start()

    def _serve(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def alive(self) -> bool:
        """Whether batches can run here (same process, thread running, loop open)."""
        return self.pid == os.getpid() and self._thread.is_alive() and not self.loop.is_closed()

    def run(self, make: Callable[[], Coroutine[Any, Any, Any]], holder: dict[str, Any]) -> Any:
        """Run ``make()`` on the loop and wait for it.

        An interrupt (KeyboardInterrupt, a kernel interrupt) cancels it, waits for it to stop, and
        re-raises with ``.partial``.
        """
        box: dict[str, Any] = {}
        finished = threading.Event()  # set when the coroutine has really stopped
        lock = threading.Lock()  # an interrupt either stops it before it starts, or cancels it

        async def main() -> None:
            try:
                with lock:
                    if box.get("stop"):
                        return
                    box["task"] = asyncio.current_task()
                box["result"] = await make()
            except BaseException as exc:  # handed to the waiting thread
                box["error"] = exc
            finally:
                finished.set()

        asyncio.run_coroutine_threadsafe(main(), self.loop)
        try:
            while not finished.wait(0.05):  # a timed wait: an interrupt gets through
                pass
        except KeyboardInterrupt as exc:
            with lock:
                box["stop"] = True
                task = box.get("task")
            if task is not None:
                self.loop.call_soon_threadsafe(task.cancel)
            finished.wait()
            exc.partial = holder.get("partial")  # type: ignore[attr-defined]
            raise
        if "error" in box:
            raise box["error"]
        return box["result"]

    def close(self) -> None:
        """Close the connections and stop the thread (a no-op in a forked child)."""
        if self.loop.is_closed() or self.pid != os.getpid():
            return
        if threading.current_thread() is self._thread:  # cannot wait for itself
            self.loop.call_soon(self.loop.stop)
            return
        if self._thread.is_alive():
            if self.http is not None:
                closing = asyncio.run_coroutine_threadsafe(self.http.aclose(), self.loop)
                with contextlib.suppress(Exception):
                    closing.result(timeout=5)
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(timeout=5)
        if not self._thread.is_alive():
            self.loop.close()
