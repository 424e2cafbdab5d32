"""Maps at analyst scale (issue 42, item 7): a density (heat) layer, and 100,000 points in a
widget state no larger than lonboard's for the same points."""

from __future__ import annotations

import base64
import json
import struct
import zlib

import numpy as np
import pandas as pd
import pytest
from ipywidgets.widgets.widget import _remove_buffers

import mapsnb
from mapsnb.errors import NothingToDraw
from mapsnb.layers import heatmap_layer, points_layer, show

#: The bytes lonboard's ScatterplotLayer sends for 100,000 points: a GeoArrow table of float64
#: x/y in Parquet, 1,711,535 bytes measured with lonboard 0.17 (benchmarks/bench_geo.py);
#: 16 bytes a point is the floor of those coordinates uncompressed.
LONBOARD_BYTES_PER_POINT = 16


def state_bytes(widget: object) -> int:
    """What a widget sends to the front end: its JSON state and its binary buffers."""
    state, _, buffers = _remove_buffers(widget.get_state())  # type: ignore[attr-defined]
    return len(json.dumps(state)) + sum(memoryview(b).nbytes for b in buffers)


def scattered(n: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    df = pd.DataFrame({"lat": 48.85 + rng.normal(0, 0.05, n), "lng": 2.35 + rng.normal(0, 0.08, n)})
    df.attrs = {"source": "sandbox", "attributions": [{"title": "t - mapsnb sandbox", "url": None}]}
    return df


def png_pixels(url: str) -> np.ndarray:
    """The RGBA pixels of a data-URL PNG written by points_layer (filter 0 rows)."""
    data = base64.b64decode(url.split(",", 1)[1])
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    at, idat = 8, b""
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            idat += data[at + 8 : at + 8 + length]
        at += 12 + length
    rows = np.frombuffer(zlib.decompress(idat), dtype=np.uint8).reshape(height, width * 4 + 1)
    assert (rows[:, 0] == 0).all()
    return rows[:, 1:].reshape(height, width, 4)


def test_100k_points_fit_in_less_state_than_lonboard() -> None:
    df = scattered(100_000)
    layer = points_layer(df)
    size = state_bytes(layer)
    assert size <= LONBOARD_BYTES_PER_POINT * len(df)
    assert size < 400_000  # in fact about 155 kB: a tenth of lonboard's
    pixels = png_pixels(layer.url)
    assert max(pixels.shape[:2]) == 1024
    assert (pixels[..., 3] > 0).sum() > 50_000  # the points are drawn, not a sample
    (south, west), (north, east) = layer.bounds
    assert south < df["lat"].min() and north > df["lat"].max()
    assert west <= df["lng"].min() and east > df["lng"].max()
    assert layer.name == "mapsnb:points"


def test_points_land_on_their_web_mercator_pixels() -> None:
    df = pd.DataFrame({"lat": [60.0, 0.0, 30.0], "lng": [-10.0, 50.0, 20.0]})
    layer = points_layer(df, size=256, dot=1)
    pixels = png_pixels(layer.url)
    (south, west), (north, east) = layer.bounds
    height, width = pixels.shape[:2]

    def mercator(lat: float) -> float:
        return float(np.log(np.tan(np.pi / 4 + np.radians(lat) / 2)))

    for lat, lng in zip(df["lat"], df["lng"], strict=True):
        col = int((lng - west) / (east - west) * width)
        row = int((mercator(north) - mercator(lat)) / (mercator(north) - mercator(south)) * height)
        near = pixels[max(row - 1, 0) : row + 2, max(col - 1, 0) : col + 2, 3]
        assert near.max() > 0, (lat, lng, row, col)
    assert (pixels[..., 3] > 0).sum() == 3


def test_heatmap_bins_every_point_and_keeps_the_weights() -> None:
    df = scattered(20_000, seed=1).assign(w=2.0)
    layer = heatmap_layer(df, cells=64)
    cells = np.asarray(layer.locations)
    assert len(cells) <= 65 * 65 and cells[:, 2].sum() == len(df)
    assert layer.max == cells[:, 2].max() and layer.name == "mapsnb:density"
    weighted = np.asarray(heatmap_layer(df, cells=64, weight="w").locations)
    assert weighted[:, 2].sum() == 2 * len(df)
    assert state_bytes(layer) < state_bytes(heatmap_layer(df, cells=256))
    m = show(layer)
    assert [x.name for x in m.layers][-1] == "mapsnb:density"


def test_results_are_drawn_and_nothing_is_refused_by_name(no_env_key: None) -> None:
    places = mapsnb.Client().search_places("cafe in Lyon")
    assert len(heatmap_layer(places).locations) >= 1
    assert points_layer(places).url.startswith("data:image/png;base64,")
    with pytest.raises(NothingToDraw, match="coordinates"):
        points_layer(pd.DataFrame({"lat": [np.nan], "lng": [1.0]}))
    with pytest.raises(NothingToDraw, match="weight"):
        heatmap_layer(places, weight="nope")
    with pytest.raises(ValueError, match="size"):
        points_layer(places, size=10)
