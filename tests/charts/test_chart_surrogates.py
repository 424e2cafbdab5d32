"""Text from answers with lone surrogates draws and saves on every chart (issue 43, class 4).

A live answer may carry ``"\\ud800"`` (valid JSON, not valid Unicode) in an attribution, a route's
or a place's name. mapsnb replaces lone surrogates once, where a payload's JSON is decoded, so
every consumer (frames, reprs, charts, widgets, the stores) sees whole text. The answers come
from a real local server (:class:`tests.servers.stateless_json.StatelessJsonServer`) sending the
text ``json.dumps`` escapes, like any JSON server; the four charts are drawn and saved as PNG,
SVG and PDF, and only a named mapsnb error may come out.
"""

from __future__ import annotations

import copy
import io
import warnings
from collections.abc import Iterator
from typing import Any

import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb import charts
from mapsnb.errors import MapsnbError
from mapsnb_sandbox import Sandbox
from tests.hypothesis_setup import examples
from tests.servers.stateless_json import StatelessJsonServer, json_result

matplotlib.use("Agg")
import matplotlib.pyplot as plt

KEY = "test-key-0123456789abcdef"
NOW = "2026-09-18T08:00:00-07:00"
DAY = {"year": 2026, "month": 9, "day": 18}
#: Keys whose text a chart may draw: attribution titles (place and route names), display names,
#: categories, condition descriptions.
TEXT_KEYS = frozenset({"title", "displayName", "category", "text", "aqiDisplay"})
FORMATS = ("png", "svg", "pdf")

surrogates = st.characters(min_codepoint=0xD800, max_codepoint=0xDFFF)
texts = st.tuples(
    st.text(max_size=6), st.lists(surrogates, min_size=1, max_size=3), st.text(max_size=6)
).map(lambda parts: parts[0] + "".join(parts[1]) + parts[2])


def _payloads() -> dict[str, dict[str, Any]]:
    sandbox = Sandbox(now=NOW)
    routes = sandbox.call_tool(
        "compute_routes",
        {
            "origin": {"address": "Paris, France"},
            "destination": {"address": "Versailles, France"},
            "computeAlternativeRoutes": True,
            "includePolyline": True,
        },
    )
    weather = sandbox.call_tool(
        "lookup_weather",
        {
            "location": {"address": "Paris, France"},
            "capabilities": ["AIR_QUALITY", "POLLEN", "WEATHER"],
            "date": DAY,
        },
    )
    return {"compute_routes": routes, "lookup_weather": weather}


PAYLOADS = _payloads()
#: What the server answers now (each example sets it).
SERVED: dict[str, Any] = {}


def _spoiled(payload: Any, words: list[str]) -> Any:
    """``payload`` with the drawable texts (by key) replaced by ``words`` in turn."""
    out = copy.deepcopy(payload)
    stack, turn = [out], 0
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in list(items):
            if isinstance(value, (dict, list)):
                stack.append(value)
            elif isinstance(value, str) and key in TEXT_KEYS:
                node[key] = words[turn % len(words)] + value[:8]
                turn += 1
    return out


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, Any]]:
    box: dict[str, Any] = {}

    def answer(name: str, arguments: dict[str, Any], headers: Any) -> dict[str, Any]:
        return json_result(SERVED.get(name, PAYLOADS[name]))

    with StatelessJsonServer(Sandbox(now=NOW).list_tools(), answer) as srv:
        box["url"] = srv.url
        yield box


def _save_all(chart: Any) -> None:
    figure = chart.figure
    try:
        for fmt in FORMATS:
            buf = io.BytesIO()
            figure.savefig(buf, format=fmt)
            assert buf.getvalue(), fmt
    finally:
        plt.close(figure)


def _draw(make: Any) -> None:
    try:
        chart = make()
    except MapsnbError:  # named: a chart may refuse what it cannot draw
        return
    chart.figure.canvas.draw()
    _save_all(chart)


@examples(8)
@given(words=st.lists(texts, min_size=1, max_size=4))
def test_surrogates_in_answers_draw_and_save_on_every_chart(
    served: dict[str, Any], words: list[str]
) -> None:
    SERVED.update({tool: _spoiled(p, words) for tool, p in PAYLOADS.items()})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with mapsnb.Client(KEY, url=served["url"]) as client:
            routes = client.compute_routes(
                "Paris, France",
                "Versailles, France",
                compute_alternative_routes=True,
                include_polyline=True,
            )
            env = client.lookup_weather(
                "Paris, France",
                capabilities=["AIR_QUALITY", "POLLEN", "WEATHER"],
                date="2026-09-18",
            )
        for make in (
            lambda: charts.plot_routes(routes),
            lambda: charts.plot_air_quality(env),
            lambda: charts.plot_pollen(env),
            lambda: charts.plot_pollen(env, "plant"),
            lambda: charts.plot_weather(env),
        ):
            _draw(make)


def test_a_lone_surrogate_reads_as_the_replacement_character(served: dict[str, Any]) -> None:
    SERVED.update({tool: _spoiled(p, ["Caf\udce9"]) for tool, p in PAYLOADS.items()})
    with mapsnb.Client(KEY, url=served["url"]) as client:
        routes = client.compute_routes("Paris, France", "Versailles, France")
    title = routes.raw["routes"][0]["attribution"]["title"]
    assert title.startswith("Caf\ufffd"), title
    assert routes.attributions[0].title.startswith("Caf\ufffd")
