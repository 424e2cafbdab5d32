"""``PlaceSearchForm``: ``search_places`` with a location bias set by typing or clicking the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import ipyleaflet
import ipywidgets as w

from mapsnb._read.summary import safe_html
from mapsnb._types import Circle
from mapsnb.results import PlacesResult
from mapsnb.widgets._base import BaseForm, frame_html, note_html

__all__ = ["PlaceSearchForm"]

PLACE_COLUMNS = ["citation", "name", "summary_snippet", "lat", "lng", "place_url"]
PRO_NOTE = "This search is billed at the Pro tier ({reasons})."


class PlaceSearchForm(BaseForm):
    """A form for ``search_places``.

    Parameters
    ----------
    client
        A :class:`mapsnb.Client`; default ``mapsnb.Client()`` (the emulator without a key).
    map
        The map to draw on; default a new map shown inside the form. A click on the map sets the
        centre of the location bias.

    Attributes
    ----------
    query, page_size, language, region, use_bias, lat, lng, radius_km, extended, pro_note
        The inputs (``radius_km`` is a slider up to 50 km) and the Pro-tier billing note.
    """

    field_labels: ClassVar[Mapping[str, str]] = {
        "text_query": "Query",
        "page_size": "Page size",
        "language_code": "Language",
        "region_code": "Region",
        "location_bias": "Bias to a circle",
        "include_extended_details": "Extended details",
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
        self.query = w.Text(
            description=self.label("Query"), placeholder="coffee near Golden Gate Park"
        )
        self.page_size = w.IntSlider(value=5, min=1, max=10, description=self.label("Page size"))
        self.language = w.Text(
            value=language or "", description=self.label("Language"), placeholder="en (optional)"
        )
        self.region = w.Text(description=self.label("Region"), placeholder="US (optional)")
        self.use_bias = w.Checkbox(
            value=False, description=self.label("Bias to a circle (click the map)")
        )
        self.lat = w.FloatText(value=37.7749, description=self.label("Latitude"))
        self.lng = w.FloatText(value=-122.4194, description=self.label("Longitude"))
        self.radius_km = w.FloatSlider(
            value=2.0, min=0.1, max=50.0, step=0.1, description=self.label("Radius (km)")
        )
        self.extended = w.Checkbox(value=False, description=self.label("Extended details"))
        self.pro_note = w.HTML()
        self.pro_note.add_class("mapsnb-note")
        self.summary = w.HTML()
        for widget in (self.page_size, self.extended):
            widget.observe(self._update_pro_note, names="value")
        bias = w.VBox([self.use_bias, w.HBox([self.lat, self.lng]), self.radius_km])
        self.results_box.children = (self.summary, *self.results_box.children)
        self._layout(
            [
                self.query,
                self.page_size,
                w.HBox([self.language, self.region]),
                bias,
                self.extended,
                self.pro_note,
            ]
        )

    # ---------------------------------------------------------------------------- inputs
    @property
    def location_bias(self) -> Circle | None:
        """The bias circle when enabled (radius in metres), else ``None``."""
        if not self.use_bias.value:
            return None
        return Circle(self.lat.value, self.lng.value, round(self.radius_km.value * 1000, 1))

    def handle_map_click(self, lat: float, lng: float) -> None:
        """Return a click sets the bias centre and enables the bias."""
        self.lat.value = round(lat, 6)
        self.lng.value = round(lng, 6)
        self.use_bias.value = True

    def _update_pro_note(self, _change: Any = None) -> None:
        reasons = []
        if self.page_size.value > 5:
            reasons.append("page size above 5")
        if self.extended.value:
            reasons.append("extended details")
        self.pro_note.value = (
            note_html(PRO_NOTE.format(reasons=" and ".join(reasons))) if (reasons) else ""
        )

    def _clear_extra(self) -> None:
        self.summary.value = ""

    # ------------------------------------------------------------------------------ call
    def _submit(self) -> PlacesResult:
        result: PlacesResult = self.client.search_places(
            self.query.value,
            location_bias=self.location_bias,
            language_code=self.language.value.strip() or None,
            region_code=self.region.value.strip() or None,
            page_size=self.page_size.value,
            include_extended_details=self.extended.value or None,
        )
        self.result = result
        self.frame = result.to_frame()
        self.summary.value = f"<div>{safe_html(result.summary)}</div>" if result.summary else ""
        self._show_table(result, frame_html(self.frame.reset_index(), PLACE_COLUMNS))
        self.status.value = f"{len(self.frame)} place(s){self._source_note(result)}"
        bias = result.request.get("location_bias")
        self._draw(result, *([bias] if bias else []))
        return result
