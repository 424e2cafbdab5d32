"""The typed tool methods, written once: ``Client`` runs them, ``AsyncClient`` awaits them."""

from __future__ import annotations

import datetime as dt
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from mapsnb._calls import arguments as rq
from mapsnb._calls.flow import BaseClient, Call
from mapsnb._types import Circle, LatLng, Viewport
from mapsnb.errors import (
    InvalidRequest,
)
from mapsnb.results import (
    AlongRouteResult,
    EnvironmentResult,
    PlacesResult,
    ResolvedNames,
    ResolvedUrls,
    RoutesResult,
)

if TYPE_CHECKING:
    import pandas as pd

_TOOL_NAME = re.compile(r"^[A-Za-z0-9_.\-]{1,128}$")


class ToolMethods(BaseClient):
    """``list_tools``, ``call_tool`` and the six tools: arguments checked, then one call.

    Each tool method passes its arguments by name to its builder (:mod:`mapsnb._calls.arguments`,
    which checks them), then runs the call, reading the answer into the result type it names.
    """

    def list_tools(self) -> Any:
        """``tools/list``: the server's tools with their input schemas (raw dicts)."""
        return self._invoke(self._list_flow())

    def call_tool(self, name: str, arguments: Mapping[str, Any]) -> Any:
        """Call any tool with raw wire arguments and return its raw payload (no validation)."""
        if not isinstance(name, str) or not _TOOL_NAME.match(name):
            raise InvalidRequest(
                "name", f"must be a tool name of 1-128 ASCII letters, digits, _ . -, got {name!r}"
            )
        if not isinstance(arguments, Mapping):
            raise InvalidRequest("arguments", "must be a dict of wire arguments")
        try:
            json.dumps(arguments, allow_nan=False)
        except (ValueError, TypeError, RecursionError) as exc:
            raise InvalidRequest(
                "arguments",
                f"must be JSON (no NaN or infinity, only dicts, lists, str, numbers, bools, None): {exc}",
            ) from None
        return self._invoke(self._payload_flow(name, dict(arguments)))

    def search_places(
        self,
        text_query: str,
        *,
        location_bias: Circle | Mapping[str, Any] | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
        page_size: int | None = None,
        include_extended_details: bool | None = None,
    ) -> PlacesResult:
        """Search Google Maps for places; a summary citing the places it returns.

        Parameters
        ----------
        text_query
            What to look for, with its place: ``"coffee shops near Golden Gate Park"``.
        location_bias
            ``Circle(lat, lng, radius_m)``, ``Circle((lat, lng), radius_m)`` or
            ``(lat, lng, radius_m)`` (radius ≤ 50 km) to prefer results near it.
        page_size
            1–10 places (above 5 is billed as Pro).
        include_extended_details
            Richer qualitative details (billed as Pro).
        """
        arguments = rq.search_places_args(
            text_query,
            location_bias=location_bias,
            language_code=language_code,
            region_code=region_code,
            page_size=page_size,
            include_extended_details=include_extended_details,
        )
        result: PlacesResult = self._invoke(
            self._typed_flow(Call("search_places", arguments), PlacesResult)
        )
        return result

    def lookup_weather(
        self,
        location: rq.Location,
        *,
        capabilities: str | Iterable[str] | None = None,
        date: dt.date | str | None = None,
        hour: int | None = None,
        units_system: str | None = None,
        language_code: str | None = None,
        include_pollutant_concentration: bool | None = None,
        index_region_code: str | None = None,
    ) -> EnvironmentResult:
        """Weather, air quality and pollen for one location: now, one local hour, or one local day.

        Parameters
        ----------
        location
            Address, ``(lat, lng)``, ``LatLng`` or ``PlaceId``.
        capabilities
            Any of ``"WEATHER"``, ``"AIR_QUALITY"``, ``"POLLEN"``. Left out: ``["WEATHER"]``
            where the server's ``tools/list`` lists ``capabilities`` (today's toolset), nothing
            where it does not (the 2026-08 toolset, which answers the flat weather record).
        date, hour
            Local civil date (and hour 0–23) at the location; none for current conditions.
            A midnight ``pandas.Timestamp``/``numpy.datetime64`` counts as a date.
        """
        arguments = rq.lookup_weather_args(
            location,
            capabilities=capabilities,
            date=date,
            hour=hour,
            units_system=units_system,
            language_code=language_code,
            include_pollutant_concentration=include_pollutant_concentration,
            index_region_code=index_region_code,
        )
        result: EnvironmentResult = self._invoke(
            self._typed_flow(Call("lookup_weather", arguments), EnvironmentResult)
        )
        return result

    def compute_routes(
        self,
        origin: rq.Location,
        destination: rq.Location,
        *,
        intermediate_waypoints: Sequence[rq.Location] | None = None,
        travel_mode: str | None = None,
        departure_time: dt.datetime | str | None = None,
        arrival_time: dt.datetime | str | None = None,
        routing_preference: str | None = None,
        location_bias: LatLng | tuple[float, float] | None = None,
        compute_alternative_routes: bool | None = None,
        include_polyline: bool | None = None,
    ) -> RoutesResult:
        """Routes from ``origin`` to ``destination`` (optionally through waypoints, in order).

        ``routes[0]`` is the recommended route; retrieval tokens (DRIVE) work for 10 minutes with
        :meth:`search_along_route`.

        ``travel_mode`` is ``"DRIVE"`` (the default), ``"WALK"`` (beta: show its warning),
        ``"BICYCLE"`` or ``"TRANSIT"`` (any case); ``routing_preference`` is
        ``"TRAFFIC_UNAWARE"`` (the default) or ``"TRAFFIC_AWARE_OPTIMAL"`` (Pro tier; not with
        WALK or BICYCLE), with or without the ``ROUTING_PREFERENCE_`` prefix.
        """
        arguments = rq.compute_routes_args(
            origin,
            destination,
            intermediate_waypoints=intermediate_waypoints,
            travel_mode_=travel_mode,
            departure_time=departure_time,
            arrival_time=arrival_time,
            routing_preference_=routing_preference,
            location_bias=location_bias,
            compute_alternative_routes=compute_alternative_routes,
            include_polyline=include_polyline,
            now=self.now(),
        )
        result: RoutesResult = self._invoke(
            self._typed_flow(Call("compute_routes", arguments), RoutesResult)
        )
        return result

    def search_along_route(
        self,
        text_query: str,
        *,
        route: RoutesResult | None = None,
        retrieval_token: str | None = None,
        origin: rq.Location | None = None,
        destination: rq.Location | None = None,
        encoded_polyline: str | None = None,
        travel_mode: str | None = None,
        routing_preference: str | None = None,
        include_extended_details: bool | None = None,
        language_code: str | None = None,
        region_code: str | None = None,
    ) -> AlongRouteResult:
        """Places along a route, ranked, with the detour each adds.

        Give exactly one route: ``route=`` (a :class:`RoutesResult`), ``retrieval_token=``,
        ``encoded_polyline=`` or ``origin=`` with ``destination=``. ``travel_mode`` is
        ``"DRIVE"`` (the default), ``"WALK"`` or ``"BICYCLE"`` (not ``"TRANSIT"``); a ``route=``
        is searched the way it was computed.
        """
        arguments = rq.search_along_route_args(
            text_query,
            route=route,
            retrieval_token=retrieval_token,
            origin=origin,
            destination=destination,
            encoded_polyline=encoded_polyline,
            travel_mode_=travel_mode,
            routing_preference_=routing_preference,
            include_extended_details=include_extended_details,
            language_code=language_code,
            region_code=region_code,
            now=self.now(),
        )
        call = Call("search_along_route", arguments)
        result: AlongRouteResult = self._invoke(self._typed_flow(call, AlongRouteResult))
        return result

    def resolve_names(
        self,
        queries: Iterable[str],
        *,
        location_bias: Viewport | Mapping[str, Any] | None = None,
        region_code: str | None = None,
    ) -> ResolvedNames:
        """Resolve up to 20 specific place names or addresses to place ids (1:1 with inputs)."""
        arguments = rq.resolve_names_args(
            queries, location_bias=location_bias, region_code=region_code
        )
        result: ResolvedNames = self._invoke(
            self._typed_flow(Call("resolve_names", arguments), ResolvedNames)
        )
        return result

    def resolve_maps_urls(self, urls: Iterable[str]) -> ResolvedUrls:
        """Resolve up to 20 Google Maps URLs to place ids (1:1 with inputs)."""
        arguments = rq.resolve_maps_urls_args(urls)
        result: ResolvedUrls = self._invoke(
            self._typed_flow(Call("resolve_maps_urls", arguments), ResolvedUrls)
        )
        return result

    def search_area(
        self,
        text_query: str,
        area: Any,
        *,
        page_size: int | None = 10,
        max_depth: int | None = None,
        tile_m: float | None = None,
        radius_m: float = 5000,
        language_code: str | None = None,
        region_code: str | None = None,
        include_extended_details: bool | None = None,
        max_calls: int | None = None,
        dry_run: bool = False,
        progress: bool = True,
        resume: pd.DataFrame | None = None,
    ) -> pd.DataFrame:
        """Every place ``text_query`` finds in an area: tiles, quadrants of full tiles, one frame.

        ``search_places`` gives at most ``page_size`` places a call and its circle is a bias,
        not a limit. This tiles the area with squares (each asked with the circle around it),
        asks the four quadrants of a tile whose answer is full (``page_size`` places) while the
        budget (``max_calls``) allows, keeps the places inside the area and deduplicates them
        by place id.

        Parameters
        ----------
        text_query
            What to look for, without a place: ``"cafés"`` (the tiles say where).
        area
            A town or region name (resolved once with one ``search_places`` call: the circle
            of ``radius_m`` around the place it finds; the tools give no outlines), a
            ``Circle`` (with a radius), a ``Viewport``, a GeoJSON-like ``Polygon`` or
            ``MultiPolygon`` (or Feature, FeatureCollection) in longitude/latitude, or a
            shapely geometry, GeoSeries or GeoDataFrame (brought to EPSG:4326).
        page_size
            Places asked per tile, 1–10 (above 5 is billed Pro; fewer fill tiles sooner).
        max_depth
            How many times a full tile may be split in four (0–16), a safety bound. Default:
            16 when the search has a budget (``max_calls``, or the client's), which then decides
            where it stops; 2 without any budget (at most 84 calls for a 2×2 grid).
        tile_m
            Side of the first-level squares in metres (default: half the area's longer side,
            a 2×2 grid; at most 60 km).
        radius_m
            For a name: the radius of the circle searched around it (default 5 km).
        language_code, region_code, include_extended_details
            As :meth:`search_places`.
        max_calls
            The most calls this search may make (cache answers included). A search whose
            first calls would pass it, or the client's budget, raises
            :class:`~mapsnb.BudgetExceeded` before sending anything; later, a full tile whose
            quadrants would pass it is left unsplit (its status says so, and
            ``coverage.still_full`` names it). An area crossing ±180° given as a MultiPolygon
            (split at the antimeridian) is tiled part by part.
        dry_run
            Return the plan (the first calls, one row each) with its cost in ``attrs``
            (``calls_at_least``, ``calls_at_most``, ``calls_by_tier``, ``cost``); send nothing.
        progress
            Show a ``tqdm`` progress bar.
        resume
            An earlier frame of the same search (or an error's ``.partial``): its tiles are not
            asked again. With a larger budget or ``max_depth`` it goes on splitting where it
            was full. A frame missing a column the search needs, or with one of the wrong type,
            is refused with :class:`~mapsnb.InvalidRequest` naming them.

        Returns
        -------
        pandas.DataFrame
            One row per place, first found first: the columns of
            :meth:`PlacesResult.to_frame`, plus ``tiles`` (the ids of the tiles that found the
            place). ``attrs["coverage"]`` is a :class:`~mapsnb._calls.area.Coverage`: tiles
            asked, full tiles left unsplit (where places may be missing), calls by billing
            tier, the share of the area covered; print it. A ``Client`` sends the calls one
            after another, an ``AsyncClient`` eight at a time, on the batch engine: the client's
            quota (``settings.calls_per_minute``) across every wave, and a tile still
            rate-limited after the client's retries asked again after a shared backoff.
        """
        from mapsnb._calls.area import AreaOptions, search_area

        options = AreaOptions(
            text_query=text_query,
            area=area,
            page_size=page_size,
            max_depth=max_depth,
            tile_m=tile_m,
            radius_m=radius_m,
            language_code=language_code,
            region_code=region_code,
            include_extended_details=include_extended_details,
            max_calls=max_calls,
            dry_run=dry_run,
            progress=progress,
            resume=resume,
        )
        return search_area(self, options)
