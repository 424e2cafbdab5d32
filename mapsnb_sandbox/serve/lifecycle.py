"""How served calls end: cancelled when their client goes, all at once on shutdown, drained on stdio.

A served tool call runs on a worker thread inside a :class:`~mapsnb_sandbox.contract.budget.Budget`
(:func:`run_call`), whose parent is the budget of the HTTP request that asked for it
(:class:`CancelOnDisconnect` opens one per POST and cancels it when the client disconnects
before its answer): an abandoned pathological call stops at its next work check and frees its
thread. :class:`InFlight` holds every running call's budget, so a shutdown (SIGTERM) cancels
them all at once. Over stdio, :func:`draining` keeps the read stream open after stdin closes
until every request read has been answered.
"""

from __future__ import annotations

import contextvars
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

import anyio
import anyio.to_thread

from mapsnb_sandbox.contract.budget import WORK_SECONDS, Budget, WorkCancelled, bounded

__all__ = [
    "CancelOnDisconnect",
    "InFlight",
    "draining",
    "request_budget",
    "run_call",
]

_T = TypeVar("_T")

#: The budget of the HTTP request being answered (set by :class:`CancelOnDisconnect`; the MCP
#: SDK carries the request's context to the tool handler).
_REQUEST: contextvars.ContextVar[Budget | None] = contextvars.ContextVar(
    "mapsnb_sandbox_request", default=None
)


def request_budget() -> Budget | None:
    """The budget of the HTTP request this handler answers, if any."""
    return _REQUEST.get()


class InFlight:
    """The budgets of the calls running now: cancelled all at once on shutdown."""

    def __init__(self) -> None:
        self._budgets: set[Budget] = set()

    def __len__(self) -> int:
        return len(self._budgets)

    def add(self, budget: Budget) -> None:
        """Hold ``budget`` until :meth:`discard`."""
        self._budgets.add(budget)

    def discard(self, budget: Budget) -> None:
        """Forget ``budget`` (its call ended)."""
        self._budgets.discard(budget)

    def cancel_all(self) -> None:
        """Cancel every running call (thread-safe: a signal handler may call it)."""
        for budget in list(self._budgets):
            budget.cancel()


def _in_budget(budget: Budget, work: Callable[[], _T]) -> _T:
    if budget.spent():  # cancelled while it waited for a thread: not started at all
        raise WorkCancelled(f"{budget.what} was cancelled before it started")
    with bounded(budget):
        return work()


async def run_call(
    work: Callable[[], _T], *, limiter: anyio.CapacityLimiter, calls: InFlight, what: str
) -> _T:
    """Run ``work`` on a worker thread within a budget that the request's disconnection, the
    handler's cancellation or :meth:`InFlight.cancel_all` cancels; raises
    :class:`~mapsnb_sandbox.contract.budget.WorkCancelled` when it was cancelled."""
    budget = Budget(steps=None, seconds=None, parent=request_budget(), what=what)
    calls.add(budget)
    try:
        return await anyio.to_thread.run_sync(
            _in_budget, budget, work, limiter=limiter, abandon_on_cancel=True
        )
    finally:
        budget.cancel()  # a thread left running (the handler was cancelled) stops at its check
        calls.discard(budget)


class CancelOnDisconnect:
    """ASGI wrapper: each POST runs inside a budget (:func:`request_budget`) that is cancelled
    when the client disconnects before the answer is sent.

    Once the app has read the whole body, only this wrapper reads the client's messages (an
    ``http.disconnect``); the app gets that message when it comes.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:  # router, state, … of the wrapped Starlette app
        return getattr(self.app, name)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") != "http" or scope.get("method") != "POST":
            await self.app(scope, receive, send)
            return
        budget = Budget(steps=None, seconds=None, what="the HTTP request")
        exchange = _Exchange(budget, receive, send)
        token = _REQUEST.set(budget)
        try:
            async with anyio.create_task_group() as tg:
                tg.start_soon(exchange.watch)
                try:
                    await self.app(scope, exchange.receive, exchange.send)
                finally:
                    tg.cancel_scope.cancel()
        finally:
            _REQUEST.reset(token)


class _Exchange:
    """One POST's messages: the body passed on, then a disconnect watched for."""

    def __init__(self, budget: Budget, receive: Any, send: Any) -> None:
        self.budget = budget
        self._receive, self._send = receive, send
        self.body_read = anyio.Event()
        self.gone = anyio.Event()
        self.answered = False

    async def receive(self) -> Mapping[str, Any]:
        if self.body_read.is_set():
            await self.gone.wait()
            return {"type": "http.disconnect"}
        message: dict[str, Any] = await self._receive()
        if message.get("type") == "http.disconnect":
            self._disconnected()
        elif not message.get("more_body"):
            self.body_read.set()
        return message

    async def send(self, message: Mapping[str, Any]) -> None:
        if message.get("type") == "http.response.body" and not message.get("more_body"):
            self.answered = True  # the client may leave now: nothing is cancelled
        await self._send(message)

    async def watch(self) -> None:
        await self.body_read.wait()
        while (await self._receive()).get("type") != "http.disconnect":
            pass
        self._disconnected()

    def _disconnected(self) -> None:
        if not self.answered:
            self.budget.cancel()
        self.gone.set()


# --------------------------------------------------------------------------- stdio drain


class _Pending:
    """Ids of the requests read and not yet answered; an event set when there are none."""

    def __init__(self) -> None:
        self.ids: set[Any] = set()
        self.none = anyio.Event()
        self.none.set()

    def add(self, msg_id: Any) -> None:
        self.ids.add(msg_id)
        if self.none.is_set():
            self.none = anyio.Event()

    def answered(self, msg_id: Any) -> None:
        self.ids.discard(msg_id)
        if not self.ids:
            self.none.set()


def _request_id(item: Any) -> tuple[bool, Any]:
    message = getattr(item, "message", None)
    has_method = isinstance(getattr(message, "method", None), str)
    return has_method and hasattr(message, "id"), getattr(message, "id", None)


class _DrainingReader:
    """A read stream that, at its end, waits until every request read was answered."""

    def __init__(self, inner: Any, pending: _Pending, wait_s: float) -> None:
        self._inner, self._pending, self._wait_s = inner, pending, wait_s

    @property
    def last_context(self) -> contextvars.Context | None:
        """The sender's context of the last message (the SDK's context streams)."""
        return getattr(self._inner, "last_context", None)

    async def receive(self) -> Any:
        try:
            item = await self._inner.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            with anyio.move_on_after(self._wait_s):  # the work bound ends every call sooner
                await self._pending.none.wait()
            raise anyio.EndOfStream from None
        is_request, msg_id = _request_id(item)
        if is_request:
            self._pending.add(msg_id)
        return item

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def __aiter__(self) -> _DrainingReader:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except anyio.EndOfStream:
            raise StopAsyncIteration from None

    def close(self) -> None:
        self._inner.close()

    async def aclose(self) -> None:
        await self._inner.aclose()

    async def __aenter__(self) -> _DrainingReader:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _AnsweringWriter:
    """A write stream that marks each answer's request as answered once it is written."""

    def __init__(self, inner: Any, pending: _Pending) -> None:
        self._inner, self._pending = inner, pending

    async def send(self, item: Any) -> None:
        await self._inner.send(item)
        message = getattr(item, "message", None)
        if not isinstance(getattr(message, "method", None), str) and hasattr(message, "id"):
            self._pending.answered(getattr(message, "id", None))  # a response or an error

    def close(self) -> None:
        self._inner.close()

    async def aclose(self) -> None:
        await self._inner.aclose()

    def clone(self) -> Any:
        return _AnsweringWriter(self._inner.clone(), self._pending)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    async def __aenter__(self) -> _AnsweringWriter:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


def draining(read: Any, write: Any, *, wait_s: float = WORK_SECONDS + 5.0) -> tuple[Any, Any]:
    """Stdio streams whose end waits (at most ``wait_s``) until every request read is answered:
    a client that writes its last request and closes stdin still gets the answer."""
    pending = _Pending()
    return _DrainingReader(read, pending, wait_s), _AnsweringWriter(write, pending)
