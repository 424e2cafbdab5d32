"""Properties of ``search_area``: any ``area`` or option a user may pass gives a plan or a named
error (never a raw exception), and mapsnb's own point-in-polygon and overlap agree with shapely
(which mapsnb itself never imports)."""

from __future__ import annotations

import math
import traceback
from typing import Any

import numpy as np
import shapely.geometry as sg
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb._calls.area.geometry import clip_area, polygon_area
from mapsnb.errors import MapsnbError
from tests.hypothesis_setup import examples

_numbers = st.one_of(
    st.integers(-1000, 1000),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0, -0.0, 1e308, 180.0, 90.0, -181.0]),
)
_position = st.lists(_numbers, min_size=0, max_size=3)
_ring = st.lists(_position, max_size=6)
_junk: Any = st.one_of(
    st.none(),
    st.booleans(),
    st.text(max_size=12),
    _numbers,
    st.lists(_ring, max_size=2),
    st.builds(
        dict,
        type=st.sampled_from(
            ["Polygon", "MultiPolygon", "Feature", "FeatureCollection", "Point", 3]
        ),
        coordinates=st.one_of(st.lists(_ring, max_size=2), _ring, st.text(max_size=3), st.none()),
        geometry=st.one_of(st.none(), st.just({"type": "Polygon", "coordinates": 5})),
        features=st.one_of(st.none(), st.lists(st.just({"type": "Feature"}), max_size=2)),
    ),
    st.builds(mapsnb.Circle, _numbers, _numbers, st.one_of(st.none(), _numbers)),
    st.builds(mapsnb.Viewport, st.tuples(_numbers, _numbers), st.tuples(_numbers, _numbers)),
)
_options = st.fixed_dictionaries(
    {},
    optional={
        "page_size": st.one_of(st.integers(-2, 12), st.none(), st.text(max_size=2)),
        "max_depth": st.one_of(st.integers(-1, 10), st.floats(), st.none()),
        "tile_m": st.one_of(_numbers, st.none(), st.text(max_size=2)),
        "radius_m": st.one_of(_numbers, st.text(max_size=2)),
        "max_calls": st.one_of(st.integers(-1, 5), st.none(), st.floats()),
        "progress": st.one_of(st.booleans(), st.integers(0, 1)),
    },
)
CLIENT = mapsnb.Client()


@examples(150)
@given(area=_junk, options=_options)
def test_any_area_and_options_give_a_plan_or_a_named_error(area: Any, options: Any) -> None:
    try:
        plan = CLIENT.search_area("cafés", area, dry_run=True, **options)
    except MapsnbError:
        return
    except Exception:  # pragma: no cover - the failure this test is for
        raise AssertionError(traceback.format_exc()) from None
    assert plan.attrs["calls_at_least"] >= 1
    assert plan.attrs["calls_at_most"] >= plan.attrs["calls_at_least"]


def _star(radii: list[float], lat: float, lng: float) -> list[tuple[float, float]]:
    """A simple (star-shaped) ring of ``(lng, lat)`` around a centre, radii in degrees."""
    n = len(radii)
    return [
        (lng + r * math.cos(2 * math.pi * k / n), lat + r * math.sin(2 * math.pi * k / n))
        for k, r in enumerate(radii)
    ]


@examples(60)
@given(
    radii=st.lists(st.floats(0.005, 0.05), min_size=3, max_size=24),
    hole=st.booleans(),
    seed=st.integers(0, 2**16),
    lat=st.floats(-60, 60),
)
def test_point_in_area_and_overlap_agree_with_shapely(
    radii: list[float], hole: bool, seed: int, lat: float
) -> None:
    outer = _star(radii, lat, 10.0)
    holes = [_star([0.002] * 8, lat, 10.0)] if hole and min(radii) > 0.003 else []
    shape = sg.Polygon(outer, holes)
    area = polygon_area({"type": "Polygon", "coordinates": [outer, *holes]})
    rng = np.random.default_rng(seed)
    lats = lat + rng.uniform(-0.06, 0.06, 400)
    lngs = 10.0 + rng.uniform(-0.06, 0.06, 400)
    mine = area.contains(lats, lngs)
    for inside, y, x in zip(mine, lats, lngs, strict=True):
        point = sg.Point(x, y)
        if shape.exterior.distance(point) < 1e-9 or any(
            h.distance(point) < 1e-9 for h in shape.interiors
        ):
            continue  # on the boundary: either answer is right
        assert bool(inside) == shape.contains(point), (x, y)
    # the overlap with a square of the plane, against shapely's intersection in that plane
    ring = area.polygons[0][0]
    x0, y0 = (float(v) for v in rng.uniform(-4000, 2000, 2))
    box = (x0, y0, x0 + 2500.0, y0 + 2500.0)
    expected = sg.Polygon(ring).intersection(sg.box(*box)).area
    assert math.isclose(clip_area(ring, box), expected, rel_tol=1e-6, abs_tol=1e-3)
