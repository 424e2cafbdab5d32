"""Every frame the toolkit makes says its kind in ``attrs["kind"]`` (what ``show()`` draws it by)."""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pytest

import mapsnb
from mapsnb import layers


@pytest.fixture
def client(no_env_key: None) -> Iterator[mapsnb.Client]:
    with mapsnb.Client(now="2026-06-10T09:00:00+02:00") as c:  # no key: the emulator
        yield c


def kinds_of(client: mapsnb.Client) -> dict[str, pd.DataFrame]:
    places = client.search_places("pharmacy in Lisbon")
    routes = client.compute_routes(origin="Lisbon", destination="Porto", include_polyline=True)
    along = client.search_along_route("cafe", origin="Lisbon", destination="Porto")
    weather = client.lookup_weather("Lisbon")
    return {
        "places": places.to_frame(),
        "routes": routes.to_frame(),
        "route_path": routes.path_frame(),
        "along_route": along.to_frame(),
        "resolution": client.resolve_names(["Lisbon", "Porto"]).to_frame(),
        "hourly_weather": weather.hourly_weather,
        "daily_weather": weather.daily_weather,
        "air_quality": weather.air_quality,
        "pollen": weather.pollen,
    }


def test_every_frame_of_a_result_says_its_kind(client: mapsnb.Client) -> None:
    for kind, df in kinds_of(client).items():
        assert df.attrs.get("kind") == kind, kind
        assert layers.frame_kind(df) == kind


def test_stacked_batched_and_area_frames_say_their_kind(client: mapsnb.Client) -> None:
    a = client.search_places("pharmacy in Lisbon")
    b = client.search_places("cafe in Porto")
    assert mapsnb.concat([a, b]).attrs["kind"] == "places"  # the fast path
    assert mapsnb.concat([a.to_frame(), b.to_frame()]).attrs["kind"] == "places"
    routes = [client.compute_routes(origin="Lisbon", destination=d) for d in ("Porto", "Faro")]
    assert mapsnb.concat(routes).attrs["kind"] == "routes"
    mixed = mapsnb.concat([a.to_frame(), routes[0].to_frame()])
    assert "kind" not in mixed.attrs  # kinds that disagree are not kept
    batch = client.batch.search_places(["pharmacy in Lisbon", "cafe in Porto"], progress=False)
    assert batch.attrs["kind"] == "places"
    names = client.batch.resolve_names(["Lisbon", "Porto", "Faro"], progress=False)
    assert names.attrs["kind"] == "resolution"
    area = client.search_area("pharmacy", area=mapsnb.Circle(38.72, -9.14, 600), progress=False)
    assert area.attrs["kind"] == "places"


def test_show_draws_each_frame_by_its_kind(client: mapsnb.Client) -> None:
    frames = kinds_of(client)
    assert type(layers.layer_for(frames["places"])) is layers.PlacesLayer
    assert type(layers.layer_for(frames["along_route"])) is layers.DetoursLayer
    assert type(layers.layer_for(frames["routes"])) is layers.RoutesLayer
    with pytest.raises(mapsnb.errors.UnsupportedInput, match="'pollen'"):
        layers.layer_for(frames["pollen"])
