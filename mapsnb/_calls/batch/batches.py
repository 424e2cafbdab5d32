"""The batch methods of both clients (``client.batch``), one implementation for sync and async.

:class:`Batch` (``Client.batch``) blocks, running the calls on a loop thread the sync client
keeps; :class:`AsyncBatch` (``AsyncClient.batch``) is awaited. Each of the six methods names its
main argument, takes the keywords of :class:`~mapsnb._calls.batch.planning.Options` (written out
in each: a test holds them to ``Options``) and has its docstring. See :mod:`mapsnb._calls.batch`.
"""

from __future__ import annotations

import contextlib
import weakref
from collections.abc import Awaitable, Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pandas as pd

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


class _BatchBase:
    """The batch methods of both clients, and the steps their batches share."""

    def __init__(self, client: BaseClient) -> None:
        self._client = client

    @property
    def partial(self) -> pd.DataFrame | None:
        """The frame of the last batch of this client that was interrupted or failed."""
        return getattr(self._client, "_batch_partial", None)

    def _call(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Any:
        """Run a batch: blocking (:class:`Batch`) or awaitable (:class:`AsyncBatch`)."""
        raise NotImplementedError

    def _planned(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Job | pd.DataFrame:
        """The batch's job, checked against the budget; with ``dry_run``, its plan instead."""
        table = arguments.pop("table", None)
        job = plan(self._client, tool, data, main, arguments, resume=options.resume, table=table)
        if options.dry_run:
            return plan_frame(job, stored(self._client, job))
        check_budget(self._client, job)
        return job

    @contextlib.contextmanager
    def _keeping_partial(self, job: Job) -> Iterator[dict[str, Any]]:
        """A holder for the frame of what finished: if the batch stops, it is :attr:`partial`."""
        holder: dict[str, Any] = {}
        try:
            yield holder
        except BaseException:
            self._client.__dict__["_batch_partial"] = with_inputs(job, holder.get("partial"))
            raise

    def search_places(
        self,
        data: Any,
        text_query: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``search_places`` for every row: the places each query finds.

        Parameters
        ----------
        data
            A list, a Series (its values are the queries, kept as the output's ``text_query``
            column) or a DataFrame.
        text_query
            With a DataFrame: the column holding the queries (default: a ``text_query`` column),
            or one query for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            The other arguments of :meth:`Client.search_places` (``location_bias``, ``page_size``,
            ``language_code``, …), each a column name (per row) or a value (every row). A string
            that names no column but looks like one (``"plcae"`` next to a ``place`` column) raises
            ``InvalidRequest`` ("did you mean 'place'?"); to send such a literal to every row, add
            it as a column (``df.assign(literal="place")``) and pass ``"literal"``.

        Returns
        -------
        pandas.DataFrame
            The places of every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns; an input row that found nothing or failed is one row.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("search_places", data, text_query, arguments, options)

    def lookup_weather(
        self,
        data: Any,
        location: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``lookup_weather`` for every row: weather, air quality or pollen at each location.

        Parameters
        ----------
        data
            A list or a Series of locations, or a DataFrame.
        location
            With a DataFrame: the column holding the locations (an address, a ``(lat, lng)``
            pair, a ``PlaceId``), or one location for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            The other arguments of :meth:`Client.lookup_weather` (``capabilities``, ``date``,
            ``hour``, ``units_system``, …) and ``table=``: the table of each result to stack
            (``"air_quality"``, ``"hourly_weather"``, ``"current_weather"``, ``"daily_weather"``,
            ``"pollen"``, ``"pollutants"``, ``"health_recommendations"``; default:
            ``EnvironmentResult.to_frame``), each a column name (per row) or a value (every row). A
            string that names no column but looks like one (``"plcae"`` next to a ``place`` column)
            raises ``InvalidRequest`` ("did you mean 'place'?"); to send such a literal to every
            row, add it as a column (``df.assign(literal="place")``) and pass ``"literal"``.

        Returns
        -------
        pandas.DataFrame
            That table for every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error``, ``input_row`` and
            ``place`` (the location the row asked about) columns.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("lookup_weather", data, location, arguments, options)

    def compute_routes(
        self,
        data: Any,
        origin: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``compute_routes`` for every row: the route (and alternatives) from each origin.

        Parameters
        ----------
        data
            A list or a Series of origins, or a DataFrame.
        origin
            With a DataFrame: the column holding the origins, or one origin for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            The other arguments of :meth:`Client.compute_routes` (``destination`` is required;
            ``intermediate_waypoints``, ``travel_mode``, ``routing_preference``, …, with the values
            that method takes), each a column name (per row) or a value (every row). A string that
            names no column but looks like one (``"plcae"`` next to a ``place`` column) raises
            ``InvalidRequest`` ("did you mean 'place'?"); to send such a literal to every row, add
            it as a column (``df.assign(literal="place")``) and pass ``"literal"``.

        Returns
        -------
        pandas.DataFrame
            The routes of every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("compute_routes", data, origin, arguments, options)

    def search_along_route(
        self,
        data: Any,
        text_query: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``search_along_route`` for every row: places along each row's route (always billed Pro).

        Parameters
        ----------
        data
            A list or a Series of queries, or a DataFrame.
        text_query
            With a DataFrame: the column holding the queries (default: a ``text_query`` column),
            or one query for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            The other arguments of :meth:`Client.search_along_route` (exactly one route a row:
            ``route``, ``retrieval_token``, ``encoded_polyline``, or ``origin`` with
            ``destination``; ``travel_mode``, …), each a column name (per row) or a value (every
            row). A string that names no column but looks like one (``"plcae"`` next to a ``place``
            column) raises ``InvalidRequest`` ("did you mean 'place'?"); to send such a literal to
            every row, add it as a column (``df.assign(literal="place")``) and pass ``"literal"``.

        Returns
        -------
        pandas.DataFrame
            The places along every input row's route, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("search_along_route", data, text_query, arguments, options)

    def resolve_names(
        self,
        data: Any,
        queries: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``resolve_names`` for every row: one name a row, packed 20 a call, a row for each.

        Parameters
        ----------
        data
            A list or a Series of names (a place's name or an address), or a DataFrame.
        queries
            With a DataFrame: the column holding the names, or one name for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            The other arguments of :meth:`Client.resolve_names` (``location_bias``,
            ``region_code``), each a column name (per row) or a value (every row). A string that
            names no column but looks like one (``"plcae"`` next to a ``place`` column) raises
            ``InvalidRequest`` ("did you mean 'place'?"); to send such a literal to every row, add
            it as a column (``df.assign(literal="place")``) and pass ``"literal"``.

        Returns
        -------
        pandas.DataFrame
            One row per input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status`` (``not_found`` for a name
            that resolved to nothing), ``error`` and ``input_row`` columns.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("resolve_names", data, queries, arguments, options)

    def resolve_maps_urls(
        self,
        data: Any,
        urls: Any = None,
        *,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
        **arguments: Any,
    ) -> Any:
        """``resolve_maps_urls`` for every row: one URL a row, packed 20 a call, a row for each.

        Parameters
        ----------
        data
            A list or a Series of Google Maps URLs, or a DataFrame.
        urls
            With a DataFrame: the column holding the URLs, or one URL for every row.
        max_concurrency
            Calls in flight at once.
        progress
            Show a ``tqdm`` progress bar (a widget in notebooks).
        dry_run
            Return the plan (one row per call, with ``tool`` and ``tier``) and send nothing.
        resume
            An earlier output or ``.partial`` of this batch: its finished rows are kept, not sent.
        calls_per_minute
            The rate to keep to (default ``mapsnb.settings.calls_per_minute``, 300; offline
            ``mapsnb.settings.sandbox_calls_per_minute``, ``None``: unthrottled).
        **arguments
            None: :meth:`Client.resolve_maps_urls` takes only the URLs (another keyword raises
            ``TypeError``).

        Returns
        -------
        pandas.DataFrame
            One row per input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        return self._call("resolve_maps_urls", data, urls, arguments, options)

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
        """Distances and durations between every origin and every destination.

        Every (origin, destination) pair is one ``compute_routes`` call of a batch (the
        batch's quota, progress bar, budget and ``dry_run``): ``len(origins) *
        len(destinations)`` calls, at most 625.

        Parameters
        ----------
        origins, destinations
            Lists (or Series) of places: addresses, ``(lat, lng)`` pairs, ``LatLng``,
            ``PlaceId``.
        travel_mode, routing_preference, departure_time
            As :meth:`Client.compute_routes`, the same for every pair.
        max_concurrency, progress, dry_run, calls_per_minute
            As every batch method: ``dry_run=True`` returns the plan (one row per call, with
            its billing ``tier``) and sends nothing; the client's ``max_calls`` refuses a
            matrix that would pass it before sending (``BudgetExceeded``).

        Returns
        -------
        pandas.DataFrame
            One row per pair, origins first: ``origin``, ``destination`` (as given),
            ``origin_index``, ``destination_index``, ``distance_m``, ``duration_s``,
            ``status`` (``ok``, ``error``, …), ``error``, and ``origin_name``,
            ``destination_name``, ``travel_mode``; ``attrs`` as a batch's (credits, calls).
            ``df.pivot(index="origin", columns="destination", values="duration_s")`` is the
            square matrix.
        """
        from mapsnb._calls.batch.matrix import matrix_frame, pairs_frame

        pairs = pairs_frame(origins, destinations)
        arguments: dict[str, Any] = {"destination": "destination"}
        fixed = {
            "travel_mode": travel_mode,
            "routing_preference": routing_preference,
            "departure_time": departure_time,
        }
        arguments.update({k: v for k, v in fixed.items() if v is not None})
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            calls_per_minute=calls_per_minute,
        )
        ran = self._call("compute_routes", pairs, "origin", arguments, options)
        finish = (lambda out: out) if dry_run else (lambda out: matrix_frame(out, pairs))
        return self._then(ran, finish)

    def _then(self, ran: Any, finish: Callable[[Any], Any]) -> Any:
        """``finish(ran)``: the sync batch's value now (:class:`AsyncBatch` awaits it first)."""
        return finish(ran)


class SyncClient(Protocol):
    """What a :class:`Batch` needs of the sync ``Client`` besides :class:`BaseClient`: its
    connections, what closes with it, and async twins to run the batch's calls on."""

    _http: httpx.Client
    _on_close: list[Any]

    def _async_http(self) -> httpx.AsyncClient: ...

    def _async_twin(self, http: httpx.AsyncClient) -> BaseClient: ...


def _loop_thread(client: SyncClient) -> LoopThread:
    """The loop thread of a sync client's batches: started on first use, stopped when the
    client closes (or is garbage-collected), started again in a forked child."""
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
    """Run ``work(twin)`` on ``runner`` (the client's :func:`_loop_thread`) and wait for it:
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
