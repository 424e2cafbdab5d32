"""Property: hostile strings in an answer inject nothing on any HTML path (issue 32, item 3).

Answers are the fixtures' and the emulator's, with string fields replaced by hostile strings
(:data:`tests.widgets.html_checks.ATTACKS` and random markup characters), and a hostile
``source`` (what a shared cache file may say). Each goes through every place where text becomes
HTML: the result's ``_repr_html_``, every map layer (info boxes, popups as a click fills them,
legends, layer names, the attribution and warning boxes of ``show``), the form of its tool
(status, table, sources, summary, save link, charts' notes, error line) and a failed call's
message. :func:`~tests.widgets.html_checks.assert_safe` allows only mapsnb's own tags and
attributes and links only to http(s).
"""

from __future__ import annotations

import json
import random
import warnings
from collections.abc import Callable, Iterator
from typing import Any

import ipyleaflet
import ipywidgets as w
import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapsnb import MapsnbError, layers
from mapsnb._export import WIDGET_TAGS, safe_widget_html, write_index
from mapsnb._html import link, safe_url, text
from mapsnb._read.credits import credits_html
from mapsnb.errors import ToolError
from mapsnb.layers._places import _place_popup
from mapsnb.results import RESULT_TYPES, ToolResult
from mapsnb.widgets import EnvironmentForm, PlaceSearchForm, ResolveForm, RouteForm
from mapsnb.widgets._base import failure_html, frame_html
from tests.hypothesis_setup import examples
from tests.read.test_properties_payloads import BASES
from tests.widgets.html_checks import ATTACKS, HOSTILE_TEXT, assert_safe, scan, shown

matplotlib.use("Agg")

#: Tools by the form that calls them.
FORM_OF: dict[str, Callable[[Any], Any]] = {
    "search_places": PlaceSearchForm,
    "compute_routes": RouteForm,
    "lookup_weather": EnvironmentForm,
    "resolve_names": ResolveForm,
    "resolve_maps_urls": ResolveForm,
}
ALONG = next(b for b in BASES if b[0] == "search_along_route")


def _hostile(value: Any, rng: random.Random, pool: list[str], share: float) -> Any:
    """``value`` with string leaves replaced by strings of ``pool`` (each with ``share``)."""
    if isinstance(value, str):
        return rng.choice(pool) if rng.random() < share else value
    if isinstance(value, dict):
        return {k: _hostile(v, rng, pool, share) for k, v in value.items()}
    if isinstance(value, list):
        return [_hostile(v, rng, pool, share) for v in value]
    return value


@st.composite
def hostile_answers(draw: st.DrawFn, tools: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A tool, its answer with hostile strings, the request and a hostile source."""
    bases = [b for b in BASES if tools is None or b[0] in tools]
    tool, payload, request = draw(st.sampled_from(bases), label="base")
    pool = draw(st.lists(HOSTILE_TEXT, min_size=1, max_size=4), label="pool")
    rng = random.Random(draw(st.integers(0, 2**32), label="seed"))
    share = draw(st.sampled_from([0.15, 0.5, 1.0]), label="share")
    return {
        "tool": tool,
        "payload": _hostile(json.loads(json.dumps(payload)), rng, pool, share),
        "request": request,
        "source": draw(st.one_of(st.sampled_from(["live", *ATTACKS]), HOSTILE_TEXT)),
        "along": _hostile(json.loads(json.dumps(ALONG[1])), rng, pool, share),
    }


def _result(tool: str, payload: Any, request: dict[str, Any], source: str) -> ToolResult:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return RESULT_TYPES[tool].from_payload(payload, request=request, source=source)


class StubClient:
    """A client whose tool methods return given results (or raise given errors)."""

    is_sandbox = False

    def __init__(self, source: str, **answers: Any) -> None:
        self.source = source
        self.answers = answers

    def __getattr__(self, name: str) -> Any:
        answers = self.__dict__.get("answers", {})
        if name not in answers:
            raise AttributeError(name)

        def call(*_args: Any, **_kwargs: Any) -> Any:
            if isinstance(answers[name], BaseException):
                raise answers[name]
            return answers[name]

        return call


# ---------------------------------------------------------------------- markup collection
def _layer_markup(layer: Any) -> Iterator[tuple[str, Any]]:
    yield "layer name", text(getattr(layer, "name", ""))  # a layers control writes it as HTML
    if isinstance(layer, ipyleaflet.LayerGroup):
        for child in layer.layers:
            yield from _layer_markup(child)
    if hasattr(layer, "details"):
        yield "layer details", layer.details
    if isinstance(layer, ipyleaflet.GeoJSON) and hasattr(layer, "shared_properties"):
        for feature in layer.data.get("features", []):
            props = {**layer.shared_properties, **feature["properties"]}
            yield "place popup", _place_popup(props)
            layer._hover_callbacks(event="mouseover", properties=feature["properties"])
            yield "hover box", layer.info.value


def _map_markup(m: ipyleaflet.Map) -> Iterator[tuple[str, Any]]:
    for layer in m.layers:
        yield from _layer_markup(layer)
    for control in m.controls:
        if isinstance(control, ipyleaflet.WidgetControl):
            yield from _widget_markup(control.widget)
        elif isinstance(control, ipyleaflet.LegendControl):
            yield "legend title", control.title
            for key in control.legend:
                yield "legend entry", key


def _widget_markup(root: Any) -> Iterator[tuple[str, Any]]:
    """Every piece of HTML a widget tree shows."""
    seen: set[int] = set()
    todo = [root]
    while todo:
        widget = todo.pop()
        if id(widget) in seen:
            continue
        seen.add(id(widget))
        if isinstance(widget, (w.HTML, w.HTMLMath)):
            yield f"{type(widget).__name__} {sorted(widget._dom_classes)}", widget.value
        if isinstance(widget, w.Output):
            for output in widget.outputs:
                if "text/html" in output.get("data", {}):
                    yield "output", output["data"]["text/html"]
        if isinstance(widget, ipyleaflet.Map):
            yield from _map_markup(widget)
        todo.extend(getattr(widget, "children", ()) or ())


def _form_markup(form: Any) -> Iterator[tuple[str, Any]]:
    yield from _widget_markup(form)
    if form.map is not None:
        yield from _map_markup(form.map)


def _submit(case: dict[str, Any]) -> Any:
    tool, source = case["tool"], case["source"]
    result = _result(tool, case["payload"], case["request"], source)
    along = _result("search_along_route", case["along"], {}, source)
    client = StubClient(source, **{tool: result, "search_along_route": along})
    form = FORM_OF[tool](client)
    if isinstance(form, ResolveForm):
        form.queries.value = "https://maps.app.goo.gl/x" if "urls" in tool else "Eiffel Tower"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        form.submit()
        if isinstance(form, RouteForm):
            form.search_along()
    return form


# ------------------------------------------------------------------------------- properties
@examples(120)
@given(hostile_answers())
def test_hostile_answers_inject_nothing_in_reprs_and_layers(case: dict[str, Any]) -> None:
    result = _result(case["tool"], case["payload"], case["request"], case["source"])
    assert_safe(result._repr_html_(), f"{case['tool']} _repr_html_")
    if case["tool"] == "lookup_weather":
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            m = layers.show(result)
        except (MapsnbError, TypeError):  # nothing to draw: a named outcome
            return
    for where, markup in _map_markup(m):
        assert_safe(markup, f"{case['tool']} {where}")


@examples(60)
@given(hostile_answers(tuple(FORM_OF)))
def test_hostile_answers_inject_nothing_in_forms(case: dict[str, Any]) -> None:
    form = _submit(case)
    pieces = list(_form_markup(form))
    assert len(pieces) >= 5  # the status, table, sources, error line, ... were all looked at
    for where, markup in pieces:
        assert_safe(markup, f"{type(form).__name__} {where}")
    if form.result is not None and case["source"] != "live" and not form.result.is_synthetic:
        assert case["source"].strip() in shown(form.status.value).replace("\xa0", " ") or (
            # the reader sees the source as written (a parser drops some control characters)
            any(ord(c) < 32 or c == "\r" for c in case["source"])
        )


@examples(80)
@given(HOSTILE_TEXT, HOSTILE_TEXT)
def test_a_failed_call_shows_the_servers_message_as_text(message: str, status: str) -> None:
    for exc in (ToolError(message, status=status, tool="search_places"), RuntimeError(message)):
        assert_safe(failure_html(exc), "failure_html")
        form = PlaceSearchForm(StubClient("live", search_places=exc))
        form.query.value = "x"
        assert form.submit() is None
        assert_safe(form.error.value, "form error")
        assert message.strip()[:3] in shown(form.error.value) or not message.strip()[:3].isalnum()


@examples(150)
@given(HOSTILE_TEXT, HOSTILE_TEXT)
def test_the_html_helpers_escape_and_link_only_http(value: str, label: str) -> None:
    assert_safe(f"<div>{text(value)}</div>", "text")
    assert shown(f"<div>{text(value)}</div>") == value
    made = link(value, label)
    if made is not None:
        assert_safe(made, "link")
        assert value.strip().lower().startswith(("http://", "https://"))
    assert (made is None) == (safe_url(value) is None)
    assert_safe(credits_html([{"title": label, "url": value}], False, note=value), "credits")
    assert_safe(frame_html(__import__("pandas").DataFrame({label: [value]})), "table")
    assert_safe(safe_widget_html(value + label), "exported widget", WIDGET_TAGS)


@pytest.mark.parametrize("url", [a for a in ATTACKS if "pwn.example" in a or ":pwn" in a])
def test_no_scheme_but_http_makes_a_link(url: str) -> None:
    assert safe_url(url) is None and link(url, "x") is None


def test_an_exported_index_escapes_titles(tmp_path: Any) -> None:
    from pathlib import Path

    from mapsnb._export import ExportedPage

    page = ExportedPage(Path("a.ipynb"), tmp_path / "a.html", ATTACKS[1], 1)
    index = write_index([page], tmp_path, title=ATTACKS[0], live=False).read_text("utf-8")
    items = index.split("<ol>", 1)[1].split("</ol>", 1)[0]
    heading = index.split("<h1>", 1)[1].split("</h1>", 1)[0]
    assert scan(items).tags == [("li", []), ("a", [("href", "a.html")])]  # pages: relative links
    assert_safe(heading, "index heading")
    assert ATTACKS[1] in shown(items) and ATTACKS[0] in shown(heading)


def test_an_export_cleans_the_html_its_widgets_hold() -> None:
    """The page does not depend on the escaping at the source: an HTML widget holding markup
    (made by any code in the notebook) is cleaned in the embedded state; styles and http(s)
    links stay."""
    import nbformat

    from mapsnb._export import clean_widget_state

    kept = "<div style='color:#b00020;'>⚠ <a href='https://x.y/' target='_blank'>x</a></div>"
    state = {
        "a": {"model_name": "HTMLModel", "state": {"value": ATTACKS[1] + ATTACKS[21] + kept}},
        "b": {"model_name": "HTMLModel", "state": {"value": kept}},
        "c": {"model_name": "TextModel", "state": {"value": ATTACKS[0]}},
    }
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": state}}
    assert clean_widget_state(nb) >= 1
    state = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    cleaned = state["a"]["state"]["value"]
    assert_safe(cleaned, "cleaned widget")
    assert "<img" not in cleaned and "javascript" not in cleaned
    assert 'style="color:#b00020;"' in cleaned and 'href="https://x.y/"' in cleaned
    clean = scan(state["b"]["state"]["value"])  # mapsnb's own markup keeps its tags and styles
    assert (clean.tags, clean.text) == (scan(kept).tags, scan(kept).text)
    assert state["c"]["state"]["value"] == ATTACKS[0]  # a text box shows text, not markup
