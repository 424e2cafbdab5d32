"""``RouteForm``: ``compute_routes`` with ordered waypoints, then ``search_along_route``."""

from __future__ import annotations

import warnings as warnings_module
from collections.abc import Mapping
from typing import Any, ClassVar

import ipyleaflet
import ipywidgets as w
import pandas as pd

from mapsnb import _html
from mapsnb._calls.arguments import TRAFFIC_AWARE, TRAVEL_MODES
from mapsnb._read.summary import safe_html
from mapsnb.errors import EmptyResultWarning, InvalidRequest
from mapsnb.results import WALK_WARNING, AlongRouteResult, RoutesResult
from mapsnb.widgets._base import BaseForm, attribution_html, fit_labels, frame_html, note_html

__all__ = ["RouteForm"]

ROUTE_COLUMNS = ["route_index", "distance_m", "duration", "travel_mode"]
DETOUR_COLUMNS = ["name", "detour", "detour_s", "detour_distance_text", "place_url"]
DEPART, ARRIVE = "Depart at", "Arrive by"
POLYLINE_NOTE = (
    "The route's 10-minute retrieval token has expired, so it was sent as a polyline: the server "
    "gives no detour times for it. Press Route again for a fresh token."
)


class RouteForm(BaseForm):
    """A form for ``compute_routes`` and ``search_along_route``.

    Parameters
    ----------
    client
        A :class:`mapsnb.Client`; default ``mapsnb.Client()`` (the emulator without a key).
    map
        The map to draw on; default a new map shown inside the form.

    Attributes
    ----------
    origin, destination, waypoints, add_waypoint_button, travel_mode, time_kind, time, traffic,
    alternatives, warning
        The route inputs: ``waypoints`` is a VBox of rows ``HBox([Text, remove Button])``;
        ``time_kind`` chooses departure or arrival; ``time`` is RFC 3339 text (empty: leave now).
    along_query, along_button, along_table, along_result, along_frame
        Search along the latest route: detours sorted by added time (``detour_s``).
    """

    submit_label = "Route"
    field_labels: ClassVar[Mapping[str, str]] = {
        "origin": "Origin",
        "destination": "Destination",
        "intermediate_waypoints": "Stop",
        "travel_mode": "Mode",
        "departure_time": "Time",
        "arrival_time": "Time",
        "routing_preference": "Traffic aware",
        "compute_alternative_routes": "Alternative routes",
        "text_query": "Along route",
        "route": "Route",
        "retrieval_token": "Route",
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
        self.along_result: AlongRouteResult | None = None
        self.along_frame: pd.DataFrame | None = None
        self.origin = w.Text(description=self.label("Origin"), placeholder="San Francisco, CA")
        self.destination = w.Text(description=self.label("Destination"), placeholder="Oakland, CA")
        self.waypoints = w.VBox()
        self.add_waypoint_button = w.Button(description=self.label("Add stop"), icon="plus")
        self.add_waypoint_button.on_click(lambda _b: self.add_waypoint())
        self.travel_mode = w.Dropdown(
            options=list(TRAVEL_MODES), value="DRIVE", description=self.label("Mode")
        )
        self.time_kind = w.ToggleButtons(options=[DEPART, ARRIVE], value=DEPART)
        self.time = w.Text(
            description=self.label("Time"), placeholder="now, or 2026-09-19T08:00:00-07:00"
        )
        self.traffic = w.Checkbox(value=False, description=self.label("Traffic aware"))
        self.alternatives = w.Checkbox(value=False, description=self.label("Alternative routes"))
        self.warning = w.HTML()
        self.warning.add_class("mapsnb-note")
        self.travel_mode.observe(self._update_warning, names="value")

        self.along_query = w.Text(description=self.label("Along route"), placeholder="coffee")
        self.along_button = w.Button(description=self.label("Search along this route"))
        self.along_button.add_class("mapsnb-along-submit")
        self.along_button.on_click(lambda _b: self._clicked(self.search_along))
        self.along_table = w.HTML()
        self.along_table.add_class("mapsnb-table")
        self.along_attribution = w.HTML()
        self._buttons += [self.along_button, self.add_waypoint_button]
        self.along_summary = w.HTML()
        self.results_box.children = (
            *self.results_box.children,
            self.along_summary,
            self.along_table,
            self.along_attribution,
        )
        self._layout(
            [
                self.origin,
                self.destination,
                self.waypoints,
                self.add_waypoint_button,
                w.HBox([self.travel_mode, self.time_kind]),
                self.time,
                w.HBox([self.traffic, self.alternatives]),
                self.warning,
            ],
            extra=[w.HBox([self.along_query, self.along_button])],
        )

    # ----------------------------------------------------------------------- waypoints
    def add_waypoint(self, value: str = "") -> w.Text:
        """Append a stop row and return its Text."""
        text = w.Text(
            value=value,
            placeholder="stop",
            description=f"{self.label('Stop')} {len(self.waypoints.children) + 1}",
        )
        remove = w.Button(
            description=self.label("Remove"), icon="trash", layout=w.Layout(width="auto")
        )
        row = w.HBox([text, remove])
        fit_labels(row)
        remove.on_click(lambda _b, r=row: self._remove_row(r))
        self.waypoints.children = (*self.waypoints.children, row)
        return text

    def remove_waypoint(self, index: int) -> None:
        """Remove the stop at ``index`` (0-based); the others keep their order."""
        self._remove_row(self.waypoints.children[index])

    def _remove_row(self, row: w.Widget) -> None:
        self.waypoints.children = tuple(r for r in self.waypoints.children if r is not row)
        for i, r in enumerate(self.waypoints.children):
            r.children[0].description = f"Stop {i + 1}"

    @property
    def waypoint_values(self) -> list[str]:
        """The stops in order (blank rows skipped)."""
        values = [row.children[0].value.strip() for row in self.waypoints.children]
        return [v for v in values if v]

    # --------------------------------------------------------------------------- inputs
    def _update_warning(self, _change: Any = None) -> None:
        self.warning.value = note_html(WALK_WARNING) if self.travel_mode.value == "WALK" else ""

    def _times(self) -> dict[str, str]:
        text = self.time.value.strip()
        if not text or text.lower() == "now":
            return {}
        key = "departure_time" if self.time_kind.value == DEPART else "arrival_time"
        return {key: text}

    def _clear_extra(self) -> None:
        self.along_result = self.along_frame = None
        self.along_table.value = self.along_summary.value = self.along_attribution.value = ""
        self.warning.value = ""

    # ---------------------------------------------------------------------------- calls
    def _submit(self) -> RoutesResult:
        result: RoutesResult = self.client.compute_routes(
            self.origin.value,
            self.destination.value,
            intermediate_waypoints=self.waypoint_values or None,
            travel_mode=self.travel_mode.value,
            routing_preference=TRAFFIC_AWARE if self.traffic.value else None,
            compute_alternative_routes=self.alternatives.value or None,
            include_polyline=True,
            **self._times(),
        )
        self.result = result
        self.frame = result.to_frame()
        self.along_result = self.along_frame = None
        self.along_table.value = self.along_summary.value = self.along_attribution.value = ""
        self._show_table(result, frame_html(self.frame, ROUTE_COLUMNS, empty="No route found."))
        warnings = "".join(note_html(text) for text in result.warnings)
        self.warning.value = warnings or (
            note_html(WALK_WARNING) if self.travel_mode.value == "WALK" else ""
        )
        if self.frame.empty:  # no route: the emulator's or the server's reason, not a map error
            why = "; ".join(result.hints)
            found = _html.text(f"No route found{': ' + why if why else ''}")
            self.status.value = found + self._source_note(result)
        else:
            self.status.value = f"{len(self.frame)} route(s){self._source_note(result)}"
        with warnings_module.catch_warnings():
            warnings_module.simplefilter("ignore", EmptyResultWarning)  # said in the status
            self._draw(result)
        return result

    def search_along(self) -> AlongRouteResult | None:
        """Search along the latest route (what the along-route button does)."""
        along: AlongRouteResult | None = self._run(self._search_along, self.along_button)
        return along

    def _search_along(self) -> AlongRouteResult:
        if not isinstance(self.result, RoutesResult) or not self.result.routes:
            raise InvalidRequest("route", "compute a route first")
        along: AlongRouteResult = self.client.search_along_route(
            self.along_query.value, route=self.result, language_code=self.language_code
        )
        self.along_result = along
        frame = along.to_frame()
        if "detour_s" in frame.columns:
            frame = frame.sort_values("detour_s", kind="stable", na_position="last")
        self.along_frame = frame
        self.along_summary.value = (
            note_html(POLYLINE_NOTE) if "encoded_polyline" in along.request else ""
        ) + (f"<div>{safe_html(along.summary)}</div>" if along.summary else "")
        self.along_table.value = frame_html(frame, DETOUR_COLUMNS, empty="No places along route.")
        self.along_attribution.value = attribution_html(along)
        self.status.value = f"{len(frame)} place(s) along the route{self._source_note(along)}"
        self._draw(self.result, along)
        return along
