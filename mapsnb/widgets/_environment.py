"""``EnvironmentForm``: ``lookup_weather`` (weather, air quality, pollen) with charts."""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Mapping
from typing import Any, ClassVar, NamedTuple

import ipyleaflet
import ipywidgets as w
import pandas as pd

from mapsnb import _html
from mapsnb._calls.arguments import UNITS
from mapsnb._read.credits import frame_credits, unique_credits
from mapsnb.errors import MapsnbError
from mapsnb.results import EnvironmentResult
from mapsnb.widgets._base import (
    BaseForm,
    figure_output,
    frame_html,
    html_output,
    map_note,
    note_html,
    parse_lat_lng,
)

__all__ = ["EnvironmentForm"]

CAPABILITIES = (("WEATHER", "Weather"), ("AIR_QUALITY", "Air quality"), ("POLLEN", "Pollen"))
#: The hour choice for "no hour": current conditions without a date, the whole day with one.
NO_HOUR = "— (none)"
TIME_HELP = (
    "Date and hour are local at the location. No date: current conditions; "
    "a date alone: the whole local day; a date and an hour: that local hour."
)


class Located(NamedTuple):
    """Locate a typed location: its point, the matched place's name and the resolution frame.

    The point is ``None`` when unknown; the name and frame (credits) are both ``None`` for a typed
    pair.
    """

    point: tuple[float, float] | None
    name: str | None
    frame: pd.DataFrame | None


class EnvironmentForm(BaseForm):
    """A form for ``lookup_weather``: charts and tables of weather, air quality and pollen.

    Parameters
    ----------
    client
        A :class:`mapsnb.Client`; default ``mapsnb.Client()`` (the emulator without a key).
    map
        The map to mark the location on; default a new map shown inside the form. A typed name
        is resolved with ``client.resolve_names`` (billed $0) first and its place marked; a
        click on the map sets the location to the clicked point.

    Attributes
    ----------
    location, weather, air_quality, pollen, date, hour, units, pollutants
        The inputs: ``location`` is an address or ``"lat, lng"``; ``date`` (optional) is the
        local date; ``hour`` is ``None`` (no hour: current conditions without a date, the whole
        local day with one) or 0–23 and needs a date; ``time_help`` says so in the form.
    """

    submit_label = "Look up"
    field_labels: ClassVar[Mapping[str, str]] = {
        "location": "Location",
        "capabilities": "Capabilities",
        "date": "Date",
        "hour": "Hour",
        "units_system": "Units",
        "include_pollutant_concentration": "Pollutant concentrations",
    }

    def __init__(
        self,
        client: Any = None,
        map: ipyleaflet.Map | None = None,
        *,
        embedded: bool = False,
        language: str | None = None,
    ) -> None:
        super().__init__(client, map, embedded=embedded, language=language)
        self.location = w.Text(
            description=self.label("Location"), placeholder="San Francisco, CA or 37.77, -122.42"
        )
        self.weather = w.Checkbox(value=True, description=self.label("Weather"))
        self.air_quality = w.Checkbox(value=True, description=self.label("Air quality"))
        self.pollen = w.Checkbox(value=False, description=self.label("Pollen"))
        self.date = w.DatePicker(description=self.label("Date"), value=None)
        self.hour = w.Dropdown(
            options=[(NO_HOUR, None), *((f"{h:02d}:00", h) for h in range(24))],
            value=None,
            description=self.label("Hour"),
        )
        self.hour.index = 0  # value None is also "no selection": show the "none" choice
        self.time_help = w.HTML(f"<small>{_html.text(TIME_HELP)}</small>")
        self.units = w.ToggleButtons(
            options=list(UNITS), value="METRIC", description=self.label("Units")
        )
        self.pollutants = w.Checkbox(
            value=False, description=self.label("Pollutant concentrations")
        )
        self._layout(
            [
                self.location,
                w.HBox(
                    [
                        w.Label(self.label("Capabilities")),
                        self.weather,
                        self.air_quality,
                        self.pollen,
                    ]
                ),
                w.HBox([self.date, self.hour]),
                self.time_help,
                self.units,
                self.pollutants,
            ]
        )

    # --------------------------------------------------------------------------- inputs
    @property
    def capabilities(self) -> list[str]:
        """The checked capabilities, in the order WEATHER, AIR_QUALITY, POLLEN."""
        boxes = (self.weather, self.air_quality, self.pollen)
        return [code for (code, _), box in zip(CAPABILITIES, boxes, strict=True) if box.value]

    @property
    def location_value(self) -> str | tuple[float, float]:
        """``(lat, lng)`` when the text is a coordinate pair, else the address text."""
        text = self.location.value.strip()
        return parse_lat_lng(text) or text

    def handle_map_click(self, lat: float, lng: float) -> None:
        """Return a click sets the location to the clicked point."""
        self.location.value = f"{lat:.5f}, {lng:.5f}"

    # ----------------------------------------------------------------------------- call
    def _submit(self) -> EnvironmentResult:
        date = self.date.value
        location = self.location_value
        located = self._locate(location)
        result: EnvironmentResult = self.client.lookup_weather(
            location,
            capabilities=self.capabilities,
            date=date if isinstance(date, dt.date) else None,
            hour=self.hour.value,
            units_system=self.units.value,
            include_pollutant_concentration=self.pollutants.value or None,
            language_code=self.language_code,
        )
        self.result = result
        self.frame = result.to_frame()
        self._show_table(result, frame_html(self.frame, max_rows=48, empty="No data."))
        self.output.outputs = tuple(self._charts(result))
        mode = f"{date.isoformat()}" if isinstance(date, dt.date) else "current conditions"
        if isinstance(date, dt.date) and self.hour.value is not None:
            mode += f" {self.hour.value:02d}:00"
        zone = f" ({result.zone})" if result.zone else ""
        domains = ", ".join(map(str, result.domains)) or "no data"
        status = _html.text(f"{domains} — {mode}{zone}")
        self.status.value = f"{status}{self._source_note(result)}"
        self._mark(location, result, located)
        return result

    def _charts(self, result: EnvironmentResult) -> list[dict[str, Any]]:
        """Chart (and table) outputs for each domain present."""
        import matplotlib.pyplot as plt

        from mapsnb import charts

        outputs: list[dict[str, Any]] = []
        plots = (
            ("air_quality", "Air quality", charts.plot_air_quality),
            ("pollen", "Pollen", charts.plot_pollen),
            ("weather", "Weather", charts.plot_weather),
        )
        for domain, title, plot in plots:
            if domain not in result.domains:
                continue
            try:
                ax = plot(result)
            except (ValueError, KeyError) as exc:
                outputs.append(html_output(note_html(f"No {title.lower()} chart: {exc}")))
                continue
            fig = ax.figure
            outputs.append(figure_output(fig, title))
            plt.close(fig.figure)  # the root Figure (ax.figure may be typed as a SubFigure)
            if domain == "air_quality":
                table = frame_html(
                    result.air_quality,
                    ["time", "index_name", "aqi", "category", "dominant_pollutant"],
                    max_rows=24,
                )
                outputs.append(html_output(table))
        return outputs

    def _locate(self, location: str | tuple[float, float]) -> Located:
        """Where to mark ``location``: a typed pair as it is, a name resolved by the client.

        A name goes through ``client.resolve_names`` (billed $0) before the lookup; the match's
        coordinates (the emulator's answers carry them), its name and its credits are kept. A
        name that does not resolve, or resolves without coordinates (live answers give a place
        id only), is not located: the map then uses the point the weather answer names, or
        says why it marks nothing. A failed resolution never stops the lookup itself.
        """
        if isinstance(location, tuple):
            return Located(location, None, None)
        if not location or self.map is None:
            return Located(None, None, None)
        try:
            resolved = self.client.resolve_names([location])
            frame = resolved.to_frame()
        except MapsnbError:
            return Located(None, None, None)
        if frame.empty or not bool(frame["ok"].iloc[0]):
            return Located(None, None, frame)
        row = frame.iloc[0]
        lat, lng = row.get("matched_lat"), row.get("matched_lng")
        point = None
        if isinstance(lat, float) and isinstance(lng, float) and math.isfinite(lat + lng):
            point = (float(lat), float(lng))
        name = row.get("matched_name")
        return Located(point, name if isinstance(name, str) and name else None, frame)

    def _mark(
        self,
        location: str | tuple[float, float],
        result: EnvironmentResult,
        located: Located | None = None,
    ) -> None:
        """Mark the location on the map and centre it there, replacing what the previous lookup drew.

        A coordinate pair, the place a typed name resolved to (see :meth:`_locate`), else the point the
        answer says it is for. Without any, a note on the map says why.
        """
        if self.map is None:
            return
        located = located or Located(None, None, None)
        returned = result.returned_location
        point = location if isinstance(location, tuple) else located.point
        if point is None and returned is not None:
            point = (float(returned[0]), float(returned[1]))
        if point is None:
            where = _html.text(str(location))
            frame = located.frame
            resolved = frame is not None and len(frame) > 0 and bool(frame["ok"].iloc[0])
            why = (
                "the name resolved to a place without coordinates"
                if resolved
                else "the name did not resolve to a place"
            )
            self._draw(
                controls=[
                    map_note(
                        f"Environment for <b>{where}</b>: no coordinates to mark ({why}). Type "
                        "“lat, lng” or click the map."
                    )
                ]
            )
            return
        label = located.name or (location if isinstance(location, str) else None)
        title = f"Environment lookup: {label}" if label else "Environment lookup"
        from mapsnb.layers import PlaceMarker

        # the map credits the answers it marks: the lookup's and the resolution's (their
        # attribution; synthetic data says so)
        credits, synthetic = frame_credits(self.frame)
        if located.frame is not None:
            more, fake = frame_credits(located.frame)
            credits, synthetic = unique_credits([*credits, *more]), synthetic or fake
        marker = PlaceMarker(
            location=point,
            draggable=False,
            title=title,
            name="mapsnb:location",
            credits=credits,
            synthetic=synthetic,
        )
        self._draw(marker)
        self.map.center = point
