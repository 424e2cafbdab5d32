"""The built-in emulator behind the transport: the one toolkit module that imports ``mapsnb_sandbox``.

``Client()`` without a key speaks MCP to the emulator through an httpx transport, exactly as it
speaks to the live server; the emulator is a sibling package and only this module (and the
``mapsnb sandbox serve`` command) knows it. Imported on the first keyless client, never by
``import mapsnb``.

Each request runs on a worker thread (:data:`WORKERS`), inside a budget ending with the request's time
(``timeout`` cut to what is left of ``deadline``): the caller waits at most that long, sync or
async (the event loop keeps running meanwhile), and gets ``httpx.ReadTimeout`` (which the client
reports as :class:`~mapsnb.errors.DeadlineExceeded`, as for the network); the abandoned call is
cancelled at its next work check (:mod:`mapsnb_sandbox.contract.budget`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextvars
import datetime as dt
import os
import queue
import threading
from collections.abc import Callable
from typing import Any

import httpx

from mapsnb import settings
from mapsnb_sandbox import Sandbox, parse_now
from mapsnb_sandbox.contract.budget import Budget, WorkCancelled, bounded
from mapsnb_sandbox.serve.endpoint import McpEndpoint, SandboxTransport

__all__ = ["WORKERS", "BoundedTransport", "SandboxLink", "Workers"]


class SandboxLink:
    """The emulator a client talks to: its clock, its ``tools/list`` and its httpx transport.

    Parameters
    ----------
    now
        A fixed clock (aware datetime or ISO 8601 string); ``None`` reads
        ``MAPSNB_SANDBOX_NOW``, else the real clock.
    era
        The toolset era (``settings.sandbox_eras``).
    """

    def __init__(self, *, now: dt.datetime | str | None, era: str) -> None:
        self.emulator = Sandbox(now=now, tools=era)
        #: a fixed clock is part of what the emulator answers (cache keys say which)
        self.fixed = (
            parse_now(now) or parse_now(os.environ.get(settings.sandbox_now_env))
        ) is not None
        self._endpoint: McpEndpoint | None = None  # one per client: its async twins share it

    def now(self) -> dt.datetime:
        """Return the emulator's current time (aware, UTC)."""
        return self.emulator.now()

    def advance(self, **delta: float) -> dt.datetime:
        """Move the emulator's clock forward, e.g. ``advance(minutes=11)``."""
        return self.emulator.advance(**delta)

    def list_tools(self) -> list[dict[str, Any]]:
        """Return the emulator's own ``tools/list``."""
        return self.emulator.list_tools()

    def transport(self) -> BoundedTransport:
        """Return an httpx transport (sync and async) answered by the emulator in-process.

        Each request is answered within its time (:class:`BoundedTransport`).
        """
        if self._endpoint is None:
            self._endpoint = McpEndpoint(self.emulator)
        return BoundedTransport(SandboxTransport(self._endpoint))


class Workers:
    """Daemon threads that run emulator requests, a long call never holding up the others.

    An idle thread takes the next request, else one more starts; a thread idle for ``idle_s``
    ends. Daemon threads: a process may exit while a call it abandoned is still stopping.

    Daemon threads: a process may exit while a call it abandoned is still stopping.
    """

    def __init__(self, idle_s: float = 30.0) -> None:
        self.idle_s = idle_s
        self._jobs: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._idle = threading.Semaphore(0)  # one token per idle thread not yet given a job
        self._lock = threading.Lock()
        self.running = 0  # requests being answered now

    def submit(self, job: Callable[[], None]) -> None:
        """Run ``job`` on an idle thread, or a new one."""
        self._jobs.put(job)
        if not self._idle.acquire(blocking=False):
            threading.Thread(target=self._serve, name="mapsnb-sandbox-call", daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                job = self._jobs.get(timeout=self.idle_s)
            except queue.Empty:
                if self._idle.acquire(blocking=False):  # no job was promised to this thread
                    return
                continue
            with self._lock:
                self.running += 1
            try:
                job()
            finally:
                with self._lock:
                    self.running -= 1
                self._idle.release()


#: The worker threads of every in-process emulator of this process.
WORKERS = Workers()


def _seconds(request: httpx.Request) -> float | None:
    """Return the time ``request`` may take: its read timeout (the client cuts it to the deadline)."""
    timeout = request.extensions.get("timeout")
    read = timeout.get("read") if isinstance(timeout, dict) else None
    return float(read) if isinstance(read, int | float) else None


class BoundedTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """The emulator's transport with the caller's time honoured, sync and async.

    Every request runs on a worker thread (:data:`WORKERS`) inside a :class:`Budget` ending
    with the request's read timeout; the caller waits for it at most that long (without
    blocking an event loop), then raises ``httpx.ReadTimeout`` and cancels the budget, so the
    abandoned call stops at its next work check. The caller's cancellation (``asyncio`` task
    cancelled, Ctrl-C) cancels it too.
    """

    def __init__(self, inner: SandboxTransport) -> None:
        self.inner = inner

    def _start(
        self, request: httpx.Request, body: bytes, budget: Budget
    ) -> concurrent.futures.Future[httpx.Response]:
        job: concurrent.futures.Future[httpx.Response] = concurrent.futures.Future()
        context = contextvars.copy_context()

        def work() -> None:
            if not job.set_running_or_notify_cancel():
                return
            try:
                with bounded(budget):
                    job.set_result(self.inner.respond(request, body))
            except BaseException as exc:  # handed to the caller, who may have gone
                job.set_exception(exc)

        WORKERS.submit(lambda: context.run(work))
        return job

    @staticmethod
    def _timeout(request: httpx.Request, seconds: float | None) -> httpx.ReadTimeout:
        return httpx.ReadTimeout(
            f"the emulator did not answer within {seconds:g} s (timeout, or what was left of "
            "deadline); the call was cancelled",
            request=request,
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        seconds = _seconds(request)
        budget = Budget(steps=None, seconds=seconds, what="the emulator call")
        job = self._start(request, request.read(), budget)
        try:
            return job.result(timeout=seconds)
        except (concurrent.futures.TimeoutError, WorkCancelled):
            raise self._timeout(request, seconds) from None
        finally:
            budget.cancel()  # the call stops at its next check if it is still running

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        seconds = _seconds(request)
        budget = Budget(steps=None, seconds=seconds, what="the emulator call")
        job = self._start(request, await request.aread(), budget)
        try:
            return await asyncio.wait_for(asyncio.wrap_future(job), seconds)
        except (TimeoutError, WorkCancelled):
            raise self._timeout(request, seconds) from None
        finally:
            budget.cancel()  # also when the caller's task is cancelled
