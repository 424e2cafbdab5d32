"""``ResolveForm``: ``resolve_names`` or ``resolve_maps_urls`` for a pasted list."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import ipywidgets as w
import numpy as np

from mapsnb import _html
from mapsnb.results import ResolvedNames, ResolvedUrls
from mapsnb.widgets._base import BaseForm, frame_html

__all__ = ["ResolveForm"]

AUTO, NAMES, URLS = "Auto", "Names", "Google Maps URLs"
COLUMNS = ["query", "url", "ok", "place_id", "confidence", "error_status", "error_message"]
FAILED_STYLE = "background-color:#fde2e2;color:#8b0000"
SAVE_TEXT = "Save these places to Google Maps"


def _failed_style(row: Mapping[str, Any]) -> str:
    ok = row.get("ok")
    good = isinstance(ok, (bool, np.bool_)) and bool(ok)
    return "" if good else FAILED_STYLE


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
    """

    submit_label = "Resolve"
    uses_map = False
    field_labels: ClassVar[Mapping[str, str]] = {
        "queries": "Places",
        "urls": "Places",
        "region_code": "Region",
    }

    def __init__(self, client: Any = None, *, embedded: bool = False) -> None:
        super().__init__(client, None, embedded=embedded)
        self.queries = w.Textarea(
            description="Places",
            placeholder="One place name or Google Maps URL per line",
            layout=w.Layout(width="100%", height="8em"),
        )
        self.mode = w.ToggleButtons(options=[AUTO, NAMES, URLS], value=AUTO)
        self.region = w.Text(description="Region", placeholder="US (optional, names only)")
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
            return self.mode.value == URLS
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
        return result
