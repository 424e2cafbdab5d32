"""Issue 23 item 7: polyline decoding refuses malformed input with a named error, caps what a
route may hold, and decodes small (Python) and large (vectorised) strings identically."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mapsnb
from mapsnb import polyline
from mapsnb.errors import PolylineError
from tests.hypothesis_setup import SCALE


@pytest.mark.parametrize("size", [40, 3_000, 400_000])
def test_an_overlong_coordinate_is_a_named_error(size: int) -> None:
    bad = "~" * size + "?" + "??"  # one coordinate of `size` continuation chunks
    with pytest.raises(PolylineError, match="overlong coordinate at 0"):
        polyline.decode(bad)


@pytest.mark.parametrize(
    ("text", "rule"),
    [
        ("_p~iF~ps|U_ulLnnqC_mqNvxq`@" + "é", "invalid polyline character"),
        ("_p~iF~ps|U_ulLnnqC_mqNvxq`@" * 200 + "é", "invalid polyline character"),
        ("_p~iF~ps|U_ulL", "truncated"),
        ("_p~iF~ps|U_ulLnnqC_mqNvxq`@" * 200 + "_p~iF", "truncated"),
        ("?" * 3001, "truncated"),
        ("_p~iF~ps|U\x1f", "invalid polyline character"),
    ],
)
def test_malformed_polylines_are_named_errors(text: str, rule: str) -> None:
    with pytest.raises(PolylineError, match=rule) as info:
        polyline.decode(text)
    assert isinstance(info.value, ValueError) and isinstance(info.value, mapsnb.MapsnbError)


def test_a_route_may_hold_at_most_max_points() -> None:
    assert len(polyline.decode("??" * polyline.MAX_POINTS)) == polyline.MAX_POINTS
    with pytest.raises(PolylineError, match="more than"):
        polyline.decode("??" * (polyline.MAX_POINTS + 1))


def test_a_path_frame_of_a_malformed_polyline_is_empty_not_a_crash() -> None:
    with mapsnb.Client() as client:
        routes = client.compute_routes(
            "Louvre Museum, Paris", "Eiffel Tower, Paris", include_polyline=True
        )
    from mapsnb.frames import route_path_frame

    payload: dict[str, Any] = copy.deepcopy(dict(routes.raw))
    good = route_path_frame(payload, source="sandbox")
    assert (good["route_index"] == 0).sum() > 1
    route = payload["routes"][0]
    route.pop("encodedPolyline", None)
    route["polyline"] = {"encodedPolyline": "~" * 50_000 + "??"}
    frame = route_path_frame(payload, source="sandbox")
    assert (frame["route_index"] == 0).sum() == 0


_points = st.lists(
    st.tuples(st.floats(-90, 90, allow_nan=False), st.floats(-180, 180, allow_nan=False)),
    max_size=400,
)


@settings(max_examples=int(300 * SCALE))
@given(points=_points, precision=st.sampled_from([5, 6, 7]))
def test_both_decoders_agree_and_round_trip(
    points: list[tuple[float, float]], precision: int
) -> None:
    text = polyline.encode(points, precision)
    small = polyline._decode_small(text, float(10**precision))
    assert small == (polyline._decode_vector(text, float(10**precision)) if text else [])
    assert polyline.decode(text, precision) == small
    for (lat, lng), (a, b) in zip(points, small, strict=True):
        assert abs(lat - a) <= 0.6 / 10**precision and abs(lng - b) <= 0.6 / 10**precision


@settings(max_examples=int(1000 * SCALE))
@given(text=st.one_of(st.text(max_size=60), st.text(alphabet="?@_`~}|^", max_size=3000)))
def test_any_string_decodes_or_raises_a_polyline_error(text: str) -> None:
    try:
        points = polyline.decode(text)
    except PolylineError:
        return
    assert all(isinstance(v, float) for p in points for v in p)
