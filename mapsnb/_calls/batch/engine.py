"""One engine for many calls: the only scheduler of batches, ``route_matrix`` and ``search_area``.

:meth:`Engine.run` sends a list of calls on an ``AsyncClient`` and hands each outcome (a result,
or the :class:`~mapsnb.errors.MapsnbError` the call failed with) to ``settle`` as it arrives:

- ``max_concurrency`` workers, started :data:`RAMP_STEP` seconds apart;
- a per-tool leaky-bucket rate limiter (``aiolimiter``: a minute's worth of calls may go out at
  once) of ``calls_per_minute``, none offline (:func:`batch_rate`), made on the engine's first
  call of a tool and kept across runs (``search_area``'s waves share one quota); the calls the
  client made in the last minute count against it;
- a shared backoff after a 429 (:class:`~mapsnb._calls.usage.Gate`): a call still rate-limited
  after the client's retries is queued again, up to :data:`RATE_LIMITED_ROUNDS` rounds;
- :class:`~mapsnb.errors.AuthError` and :class:`~mapsnb.errors.BudgetExceeded` stop the run
  (every other call would fail the same way), as a cancellation does: the calls in flight are
  cancelled, then it is raised.

A batch (:mod:`mapsnb._calls.batch.running`, ``route_matrix`` among them) runs its calls in one
run; ``search_area`` (:mod:`mapsnb._calls.area.drivers`) runs a run per wave of tiles on one
engine. :class:`Progress` is the ``tqdm.auto`` bar both show.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mapsnb import settings
from mapsnb._calls import options as opt
from mapsnb._calls.flow import BaseClient, Call
from mapsnb._calls.usage import Gate
from mapsnb.errors import AuthError, BudgetExceeded, InvalidRequest, MapsnbError, RateLimited

if TYPE_CHECKING:
    from aiolimiter import AsyncLimiter

    from mapsnb.results import ToolResult

logger = logging.getLogger(__name__)

#: How many times the engine sends a call again that is still rate-limited after the client's
#: retries.
RATE_LIMITED_ROUNDS = 5
#: Workers start this many seconds apart (at most ``RAMP_MAX`` for all of them). Answers that
#: come back together are read one after another on the one event loop, so the last of a burst
#: waits for the CPU work of all the others, round after round; starts a little apart keep the
#: answers apart (measured in ``benchmarks/bench_batch.py``).
RAMP_STEP = 0.003
RAMP_MAX = 0.05

#: ``settle(i, outcome)``: call ``i`` of the run finished with ``outcome``.
Settle = Callable[[int, Any], None]


def _rate(tool: str, calls_per_minute: int | Mapping[str, int] | None) -> float:
    value = settings.calls_per_minute if calls_per_minute is None else calls_per_minute
    if isinstance(value, Mapping):
        value = value.get(tool, settings.calls_per_minute)
    return opt.calls_per_minute(value)


def is_offline(aclient: BaseClient) -> bool:
    """Return whether ``aclient`` answers from the emulator (in process or served) or a recording.

    No live quota applies there.
    """
    return bool(aclient.is_sandbox) or aclient.source in ("sandbox", "replay")


def batch_rate(
    aclient: BaseClient, tool: str, calls_per_minute: int | Mapping[str, int] | None
) -> float | None:
    """Return the calls per minute the engine keeps to for ``tool`` on ``aclient``, ``None``: no limit.

    The run's own ``calls_per_minute`` wins; else offline (:func:`is_offline`)
    ``settings.sandbox_calls_per_minute`` (``None``: unthrottled), else
    ``settings.calls_per_minute`` (the live quota).
    """
    if calls_per_minute is None and is_offline(aclient):
        offline = settings.sandbox_calls_per_minute
        if offline is None or (isinstance(offline, Mapping) and tool not in offline):
            return None
        return _rate(tool, offline)
    return _rate(tool, calls_per_minute)


def max_concurrency_of(value: object) -> int:
    """``max_concurrency``: an integer ≥ 1 (booleans refused)."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InvalidRequest("max_concurrency", f"must be an integer ≥ 1, got {value!r}")
    return value


class Engine:
    """Runs lists of calls on ``aclient``: one quota (rate limiters, backoff) for all its runs.

    Parameters
    ----------
    aclient
        An ``AsyncClient`` (or a sync client's async twin).
    result_type
        The result class each answer is read into (``PlacesResult`` for ``search_places``);
        ``None``: the answered payload as it came (a batch reading rows straight from it).
    max_concurrency
        Calls in flight at once (1: one after another).
    calls_per_minute
        The rate per tool, as a batch's ``calls_per_minute=`` (see :func:`batch_rate`).
    """

    def __init__(
        self,
        aclient: BaseClient,
        *,
        result_type: type[ToolResult] | None,
        max_concurrency: int = 8,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> None:
        self.client = aclient
        self.result_type = result_type
        self.max_concurrency = max_concurrency_of(max_concurrency)
        self.calls_per_minute = calls_per_minute
        self.gate = Gate()
        self.limiters: dict[str, AsyncLimiter | None] = {}

    async def _make_limiter(self, tool: str) -> AsyncLimiter | None:
        """Return the rate limiter of ``tool`` (the calls the client just made count).

        ``None`` where no quota holds (offline, unless ``settings`` sets one).
        """
        rate = batch_rate(self.client, tool, self.calls_per_minute)
        if rate is None:
            return None
        from aiolimiter import AsyncLimiter

        limiter = AsyncLimiter(rate, 60)
        recent = self.client._meter.recent(tool)
        if recent:  # the quota is per minute: calls this client just made count against it
            await limiter.acquire(min(float(recent), rate))
        return limiter

    async def run(self, calls: Sequence[Call], settle: Settle) -> None:
        """Send ``calls``; ``settle(i, outcome)`` as each finishes (in any order).

        The only scheduler of many calls in mapsnb. Raises what stops the run (an
        ``AuthError``, a ``BudgetExceeded``, a cancellation) once the calls in flight are
        cancelled; the outcomes settled before it stay settled.
        """
        for tool in dict.fromkeys(call.name for call in calls):
            if tool not in self.limiters:
                self.limiters[tool] = await self._make_limiter(tool)
        if not calls:
            return
        workers = min(self.max_concurrency, len(calls))
        logger.debug(
            "mapsnb engine: %d calls (%s), %d in flight",
            len(calls),
            ", ".join(self.limiters),
            workers,
        )
        await _Run(self, calls, settle).run(workers)

    async def send(self, call: Call) -> Any:
        """One call within the quota: its result (or payload), or the error it failed with."""
        while self.gate.remaining() > 0:
            await asyncio.sleep(self.gate.remaining())
        limiter = self.limiters[call.name]
        if limiter is not None:
            await limiter.acquire()
        if self.result_type is None:
            flow = self.client._answered_flow(call, self.gate)
        else:
            flow = self.client._typed_flow(call, self.result_type, self.gate)
        try:
            return await self.client._invoke(flow)
        except (AuthError, BudgetExceeded):
            raise  # every other call would fail the same way: stop the run
        except MapsnbError as exc:  # a RateLimited too: the run decides
            return exc


#: What :meth:`_Run.send` returns for a call queued again after a 429.
_AGAIN: Any = object()


class _Run:
    """One run of an :class:`Engine`: the calls pending, in flight, and asked again."""

    def __init__(self, engine: Engine, calls: Sequence[Call], settle: Settle) -> None:
        self.engine = engine
        self.calls = calls
        self.settle = settle
        self.pending = collections.deque(range(len(calls)))
        self.rounds: collections.Counter[int] = collections.Counter()
        self.busy = 0
        self.changed = asyncio.Event()

    async def run(self, workers: int) -> None:
        """Run ``workers`` workers to the end; on an error or a cancellation, cancel them all."""
        step = min(RAMP_STEP, RAMP_MAX / workers)
        tasks = [asyncio.ensure_future(self.worker(i * step)) for i in range(workers)]
        try:
            await asyncio.gather(*tasks)
        except BaseException:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise

    async def worker(self, late: float) -> None:
        """Send pending calls until none is pending or in flight (``late`` s late: the ramp)."""
        if late:
            await asyncio.sleep(late)
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
                self.settle(k, outcome)

    async def send(self, k: int) -> Any:
        """Send call ``k``: its outcome, or ``_AGAIN`` if it was queued again."""
        outcome = await self.engine.send(self.calls[k])
        if isinstance(outcome, RateLimited):
            return self.rate_limited(k, outcome)
        return outcome

    def rate_limited(self, k: int, exc: RateLimited) -> Any:
        """Hold every worker and queue a call that is still 429 after the client's retries.

        A 429 slows the run, never fails it (up to ``RATE_LIMITED_ROUNDS`` rounds).
        """
        self.rounds[k] += 1
        if self.rounds[k] >= RATE_LIMITED_ROUNDS:
            return exc
        after = exc.retry_after
        wait = min(settings.backoff_max, settings.backoff_base if after is None else after)
        logger.debug("mapsnb engine: a %s call rate-limited, asked again", self.calls[k].name)
        self.engine.gate.hold(wait)
        self.pending.append(k)
        return _AGAIN


class Progress:
    """The ``tqdm.auto`` bar of an engine's work (a widget in notebooks), counting calls.

    Parameters
    ----------
    total
        Calls planned so far (:meth:`grow` adds more: ``search_area``'s next wave).
    desc
        The bar's label (the tool, or ``"search_area"``).
    enabled
        ``False``: a bar that shows nothing (``progress=False``).
    failed
        Failed rows counted from the start (a batch's rows refused before sending).
    """

    def __init__(self, total: int, *, desc: str, enabled: bool, failed: int = 0) -> None:
        from tqdm import auto

        self.bar = auto.tqdm(
            total=total, desc=desc, unit="call", disable=not enabled, dynamic_ncols=True
        )
        self.failed = 0
        self.fail(failed)

    def grow(self, calls: int) -> None:
        """Count ``calls`` more calls planned."""
        self.bar.total = (self.bar.total or 0) + calls
        container = getattr(self.bar, "container", None)  # a notebook widget: its bar's max
        if container is not None:
            container.children[1].max = self.bar.total
        self.bar.refresh()

    def fail(self, rows: int) -> None:
        """Count ``rows`` more failed rows (or calls) in the bar's postfix."""
        if rows:
            self.failed += rows
            self.bar.set_postfix(failed=self.failed, refresh=False)

    def advance(self) -> None:
        """One more call done."""
        self.bar.update(1)

    def close(self, *, stopped: bool) -> None:
        """Close the bar: green at N/N when the work finished, red when it ``stopped``.

        tqdm's notebook bar turns green when closed full; ``stopped`` is an interrupt, or an error that
        stops the work.
        """
        bar = self.bar
        if stopped and not bar.disable:
            bar.colour = "red"  # the terminal bar's colour
            if hasattr(bar, "container"):  # the notebook bar: the danger style, even if full
                bar.disp(bar_style="danger", check_delay=False)
        bar.close()
