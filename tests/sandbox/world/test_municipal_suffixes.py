"""Japanese and Korean towns whose own name in GeoNames carries a municipal suffix ("Nara-shi",
"Goyang-si") are those towns by the bare name too: bare "Nara" was Mali's town of 24,000, not
Japan's of 367,000, so Kyoto to Nara by train had no route."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.resolver import resolve

#: Bare names and the point of the Japanese or Korean city they name (Wikipedia).
CITIES = {
    "Nara": (34.685, 135.805),
    "Goyang": (37.658, 126.832),
    "Fukui": (36.064, 136.219),
    "Seongnam": (37.420, 127.127),
}


@pytest.mark.parametrize("name", sorted(CITIES))
def test_a_bare_name_is_the_city_with_the_suffix(name: str) -> None:
    hit = resolve(name)
    assert hit.place is not None, name
    assert haversine_m(hit.place.lat, hit.place.lng, *CITIES[name]) < 20_000, hit.place.name


def test_a_search_and_a_route_reach_nara_in_japan() -> None:
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    out = box.call_tool("search_places", {"text_query": "hotels in Nara"})
    assert out["places"], out["summary"]
    for place in out["places"]:
        at = place["location"]
        assert haversine_m(at["latitude"], at["longitude"], *CITIES["Nara"]) < 20_000
    route = box.call_tool(
        "compute_routes",
        {
            "origin": {"address": "Kyoto"},
            "destination": {"address": "Nara"},
            "travel_mode": "TRANSIT",
        },
    )
    assert route.get("routes"), route
    assert 30_000 < route["routes"][0]["distanceMeters"] < 80_000


@pytest.mark.parametrize(
    ("query", "shown"),
    [("Fukui, Japan", "Fukui"), ("Seongnam", "Seongnam"), ("Xizhi Shi, Taiwan", "Xizhi")],
)
def test_a_town_is_shown_without_its_municipal_suffix(query: str, shown: str) -> None:
    """GeoNames' "Fukui-shi", "Seongnam-si", "Xizhi Shi" are shown as Google shows them."""
    hit = resolve(query)
    assert hit.place is not None, query
    assert hit.place.name == shown
    assert hit.place.address.startswith(f"{shown}, ")


def test_a_thai_town_keeps_its_own_last_word() -> None:
    """The word "Si" ends some Thai towns' own names ("Bang Khun Si"): only East Asian suffixes go."""
    hit = resolve("Bang Khun Si, Thailand")
    assert hit.place is not None
    assert hit.place.name == "Bang Khun Si"


def test_a_municipal_suffix_names_its_country_s_town() -> None:
    """The name "Anyang-si" is Korea's Anyang (Gyeonggi), not China's of twice its people."""
    hit = resolve("Anyang-si")
    assert hit.place is not None
    assert hit.place.country_code == "KR"
    assert resolve("Anyang").place.country_code == "CN"  # type: ignore[union-attr]
