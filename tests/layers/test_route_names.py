"""Map layers and sources name a route's ends: no "ChIJ…"/"place …" ids, no 4-decimal points,
on any mix of ends (searched places, unseen places, coordinates, addresses)."""

from __future__ import annotations

import re

import ipyleaflet
import ipywidgets
import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb import layers
from mapsnb.charts import plot_routes
from tests.hypothesis_setup import examples

NOW = "2026-06-01T12:00:00Z"
NOISE = re.compile(r"-?\d+\.\d{4,}")


@pytest.fixture(scope="module")
def seen() -> tuple[mapsnb.Client, list[tuple[str, str, float, float]]]:
    """A client that has searched Nairobi cafés, and places it has not seen (another client's)."""
    client = mapsnb.Client(now=NOW)
    cafes = client.search_places("cafes in Nairobi", page_size=4).to_frame()
    unseen = mapsnb.Client(now=NOW).search_places("bakery in Nairobi", page_size=4).to_frame()
    rows = [
        (str(r.place_id), str(r.name), float(r.lat), float(r.lng))
        for frame in (cafes, unseen)
        for r in frame.itertuples()
    ]
    return client, rows


def _map_texts(m: ipyleaflet.Map) -> list[str]:
    """Every text a map shows: layer names, details (popups, info box), controls' HTML."""
    texts: list[str] = []
    for layer in m.layers:
        for item in [layer, *getattr(layer, "layers", ())]:
            texts += [str(item.name), str(getattr(item, "details", ""))]
    for control in m.controls:
        widget = getattr(control, "widget", None)
        if isinstance(widget, ipywidgets.HTML):
            texts.append(widget.value)
        if isinstance(control, ipyleaflet.AttributionControl):  # the credits, one line
            texts.append(str(control.prefix))
    return texts


def _assert_readable(texts: list[str]) -> None:
    for text in texts:
        assert "ChIJ" not in text and "place_id" not in text, text
        assert not re.search(r"\bplace [A-Za-z0-9_-]{6,}", text), text
        assert not NOISE.search(text), text


def test_a_route_from_a_searched_place_is_named_on_the_map(seen) -> None:
    client, rows = seen
    (pid, name, _, _), (pid2, name2, _, _) = rows[0], rows[1]
    routes = client.compute_routes(mapsnb.PlaceId(pid), mapsnb.PlaceId(pid2), include_polyline=True)
    group = layers.route_layer(routes)
    markers = [m.name for m in group.layers if isinstance(m, ipyleaflet.CircleMarker)]
    assert markers[0].endswith(f"Start: {name}") and markers[1].endswith(f"End: {name2}")
    assert f"{name} → {name2}" in group.info.value  # the route's details
    m = mapsnb.show(routes)
    sources = [t for t in _map_texts(m) if f"{name} to {name2}" in t]
    assert sources, _map_texts(m)  # the route's credit names its ends
    _assert_readable(_map_texts(m))


def _end(draw: st.DrawFn, rows: list[tuple[str, str, float, float]]) -> object:
    kind = draw(st.sampled_from(["seen", "unseen", "point", "near", "address"]))
    k = draw(st.integers(0, 3))
    pid, _, lat, lng = rows[k + (4 if kind == "unseen" else 0)]
    if kind in ("seen", "unseen"):
        return mapsnb.PlaceId(pid)
    if kind == "near":
        return (lat + draw(st.floats(-0.002, 0.002)), lng)
    if kind == "point":
        return (-1.2906 + k * 0.00731, 36.8283 - k * 0.00377)
    return draw(st.sampled_from(["Moi Avenue, Nairobi", "Kenyatta Avenue, Nairobi"]))


@examples(12)
@given(data=st.data())
def test_no_ids_in_titles_or_sources_on_any_route(seen, data) -> None:
    client, rows = seen
    origin = data.draw(st.composite(_end)(rows))
    destination = data.draw(st.composite(_end)(rows))
    if origin == destination:
        return
    routes = client.compute_routes(origin, destination, include_polyline=True)
    if not routes.routes:
        return
    df = routes.to_frame()
    texts = [str(v) for v in (*df["origin_name"], *df["destination_name"])]
    texts += [str(c["title"]) for c in df.attrs["attributions"]]
    ax = plot_routes(routes)
    texts += [ax.get_title(), *(t.get_text() for t in ax.get_legend().get_texts())]
    texts += [t.get_text() for t in ax.figure.texts]
    plt.close("all")
    texts += _map_texts(mapsnb.show(routes))
    _assert_readable(texts)
