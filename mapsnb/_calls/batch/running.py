"""Running a planned batch: concurrent calls on the async client, within quota, interruptible.

:func:`execute` runs a :class:`~mapsnb._calls.batch.planning.Job` on an :class:`AsyncClient` with
``max_concurrency`` workers, a per-tool leaky-bucket rate limiter (``aiolimiter``: a minute's
worth of calls may go out at once; none offline, where no live quota applies: :func:`batch_rate`), a shared backoff after a 429 (:class:`~mapsnb._calls.usage.Gate`)
and a ``tqdm.auto`` progress bar. :class:`LoopThread` runs it from sync code (a script, or a
Jupyter cell whose loop is busy) on a loop of its own on a daemon thread, kept between batches.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import logging
import os
import threading
from collections.abc import Callable, Coroutine, Mapping
from typing import TYPE_CHECKING, Any

import pandas as pd

from mapsnb import settings
from mapsnb._calls import options as opt
from mapsnb._calls.batch.assembly import absorb, assemble, reads_payloads, start
from mapsnb._calls.flow import BaseClient, Call
from mapsnb._calls.usage import Gate
from mapsnb.errors import AuthError, BudgetExceeded, InvalidRequest, MapsnbError, RateLimited
from mapsnb.results import RESULT_TYPES

if TYPE_CHECKING:
    from aiolimiter import AsyncLimiter

    from mapsnb._calls.batch.planning import Job, Options

logger = logging.getLogger(__name__)

#: How many times a batch sends a call again that is still rate-limited after the client's retries.
RATE_LIMITED_ROUNDS = 5
#: Workers start this many seconds apart (at most ``RAMP_MAX`` for all of them). Answers that
#: come back together are read one after another on the one event loop, so the last of a burst
#: waits for the CPU work of all the others, round after round; starts a little apart keep the
#: answers apart (measured in ``benchmarks/bench_batch.py``).
RAMP_STEP = 0.003
RAMP_MAX = 0.05


def _rate(tool: str, calls_per_minute: int | Mapping[str, int] | None) -> float:
    value = settings.calls_per_minute if calls_per_minute is None else calls_per_minute
    if isinstance(value, Mapping):
        value = value.get(tool, settings.calls_per_minute)
    return opt.calls_per_minute(value)


def is_offline(aclient: BaseClient) -> bool:
    """Whether ``aclient`` answers from the emulator (in process or served) or a recording:
    no live quota applies there."""
    return bool(aclient.is_sandbox) or aclient.source in ("sandbox", "replay")


def batch_rate(
    aclient: BaseClient, tool: str, calls_per_minute: int | Mapping[str, int] | None
) -> float | None:
    """The calls per minute a batch of ``tool`` keeps to on ``aclient``, ``None`` for no limit.

    The batch's own ``calls_per_minute`` wins; else offline (:func:`is_offline`)
    ``settings.sandbox_calls_per_minute`` (``None``: unthrottled), else
    ``settings.calls_per_minute`` (the live quota).
    """
    if calls_per_minute is None and is_offline(aclient):
        offline = settings.sandbox_calls_per_minute
        if offline is None or (isinstance(offline, Mapping) and tool not in offline):
            return None
        return _rate(tool, offline)
    return _rate(tool, calls_per_minute)


def _progress_bar(job: Job, progress: bool) -> Any:
    from tqdm import auto

    bar = auto.tqdm(
        total=len(job.calls),
        desc=f"{job.tool}",
        unit="call",
        disable=not progress,
        dynamic_ncols=True,
    )
    if job.invalid:  # rows refused before sending count as failed rows from the start
        bar.set_postfix(failed=len(job.invalid), refresh=False)
    return bar


def _close_bar(bar: Any, stopped: bool) -> None:
    """Close ``bar``: green at N/N when the work finished (tqdm's notebook bar turns green when
    closed full), red when the batch ``stopped`` (an interrupt, or an error that stops it)."""
    if stopped and not bar.disable:
        bar.colour = "red"  # the terminal bar's colour
        if hasattr(bar, "container"):  # the notebook bar: the danger style, even if full
            bar.disp(bar_style="danger", check_delay=False)
    bar.close()


async def execute(
    aclient: BaseClient, job: Job, options: Options, holder: dict[str, Any]
) -> pd.DataFrame:
    """Run the calls of ``job`` on ``aclient``; return the assembled frame.

    On cancellation or an error that stops the batch, the frame of what finished is put in
    ``holder["partial"]`` (and on the raised error's ``.partial``).
    """
    from aiolimiter import AsyncLimiter

    max_concurrency = _max_concurrency(options.max_concurrency)
    rate = batch_rate(aclient, job.tool, options.calls_per_minute)
    limiter = AsyncLimiter(rate, 60) if rate is not None else None
    recent = aclient._meter.recent(job.tool)
    if recent and limiter is not None and rate is not None:  # the quota is per minute: calls
        await limiter.acquire(min(float(recent), rate))  # this client just made count against it
    run = _Run(aclient, job, limiter, options.progress)
    return await run.run(min(max_concurrency, len(job.calls)), holder)


def _max_concurrency(value: object) -> int:
    """``max_concurrency``: an integer ≥ 1 (booleans refused)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidRequest("max_concurrency", f"must be an integer ≥ 1, got {value!r}")
    return value


#: What :meth:`_Run.send` returns for a call queued again after a 429.
_AGAIN: Any = object()


class _Run:
    """One running batch: the calls pending and done, the frame's parts, the progress bar.

    Workers (:meth:`worker`) send the calls; the absorber (:meth:`absorber`) builds each
    finished call's part of the frame between the network waits.
    """

    def __init__(
        self, aclient: BaseClient, job: Job, limiter: AsyncLimiter | None, progress: bool
    ) -> None:
        self.aclient = aclient
        self.job = job
        self.limiter = limiter
        self.gate = Gate()
        # rows straight from payloads (no typed results), else each call's result
        self.raw = reads_payloads(job.tool, job.table)
        self.result_type = RESULT_TYPES[job.tool]
        self.parts = start(job)
        self.done: set[int] = set()
        self.pending = collections.deque(range(len(job.calls)))
        self.rounds: collections.Counter[int] = collections.Counter()
        self.busy = 0
        self.bar = _progress_bar(job, progress)
        self.failed = len(job.invalid)  # failed rows: refused before sending, or their call failed
        self.backlog: collections.deque[tuple[int, Any]] = collections.deque()
        self.arrived = asyncio.Event()
        self.changed = asyncio.Event()

    async def run(self, workers: int, holder: dict[str, Any]) -> pd.DataFrame:
        """Run ``workers`` workers and the absorber to the end; the assembled frame."""
        step = min(RAMP_STEP, RAMP_MAX / max(workers, 1))
        tasks = [asyncio.ensure_future(self.worker(i, step)) for i in range(workers)]
        building = asyncio.ensure_future(self.absorber())
        try:
            await asyncio.gather(*tasks)
        except BaseException as exc:
            await self.stop(exc, [*tasks, building], holder)
            raise
        building.cancel()
        try:
            while self.backlog:  # the answers not yet absorbed count before the bar closes
                self.take()
        finally:
            _close_bar(self.bar, stopped=len(self.done) < len(self.job.calls))
        return assemble(self.job, self.parts, self.done, self.aclient.source)

    async def stop(
        self, exc: BaseException, tasks: list[asyncio.Future[None]], holder: dict[str, Any]
    ) -> None:
        """Cancel ``tasks``, keep the calls that finished, and put the frame on ``exc``."""
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        try:
            while self.backlog:  # calls that finished are kept
                self.take()
        finally:
            _close_bar(self.bar, stopped=True)
        partial = assemble(self.job, self.parts, self.done, self.aclient.source)
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
        self.bar.update(1)

    async def absorber(self) -> None:
        """Build each finished call's frame while the calls in flight wait on the network, one
        per loop turn, so that a worker sends its next call before the CPU work of its last."""
        while True:
            await self.arrived.wait()
            self.arrived.clear()
            while self.backlog:
                await asyncio.sleep(0)
                if self.backlog:
                    self.take()

    async def worker(self, i: int, step: float) -> None:
        """Send pending calls until none is pending or in flight (``i * step`` s late)."""
        if i:  # the ramp (see RAMP_STEP)
            await asyncio.sleep(i * step)
        while self.pending or self.busy:
            if not self.pending:  # a call in flight may come back rate-limited and be queued again
                self.changed.clear()
                await self.changed.wait()
                continue
            k = self.pending.popleft()
            self.busy += 1
            try:
                outcome = await self.send(k)
            finally:
                self.busy -= 1
                self.changed.set()  # idle workers look again: a call queued again, or all done
            if outcome is not _AGAIN:
                self.finished(k, outcome)

    async def send(self, k: int) -> Any:
        """Send call ``k``: its result, its error, or ``_AGAIN`` if it was queued again."""
        call = self.job.calls[k]
        try:
            while self.gate.remaining() > 0:
                await asyncio.sleep(self.gate.remaining())
            if self.limiter is not None:
                await self.limiter.acquire()
            sent = Call(call.tool, call.arguments)
            if self.raw:
                flow = self.aclient._answered_flow(sent, self.gate)
            else:
                flow = self.aclient._typed_flow(sent, self.result_type, self.gate)
            return await self.aclient._invoke(flow)
        except (AuthError, BudgetExceeded):
            raise  # every other call would fail the same way: stop the batch
        except RateLimited as exc:
            return self.rate_limited(k, exc)
        except MapsnbError as exc:
            return exc

    def rate_limited(self, k: int, exc: RateLimited) -> Any:
        """Still 429 after the client's retries: a 429 slows the batch, never fails it (up to
        ``RATE_LIMITED_ROUNDS`` rounds): hold every worker and queue the call again."""
        self.rounds[k] += 1
        if self.rounds[k] >= RATE_LIMITED_ROUNDS:
            return exc
        after = exc.retry_after
        self.gate.hold(min(settings.backoff_max, settings.backoff_base if after is None else after))
        self.pending.append(k)
        return _AGAIN

    def finished(self, k: int, outcome: Any) -> None:
        """Count a failed call's rows and hand ``outcome`` to the absorber."""
        if isinstance(outcome, MapsnbError):
            self.failed += len(self.job.calls[k].rows)
            self.bar.set_postfix(failed=self.failed, refresh=False)
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
        """Run ``make()`` on the loop and wait for it. An interrupt (KeyboardInterrupt, a
        kernel interrupt) cancels it, waits for it to stop, and re-raises with ``.partial``."""
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
