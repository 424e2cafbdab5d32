"""The batches of both clients (``client.batch``), one implementation for sync and async.

:class:`Batch` (``Client.batch``) blocks, running the calls on a loop thread the sync client
keeps; :class:`AsyncBatch` (``AsyncClient.batch``) is awaited. Both take their methods, written
out, from :class:`~mapsnb._calls.batch.methods.BatchMethods`. See :mod:`mapsnb._calls.batch`.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Awaitable, Callable, Iterator
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pandas as pd

from mapsnb._calls.batch.methods import BatchMethods
from mapsnb._calls.batch.planning import (
    Job,
    Options,
    check_budget,
    plan,
    plan_frame,
    stored,
    with_inputs,
)
from mapsnb._calls.batch.running import LoopThread, execute
from mapsnb._calls.flow import BaseClient
from mapsnb.errors import MapsnbError

if TYPE_CHECKING:
    import httpx

__all__ = ["AsyncBatch", "Batch"]

T = TypeVar("T")


class _BatchBase(BatchMethods):
    """What the batches of both clients share: their methods, planning, the partial frame."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    @property
    def partial(self) -> pd.DataFrame | None:
        """The frame of the last batch of this client that was interrupted or failed."""
        return getattr(self._client, "_batch_partial", None)

    def _planned(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Job | pd.DataFrame:
        """Return the batch's job, checked against the budget; with ``dry_run``, its plan instead."""
        table = arguments.pop("table", None)
        job = plan(self._client, tool, data, main, arguments, resume=options.resume, table=table)
        if options.dry_run:
            return plan_frame(job, stored(self._client, job))
        check_budget(self._client, job)
        return job

    @contextlib.contextmanager
    def _keeping_partial(self, job: Job) -> Iterator[dict[str, Any]]:
        """Return a holder for the frame of what finished: if the batch stops, it is :attr:`partial`."""
        holder: dict[str, Any] = {}
        try:
            yield holder
        except BaseException:
            self._client.__dict__["_batch_partial"] = with_inputs(job, holder.get("partial"))
            raise


class SyncClient(Protocol):
    """What a :class:`Batch` needs of the sync ``Client`` besides :class:`BaseClient`.

    Its connections, what closes with it, and async twins to run the batch's calls on.
    """

    _http: httpx.Client
    _on_close: list[Any]

    def _async_http(self) -> httpx.AsyncClient: ...

    def _async_twin(self, http: httpx.AsyncClient) -> BaseClient: ...


def _loop_thread(client: SyncClient) -> LoopThread:
    """Return the loop thread of a sync client's batches.

    Started on first use, stopped when the client closes (or is garbage-collected), started again in
    a forked child.
    """
    runner: LoopThread | None = client.__dict__.get("_loop_thread")
    if runner is None or not runner.alive():
        if client._http.is_closed:
            raise MapsnbError(f"this {type(client).__name__} is closed; create a new one")
        runner = client.__dict__["_loop_thread"] = LoopThread()
        client._on_close.append(runner.close)
        weakref.finalize(client, runner.close)
    return runner


def on_twin(
    client: SyncClient,
    *,
    runner: LoopThread,
    work: Callable[[BaseClient], Awaitable[T]],
    holder: dict[str, Any],
) -> T:
    """Run ``work(twin)`` on ``runner`` (the client's :func:`_loop_thread`) and wait for it.

    ``twin`` is the async twin of ``client`` on the thread's connections (a batch's or a
    ``search_area``'s calls go out on the engine there). What the twin learnt (a served emulator
    saying who it is, a session opened: the client reuses it and ends it on close) is kept.
    """

    async def go() -> T:
        if runner.http is None:
            runner.http = client._async_http()
        twin = client._async_twin(runner.http)
        try:
            return await work(twin)
        finally:
            learnt = ("source", "_origin_open", "_mode", "_session_id", "_negotiated")
            for name in (*learnt, "_initialized"):
                setattr(client, name, getattr(twin, name))

    result: T = runner.run(go, holder)
    return result


class Batch(_BatchBase):
    """``Client.batch``: the same calls from a script or a notebook cell (blocking)."""

    def __init__(self, client: SyncClient) -> None:
        assert isinstance(client, BaseClient)
        super().__init__(client)
        self._sync = client

    def _call(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Any:
        job = self._planned(tool, data, main, arguments, options)
        if not isinstance(job, Job):
            return job  # the dry run's plan
        runner = _loop_thread(self._sync)
        with self._keeping_partial(job) as holder:

            async def work(twin: BaseClient) -> pd.DataFrame | None:
                return with_inputs(job, await execute(twin, job, options, holder))

            return on_twin(self._sync, runner=runner, work=work, holder=holder)


class AsyncBatch(_BatchBase):
    """``AsyncClient.batch``: the same methods, awaited."""

    def _call(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Any:
        return self._run(tool, data, main, arguments, options)

    def _then(self, ran: Any, finish: Callable[[Any], Any]) -> Any:
        async def then() -> Any:
            return finish(await ran)

        return then()

    async def _run(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Any:
        job = self._planned(tool, data, main, arguments, options)
        if not isinstance(job, Job):
            return job  # the dry run's plan
        with self._keeping_partial(job) as holder:
            return with_inputs(job, await execute(self._client, job, options, holder))
