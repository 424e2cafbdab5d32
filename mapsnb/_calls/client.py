"""``Client`` and ``AsyncClient``: the shared flows driven by httpx, sync or async."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import threading
import time
import warnings
import weakref
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar, cast

import httpx

from mapsnb._calls.flow import BaseClient
from mapsnb._calls.rpc import AnswerTimeout, Flow, Renew, Sleep, Steps
from mapsnb._calls.tools import ToolMethods
from mapsnb._transport.events import request_id
from mapsnb._transport.limits import BodyReader, Budget, bound_sockets, ending_at

if TYPE_CHECKING:
    from mapsnb._calls.batch.batches import AsyncBatch, Batch
    from mapsnb._calls.doctor import CheckReport

P = ParamSpec("P")
R = TypeVar("R")


def awaited(
    method: Callable[Concatenate[Any, P], R],
) -> Callable[Concatenate[Any, P], Awaitable[R]]:
    """Return the async twin of a shared method: its parameters, types and docstring, awaited result.

    Under :class:`AsyncClient` the shared method already returns a coroutine (its ``_invoke``
    is async); the twin awaits it, so ``help()``, IDEs and ``inspect`` see a coroutine function.
    """

    @functools.wraps(method)
    async def twin(self: Any, *args: P.args, **kwargs: P.kwargs) -> R:
        return await cast("Awaitable[R]", method(self, *args, **kwargs))

    return cast("Callable[Concatenate[Any, P], Awaitable[R]]", twin)


async def _within(seconds: float, awaitable: Awaitable[R]) -> R:
    """``await awaitable``, cancelled with :class:`TimeoutError` after ``seconds``.

    ``asyncio.timeout``: no extra task, unlike ``wait_for``.
    """
    async with asyncio.timeout(seconds):
        return await awaitable


def _abandon_async(http: httpx.AsyncClient, loop: list[asyncio.AbstractEventLoop]) -> None:
    """Close an AsyncClient never closed, on its loop if that still runs (its finalizer)."""
    if http.is_closed:
        return
    if loop and loop[0].is_running() and not loop[0].is_closed():
        with contextlib.suppress(RuntimeError):
            loop[0].call_soon_threadsafe(lambda: loop[0].create_task(http.aclose()))
            return
    warnings.warn(
        "an AsyncClient was never closed: use `async with mapsnb.AsyncClient() as client:` "
        "or `await client.aclose()`",
        ResourceWarning,
        stacklevel=2,
    )


_TLS: list[Any] = []
_TLS_LOCK = threading.Lock()


def _tls_context() -> Any:
    """Return the TLS context of every client's connections (made once: it takes ~50 ms)."""
    with _TLS_LOCK:
        if not _TLS:
            _TLS.append(httpx.create_ssl_context())
        return _TLS[0]


class Client(ToolMethods):
    """Synchronous client of Google's Maps agent tools (or the built-in emulator).

    Parameters
    ----------
    api_key
        Google Maps Platform API key; default: the ``GOOGLE_MAPS_API_KEY`` environment variable.
        Sent as ``X-Goog-Api-Key``, never in the URL. Surrounding whitespace is stripped; a
        control or non-ASCII character inside is refused (``InvalidRequest``, key not shown).
    url
        MCP endpoint; default the live endpoint when a key or token is given. With no key,
        no token and no url, the client runs on the built-in emulator (``source == "sandbox"``).
    token, quota_project
        OAuth bearer token and the project billed for it (``X-Goog-User-Project``).
    timeout, max_retries
        Seconds for one whole answer (connect, send, and read to its last byte: a trickling
        server cannot stretch it); retries of 429/5xx/network errors/timeouts. A retry after a
        5xx or a timeout may repeat a call the server already ran (and billed): such retries are
        counted per tool in ``client.call_stats.repeated_calls``. Failing: :class:`~mapsnb.errors.DeadlineExceeded`.
    deadline
        Seconds for the whole call, retries and waits included (default 120 s,
        ``mapsnb.settings.default_deadline``; ``None`` there removes the bound), so an
        unreachable or silent server fails in bounded time; exceeding it raises
        :class:`~mapsnb.errors.DeadlineExceeded`. Every network failure says how to work
        offline (``Client(sandbox=True)``) and how to check access (``mapsnb doctor``).
    max_response_bytes
        Largest answer accepted, after decompression (default 20 MB,
        ``mapsnb.settings.max_response_bytes``); a larger one raises
        :class:`~mapsnb.errors.ResponseTooLarge`.
    sandbox
        ``True`` forces the emulator, ``False`` forbids it; an era (``"2026-08"``: five tools,
        ``lookup_weather`` without ``capabilities``, the legacy record) forces the emulator of
        that era's toolset (default ``"2026-12"``, the reference).
    now
        The emulator's fixed clock (aware datetime or ISO string); default ``MAPSNB_SANDBOX_NOW``.
    protocol
        ``"auto"`` (stateless, falling back to a session when the server wants one),
        ``"session"`` or ``"stateless"``.
    headers
        Extra HTTP headers sent with every request.
    cache
        ``True`` (the default store), a path or a :class:`mapsnb.Cache`: answer repeated tool
        calls from disk within honest TTLs. Default ``MAPSNB_CACHE``, else off. Opt out for some
        calls with ``with client.cache.disabled(): ...``.
    record, mode
        A recording (JSON file) and ``"record"``, ``"replay"`` or ``"auto"`` (default): replay
        its calls with no network and no key (``source == "replay"``); ``auto`` with a key,
        token or url also calls the server for what it lacks and adds it. Default
        ``MAPSNB_RECORD`` and ``MAPSNB_RECORD_MODE``; ``record=False`` ignores them. Commit
        the recording; keep what mapsnb writes beside it out of git (``.gitignore``:
        ``.lesson.json.lock``, ``.lesson.json.lock.d/``, ``lesson.json.unreadable-*``,
        ``.lesson.json.*.tmp``; ``mapsnb recording show`` prints these lines for a file).
    max_calls, max_pro_calls
        Budget: the most calls (any tier) and Pro-tier calls this client may make; a call or
        batch that would pass one raises :class:`~mapsnb.BudgetExceeded` before sending.

    Examples
    --------
    >>> with mapsnb.Client() as client:          # doctest: +SKIP
    ...     df = client.search_places("coffee near Golden Gate Park").to_frame()
    """

    def check(self) -> CheckReport:
        """Verify access with one cheap real call and compare the server's tools with mapsnb's.

        Lists the tools, calls ``resolve_names(["Eiffel Tower"])`` (billed $0; ``tools/list``
        needs no credential, so it proves nothing) and flags new or missing tools and
        parameters. Never raises for an access failure: the report says what failed and the fix.

        Returns
        -------
        CheckReport
            ``.ok``; ``print(report)`` gives a redacted report to paste into a bug report.
        """
        from mapsnb._calls.doctor import check_flow

        report: CheckReport = self._drive(check_flow(self))
        return report

    @property
    def batch(self) -> Batch:
        """Batch calls over lists, Series and DataFrames (see :mod:`mapsnb._calls.batch`)."""
        from mapsnb._calls.batch.batches import Batch

        return Batch(self)

    def route_matrix(
        self,
        origins: Any,
        destinations: Any,
        *,
        travel_mode: str | None = None,
        routing_preference: str | None = None,
        departure_time: Any = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        calls_per_minute: int | dict[str, int] | None = None,
    ) -> Any:
        """Distance and duration of every (origin, destination) pair, one tidy frame.

        Each pair is one ``compute_routes`` call of a batch (quota, progress, budget,
        ``dry_run`` as :attr:`batch`); columns ``origin``, ``destination``, ``distance_m``,
        ``duration_s``, ``status``, ``error``, … See :meth:`Batch.route_matrix
        <mapsnb._calls.batch.batches.Batch.route_matrix>` for every parameter.
        """
        return self.batch.route_matrix(
            origins,
            destinations,
            travel_mode=travel_mode,
            routing_preference=routing_preference,
            departure_time=departure_time,
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            calls_per_minute=calls_per_minute,
        )

    def _open(self) -> None:
        transport = self._transport()
        if transport is None:  # one TLS context per process, not one (~50 ms) per client
            self._http = httpx.Client(timeout=self.timeout, verify=_tls_context())
        else:
            self._http = httpx.Client(timeout=self.timeout, transport=transport)
        bound_sockets(self._http)  # timeout and deadline hold while headers trickle in too
        self._lock = threading.Lock()
        self._on_close: list[Any] = []  # more to close with the client (a batch loop thread)
        # a client never closed still releases its sockets when it is garbage-collected
        self._finalizer = weakref.finalize(self, self._http.close)

    def _async_http(self) -> httpx.AsyncClient:
        """Return a new ``httpx.AsyncClient`` to this client's server (or emulator, or recording)."""
        transport = self._transport()
        if transport is not None:
            return httpx.AsyncClient(timeout=self.timeout, transport=transport)
        return httpx.AsyncClient(timeout=self.timeout, verify=_tls_context())

    def _async_twin(self, http: httpx.AsyncClient) -> AsyncClient:
        """Return an AsyncClient sharing this client's settings, emulator, budget and usage.

        For batches, on ``http`` (owned by the caller: the twin never closes it).
        """
        return _AsyncTwin(self, http)

    def _invoke(self, flow: Flow) -> Any:
        budget = self._budget()
        if self._mode == "session" and not self._initialized:
            self._renew(Renew(self._generation), budget)
        return self._drive(flow, budget)

    def _renew(self, command: Renew, budget: Budget) -> None:
        with self._lock:  # one (re-)initialisation at a time; the others wait, then reuse it
            if self._generation == command.generation:
                self._drive(self._initialize(), budget)

    def _drive(self, flow: Flow, budget: Budget | None = None) -> Any:
        budget = budget or self._budget()
        with Steps(flow) as steps:
            for command in steps:
                steps.answer = self._perform(command, budget)
        return steps.value

    def _perform(self, command: Any, budget: Budget) -> Any:
        if isinstance(command, Sleep):
            return time.sleep(budget.allow(command.seconds))
        if isinstance(command, Renew):
            return self._renew(command, budget)
        return self._exchange(command, budget)

    def _exchange(self, request: httpx.Request, budget: Budget) -> Any:
        """Send ``request`` and read its whole answer within the time and size limits."""
        seconds = self._attempt(request, budget)
        ends = time.monotonic() + seconds
        try:
            with ending_at(ends):  # each socket operation gets at most the time left
                response = self._http.send(request, stream=True)
                try:
                    reader = BodyReader(response, self.max_response_bytes, request_id(request))
                    if (whole := reader.preloaded()) is not None:
                        return whole
                    for chunk in response.iter_raw():
                        if reader.feed(chunk):  # the response event; the stream stays open
                            break
                        if time.monotonic() > ends:
                            raise AnswerTimeout(f"the whole answer took more than {seconds:g} s")
                    return reader.finish()
                finally:
                    response.close()
        except httpx.TransportError as exc:
            if isinstance(exc, httpx.TimeoutException) and budget.expired():
                raise budget.error() from None
            return exc

    def close(self) -> None:
        """End the MCP session (DELETE) if there is one and close the connections."""
        request = self._delete_request()
        if request is not None and not self._http.is_closed:
            with contextlib.suppress(httpx.HTTPError), ending_at(time.monotonic() + self.timeout):
                self._http.send(request)
        while self._on_close:
            self._on_close.pop()()
        self._finalizer()
        self._release_cache()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class AsyncClient(BaseClient):
    """Asynchronous client; the same arguments and methods as :class:`Client`, awaited.

    Examples
    --------
    >>> async with mapsnb.AsyncClient() as client:          # doctest: +SKIP
    ...     places, routes = await asyncio.gather(
    ...         client.search_places("coffee in Paris"),
    ...         client.compute_routes("Eiffel Tower", "Louvre Museum"),
    ...     )
    """

    # the shared methods, awaited: the same parameters, types and docstrings
    list_tools = awaited(ToolMethods.list_tools)
    call_tool = awaited(ToolMethods.call_tool)
    search_places = awaited(ToolMethods.search_places)
    lookup_weather = awaited(ToolMethods.lookup_weather)
    compute_routes = awaited(ToolMethods.compute_routes)
    search_along_route = awaited(ToolMethods.search_along_route)
    resolve_names = awaited(ToolMethods.resolve_names)
    resolve_maps_urls = awaited(ToolMethods.resolve_maps_urls)
    search_area = awaited(ToolMethods.search_area)

    async def check(self) -> CheckReport:
        """Verify access with one cheap real call and compare the server's tools with mapsnb's.

        See :meth:`Client.check`.
        """
        from mapsnb._calls.doctor import check_flow

        report: CheckReport = await self._drive(check_flow(self))
        return report

    @property
    def batch(self) -> AsyncBatch:
        """Batch calls over lists, Series and DataFrames, awaited (see :meth:`Client.batch`)."""
        from mapsnb._calls.batch.batches import AsyncBatch

        return AsyncBatch(self)

    async def route_matrix(
        self,
        origins: Any,
        destinations: Any,
        *,
        travel_mode: str | None = None,
        routing_preference: str | None = None,
        departure_time: Any = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        calls_per_minute: int | dict[str, int] | None = None,
    ) -> Any:
        """Distance and duration of every (origin, destination) pair, awaited.

        See :meth:`Client.route_matrix`.
        """
        frame: Any = await self.batch.route_matrix(
            origins,
            destinations,
            travel_mode=travel_mode,
            routing_preference=routing_preference,
            departure_time=departure_time,
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            calls_per_minute=calls_per_minute,
        )
        return frame

    def _open(self) -> None:
        transport = self._transport()
        if transport is None:  # one TLS context per process (see _tls_context)
            self._http = httpx.AsyncClient(timeout=self.timeout, verify=_tls_context())
        else:
            self._http = httpx.AsyncClient(timeout=self.timeout, transport=transport)
        self._lock: asyncio.Lock | None = None
        self._loop: list[asyncio.AbstractEventLoop] = []  # the loop the client last ran on
        self._finalizer = weakref.finalize(self, _abandon_async, self._http, self._loop)

    def _async_lock(self) -> asyncio.Lock:
        loop = asyncio.get_running_loop()
        if self._lock is None or self._loop[:1] != [loop]:
            self._lock, self._loop[:] = asyncio.Lock(), [loop]
        return self._lock

    async def _invoke(self, flow: Flow) -> Any:
        budget = self._budget()
        self._async_lock()
        if self._mode == "session" and not self._initialized:
            await self._renew(Renew(self._generation), budget)
        return await self._drive(flow, budget)

    async def _renew(self, command: Renew, budget: Budget) -> None:
        async with self._async_lock():  # one (re-)initialisation at a time
            if self._generation == command.generation:
                await self._drive(self._initialize(), budget)

    async def _drive(self, flow: Flow, budget: Budget | None = None) -> Any:
        budget = budget or self._budget()
        with Steps(flow) as steps:
            for command in steps:
                steps.answer = await self._perform(command, budget)
        return steps.value

    async def _perform(self, command: Any, budget: Budget) -> Any:
        if isinstance(command, Sleep):
            return await asyncio.sleep(budget.allow(command.seconds))
        if isinstance(command, Renew):
            return await self._renew(command, budget)
        return await self._exchange(command, budget)

    async def _exchange(self, request: httpx.Request, budget: Budget) -> Any:
        """Send ``request`` and read its whole answer within the time and size limits."""
        seconds = self._attempt(request, budget)

        async def exchange() -> httpx.Response:
            response = await self._http.send(request, stream=True)
            try:
                reader = BodyReader(response, self.max_response_bytes, request_id(request))
                if (whole := reader.preloaded()) is not None:
                    return whole
                async for chunk in response.aiter_raw():
                    if reader.feed(chunk):  # the response event; the stream stays open
                        break
                return reader.finish()
            finally:
                await response.aclose()

        try:
            async with asyncio.timeout(seconds):  # no task per exchange, unlike wait_for
                return await exchange()
        except TimeoutError:
            if budget.expired():
                raise budget.error() from None
            return AnswerTimeout(f"the whole answer took more than {seconds:g} s")
        except httpx.TransportError as exc:
            if isinstance(exc, httpx.TimeoutException) and budget.expired():
                raise budget.error() from None
            return exc

    async def aclose(self) -> None:
        """End the MCP session (DELETE) if there is one and close the connections.

        The DELETE gets at most ``timeout`` seconds, as with :meth:`Client.close`: a server
        that trickles its answer cannot keep ``async with`` open.
        """
        request = self._delete_request()
        if request is not None and not self._http.is_closed:
            with contextlib.suppress(httpx.HTTPError, TimeoutError):
                await _within(self.timeout, self._http.send(request))
        await self._http.aclose()
        self._finalizer.detach()
        self._release_cache()

    close = aclose

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()


class _AsyncTwin(AsyncClient):
    """The :class:`AsyncClient` a sync :class:`Client` runs its batches and ``search_area`` on.

    Its settings and credentials are the client's; its emulator, cache, recording, budget,
    usage, names and tools list are the client's very objects (a batch counts where single
    calls do); the session starts as the client's (what the twin learns is copied back by
    ``Batch``). It runs on ``http``, owned by the caller: the twin never closes it.
    """

    def __init__(self, client: Client, http: httpx.AsyncClient) -> None:
        # settings and credentials
        self.url, self.source, self.protocol = client.url, client.source, client.protocol
        self.quota_project = client.quota_project
        self.timeout, self.deadline = client.timeout, client.deadline
        self.max_retries = client.max_retries
        self.max_response_bytes = client.max_response_bytes
        self._key, self._token = client._key, client._token
        self._url_secrets, self._header_secrets = client._url_secrets, client._header_secrets
        self._extra_headers = client._extra_headers
        self._live, self._origin_open = client._live, client._origin_open
        # shared: the same objects as the client's
        self._sandbox = client._sandbox
        self.cache, self.recording = client.cache, client.recording
        self._meter, self._stats = client._meter, client._stats
        self._names, self._tools = client._names, client._tools
        self._ids = client._ids
        # the session as it stands
        self._mode, self._session_id = client._mode, client._session_id
        self._negotiated, self._initialized = client._negotiated, client._initialized
        self._generation = client._generation
        # its own connections, lock and loop; the cache stays the client's to release
        self._http = http
        self._lock, self._loop = None, []
        self._holds_cache = False
        # its own finalizer, detached: closing ``http`` is the caller's
        self._finalizer = weakref.finalize(self, _abandon_async, http, self._loop)
        self._finalizer.detach()
