"""The routes of ``compute_routes``: ``Route``, ``RoutesResult`` and the WALK beta warning."""

from __future__ import annotations

import datetime as dt
import warnings
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import PrivateAttr

from mapsnb import settings
from mapsnb._read.names import EndNames, route_end_names
from mapsnb.errors import EmptyResultWarning
from mapsnb.results._base import ToolResult
from mapsnb.results._models import Attribution, Duration, _Model

if TYPE_CHECKING:
    import pandas as pd


class Route(_Model):
    """One route of ``compute_routes``."""

    distance_meters: float | None = None
    duration: Duration = None
    encoded_polyline: str | None = None
    retrieval_token: str | None = None
    attribution: Attribution | None = None

    def path(self) -> list[tuple[float, float]]:
        """Return the decoded ``(lat, lng)`` vertices (empty without a polyline)."""
        from mapsnb.polyline import decode

        return decode(self.encoded_polyline) if self.encoded_polyline else []

    @property
    def __geo_interface__(self) -> dict[str, Any]:
        """The route's path as a GeoJSON LineString (``shapely.geometry.shape(route)``).

        ``{"type": "LineString", "coordinates": []}`` without a polyline.
        """
        return {"type": "LineString", "coordinates": [[lng, lat] for lat, lng in self.path()]}


class RoutesResult(ToolResult):
    """Result of ``compute_routes``; ``routes[0]`` is the recommended route."""

    tool: ClassVar[str] = "compute_routes"
    routes: list[Route] = []  # noqa: RUF012 (pydantic copies it)
    _issued_at: dt.datetime | None = PrivateAttr(default=None)
    _end_names: EndNames | None = PrivateAttr(default=None)

    @property
    def issued_at(self) -> dt.datetime | None:
        """When the result arrived (UTC); retrieval tokens expire 10 minutes later."""
        return self._issued_at

    @property
    def token_expires_at(self) -> dt.datetime | None:
        """When the retrieval tokens of this result stop working."""
        if self._issued_at is None:
            return None
        return self._issued_at + dt.timedelta(minutes=settings.retrieval_token_minutes)

    @property
    def end_names(self) -> EndNames:
        """Return how the origin and the destination read; never a place id.

        The name of a place the client has answered (a search, a resolution), the address as asked,
        ``"near <a place seen>"`` or a rounded ``"lat, lng"``; ``None`` where nothing is known.
        """
        if self._end_names is None:
            self._end_names = route_end_names(self._request, self._raw)
        return self._end_names

    @property
    def travel_mode(self) -> str:
        return str(self._request.get("travel_mode", "DRIVE"))

    @property
    def warnings(self) -> list[str]:
        """Warnings the app must show with these routes (the WALK beta warning)."""
        if self.travel_mode == "WALK":
            return [WALK_WARNING]
        return []

    def to_frame(self) -> pd.DataFrame:
        """One row per route (see :func:`mapsnb.frames.routes_frame`)."""
        from mapsnb.frames import routes_frame

        df = routes_frame(
            self._raw or {},
            source=self._source,
            request=self._request,
            issued_at=self._issued_at,
            ends=self.end_names,
        )
        df.attrs["hints"] = self.hints
        return df

    def path_frame(self) -> pd.DataFrame:
        """One row per vertex of every route (see :func:`mapsnb.frames.route_path_frame`).

        Warns (:class:`~mapsnb.errors.EmptyResultWarning`) when the routes carry no polyline.
        """
        from mapsnb.frames import route_path_frame

        df = route_path_frame(self._raw or {}, source=self._source)
        if self.routes and df.empty:
            warnings.warn(
                "these routes carry no polyline, so the path frame is empty: call "
                "compute_routes(..., include_polyline=True)",
                EmptyResultWarning,
                stacklevel=2,
            )
        return df

    @property
    def hints(self) -> list[str]:
        """Why no route was found, and what to try."""
        if self.routes or self._parse_errors:
            return []
        mode = self.travel_mode
        return [
            f"no {mode} route found between these places: they may not be connected for "
            f"{mode} (a sea between them, or too far for this mode); try another travel_mode "
            "or split the trip"
        ]

    def _repr_counts(self) -> str:
        return f"routes={len(self.routes)}"


WALK_WARNING = (
    "Walking directions are in beta: this route may be missing clear sidewalks or pedestrian paths."
)
