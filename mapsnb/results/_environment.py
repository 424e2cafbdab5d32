"""``EnvironmentResult``, the typed result of ``lookup_weather``: weather, air quality, pollen.

``AttributionList`` holds its attributions, indexed by domain.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from pydantic import AliasChoices, Field

from mapsnb._read import wire as _wire
from mapsnb._types import LatLng
from mapsnb.results._base import ToolResult
from mapsnb.results._models import Attribution

if TYPE_CHECKING:
    import pandas as pd


class AttributionList(list[Attribution]):
    """A list of :class:`Attribution` that can also be indexed by domain.

    ``result.attributions["air_quality"]``.
    """

    def __init__(self, items: list[Attribution], by_domain: dict[str, list[Attribution]]) -> None:
        super().__init__(items)
        self.by_domain = by_domain

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            return self.by_domain.get(key, [])
        return super().__getitem__(key)


_WEATHER_FRAMES = ("current_weather_frame", "hourly_weather_frame", "daily_weather_frame")


def _with_point(df: pd.DataFrame, point: LatLng | None) -> None:
    """Give ``df`` ``returned_lat``/``returned_lng`` columns, their gaps filled by ``point``."""
    import numpy as np

    for column, value in (
        ("returned_lat", point and point.lat),
        ("returned_lng", point and point.lng),
    ):
        if column not in df.columns:
            df[column] = np.full(len(df), np.nan)
        if value is not None:
            df[column] = df[column].fillna(float(value))


class EnvironmentResult(ToolResult):
    """Result of ``lookup_weather``: weather, air quality and pollen (either response mode).

    The containers stay available as dicts (``weather_data``, ``air_quality_data``,
    ``pollen_data``); the attributes ``current_weather``, ``hourly_weather``, ``daily_weather``,
    ``air_quality``, ``pollutants``, ``health_recommendations`` and ``pollen`` are DataFrames.
    """

    tool: ClassVar[str] = "lookup_weather"
    time_zone: Any = None
    weather_data: dict[str, Any] | None = Field(None, validation_alias=AliasChoices("weather"))
    air_quality_data: dict[str, Any] | None = Field(
        None, validation_alias=AliasChoices("airQuality", "air_quality")
    )
    pollen_data: dict[str, Any] | None = Field(None, validation_alias=AliasChoices("pollen"))

    @property
    def zone(self) -> str | None:
        """The location's IANA time zone."""
        tz = self.time_zone
        if isinstance(tz, Mapping):
            tz = tz.get("id")
        return tz if isinstance(tz, str) else None

    @property
    def domains(self) -> list[str]:
        """The domains present in the response (``weather``, ``air_quality``, ``pollen``)."""
        found = [
            name
            for name, value in (
                ("weather", self.weather_data),
                ("air_quality", self.air_quality_data),
                ("pollen", self.pollen_data),
            )
            if value is not None
        ]
        if not found and self.is_legacy:
            found.append("weather")
        return found

    @property
    def returned_location(self) -> LatLng | None:
        """The location the server says the weather is for (``returnedLocation``), or ``None``."""
        for where in (self._raw, _wire.g(self._raw, "weather")):
            loc = _wire.g(where, "returnedLocation") if isinstance(where, Mapping) else None
            if isinstance(loc, Mapping):
                lat, lng = _wire.lat_lng(loc)
                return None if lat != lat or lng != lng else LatLng(lat, lng)
        return None

    @property
    def point(self) -> LatLng | None:
        """Return the point the answer is for.

        Its ``returnedLocation``, else the ``lat_lng`` the request asked about (the capability mode
        names no point), else ``None``.
        """
        found = self.returned_location
        if found is not None:
            return found
        location = _wire.g(self.request, "location") if isinstance(self.request, Mapping) else None
        asked = _wire.g(location, "latLng") if isinstance(location, Mapping) else None
        if isinstance(asked, Mapping):
            lat, lng = _wire.lat_lng(asked)
            if lat == lat and lng == lng:
                return LatLng(lat, lng)
        return None

    @property
    def is_legacy(self) -> bool:
        """True for the legacy flat response mode (REAL_SERVER.md)."""
        return _wire.is_legacy_weather(self._raw)

    def _frame(self, name: str) -> pd.DataFrame:
        from mapsnb import frames
        from mapsnb.frames._environment import request_context

        df = getattr(frames, name)(self._raw or {}, source=self._source)
        for key, value in request_context(self.request, self.zone).items():
            df.attrs.setdefault(key, value)  # place, mode, capabilities: for titles and errors
        if self._asked_at is not None:
            df.attrs.setdefault("now", self._asked_at)  # the client's clock: the "now" line
        if name in _WEATHER_FRAMES:
            _with_point(df, self.point)
        return df

    @property
    def current_weather(self) -> pd.DataFrame:
        """Current conditions, one row (local time)."""
        return self._frame("current_weather_frame")

    @property
    def hourly_weather(self) -> pd.DataFrame:
        """Hourly weather records (local time)."""
        return self._frame("hourly_weather_frame")

    @property
    def daily_weather(self) -> pd.DataFrame:
        """Daily forecasts."""
        return self._frame("daily_weather_frame")

    @property
    def air_quality(self) -> pd.DataFrame:
        """Air quality, one row per hour × index (long; see ``air_quality_wide`` to plot)."""
        return self._frame("air_quality_frame")

    @property
    def air_quality_wide(self) -> pd.DataFrame:
        """Air quality wide: one row per hour, one column per index code holding its AQI.

        ``env.air_quality`` is long (one row per hour × index), so
        ``env.air_quality.plot(x="time", y="aqi")`` zig-zags between the indexes. Plot the wide
        view instead — ``env.air_quality_wide.plot()``, one line per index — or one index with
        its category bands: ``mapsnb.charts.plot_air_quality(env, "uaqi")``. Indexes have
        different scales (UAQI 0–100, higher is better; ATMO 1–6, lower is better).
        """
        from mapsnb.frames._air_quality import air_quality_wide

        return air_quality_wide(self.air_quality)

    @property
    def pollutants(self) -> pd.DataFrame:
        """Pollutant concentrations, one row per hour × pollutant."""
        return self._frame("pollutants_frame")

    @property
    def health_recommendations(self) -> pd.DataFrame:
        """Health recommendations, one row per hour × group."""
        return self._frame("health_recommendations_frame")

    @property
    def pollen(self) -> pd.DataFrame:
        """Pollen, one row per day × type or plant."""
        return self._frame("pollen_frame")

    @property
    def attributions(self) -> AttributionList:
        """All attributions; index by domain name for one domain's."""
        by_domain = {
            domain: [Attribution(**c) for c in credits]
            for domain, credits in _wire.domain_attributions(self._raw).items()
            if credits
        }
        return AttributionList(super().attributions, by_domain)

    def to_frame(self) -> pd.DataFrame:
        """Every capability the answer holds, in one table.

        One capability: its table (weather hours, else now, else days; the air-quality
        indexes; pollen). Several (``capabilities=["WEATHER", "AIR_QUALITY"]``): one tidy
        long frame with a ``capability`` column (``"WEATHER"``, ``"AIR_QUALITY"``,
        ``"POLLEN"``) and the union of their columns. Rows of another table that do not fit
        (``daily_weather`` beside hours, ``pollutants``) give an ``OmittedDataWarning`` naming
        the accessor that has them. Weather rows carry ``returned_lat``/``returned_lng``.
        """
        from mapsnb.frames._environment import CAPABILITY_TABLES, capabilities_frame

        present = {"WEATHER": "weather", "AIR_QUALITY": "air_quality", "POLLEN": "pollen"}
        domains = self.domains
        tables = {
            capability: {name: getattr(self, name) for name in names}
            for capability, names in CAPABILITY_TABLES.items()
            if present[capability] in domains
        }
        if not tables:
            return self.air_quality
        return capabilities_frame(tables)

    def _geo_frame(self) -> pd.DataFrame:
        """``to_frame()`` with the answer's point on every row.

        Air quality and pollen rows are for the same point as the weather.
        """
        import numpy as np

        df = self.to_frame().copy()
        point = self.point
        for column, value in (
            ("returned_lat", point and point.lat),
            ("returned_lng", point and point.lng),
        ):
            df[column] = np.full(len(df), np.nan if value is None else float(value))
        return df

    def _repr_counts(self) -> str:
        return f"domains={self.domains} time_zone={self.zone!r}"
