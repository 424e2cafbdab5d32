"""``ResolveForm``: ``resolve_names`` or ``resolve_maps_urls`` for a pasted list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar
from urllib.parse import quote

import ipyleaflet
import ipywidgets as w
import numpy as np
import pandas as pd

from mapsnb import _html
from mapsnb.results import ResolvedNames, ResolvedUrls
from mapsnb.widgets._base import BaseForm, frame_html, map_note

__all__ = ["ResolveForm"]

AUTO, NAMES, URLS = "Auto", "Names", "Google Maps URLs"
COLUMNS = ["query", "url", "ok", "place_id", "confidence", "error_status", "error_message"]
FAILED_STYLE = "background-color:#fde2e2;color:#8b0000"
SAVE_TEXT = "Save these places to Google Maps"
#: A place in Google Maps by its id (Maps URLs, ``query_place_id``).
PLACE_URL = "https://www.google.com/maps/search/?api=1&query={query}&query_place_id={place_id}"


def _failed_style(row: Mapping[str, Any]) -> str:
    ok = row.get("ok")
    good = isinstance(ok, (bool, np.bool_)) and bool(ok)
    return "" if good else FAILED_STYLE


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def located_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """Return the resolved rows that have a place to draw.

    ``name`` (the match, with what was asked when it reads otherwise), ``lat``, ``lng``,
    ``place_id`` and a ``place_url`` opening it in Google Maps; the frame's ``attrs`` (source,
    credits) kept.
    """
    columns = ["name", "lat", "lng", "place_id", "place_url"]
    if not {"matched_lat", "matched_lng"} <= set(frame.columns):
        return pd.DataFrame(columns=columns)
    lat = pd.to_numeric(frame["matched_lat"], errors="coerce")
    lng = pd.to_numeric(frame["matched_lng"], errors="coerce")
    ok = frame["ok"].fillna(False).astype(bool) if "ok" in frame.columns else True
    rows = frame.loc[ok & np.isfinite(lat) & np.isfinite(lng)]
    asked_col = "query" if "query" in frame.columns else "url"
    names, urls = [], []
    for record in rows.to_dict("records"):
        asked, match = _text(record.get(asked_col)), _text(record.get("matched_name"))
        if asked_col == "url":
            asked = ""
        name = match or asked or "place"
        if asked and match and asked.casefold() != match.casefold():
            name = f"{match} ({asked})"
        names.append(name)
        pid = _text(record.get("place_id"))
        urls.append(
            PLACE_URL.format(query=quote(match or asked or pid), place_id=quote(pid))
            if pid
            else None
        )
    out = pd.DataFrame(
        {
            "name": names,
            "lat": lat[rows.index].astype(float).to_numpy(),
            "lng": lng[rows.index].astype(float).to_numpy(),
            "place_id": rows["place_id"].to_numpy() if "place_id" in rows else None,
            "place_url": urls,
        },
        index=rows.index,
    )
    out.attrs = dict(frame.attrs)
    return out


class ResolveForm(BaseForm):
    """A form for ``resolve_names`` and ``resolve_maps_urls`` (one entry per line).

    Parameters
    ----------
    client
        A :class:`mapsnb.Client`; default ``mapsnb.Client()`` (the emulator without a key).

    Attributes
    ----------
    queries, mode, region, save_link
        The Textarea (one name or URL per line), the mode (``"Auto"`` switches to URLs when every
        line starts with ``http``), the region code and the save-to-Maps link.
    map
        The map the resolved places are drawn on (each a marker whose click shows its name and
        a Google Maps link, the view fitted to them), replacing what the previous lookup drew;
        ``None`` (the default) draws nothing. The Explorer passes its shared map.
    """

    submit_label = "Resolve"
    uses_map = False
    field_labels: ClassVar[Mapping[str, str]] = {
        "queries": "Places",
        "urls": "Places",
        "region_code": "Region",
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
        self.queries = w.Textarea(
            description=self.label("Places"),
            placeholder="One place name or Google Maps URL per line",
            layout=w.Layout(width="100%", height="8em"),
        )
        self.mode = w.ToggleButtons(options=[AUTO, NAMES, URLS], value=AUTO)
        self.region = w.Text(
            description=self.label("Region"), placeholder="US (optional, names only)"
        )
        self.save_link = w.HTML()
        self.save_link.add_class("mapsnb-save-link")
        self.results_box.children = (self.save_link, *self.results_box.children)
        self._layout([self.queries, self.mode, self.region])

    @property
    def lines(self) -> list[str]:
        """The non-blank lines, stripped."""
        return [line.strip() for line in self.queries.value.splitlines() if line.strip()]

    @property
    def uses_urls(self) -> bool:
        """True when the lines are resolved as Google Maps URLs."""
        if self.mode.value != AUTO:
            return bool(self.mode.value == URLS)
        lines = self.lines
        return bool(lines) and all(line.lower().startswith("http") for line in lines)

    def _clear_extra(self) -> None:
        self.save_link.value = ""

    def _submit(self) -> ResolvedNames | ResolvedUrls:
        result: ResolvedNames | ResolvedUrls
        if self.uses_urls:
            result = self.client.resolve_maps_urls(self.lines)
        else:
            result = self.client.resolve_names(
                self.lines, region_code=self.region.value.strip() or None
            )
        self.result = result
        self.frame = result.to_frame()
        self._show_table(result, frame_html(self.frame, COLUMNS, row_style=_failed_style))
        # a link only to http(s): an answer's javascript: or data: URL is no link
        self.save_link.value = _html.link(result.save_to_maps_url, SAVE_TEXT) or ""
        failed = len(result.failures)
        self.status.value = (
            f"{len(self.frame) - failed} resolved, {failed} failed{self._source_note(result)}"
        )
        self._draw_resolved(self.frame)
        return result

    def _draw_resolved(self, frame: pd.DataFrame) -> None:
        """Draw the located rows on the map (fitted to them), replacing the previous lookup's layers.

        When none has a place to draw, a note on the map says so.
        """
        if self.map is None:
            return
        located = located_frame(frame)
        if len(located):
            self._draw(located)
            return
        why = (
            "none of them resolved"
            if len(frame) and not frame["ok"].fillna(False).astype(bool).any()
            else "the answer gives no coordinates for them"
        )
        self._draw(controls=[map_note(f"Resolved places: nothing to draw ({why}).")])
