"""Property: an odd field never crashes a chart (issue 32, item 5).

The emulator's real ``lookup_weather`` answers (a day, one hour, current conditions) and a
``compute_routes`` answer with alternatives are mutated (a node replaced by a hostile value or a
subtree from elsewhere, as in ``tests/read/test_properties_payloads.py``) and drawn by every chart
function, then saved. Only a named :class:`mapsnb.MapsnbError` (``NothingToDraw``) may be raised;
the only warning mapsnb may give is a :class:`PayloadShapeWarning`.
"""

from __future__ import annotations

import io
import json
import warnings
from collections.abc import Callable
from typing import Any

import matplotlib
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mapsnb import MapsnbError, charts
from mapsnb.results import EnvironmentResult, PayloadShapeWarning, RoutesResult
from mapsnb_sandbox import Sandbox
from tests.hypothesis_setup import examples
from tests.read.test_properties_payloads import HOSTILE, _copy, _get, _paths, _set

matplotlib.use("Agg")
import matplotlib.pyplot as plt

NOW = "2026-09-18T08:00:00-07:00"
DAY = {"year": 2026, "month": 9, "day": 18}
WEATHER = {
    "location": {"address": "Paris, France"},
    "capabilities": ["AIR_QUALITY", "POLLEN", "WEATHER"],
}
ROUTE = {
    "origin": {"address": "San Francisco, CA"},
    "destination": {"address": "San Jose, CA"},
    "compute_alternative_routes": True,
    "include_polyline": True,
}


def _answers() -> list[tuple[str, Any, dict[str, Any]]]:
    sandbox = Sandbox(now=NOW)
    calls = [
        ("lookup_weather", {**WEATHER, "date": DAY}),
        ("lookup_weather", {**WEATHER, "date": DAY, "hour": 9}),
        ("lookup_weather", WEATHER),
        ("compute_routes", ROUTE),
    ]
    return [(tool, sandbox.call_tool(tool, args), args) for tool, args in calls]


ANSWERS = _answers()
Chart = Callable[[Any], Any]
CHARTS: dict[str, Chart] = {
    "plot_air_quality": charts.plot_air_quality,
    "plot_air_quality(all)": lambda r: charts.plot_air_quality(r, "all"),
    "plot_pollen": charts.plot_pollen,
    "plot_pollen(plant)": lambda r: charts.plot_pollen(r, "plant"),
    "plot_weather": charts.plot_weather,
}


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any, dict[str, Any]]:
    """A real answer with one to three nodes replaced (deep paths included: hours, indexes)."""
    tool, base, request = draw(st.sampled_from(ANSWERS), label="answer")
    payload = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(payload, 10)
        where = draw(st.sampled_from(paths), label="where")
        if draw(st.booleans()):
            value = draw(HOSTILE, label="value")
        else:  # a subtree from elsewhere: right shapes in wrong places
            value = _copy(_get(payload, draw(st.sampled_from(paths))))
        payload = _set(payload, where, value)
    return tool, payload, request


def _draw(chart: Chart, result: Any) -> None:
    try:
        ax = chart(result)
    except MapsnbError:  # NothingToDraw: a named, documented outcome
        return
    try:
        ax.figure.savefig(io.BytesIO(), format="png", dpi=40)
    finally:
        plt.close("all")


def _check(tool: str, payload: Any, request: dict[str, Any], pick: st.DataObject) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if tool == "compute_routes":
            result: Any = RoutesResult.from_payload(payload, request=request)
            names = ["plot_routes"]
        else:
            result = EnvironmentResult.from_payload(payload, request=request)
            names = sorted(CHARTS)
        name = pick.draw(st.sampled_from(names), label="chart")
        _draw(charts.plot_routes if name == "plot_routes" else CHARTS[name], result)
    mapsnb_warnings = [
        w for w in caught if "/mapsnb/" in w.filename and "missing from font" not in str(w.message)
    ]
    odd = [w for w in mapsnb_warnings if not issubclass(w.category, PayloadShapeWarning)]
    assert odd == [], [f"{w.category.__name__}: {w.message}" for w in odd]


@examples(200)
@given(mutated(), st.data())
def test_odd_fields_give_a_chart_or_a_named_error(
    case: tuple[str, Any, dict], pick: st.DataObject
) -> None:
    _check(*case, pick)


@pytest.mark.parametrize("name", sorted(CHARTS))
def test_every_chart_draws_the_real_answers(name: str) -> None:
    """The unmutated answers draw without a warning (the property's base is sound)."""
    result = EnvironmentResult.from_payload(ANSWERS[0][1], request=ANSWERS[0][2])
    with warnings.catch_warnings():
        warnings.simplefilter("error", PayloadShapeWarning)
        _draw(CHARTS[name], result)


def _day(payload_edit: Callable[[dict[str, Any]], None]) -> EnvironmentResult:
    payload = json.loads(json.dumps(ANSWERS[0][1]))
    payload_edit(payload)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PayloadShapeWarning)  # the frames' own warning
        return EnvironmentResult.from_payload(payload, request=ANSWERS[0][2])


def test_a_pollen_entry_without_a_name_is_drawn_by_its_code() -> None:
    """Was "'GRASS' is not in list": a type whose name is not text."""

    def edit(payload: dict[str, Any]) -> None:
        payload["pollen"]["dailyInfo"][0]["pollenTypeInfo"][0]["displayName"] = 5

    env = _day(edit)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PayloadShapeWarning)
        ax = charts.plot_pollen(env)
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert len(labels) == 3 and all(labels), labels
    plt.close("all")


def test_an_hour_without_a_time_is_left_out_with_a_warning() -> None:
    """Was a ``ConversionError``: one hourly air-quality result without its ``dateTime``."""

    def edit(payload: dict[str, Any]) -> None:
        payload["airQuality"]["hourlyResults"][5]["dateTime"] = None

    env = _day(edit)
    with pytest.warns(PayloadShapeWarning, match="without a readable 'time'"):
        ax = charts.plot_air_quality(env, "uaqi")
    (line,) = [ln for ln in ax.get_lines() if ln.get_gid() == "aqi"]
    assert len(line.get_xdata()) == 23  # the other hours are drawn
    _draw(lambda _r: ax, None)


def test_a_list_where_a_category_was_is_left_out_with_a_warning() -> None:
    """Was "unhashable type: 'list'"."""
    env = _day(lambda p: None)
    frame = env.air_quality.copy()
    frame["index_code"] = frame["index_code"].astype(object)
    frame.at[frame.index[0], "index_code"] = ["uaqi"]
    with pytest.warns(PayloadShapeWarning, match="'index_code' value"):
        ax = charts.plot_air_quality(frame, "uaqi")
    _draw(lambda _r: ax, None)
