"""The place results: ``PlacesResult`` and ``AlongRouteResult`` (with its items and detours)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from mapsnb._read import wire as _wire
from mapsnb._read.summary import plain_text
from mapsnb.results._base import ToolResult
from mapsnb.results._models import Duration, PlaceView, _Model
from mapsnb.results._shapes import _plain_items, _plain_text_fields, _plain_views

if TYPE_CHECKING:
    import pandas as pd


class PlacesResult(ToolResult):
    """Result of ``search_places``."""

    tool: ClassVar[str] = "search_places"
    _lazy: ClassVar[bool] = True
    places: list[PlaceView] = []  # noqa: RUF012 (pydantic copies it)
    summary: str | None = None
    content_token: str | None = None

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        places = data.get("places", [])
        return (
            type(places) is list
            and _plain_text_fields(data, "summary", "contentToken", "content_token")
            and _plain_views(places)
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per place, indexed by citation number (see :func:`mapsnb.frames.places_frame`)."""
        from mapsnb.frames import places_frame

        df = places_frame(self._raw or {}, source=self._source, request=self._request)
        df.attrs["hints"] = self.hints
        return df

    @property
    def hints(self) -> list[str]:
        """Why no place was found, and what to try."""
        if self._pending and _wire.g(self._raw, "places"):
            return []  # a plain payload with places: nothing to explain, nothing to validate
        if self.places or self._parse_errors:
            return []
        explained = " ".join(plain_text(self.summary).split())
        if explained:  # the server's own reason (unknown town, empty area, unknown phrase)
            return [f"no places found: {explained}"]
        if not (self._request.get("location_bias") or self._request.get("locationBias")):
            return [
                "no places found: name a place in the query (e.g. 'coffee in Paris') or pass "
                "location_bias=mapsnb.Circle((lat, lng), radius_m)"
            ]
        return [
            "no places found for this query near the location bias: widen the bias or the query"
        ]

    def _repr_counts(self) -> str:
        return f"places={len(self.places)}"


class DetourSummary(_Model):
    detour_duration: Duration = None
    localized_detour_distance: str | None = None


class AlongRouteItem(_Model):
    place: PlaceView | None = None
    detour_summary: DetourSummary | None = None


class AlongRouteResult(ToolResult):
    """Result of ``search_along_route``: ranked places with their detours."""

    tool: ClassVar[str] = "search_along_route"
    _lazy: ClassVar[bool] = True
    results: list[AlongRouteItem] = []  # noqa: RUF012 (pydantic copies it)
    summary: str | None = None
    content_token: str | None = None

    @classmethod
    def _plain(cls, data: dict[str, Any]) -> bool:
        results = data.get("results", [])
        return (
            type(results) is list
            and _plain_text_fields(data, "summary", "contentToken", "content_token")
            and _plain_items(results)
        )

    def to_frame(self) -> pd.DataFrame:
        """One row per result in rank order (see :func:`mapsnb.frames.along_route_frame`)."""
        from mapsnb.frames import along_route_frame

        return along_route_frame(self._raw or {}, source=self._source, request=self._request)

    def _repr_counts(self) -> str:
        return f"results={len(self.results)}"
