"""The batch methods, written out: each tool's arguments as keyword-only parameters.

:class:`BatchMethods` holds ``client.batch``'s six tool methods and ``route_matrix``, shared by
:class:`~mapsnb._calls.batch.batches.Batch` (blocking) and
:class:`~mapsnb._calls.batch.batches.AsyncBatch` (awaited), which run them (``_call``).

Each method names its main argument (a list's or Series' values, or a DataFrame's column), then
the tool's other arguments in the order of the tools' description (``mapsnb/_tools_spec/``),
then the keywords of :class:`~mapsnb._calls.batch.planning.Options`. The tool's arguments, their
annotations and their docstring entries, and the dict that passes them on by name, are written by
``tools/describe_tools.py`` from that description (``--check``: a test holds this file to it);
the rest is written by hand.

Each tool argument is a column name of a DataFrame input (its value in each row) or one value
for every row; ``None``, the default, is "not given". A string that names no column but looks
like one (``"plcae"`` next to a ``place`` column) raises ``InvalidRequest`` ("did you mean
'place'?"); to send such a literal to every row, add it as a column
(``df.assign(literal="place")``) and pass ``"literal"``.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, TypeAlias

import pandas as pd

from mapsnb._calls.arguments import Location
from mapsnb._calls.batch.planning import Options
from mapsnb._types import Circle, LatLng, Viewport
from mapsnb.results import RoutesResult

__all__ = ["BatchMethods", "Column"]

#: A column name of a DataFrame input: the argument's value in each row.
Column: TypeAlias = str


class BatchMethods:
    """The batch methods of both clients: each runs its tool for every row (``_call``)."""

    def _call(
        self, tool: str, data: Any, main: Any, arguments: dict[str, Any], options: Options
    ) -> Any:
        """Run a batch: blocking (``Batch``) or awaitable (``AsyncBatch``)."""
        raise NotImplementedError

    def _then(self, ran: Any, finish: Callable[[Any], Any]) -> Any:
        """``finish(ran)``: the sync batch's value now (``AsyncBatch`` awaits it first)."""
        return finish(ran)

    def search_places(
        self,
        data: Any,
        text_query: Any = None,
        *,
        location_bias: Circle | Mapping[str, Any] | Column | None = None,
        language_code: str | Column | None = None,
        region_code: str | Column | None = None,
        page_size: int | Column | None = None,
        include_extended_details: bool | Column | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> Any:
        """Run ``search_places`` for every row: the places each query finds.

        Each tool argument is a column name (per row) or a value (every row); a string that
        looks like a column name but names none raises ``InvalidRequest`` (see
        :class:`BatchMethods`).

        Parameters
        ----------
        data
            A list, a Series (its values are the queries, kept as the output's ``text_query``
            column) or a DataFrame.
        text_query
            With a DataFrame: the column holding the queries (default: a ``text_query`` column),
            or one query for every row.
        location_bias
            As in :meth:`Client.search_places`.
        language_code
            As in :meth:`Client.search_places` (at most 64 characters).
        region_code
            As in :meth:`Client.search_places` (at most 64 characters).
        page_size
            As in :meth:`Client.search_places` (1 to 10).
        include_extended_details
            As in :meth:`Client.search_places`.
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

        Returns
        -------
        pandas.DataFrame
            The places of every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns; an input row that found nothing or failed is one row.
        """
        arguments: dict[str, Any] = dict(
            location_bias=location_bias,
            language_code=language_code,
            region_code=region_code,
            page_size=page_size,
            include_extended_details=include_extended_details,
        )
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
        capabilities: str | Iterable[str] | Column | None = None,
        date: dt.date | str | Column | None = None,
        hour: int | Column | None = None,
        units_system: str | Column | None = None,
        language_code: str | Column | None = None,
        include_pollutant_concentration: bool | Column | None = None,
        index_region_code: str | Column | None = None,
        table: str | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> Any:
        """Run ``lookup_weather`` for every row: weather, air quality or pollen at each location.

        Each tool argument is a column name (per row) or a value (every row); a string that
        looks like a column name but names none raises ``InvalidRequest`` (see
        :class:`BatchMethods`).

        Parameters
        ----------
        data
            A list or a Series of locations, or a DataFrame.
        location
            With a DataFrame: the column holding the locations (an address, a ``(lat, lng)``
            pair, a ``PlaceId``), or one location for every row.
        capabilities
            As in :meth:`Client.lookup_weather` (at most 16 items; at most 64 characters each; one
            of ``WEATHER``, ``AIR_QUALITY``, ``POLLEN``).
        date
            As in :meth:`Client.lookup_weather`.
        hour
            As in :meth:`Client.lookup_weather` (0 to 23).
        units_system
            As in :meth:`Client.lookup_weather` (at most 64 characters; one of ``METRIC``,
            ``IMPERIAL``).
        language_code
            As in :meth:`Client.lookup_weather` (at most 64 characters).
        include_pollutant_concentration
            As in :meth:`Client.lookup_weather`.
        index_region_code
            As in :meth:`Client.lookup_weather` (at most 64 characters).
        table
            The table of each result to stack: ``"air_quality"``, ``"hourly_weather"``,
            ``"current_weather"``, ``"daily_weather"``, ``"pollen"``, ``"pollutants"`` or
            ``"health_recommendations"`` (default: ``EnvironmentResult.to_frame``).
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

        Returns
        -------
        pandas.DataFrame
            That table for every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error``, ``input_row`` and
            ``place`` (the location the row asked about) columns.
        """
        arguments: dict[str, Any] = dict(
            capabilities=capabilities,
            date=date,
            hour=hour,
            units_system=units_system,
            language_code=language_code,
            include_pollutant_concentration=include_pollutant_concentration,
            index_region_code=index_region_code,
        )
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            resume=resume,
            calls_per_minute=calls_per_minute,
        )
        with_table = {**arguments, "table": table}  # a batch's option, taken out when planned
        return self._call("lookup_weather", data, location, with_table, options)

    def compute_routes(
        self,
        data: Any,
        origin: Any = None,
        *,
        destination: Location | Column | None = None,
        intermediate_waypoints: Sequence[Location] | Column | None = None,
        travel_mode: str | Column | None = None,
        departure_time: dt.datetime | str | Column | None = None,
        arrival_time: dt.datetime | str | Column | None = None,
        routing_preference: str | Column | None = None,
        location_bias: LatLng | tuple[float, float] | Column | None = None,
        compute_alternative_routes: bool | Column | None = None,
        include_polyline: bool | Column | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> Any:
        """Run ``compute_routes`` for every row: the routes from each origin.

        ``destination`` is required. Each tool argument is a column name (per row) or a value
        (every row); a string that looks like a column name but names none raises
        ``InvalidRequest`` (see :class:`BatchMethods`).

        Parameters
        ----------
        data
            A list or a Series of origins, or a DataFrame.
        origin
            With a DataFrame: the column holding the origins, or one origin for every row.
        destination
            Required; as in :meth:`Client.compute_routes`.
        intermediate_waypoints
            As in :meth:`Client.compute_routes` (at most 25 items).
        travel_mode
            As in :meth:`Client.compute_routes` (at most 64 characters; one of ``DRIVE``, ``WALK``,
            ``BICYCLE``, ``TRANSIT``).
        departure_time
            As in :meth:`Client.compute_routes` (at most 64 characters).
        arrival_time
            As in :meth:`Client.compute_routes` (at most 64 characters).
        routing_preference
            As in :meth:`Client.compute_routes` (at most 64 characters; one of
            ``ROUTING_PREFERENCE_TRAFFIC_UNAWARE``, ``ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL``).
        location_bias
            As in :meth:`Client.compute_routes`.
        compute_alternative_routes
            As in :meth:`Client.compute_routes`.
        include_polyline
            As in :meth:`Client.compute_routes`.
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

        Returns
        -------
        pandas.DataFrame
            The routes of every input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        arguments: dict[str, Any] = dict(
            destination=destination,
            intermediate_waypoints=intermediate_waypoints,
            travel_mode=travel_mode,
            departure_time=departure_time,
            arrival_time=arrival_time,
            routing_preference=routing_preference,
            location_bias=location_bias,
            compute_alternative_routes=compute_alternative_routes,
            include_polyline=include_polyline,
        )
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
        route: RoutesResult | Column | None = None,
        retrieval_token: str | Column | None = None,
        origin: Location | Column | None = None,
        destination: Location | Column | None = None,
        encoded_polyline: str | Column | None = None,
        travel_mode: str | Column | None = None,
        routing_preference: str | Column | None = None,
        include_extended_details: bool | Column | None = None,
        language_code: str | Column | None = None,
        region_code: str | Column | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> Any:
        """Run ``search_along_route`` for every row: places along each row's route (Pro).

        Exactly one route a row: ``route``, ``retrieval_token``, ``encoded_polyline``, or
        ``origin`` with ``destination``. Each tool argument is a column name (per row) or a
        value (every row); a string that looks like a column name but names none raises
        ``InvalidRequest`` (see :class:`BatchMethods`).

        Parameters
        ----------
        data
            A list or a Series of queries, or a DataFrame.
        text_query
            With a DataFrame: the column holding the queries (default: a ``text_query`` column),
            or one query for every row.
        route
            As in :meth:`Client.search_along_route`.
        retrieval_token
            As in :meth:`Client.search_along_route` (at most 8,192 characters).
        origin
            As in :meth:`Client.search_along_route`.
        destination
            As in :meth:`Client.search_along_route`.
        encoded_polyline
            As in :meth:`Client.search_along_route` (at most 500,000 characters).
        travel_mode
            As in :meth:`Client.search_along_route` (at most 64 characters; one of ``DRIVE``,
            ``WALK``, ``BICYCLE``, ``TRANSIT``).
        routing_preference
            As in :meth:`Client.search_along_route` (at most 64 characters; one of
            ``ROUTING_PREFERENCE_TRAFFIC_UNAWARE``, ``ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL``).
        include_extended_details
            As in :meth:`Client.search_along_route`.
        language_code
            As in :meth:`Client.search_along_route` (at most 64 characters).
        region_code
            As in :meth:`Client.search_along_route` (at most 64 characters).
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

        Returns
        -------
        pandas.DataFrame
            The places along every input row's route, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        arguments: dict[str, Any] = dict(
            route=route,
            retrieval_token=retrieval_token,
            origin=origin,
            destination=destination,
            encoded_polyline=encoded_polyline,
            travel_mode=travel_mode,
            routing_preference=routing_preference,
            include_extended_details=include_extended_details,
            language_code=language_code,
            region_code=region_code,
        )
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
        location_bias: Viewport | Mapping[str, Any] | Column | None = None,
        region_code: str | Column | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        resume: pd.DataFrame | None = None,
        calls_per_minute: int | Mapping[str, int] | None = None,
    ) -> Any:
        """Run ``resolve_names`` for every row: one name a row, 20 a call.

        Each tool argument is a column name (per row) or a value (every row); a string that
        looks like a column name but names none raises ``InvalidRequest`` (see
        :class:`BatchMethods`).

        Parameters
        ----------
        data
            A list or a Series of names (a place's name or an address), or a DataFrame.
        queries
            With a DataFrame: the column holding the names, or one name for every row.
        location_bias
            As in :meth:`Client.resolve_names`.
        region_code
            As in :meth:`Client.resolve_names` (at most 64 characters).
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

        Returns
        -------
        pandas.DataFrame
            One row per input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status`` (``not_found`` for a name
            that resolved to nothing), ``error`` and ``input_row`` columns.
        """
        arguments: dict[str, Any] = dict(
            location_bias=location_bias,
            region_code=region_code,
        )
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
    ) -> Any:
        """Run ``resolve_maps_urls`` for every row: one URL a row, 20 a call.

        :meth:`Client.resolve_maps_urls` takes only the URLs: ``urls`` is a column name (per
        row) or one URL (every row).

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

        Returns
        -------
        pandas.DataFrame
            One row per input row, keyed by the input's index (see
            :mod:`mapsnb._calls.batch.assembly`), with ``status``, ``error`` and ``input_row``
            columns.
        """
        arguments: dict[str, Any] = {}
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
        departure_time: dt.datetime | str | None = None,
        routing_preference: str | None = None,
        max_concurrency: int = 8,
        progress: bool = True,
        dry_run: bool = False,
        calls_per_minute: int | dict[str, int] | None = None,
    ) -> Any:
        """Compute distances and durations between every origin and every destination.

        Every (origin, destination) pair is one ``compute_routes`` call of a batch (the
        batch's quota, progress bar, budget and ``dry_run``): ``len(origins) *
        len(destinations)`` calls, at most 625.

        Parameters
        ----------
        origins, destinations
            Lists (or Series) of places: addresses, ``(lat, lng)`` pairs, ``LatLng``,
            ``PlaceId``.
        travel_mode
            As in :meth:`Client.compute_routes` (at most 64 characters; one of ``DRIVE``, ``WALK``,
            ``BICYCLE``, ``TRANSIT``), the same for every pair.
        departure_time
            As in :meth:`Client.compute_routes` (at most 64 characters), the same for every pair.
        routing_preference
            As in :meth:`Client.compute_routes` (at most 64 characters; one of
            ``ROUTING_PREFERENCE_TRAFFIC_UNAWARE``, ``ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL``),
            the same for every pair.
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
        arguments: dict[str, Any] = dict(
            travel_mode=travel_mode,
            departure_time=departure_time,
            routing_preference=routing_preference,
        )
        options = Options(
            max_concurrency=max_concurrency,
            progress=progress,
            dry_run=dry_run,
            calls_per_minute=calls_per_minute,
        )
        each_pair = {"destination": "destination", **arguments}  # the pairs' column
        ran = self._call("compute_routes", pairs, "origin", each_pair, options)
        finish = (lambda out: out) if dry_run else (lambda out: matrix_frame(out, pairs))
        return self._then(ran, finish)
