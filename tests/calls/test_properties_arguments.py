"""Property: any arguments to any tool give an ``InvalidRequest`` or a request obeying TOOLS.md §5.

Each example calls a typed client method against a real local server (the fault server,
answering with a well-formed payload of the tool) and, when something was sent, checks the
recorded HTTP request against every hard rule of the §5 checklist. Nothing but
``InvalidRequest`` may come out of a refused call, and a refused call sends nothing.
"""

from __future__ import annotations

import copy
import datetime as dt
import json
import math
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import event, given
from hypothesis import strategies as st

import mapsnb
from mapsnb import Circle, InvalidRequest, LatLng, PlaceId, Viewport
from mapsnb.polyline import decode, encode
from tests.hypothesis_setup import examples
from tests.servers import TOOL_NAMES
from tests.servers.fault_server import FaultServer, Recorded, Reply, rpc_result, tool_result
from tests.servers.sdk_server import PAYLOADS

KEY = "FAKE-properties-key-0123456789abcdef"
RFC3339 = re.compile(
    r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})", re.ASCII
)
REGION = re.compile(r"[A-Za-z]{2}", re.ASCII)
TRAFFIC_AWARE = "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"
PREFERENCES = {TRAFFIC_AWARE, "ROUTING_PREFERENCE_TRAFFIC_UNAWARE"}


class PayloadServer(FaultServer):
    """The fault server answering each tool with its well-formed payload."""

    def mcp_reply(self, req: Recorded) -> Reply:
        if req.rpc_method == "tools/call":
            name = req.json["params"]["name"]
            return rpc_result(req, tool_result(copy.deepcopy(PAYLOADS[name])))
        return super().mcp_reply(req)


@pytest.fixture(scope="module")
def client() -> Iterator[tuple[mapsnb.Client, PayloadServer]]:
    with (
        PayloadServer(sessions=False) as server,
        mapsnb.Client(KEY, url=server.url, protocol="stateless", max_retries=0) as c,
    ):
        yield c, server


# ------------------------------------------------------------------------------ strategies
def mostly(good: st.SearchStrategy[Any], bad: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Three draws in four from ``good``: enough requests get sent to check them."""
    return st.one_of(good, good, good, bad)


huge = st.sampled_from([10**40, -(10**400), 2**64, float("inf"), float("-inf"), float("nan")])
numbers = st.one_of(
    st.integers(-200, 200),
    st.floats(-200, 200),
    st.floats(allow_nan=True, allow_infinity=True),
    huge,
    st.builds(np.float64, st.floats(-100, 100)),
    st.builds(np.int64, st.integers(-100, 100)),
)
bad_texts = st.one_of(
    st.text(max_size=6),
    st.sampled_from(["", " ", "\n", "US\n", "840", "USA", "\x00"]),
)
good_texts = st.one_of(
    st.sampled_from(["Paris", "pizza in Rome", "Louvre Museum", " café ", "東京タワー", "a\nb"]),
    st.text(min_size=1, max_size=8).filter(str.strip),
)
texts = mostly(good_texts, bad_texts)
scalars = st.one_of(st.none(), st.booleans(), numbers, bad_texts, st.binary(max_size=3))
junk = st.recursive(
    scalars,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.tuples(inner, inner),
        st.dictionaries(st.one_of(bad_texts, st.integers()), inner, max_size=2),
    ),
    max_leaves=3,
)
lats, lngs = st.floats(-90, 90), st.floats(-180, 180)
good_points = st.one_of(
    st.tuples(lats, lngs),
    st.builds(LatLng, lats, lngs),
    st.builds(lambda a, b: [a, b], lats, lngs),
)
lat_lngs = mostly(
    good_points,
    st.one_of(st.tuples(numbers, numbers), st.builds(LatLng, numbers, numbers), junk),
)
good_locations = st.one_of(
    good_texts,
    good_points,
    st.builds(PlaceId, st.sampled_from(["ChIJ53I1Yn2AhYAR_Vl1vNygfMg", "places/ChIJx"])),
    st.builds(lambda t: {"address": t}, good_texts),
    st.builds(lambda a, b: {"lat_lng": {"latitude": a, "longitude": b}}, lats, lngs),
    st.builds(lambda t: {"placeId": t}, good_texts),
)
locations = mostly(
    good_locations,
    st.one_of(
        st.fixed_dictionaries(
            {},
            optional={"address": texts, "lat_lng": junk, "place_id": texts, "other": junk},
        ),
        bad_texts,
        junk,
    ),
)


def _circle(*args: Any) -> Any:
    """``Circle(*args)``, or the bare tuple when the constructor refuses the form."""
    try:
        return Circle(*args)
    except InvalidRequest:
        return args


radii = mostly(st.one_of(st.none(), st.floats(1, 50_000), st.integers(1, 50_000)), numbers)
circles = mostly(
    st.one_of(
        st.builds(_circle, lats, lngs, radii),
        st.builds(_circle, good_points, radii),
        st.builds(lambda a, b, r: (a, b, r), lats, lngs, st.integers(1, 50_000)),
        st.builds(
            lambda a, b, r: {
                "circle": {"center": {"latitude": a, "longitude": b}, "radius_meters": r}
            },
            lats,
            lngs,
            radii,
        ),
    ),
    st.one_of(
        st.builds(
            _circle, st.one_of(numbers, lat_lngs), numbers, st.one_of(st.none(), numbers, junk)
        ),
        st.tuples(numbers, numbers, numbers),
        st.fixed_dictionaries(
            {
                "circle": st.fixed_dictionaries(
                    {}, optional={"center": junk, "radius_meters": numbers}
                )
            }
        ),
        st.builds(Viewport, lat_lngs, lat_lngs),
        junk,
    ),
)
viewports = mostly(
    st.builds(lambda a, b, c, d: Viewport((min(a, c), b), (max(a, c), d)), lats, lngs, lats, lngs),
    st.one_of(
        st.builds(Viewport, lat_lngs, lat_lngs),
        st.fixed_dictionaries(
            {"viewport": st.fixed_dictionaries({}, optional={"low": junk, "high": lat_lngs})}
        ),
        circles,
    ),
)
now = dt.datetime.now(dt.UTC)
offsets = st.sampled_from(
    [dt.UTC, dt.timezone(dt.timedelta(hours=-7)), dt.timezone(dt.timedelta(seconds=18030))]
)
times = mostly(
    st.one_of(
        st.builds(
            lambda d, tz: (now + d).astimezone(tz),
            st.timedeltas(dt.timedelta(days=-9), dt.timedelta(days=400)),
            offsets,
        ),
        st.builds(
            lambda d: (now + d).isoformat(),
            st.timedeltas(dt.timedelta(days=-2), dt.timedelta(days=120)),
        ),
        st.builds(
            lambda d: pd.Timestamp(now + d), st.timedeltas(dt.timedelta(0), dt.timedelta(days=90))
        ),
    ),
    st.one_of(st.datetimes(timezones=st.just(dt.UTC)), st.datetimes(), junk),
)
dates = mostly(
    st.one_of(
        st.dates(),
        st.builds(lambda d: d.isoformat(), st.dates()),
        st.builds(lambda d: {"year": d.year, "month": d.month, "day": d.day}, st.dates()),
        st.builds(pd.Timestamp, st.dates()),
        st.builds(np.datetime64, st.dates()),
    ),
    st.one_of(
        st.datetimes(),
        st.fixed_dictionaries({"year": numbers, "month": numbers, "day": numbers}),
        st.builds(
            pd.Timestamp,
            st.datetimes(min_value=dt.datetime(1700, 1, 1), max_value=dt.datetime(2200, 1, 1)),
        ),
        junk,
    ),
)
modes = mostly(
    st.sampled_from(
        ["DRIVE", "drive", "BICYCLE", "walk", "transit", "ROUTE_TRAVEL_MODE_UNSPECIFIED"]
    ),
    st.one_of(st.just("fly"), junk),
)
preferences = mostly(
    st.sampled_from(
        ["traffic_aware", "TRAFFIC_AWARE_OPTIMAL", "ROUTING_PREFERENCE_TRAFFIC_UNAWARE", "unaware"]
    ),
    st.one_of(st.just("x"), junk),
)
polylines = mostly(
    st.builds(encode, st.lists(st.tuples(lats, lngs), min_size=2, max_size=4)),
    st.one_of(st.builds(encode, st.lists(st.tuples(lats, lngs), max_size=1)), bad_texts, junk),
)
many = mostly(
    st.one_of(
        st.lists(good_texts, min_size=1, max_size=20),
        st.builds(iter, st.lists(good_texts, min_size=1, max_size=20)),
        st.lists(st.builds(lambda t: {"text": t}, good_texts), min_size=1, max_size=20),
    ),
    st.one_of(st.lists(st.one_of(texts, junk), max_size=22), junk),
)
booleans = mostly(st.booleans(), junk)


# ------------------------------------------------------------------------------ §5 rules
def _sent(server: PayloadServer, before: int) -> Recorded | None:
    calls = [r for r in server.requests[before:] if r.rpc_method == "tools/call"]
    assert len(calls) <= 1
    return calls[0] if calls else None


def _general(req: Recorded, tool: str) -> dict[str, Any]:
    """Rules 1–4; returns the arguments."""
    assert req.method == "POST" and req.path.endswith("/mcp")
    assert req.headers["content-type"] == "application/json"
    assert {"application/json", "text/event-stream"} <= {
        a.strip() for a in req.headers["accept"].split(",")
    }

    def no_constants(name: str) -> Any:
        raise AssertionError(f"{name} is not JSON")

    body = json.loads(req.body, parse_constant=no_constants)
    assert body["jsonrpc"] == "2.0" and isinstance(body["id"], int)
    assert body["method"] == "tools/call"
    assert body["params"]["name"] == tool and tool in TOOL_NAMES
    args = body["params"]["arguments"]
    assert isinstance(args, dict)
    _coordinates(args)
    return args


def _coordinates(value: Any) -> None:
    """Rule 4, everywhere in the arguments."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("latitude", "longitude"):
                limit = 90 if k == "latitude" else 180
                assert type(v) in (int, float) and math.isfinite(v) and -limit <= v <= limit, (k, v)
            _coordinates(v)
    elif isinstance(value, list):
        for v in value:
            _coordinates(v)


def _text(value: Any) -> None:
    assert isinstance(value, str) and value.strip(), value


def _bool(value: Any) -> None:
    assert type(value) is bool


def _region(value: Any) -> None:
    assert isinstance(value, str) and REGION.fullmatch(value), value


def _lat_lng(value: Any) -> None:
    assert isinstance(value, dict) and set(value) == {"latitude", "longitude"}, value


def _location(value: Any) -> None:
    assert isinstance(value, dict) and len(value) == 1, value
    ((kind, inner),) = value.items()
    assert kind in ("address", "lat_lng", "place_id"), kind
    if kind == "lat_lng":
        _lat_lng(inner)
    else:
        _text(inner)


def _only(args: dict[str, Any], allowed: set[str]) -> None:
    assert set(args) <= allowed, set(args) - allowed


def check_search_places(args: dict[str, Any]) -> None:
    _only(
        args,
        {
            "text_query",
            "location_bias",
            "language_code",
            "region_code",
            "page_size",
            "include_extended_details",
        },
    )
    _text(args["text_query"])  # 5
    if "page_size" in args:  # 6
        assert type(args["page_size"]) is int and 1 <= args["page_size"] <= 10
    if "location_bias" in args:  # 7, 8
        bias = args["location_bias"]
        assert set(bias) == {"circle"} and set(bias["circle"]) <= {"center", "radius_meters"}
        _lat_lng(bias["circle"]["center"])
        if "radius_meters" in bias["circle"]:
            r = bias["circle"]["radius_meters"]
            assert type(r) in (int, float) and 0 < r <= 50_000
    if "language_code" in args:
        _text(args["language_code"])
    if "region_code" in args:  # 10
        _region(args["region_code"])
    if "include_extended_details" in args:  # 11
        _bool(args["include_extended_details"])


def check_lookup_weather(args: dict[str, Any]) -> None:
    _only(
        args,
        {
            "location",
            "capabilities",
            "date",
            "hour",
            "weather_options",
            "language_code",
            "air_quality_options",
        },
    )
    _location(args["location"])  # 12
    caps = args["capabilities"]  # 13
    assert isinstance(caps, list) and caps and set(caps) <= {"WEATHER", "AIR_QUALITY", "POLLEN"}
    if "hour" in args:  # 14, 15
        assert "date" in args
        assert type(args["hour"]) is int and 0 <= args["hour"] <= 23
    if "date" in args:  # 16
        d = args["date"]
        assert set(d) == {"year", "month", "day"} and all(type(v) is int for v in d.values())
        dt.date(d["year"], d["month"], d["day"])
    if "weather_options" in args:  # 17
        assert args["weather_options"] == {"units_system": args["weather_options"]["units_system"]}
        assert args["weather_options"]["units_system"] in ("METRIC", "IMPERIAL")
    if "air_quality_options" in args:  # 19
        aq = args["air_quality_options"]
        assert aq and set(aq) <= {"index_region_code", "include_pollutant_concentration"}
        if "index_region_code" in aq:
            _region(aq["index_region_code"])
        if "include_pollutant_concentration" in aq:
            _bool(aq["include_pollutant_concentration"])


def check_compute_routes(args: dict[str, Any], started: dt.datetime) -> None:
    _only(
        args,
        {
            "origin",
            "destination",
            "intermediate_waypoints",
            "travel_mode",
            "departure_time",
            "arrival_time",
            "routing_preference",
            "location_bias",
            "compute_alternative_routes",
            "include_polyline",
        },
    )
    _location(args["origin"])  # 23, 24
    _location(args["destination"])
    mode = args.get("travel_mode", "DRIVE")
    assert mode in ("DRIVE", "WALK", "BICYCLE", "TRANSIT")  # 28
    waypoints = args.get("intermediate_waypoints", [])
    assert isinstance(waypoints, list) and len(waypoints) <= 25  # 25
    assert not (waypoints and mode == "TRANSIT")  # 26
    for w in waypoints:
        _location(w)
    assert not ("departure_time" in args and "arrival_time" in args)  # 29
    for name in ("departure_time", "arrival_time"):
        if name in args:
            text = args[name]
            assert isinstance(text, str) and RFC3339.fullmatch(text), text  # 30
            when = pd.Timestamp(text).to_pydatetime()
            checked = dt.datetime.now(dt.UTC)
            if mode == "TRANSIT":  # 31
                lo, hi = started - dt.timedelta(days=7), checked + dt.timedelta(days=100)
            else:  # 32 (a minute of grace for clock skew)
                lo, hi = started - dt.timedelta(minutes=1), checked + dt.timedelta(days=365)
            assert lo <= when <= hi, (mode, text)
    if "routing_preference" in args:  # 33
        assert args["routing_preference"] in PREFERENCES
        assert not (args["routing_preference"] == TRAFFIC_AWARE and mode in ("WALK", "BICYCLE"))
    if "location_bias" in args:  # 34
        _lat_lng(args["location_bias"])
    for name in ("compute_alternative_routes", "include_polyline"):
        if name in args:
            _bool(args[name])


def check_search_along_route(args: dict[str, Any]) -> None:
    _only(
        args,
        {
            "text_query",
            "retrieval_token",
            "route_endpoints",
            "encoded_polyline",
            "travel_mode",
            "routing_preference",
            "include_extended_details",
            "language_code",
            "region_code",
        },
    )
    _text(args["text_query"])  # 35
    specs = [k for k in ("retrieval_token", "route_endpoints", "encoded_polyline") if k in args]
    assert len(specs) == 1  # 36
    if "route_endpoints" in args:  # 37
        ends = args["route_endpoints"]
        assert set(ends) == {"origin", "destination"}
        _location(ends["origin"])
        _location(ends["destination"])
    mode = args.get("travel_mode", "DRIVE")
    assert mode in ("DRIVE", "WALK", "BICYCLE")  # 38
    if mode in ("WALK", "BICYCLE"):  # 39
        assert specs == ["route_endpoints"]
    if "routing_preference" in args:  # 40
        assert args["routing_preference"] in PREFERENCES
        assert not (args["routing_preference"] == TRAFFIC_AWARE and mode in ("WALK", "BICYCLE"))
    if "retrieval_token" in args:
        _text(args["retrieval_token"])
    if "encoded_polyline" in args:  # 42: a decodable route of at least two valid points
        points = decode(args["encoded_polyline"])
        assert len(points) >= 2
        for lat, lng in points:
            assert -90 <= lat <= 90 and -180 <= lng <= 180
    if "include_extended_details" in args:
        _bool(args["include_extended_details"])
    for name in ("language_code", "region_code"):
        if name in args:
            _text(args[name])


def check_resolve_names(args: dict[str, Any]) -> None:
    _only(args, {"queries", "location_bias", "region_code"})
    queries = args["queries"]  # 44, 45
    assert isinstance(queries, list) and 1 <= len(queries) <= 20
    for q in queries:
        assert set(q) == {"text"}
        _text(q["text"])
    if "location_bias" in args:  # 47
        vp = args["location_bias"]
        assert set(vp) == {"viewport"} and set(vp["viewport"]) == {"low", "high"}
        _lat_lng(vp["viewport"]["low"])
        _lat_lng(vp["viewport"]["high"])
    if "region_code" in args:  # 48
        _region(args["region_code"])


def check_resolve_maps_urls(args: dict[str, Any]) -> None:
    _only(args, {"urls"})
    urls = args["urls"]  # 49
    assert isinstance(urls, list) and 1 <= len(urls) <= 20
    for u in urls:
        _text(u)


def _run(client: Any, tool: str, call: Any, check: Any) -> None:
    c, server = client
    before = len(server.requests)
    started = dt.datetime.now(dt.UTC)
    try:
        result = call(c)
    except InvalidRequest as exc:
        assert exc.field and exc.rule
        assert _sent(server, before) is None  # refused: nothing was sent, nothing billed
        event(f"refused: {exc.field.split('.')[0].split('[')[0]}")
        return
    event("sent")
    req = _sent(server, before)
    assert req is not None
    args = _general(req, tool)
    if check is check_compute_routes:
        check(args, started)
    else:
        check(args)
    assert result.request == args  # the result remembers exactly what was sent


# ------------------------------------------------------------------------------ properties
@examples(400)
@given(
    text_query=texts,
    kwargs=st.fixed_dictionaries(
        {},
        optional={
            "location_bias": circles,
            "language_code": texts,
            "region_code": mostly(st.sampled_from(["US", "fr", "Gb"]), bad_texts),
            "page_size": mostly(st.integers(1, 10), st.one_of(st.integers(-2, 12), numbers, junk)),
            "include_extended_details": booleans,
        },
    ),
)
def test_search_places_arguments(client: Any, text_query: Any, kwargs: dict[str, Any]) -> None:
    _run(
        client,
        "search_places",
        lambda c: c.search_places(text_query, **kwargs),
        check_search_places,
    )


@examples(400)
@given(
    location=locations,
    kwargs=st.fixed_dictionaries(
        {},
        optional={
            "date": dates,
            "hour": mostly(st.integers(0, 23), st.one_of(st.integers(-2, 25), numbers, junk)),
            "units_system": mostly(st.sampled_from(["metric", "IMPERIAL"]), st.just("kelvin")),
            "language_code": texts,
            "include_pollutant_concentration": booleans,
            "index_region_code": mostly(st.sampled_from(["US", "fr"]), bad_texts),
        },
    ),
    capabilities=mostly(
        st.one_of(
            st.lists(st.sampled_from(["WEATHER", "air_quality", "POLLEN"]), min_size=1, max_size=4),
            st.sampled_from(["WEATHER", "pollen", "Air-Quality"]),
        ),
        st.one_of(st.lists(st.sampled_from(["rain", "WEATHER"]), max_size=2), junk),
    ),
)
def test_lookup_weather_arguments(
    client: Any, location: Any, kwargs: dict[str, Any], capabilities: Any
) -> None:
    _run(
        client,
        "lookup_weather",
        lambda c: c.lookup_weather(location, capabilities=capabilities, **kwargs),
        check_lookup_weather,
    )


@examples(400)
@given(
    origin=locations,
    destination=locations,
    kwargs=st.fixed_dictionaries(
        {},
        optional={
            "intermediate_waypoints": mostly(
                st.lists(good_locations, max_size=4),
                st.one_of(
                    st.lists(locations, max_size=27),
                    st.builds(iter, st.lists(texts, max_size=27)),
                    junk,
                ),
            ),
            "travel_mode": modes,
            "departure_time": times,
            "arrival_time": times,
            "routing_preference": preferences,
            "location_bias": mostly(good_points, st.one_of(lat_lngs, circles, junk)),
            "compute_alternative_routes": booleans,
            "include_polyline": booleans,
        },
    ),
)
def test_compute_routes_arguments(
    client: Any, origin: Any, destination: Any, kwargs: dict[str, Any]
) -> None:
    _run(
        client,
        "compute_routes",
        lambda c: c.compute_routes(origin, destination, **kwargs),
        check_compute_routes,
    )


route_specs = mostly(
    st.one_of(
        st.fixed_dictionaries({"retrieval_token": good_texts}),
        st.fixed_dictionaries({"encoded_polyline": polylines}),
        st.fixed_dictionaries({"origin": locations, "destination": locations}),
    ),
    st.fixed_dictionaries(
        {},
        optional={
            "retrieval_token": texts,
            "origin": locations,
            "destination": locations,
            "encoded_polyline": polylines,
        },
    ),
)


@examples(400)
@given(
    text_query=texts,
    spec=route_specs,
    kwargs=st.fixed_dictionaries(
        {},
        optional={
            "travel_mode": modes,
            "routing_preference": preferences,
            "include_extended_details": booleans,
            "language_code": texts,
            "region_code": texts,
        },
    ),
)
def test_search_along_route_arguments(
    client: Any, text_query: Any, spec: dict[str, Any], kwargs: dict[str, Any]
) -> None:
    _run(
        client,
        "search_along_route",
        lambda c: c.search_along_route(text_query, **spec, **kwargs),
        check_search_along_route,
    )


@examples(250)
@given(
    queries=many,
    kwargs=st.fixed_dictionaries(
        {},
        optional={
            "location_bias": viewports,
            "region_code": mostly(st.sampled_from(["US", "fr"]), bad_texts),
        },
    ),
)
def test_resolve_names_arguments(client: Any, queries: Any, kwargs: dict[str, Any]) -> None:
    _run(client, "resolve_names", lambda c: c.resolve_names(queries, **kwargs), check_resolve_names)


@examples(200)
@given(urls=many)
def test_resolve_maps_urls_arguments(client: Any, urls: Any) -> None:
    _run(client, "resolve_maps_urls", lambda c: c.resolve_maps_urls(urls), check_resolve_maps_urls)
