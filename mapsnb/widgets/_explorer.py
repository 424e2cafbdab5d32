"""``Explorer``: the four forms as tabs around one shared map, with table, chart and status areas."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from mapsnb import _html
from mapsnb.widgets._base import BaseForm, default_client, new_map
from mapsnb.widgets._environment import EnvironmentForm
from mapsnb.widgets._places import PlaceSearchForm
from mapsnb.widgets._resolve import ResolveForm
from mapsnb.widgets._routes import RouteForm

__all__ = ["Explorer", "explore"]

TITLES = ("Places", "Routes", "Environment", "Resolve")
#: The narrowest the forms and the map get before the map moves below the forms.
FORMS_WIDTH, MAP_WIDTH = "420px", "400px"


class Explorer(w.VBox):
    """The mapsnb app: Places, Routes, Environment and Resolve tabs sharing one map.

    Parameters
    ----------
    client
        A :class:`mapsnb.Client` shared by every tab; default ``mapsnb.Client()`` (the emulator
        without a key).
    language
        The language of every form's labels and answers (``"es"``); default English.

    Attributes
    ----------
    client, map, places, routes, environment, resolve, tabs, tables, charts, status
        The shared client and ``ipyleaflet.Map``, the four forms, the ``Tab``, the results table
        area and chart area (``Stack``s following the selected tab) and the status line.
    """

    def __init__(self, client: Any = None, *, language: str | None = None) -> None:
        super().__init__()
        self.add_class("mapsnb-explorer")
        self.client = default_client(client)
        self.map = new_map()
        self.places = PlaceSearchForm(self.client, self.map, embedded=True, language=language)
        self.routes = RouteForm(self.client, self.map, embedded=True, language=language)
        self.environment = EnvironmentForm(self.client, self.map, embedded=True, language=language)
        self.resolve = ResolveForm(self.client, self.map, embedded=True, language=language)
        self.forms: tuple[BaseForm, ...] = (
            self.places,
            self.routes,
            self.environment,
            self.resolve,
        )
        self.tabs = w.Tab(children=list(self.forms), titles=list(TITLES))
        self.tables = w.Stack([f.results_box for f in self.forms], selected_index=0)
        self.tables.add_class("mapsnb-results")
        self.charts = w.Stack([f.output for f in self.forms], selected_index=0)
        self.charts.add_class("mapsnb-charts")
        self.status = w.HTML(self._source_line())
        self.status.add_class("mapsnb-status")
        w.jslink((self.tabs, "selected_index"), (self.tables, "selected_index"))
        w.jslink((self.tabs, "selected_index"), (self.charts, "selected_index"))
        self.tabs.observe(self._on_tab, names="selected_index")
        for form, title in zip(self.forms, TITLES, strict=True):
            form.status.observe(
                lambda change, t=title: self._set_status(t, change["new"]), names="value"
            )
            # a repeated status text fires no change: every success takes the line too
            form.on_result(self._status_after_result(form, title))
        self._on_tab()
        # side by side when there is room for both, else the map below the forms
        self.tabs.layout = w.Layout(flex=f"1 1 {FORMS_WIDTH}", min_width=FORMS_WIDTH)
        self.map.layout = w.Layout(flex=f"1 1 {MAP_WIDTH}", min_width=MAP_WIDTH, height="480px")
        self.children = (
            w.HBox([self.tabs, self.map], layout=w.Layout(flex_flow="row wrap")),
            self.status,
            self.tables,
            self.charts,
        )

    def _source_line(self) -> str:
        if getattr(self.client, "is_sandbox", False):
            return "Sandbox: synthetic data from the built-in emulator (no API key)."
        return f"Source: {_html.text(getattr(self.client, 'source', 'live'))}"

    def _status_after_result(self, form: BaseForm, title: str) -> Callable[[Any], None]:
        def show(_result: Any) -> None:
            self._set_status(title, form.status.value)

        return show

    def _set_status(self, title: str, text: str) -> None:
        # ``text`` is a form's status line, HTML already made safe by the form
        self.status.value = f"<b>{_html.text(title)}</b>: {text}" if text else self._source_line()

    def _on_tab(self, _change: Any = None) -> None:
        """Only the selected form reacts to map clicks; keep the Stacks in step in Python too."""
        index = self.tabs.selected_index or 0
        for i, form in enumerate(self.forms):
            form.active = i == index
        self.tables.selected_index = index
        self.charts.selected_index = index


def explore(client: Any = None, *, language: str | None = None) -> Explorer:
    """Open the mapsnb Explorer (display the returned widget, or make it a cell's last line)."""
    return Explorer(client, language=language)
