"""Shared form machinery: busy state, error display, tables, attribution, callbacks, map.

Every form is an ``ipywidgets.VBox`` built from standard ipywidgets 8 and ipyleaflet widgets (no
custom JavaScript), so it works in JupyterLab 4, Notebook 7 and Voila. Calls run synchronously
inside the click handler: the busy state is set before the call and cleared in ``finally``.
"""

from __future__ import annotations

import base64
import html
import io
import logging
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

import ipyleaflet
import ipywidgets as w
import pandas as pd

from mapsnb import _html
from mapsnb._read.credits import SANDBOX_NOTE, credits_html, unique_credits
from mapsnb._transport.secrets import redact
from mapsnb.charts._words import base, word, words
from mapsnb.errors import (
    AuthError,
    InvalidRequest,
    MapsnbError,
    ProtocolError,
    RateLimited,
    ToolError,
    TransportError,
)
from mapsnb.results import ToolResult
from mapsnb.widgets._words import label

__all__ = ["BaseForm", "clear_drawn", "default_client", "fit_labels", "new_map"]

logger = logging.getLogger("mapsnb.widgets")

ResultCallback = Callable[[Any], None]

#: Where new maps open (San Francisco, where the emulator's examples live).
DEFAULT_CENTER = (37.7749, -122.4194)
WORKING = "Working…"
#: Seconds after a call during which a (queued) click is dropped as a double click.
CLICK_DEBOUNCE_S = 0.3
ERROR_STYLE = "color:#b00020"
#: The status line after a failed query cleared the previous (now stale) results.
CLEARED_NOTE = "Previous results cleared: the new query failed."
NOTE_STYLE = "color:#8a6d00"
#: Per map, the layers and controls the forms drew on it (all forms sharing it); an entry goes
#: with its map.
_FORMS_DREW: weakref.WeakKeyDictionary[ipyleaflet.Map, list[Any]] = weakref.WeakKeyDictionary()
#: Inputs that keep a readable width whatever their label (the label takes what it needs).
INPUT_MIN_WIDTH = "16em"


def default_client(client: Any = None) -> Any:
    """``client`` or a new :class:`mapsnb.Client` (the emulator when no API key is set)."""
    if client is not None:
        return client
    from mapsnb._calls.client import Client

    return Client()


def new_map(center: tuple[float, float] = DEFAULT_CENTER, zoom: int = 11) -> ipyleaflet.Map:
    """Return an ``ipyleaflet.Map`` with the ``mapsnb-map`` CSS class."""
    m = ipyleaflet.Map(
        center=center, zoom=zoom, scroll_wheel_zoom=True, layout=w.Layout(height="420px")
    )
    m.add_class("mapsnb-map")
    return m


def clear_drawn(m: ipyleaflet.Map) -> None:
    """Remove from ``m`` what forms drew on it, and mapsnb's layers and controls.

    Every layer and control any form sharing the map added: markers, sources and legend boxes,
    notes.
    """
    from mapsnb import layers

    for item in _FORMS_DREW.pop(m, []):
        if item in m.layers or item in m.controls:
            m.remove(item)
    layers.clear(m)


def draw_on(m: ipyleaflet.Map, *results: Any, controls: Sequence[ipyleaflet.Control] = ()) -> None:
    """Replace what forms drew on ``m`` with ``results`` and ``controls``.

    The results are drawn by :func:`mapsnb.show`; what was added is remembered, so the next lookup
    of any form removes it.
    """
    from mapsnb import layers

    clear_drawn(m)
    before = {id(item) for item in (*m.layers, *m.controls)}
    if results:
        layers.show(*results, map=m)
    for control in controls:
        m.add(control)
    _FORMS_DREW[m] = [item for item in (*m.layers, *m.controls) if id(item) not in before]


def map_note(text: str) -> ipyleaflet.WidgetControl:
    """Return a small note on a map (top right), saying why it shows nothing for the latest lookup."""
    style = f"{NOTE_STYLE};max-width:260px;padding:2px 6px;line-height:1.35"
    box = w.HTML(f"<div style='{style}'>{text}</div>")
    box.add_class("mapsnb-map-note")
    return ipyleaflet.WidgetControl(widget=box, position="topright")


def fit_labels(root: w.Widget) -> None:
    """Let every label in ``root`` show in full.

    Descriptions as wide as their text, buttons and check boxes as wide as their captions, inputs
    wide enough to read, rows that wrap.
    """
    if isinstance(root, w.Output):
        return
    style = getattr(root, "style", None)
    if (
        getattr(root, "description", "")
        and style is not None
        and hasattr(style, "description_width")
    ):
        style.description_width = "initial"
    if isinstance(root, w.ToggleButtons):
        root.style.button_width = "auto"
    if isinstance(root, w.Checkbox):
        root.indent = False
        root.layout.width = "auto"
    elif isinstance(root, (w.Button, w.Label)):
        root.layout.width = "auto"
        root.layout.flex = "0 0 auto"
    elif isinstance(root, (w.Text, w.FloatText, w.IntText, w.Dropdown, w.DatePicker)):
        root.layout.min_width = INPUT_MIN_WIDTH
        root.layout.width = "auto"
        root.layout.flex = "1 1 auto"
    elif isinstance(root, (w.IntSlider, w.FloatSlider)):
        root.layout.width = "auto"
        root.layout.min_width = "20em"
    if isinstance(root, w.HBox):
        root.layout.flex_flow = "row wrap"
        root.layout.align_items = "center"
    for child in getattr(root, "children", ()):
        fit_labels(child)


# ----------------------------------------------------------------------------- HTML helpers
def invalid_html(exc: InvalidRequest, labels: Mapping[str, str]) -> str:
    """Return the error line for a rejected input: the field (with its form label) and the rule."""
    field = exc.field or "request"
    root = field.split(".")[0].split("[")[0]
    label = labels.get(field) or labels.get(root)
    name = (
        f"<b>{_html.text(label)}</b> (<code>{_html.text(field)}</code>)"
        if label
        else (f"<code>{_html.text(field)}</code>")
    )
    return f"<div style='{ERROR_STYLE}'>⚠ Invalid input — {name}: {_html.text(exc.rule)}</div>"


def failure_html(exc: BaseException) -> str:
    """Return a readable message (no traceback) for a failed call."""
    if isinstance(exc, ToolError):
        head = f"The server reported {exc.status}"
        text = exc.message
    elif isinstance(exc, AuthError):
        head, text = "The credentials were refused", str(exc)
    elif isinstance(exc, RateLimited):
        head, text = "Rate limited", str(exc)
    elif isinstance(exc, TransportError):
        head, text = "Could not reach the server", str(exc)
    elif isinstance(exc, ProtocolError):
        head, text = "The server's answer could not be read", str(exc)
    elif isinstance(exc, MapsnbError):
        head, text = type(exc).__name__, str(exc)
    else:
        head, text = f"Unexpected error ({type(exc).__name__})", str(exc)
    body = _html.text(redact(text)).replace("\n", "<br>")
    return f"<div style='{ERROR_STYLE}'>⚠ <b>{_html.text(head)}</b>: {body}</div>"


def note_html(text: str) -> str:
    """Return a highlighted note (billing tier, beta warnings)."""
    return f"<div style='{NOTE_STYLE}'>ⓘ {_html.text(text)}</div>"


def attribution_html(result: ToolResult, language: str | None = None) -> str:
    """Return the sources to show under every table, in ``language`` where the charts have its words.

    With the synthetic-data note in sandbox mode; ``language`` is the form's.
    """
    credits = unique_credits(result.attributions)
    if not language or base(language) == "en" or base(language) not in words()["Source"]:
        return credits_html(credits, result.is_synthetic)
    links = ", ".join(
        _html.link_or_text(c.get("url"), c.get("title") or c.get("url") or "—") for c in credits
    )
    note = f" — <b>{_html.text(sandbox_label(language))}</b>" if result.is_synthetic else ""
    return f"<div style='font-size:smaller'>{_html.text(word('Source', language))}: {links or '—'}{note}</div>"


def sandbox_label(language: str | None) -> str:
    """``"mapsnb sandbox (synthetic data, not Google Maps)"`` in ``language``."""
    return f"mapsnb sandbox ({word('synthetic data, not Google Maps', language)})"


def _cell(value: Any) -> str:
    if value is None or (not isinstance(value, (list, dict, tuple)) and pd.isna(value)):
        return ""
    if isinstance(value, float):
        return f"{value:,.6g}" if abs(value) < 1e6 else f"{value:,.0f}"
    text = str(value)
    return _html.link(text, "link") or _html.text(text)


def frame_html(
    df: pd.DataFrame,
    columns: Sequence[str] | None = None,
    *,
    row_style: Callable[[Mapping[str, Any]], str] | None = None,
    max_rows: int = 100,
    empty: str = "No results.",
) -> str:
    """Return a small HTML table of ``df`` (chosen columns, escaped cells, URLs as links)."""
    if df is None or len(df) == 0:
        return f"<div><i>{_html.text(empty)}</i></div>"
    cols = [c for c in (columns or list(df.columns)) if c in df.columns]
    head = "".join(f"<th style='text-align:left'>{_html.text(str(c))}</th>" for c in cols)
    rows = []
    for _, row in df.head(max_rows).iterrows():
        record = row.to_dict()
        style = row_style(record) if row_style else ""
        attr = f" style='{_html.attr(style)}'" if style else ""
        cells = "".join(f"<td>{_cell(record.get(c))}</td>" for c in cols)
        rows.append(f"<tr{attr}>{cells}</tr>")
    more = (
        f"<div><i>{len(df) - max_rows} more rows not shown</i></div>" if len(df) > max_rows else ""
    )
    return (
        "<table class='mapsnb-frame' style='border-collapse:collapse'>"
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>{more}"
    )


def figure_output(fig: Any, alt: str) -> dict[str, Any]:
    """Return a ``display_data`` output holding ``fig`` as PNG (works with or without a kernel)."""
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight", dpi=90)
    png = base64.b64encode(buf.getvalue()).decode("ascii")
    return {
        "output_type": "display_data",
        "data": {"image/png": png, "text/plain": f"<{alt} chart>"},
        "metadata": {},
    }


def html_output(text: str) -> dict[str, Any]:
    """Return a ``display_data`` output holding an HTML fragment."""
    return {
        "output_type": "display_data",
        "data": {"text/html": text, "text/plain": html.unescape(text)},
        "metadata": {},
    }


def parse_lat_lng(text: str) -> tuple[float, float] | None:
    """``(lat, lng)`` from ``"37.77, -122.42"``, else ``None`` (an address)."""
    parts = text.replace(";", ",").split(",")
    if len(parts) != 2:
        return None
    try:
        return float(parts[0]), float(parts[1])
    except ValueError:
        return None


# ------------------------------------------------------------------------------- the base
class BaseForm(w.VBox):
    """What every form shares.

    Attributes
    ----------
    client
        The :class:`mapsnb.Client` used (default: a new one; the emulator without a key).
    map
        The ``ipyleaflet.Map`` results are drawn on (``None`` for forms without a map).
    result, frame
        The latest result and its DataFrame (``None`` before the first success).
    language_code
        The ``language=`` the form was made with: its labels use it and its calls ask the
        answers (so the charts) in it; ``None`` keeps English and the server's default.
    search_button, progress, error, status, table, attribution, output
        The submit button (CSS class ``mapsnb-submit``), the busy indicator, the error line
        (``mapsnb-error``), the status line, the results table (``mapsnb-table``), the sources
        under it and an ``Output`` for charts and extras.
    """

    submit_label = "Search"
    #: Wire field name -> the label of its input in this form.
    field_labels: ClassVar[Mapping[str, str]] = {}
    uses_map = True

    def __init__(
        self,
        client: Any = None,
        map: ipyleaflet.Map | None = None,
        *,
        embedded: bool = False,
        language: str | None = None,
    ) -> None:
        super().__init__()
        self.client = default_client(client)
        self.language_code = language
        self._owns_map = self.uses_map and map is None
        self.map: ipyleaflet.Map | None = new_map() if self._owns_map else map
        self.embedded = embedded
        self.active = True
        self.result: Any = None
        self.frame: pd.DataFrame | None = None
        self._callbacks: list[ResultCallback] = []
        self._busy = False
        self._finished_at = -1e9
        self._label = ""

        self.search_button = w.Button(
            description=self.label(self.submit_label), button_style="primary"
        )
        self.search_button.add_class("mapsnb-submit")
        self.search_button.on_click(lambda _b: self._clicked(self.submit))
        self.progress = w.HTML(f"⏳ <i>{WORKING}</i>", layout=w.Layout(display="none"))
        self.progress.add_class("mapsnb-progress")
        self.error = w.HTML()
        self.error.add_class("mapsnb-error")
        self.status = w.HTML()
        self.status.add_class("mapsnb-status")
        self.table = w.HTML()
        self.table.add_class("mapsnb-table")
        self.attribution = w.HTML()
        self.attribution.add_class("mapsnb-attribution")
        self.output = w.Output()
        self.output.add_class("mapsnb-output")
        self._buttons: list[w.Button] = [self.search_button]
        self.results_box = w.VBox([self.table, self.attribution])
        if self.map is not None:
            self.map.on_interaction(self._on_map_interaction)

    def label(self, text: str) -> str:
        """``text`` (an English label) in the form's ``language`` (English where it has none)."""
        return label(text, self.language_code)

    # ---------------------------------------------------------------------------- layout
    def _layout(self, inputs: Sequence[w.Widget], extra: Sequence[w.Widget] = ()) -> None:
        """Set the children: inputs, button row, error, status, extras, then results."""
        children: list[w.Widget] = [
            *inputs,
            w.HBox([self.search_button, self.progress]),
            self.error,
            self.status,
            *extra,
        ]
        if not self.embedded:
            children += [self.results_box, self.output]
            if self._owns_map and self.map is not None:
                children.append(self.map)
        self.children = tuple(children)
        fit_labels(self)

    # ----------------------------------------------------------------------------- public
    def on_result(self, callback: ResultCallback) -> ResultCallback:
        """Call ``callback(result)`` after every successful call; returns ``callback``."""
        self._callbacks.append(callback)
        return callback

    @property
    def busy(self) -> bool:
        """True while a call runs."""
        return self._busy

    def submit(self) -> Any:
        """Run the form's main call (what the submit button does); the result, or ``None``.

        When the call fails, the previous results (table, charts, map layers) are cleared, so
        they are not mistaken for the answer to the new query.
        """
        return self._run(self._submit, self.search_button, on_failure=self.clear_results)

    def clear_results(self) -> None:
        """Clear the latest results: table, sources, charts, mapsnb's map layers, status."""
        self.result = None
        self.frame = None
        self.table.value = self.attribution.value = ""
        self.output.outputs = ()
        self._clear_extra()
        if self.map is not None:
            clear_drawn(self.map)
        self.status.value = f"<i>{CLEARED_NOTE}</i>"

    def _clear_extra(self) -> None:
        """Clear a subclass's own result widgets (default: none)."""

    # ------------------------------------------------------------------------- machinery
    def _clicked(self, action: Callable[[], Any]) -> Any:
        """Run a button's action, dropping a click queued while the previous call ran.

        In a kernel, click messages are handled one after another: a double click reaches the
        handler only after the first call has finished (the button was disabled in the page
        only once the first update arrived). Such a click lands within milliseconds of the end
        of the previous call; a deliberate new click cannot.
        """
        if time.monotonic() - self._finished_at < CLICK_DEBOUNCE_S:
            return None
        try:
            return action()
        finally:
            self._finished_at = time.monotonic()

    def _submit(self) -> Any:  # pragma: no cover - implemented by subclasses
        raise NotImplementedError

    def _run(
        self,
        action: Callable[[], Any],
        button: w.Button,
        *,
        on_failure: Callable[[], None] | None = None,
    ) -> Any:
        """Run ``action`` with the busy state, error display and callbacks; ignore re-entry.

        ``on_failure`` runs (before the error is shown) when ``action`` raises.
        """
        if self._busy:
            return None
        self._set_busy(True, button)
        self.error.value = ""
        try:
            result = action()
            for callback in list(self._callbacks):
                callback(result)
        except Exception as exc:  # a widget must not raise into the front end's event loop
            if on_failure is not None:
                on_failure()
            if isinstance(exc, InvalidRequest):
                self.error.value = invalid_html(exc, self.field_labels)
            elif isinstance(exc, MapsnbError):
                self.error.value = failure_html(exc)
            else:
                logger.exception("mapsnb form failed")
                self.error.value = failure_html(exc)
            return None
        finally:
            self._set_busy(False, button)
        return result

    def _set_busy(self, busy: bool, button: w.Button) -> None:
        self._busy = busy
        if busy:
            self._label = button.description
            button.description = WORKING
        else:
            button.description = self._label or button.description
        for b in self._buttons:
            b.disabled = busy
        self.progress.layout.display = "" if busy else "none"

    def _show_table(self, result: ToolResult, table: str) -> None:
        self.table.value = table
        self.attribution.value = attribution_html(result, self.language_code)

    def _draw(self, *results: Any, controls: Sequence[ipyleaflet.Control] = ()) -> None:
        """Replace what the previous lookup (of any form sharing the map) drew.

        With ``results`` and ``controls``.
        """
        if self.map is None:
            return
        draw_on(self.map, *results, controls=controls)

    def _source_note(self, result: ToolResult) -> str:
        """Return ``" — <source>"`` for a status line, in HTML.

        The source is escaped: a cache file shared by a course may say anything there.
        """
        if result.is_synthetic:
            note = sandbox_label(self.language_code) if self.language_code else SANDBOX_NOTE
            return f" — {_html.text(note)}"
        return f" — source: {_html.text(result.source)}"

    def _on_map_interaction(self, **event: Any) -> None:
        if event.get("type") != "click" or not self.active:
            return
        coords = event.get("coordinates")
        if coords and len(coords) == 2:
            self.handle_map_click(float(coords[0]), float(coords[1]))

    def handle_map_click(self, lat: float, lng: float) -> None:
        """React to a click on the map at ``(lat, lng)`` (default: nothing)."""
