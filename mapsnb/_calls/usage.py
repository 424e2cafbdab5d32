"""What a client spent: calls by tool and billing tier, retries, cache hits — and its budget.

:class:`Meter` is shared by a client and the batches it runs. :meth:`Meter.metered` wraps a
sans-IO tool-call flow (see :mod:`mapsnb._calls.client`): it refuses the call before anything is sent
when the budget would be passed, counts the call once its first request goes out (and uncounts
it when every answer was a 429: a refused call is not billed, so a batch sending it again never
passes ``max_calls`` for it), counts each backoff sleep of the flow as a retry, and — in a batch — holds every call behind a shared
:class:`Gate` after a 429.

Hook for other layers: a cache answering a call without sending it calls
:meth:`Meter.cache_hit` (the call is then not counted as made).
"""

from __future__ import annotations

import datetime as dt
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Generator, Iterable, Mapping
from typing import Any

import httpx

from mapsnb import settings
from mapsnb._calls.billing import PRO, tier
from mapsnb._transport import protocol as proto
from mapsnb.errors import BudgetExceeded, InvalidRequest

Flow = Generator[Any, Any, Any]
USAGE_COLUMNS = ["tool", "tier", "calls", "errors", "retries", "cache_hits"]


class Gate:
    """A shared backoff: after a 429 every call of a batch waits until the gate opens."""

    def __init__(self) -> None:
        self._until = 0.0
        self.holds = 0

    def remaining(self) -> float:
        """Seconds until the gate opens (0 when open)."""
        return max(0.0, self._until - time.monotonic())

    def hold(self, seconds: float) -> None:
        """Close the gate for ``seconds`` from now (never shortening a longer hold)."""
        self.holds += 1
        self._until = max(self._until, time.monotonic() + max(0.0, seconds))


class Meter:
    """Counters and limits of one client (thread-safe).

    Parameters
    ----------
    max_calls, max_pro_calls
        Most calls (of any tier) and most Pro calls the client may make; ``None``: no limit.
    """

    def __init__(self, max_calls: int | None = None, max_pro_calls: int | None = None) -> None:
        for name, value in (("max_calls", max_calls), ("max_pro_calls", max_pro_calls)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidRequest(name, f"must be a whole number or None, got {value!r}")
            if value is not None and value < 0:
                raise InvalidRequest(name, f"must be >= 0, got {value!r}")
        self.max_calls = max_calls
        self.max_pro_calls = max_pro_calls
        self._lock = threading.Lock()
        self._counts: dict[tuple[str, str], Counter[str]] = {}
        self._sent: dict[str, deque[float]] = {}  # monotonic send times, the last minute

    # ----------------------------------------------------------------- counting
    def _bump(self, tool: str, tier_: str, what: str, n: int = 1) -> None:
        self._counts.setdefault((tool, tier_), Counter())[what] += n

    def _total(self, pro_only: bool) -> int:
        return sum(c["calls"] for (_, t), c in self._counts.items() if not pro_only or t == PRO)

    def check(self, tiers: Iterable[str]) -> None:
        """Raise :class:`BudgetExceeded` if a batch of calls of ``tiers`` would pass a limit."""
        tiers = list(tiers)
        with self._lock:
            self._check(len(tiers), sum(t == PRO for t in tiers), "batch")

    def _check(self, calls: int, pro: int, scope: str = "call") -> None:
        # the Pro limit first: a Pro call past both limits is refused by the one set for it
        if self.max_pro_calls is not None and pro:
            used = self._total(True)
            if used + pro > self.max_pro_calls:
                raise BudgetExceeded("max_pro_calls", self.max_pro_calls, used, pro, scope=scope)
        if self.max_calls is not None and calls:
            used = self._total(False)
            if used + calls > self.max_calls:
                raise BudgetExceeded("max_calls", self.max_calls, used, calls, scope=scope)

    def reserve(self, tool: str, tier_: str) -> None:
        """Check the budget and count one call (atomically); see :meth:`release`."""
        with self._lock:
            self._check(1, int(tier_ == PRO))
            self._bump(tool, tier_, "calls")

    def sent(self, tool: str) -> None:
        """Note that a call of ``tool`` went out now (for :meth:`recent`)."""
        now = time.monotonic()
        with self._lock:
            times = self._sent.setdefault(tool, deque())
            times.append(now)
            while times and times[0] < now - 60:
                times.popleft()

    def recent(self, tool: str, seconds: float = 60.0) -> int:
        """Count the calls of ``tool`` this client sent in the last ``seconds`` (at most a minute)."""
        since = time.monotonic() - seconds
        with self._lock:
            return sum(t >= since for t in self._sent.get(tool, ()))

    def release(self, tool: str, tier_: str) -> None:
        """Undo :meth:`reserve` for a call that was never sent."""
        with self._lock:
            self._bump(tool, tier_, "calls", -1)

    def cache_hit(self, tool: str, args: Mapping[str, Any], now: dt.datetime | None = None) -> None:
        """Count a call answered from a cache (not sent, not billed)."""
        with self._lock:
            self._bump(tool, tier(tool, args, now), "cache_hits")

    def counts(self) -> dict[tuple[str, str], dict[str, int]]:
        """``{(tool, tier): {"calls": n, "errors": n, "retries": n, "cache_hits": n}}``."""
        with self._lock:
            return {
                key: {c: int(counter[c]) for c in USAGE_COLUMNS[2:]}
                for key, counter in self._counts.items()
            }

    def frame(self) -> Any:
        """Return the counts as a DataFrame, one row per tool and tier (see ``Client.usage``)."""
        import pandas as pd

        rows = [
            {"tool": tool, "tier": tier_, **values}
            for (tool, tier_), values in sorted(self.counts().items())
            if any(values.values())
        ]
        df = pd.DataFrame(rows, columns=USAGE_COLUMNS)
        for column in USAGE_COLUMNS[2:]:
            df[column] = df[column].astype("int64")
        df.attrs["max_calls"] = self.max_calls
        df.attrs["max_pro_calls"] = self.max_pro_calls
        return df

    # ----------------------------------------------------------------- the wrapper
    def metered(
        self,
        flow: Flow,
        tool: str,
        args: Mapping[str, Any],
        *,
        now: dt.datetime | None,
        sleep: Callable[[float], Any],
        gate: Gate | None = None,
    ) -> Flow:
        """Run ``flow`` (one tool call) under the budget, counting it; see the module doc."""
        tier_ = tier(tool, args, now)
        self.reserve(tool, tier_)
        sent = False
        billable = False  # an answer other than 429 (or none): the server may have run it
        try:
            command = next(flow)
            while True:
                if isinstance(command, httpx.Request):
                    if gate is not None and gate.remaining() > 0:
                        yield sleep(gate.remaining())
                    if not sent:
                        self.sent(tool)
                    sent = True
                    outcome = yield command
                    refused = isinstance(outcome, httpx.Response) and outcome.status_code == 429
                    billable = billable or not refused
                    if gate is not None and refused:
                        after = proto.retry_after(outcome)
                        gate.hold(
                            min(
                                settings.backoff_max,
                                settings.backoff_base if after is None else after,
                            )
                        )
                else:  # a backoff sleep before a retry (a session renewal is none)
                    if getattr(command, "counts_as_retry", True):
                        with self._lock:
                            self._bump(tool, tier_, "retries")
                    outcome = yield command
                command = flow.send(outcome)
        except StopIteration as stop:
            return stop.value
        except Exception:
            if sent and not billable:  # every answer was a 429: not run, not billed
                with self._lock:
                    self._bump(tool, tier_, "calls", -1)
                    self._bump(tool, tier_, "retries")  # it will be sent again, if at all
            elif sent:
                with self._lock:
                    self._bump(tool, tier_, "errors")
            raise
        finally:
            if not sent:
                self.release(tool, tier_)
