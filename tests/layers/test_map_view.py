"""Maps that show the data (issue 30, items 1, 3, 5): the fitted view keeps every control clear
of the data, credits live in Leaflet's attribution line, boxes start collapsed; every frame with
coordinates is drawn and an empty result centres on what was asked; clusters follow the view."""

from __future__ import annotations

import math
import warnings

import ipyleaflet
import numpy as np
import pandas as pd
import pytest

import mapsnb
from mapsnb import layers
from mapsnb.errors import EmptyResultWarning
from mapsnb.results import PlacesResult
from tests.layers.test_layers import places_frame, routes_frame

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


def _screen(m: ipyleaflet.Map, lat: float, lng: float, size: tuple[float, float]) -> tuple:
    """Where (lat, lng) is drawn on ``m`` (px from the top left) for a map of ``size``."""
    from mapsnb.layers._layout import world_px

    cx, cy = world_px(m.center[0], m.center[1], m.zoom)
    x, y = world_px(lat, lng, m.zoom)
    return x - cx + size[0] / 2, y - cy + size[1] / 2


def _corner_boxes(m: ipyleaflet.Map, size: tuple[float, float]) -> list[tuple[float, ...]]:
    """Each corner's control stack as a (left, top, right, bottom) box."""
    from mapsnb.layers._layout import corner_stacks

    width, height = size
    boxes = []
    for corner, (w, h) in corner_stacks(m.controls, width).items():
        if w and h:
            left = 0.0 if corner.endswith("left") else width - w
            top = 0.0 if corner.startswith("top") else height - h
            boxes.append((left, top, left + w, top + h))
    return boxes


def _uncovered(m: ipyleaflet.Map, points: list[tuple[float, float]], size: tuple) -> list[str]:
    problems = []
    radius = 9.0
    for lat, lng in points:
        x, y = _screen(m, lat, lng, size)
        if not (radius <= x <= size[0] - radius and radius <= y <= size[1] - radius):
            problems.append(f"{lat},{lng} at {x:.0f},{y:.0f} is off the map")
        for left, top, right, bottom in _corner_boxes(m, size):
            if left - radius < x < right + radius and top - radius < y < bottom + radius:
                problems.append(f"{lat},{lng} at {x:.0f},{y:.0f} under {left, top, right, bottom}")
    return problems


# --------------------------------------------------------------------------- item 1
@pytest.mark.parametrize("height", [400, 1000])
def test_readme_places_are_clear_of_every_control(client: mapsnb.Client, height: int) -> None:
    places = client.search_places("coffee shops near Golden Gate Park", page_size=5)
    m = mapsnb.show(places, layout={"height": f"{height}px"})
    df = places.to_frame()
    points = list(zip(df["lat"], df["lng"], strict=True))
    for size in [(height, height), (1000, height)]:  # the assumed width, and wider
        assert _uncovered(m, points, size) == []


def test_readme_routes_ends_and_stops_are_clear_of_every_control(client: mapsnb.Client) -> None:
    routes = client.compute_routes(
        "San Francisco, CA",
        "Lake Tahoe, CA",
        compute_alternative_routes=True,
        include_polyline=True,
    )
    stops = client.search_along_route("gas stations", route=routes)
    m = mapsnb.show(routes, stops)
    path = routes.path_frame()
    main = path[path["route_index"] == 0]
    ends = [
        (main["lat"].iloc[0], main["lng"].iloc[0]),
        (main["lat"].iloc[-1], main["lng"].iloc[-1]),
    ]
    df = stops.to_frame()
    assert _uncovered(m, ends + list(zip(df["lat"], df["lng"], strict=True)), (400, 400)) == []


def test_no_sources_box_credits_are_one_expandable_attribution_line() -> None:
    m = layers.show(places_frame(3, source="sandbox"))
    boxes = [c for c in m.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert not any("Sources:" in c.widget.value for c in boxes)  # no box over the data
    prefix = m.attribution_control_instance.prefix
    assert m.attribution_control_instance in m.controls
    assert "<details" in prefix and "<summary" in prefix and "Sources:" in prefix
    summary = prefix.split("</summary>")[0]
    assert "Google Maps" in summary and "synthetic data" in summary
    layers.clear(m)
    assert m.attribution_control_instance.prefix == "ipyleaflet"


def test_legend_and_route_info_start_collapsed() -> None:
    m = layers.show(places_frame(3), routes_frame(), layers.detours_layer(_along()))
    boxes = [c.widget.value for c in m.controls if isinstance(c, ipyleaflet.WidgetControl)]
    shown = [v for v in boxes if v]
    assert shown and all("<details>" in v and "<details open" not in v for v in shown)
    hidden = [
        c for c in m.controls if isinstance(c, ipyleaflet.WidgetControl) and not c.widget.value
    ]
    assert hidden and all(c.widget.layout.display == "none" for c in hidden)


def _along() -> pd.DataFrame:
    df = places_frame(4)
    df["detour_s"] = [60.0, 180.0, 420.0, 900.0]
    return df


def test_fit_view_keeps_a_corner_clear() -> None:
    from mapsnb.layers._layout import fit_view

    class Box:
        position = "bottomright"
        box_size = (300.0, 150.0)

    bounds = ((37.70, -122.50), (37.80, -122.40))
    free = fit_view(bounds, 400, 400, [])
    kept = fit_view(bounds, 400, 400, [Box()])
    assert kept.zoom <= free.zoom and sum(kept.padding) > sum(free.padding)


def test_the_view_is_fitted_again_once_the_map_size_is_known() -> None:
    m = layers.show(routes_frame())
    zoom = m.zoom
    # the front end reports a 1,200 x 400 px map (Leaflet's pixel bounds)
    m.set_trait("left", 0.0)
    m.set_trait("top", 0.0)
    m.set_trait("right", 1200.0)
    m.set_trait("bottom", 400.0)
    assert m.zoom > zoom
    m.zoom = 3  # the reader moved the map: no refit from now on
    m.set_trait("right", 800.0)
    assert m.zoom == 3


# --------------------------------------------------------------------------- item 3
def test_a_resolution_frame_is_drawn(client: mapsnb.Client) -> None:
    frame = client.resolve_names(["Lima"]).to_frame()
    m = mapsnb.show(frame)
    feats = next(ly for ly in m.layers if ly.name == "mapsnb:places").data["features"]
    assert len(feats) == 1
    lng, lat = feats[0]["geometry"]["coordinates"]
    assert (lat, lng) == pytest.approx((frame["matched_lat"].iloc[0], frame["matched_lng"].iloc[0]))
    assert feats[0]["properties"]["name"] == "Lima"
    assert abs(m.center[0] - lat) < 0.05 and abs(m.center[1] - lng) < 0.05


@pytest.mark.parametrize(
    ("lat_col", "lng_col"), [("returned_lat", "returned_lng"), ("latitude", "longitude")]
)
def test_other_coordinate_columns_are_drawn(lat_col: str, lng_col: str) -> None:
    df = pd.DataFrame({lat_col: [48.85, 48.86], lng_col: [2.35, 2.36]})
    assert len(layers.places_layer(df).data["features"]) == 2


def _nothing_found(request: dict) -> PlacesResult:
    """A places result that found nothing for ``request`` (what the server answers)."""
    payload = {"places": [], "summary": "No places matching “zzz”."}
    return PlacesResult.from_payload(payload, request=request)  # type: ignore[return-value]


def test_an_empty_result_centres_on_the_asked_area() -> None:
    bias = {"circle": {"center": {"latitude": -12.05, "longitude": -77.04}, "radius_meters": 1500}}
    empty = _nothing_found({"text_query": "zzz", "location_bias": bias})
    with pytest.warns(EmptyResultWarning, match="area that was asked about"):
        m = mapsnb.show(empty)
    assert m.center[0] == pytest.approx(-12.05, abs=0.05)
    assert m.center[1] == pytest.approx(-77.04, abs=0.05)


def test_an_empty_result_without_an_area_says_why_and_shows_the_world(
    client: mapsnb.Client,
) -> None:
    empty = client.search_places("zzzqqq nothing", page_size=5)
    assert empty.to_frame().empty
    with pytest.warns(EmptyResultWarning, match="cannot centre on what was asked") as record:
        m = mapsnb.show(empty)
    assert ".." not in str(record[0].message)
    assert m.zoom <= 3 and m.center != [0.0, 0.0] and m.center != (0.0, 0.0)
    boxes = " ".join(c.widget.value for c in m.controls if isinstance(c, ipyleaflet.WidgetControl))
    assert "Nothing to show" in boxes


# --------------------------------------------------------------------------- item 5
def _dense(n: int = 400) -> pd.DataFrame:
    rng = np.random.default_rng(5)
    df = places_frame(n)
    df["lat"] = 37.75 + rng.normal(0, 0.01, n)
    df["lng"] = -122.45 + rng.normal(0, 0.01, n)
    return df


def _counts(layer: ipyleaflet.GeoJSON) -> tuple[int, int]:
    feats = layer.data["features"]
    singles = sum(not f["properties"].get("cluster") for f in feats)
    return len(feats), singles


def test_zooming_in_on_a_live_map_splits_groups_into_places() -> None:
    m = layers.show(_dense())
    layer = next(ly for ly in m.layers if ly.name == "mapsnb:places")
    start, start_singles = _counts(layer)
    assert start < 400  # aggregated
    m.zoom = 19
    lat, lng = m.center
    d = 0.001
    # the front end reports the view of a few streets at the new zoom
    for trait, value in (
        ("south", lat - d),
        ("north", lat + d),
        ("west", lng - d),
        ("east", lng + d),
    ):
        m.set_trait(trait, value)
    feats = layer.data["features"]
    shown, singles = _counts(layer)
    assert singles > start_singles
    assert all(not f["properties"].get("cluster") for f in feats)  # places, not groups
    inside = [
        f
        for f in feats
        if abs(f["geometry"]["coordinates"][1] - lat) < d
        and abs(f["geometry"]["coordinates"][0] - lng) < d
    ]
    df = _dense()
    expected = int(((df["lat"] - lat).abs().lt(d) & (df["lng"] - lng).abs().lt(d)).sum())
    assert len(inside) == expected
    m.zoom = 5  # zooming out groups them again
    assert _counts(layer)[0] < shown or _counts(layer)[1] < singles


def test_groups_count_every_place_at_every_zoom() -> None:
    m = layers.show(_dense())
    layer = next(ly for ly in m.layers if ly.name == "mapsnb:places")
    for zoom in (8, 12, 14, 16):
        m.zoom = zoom
        total = sum(f["properties"].get("count", 1) for f in layer.data["features"])
        assert total == 400


def test_a_static_page_legend_says_the_layer_is_aggregated() -> None:
    from mapsnb.layers._places import AGGREGATED_LABEL

    m = layers.show(_dense())
    legend = next(c for c in m.controls if isinstance(c, layers.BoxControl) and c.legend)
    assert AGGREGATED_LABEL in legend.legend[0][1]
    assert "static page" in AGGREGATED_LABEL and "aggregated" in legend.widget.value
    small = layers.show(places_frame(10))
    legend = next(c for c in small.controls if isinstance(c, layers.BoxControl) and c.legend)
    assert "aggregated" not in legend.widget.value


def test_clear_stops_following_the_view() -> None:
    m = layers.show(_dense())
    layer = next(ly for ly in m.layers if ly.name == "mapsnb:places")
    before = layer.data
    layers.clear(m)
    m.zoom = 18
    assert layer.data is before
    assert math.isfinite(m.zoom)


def test_shown_twice_the_map_has_one_set_of_observers() -> None:
    m = layers.show(_dense())
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        layers.show(_dense(), map=m)
    assert len(layers.drawn(m).observers) == 2  # one refit, one regrid


def test_the_attribution_line_escapes_hostile_credits() -> None:
    df = places_frame(2)
    df.attrs["attributions"] = [
        {"title": "<script>alert(1)</script> - Google Maps", "url": "javascript:alert(1)"}
    ]
    df["attribution_title"] = "<img src=x onerror=alert(1)>"
    df["attribution_url"] = "javascript:alert(2)"
    prefix = layers.show(df).attribution_control_instance.prefix
    assert "<script" not in prefix and "<img" not in prefix and "javascript:" not in prefix
    assert "&lt;script&gt;" in prefix


def test_the_legend_keeps_its_colours_in_an_exported_page() -> None:
    from mapsnb._export import safe_widget_html

    m = layers.show(places_frame(3), layers.detours_layer(_along()))
    legend = next(c for c in m.controls if isinstance(c, layers.BoxControl) and c.legend)
    cleaned = safe_widget_html(legend.widget.value)
    for color in [layers.PLACE_COLOR, *layers.DETOUR_RAMP]:
        assert f"background-color:{color}" in cleaned.replace(" ", "")
    assert "<details>" in cleaned and "<summary" in cleaned


def test_an_empty_along_route_search_says_to_draw_the_route_too() -> None:
    empty = _nothing_found({"text_query": "zzz", "retrieval_token": "rt1.opaque"})
    with pytest.warns(EmptyResultWarning, match=r"retrieval token.*mapsnb\.show\(routes, stops\)"):
        m = mapsnb.show(empty)
    assert m.zoom <= 3 and list(m.center) != [0.0, 0.0]
