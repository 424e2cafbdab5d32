"""Geometry everywhere (issue 42, items 3 and 4): ``__geo_interface__`` on results, their
places and routes and on every frame (``df.mapsnb``), read by geopandas and shapely;
``to_geodataframe`` on every frame kind; GeoJSON files that keep the attribution."""

from __future__ import annotations

import json
from pathlib import Path

import geopandas as gpd
import pandas as pd
import pytest
from shapely.geometry import shape

import mapsnb
from mapsnb.errors import InvalidRequest, NothingToDraw
from mapsnb.frames import read_geojson, to_geodataframe, to_geojson

SANDBOX = "mapsnb sandbox (synthetic data)"


@pytest.fixture
def client(no_env_key: None) -> mapsnb.Client:
    return mapsnb.Client(now="2026-06-10T09:00:00+02:00")


def _is_4326(gdf: gpd.GeoDataFrame) -> bool:
    return gdf.crs is not None and gdf.crs.to_epsg() == 4326


def test_results_offer_features_geopandas_and_shapely_read(client: mapsnb.Client) -> None:
    places = client.search_places("cafe in Lyon")
    routes = client.compute_routes("Lyon", "Villeurbanne", include_polyline=True)
    along = client.search_along_route("cafe", origin="Lyon", destination="Villeurbanne")
    weather = client.lookup_weather((45.76, 4.84), capabilities=["WEATHER", "AIR_QUALITY"])
    expected = {
        "PlacesResult": ("Point", len(places.to_frame())),
        "RoutesResult": ("LineString", len(routes.to_frame())),
        "AlongRouteResult": ("Point", len(along.to_frame())),
        "EnvironmentResult": ("Point", len(weather.to_frame())),
    }
    for result in (places, routes, along, weather):
        kind, rows = expected[type(result).__name__]
        collection = result.__geo_interface__
        assert collection["type"] == "FeatureCollection"
        assert collection["synthetic"] is True and SANDBOX in collection["attribution"]
        gdf = gpd.GeoDataFrame.from_features(result, crs=4326)
        assert len(gdf) == rows > 0, type(result).__name__
        assert set(gdf.geom_type) == {kind}, type(result).__name__
        assert gdf["synthetic"].all() and gdf["attribution"].str.contains("synthetic").all()
        own = result.to_geodataframe()
        assert _is_4326(own) and len(own) == rows
    weather_points = gpd.GeoDataFrame.from_features(weather)
    assert {(p.x, p.y) for p in weather_points.geometry} == {(4.84, 45.76)}
    first = places.places[0]
    point = shape(first)  # a place is a shapely Point
    assert (point.x, point.y) == (first.location.longitude, first.location.latitude)
    line = shape(routes.routes[0])
    assert line.geom_type == "LineString" and len(line.coords) == len(routes.routes[0].path())
    assert line.coords[0] == tuple(reversed(routes.routes[0].path()[0]))


def test_every_frame_kind_has_the_accessor_and_a_geodataframe(client: mapsnb.Client) -> None:
    frames = {
        "places": client.search_places("bakery in Lyon").to_frame(),
        "search_area": client.search_area("cafe", "Lyon", max_calls=12, progress=False),
        "batch": client.batch.search_places(["bar in Lyon", "pub in Lyon"], progress=False),
        "resolution": client.resolve_names(["Eiffel Tower"]).to_frame(),
        "weather": client.lookup_weather((48.85, 2.35)).current_weather,
        "routes": client.compute_routes("Lyon", "Villeurbanne", include_polyline=True).to_frame(),
        "path": mapsnb.frames.route_path_frame(
            client.compute_routes("Lyon", "Villeurbanne", include_polyline=True).raw
        ),
        "concat": mapsnb.concat([client.search_places("cafe in Nice")]),
    }
    for kind, df in frames.items():
        assert len(df), kind
        collection = df.mapsnb.__geo_interface__
        assert len(collection["features"]) == len(df), kind
        assert collection["synthetic"] is True, kind
        gdf = df.mapsnb.to_geodataframe()
        assert _is_4326(gdf) and len(gdf) == len(df), kind
        assert gdf.geometry.notna().all(), kind
        assert gdf.attrs.get("attributions") == df.attrs.get("attributions"), kind
        assert to_geodataframe(df).geometry.equals(gdf.geometry), kind
    lines = frames["path"].mapsnb.to_geodataframe(geometry="lines")
    assert lines.geom_type.tolist() == ["LineString"]


def test_a_frame_without_geometry_is_a_named_error() -> None:
    with pytest.raises(NothingToDraw, match="no coordinate columns"):
        pd.DataFrame({"a": [1]}).mapsnb.__geo_interface__  # noqa: B018


def test_geojson_round_trip_keeps_the_attribution(client: mapsnb.Client, tmp_path: Path) -> None:
    places = client.search_places("cafe in Lyon")
    df = places.to_frame()
    path = tmp_path / "cafes.geojson"
    assert df.mapsnb.to_geojson(path) == str(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["type"] == "FeatureCollection" and data["synthetic"] is True
    assert data["attributions"] == df.attrs["attributions"]
    assert SANDBOX in data["attribution"]
    for feature in data["features"]:
        assert SANDBOX in feature["properties"]["attribution"]
        assert feature["properties"]["synthetic"] is True
    back = read_geojson(path)
    assert _is_4326(back) and len(back) == len(df)
    assert back.attrs["attributions"] == df.attrs["attributions"]
    assert back.attrs["synthetic"] is True and back.attrs["source"] == "sandbox"
    assert back["name"].tolist() == df["name"].tolist()
    # results and the function write the same file; geopandas' own reader takes it too
    other = tmp_path / "r.geojson"
    places.to_geojson(other)
    assert json.loads(other.read_text(encoding="utf-8")) == data
    assert to_geojson(df, tmp_path / "f.geojson") and len(gpd.read_file(other)) == len(df)


def test_odd_geojson_input_is_a_named_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidRequest, match="data"):
        to_geojson(42, tmp_path / "x.geojson")
    bad = tmp_path / "bad.geojson"
    bad.write_text('{"type": "Feature"}', encoding="utf-8")
    with pytest.raises(InvalidRequest, match="FeatureCollection"):
        read_geojson(bad)
