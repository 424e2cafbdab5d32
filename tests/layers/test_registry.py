"""What show() drew lives in a registry beside the map (``layers.drawn``), a layer's facts in its
own traitlets, and ``layer_for`` chooses by type (issue 44): each result class its builder, a
frame its kind, anything else a named error."""

from __future__ import annotations

import gc
import weakref

import ipyleaflet
import pandas as pd
import pytest

import mapsnb
from mapsnb import layers
from mapsnb.errors import UnsupportedInput
from mapsnb.layers._show import FRAME_LAYERS
from mapsnb.results import AlongRouteResult, EnvironmentResult, PlacesResult, RoutesResult
from tests.layers.test_layers import along_frame, places_frame, routes_frame

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(now=NOW)


# ------------------------------------------------------------------------------ registry
def test_drawn_records_what_show_drew_and_clear_empties_it() -> None:
    m = layers.show(places_frame(3, source="sandbox"), routes_frame())
    record = layers.drawn(m)
    assert [type(ly) for ly in record.layers] == [layers.PlacesLayer, layers.RoutesLayer]
    assert all(ly in m.layers for ly in record.layers)
    assert record.controls and all(c in m.controls for c in record.controls)
    assert record.synthetic and {"title": "Google Maps", "url": None} in record.credits
    (south, west), (north, east) = record.bounds
    assert south < 37.77 < north and west < -122.42 < east and east >= -122.27  # both layers
    assert record.view is not None and (m.zoom, list(m.center)) == (
        record.view.zoom,
        list(record.view.center),
    )
    assert record.prefix == "ipyleaflet"  # the map's own line, put back by clear()
    layers.clear(m)
    after = layers.drawn(m)
    assert (after.layers, after.controls, after.observers, after.bounds) == ([], [], [], None)
    assert after.prefix == "ipyleaflet"
    assert not any(str(ly.name).startswith(layers.PREFIX) for ly in m.layers)
    assert m.attribution_control_instance.prefix == "ipyleaflet"


def test_drawn_of_a_map_show_never_drew_on_is_empty() -> None:
    record = layers.drawn(ipyleaflet.Map())
    assert record == layers.Drawn()


def test_show_sets_no_attribute_of_its_own_on_the_map_or_the_layers() -> None:
    plain = ipyleaflet.Map()
    before = set(vars(plain))
    m = layers.show(places_frame(300), routes_frame(), map=plain)
    assert m is plain
    added = set(vars(m)) - before
    assert not [name for name in added if "mapsnb" in name], added
    for layer in layers.drawn(m).layers:
        assert not [name for name in vars(layer) if name.startswith("mapsnb")]


def test_the_registry_lets_a_closed_map_go() -> None:
    m = layers.show(places_frame(300))  # clustered: its handlers follow the view
    ref = weakref.ref(m)
    for widget in [m, *m.layers, *m.controls]:
        widget.close()
    del m
    gc.collect()
    assert ref() is None


def test_a_layer_says_what_show_needs_in_its_traits() -> None:
    layer = layers.places_layer(places_frame(3, source="sandbox"))
    assert isinstance(layer, ipyleaflet.GeoJSON) and isinstance(layer, layers.MapsnbLayer)
    assert layer.synthetic and layer.data_bounds is not None
    assert layer.legend_entries == {"Place": layers.PLACE_COLOR}
    assert layer.layer_controls == [layer.info_control] and not layer.clustered
    assert "data_bounds" not in layer.keys  # kernel-side only: never synced to the page
    walk = layers.route_layer(routes_frame("WALK"))
    assert walk.notes == [mapsnb.results.WALK_WARNING]
    assert all(isinstance(item, (layers.RouteLine, layers.RouteMarker)) for item in walk.layers)


# ------------------------------------------------------------------------------ dispatch
def test_layer_for_chooses_by_the_result_type(client: mapsnb.Client) -> None:
    places = client.search_places("coffee in San Francisco", page_size=3)
    routes = client.compute_routes("San Francisco, CA", "Oakland, CA", include_polyline=True)
    along = client.search_along_route("coffee", route=routes)
    assert isinstance(places, PlacesResult) and isinstance(routes, RoutesResult)
    assert isinstance(along, AlongRouteResult)
    assert type(layers.layer_for(places)) is layers.PlacesLayer
    assert type(layers.layer_for(routes)) is layers.RoutesLayer
    assert type(layers.layer_for(along)) is layers.DetoursLayer
    assert type(layers.layer_for(mapsnb.Circle(37.7, -122.4, 500))) is layers.BiasCircle
    ready = ipyleaflet.Marker(location=(1, 2))
    assert layers.layer_for(ready) is ready


def test_a_frame_is_drawn_by_its_kind() -> None:
    assert layers.frame_kind(places_frame(3)) == "places"
    assert layers.frame_kind(along_frame()) == "along_route"
    assert layers.frame_kind(routes_frame()) == "routes"
    declared = along_frame()
    declared.attrs["kind"] = "places"  # the declared kind, never the columns, decides
    assert layers.frame_kind(declared) == "places"
    assert type(layers.layer_for(declared)) is layers.PlacesLayer
    assert layers.frame_kind(pd.DataFrame({"lat": [1.0], "lng": [2.0]})) == "places"  # a user's
    assert type(layers.layer_for(along_frame())) is layers.DetoursLayer
    assert set(FRAME_LAYERS) >= {"places", "along_route", "routes", "route_path", "resolution"}


def test_an_unknown_type_or_kind_is_a_named_error() -> None:
    with pytest.raises(UnsupportedInput, match=r"cannot draw a int: it draws mapsnb results"):
        layers.layer_for(42)
    with pytest.raises(UnsupportedInput, match="cannot draw a str"):
        mapsnb.show("coffee")
    odd = places_frame(2)
    odd.attrs["kind"] = "pollen"
    with pytest.raises(UnsupportedInput, match=r"frame of kind 'pollen' \(attrs\['kind'\]\)"):
        layers.layer_for(odd)
    env = EnvironmentResult.from_payload({})
    with pytest.raises(UnsupportedInput, match=r"no map geometry: use mapsnb\.charts"):
        layers.layer_for(env)
    assert issubclass(UnsupportedInput, TypeError)  # what callers caught before


def test_another_type_can_be_registered() -> None:
    class Stop:
        def __init__(self, lat: float, lng: float) -> None:
            self.lat, self.lng = lat, lng

    @layers.layer_for.register(Stop)
    def _stop(stop: Stop) -> ipyleaflet.Layer:
        return layers.places_layer(pd.DataFrame({"lat": [stop.lat], "lng": [stop.lng]}))

    m = mapsnb.show(Stop(48.85, 2.35))
    assert type(layers.drawn(m).layers[0]) is layers.PlacesLayer
