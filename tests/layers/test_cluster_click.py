"""A click on a group of places zooms a live map to it (issue 30, item 5): the view fits the
group's places (or comes two levels closer on it) and the group splits; a static page runs no
handler, so its legend says what it said (the layer is aggregated)."""

from __future__ import annotations

from typing import Any

import ipyleaflet
import numpy as np
import pandas as pd
import pytest

from mapsnb import layers
from mapsnb.layers._clusters import CLICK_ZOOM_STEP, group_view
from mapsnb.layers._layout import map_size, world_px
from mapsnb.layers._places import AGGREGATED_LABEL
from tests.layers.test_layers import places_frame


def dense(n: int = 400, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    df = places_frame(n)
    df["lat"] = 37.75 + rng.normal(0, 0.01, n)
    df["lng"] = -122.45 + rng.normal(0, 0.01, n)
    return df


def places_of(m: ipyleaflet.Map) -> ipyleaflet.GeoJSON:
    return next(ly for ly in m.layers if ly.name == "mapsnb:places")


def groups(layer: ipyleaflet.GeoJSON) -> list[dict[str, Any]]:
    return [f for f in layer.data["features"] if f["properties"].get("cluster")]


def click(layer: ipyleaflet.GeoJSON, feature: dict[str, Any]) -> None:
    """What jupyter-leaflet sends when a feature of a GeoJSON layer is clicked."""
    content = {"event": "click", "feature": feature, "properties": feature["properties"]}
    layer._handle_mouse_events(None, content, None)


def on_screen(m: ipyleaflet.Map, lat: float, lng: float) -> bool:
    width, height, _ = map_size(m)
    cx, cy = world_px(m.center[0], m.center[1], m.zoom)
    x, y = world_px(lat, lng, m.zoom)
    return abs(x - cx) <= width / 2 and abs(y - cy) <= height / 2


def members(df: pd.DataFrame, bounds: list[list[float]]) -> pd.DataFrame:
    (s, w), (n, e) = bounds
    inside = df["lat"].between(s, n) & df["lng"].between(w, e)
    return df.loc[inside]


def test_a_click_on_a_group_fits_the_map_to_its_places_and_splits_it() -> None:
    df = dense()
    m = layers.show(df)
    layer = places_of(m)
    zoom0, center0 = m.zoom, list(m.center)
    big = max(groups(layer), key=lambda f: f["properties"]["count"])
    count = big["properties"]["count"]
    (s, w), (n, e) = bounds = big["properties"]["bounds"]
    assert count > 1 and s < n and w < e
    assert len(members(df, bounds)) >= count  # the bounds hold every member
    click(layer, big)
    assert m.zoom > zoom0 and list(m.center) != center0
    # the group's whole extent is in view, clear of nothing but the map's edge
    for lat, lng in ((s, w), (s, e), (n, w), (n, e)):
        assert on_screen(m, lat, lng), (lat, lng, m.center, m.zoom)
    # ... and the new zoom split the group (every place still counted once)
    feats = layer.data["features"]
    assert sum(f["properties"].get("count", 1) for f in feats) == len(df)
    inside = [
        f
        for f in feats
        if s <= f["geometry"]["coordinates"][1] <= n and w <= f["geometry"]["coordinates"][0] <= e
    ]
    assert len(inside) > 1
    assert max(f["properties"].get("count", 1) for f in inside) < count


def test_a_group_of_places_at_one_spot_zooms_two_levels_closer_on_it() -> None:
    df = places_frame(300)
    df["lat"], df["lng"] = 48.8584, 2.2945  # all at one spot: bounds of no size
    m = layers.show(df)
    layer = places_of(m)
    (group,) = groups(layer)
    m.zoom = 10
    click(layer, group)
    assert m.zoom == 10 + CLICK_ZOOM_STEP
    assert m.center == pytest.approx([48.8584, 2.2945])


def test_the_click_zooms_no_closer_than_the_map_allows() -> None:
    m = layers.show(dense())
    m.max_zoom = m.zoom + 1
    layer = places_of(m)
    zoom0 = m.zoom
    click(layer, max(groups(layer), key=lambda f: f["properties"]["count"]))
    assert m.zoom == zoom0 + 1


def test_a_click_on_a_single_place_does_not_move_the_map() -> None:
    m = layers.show(dense())
    layer = places_of(m)
    single = next(f for f in layer.data["features"] if not f["properties"].get("cluster"))
    view = (m.zoom, list(m.center))
    click(layer, single)
    assert (m.zoom, list(m.center)) == view
    assert single["properties"]["name"].replace("<", "&lt;").replace(">", "&gt;") in (
        layer.info.value
    )


def test_a_layer_no_longer_shown_does_not_move_the_map() -> None:
    m = layers.show(dense())
    old = places_of(m)
    group = groups(old)[0]
    layers.show(places_frame(3), map=m)
    view = (m.zoom, list(m.center))
    click(old, group)
    assert (m.zoom, list(m.center)) == view


def test_a_layer_drawn_without_show_fills_its_box_and_moves_nothing() -> None:
    layer = layers.places_layer(dense())
    m = ipyleaflet.Map(center=(37.75, -122.45), zoom=12)
    m.add(layer)
    group = groups(layer)[0]
    click(layer, group)
    assert (m.zoom, tuple(m.center)) == (12, (37.75, -122.45))
    assert f"{group['properties']['count']} places" in layer.info.value
    layer.zoom_clicks(m)  # handed a map, the layer zooms it
    click(layer, group)
    assert m.zoom > 12


def test_a_static_page_legend_says_only_that_the_layer_is_aggregated() -> None:
    m = layers.show(dense())
    legend = next(c for c in m.controls if isinstance(c, layers.BoxControl) and c.legend)
    labels = [label for _title, entries in legend.legend for label in entries]
    assert AGGREGATED_LABEL in labels
    assert not any("click" in str(label).lower() for label in labels)
    assert "click" not in legend.widget.value.lower()


def test_group_view_fits_the_bounds_when_that_zooms_in() -> None:
    props = {"bounds": [[37.74, -122.46], [37.76, -122.44]]}
    center, zoom = group_view(props, (37.75, -122.45), zoom=10, width=600, height=400)
    assert zoom > 10 + CLICK_ZOOM_STEP - 1 and center == pytest.approx((37.75, -122.45), abs=0.01)
    # already closer than the fit: two levels more, centred on the group
    center, zoom = group_view(props, (37.7501, -122.4502), zoom=16, width=600, height=400)
    assert (center, zoom) == ((37.7501, -122.4502), 16 + CLICK_ZOOM_STEP)
    # no (readable) bounds: two levels more
    center, zoom = group_view({"bounds": "x"}, (1.0, 2.0), zoom=5, width=600, height=400)
    assert (center, zoom) == ((1.0, 2.0), 5 + CLICK_ZOOM_STEP)
