"""``mapsnb.show()`` of a malformed bias shape raises a named error naming the field and the rule
(issue 43, class 6): a wire circle with text coordinates, a viewport without a longitude, and any
other damage hypothesis finds; a sound shape is drawn."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb.errors import InvalidRequest, MapsnbError
from tests.hypothesis_setup import examples

CIRCLE = {"circle": {"center": {"latitude": 37.77, "longitude": -122.42}, "radius_meters": 500}}
VIEWPORT = {
    "viewport": {
        "low": {"latitude": 37.70, "longitude": -122.52},
        "high": {"latitude": 37.83, "longitude": -122.35},
    }
}


@pytest.mark.parametrize(
    "shape, field",
    [
        (
            {"circle": {"center": {"latitude": "37.7", "longitude": "x"}, "radius_meters": 5}},
            "shape.circle.center.latitude",
        ),
        (
            {"viewport": {"low": {"latitude": 37.7}, "high": {"latitude": 37.8, "longitude": 1}}},
            "shape.viewport.low.longitude",
        ),
        (mapsnb.Circle("37.7", "-122.4", 500), "shape.center.latitude"),  # type: ignore[arg-type]
        (mapsnb.Viewport((37.7, None), (37.8, 1.0)), "shape.low.longitude"),  # type: ignore[arg-type]
        ({"circle": {"center": [37.7, -122.4], "radius_meters": "500"}}, "shape.circle.radius"),
        ({"circle": {"center": [37.7, -122.4], "radius_meters": -1}}, "shape.circle.radius"),
        ({"circle": {"center": [91, 0]}}, "shape.circle.center.latitude"),
        ({"viewport": {"low": "37,1", "high": [1, 2]}}, "shape.viewport.low"),
        ({"square": 1}, "shape"),
    ],
)
def test_a_malformed_shape_names_the_field(shape: Any, field: str) -> None:
    with pytest.raises(InvalidRequest) as info:
        mapsnb.show(shape)
    assert info.value.field == field, str(info.value)
    assert str(info.value).startswith(field + ":") and info.value.rule


def test_sound_shapes_are_drawn() -> None:
    for shape in (CIRCLE, VIEWPORT, mapsnb.Circle(37.7, -122.4, 500), {"location_bias": CIRCLE}):
        m = mapsnb.show(shape)
        assert any(layer.name == "mapsnb:bias" for layer in m.layers)


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=5),
    st.floats(),
    st.integers(-(10**30), 10**30),
    st.lists(st.floats(allow_nan=True), max_size=3),
    st.dictionaries(st.sampled_from(["latitude", "longitude", "latLng"]), st.floats(), max_size=2),
)
PATHS = [
    ("circle",),
    ("circle", "center"),
    ("circle", "center", "latitude"),
    ("circle", "center", "longitude"),
    ("circle", "radius_meters"),
    ("viewport",),
    ("viewport", "low"),
    ("viewport", "high"),
    ("viewport", "low", "latitude"),
    ("viewport", "high", "longitude"),
]


@st.composite
def damaged(draw: st.DrawFn) -> Any:
    shape = copy.deepcopy(draw(st.sampled_from([CIRCLE, VIEWPORT])))
    for path in draw(st.lists(st.sampled_from(PATHS), min_size=1, max_size=3)):
        node = shape
        for key in path[:-1]:
            node = node.get(key) if isinstance(node, dict) else None
        if isinstance(node, dict):
            if draw(st.booleans()):
                node[path[-1]] = draw(junk)
            else:
                node.pop(path[-1], None)
    return shape


@examples(150)
@given(shape=damaged())
def test_any_damaged_shape_draws_or_raises_a_named_error(shape: Any) -> None:
    try:
        mapsnb.show(shape)
    except MapsnbError as exc:
        assert isinstance(exc, InvalidRequest) and exc.field.startswith("shape"), exc
