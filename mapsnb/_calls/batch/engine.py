"""One engine for many calls: waves of calls on an async client, within quota, in flight at once.

:class:`Engine` runs lists of calls (a wave at a time, e.g. ``search_area``'s tiles, level by
level) on an ``AsyncClient`` the way a batch does (:mod:`mapsnb._calls.batch.running`): a
per-tool leaky-bucket rate limiter of ``calls_per_minute`` (``settings.calls_per_minute`` by
default) kept across waves, a shared backoff after a 429 (a call still rate-limited after the
client's retries is queued again, up to :data:`~mapsnb._calls.batch.running.RATE_LIMITED_ROUNDS`
rounds) and ``max_concurrency`` calls in flight. Each outcome (a result, or the
:class:`~mapsnb.errors.MapsnbError` the call failed with) is handed to ``settle`` as it arrives;
:class:`~mapsnb.errors.AuthError` and :class:`~mapsnb.errors.BudgetExceeded` stop the wave
(every other call would fail the same way): the calls in flight are cancelled and it is raised.
"""

from __future__ import annotations

import asyncio
import collections
from collections.abc import Callable, Mapping
from typing import Any

from mapsnb import settings
from mapsnb._calls.batch.running import RATE_LIMITED_ROUNDS, batch_rate
from mapsnb._calls.flow import BaseClient, Call
from mapsnb._calls.usage import Gate
from mapsnb.errors import AuthError, BudgetExceeded, InvalidRequest, MapsnbError, RateLimited
from mapsnb.results import ToolResult

Settle = Callable[[int, Call, Any], None]


class Engine:
    """Runs waves of calls on ``aclient``: one quota (rate limiter per tool and backoff) for all.

    Parameters
    ----------
    aclient
        An ``AsyncClient`` (or a sync client's async twin).
    result_type
        The result class each answer is read into (``PlacesResult`` for ``search_places``).
    max_concurrency
        Calls in flight at once (1: one after another).
    calls_per_minute
        The rate per tool, as a batch's ``calls_per_minute=``.
    """

    def __init__(
        self,
        aclient: BaseClient,
        *,
        result_type: type[ToolResult],
        max_concurrency: int = 8,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> None:
        if isinstance(max_concurrency, bool) or not isinstance(max_concurrency, int):
            raise InvalidRequest(
                "max_concurrency", f"must be an integer ≥ 1, got {max_concurrency!r}"
            )
        if max_concurrency < 1:
            raise InvalidRequest(
                "max_concurrency", f"must be an integer ≥ 1, got {max_concurrency!r}"
            )
        self.client = aclient
        self.result_type = result_type
        self.max_concurrency = max_concurrency
        self.calls_per_minute = calls_per_minute
        self.gate = Gate()
        self._limiters: dict[str, Any] = {}

    async def _limiter(self, tool: str) -> Any:
        """The rate limiter of ``tool``, made on first use (calls the client just made count);
        ``None`` where no quota holds (the emulator, unless ``settings`` sets one)."""
        if tool in self._limiters:
            return self._limiters[tool]
        rate = batch_rate(self.client, tool, self.calls_per_minute)
        limiter = None
        if rate is not None:
            from aiolimiter import AsyncLimiter

            limiter = AsyncLimiter(rate, 60)
            recent = self.client._meter.recent(tool)
            if recent:
                await limiter.acquire(min(float(recent), rate))
        self._limiters[tool] = limiter
        return limiter

    async def _one(self, call: Call) -> Any:
        """One call within the quota: its result, the error it failed with, or ``None`` when it
        is still rate-limited (to be queued again)."""
        while self.gate.remaining() > 0:
            await asyncio.sleep(self.gate.remaining())
        limiter = await self._limiter(call.name)
        if limiter is not None:
            await limiter.acquire()
        try:
            return await self.client._invoke(
                self.client._typed_flow(call, self.result_type, self.gate)
            )
        except (AuthError, BudgetExceeded):
            raise
        except RateLimited as exc:
            return exc
        except MapsnbError as exc:
            return exc

    async def run(self, calls: list[Call], settle: Settle) -> None:
        """Run ``calls``; ``settle(i, call, outcome)`` as each finishes (in any order)."""
        pending = collections.deque(range(len(calls)))
        rounds: collections.Counter[int] = collections.Counter()

        async def worker() -> None:
            while pending:
                i = pending.popleft()
                outcome = await self._one(calls[i])
                if isinstance(outcome, RateLimited):
                    rounds[i] += 1
                    if rounds[i] < RATE_LIMITED_ROUNDS:
                        after = outcome.retry_after
                        wait = settings.backoff_base if after is None else after
                        self.gate.hold(min(settings.backoff_max, wait))
                        pending.append(i)
                        continue
                settle(i, calls[i], outcome)

        tasks = [
            asyncio.ensure_future(worker()) for _ in range(min(self.max_concurrency, len(calls)))
        ]
        try:
            await asyncio.gather(*tasks)
        except BaseException:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            raise
