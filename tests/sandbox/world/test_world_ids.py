"""Place ids of the world (issue 39): live byte layout, S2 cells, links, decoding anywhere."""

from __future__ import annotations

import math
import subprocess
import sys

import pytest
import s2sphere
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb.polyline import decode, haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import place_id_in_url, place_url
from mapsnb_sandbox.contract.features import (
    decode_feature_id,
    feature_hex,
    feature_place_id,
    s2_cell_id,
)
from mapsnb_sandbox.contract.ids import business_id, decode_business_id
from mapsnb_sandbox.contract.spot_ids import decode_street_id
from mapsnb_sandbox.tools.locations import resolve_place_id
from mapsnb_sandbox.world.places import cell_of, people_per_km2, place_from_id, select
from mapsnb_sandbox.world.resolved import place_view

EIFFEL = "ChIJLU7jZClu5kcR4PcOOO6p3I0"


def test_the_eiffel_tower_id_has_the_live_byte_layout() -> None:
    """REAL_SERVER.md round 4's worked example, both ways."""
    assert feature_hex(EIFFEL) == "0x47e66e2964e34e2d:0x8ddca9ee380ef7e0"
    cell, fprint = decode_feature_id(EIFFEL)  # type: ignore[misc]
    assert feature_place_id(cell, fprint) == EIFFEL
    url = place_url(EIFFEL)
    assert url == (
        "https://www.google.com/maps/place//data=!4m2!3m1!1s0x47e66e2964e34e2d:0x8ddca9ee380ef7e0"
    )
    assert place_id_in_url(url.removeprefix("https://www.google.com")) == EIFFEL
    assert decode_feature_id("ChIJ0P-rhfHOqnf6eYty8UOMi7c") is None  # not the layout
    assert decode_feature_id("nonsense") is None


@settings(derandomize=True, database=None, max_examples=300)
@given(
    lat=st.floats(-90, 90),
    lng=st.floats(-180, 180),
    level=st.integers(0, 30),
)
def test_s2_cell_ids_agree_with_s2sphere(lat: float, lng: float, level: int) -> None:
    want = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(lat, lng)).parent(level)
    assert s2_cell_id(lat, lng, level) == want.id()


def test_business_ids_hold_their_s2_cell_and_decode_to_their_place() -> None:
    for spot, _ in select((48.8584, 2.2945), 1000, 0, 10):
        cell, fprint = decode_feature_id(spot.place_id)  # type: ignore[misc]
        s2 = s2sphere.CellId(cell)
        assert s2.level() == 10
        assert s2.contains(
            s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(spot.lat, spot.lng))
        )
        assert decode_business_id(spot.place_id) == (spot.iy, spot.ix, 0, spot.index)
        assert (spot.iy, spot.ix) == cell_of(spot.lat, spot.lng)
        assert place_from_id(spot.place_id).place_id == spot.place_id  # type: ignore[union-attr]
    bad = business_id(48.8584, 2.2945, *cell_of(48.8584, 2.2945), 0, 200)  # no such index
    assert place_from_id(bad) is None
    cell, fprint = decode_feature_id(bad)  # type: ignore[misc]
    assert decode_business_id(feature_place_id(cell, fprint ^ 1)) is None  # the check fails


def test_links_are_made_of_the_feature_id_and_resolve_back() -> None:
    sandbox = Sandbox(now="2026-09-18T15:00:00Z")
    places = sandbox.call_tool("search_places", {"text_query": "cafes in Lisbon"})["places"]
    urls = []
    for view in places:
        cell, fprint = decode_feature_id(view["id"])  # type: ignore[misc]
        url = view["googleMapsLinks"]["placeUrl"]
        assert url.endswith(f"!1s{cell:#x}:{fprint:#x}")
        urls.append(url)
        urls.append(f"https://maps.google.com/?cid={fprint}")
    out = sandbox.call_tool("resolve_maps_urls", {"urls": urls})
    got = [e.get("place") for e in out["entities"]]
    assert got[::2] == [v["place"] for v in places]  # the placeUrl
    assert got[1::2] == [v["place"] for v in places]  # ?cid=<fprint in decimal>


def test_an_id_resolves_in_a_fresh_process() -> None:
    sandbox = Sandbox(now="2026-09-18T15:00:00Z")
    view = sandbox.call_tool("search_places", {"text_query": "banks in Nairobi"})["places"][0]
    code = (
        "from mapsnb_sandbox.tools.locations import resolve_place_id as r;"
        f"p = r({view['id']!r}); print(p.name, p.lat, p.lng)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    name = view["attribution"]["title"].rsplit(" - ", 1)[0]
    loc = view["location"]
    assert out.stdout.split() == [*name.split(), str(loc["latitude"]), str(loc["longitude"])]


@pytest.mark.parametrize(
    ("point", "low", "high"),
    [
        ((38.7169, -9.1399), 5_000, 60_000),  # Lisbon's centre
        ((38.5, -11.0), 0, 0),  # the Atlantic, 130 km off Lisbon
        ((47.466, 3.746), 30, 500),  # around Vézelay: villages only
        ((23.0, 12.0), 0, 0),  # the Sahara
    ],
)
def test_people_follow_the_towns(point: tuple[float, float], low: float, high: float) -> None:
    density = people_per_km2(*point)
    assert low <= density <= high
    assert math.isfinite(people_per_km2(*point, central=True))


def test_a_route_to_a_place_id_ends_at_that_place() -> None:
    sandbox = Sandbox(now="2026-09-18T15:00:00Z")
    view = sandbox.call_tool("search_places", {"text_query": "hotels in Osaka"})["places"][0]
    route = sandbox.call_tool(
        "compute_routes",
        {
            "origin": {"address": "Kyoto"},
            "destination": {"place_id": view["id"]},
            "include_polyline": True,
        },
    )["routes"][0]
    end = decode(route["encodedPolyline"])[-1]
    loc = view["location"]
    assert haversine_m(end[0], end[1], loc["latitude"], loc["longitude"]) < 50


@pytest.mark.parametrize(
    "text",
    ["Porto", "Kenya", "Eiffel Tower", "SFO", "Rua Augusta 100, Lisbon", "-1.2921,36.8219"],
)
def test_every_kind_of_answer_has_a_feature_id_of_its_cell_that_routes(text: str) -> None:
    """Towns, countries, landmarks, airports, street addresses and bare points: each link is
    made of a well-formed feature id whose S2 cell holds the point (the id itself, but a street
    address's long ``E…`` id, whose links carry its point's), and a route to the id starts
    there."""
    box = Sandbox()
    found = box.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    pid = found["entity"]["place"].removeprefix("places/")
    point = found["sandboxMatch"]["location"]
    lat, lng = point["latitude"], point["longitude"]
    resolved = resolve_place_id(pid)
    assert resolved is not None, (text, pid)
    linked = place_id_in_url(place_view(resolved)["googleMapsLinks"]["placeUrl"])
    assert (linked == pid) is (decode_street_id(pid) is None), (text, pid)
    decoded = decode_feature_id(linked or "")
    assert decoded is not None, (text, pid)
    leaf = s2sphere.CellId.from_lat_lng(s2sphere.LatLng.from_degrees(lat, lng))
    # the same S2 cell at level 8, as live ids (REAL_SERVER.md round 4; a real landmark's own id)
    assert s2sphere.CellId(decoded[0]).parent(8) == leaf.parent(8), text
    assert place_id_in_url(place_url(linked or "")) == linked
    near = {"lat_lng": {"latitude": lat + 0.02, "longitude": lng}}
    route = box.call_tool(
        "compute_routes",
        {"origin": {"place_id": pid}, "destination": near, "include_polyline": True},
    )["routes"][0]
    start = decode(route["encodedPolyline"])[0]
    assert haversine_m(*start, lat, lng) < 1_000, text
