"""compute_routes and search_along_route in the emulator (TOOLS.md §6 facts 20-34)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from mapsnb.polyline import decode, encode, haversine_m, path_length_m
from mapsnb_sandbox.contract.common import Context, SandboxToolError
from mapsnb_sandbox.languages.texts import localized_distance
from mapsnb_sandbox.tools.along_route import search_along_route
from mapsnb_sandbox.tools.routes import compute_routes
from tests.sandbox.landmark_table import landmark_table

NOW = datetime(2026, 9, 18, 15, 0, tzinfo=UTC)
CTX = Context(now=NOW)
SF, TAHOE = {"address": "San Francisco, CA"}, {"address": "Lake Tahoe, CA"}

LANDMARKS = """key,name,aliases,kind,address,city,region,country_code,lat,lng,place_id
eiffel_tower,Eiffel Tower,Tour Eiffel,tourist_attraction,"Champ de Mars, 75007 Paris, France",Paris,Île-de-France,FR,48.8584,2.2945,ChIJLU7jZClu5kcR4PcOOO6p3I0
louvre,Louvre Museum,Louvre,museum,"Rue de Rivoli, 75001 Paris, France",Paris,Île-de-France,FR,48.8606,2.3376,ChIJOwE_Id1w5EAR4Q27FkL6T_0
notre_dame,Notre-Dame de Paris,Notre Dame,church,"6 Parvis Notre-Dame, 75004 Paris, France",Paris,Île-de-France,FR,48.853,2.3499,ChIJt_5xIthw5EARoJ71mGq7t74
lake_tahoe,Lake Tahoe,Tahoe,natural_feature,"Lake Tahoe, CA, USA",South Lake Tahoe,CA,US,39.0968,-120.0324,
"""


@pytest.fixture(autouse=True)
def landmarks(tmp_path: Path) -> Iterator[None]:
    with landmark_table(tmp_path, LANDMARKS):
        yield


def routes(ctx: Context = CTX, **args: object) -> dict:
    return compute_routes(dict(args), ctx)


def rejects(fn, args: dict, word: str, ctx: Context = CTX, status: str = "INVALID_ARGUMENT"):
    with pytest.raises(SandboxToolError) as err:
        fn(args, ctx)
    assert err.value.status == status, err.value.message
    assert word in err.value.message


# --------------------------------------------------------------------------- compute_routes


def test_spec_example_call() -> None:
    out = routes(
        origin={"address": "Eiffel Tower"},
        destination={"place_id": "ChIJt_5xIthw5EARoJ71mGq7t74"},
        intermediate_waypoints=[{"address": "Louvre Museum"}],
        travel_mode="DRIVE",
        departure_time="2026-09-19T08:00:00+02:00",
    )
    (route,) = out["routes"]
    assert route["distanceMeters"] > 3000
    assert re.fullmatch(r"\d+s", route["duration"])
    assert route["attribution"]["title"] and route["attribution"]["url"]
    assert "encodedPolyline" not in route and "retrievalToken" in route


def test_defaults_single_route_no_polyline() -> None:
    out = routes(origin=SF, destination=TAHOE)
    assert len(out["routes"]) == 1 and "encodedPolyline" not in out["routes"][0]


def test_alternatives_ordered_and_distinct() -> None:
    out = routes(
        origin=SF, destination=TAHOE, compute_alternative_routes=True, include_polyline=True
    )
    rs = out["routes"]
    assert 2 <= len(rs) <= 3
    secs = [int(r["duration"][:-1]) for r in rs]
    assert secs == sorted(secs)
    assert len({r["encodedPolyline"] for r in rs}) == len(rs)
    assert len({r["retrievalToken"] for r in rs}) == len(rs)


def test_polyline_length_matches_distance_and_is_not_straight() -> None:
    for mode in ("DRIVE", "WALK", "BICYCLE", "TRANSIT"):
        out = routes(
            origin=SF, destination={"address": "San Jose"}, travel_mode=mode, include_polyline=True
        )
        r = out["routes"][0]
        pts = decode(r["encodedPolyline"])
        length = path_length_m(pts)
        assert abs(length - r["distanceMeters"]) <= 0.15 * r["distanceMeters"]
        assert abs(length - r["distanceMeters"]) <= 2  # exact up to rounding
        straight = haversine_m(*pts[0], *pts[-1])
        assert length > 1.03 * straight and len(pts) > 10
        gaps = [haversine_m(*a, *b) for a, b in itertools.pairwise(pts)]
        assert max(gaps) < 2000


def test_long_route_vertex_cap() -> None:
    out = routes(
        origin={"address": "New York"},
        destination={"address": "Los Angeles"},
        include_polyline=True,
    )
    assert len(decode(out["routes"][0]["encodedPolyline"])) <= 2000


def test_path_passes_waypoints_in_order() -> None:
    stops = [
        {"address": "Louvre"},
        {"address": "Notre Dame"},
        {"lat_lng": {"latitude": 48.87, "longitude": 2.30}},
    ]
    out = routes(
        origin={"address": "Eiffel Tower"},
        destination={"address": "Paris, France"},
        intermediate_waypoints=stops,
        include_polyline=True,
    )
    pts = decode(out["routes"][0]["encodedPolyline"])
    targets = [(48.8584, 2.2945), (48.8606, 2.3376), (48.853, 2.3499), (48.87, 2.30)]
    last = -1
    for lat, lng in targets:
        idx = min(range(len(pts)), key=lambda i: haversine_m(lat, lng, *pts[i]))
        assert haversine_m(lat, lng, *pts[idx]) < 5
        assert idx > last
        last = idx


def test_mode_speeds() -> None:
    secs = {}
    # San Jose, not Oakland: no walk or ride crosses San Francisco Bay (issue 21)
    for mode in ("DRIVE", "WALK", "BICYCLE"):
        r = routes(origin=SF, destination={"address": "San Jose"}, travel_mode=mode)["routes"][0]
        secs[mode] = int(r["duration"][:-1])
        assert ("retrievalToken" in r) == (mode == "DRIVE")
    assert secs["DRIVE"] < secs["BICYCLE"] < secs["WALK"]
    walk = routes(origin=SF, destination={"address": "San Jose"}, travel_mode="WALK")["routes"][0]
    assert walk["distanceMeters"] / secs["WALK"] == pytest.approx(4.8 / 3.6, rel=0.01)


def test_traffic_aware_depends_on_local_hour() -> None:
    def drive(hour: int, pref: str) -> int:
        t = f"2026-09-21T{hour:02d}:00:00-07:00"
        r = routes(
            origin=SF,
            destination={"address": "San Jose"},
            departure_time=t,
            routing_preference=pref,
        )["routes"][0]
        return int(r["duration"][:-1])

    aware = "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"
    assert drive(8, aware) > drive(3, aware)
    assert drive(8, "ROUTING_PREFERENCE_TRAFFIC_UNAWARE") == drive(
        3, "ROUTING_PREFERENCE_TRAFFIC_UNAWARE"
    )
    assert drive(3, "ROUTING_PREFERENCE_UNSPECIFIED") == drive(
        3, "ROUTING_PREFERENCE_TRAFFIC_UNAWARE"
    )


def test_no_route_is_an_empty_success() -> None:
    assert routes(origin={"address": "Paris"}, destination={"address": "New York"}) == {
        "routes": []
    }


def test_time_windows_at_their_edges() -> None:
    def at(delta: timedelta) -> str:
        return (NOW + delta).isoformat()

    ok = {"origin": SF, "destination": TAHOE}
    assert routes(**ok, departure_time=at(timedelta(0)))["routes"]
    assert routes(**ok, departure_time=at(timedelta(days=365)))["routes"]
    rejects(compute_routes, {**ok, "departure_time": at(timedelta(seconds=-1))}, "departure_time")
    rejects(
        compute_routes, {**ok, "arrival_time": at(timedelta(days=365, seconds=1))}, "arrival_time"
    )
    transit = {**ok, "travel_mode": "TRANSIT"}
    assert routes(**transit, departure_time=at(timedelta(days=-7)))["routes"]
    assert routes(**transit, arrival_time=at(timedelta(days=100)))["routes"]
    rejects(
        compute_routes, {**transit, "departure_time": at(timedelta(days=-7, seconds=-1))}, "TRANSIT"
    )
    rejects(
        compute_routes, {**transit, "departure_time": at(timedelta(days=100, seconds=1))}, "TRANSIT"
    )


@pytest.mark.parametrize(
    ("extra", "word"),
    [
        ({"intermediate_waypoints": [{"address": "Oakland"}] * 26}, "25"),
        ({"travel_mode": "TRANSIT", "intermediate_waypoints": [{"address": "Oakland"}]}, "TRANSIT"),
        (
            {
                "departure_time": "2026-09-19T08:00:00-07:00",
                "arrival_time": "2026-09-19T09:00:00-07:00",
            },
            "departure_time",
        ),
        ({"departure_time": "2026-09-19T08:00:00"}, "offset"),
        ({"departure_time": "tomorrow at 8"}, "RFC 3339"),
        (
            {
                "travel_mode": "WALK",
                "routing_preference": "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
            },
            "WALK",
        ),
        (
            {
                "travel_mode": "BICYCLE",
                "routing_preference": "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
            },
            "BICYCLE",
        ),
        ({"travel_mode": "FLY"}, "travel_mode"),
        ({"routing_preference": "FASTEST"}, "routing_preference"),
        ({"intermediate_waypoints": [{}]}, "intermediate_waypoints[0]"),
        (
            {
                "intermediate_waypoints": [
                    {"address": "Oakland", "lat_lng": {"latitude": 1, "longitude": 1}}
                ]
            },
            "exactly one",
        ),
        (
            {"location_bias": {"circle": {"center": {"latitude": 1, "longitude": 1}}}},
            "location_bias",
        ),
        ({"include_polyline": "yes"}, "include_polyline"),
    ],
)
def test_compute_routes_validation(extra: dict, word: str) -> None:
    rejects(compute_routes, {"origin": SF, "destination": TAHOE, **extra}, word)


def test_missing_endpoint_and_unknown_address() -> None:
    rejects(compute_routes, {"origin": SF}, "destination")
    rejects(
        compute_routes,
        {"origin": SF, "destination": {"address": "Qwxz Nowhere"}},
        "destination",
        status="NOT_FOUND",
    )


def test_location_bias_disambiguates_addresses() -> None:
    def dest(bias: dict) -> tuple[float, float]:
        out = routes(
            origin={"lat_lng": {"latitude": 40.0, "longitude": -89.0}},
            destination={"address": "Springfield"},
            include_polyline=True,
            location_bias=bias,
        )
        return decode(out["routes"][0]["encodedPolyline"])[-1]

    il = dest({"latitude": 39.8, "longitude": -89.6})
    ma = dest({"latitude": 42.1, "longitude": -72.6})
    assert haversine_m(*il, 39.8, -89.6) < 20_000 and haversine_m(*ma, 42.1, -72.6) < 30_000


def test_compute_routes_deterministic() -> None:
    args = {
        "origin": SF,
        "destination": TAHOE,
        "compute_alternative_routes": True,
        "include_polyline": True,
    }
    assert compute_routes(args, CTX) == compute_routes(dict(args), Context(now=NOW))


# --------------------------------------------------------------------------- search_along_route


def token(ctx: Context = CTX) -> str:
    return routes(ctx, origin=SF, destination=TAHOE)["routes"][0]["retrievalToken"]


def test_token_valid_for_ten_minutes() -> None:
    tok = token()
    ok = search_along_route(
        {"text_query": "gas stations", "retrieval_token": tok},
        Context(now=NOW + timedelta(minutes=9, seconds=59)),
    )
    assert ok["results"]
    rejects(
        search_along_route,
        {"text_query": "gas", "retrieval_token": tok},
        "expired",
        ctx=Context(now=NOW + timedelta(minutes=10, seconds=1)),
        status="FAILED_PRECONDITION",
    )


def test_garbled_or_unknown_token_rejected() -> None:
    tok = token()
    body = tok.split(".")[1]
    flipped = tok.replace(body, body[:-2] + ("AA" if body[-2:] != "AA" else "BB"))
    for bad in ("nope", flipped, tok + "x", "rt1.e30.000000000000"):
        rejects(
            search_along_route, {"text_query": "gas", "retrieval_token": bad}, "retrieval_token"
        )


def test_token_route_and_endpoints_route_agree() -> None:
    by_token = search_along_route({"text_query": "ev chargers", "retrieval_token": token()}, CTX)
    by_ends = search_along_route(
        {"text_query": "ev chargers", "route_endpoints": {"origin": SF, "destination": TAHOE}}, CTX
    )
    assert [r["place"]["id"] for r in by_token["results"]] == [
        r["place"]["id"] for r in by_ends["results"]
    ]


def test_results_ranked_cited_and_near_route() -> None:
    out = search_along_route(
        {"text_query": "rest stops", "route_endpoints": {"origin": SF, "destination": TAHOE}}, CTX
    )
    res = out["results"]
    assert 1 <= len(res) <= 10
    cited = sorted({int(n) for n in re.findall(r"\[(\d+)\]", out["summary"])})
    assert cited == list(range(len(res)))
    secs = [int(r["detourSummary"]["detourDuration"][:-1]) for r in res]
    assert secs == sorted(secs)
    path = decode(
        routes(origin=SF, destination=TAHOE, include_polyline=True)["routes"][0]["encodedPolyline"]
    )
    for r in res:
        loc = r["place"]["location"]
        assert min(haversine_m(loc["latitude"], loc["longitude"], *p) for p in path) < 4000
        assert r["place"]["place"] == "places/" + r["place"]["id"]


def test_detour_duration_omitted_for_encoded_polyline() -> None:
    line = routes(origin=SF, destination=TAHOE, include_polyline=True)["routes"][0][
        "encodedPolyline"
    ]
    out = search_along_route({"text_query": "coffee", "encoded_polyline": line}, CTX)
    assert out["results"]
    for r in out["results"]:
        assert "detourDuration" not in r["detourSummary"]
        assert r["detourSummary"]["localizedDetourDistance"]


@pytest.mark.parametrize(
    ("args", "word"),
    [
        ({"text_query": "gas"}, "exactly one"),
        ({"text_query": "gas", "retrieval_token": "x", "encoded_polyline": "abc"}, "exactly one"),
        ({"route_endpoints": {"origin": SF, "destination": TAHOE}}, "text_query"),
        (
            {
                "text_query": "gas",
                "route_endpoints": {"origin": SF, "destination": TAHOE},
                "travel_mode": "TRANSIT",
            },
            "TRANSIT",
        ),
        (
            {"text_query": "gas", "encoded_polyline": "_p~iF~ps|U_ulLnnqC", "travel_mode": "WALK"},
            "route_endpoints",
        ),
        (
            {"text_query": "gas", "retrieval_token": "x", "travel_mode": "BICYCLE"},
            "route_endpoints",
        ),
        (
            {
                "text_query": "gas",
                "route_endpoints": {"origin": SF, "destination": TAHOE},
                "travel_mode": "WALK",
                "routing_preference": "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
            },
            "WALK",
        ),
        ({"text_query": "gas", "encoded_polyline": "_p~iF~ps|U_"}, "encoded_polyline"),
        ({"text_query": "gas", "encoded_polyline": "_p~iF"}, "encoded_polyline"),
        ({"text_query": "gas", "route_endpoints": {"origin": SF}}, "destination"),
        (
            {
                "text_query": "gas",
                "route_endpoints": {"origin": SF, "destination": TAHOE},
                "region_code": 840,
            },
            "region_code",
        ),
    ],
)
def test_search_along_route_validation(args: dict, word: str) -> None:
    rejects(search_along_route, args, word)


def test_unknown_region_code_is_ignored_not_rejected() -> None:
    """TOOLS.md §5 item 43 is a soft rule: a three-digit code does not fail the call."""
    base = {"text_query": "gas", "route_endpoints": {"origin": SF, "destination": TAHOE}}
    assert search_along_route({**base, "region_code": "840"}, CTX) == search_along_route(base, CTX)


def test_walk_with_endpoints_allowed() -> None:
    out = search_along_route(
        {
            "text_query": "cafes",
            "travel_mode": "WALK",
            "route_endpoints": {
                "origin": {"address": "Eiffel Tower"},
                "destination": {"address": "Louvre"},
            },
        },
        CTX,
    )
    assert out["results"]
    walk_secs = int(out["results"][0]["detourSummary"]["detourDuration"][:-1])
    drive = search_along_route(
        {
            "text_query": "cafes",
            "route_endpoints": {
                "origin": {"address": "Eiffel Tower"},
                "destination": {"address": "Louvre"},
            },
        },
        CTX,
    )
    assert walk_secs > int(drive["results"][0]["detourSummary"]["detourDuration"][:-1])


def test_localized_detour_distance() -> None:
    assert localized_distance(1931) == "1.2 mi"  # default en-US
    assert localized_distance(100, "en-US") == "330 ft"
    assert localized_distance(1931, "en-GB") == "1.2 mi"
    assert localized_distance(1900, "en", "US") == "1.2 mi"
    assert localized_distance(1900, "de-DE") == "1,9 km"
    assert localized_distance(1900, "pt-BR") == "1,9 km"
    assert localized_distance(1900, "ru") == "1,9 km"
    assert localized_distance(1900, "ja") == "1.9 km"
    assert localized_distance(850, "fr-FR") == "850 m"
    assert localized_distance(1900, "en-AU") == "1.9 km"
    line = encode([(48.8584, 2.2945), (48.8606, 2.3376)])
    km = search_along_route(
        {"text_query": "bakery", "encoded_polyline": line, "language_code": "fr-FR"}, CTX
    )
    assert all(
        re.fullmatch(r"\d+(,\d)? k?m", r["detourSummary"]["localizedDetourDistance"])
        for r in km["results"]
    )
    # units follow the route's country (issue 21): Paris in metres by default, even in en-US
    en = search_along_route({"text_query": "bakery", "encoded_polyline": line}, CTX)
    assert all(
        re.fullmatch(r"\d+(\.\d)? k?m", r["detourSummary"]["localizedDetourDistance"])
        for r in en["results"]
    )
    mi = search_along_route(
        {"text_query": "bakery", "encoded_polyline": line, "region_code": "US"}, CTX
    )
    assert all(
        re.fullmatch(r"\d+(\.\d)? (mi|ft)", r["detourSummary"]["localizedDetourDistance"])
        for r in mi["results"]
    )


def test_search_along_route_deterministic() -> None:
    args = {"text_query": "coffee", "route_endpoints": {"origin": SF, "destination": TAHOE}}
    a = search_along_route(args, CTX)
    assert a == search_along_route(dict(args), Context(now=NOW))
    assert (
        a["contentToken"]
        != search_along_route({**args, "text_query": "pizza"}, CTX)["contentToken"]
    )
