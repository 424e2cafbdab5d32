"""One persistent world (issue 39): a place exists once, whatever the tool or the query.

Properties over towns of every continent, kinds and circles of 50 m to 5 km (hypothesis,
derandomized: the same fixed sample everywhere), each measured as a share over the sample:

- a place any tool returns is returned again, identical, by a 100 m circle around its point;
- circles 500 m wide, 110 m apart, share most of their places (median Jaccard);
- ``client.search_area`` over a 700 m city-centre circle converges as tiles shrink, with tens
  of pharmacies, not thousands;
- the places of ``search_along_route`` are found by ``search_places`` at their point;
- the name a search returns, with its town, resolves to that very place.
"""

from __future__ import annotations

import math
import statistics
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mapsnb
from mapsnb import Circle, LatLng
from mapsnb_sandbox import Sandbox

NOW = "2026-09-18T15:00:00Z"

#: Towns of every continent: capitals, big and small towns.
TOWNS = {
    "Lisbon": (38.7169, -9.1399),
    "Kraków": (50.0614, 19.9366),
    "Tartu": (58.3806, 26.7251),
    "Seville": (37.3886, -5.9823),
    "Nairobi": (-1.2864, 36.8172),
    "Accra": (5.6037, -0.1870),
    "Fez": (34.0331, -5.0003),
    "Windhoek": (-22.5609, 17.0658),
    "Osaka": (34.6937, 135.5023),
    "Pune": (18.5204, 73.8567),
    "Chiang Mai": (18.7883, 98.9853),
    "Almaty": (43.2220, 76.8512),
    "Denver": (39.7392, -104.9903),
    "Guadalajara": (20.6597, -103.3496),
    "Halifax": (44.6488, -63.5752),
    "Córdoba": (-31.4135, -64.1811),
    "Cusco": (-13.5320, -71.9675),
    "Medellín": (6.2442, -75.5812),
    "Perth": (-31.9523, 115.8613),
    "Hobart": (-42.8821, 147.3272),
    "Auckland": (-36.8485, 174.7633),
}
KINDS = ("pharmacy", "restaurant", "cafe", "supermarket", "gas station", "bank", "hotel",
         "school", "ATM", "bakery")  # fmt: skip
SETTINGS = settings(
    derandomize=True,
    database=None,
    deadline=None,
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow],
)


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now=NOW)


def _offset(point: tuple[float, float], north_m: float, east_m: float) -> tuple[float, float]:
    lat = point[0] + north_m / 111_320
    return lat, point[1] + east_m / (111_320 * math.cos(math.radians(lat)))


def _search(
    sandbox: Sandbox, kind: str, center: tuple[float, float], radius: float, size: int = 10
) -> list[dict[str, Any]]:
    circle = {"center": {"latitude": center[0], "longitude": center[1]}, "radius_meters": radius}
    out = sandbox.call_tool(
        "search_places",
        {"text_query": kind, "location_bias": {"circle": circle}, "page_size": size},
    )
    return list(out["places"])


def _found_again(sandbox: Sandbox, kind: str, views: list[dict[str, Any]]) -> list[bool]:
    """Whether each place view comes back, identical, from a 100 m circle at its point."""
    out = []
    for view in views:
        loc = view["location"]
        again = _search(sandbox, kind, (loc["latitude"], loc["longitude"]), 100)
        out.append(view in again)
    return out


def test_a_place_is_found_again_at_its_point(sandbox: Sandbox) -> None:
    found: list[bool] = []
    towns = st.sampled_from(sorted(TOWNS))

    @SETTINGS
    @given(
        town=towns,
        kind=st.sampled_from(KINDS),
        radius=st.floats(50, 5000),
        north=st.floats(-1500, 1500),
        east=st.floats(-1500, 1500),
        by_town=st.booleans(),
    )
    def run(town: str, kind: str, radius: float, north: float, east: float, by_town: bool) -> None:
        if by_town:  # the text "kind in Town", anchored at the town
            out = sandbox.call_tool("search_places", {"text_query": f"{kind} in {town}"})
            views = list(out["places"])
        else:
            views = _search(sandbox, kind, _offset(TOWNS[town], north, east), radius, 5)
        found.extend(_found_again(sandbox, kind, views))

    run()
    share = sum(found) / len(found)
    print(f"found again by a 100 m circle: {sum(found)}/{len(found)} = {share:.1%}")
    assert len(found) >= 100 and share >= 0.95


def test_near_circles_share_most_places(sandbox: Sandbox) -> None:
    jaccard: list[float] = []

    @SETTINGS
    @given(
        town=st.sampled_from(sorted(TOWNS)),
        kind=st.sampled_from(KINDS),
        north=st.floats(-2000, 2000),
        east=st.floats(-2000, 2000),
        bearing=st.floats(0, 2 * math.pi),
    )
    def run(town: str, kind: str, north: float, east: float, bearing: float) -> None:
        a = _offset(TOWNS[town], north, east)
        b = _offset(a, 110 * math.cos(bearing), 110 * math.sin(bearing))
        ids_a = {p["id"] for p in _search(sandbox, kind, a, 250)}
        ids_b = {p["id"] for p in _search(sandbox, kind, b, 250)}
        if ids_a or ids_b:
            jaccard.append(len(ids_a & ids_b) / len(ids_a | ids_b))

    run()
    median = statistics.median(jaccard)
    print(f"median Jaccard of 500 m circles 110 m apart: {median:.2f} over {len(jaccard)} pairs")
    assert len(jaccard) >= 20 and median >= 0.5


def test_along_route_places_are_found_by_search_places_there(sandbox: Sandbox) -> None:
    found: list[bool] = []
    for kind, origin, destination in (
        ("pharmacy", "Lisbon", "Cascais"),
        ("cafe", "Osaka", "Kyoto"),
        ("gas station", "Nairobi", "Thika"),
        ("supermarket", "Córdoba, Argentina", "Villa Carlos Paz"),
    ):
        ends = {"origin": {"address": origin}, "destination": {"address": destination}}
        out = sandbox.call_tool("search_along_route", {"text_query": kind, "route_endpoints": ends})
        views = [r["place"] for r in out["results"]]
        assert views, (kind, origin, destination)
        found.extend(_found_again(sandbox, kind, views))
    print(f"along-route places found again: {sum(found)}/{len(found)}")
    assert sum(found) / len(found) >= 0.95


def test_a_returned_name_and_its_town_resolve_to_that_place(sandbox: Sandbox) -> None:
    for query, town in (("pharmacies in Lisbon", "Lisbon"), ("cafes in Nairobi", "Nairobi"),
                        ("hotels in Osaka", "Osaka"), ("banks in Denver", "Denver")):  # fmt: skip
        places = sandbox.call_tool("search_places", {"text_query": query})["places"]
        names = [p["attribution"]["title"].rsplit(" - ", 1)[0] for p in places]
        texts = [{"text": f"{name}, {town}"} for name in names]
        out = sandbox.call_tool("resolve_names", {"queries": texts})
        assert [r["entity"]["place"] for r in out["results"]] == [p["place"] for p in places]


def test_search_area_converges_with_tens_of_pharmacies() -> None:
    """A 700 m city-centre circle: the same count whatever the depth (tiles shrinking), tens
    of pharmacies. Depth 4 is asked of Lisbon only (300 calls a city) to keep this fast; the
    four cities at depths 2/3/4 are in the issue's closing note."""
    counts: dict[str, list[int]] = {}
    with mapsnb.Client(sandbox=True, now=NOW) as client:
        for city in ("Lisbon", "Nairobi", "Osaka", "Córdoba"):
            depths = (2, 3, 4) if city == "Lisbon" else (2, 3)
            circle = Circle(LatLng(*TOWNS[city]), 700)
            counts[city] = [
                len(client.search_area("pharmacy", circle, max_depth=d, progress=False))
                for d in depths
            ]
    print(f"pharmacies in 700 m by depth: {counts}")
    for city, by_depth in counts.items():
        assert 10 <= by_depth[0] <= 80, (city, by_depth)
        assert max(by_depth) <= by_depth[0] * 1.1, (city, by_depth)


@pytest.mark.parametrize(
    ("kind", "name", "lat", "lng"),
    [
        ("museums", "Louvre Museum", 48.8606, 2.3376),
        ("airports", "San Francisco International Airport", 37.6213, -122.379),
        ("stadiums", "Wembley Stadium", 51.556, -0.2796),
    ],
)
def test_real_landmarks_are_places_of_the_world(
    kind: str, name: str, lat: float, lng: float
) -> None:
    """A curated landmark is selected by a search of its kind around it, is the same place
    (id, point) that resolve_names gives for its name, and is found again by a small circle."""
    box = Sandbox()

    def around(la: float, ln: float, radius: float) -> list[dict]:
        bias = {"circle": {"center": {"latitude": la, "longitude": ln}, "radius_meters": radius}}
        args = {"text_query": kind, "page_size": 10, "location_bias": bias}
        return list(box.call_tool("search_places", args)["places"])

    views = around(lat, lng, 2000)
    hits = [v for v in views if v["attribution"]["title"].startswith(name + " - ")]
    assert len(hits) == 1, [v["attribution"]["title"] for v in views]
    found = hits[0]
    named = box.call_tool("resolve_names", {"queries": [{"text": name}]})["results"][0]
    assert named["entity"]["place"] == found["place"]
    point = found["location"]
    again = around(point["latitude"], point["longitude"], 100)
    assert [v for v in again if v["id"] == found["id"]] == [found]
