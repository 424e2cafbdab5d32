"""The work bound of one emulator call: a step budget and a deadline, checked cooperatively.

Every tool call runs inside :func:`bounded` (``Sandbox.call_tool`` opens one); the hot loops of
the planners (water samples, grid searches, line-of-sight tests) call :func:`check` once per
unit of work, without the budget being passed down. A call that needs more steps than its
:class:`Budget` allows, or outlasts its deadline, stops with :class:`WorkBoundExceeded` (a tool
error: the caller gets an MCP ``isError`` result saying the emulator's work bound was hit); a
call whose caller went away or gave up (:meth:`Budget.cancel`, an outer budget's deadline)
stops with :class:`WorkCancelled` (nobody waits for its answer).

The budget lives in a context variable: it follows the thread (or task) that runs the tool, so
two calls on two threads never share one. Outside :func:`bounded` the checks cost a counter
increment and bound nothing.

A call's answer must not depend on what earlier calls left in the planners' caches:
:func:`charged_cache` remembers what each cached result cost, so a call is charged the work
of a fresh process (each cached result once a call, whatever earlier calls computed), and
:attr:`Budget.work` counts every use of a cached result at its full cost (what the planners'
own cuts measure, the same in every call).
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import time
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass
from typing import Any, ParamSpec, TypeVar, cast

from mapsnb_sandbox.contract.common import SandboxToolError

__all__ = [
    "WORK_SECONDS",
    "WORK_STEPS",
    "Budget",
    "WorkBoundExceeded",
    "WorkCancelled",
    "bounded",
    "call_bound",
    "charged_cache",
    "check",
    "current",
]

#: Units of work (water samples, grid cells, line-of-sight samples) one tool call may spend:
#: about 15 s of one core; an ordinary call spends a few thousand.
WORK_STEPS = 1_000_000
#: Wall-clock seconds one tool call may take (a backstop for a loaded machine).
WORK_SECONDS = 30.0
#: Steps between two looks at the clock and the cancel flag (about a millisecond of work).
_EVERY = 64


class WorkBoundExceeded(SandboxToolError):
    """The call needed more work than the emulator allows one call (``DEADLINE_EXCEEDED``)."""

    def __init__(self, message: str) -> None:
        super().__init__("DEADLINE_EXCEEDED", message)


class WorkCancelled(Exception):
    """The call was cancelled: its caller gave up (a timeout, a closed connection, shutdown)."""


class Budget:
    """The work one call may do: at most ``steps`` checks and ``seconds`` of wall clock.

    Parameters
    ----------
    steps
        Most units of work (:func:`check` calls, weighted); ``None``: no step bound.
    seconds
        Wall-clock seconds from now; ``None``: no deadline.
    parent
        An outer budget (the caller's): its cancellation or deadline cancels this one.
    what
        What the messages call the work (``"compute_routes"``).
    """

    def __init__(
        self,
        *,
        steps: int | None = WORK_STEPS,
        seconds: float | None = WORK_SECONDS,
        parent: Budget | None = None,
        what: str = "this call",
    ) -> None:
        self.steps = steps
        self.seconds = seconds
        self.parent = parent
        self.what = what
        self.used = 0
        self.ends = None if seconds is None else time.monotonic() + seconds
        self.cancelled = False
        self._next = _EVERY if steps is None else min(_EVERY, steps + 1)
        #: Work not charged: uses of cached results this call had already paid for.
        self.discount = 0
        #: Cached results this call used (paid for once), by key; and the results being computed.
        self.memo: dict[Hashable, _Entry] = {}
        self.computing: list[list[_Entry]] = []

    @property
    def work(self) -> int:
        """Steps as if no result were cached: each use of a cached result at its full cost."""
        return self.used + self.discount

    def cancel(self) -> None:
        """Stop the work at its next check (thread-safe: a flag the worker reads)."""
        self.cancelled = True

    def spent(self) -> bool:
        """Whether this budget (or its parent) is cancelled or past its deadline."""
        if self.cancelled or (self.ends is not None and time.monotonic() >= self.ends):
            return True
        return self.parent is not None and self.parent.spent()

    def check(self, cost: int = 1) -> None:
        """Count ``cost`` units of work; raise when the bound is hit or the call is cancelled."""
        self.used += cost
        if self.used >= self._next:
            self._look()

    def _look(self) -> None:
        if self.steps is not None and self.used > self.steps:
            raise WorkBoundExceeded(
                f"the emulator's work bound was hit: {self.what} stopped after "
                f"{self.steps:,} steps of work (the emulator bounds every call); ask for fewer "
                "or closer waypoints, or a smaller area"
            )
        self._next = self.used + _EVERY
        if self.steps is not None:
            self._next = min(self._next, self.steps + 1)
        if self.cancelled or (self.parent is not None and self.parent.spent()):
            raise WorkCancelled(f"{self.what} was cancelled: its caller stopped waiting")
        if self.ends is not None and time.monotonic() >= self.ends:
            raise WorkBoundExceeded(
                f"the emulator's work bound was hit: {self.what} stopped after "
                f"{self.seconds:g} s of work (the emulator bounds every call); ask for fewer "
                "or closer waypoints, or a smaller area"
            )


#: The budget nothing bounds: what :func:`check` counts against outside :func:`bounded`.
_FREE = Budget(steps=None, seconds=None, what="unbounded work")
_CURRENT: contextvars.ContextVar[Budget] = contextvars.ContextVar(
    "mapsnb_sandbox_budget", default=_FREE
)


def current() -> Budget:
    """The budget of the call running in this context (an unbounded one outside any call)."""
    return _CURRENT.get()


def check(cost: int = 1) -> None:
    """Count ``cost`` units of work against the current call's budget (see :meth:`Budget.check`)."""
    _CURRENT.get().check(cost)


@contextlib.contextmanager
def bounded(budget: Budget) -> Iterator[Budget]:
    """Run the block under ``budget``: every :func:`check` inside counts against it."""
    token = _CURRENT.set(budget)
    try:
        yield budget
    finally:
        _CURRENT.reset(token)


@dataclass(frozen=True)
class _Entry:
    """A cached result: its value, its work (``full``, with the results it used) and its own."""

    key: Hashable
    value: Any
    full: int
    own: int
    uses: tuple[_Entry, ...]


def _charge(budget: Budget, entry: _Entry) -> None:
    """Charge ``budget`` what ``entry`` costs a call that has not used it or what it used yet."""
    new, todo = 0, [entry]
    while todo:
        e = todo.pop()
        if e.key not in budget.memo:
            budget.memo[e.key] = e
            new += e.own
            todo.extend(e.uses)
    budget.discount += entry.full - new
    budget.check(new)


_P = ParamSpec("_P")
_R = TypeVar("_R")


def call_bound() -> int | None:
    """The step bound of the call running in this context (``None``: unbounded)."""
    return _CURRENT.get().steps


def charged_cache(
    maxsize: int | None, context: Callable[[], Hashable] = lambda: None
) -> Callable[[Callable[_P, _R]], Callable[_P, _R]]:
    """An LRU cache (like :func:`functools.lru_cache`) whose results cost a call what they
    cost to compute, once a call: the same steps, cold or warm (see the module's note).
    ``context()`` is part of the key: what a result depends on besides the arguments
    (:func:`call_bound` for a planner that stops at a share of the call's bound)."""

    def wrap(fn: Callable[_P, _R]) -> Callable[_P, _R]:
        @functools.lru_cache(maxsize)
        def compute(ctx: Hashable, *args: Any, **kwargs: Any) -> _Entry:
            budget = current()
            start = budget.work
            budget.computing.append([])
            try:
                value = fn(*args, **kwargs)
            finally:
                uses = tuple(budget.computing.pop())
            full = budget.work - start
            key = (fn, ctx, args, tuple(kwargs.items()))
            entry = _Entry(key, value, full, full - sum(u.full for u in uses), uses)
            budget.memo[key] = entry
            return entry

        @functools.wraps(fn)
        def cached(*args: _P.args, **kwargs: _P.kwargs) -> _R:
            budget = current()
            if budget is _FREE:  # outside a call: this use is a call of its own
                with bounded(Budget(steps=None, seconds=None, what=_FREE.what)):
                    return cached(*args, **kwargs)
            ctx = context()
            key = (fn, ctx, args, tuple(kwargs.items()))
            entry = budget.memo.get(key)
            if entry is not None:  # paid for earlier in this call
                budget.discount += entry.full
            else:
                entry = compute(ctx, *args, **kwargs)  # type: ignore[arg-type]  # kwargs hash
                if entry.key not in budget.memo:  # computed by an earlier call
                    _charge(budget, entry)
            if budget.computing:
                budget.computing[-1].append(entry)
            return cast(_R, entry.value)

        cached.cache_clear = compute.cache_clear  # type: ignore[attr-defined]
        cached.cache_info = compute.cache_info  # type: ignore[attr-defined]
        return cached

    return wrap
