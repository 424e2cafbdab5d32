"""Route charts titled with names the client has seen, never with ids or 4-decimal points."""

from __future__ import annotations

import re

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
import pytest

import mapsnb
from mapsnb.charts import plot_routes

NOW = "2026-06-01T12:00:00Z"
NOISE = re.compile(r"-?\d+\.\d{4,}")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def _chart_texts(ax) -> list[str]:
    texts = [ax.get_title(), *(t.get_text() for t in ax.get_legend().get_texts())]
    return texts + [t.get_text() for t in ax.figure.texts]  # the attribution line


def test_a_route_from_a_searched_place_is_titled_with_its_name() -> None:
    client = mapsnb.Client(now=NOW)
    places = client.search_places("museum in Paris", page_size=3).to_frame()
    louvre = client.resolve_names(["Louvre Museum"]).to_frame()
    routes = client.compute_routes(
        mapsnb.PlaceId(places["place_id"].iloc[1]),
        mapsnb.PlaceId(louvre["place_id"].iloc[0]),
        include_polyline=True,
    )
    ax = plot_routes(routes)  # no names= needed: the client has seen both places
    origin, destination = places["name"].iloc[1], louvre["matched_name"].iloc[0]
    assert ax.get_title() == f"Routes: {origin} → {destination} (drive)"
    texts = _chart_texts(ax)
    assert f"start: {origin}" in texts and f"end: {destination}" in texts
    assert any(f"{origin} to {destination}" in t for t in texts)  # the attribution line
    for text in texts:
        assert "ChIJ" not in text and "place " not in text and "place_id" not in text, text
    # names= still wins over what the client knows
    assert (
        plot_routes(routes, names={places["place_id"].iloc[1]: "Here"})
        .get_title()
        .startswith("Routes: Here → ")
    )


def test_a_route_between_coordinates_is_titled_with_rounded_pairs() -> None:
    routes = mapsnb.Client(now=NOW).compute_routes(
        (-1.2906, 36.8283), (-1.2798, 36.8163), include_polyline=True
    )
    ax = plot_routes(routes)
    assert ax.get_title() == "Routes: -1.291, 36.828 → -1.280, 36.816 (drive)"
    for text in _chart_texts(ax):
        assert not NOISE.search(text), text
