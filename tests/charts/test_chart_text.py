"""Text from answers is drawn as written: a ``$`` is a dollar, never math text (issue 32, item 5).

"Bar $\\x$" made every chart fail to draw (mathtext cannot parse ``\\x``) and "$5 & $10" was
drawn as math ("5 & " in italics, the dollars gone). The Text objects below must show the string
as given and ``savefig`` must work.
"""

from __future__ import annotations

import io
from typing import Any

import matplotlib
import pytest

from mapsnb import charts
from mapsnb.charts._parts import literal
from mapsnb.results import EnvironmentResult, RoutesResult
from mapsnb_sandbox import Sandbox

matplotlib.use("Agg")
import matplotlib.pyplot as plt

NOW = "2026-09-18T08:00:00-07:00"
NAMES = ("Bar $\\x$", "$5 & $10", "a \\$ b $", "$$")
DAY = {"year": 2026, "month": 9, "day": 18}


def drawn(text: Any) -> str:
    """The string a matplotlib Text draws (after its own math-text reading), which must not be
    math text."""
    shown, math = text._preprocess_math(text.get_text())
    assert math is False, (text.get_text(), math)
    return str(shown)


def _weather(name: str) -> EnvironmentResult:
    payload = Sandbox(now=NOW).call_tool(
        "lookup_weather",
        {
            "location": {"address": "Paris, France"},
            "capabilities": ["AIR_QUALITY", "POLLEN", "WEATHER"],
            "date": DAY,
        },
    )
    for index in (i for hour in payload["airQuality"]["hourlyResults"] for i in hour["indexes"]):
        index["displayName"] = name
    for day in payload["pollen"]["dailyInfo"]:
        for plant in day.get("plantInfo", []):
            plant["displayName"] = name
    request = {"location": name, "date": DAY, "capabilities": ["AIR_QUALITY", "POLLEN"]}
    return EnvironmentResult.from_payload(payload, request=request, source="live")


def _saved(ax: Any) -> None:
    buf = io.BytesIO()
    ax.figure.savefig(buf, format="png")
    assert buf.getvalue().startswith(b"\x89PNG")
    plt.close(ax.figure)


@pytest.mark.parametrize("name", NAMES)
def test_literal_escapes_every_dollar(name: str) -> None:
    text = matplotlib.text.Text(0, 0, literal(name))
    assert drawn(text) == name


@pytest.mark.parametrize("name", NAMES)
def test_environment_charts_draw_names_as_written(name: str) -> None:
    env = _weather(name)
    ax = charts.plot_air_quality(env, "uaqi")
    assert name in drawn(ax.title)
    assert drawn(ax.yaxis.label).startswith(name)
    legend = [drawn(t) for t in ax.get_legend().get_texts()]
    assert any(t.startswith(name) for t in legend), legend
    _saved(ax)
    ax = charts.plot_pollen(env, "plant")
    assert name in drawn(ax.title)
    assert name in [drawn(t) for t in ax.get_xticklabels()]
    _saved(ax)
    ax = charts.plot_weather(env)
    assert name in drawn(ax.title)
    _saved(ax)


@pytest.mark.parametrize("name", NAMES)
def test_route_chart_draws_endpoints_as_written(name: str) -> None:
    request = {"origin": name, "destination": "Oakland, CA", "include_polyline": True}
    args = {
        "origin": {"address": "San Francisco, CA"},
        "destination": {"address": "Oakland, CA"},
        "include_polyline": True,
    }
    payload = Sandbox(now=NOW).call_tool("compute_routes", args)
    ax = charts.plot_routes(RoutesResult.from_payload(payload, request=request))
    assert name in drawn(ax.title)
    assert f"start: {name}" in [drawn(t) for t in ax.get_legend().get_texts()]
    _saved(ax)


def test_the_attribution_line_is_drawn_as_written() -> None:
    env = _weather("x")
    frame = env.air_quality.copy()
    frame["attribution_title"] = "Costs $5 & $10 - Google Maps"
    ax = charts.plot_air_quality(frame)
    lines = [drawn(t) for t in ax.figure.texts]
    assert any("Costs $5 & $10 - Google Maps" in line for line in lines), lines
    _saved(ax)
