"""ipyleaflet layers and mapsnb.show: geometry equals the frames, styles, popups, widget counts."""

from __future__ import annotations

import ipyleaflet
import ipywidgets
import numpy as np
import pandas as pd
import pytest
from ipywidgets.widgets import widget as widget_registry

import mapsnb
from mapsnb import layers
from mapsnb.polyline import encode
from mapsnb.results import WALK_WARNING

NOW = "2026-09-18T08:00:00-07:00"
SANDBOX_TITLE = "mapsnb sandbox (synthetic data)"  # the end of every emulator title


def _widget_count() -> int:
    from ipywidgets.widgets import widget

    return len(widget._instances)


def places_frame(n: int, *, source: str = "live") -> pd.DataFrame:
    rng = np.random.default_rng(n)
    df = pd.DataFrame(
        {
            "place_id": [f"id{i}" for i in range(n)],
            "name": [f"Place <{i}>" for i in range(n)],
            "lat": 37.70 + rng.random(n) * 0.1,
            "lng": -122.50 + rng.random(n) * 0.1,
            "place_url": [f"https://maps.google.com/?cid={i}" for i in range(n)],
            "directions_url": [f"https://maps.google.com/dir/{i}" for i in range(n)],
            "attribution_title": "Google Maps",
            "attribution_url": "https://maps.google.com",
        }
    )
    df.index.name = "citation"
    df.attrs = {
        "source": source,
        "attributions": [{"title": "Google Maps", "url": None}],
        "kind": "places",
    }
    return df


def along_frame() -> pd.DataFrame:
    df = places_frame(4)
    df["rank"] = range(4)
    df["detour_s"] = [60.0, 180.0, 420.0, 900.0]
    df["detour_distance_text"] = ["0.1 mi", "0.5 mi", "1 mi", "3 mi"]
    df.attrs["kind"] = "along_route"
    return df


def routes_frame(mode: str = "DRIVE") -> pd.DataFrame:
    paths = [
        [(37.77, -122.42), (37.78, -122.40), (37.80, -122.27)],
        [(37.77, -122.42), (37.75, -122.38), (37.80, -122.27)],
    ]
    df = pd.DataFrame(
        {
            "route_index": [0, 1],
            "distance_m": [14919.0, 16020.0],
            "duration_s": [1055.0, 1260.0],
            "encoded_polyline": [encode(p) for p in paths],
            "attribution_title": "Google Maps",
            "attribution_url": "https://maps.google.com",
            "travel_mode": mode,
            "origin": "San Francisco, CA",
            "destination": "Oakland, CA",
        }
    )
    df.attrs = {"source": "live", "attributions": [], "kind": "routes"}
    return df


def _click(layer: ipyleaflet.GeoJSON, feature: dict) -> str:
    layer._click_callbacks(
        event="click", feature=feature, properties=feature["properties"], coordinates=[0, 0]
    )
    return layer.info.value


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


# ------------------------------------------------------------------------------ places
def test_places_layer_features_equal_frame() -> None:
    df = places_frame(25)
    layer = layers.places_layer(df)
    assert isinstance(layer, ipyleaflet.GeoJSON)
    feats = layer.data["features"]
    assert len(feats) == len(df)
    coords = np.array([f["geometry"]["coordinates"] for f in feats])
    np.testing.assert_allclose(coords[:, 1], df["lat"].to_numpy())
    np.testing.assert_allclose(coords[:, 0], df["lng"].to_numpy())
    assert [f["properties"]["citation"] for f in feats] == list(df.index)
    assert layer.name == "mapsnb:places"


def test_places_popup_has_name_links_and_attribution() -> None:
    layer = layers.places_layer(places_frame(3))
    html = _click(layer, layer.data["features"][1])
    assert "Place &lt;1&gt;" in html  # escaped
    assert "https://maps.google.com/?cid=1" in html
    assert "https://maps.google.com/dir/1" in html
    assert "Google Maps" in html
    layer._hover_callbacks(event="mouseover", properties=layer.data["features"][2]["properties"])
    assert "Place &lt;2&gt;" in layer.hover.value


def test_places_layer_skips_rows_without_coordinates() -> None:
    df = places_frame(5)
    df.loc[2, "lat"] = np.nan
    assert len(layers.places_layer(df).data["features"]) == 4


def test_places_layer_needs_lat_lng() -> None:
    with pytest.raises(ValueError, match=r"no coordinate columns .*lat/lng"):
        layers.places_layer(pd.DataFrame({"name": ["x"]}))


def test_cluster_auto_aggregates_without_losing_points() -> None:
    df = places_frame(1000)
    layer = layers.places_layer(df)
    feats = layer.data["features"]
    assert layer.clustered and len(feats) < len(df)
    total = sum(f["properties"].get("count", 1) for f in feats)
    assert total == len(df)
    cluster = next(f for f in feats if f["properties"].get("cluster"))
    assert f"{cluster['properties']['count']} places" in _click(layer, cluster)
    assert not layers.places_layer(df, cluster=False).clustered
    assert len(layers.places_layer(places_frame(50)).data["features"]) == 50


def test_widget_count_is_constant_in_the_number_of_places() -> None:
    deltas = []
    for n in (100, 10_000):
        df = places_frame(n)
        before = _widget_count()
        layers.places_layer(df, cluster=False)
        deltas.append(_widget_count() - before)
    assert deltas[0] == deltas[1]
    assert deltas[0] < 10


def test_places_style_is_merged() -> None:
    layer = layers.places_layer(places_frame(2), style={"fillColor": "#ff0000", "radius": 3})
    assert layer.point_style["fillColor"] == "#ff0000"
    assert layer.point_style["radius"] == 3


# ------------------------------------------------------------------------------ routes
def test_route_styles_differ_for_recommended_and_alternatives() -> None:
    group = layers.route_layer(routes_frame())
    lines = {ly.name: ly for ly in group.layers if isinstance(ly, ipyleaflet.Polyline)}
    main = lines["mapsnb:route 0 (recommended)"]
    alt = lines["mapsnb:route 1"]
    assert main.weight > alt.weight and main.weight == 6
    assert main.dash_array is None and alt.dash_array
    assert group.layers[-3] is main  # recommended drawn above the alternatives
    assert main.locations[0] == pytest.approx([37.77, -122.42])
    assert "14.9 km" in main.details and "18 min" in main.details
    # the info box starts on the recommended route, collapsed to one line
    assert main.details in group.info.value and "<details>" in group.info.value
    assert "Recommended: 14.9 km, 18 min" in group.info.value
    alt._click_callbacks(type="click", coordinates=[37.78, -122.3])
    assert alt.details in group.info.value and "Alternative" in alt.details
    assert "<details open>" in group.info.value  # a click opens it
    markers = [ly for ly in group.layers if isinstance(ly, ipyleaflet.CircleMarker)]
    assert len(markers) == 2 and list(markers[-1].location) == pytest.approx([37.80, -122.27])
    only = layers.route_layer(routes_frame(), show_alternatives=False)
    assert sum(isinstance(ly, ipyleaflet.Polyline) for ly in only.layers) == 1


def test_walk_routes_carry_the_beta_warning() -> None:
    group = layers.route_layer(routes_frame("WALK"))
    assert WALK_WARNING in group.name
    main = next(ly for ly in group.layers if ly.name.endswith("(recommended)"))
    assert WALK_WARNING in main.details and WALK_WARNING in group.info.value
    m = layers.show(group)
    notes = [c.widget.value for c in m.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert any(WALK_WARNING in v for v in notes)


def test_routes_without_polyline_raise() -> None:
    df = routes_frame()
    df["encoded_polyline"] = None
    with pytest.raises(ValueError, match="include_polyline=True"):
        layers.route_layer(df)


# ----------------------------------------------------------------------------- detours
def test_detours_layer_colours_and_legend() -> None:
    df = along_frame()
    group = layers.detours_layer(df)
    feats = group.points.data["features"]
    assert len(feats) == 4
    colors = [f["properties"]["style"]["fillColor"] for f in feats]
    assert colors[0] == layers.DETOUR_RAMP[0] and colors[-1] == layers.DETOUR_RAMP[-1]
    assert set(group.legend.values()) == set(layers.DETOUR_RAMP)
    assert ("Detour", group.legend) in group.legend_sections
    html = _click(group.points, feats[2])
    assert "+7.0 min" in html and "1 mi" in html and "Place &lt;2&gt;" in html


# -------------------------------------------------------------------------------- bias
def test_bias_layer_shapes() -> None:
    circle = layers.bias_layer(mapsnb.Circle(37.7, -122.4, 1500))
    assert isinstance(circle, ipyleaflet.Circle)
    assert circle.radius == 1500 and list(circle.location) == [37.7, -122.4]
    rect = layers.bias_layer(mapsnb.Viewport((37.0, -123.0), (38.0, -122.0)))
    assert isinstance(rect, ipyleaflet.Rectangle)
    assert [list(c) for c in rect.bounds] == [[37.0, -123.0], [38.0, -122.0]]
    wire = layers.bias_layer(
        {"circle": {"center": {"latitude": 1.0, "longitude": 2.0}, "radius_meters": 10}}
    )
    assert wire.radius == 10 and list(wire.location) == [1.0, 2.0]
    vp = layers.bias_layer(mapsnb.Viewport((1, 2), (3, 4)).to_wire())
    assert [list(c) for c in vp.bounds] == [[1.0, 2.0], [3.0, 4.0]]
    with pytest.raises(TypeError):
        layers.bias_layer(42)


# -------------------------------------------------------------------------------- show
def _mapsnb_layers(m: ipyleaflet.Map) -> list:
    return [ly for ly in m.layers if ly.name.startswith("mapsnb:")]


def test_show_fits_bounds_and_replaces_its_layers() -> None:
    df = places_frame(10)
    m = layers.show(df, routes_frame(), mapsnb.Circle(37.75, -122.45, 2000))
    assert isinstance(m, ipyleaflet.Map)
    assert len(_mapsnb_layers(m)) == 3
    n_controls = len(m.controls)
    lat, lng = m.center
    assert 37.7 < lat < 37.81 and -122.51 < lng < -122.27
    assert 8 <= m.zoom <= 14
    again = layers.show(df, routes_frame(), mapsnb.Circle(37.75, -122.45, 2000), map=m)
    assert again is m
    assert len(_mapsnb_layers(m)) == 3 and len(m.controls) == n_controls
    layers.show(df, map=m)
    assert [ly.name for ly in _mapsnb_layers(m)] == ["mapsnb:places"]
    assert (
        len(m.layers) == 2
    )  # the basemap kept, our layer replaced (no background over live tiles)


def _credits(m: ipyleaflet.Map) -> str:
    return str(m.attribution_control_instance.prefix)


def _legend(m: ipyleaflet.Map) -> list[tuple[str, dict[str, str]]]:
    return next(c.legend for c in m.controls if isinstance(c, layers.BoxControl) and c.legend)


def test_show_lists_attributions_and_synthetic_note() -> None:
    m = layers.show(places_frame(3))
    assert "Google Maps" in _credits(m) and "synthetic" not in _credits(m)
    sandbox = places_frame(3, source="sandbox")
    m2 = layers.show(sandbox)
    assert "synthetic data" in _credits(m2)
    assert "Place" in _legend(m2)[0][1]


def test_credit_puts_the_sources_on_a_map_drawn_by_hand() -> None:
    m = ipyleaflet.Map()
    m.add(ipyleaflet.CircleMarker(location=(37.7, -122.4)))
    assert layers.credit(m, places_frame(2, source="sandbox")) is m
    assert "Google Maps" in _credits(m) and "synthetic data" in _credits(m)
    layers.clear(m)  # the map's own line back, the hand-drawn marker kept
    assert _credits(m) == "ipyleaflet" and len(m.layers) == 2


def test_show_adds_detour_legend() -> None:
    group = layers.detours_layer(along_frame())
    m = layers.show(group)
    assert ("Detour", group.legend) in _legend(m)


def test_show_is_lazy_attribute_of_package() -> None:
    assert mapsnb.show is layers.show


# ------------------------------------------------------------------- with the emulator
def test_emulator_places_on_map(client: mapsnb.Client) -> None:
    result = client.search_places("coffee in San Francisco")
    df = result.to_frame()
    layer = layers.places_layer(result)
    feats = layer.data["features"]
    assert len(feats) == len(df) > 0
    assert [f["geometry"]["coordinates"] for f in feats] == [
        [lng, lat] for lat, lng in zip(df["lat"], df["lng"], strict=True)
    ]
    assert df["name"].iloc[0] in _click(layer, feats[0]).replace("&amp;", "&")
    m = mapsnb.show(result)
    assert SANDBOX_TITLE in _credits(m) and "synthetic data" in _credits(m)


def test_emulator_routes_and_detours(client: mapsnb.Client) -> None:
    routes = client.compute_routes(
        "San Francisco, CA",
        "Oakland, CA",
        include_polyline=True,
        compute_alternative_routes=True,
    )
    group = layers.route_layer(routes)
    path = routes.path_frame()
    lines = [ly for ly in group.layers if isinstance(ly, ipyleaflet.Polyline)]
    assert len(lines) == path["route_index"].nunique() == len(routes.to_frame())
    main = next(ly for ly in lines if ly.weight == 6)
    first = path[path["route_index"] == 0]
    assert len(main.locations) == len(first)
    assert main.locations[0] == pytest.approx([first["lat"].iloc[0], first["lng"].iloc[0]])
    along = client.search_along_route("gas station", route=routes)
    detours = layers.detours_layer(along)
    assert len(detours.points.data["features"]) == len(along.to_frame())
    m = mapsnb.show(routes, along)
    assert len(_mapsnb_layers(m)) == 2
    with pytest.raises(ValueError, match="include_polyline"):
        layers.route_layer(client.compute_routes("San Francisco, CA", "Oakland, CA"))


def test_emulator_walk_warning(client: mapsnb.Client) -> None:
    walk = client.compute_routes(
        "Ferry Building, San Francisco", "Coit Tower", travel_mode="WALK", include_polyline=True
    )
    group = layers.route_layer(walk)
    assert WALK_WARNING in group.name
    m = mapsnb.show(walk)
    assert any(
        WALK_WARNING in c.widget.value
        for c in m.controls
        if isinstance(c, ipyleaflet.WidgetControl) and isinstance(c.widget, ipywidgets.HTML)
    )


def _widget_states(widget: ipywidgets.Widget, seen: set[str] | None = None) -> list[dict]:
    """The state of ``widget`` and every widget it references, as the kernel would send it."""
    seen = set() if seen is None else seen
    if widget.model_id in seen:
        return []
    seen.add(widget.model_id)
    state = widget.get_state()
    out = [state]
    for value in state.values():
        refs = value if isinstance(value, list) else [value]
        for ref in refs:
            if isinstance(ref, str) and ref.startswith("IPY_MODEL_"):
                child = widget_registry._instances.get(ref[len("IPY_MODEL_") :])
                if child is not None:
                    out.extend(_widget_states(child, seen))
    return out


def test_no_widget_popups_on_replaceable_layers(client: mapsnb.Client) -> None:
    """jupyter-leaflet 0.20 throws "Widget is not attached" in the page when a layer whose widget
    popup was never opened is removed, as show() does when it replaces layers (seen in the
    browser tests). Details go to info-box controls instead."""
    routes = client.compute_routes(
        "San Francisco, CA", "San Jose, CA", compute_alternative_routes=True, include_polyline=True
    )
    along = client.search_along_route("coffee", route=routes)
    places = client.search_places("coffee shops near Golden Gate Park")
    m = mapsnb.show(places, routes, along, mapsnb.Circle(37.77, -122.45, 2000))
    stack = list(m.layers)
    while stack:
        layer = stack.pop()
        stack.extend(getattr(layer, "layers", ()))
        assert getattr(layer, "popup", None) is None, layer.name
    infos = [c for c in m.controls if isinstance(c, ipyleaflet.WidgetControl)]
    assert any(c.widget is routes_info(m) for c in infos)


def routes_info(m: ipyleaflet.Map) -> ipywidgets.HTML:
    group = next(ly for ly in m.layers if ly.name.startswith("mapsnb:routes"))
    return group.info


def test_map_state_is_json_serializable(client: mapsnb.Client) -> None:
    """Every widget of a map with places, routes and detours can be sent to the front end.

    Regression: a detour ``Timedelta`` in GeoJSON properties failed with "Can't clean for JSON"
    in a real kernel while pure-Python tests passed.
    """
    import json

    from jupyter_client.jsonutil import json_default

    routes = client.compute_routes(
        "San Francisco, CA", "San Jose, CA", compute_alternative_routes=True, include_polyline=True
    )
    along = client.search_along_route("coffee", route=routes)
    places = client.search_places("coffee shops near Golden Gate Park")
    m = mapsnb.show(places, routes, along)
    states = _widget_states(m)
    assert len(states) > 5
    for state in states:
        json.dumps(state, default=json_default, allow_nan=False)


def test_route_layer_marks_start_end_and_coordinate_waypoints(client: mapsnb.Client) -> None:
    routes = client.compute_routes(
        "San Francisco, CA",
        "San Jose, CA",
        intermediate_waypoints=[(37.5630, -122.3255), "Palo Alto, CA", (37.3861, -122.0839)],
        include_polyline=True,
    )
    group = layers.route_layer(routes)
    markers = [m for m in group.layers if isinstance(m, ipyleaflet.CircleMarker)]
    names = [m.name for m in markers]
    assert names[0].endswith("Start: San Francisco, CA") and names[1].endswith("End: San Jose, CA")
    stops = {m.name: m.location for m in markers[2:]}
    assert stops == {
        "mapsnb:Stop 1": [37.5630, -122.3255],
        "mapsnb:Stop 3": [37.3861, -122.0839],
    }


def test_route_layer_of_a_frame_with_a_request_column() -> None:
    """A concat()-style frame has a ``request`` column: ``df.request`` is not the request dict."""
    df = routes_frame()
    df.insert(0, "request", "San Francisco → Oakland")
    group = layers.route_layer(df)
    assert sum(isinstance(x, ipyleaflet.Polyline) for x in group.layers) == 2
