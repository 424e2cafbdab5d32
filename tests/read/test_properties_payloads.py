"""Property: a mutated payload never crashes a result, a frame, a repr or a layer.

Payloads are mutated from real-looking ones (the fixtures and the emulator's answers): any node
replaced by a hostile value (wrong type, ``1e400``, huge integers, NaN, objects for strings,
non-integer map keys, JSON nested hundreds deep, a subtree from elsewhere). Every public
attribute of the result, every frame, ``repr``, the HTML repr and the map layer may only give a
value, a :class:`~mapsnb.results.PayloadShapeWarning`, or a named :class:`mapsnb.MapsnbError`.
"""

from __future__ import annotations

import contextlib
import json
import math
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mapsnb import MapsnbError
from mapsnb.results import RESULT_TYPES, ToolResult
from mapsnb_sandbox import Sandbox

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "payloads"
_TOOL_OF = {
    "compute_routes": "compute_routes",
    "resolve_maps_urls": "resolve_maps_urls",
    "resolve_names": "resolve_names",
    "search_along_route": "search_along_route",
    "search_places": "search_places",
    "weather": "lookup_weather",
}
NOW = "2026-09-18T08:00:00-07:00"


def _sandbox_payloads() -> list[tuple[str, Any, dict[str, Any]]]:
    sandbox = Sandbox(now=NOW)
    calls = [
        ("search_places", {"text_query": "coffee in Paris", "page_size": 3}),
        (
            "lookup_weather",
            {
                "location": {"address": "Paris, France"},
                "capabilities": ["AIR_QUALITY", "POLLEN", "WEATHER"],
                "air_quality_options": {"include_pollutant_concentration": True},
                "date": {"year": 2026, "month": 9, "day": 18},
                "hour": 9,  # one hour: a small payload keeps each example cheap
            },
        ),
        (
            "compute_routes",
            {
                "origin": {"address": "San Francisco, CA"},
                "destination": {"address": "San Jose, CA"},
                "compute_alternative_routes": True,
                "include_polyline": True,
            },
        ),
        ("resolve_names", {"queries": [{"text": "Eiffel Tower, Paris"}, {"text": "Starbucks"}]}),
    ]
    return [(name, sandbox.call_tool(name, args), args) for name, args in calls]


def _fixture_payloads() -> list[tuple[str, Any, dict[str, Any]]]:
    out = []
    for path in sorted(FIXTURES.glob("*.json")):
        tool = next(t for prefix, t in _TOOL_OF.items() if path.stem.startswith(prefix))
        out.append((tool, json.loads(path.read_text(encoding="utf-8")), {}))
    return out


BASES = _fixture_payloads() + _sandbox_payloads()


def _deep(n: int) -> Any:
    value: Any = "bottom"
    for i in range(n):
        value = [value] if i % 2 else {"nested": value}
    return value


def _depth(value: Any) -> int:
    """How deep ``value`` nests (iteratively: no dependence on the recursion limit)."""
    depth, level = 0, [value]
    while level:
        level = [
            child
            for node in level
            for child in (
                node.values() if isinstance(node, dict) else node if isinstance(node, list) else ()
            )
            if isinstance(child, (dict, list))
        ]
        depth += 1
    return depth


def _copy(value: Any) -> Any:
    """A deep copy of JSON ``value``; a structure over 200 levels deep is replaced by None
    (decided by depth, never by the interpreter's recursion limit, so generation is stable)."""
    if _depth(value) > 200:
        return None
    return json.loads(json.dumps(value))


HOSTILE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([10**400, -(10**400), 2**63, -1, 0]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.inf, -math.inf, math.nan, 1e308, -1e-320]),
    st.text(max_size=20),
    st.sampled_from(["1e400s", "99999999999s", "-3s", "s", "NaN", "places/", "javascript:x", ""]),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=3),
    st.dictionaries(
        st.text(max_size=8), st.one_of(st.none(), st.integers(), st.text(max_size=5)), max_size=3
    ),
    st.sampled_from([{"seconds": [1]}, {"seconds": "x", "nanos": 1e400}, {"url": {"a": 1}}]).map(
        lambda v: _copy(v)
    ),
    st.sampled_from([{"abc": {}}, {"-1": None, "1.5": {"code": "x"}, "7": {"code": 1e400}}]).map(
        lambda v: _copy(v)
    ),
    # deeper JSON never reaches a result: the protocol reader refuses it (its own property test)
    st.builds(_deep, st.sampled_from([50, 300])),
)


def _paths(root: Any, max_depth: int = 8) -> list[tuple[Any, ...]]:
    """Paths to the nodes of ``root`` (iteratively, not below ``max_depth``)."""
    out: list[tuple[Any, ...]] = []
    todo: list[tuple[tuple[Any, ...], Any]] = [((), root)]
    while todo:
        prefix, node = todo.pop()
        out.append(prefix)
        if len(prefix) >= max_depth:
            continue
        if isinstance(node, dict):
            todo.extend(((*prefix, k), v) for k, v in node.items())
        elif isinstance(node, list):
            todo.extend(((*prefix, i), v) for i, v in enumerate(node))
    return sorted(out, key=lambda p: [str(x) for x in p])


def _set(root: Any, where: tuple[Any, ...], value: Any) -> Any:
    if not where:
        return value
    parent = root
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = value
    return root


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, Any, dict[str, Any]]:
    tool, base, request = draw(st.sampled_from(BASES))
    payload = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(1, 3))):
        paths = _paths(payload)
        where = draw(st.sampled_from(paths))
        if draw(st.booleans()):
            value = draw(HOSTILE)
        else:  # a subtree from elsewhere in the payload: right shapes in wrong places
            value = _copy(_get(payload, draw(st.sampled_from(paths))))
        if where and isinstance(where[-1], str) and draw(st.integers(0, 4)) == 0:
            # rename the key instead (the other spelling, or a new field)
            value = _get(payload, where)
            _set(payload, where[:-1], _strip(_get(payload, where[:-1]), where[-1]))
            where = (*where[:-1], draw(st.sampled_from([where[-1] + "Uri", "x_" + where[-1]])))
        payload = _set(payload, where, value)
    return tool, payload, request


def _get(root: Any, where: tuple[Any, ...]) -> Any:
    for key in where:
        root = root[key]
    return root


def _strip(container: dict[str, Any], key: str) -> dict[str, Any]:
    container.pop(key, None)
    return container


def _accessors(result: ToolResult) -> list[str]:
    """What a user can touch on ``result`` beyond its repr: properties, frames, the map layer."""
    names = [
        n
        for n in dir(type(result))
        if not n.startswith("_") and isinstance(getattr(type(result), n, None), property)
    ]
    names += ["to_frame", "repr(to_frame)"]
    if hasattr(result, "path_frame"):
        names.append("path_frame")
    if result.tool != "lookup_weather":
        names.append("layer")
    return sorted(names)


def _touch(result: ToolResult, accessor: str) -> None:
    if accessor == "layer":
        from mapsnb import layers

        layers.layer_for(result)
    elif accessor == "repr(to_frame)":
        repr(result.to_frame())
    elif accessor in ("to_frame", "path_frame"):
        getattr(result, accessor)()
    else:
        getattr(result, accessor)


def _check(tool: str, payload: Any, request: dict[str, Any], pick: st.DataObject) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        result = RESULT_TYPES[tool].from_payload(payload, request=request, source="live")
        repr(result)
        result._repr_html_()
        _ = (result.raw, result.attributions, result.is_synthetic, result.summary_text())
        # one accessor per example keeps each example cheap; over the run every one is hit
        accessor = pick.draw(st.sampled_from(_accessors(result)), label="accessor")
        # named errors (e.g. NothingToDraw for a route without polyline) are documented outcomes
        with contextlib.suppress(MapsnbError):
            _touch(result, accessor)


def _settings(examples: int) -> Any:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


_JSON = st.recursive(
    HOSTILE,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=12,
)


# 1,500 + 500 = 2,000 examples for the payload area
@_settings(1500)
@given(mutated(), st.data())
def test_mutated_payloads_give_results_frames_reprs_and_layers(
    case: tuple[str, Any, dict], pick: st.DataObject
) -> None:
    _check(*case, pick)


@_settings(500)
@given(st.sampled_from(sorted(RESULT_TYPES)), _JSON, st.data())
def test_any_json_payload_gives_a_result(tool: str, payload: Any, pick: st.DataObject) -> None:
    _check(tool, payload, {}, pick)


def test_shape_drift_warns_once_per_field_with_its_path() -> None:
    """A field of an unforeseen shape warns (PayloadShapeWarning) and keeps .raw intact."""
    from mapsnb.results import PayloadShapeWarning, RoutesResult

    payload = {"routes": [{"duration": {"seconds": [1]}, "distanceMeters": "x"}]}
    with pytest.warns(PayloadShapeWarning) as caught:
        result = RoutesResult.from_payload(payload)
    messages = [str(w.message) for w in caught if w.category is PayloadShapeWarning]
    assert any("routes.0.duration" in m for m in messages), messages
    assert any("routes.0.distanceMeters" in m or "routes.0.distance_meters" in m for m in messages)
    assert len(messages) == len(set(messages))
    assert result.raw is payload
    # the typed part that did parse survives; the frame still has the route
    assert len(result.routes) == 1 and result.routes[0].duration is None
    assert len(result.to_frame()) == 1


@pytest.mark.parametrize("huge", [1e300, 10**400, -(10**30)])
def test_huge_index_values_read_as_missing(huge: Any) -> None:
    """Found by the property on another hypothesis version: an AQI or UPI of 1e300 overflowed
    the Int64 column; it reads as missing (NA) like any unreadable value."""
    from mapsnb.results import EnvironmentResult

    payload = {
        "airQuality": {"hourlyResults": [{"indexes": [{"code": "uaqi", "aqi": huge}]}]},
        "pollen": {
            "dailyInfo": [
                {
                    "date": {"year": 2026, "month": 9, "day": 1},
                    "pollenTypeInfo": [{"code": "GRASS", "indexInfo": {"value": huge}}],
                }
            ]
        },
    }
    result = EnvironmentResult.from_payload(payload)
    assert result.air_quality["aqi"].isna().all() and result.pollen["upi"].isna().all()
