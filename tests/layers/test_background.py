"""Issue 41: a map whose tiles cannot load still shows land and sea (Natural Earth 1:110m, in a
pane under the tiles), ``show(..., basemap=…)`` chooses the tiles, ``"offline"`` draws none."""

from __future__ import annotations

from pathlib import Path

import ipyleaflet

import mapsnb
from mapsnb import layers
from mapsnb.layers._background import BACKGROUND_PANE, land_geojson

LAND = Path(layers.__file__).parent / "land.geojson"


def _frame() -> object:
    import pandas as pd

    return pd.DataFrame({"name": ["A", "B"], "lat": [41.15, 41.16], "lng": [-8.61, -8.63]})


def test_the_land_file_is_small_and_covers_the_continents() -> None:
    assert LAND.stat().st_size < 300_000
    from shapely.geometry import Point, shape

    land = shape(land_geojson()["features"][0]["geometry"])
    for lng, lat in [(-8.6, 41.15), (-0.2, 5.6), (139.7, 35.7), (-77.0, -12.0), (151.2, -33.9)]:
        assert land.buffer(0.5).contains(Point(lng, lat)), (lng, lat)  # Porto … Sydney
    assert not land.contains(Point(-30.0, 40.0))  # the Atlantic


def test_offline_maps_draw_land_and_sea_and_tiled_maps_keep_their_tiles_uncovered() -> None:
    m = layers.show(_frame())
    assert isinstance(m.layers[0], ipyleaflet.TileLayer)  # the tiles, and nothing over them
    assert not any(layer.name.startswith("background") for layer in m.layers)
    off = layers.show(_frame(), basemap="offline")
    background = [layer for layer in off.layers if layer.name.startswith("background")]
    assert [layer.name for layer in background] == ["background: sea", "background: land"]
    assert all(layer.pane == BACKGROUND_PANE for layer in background)
    layers.show(_frame(), map=off, basemap="offline")  # drawn again: one background, not two
    assert [layer.name for layer in off.layers].count("background: land") == 1


def test_basemap_chooses_the_tiles_or_none() -> None:
    positron = layers.show(_frame(), basemap=ipyleaflet.basemaps.CartoDB.Positron)
    assert "CartoDB" in positron.layers[0].name
    offline = mapsnb.show(_frame(), basemap="offline")
    assert not any(isinstance(layer, ipyleaflet.TileLayer) for layer in offline.layers)
    assert "background: land" in [layer.name for layer in offline.layers]


def test_a_forms_map_keeps_its_tiles_uncovered() -> None:
    from mapsnb.widgets._base import new_map

    assert not any(layer.name.startswith("background") for layer in new_map().layers)
