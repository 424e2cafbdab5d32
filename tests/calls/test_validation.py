"""Request validation (TOOLS.md §5, items 4–50) and the exact wire arguments of accepted input.

Rejections go through the public client methods of a client pointed at 127.0.0.1:9 (a closed
port): an ``InvalidRequest`` there proves the rule was checked before anything was sent, since
sending would have raised ``TransportError``. "Sends" means the opposite: validation passed and
the client tried the network.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import math
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb import polyline
from mapsnb._calls import arguments as rq
from mapsnb.errors import InvalidRequest, TransportError
from mapsnb.results import RoutesResult

CLOSED_URL = "http://127.0.0.1:9/mcp"
NOW = dt.datetime(2026, 9, 18, 15, 0, tzinfo=dt.UTC)
DAY = dt.timedelta(days=1)
POLY = polyline.encode([(37.7749, -122.4194), (37.8, -122.3)])
ENDPOINTS = {"origin": "San Francisco, CA", "destination": "Lake Tahoe, CA"}

Call = Callable[[Any], Any]


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    c = mapsnb.Client(url=CLOSED_URL, api_key="fake-key-for-a-closed-server", max_retries=0)
    yield c
    c.close()


def _routes(
    *,
    token: str | None = "TOKEN",
    poly: str | None = POLY,
    request: dict[str, Any] | None = None,
    issued_at: dt.datetime | None = NOW,
) -> RoutesResult:
    route: dict[str, Any] = {"distanceMeters": 1000, "duration": "60s"}
    if token:
        route["retrievalToken"] = token
    if poly:
        route["encodedPolyline"] = poly
    result = RoutesResult.from_payload({"routes": [route]}, request=request or {}, source="live")
    assert isinstance(result, RoutesResult)
    result._issued_at = issued_at
    return result


# =============================================================================== rejections
def r(call: Call, field: str, *words: str, id: str) -> Any:
    return pytest.param(call, field, words, id=id)


REJECTED = [
    # --- 4: latitude / longitude ranges, everywhere a point goes
    r(lambda c: c.lookup_weather((91, 0), capabilities="WEATHER"), "location.lat_lng.latitude", "[-90, 90]", id="4-lat-91"),
    r(lambda c: c.lookup_weather((-91, 0), capabilities="WEATHER"), "location.lat_lng.latitude", "[-90, 90]", id="4-lat--91"),
    r(lambda c: c.lookup_weather((math.nan, 0), capabilities="WEATHER"), "location.lat_lng.latitude", "nan", id="4-lat-nan"),
    r(lambda c: c.compute_routes(mapsnb.LatLng(0, 181), "Paris"), "origin.lat_lng.longitude", "[-180, 180]", id="4-lng-181"),
    r(lambda c: c.compute_routes("Paris", {"lat_lng": {"latitude": 0, "longitude": -181}}), "destination.lat_lng.longitude", "[-180, 180]", id="4-lng-dict"),
    r(lambda c: c.compute_routes("a", "b", intermediate_waypoints=[(95, 0)]), "intermediate_waypoints[0].lat_lng.latitude", "[-90, 90]", id="4-waypoint"),
    r(lambda c: c.compute_routes("a", "b", location_bias=(0, 200)), "location_bias.longitude", "[-180, 180]", id="4-routes-bias"),
    r(lambda c: c.search_places("pizza", location_bias=mapsnb.Circle(91, 0, 100)), "location_bias.center.latitude", "[-90, 90]", id="4-circle"),
    r(lambda c: c.search_along_route("gas", origin=(0, 181), destination="b"), "origin.lat_lng.longitude", "[-180, 180]", id="4-along-origin"),
    r(lambda c: c.resolve_names(["x"], location_bias=mapsnb.Viewport((91, 0), (92, 1))), "location_bias.viewport.low.latitude", "[-90, 90]", id="4-viewport"),
    r(lambda c: c.search_along_route("gas", encoded_polyline=polyline.encode([(95, 0), (0, 0)])), "encoded_polyline[0].latitude", "[-90, 90]", id="4-polyline-point"),
    r(lambda c: c.lookup_weather(("1", 2), capabilities="WEATHER"), "location.lat_lng.latitude", "number", id="4-lat-str"),
    # --- 5: search_places text_query
    r(lambda c: c.search_places(""), "text_query", "non-empty", id="5-empty"),
    r(lambda c: c.search_places("   "), "text_query", "non-empty", id="5-blank"),
    r(lambda c: c.search_places(None), "text_query", "non-empty", id="5-none"),
    r(lambda c: c.search_places(42), "text_query", "string", id="5-int"),
    # --- 6: page_size
    r(lambda c: c.search_places("pizza", page_size=0), "page_size", "1 to 10", id="6-0"),
    r(lambda c: c.search_places("pizza", page_size=11), "page_size", "1 to 10", id="6-11"),
    r(lambda c: c.search_places("pizza", page_size=True), "page_size", "integer", id="6-true"),
    r(lambda c: c.search_places("pizza", page_size="5"), "page_size", "integer", id="6-str"),
    r(lambda c: c.search_places("pizza", page_size=2.5), "page_size", "integer", id="6-float"),
    # --- 7: location_bias is a circle with a centre
    r(lambda c: c.search_places("pizza", location_bias=mapsnb.Viewport((1, 2), (3, 4))), "location_bias", "Circle", id="7-viewport"),
    r(lambda c: c.search_places("pizza", location_bias={"viewport": {}}), "location_bias", "circle", id="7-dict-viewport"),
    r(lambda c: c.search_places("pizza", location_bias={"circle": {"radius_meters": 10}}), "location_bias.circle.center", "required", id="7-no-center"),
    r(lambda c: c.search_places("pizza", location_bias=(1, 2, 3, 4)), "location_bias", "Circle", id="7-tuple"),
    # --- 8: radius
    r(lambda c: c.search_places("pizza", location_bias=mapsnb.Circle(1, 2, 0)), "location_bias.radius_m", "> 0", id="8-r0"),
    r(lambda c: c.search_places("pizza", location_bias=mapsnb.Circle(1, 2, -1)), "location_bias.radius_m", "> 0", id="8-r-1"),
    r(lambda c: c.search_places("pizza", location_bias=mapsnb.Circle(1, 2, 50_001)), "location_bias.radius_m", "50000", id="8-r50001"),
    r(lambda c: c.search_places("pizza", location_bias={"circle": {"center": {"latitude": 1, "longitude": 2}, "radiusMeters": 50_001}}), "location_bias.radius_m", "50000", id="8-dict-camel"),
    # --- 10: region_code (search_places)
    r(lambda c: c.search_places("pizza", region_code="USA"), "region_code", "two-letter", id="10-USA"),
    r(lambda c: c.search_places("pizza", region_code="840"), "region_code", "no digits", id="10-840"),
    r(lambda c: c.search_places("pizza", region_code="U"), "region_code", "two-letter", id="10-U"),
    # --- 11: include_extended_details
    r(lambda c: c.search_places("pizza", include_extended_details="yes"), "include_extended_details", "True or False", id="11-str"),
    r(lambda c: c.search_places("pizza", include_extended_details=1), "include_extended_details", "True or False", id="11-int"),
    # --- 12: weather location has exactly one alternative
    r(lambda c: c.lookup_weather({"address": "Paris", "place_id": "ChIJLU7jZClu5kcR4PcOOO6p3I0"}, capabilities="WEATHER"), "location", "exactly one", id="12-two"),
    r(lambda c: c.lookup_weather({"address": "Paris", "latLng": {"latitude": 1, "longitude": 2}}, capabilities="WEATHER"), "location", "exactly one", id="12-two-camel"),
    r(lambda c: c.lookup_weather({}, capabilities="WEATHER"), "location", "exactly one", id="12-none"),
    r(lambda c: c.lookup_weather(None, capabilities="WEATHER"), "location", "required", id="12-None"),
    r(lambda c: c.lookup_weather({"city": "Paris"}, capabilities="WEATHER"), "location", "unknown key", id="12-unknown-key"),
    r(lambda c: c.lookup_weather(3.5, capabilities="WEATHER"), "location", "address", id="12-float"),
    # --- 13: capabilities
    r(lambda c: c.lookup_weather("Paris", capabilities=[]), "capabilities", "at least one", id="13-empty"),
    r(lambda c: c.lookup_weather("Paris", capabilities=["SUNSHINE"]), "capabilities", "WEATHER, AIR_QUALITY, POLLEN", id="13-unknown"),
    r(lambda c: c.lookup_weather("Paris", capabilities=["WEATHER", "UV"]), "capabilities", "'UV'", id="13-one-unknown"),
    r(lambda c: c.lookup_weather("Paris", capabilities={"WEATHER": 1}), "capabilities", "WEATHER, AIR_QUALITY, POLLEN", id="13-mapping"),
    # --- 14/15: hour
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", hour=13), "hour", "date", id="14-hour-without-date"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-09-18", hour=24), "hour", "0 to 23", id="15-24"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-09-18", hour=-1), "hour", "0 to 23", id="15--1"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-09-18", hour=True), "hour", "integer", id="15-true"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-09-18", hour=13.5), "hour", "integer", id="15-float"),
    # --- 16: date is a real calendar date
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-02-30"), "date", "real calendar date", id="16-feb-30"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date={"year": 2026, "month": 2, "day": 30}), "date", "real calendar date", id="16-dict-feb-30"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date={"year": 2026, "month": 2}), "date", "real calendar date", id="16-dict-no-day"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="tomorrow"), "date", "YYYY-MM-DD", id="16-word"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date=dt.datetime(2026, 9, 18, 13)), "date", "not a datetime", id="16-datetime"),
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date=20260918), "date", "datetime.date", id="16-int"),
    # --- 17/19: units, index region
    r(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", units_system="KELVIN"), "units_system", "METRIC, IMPERIAL", id="17-kelvin"),
    r(lambda c: c.lookup_weather("Paris", capabilities="AIR_QUALITY", index_region_code="USA"), "index_region_code", "two-letter", id="19-USA"),
    r(lambda c: c.lookup_weather("Paris", capabilities="AIR_QUALITY", index_region_code="840"), "index_region_code", "two-letter", id="19-840"),
    r(lambda c: c.lookup_weather("Paris", capabilities="AIR_QUALITY", include_pollutant_concentration="yes"), "include_pollutant_concentration", "True or False", id="aq-bool"),
    # --- 23/24: origin, destination, waypoints
    r(lambda c: c.compute_routes(None, "Paris"), "origin", "required", id="23-no-origin"),
    r(lambda c: c.compute_routes("Paris", None), "destination", "required", id="23-no-destination"),
    r(lambda c: c.compute_routes("", "Paris"), "origin", "non-empty", id="23-empty-origin"),
    r(lambda c: c.compute_routes({}, "Paris"), "origin", "exactly one", id="24-origin-none"),
    r(lambda c: c.compute_routes("a", {"address": "b", "place_id": "ChIJt_5xIthw5EARoJ71mGq7t74"}), "destination", "exactly one", id="24-destination-two"),
    r(lambda c: c.compute_routes("a", "b", intermediate_waypoints=["c", {"address": "d", "lat_lng": (1, 2)}]), "intermediate_waypoints[1]", "exactly one", id="24-waypoint-two"),
    r(lambda c: c.compute_routes("a", "b", intermediate_waypoints="c"), "intermediate_waypoints", "list", id="24-waypoints-str"),
    # --- 25/26: waypoint count, TRANSIT
    r(lambda c: c.compute_routes("a", "b", intermediate_waypoints=[f"w{i}" for i in range(26)]), "intermediate_waypoints", "25", id="25-26-waypoints"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", intermediate_waypoints=["c"]), "intermediate_waypoints", "TRANSIT", id="26-transit-waypoints"),
    # --- 28: travel_mode
    r(lambda c: c.compute_routes("a", "b", travel_mode="CAR"), "travel_mode", "DRIVE, WALK, BICYCLE, TRANSIT", id="28-car"),
    r(lambda c: c.compute_routes("a", "b", travel_mode=1), "travel_mode", "DRIVE", id="28-int"),
    # --- 29/30: times
    r(lambda c: c.compute_routes("a", "b", departure_time=c.now() + DAY, arrival_time=c.now() + 2 * DAY), "departure_time", "at most one", id="29-both"),
    r(lambda c: c.compute_routes("a", "b", departure_time=(c.now() + DAY).replace(tzinfo=None)), "departure_time", "naive", id="30-naive"),
    r(lambda c: c.compute_routes("a", "b", departure_time=f"{(c.now() + DAY):%Y-%m-%dT%H:%M:%S}"), "departure_time", "UTC offset", id="30-no-offset"),
    r(lambda c: c.compute_routes("a", "b", arrival_time=f"{(c.now() + DAY):%Y-%m-%d %H:%M}"), "arrival_time", "RFC 3339", id="30-arrival-no-seconds"),
    r(lambda c: c.compute_routes("a", "b", departure_time="tomorrow at 8am"), "departure_time", "RFC 3339", id="30-words"),
    r(lambda c: c.compute_routes("a", "b", departure_time="2026-13-45T08:00:00Z"), "departure_time", "real date", id="30-bad-calendar"),
    r(lambda c: c.compute_routes("a", "b", departure_time=1789743600), "departure_time", "RFC 3339", id="30-epoch"),
    # --- 31: TRANSIT window [now-7d, now+100d]
    r(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", departure_time=c.now() - 8 * DAY), "departure_time", "7 days", id="31-transit-minus-8d"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", arrival_time=c.now() - 8 * DAY), "arrival_time", "7 days", id="31-transit-arrival-minus-8d"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", departure_time=c.now() + 101 * DAY), "departure_time", "100 days", id="31-transit-plus-101d"),
    # --- 32: DRIVE/WALK/BICYCLE window [now, now+365d]
    r(lambda c: c.compute_routes("a", "b", departure_time=c.now() - dt.timedelta(hours=1)), "departure_time", "past", id="32-drive-past"),
    r(lambda c: c.compute_routes("a", "b", departure_time="2020-01-01T08:00:00+01:00"), "departure_time", "past", id="32-drive-past-str"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="WALK", departure_time=c.now() - DAY), "departure_time", "past", id="32-walk-past"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="BICYCLE", arrival_time=c.now() - DAY), "arrival_time", "past", id="32-bicycle-arrival-past"),
    r(lambda c: c.compute_routes("a", "b", departure_time=c.now() + 366 * DAY), "departure_time", "365 days", id="32-drive-366d"),
    # --- 33: routing preference
    r(lambda c: c.compute_routes("a", "b", routing_preference="FASTEST"), "routing_preference", "ROUTING_PREFERENCE_TRAFFIC_UNAWARE", id="33-unknown"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="WALK", routing_preference="ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"), "routing_preference", "WALK", id="33-walk-aware"),
    r(lambda c: c.compute_routes("a", "b", travel_mode="BICYCLE", routing_preference="traffic_aware_optimal"), "routing_preference", "BICYCLE", id="33-bicycle-aware"),
    # --- 34: routes location_bias is a bare point; booleans
    r(lambda c: c.compute_routes("Springfield", "b", location_bias=mapsnb.Circle(1, 2, 100)), "location_bias", "bare point", id="34-circle"),
    r(lambda c: c.compute_routes("Springfield", "b", location_bias=mapsnb.Viewport((1, 2), (3, 4))), "location_bias", "bare point", id="34-viewport"),
    r(lambda c: c.compute_routes("a", "b", compute_alternative_routes="yes"), "compute_alternative_routes", "True or False", id="34-alternatives"),
    r(lambda c: c.compute_routes("a", "b", include_polyline=1), "include_polyline", "True or False", id="34-polyline"),
    # --- 35-37: along route text and route spec
    r(lambda c: c.search_along_route("", **ENDPOINTS), "text_query", "non-empty", id="35-empty-query"),
    r(lambda c: c.search_along_route("gas"), "route", "exactly one", id="36-zero-specs"),
    r(lambda c: c.search_along_route("gas", retrieval_token="tok", **ENDPOINTS), "route", "exactly one", id="36-token-and-endpoints"),
    r(lambda c: c.search_along_route("gas", retrieval_token="tok", encoded_polyline=POLY), "route", "exactly one", id="36-token-and-polyline"),
    r(lambda c: c.search_along_route("gas", route=_routes(issued_at=c.now()), encoded_polyline=POLY), "route", "exactly one", id="36-route-and-polyline"),
    r(lambda c: c.search_along_route("gas", origin="San Francisco"), "destination", "required", id="37-origin-only"),
    r(lambda c: c.search_along_route("gas", destination="Lake Tahoe"), "origin", "required", id="37-destination-only"),
    r(lambda c: c.search_along_route("gas", origin={"address": "a", "place_id": "ChIJx"}, destination="b"), "origin", "exactly one", id="37-origin-two"),
    # --- 38-40: along-route modes
    r(lambda c: c.search_along_route("gas", travel_mode="TRANSIT", **ENDPOINTS), "travel_mode", "TRANSIT", id="38-transit"),
    r(lambda c: c.search_along_route("gas", retrieval_token="tok", travel_mode="WALK"), "travel_mode", "WALK", id="39-walk-token"),
    r(lambda c: c.search_along_route("gas", encoded_polyline=POLY, travel_mode="BICYCLE"), "travel_mode", "BICYCLE", id="39-bicycle-polyline"),
    r(lambda c: c.search_along_route("gas", route=_routes(issued_at=c.now()), travel_mode="WALK"), "travel_mode", "WALK", id="39-walk-route"),
    r(lambda c: c.search_along_route("gas", travel_mode="WALK", routing_preference="TRAFFIC_AWARE_OPTIMAL", **ENDPOINTS), "routing_preference", "WALK", id="40-walk-aware"),
    # --- 41: the route= result
    r(lambda c: c.search_along_route("gas", route=_routes(poly=None, issued_at=c.now() - dt.timedelta(minutes=11))), "route", "expired", id="41-expired-no-fallback"),
    r(lambda c: c.search_along_route("gas", route=RoutesResult.from_payload({"routes": []})), "route", "empty", id="41-empty-result"),
    r(lambda c: c.search_along_route("gas", route="TOKEN"), "route", "compute_routes", id="41-not-a-result"),
    r(lambda c: c.search_along_route("gas", retrieval_token="  "), "retrieval_token", "non-empty", id="41-blank-token"),
    # --- 42: polyline
    r(lambda c: c.search_along_route("gas", encoded_polyline="not a polyline!"), "encoded_polyline", "not a valid encoded polyline", id="42-garbage"),
    r(lambda c: c.search_along_route("gas", encoded_polyline=POLY[:-1]), "encoded_polyline", "not a valid encoded polyline", id="42-truncated"),
    r(lambda c: c.search_along_route("gas", encoded_polyline=polyline.encode([(1, 2)])), "encoded_polyline", "two points", id="42-one-point"),
    r(lambda c: c.search_along_route("gas", encoded_polyline=""), "encoded_polyline", "non-empty", id="42-empty"),
    # --- 44/45: queries
    r(lambda c: c.resolve_names([f"Place {i}" for i in range(21)]), "queries", "1 to 20", id="44-21-queries"),
    r(lambda c: c.resolve_names([]), "queries", "1 to 20", id="44-0-queries"),
    r(lambda c: c.resolve_names("Eiffel Tower, Paris"), "queries", "list", id="44-bare-string"),
    r(lambda c: c.resolve_names(None), "queries", "list", id="44-None"),
    r(lambda c: c.resolve_names(["Eiffel Tower", "Louvre", "Orsay", ""]), "queries[3].text", "non-empty", id="45-empty-text"),
    r(lambda c: c.resolve_names([{"text": "   "}]), "queries[0].text", "non-empty", id="45-blank-dict"),
    r(lambda c: c.resolve_names([{"name": "Eiffel Tower"}]), "queries[0].text", "non-empty", id="45-no-text-key"),
    # --- 47/48: resolve_names bias and region
    r(lambda c: c.resolve_names(["x"], location_bias={"viewport": {"low": {"latitude": 1, "longitude": 2}}}), "location_bias.viewport.high", "required", id="47-dict-no-high"),
    r(lambda c: c.resolve_names(["x"], location_bias={"viewport": {"high": {"latitude": 1, "longitude": 2}}}), "location_bias.viewport.low", "required", id="47-dict-no-low"),
    r(lambda c: c.resolve_names(["x"], location_bias=mapsnb.Viewport((1, 2), None)), "location_bias.viewport.high", "required", id="47-viewport-no-high"),
    r(lambda c: c.resolve_names(["x"], location_bias=mapsnb.Viewport((10, 2), (5, 3))), "location_bias.viewport", "low.latitude", id="47-inverted"),
    r(lambda c: c.resolve_names(["x"], location_bias=mapsnb.Circle(1, 2, 100)), "location_bias", "Viewport", id="47-circle"),
    r(lambda c: c.resolve_names(["x"], region_code="USA"), "region_code", "two-letter", id="48-USA"),
    r(lambda c: c.resolve_names(["x"], region_code="840"), "region_code", "two-letter", id="48-840"),
    # --- 49: urls
    r(lambda c: c.resolve_maps_urls([f"https://maps.app.goo.gl/{i}" for i in range(21)]), "urls", "1 to 20", id="49-21-urls"),
    r(lambda c: c.resolve_maps_urls([]), "urls", "1 to 20", id="49-0-urls"),
    r(lambda c: c.resolve_maps_urls("https://maps.app.goo.gl/abc"), "urls", "list", id="49-bare-string"),
    r(lambda c: c.resolve_maps_urls(["https://maps.app.goo.gl/abc", ""]), "urls[1]", "non-empty", id="49-empty-url"),
    r(lambda c: c.resolve_maps_urls([None]), "urls[0]", "non-empty", id="49-None-url"),
]  # fmt: skip


@pytest.mark.parametrize("call, field, words", REJECTED)
def test_rejected_before_sending(
    client: Any, call: Call, field: str, words: tuple[str, ...]
) -> None:
    with pytest.raises(InvalidRequest) as info:
        call(client)
    err = info.value
    assert err.field == field, str(err)
    for word in words:
        assert word.lower() in err.rule.lower(), f"{word!r} not in rule {err.rule!r}"
    assert str(err) == f"{field}: {err.rule}"
    assert isinstance(err, ValueError)


def test_capabilities_malformed_lists_the_valid_values(client: Any) -> None:
    # issue 11 item 3: an InvalidRequest naming the field and the values, not a bare TypeError
    # (left out, capabilities follow the server's tools/list: issue 20.2)
    with pytest.raises(InvalidRequest) as info:
        client.lookup_weather("Paris", capabilities=5)
    assert info.value.field == "capabilities"
    for name in ("WEATHER", "AIR_QUALITY", "POLLEN"):
        assert name in info.value.rule


def test_async_client_rejects_before_sending_too() -> None:
    async def main() -> None:
        async with mapsnb.AsyncClient(
            url=CLOSED_URL, api_key="fake-key-for-a-closed-server", max_retries=0
        ) as c:
            with pytest.raises(InvalidRequest) as info:
                await c.search_places("pizza", page_size=11)
            assert info.value.field == "page_size"
            with pytest.raises(TransportError):
                await c.search_places("pizza", page_size=10)

    asyncio.run(main())


# ============================================================================ accepted: sends
SENT = [
    # boundary values of hard rules
    pytest.param(lambda c: c.search_places("pizza", page_size=1), id="6-page-1"),
    pytest.param(lambda c: c.search_places("pizza", page_size=10), id="6-page-10"),
    pytest.param(lambda c: c.search_places("pizza", location_bias=mapsnb.Circle(1, 2, 50_000)), id="8-r50000"),
    pytest.param(lambda c: c.lookup_weather((90, -180), capabilities="weather"), id="4-corner"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2026-09-18", hour=0), id="15-hour-0"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2028-02-29", hour=23), id="16-leap-day"),
    pytest.param(lambda c: c.compute_routes("a", "b", intermediate_waypoints=[f"w{i}" for i in range(25)]), id="25-25-waypoints"),
    pytest.param(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", departure_time=c.now() - 6 * DAY), id="31-transit-minus-6d"),
    pytest.param(lambda c: c.compute_routes("a", "b", travel_mode="TRANSIT", arrival_time=c.now() + 99 * DAY), id="31-transit-plus-99d"),
    pytest.param(lambda c: c.compute_routes("a", "b", departure_time=c.now() + dt.timedelta(hours=1)), id="32-drive-in-1h"),
    pytest.param(lambda c: c.compute_routes("a", "b", departure_time=(c.now() + 364 * DAY).isoformat()), id="32-drive-364d-str"),
    pytest.param(lambda c: c.compute_routes("a", "b", travel_mode="DRIVE", routing_preference="TRAFFIC_AWARE_OPTIMAL"), id="33-drive-aware"),
    pytest.param(lambda c: c.search_along_route("gas", travel_mode="WALK", **ENDPOINTS), id="39-walk-endpoints"),
    pytest.param(lambda c: c.search_along_route("gas", route=_routes(issued_at=c.now())), id="41-fresh-route"),
    pytest.param(lambda c: c.search_along_route("gas", encoded_polyline=POLY), id="42-polyline"),
    pytest.param(lambda c: c.resolve_names([f"Place {i}" for i in range(20)]), id="44-20-queries"),
    pytest.param(lambda c: c.resolve_maps_urls([f"https://maps.app.goo.gl/{i}" for i in range(20)]), id="49-20-urls"),
    # soft rules: advice, never a rejection
    pytest.param(lambda c: c.search_places("pizza", language_code="klingon"), id="soft-9-language"),
    pytest.param(lambda c: c.search_places("pizza", language_code="en-us"), id="soft-9-hyphen"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", language_code="not-bcp47!"), id="soft-20-language"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities=["WEATHER", "POLLEN"], date="2020-01-01"), id="soft-21-past-pollen"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities="WEATHER", date="2020-01-01", hour=3), id="soft-21-old-hour"),
    pytest.param(lambda c: c.lookup_weather("Paris", capabilities="POLLEN", date=(c.now() + 400 * DAY).date()), id="soft-22-far-future"),
    pytest.param(lambda c: c.compute_routes("a", "b", intermediate_waypoints=[f"w{i}" for i in range(11)]), id="soft-27-11-waypoints"),
    pytest.param(lambda c: c.search_along_route("gas", language_code="whatever", region_code="USA", **ENDPOINTS), id="soft-43-region-USA"),
    pytest.param(lambda c: c.search_along_route("gas", region_code="419", **ENDPOINTS), id="soft-43-region-419"),
    pytest.param(lambda c: c.resolve_names(["restaurants", "Starbucks"]), id="soft-46-generic"),
    pytest.param(lambda c: c.resolve_maps_urls(["https://example.com/not/a/maps/link"]), id="soft-50-url"),
]  # fmt: skip


@pytest.mark.parametrize("call", SENT)
def test_accepted_input_is_sent(client: Any, call: Call) -> None:
    with pytest.raises(TransportError, match=r"network error|Connect"):
        call(client)


def test_live_client_clock_is_real_time(client: Any) -> None:
    # the window checks of a live client use the real clock (not a sandbox clock)
    assert client.now().tzinfo is not None
    assert client.now() > dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
    assert not client.is_sandbox


def test_sandbox_client_validates_against_its_own_clock() -> None:
    # 2026-09-17 is in the past for a sandbox fixed at 2026-09-18, whatever the wall clock says
    c = mapsnb.Client(now="2026-09-18T08:00:00-07:00")
    with pytest.raises(InvalidRequest) as info:
        c.compute_routes("a", "b", departure_time="2026-09-17T08:00:00-07:00")
    assert info.value.field == "departure_time"
    with pytest.raises(InvalidRequest):
        c.compute_routes("a", "b", departure_time="2027-09-19T08:00:00-07:00")


# ============================================================================ wire arguments
PID = "ChIJOwE_Id1w5EAR4Q27FkL6T_0"


@pytest.mark.parametrize(
    "value, wire",
    [
        ("Eiffel Tower", {"address": "Eiffel Tower"}),
        ("  Eiffel Tower, Paris ", {"address": "Eiffel Tower, Paris"}),
        ((48.8584, 2.2945), {"lat_lng": {"latitude": 48.8584, "longitude": 2.2945}}),
        ([48, 2], {"lat_lng": {"latitude": 48.0, "longitude": 2.0}}),
        (mapsnb.LatLng(48.8584, 2.2945), {"lat_lng": {"latitude": 48.8584, "longitude": 2.2945}}),
        (mapsnb.PlaceId(PID), {"place_id": PID}),
        (mapsnb.PlaceId(f"places/{PID}"), {"place_id": PID}),
        ({"address": "Louvre Museum"}, {"address": "Louvre Museum"}),
        ({"place_id": PID}, {"place_id": PID}),
        ({"placeId": f"places/{PID}"}, {"place_id": PID}),
        (
            {"lat_lng": {"latitude": 1, "longitude": 2}},
            {"lat_lng": {"latitude": 1.0, "longitude": 2.0}},
        ),
        (
            {"latLng": {"latitude": -1.5, "longitude": 2.5}},
            {"lat_lng": {"latitude": -1.5, "longitude": 2.5}},
        ),
        ({"lat_lng": (3, 4)}, {"lat_lng": {"latitude": 3.0, "longitude": 4.0}}),
    ],
)
def test_location_wire(value: Any, wire: dict[str, Any]) -> None:
    assert rq.location(value, "origin") == wire
    assert rq.lookup_weather_args(value, capabilities="WEATHER")["location"] == wire


def test_lat_lng_wire_values_are_floats() -> None:
    wire = rq.location((1, 2), "origin")["lat_lng"]
    assert all(type(v) is float for v in wire.values())


def test_search_places_wire() -> None:
    assert rq.search_places_args(
        " coffee shops near Golden Gate Park ",
        location_bias=mapsnb.Circle(34.052235, -118.243683, 5000),
        language_code="en_US",
        region_code="us",
        page_size=7,
        include_extended_details=True,
    ) == {
        "text_query": "coffee shops near Golden Gate Park",
        "location_bias": {
            "circle": {
                "center": {"latitude": 34.052235, "longitude": -118.243683},
                "radius_meters": 5000,
            }
        },
        "language_code": "en_US",
        "region_code": "US",
        "page_size": 7,
        "include_extended_details": True,
    }


def test_search_places_defaults_are_not_sent() -> None:
    assert rq.search_places_args("SF MoMA") == {"text_query": "SF MoMA"}


@pytest.mark.parametrize(
    "bias",
    [
        mapsnb.Circle(34.052235, -118.243683, 5000),
        {"circle": {"center": {"latitude": 34.052235, "longitude": -118.243683}, "radius_meters": 5000}},
        {"circle": {"center": {"latitude": 34.052235, "longitude": -118.243683}, "radiusMeters": 5000}},
        {"circle": {"center": (34.052235, -118.243683), "radius_meters": 5000.0}},
    ],
)  # fmt: skip
def test_circle_wire(bias: Any) -> None:
    assert rq.search_places_args("pizza", location_bias=bias)["location_bias"] == {
        "circle": {"center": {"latitude": 34.052235, "longitude": -118.243683}, "radius_meters": 5000}
    }  # fmt: skip


def test_circle_without_radius_wire() -> None:
    bias = rq.search_places_args("pizza", location_bias=mapsnb.Circle(1, 2))["location_bias"]
    assert bias == {"circle": {"center": {"latitude": 1.0, "longitude": 2.0}}}


@pytest.mark.parametrize(
    "date", [dt.date(2026, 9, 19), "2026-09-19", {"year": 2026, "month": 9, "day": 19}]
)
def test_weather_date_wire(date: Any) -> None:
    args = rq.lookup_weather_args("Paris, France", capabilities=["WEATHER"], date=date, hour=13)
    assert args == {
        "location": {"address": "Paris, France"},
        "capabilities": ["WEATHER"],
        "date": {"year": 2026, "month": 9, "day": 19},
        "hour": 13,
    }


@pytest.mark.parametrize(
    "caps, wire",
    [
        ("weather", ["WEATHER"]),
        (["weather", "air_quality", "Pollen"], ["WEATHER", "AIR_QUALITY", "POLLEN"]),
        (("air-quality", " pollen "), ["AIR_QUALITY", "POLLEN"]),
        (["POLLEN", "pollen", "WEATHER"], ["POLLEN", "WEATHER"]),
    ],
)
def test_capabilities_normalised(caps: Any, wire: list[str]) -> None:
    assert rq.lookup_weather_args("Paris", capabilities=caps)["capabilities"] == wire


def test_weather_options_wire() -> None:
    args = rq.lookup_weather_args(
        {"place_id": "ChIJLU7jZClu5kcR4PcOOO6p3I0"},
        capabilities=["AIR_QUALITY"],
        units_system="imperial",
        language_code="fr",
        include_pollutant_concentration=True,
        index_region_code="us",
    )
    assert args == {
        "location": {"place_id": "ChIJLU7jZClu5kcR4PcOOO6p3I0"},
        "capabilities": ["AIR_QUALITY"],
        # one units field only, so the two spellings can never conflict (rule 18)
        "weather_options": {"units_system": "IMPERIAL"},
        "language_code": "fr",
        "air_quality_options": {"include_pollutant_concentration": True, "index_region_code": "US"},
    }
    assert "units_system" not in args


def test_compute_routes_example_call_wire() -> None:
    # the documented example call (TOOLS.md §2.3)
    args = rq.compute_routes_args(
        "Eiffel Tower",
        mapsnb.PlaceId("ChIJt_5xIthw5EARoJ71mGq7t74"),
        intermediate_waypoints=["Louvre Museum"],
        travel_mode_="DRIVE",
        departure_time="2026-09-19T08:00:00+02:00",
        now=NOW,
    )
    assert args == {
        "origin": {"address": "Eiffel Tower"},
        "destination": {"place_id": "ChIJt_5xIthw5EARoJ71mGq7t74"},
        "intermediate_waypoints": [{"address": "Louvre Museum"}],
        "travel_mode": "DRIVE",
        "departure_time": "2026-09-19T08:00:00+02:00",
    }


def test_compute_routes_defaults_are_not_sent() -> None:
    assert rq.compute_routes_args("a", "b", now=NOW) == {
        "origin": {"address": "a"},
        "destination": {"address": "b"},
    }


def test_compute_routes_options_wire() -> None:
    tz = dt.timezone(dt.timedelta(hours=-7))
    args = rq.compute_routes_args(
        (37.7749, -122.4194),
        {"latLng": {"latitude": 39.0968, "longitude": -120.0324}},
        travel_mode_="bicycle",
        arrival_time=dt.datetime(2026, 9, 19, 8, 0, tzinfo=tz),
        location_bias=mapsnb.LatLng(37, -122),
        compute_alternative_routes=True,
        include_polyline=False,
        now=NOW,
    )
    assert args == {
        "origin": {"lat_lng": {"latitude": 37.7749, "longitude": -122.4194}},
        "destination": {"lat_lng": {"latitude": 39.0968, "longitude": -120.0324}},
        "travel_mode": "BICYCLE",
        "arrival_time": "2026-09-19T08:00:00-07:00",
        "location_bias": {"latitude": 37.0, "longitude": -122.0},
        "compute_alternative_routes": True,
        "include_polyline": False,
    }


@pytest.mark.parametrize(
    "value, wire",
    [
        ("traffic_aware_optimal", rq.TRAFFIC_AWARE),
        ("TRAFFIC_AWARE", rq.TRAFFIC_AWARE),
        ("traffic-aware", rq.TRAFFIC_AWARE),
        ("ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL", rq.TRAFFIC_AWARE),
        ("traffic_unaware", rq.TRAFFIC_UNAWARE),
        ("ROUTING_PREFERENCE_UNSPECIFIED", rq.TRAFFIC_UNAWARE),
    ],
)
def test_routing_preference_normalised(value: str, wire: str) -> None:
    assert (
        rq.compute_routes_args("a", "b", routing_preference_=value, now=NOW)["routing_preference"]
        == wire
    )
    assert (
        rq.search_along_route_args("gas", retrieval_token="t", routing_preference_=value, now=NOW)[
            "routing_preference"
        ]
        == wire
    )


@pytest.mark.parametrize(
    "value, wire", [("walk", "WALK"), (" Transit ", "TRANSIT"), ("ROUTE_TRAVEL_MODE_UNSPECIFIED", "DRIVE")]
)  # fmt: skip
def test_travel_mode_normalised(value: str, wire: str) -> None:
    assert rq.compute_routes_args("a", "b", travel_mode_=value, now=NOW)["travel_mode"] == wire


def test_departure_time_window_is_anchored_on_now() -> None:
    # exactly the same instant passes or fails depending on "now" only
    when = "2026-09-25T08:00:00+00:00"
    assert rq.compute_routes_args("a", "b", departure_time=when, now=NOW)["departure_time"] == when
    with pytest.raises(InvalidRequest):
        rq.compute_routes_args("a", "b", departure_time=when, now=NOW + 30 * DAY)
    transit = {"travel_mode_": "TRANSIT", "departure_time": when}
    at = dt.datetime.fromisoformat(when)
    assert rq.compute_routes_args("a", "b", now=at + 6 * DAY, **transit)["departure_time"] == when
    with pytest.raises(InvalidRequest):
        rq.compute_routes_args("a", "b", now=at + 8 * DAY, **transit)


@pytest.mark.parametrize(
    "given, sent",
    [
        ("2026-09-25 08:00:00+02:00", "2026-09-25T08:00:00+02:00"),
        ("2026-09-25t08:00:00z", "2026-09-25T08:00:00Z"),
        ("2026-09-25T08:00:00.5Z", "2026-09-25T08:00:00.5Z"),
    ],
)
def test_times_are_sent_in_canonical_rfc3339(given: str, sent: str) -> None:
    # protobuf Timestamp parsers want the "T" separator and an upper-case "Z"
    assert rq.compute_routes_args("a", "b", arrival_time=given, now=NOW)["arrival_time"] == sent


def test_numpy_integers_are_accepted_and_sent_as_int() -> None:
    np = pytest.importorskip("numpy")
    places = rq.search_places_args(
        "coffee", page_size=np.int64(7), location_bias=mapsnb.Circle(np.int64(1), 2, np.int64(900))
    )
    assert places["page_size"] == 7 and type(places["page_size"]) is int
    assert type(places["location_bias"]["circle"]["radius_meters"]) is int
    assert places["location_bias"]["circle"]["center"] == {"latitude": 1.0, "longitude": 2.0}
    hours = [
        rq.lookup_weather_args("Paris", capabilities="WEATHER", date="2026-09-19", hour=h)
        for h in np.arange(0, 24, 6)
    ]
    assert [a["hour"] for a in hours] == [0, 6, 12, 18]
    assert all(type(a["hour"]) is int for a in hours)
    with pytest.raises(InvalidRequest, match="hour"):
        rq.lookup_weather_args(
            "Paris", capabilities="WEATHER", date="2026-09-19", hour=np.int64(24)
        )
    with pytest.raises(InvalidRequest, match="page_size"):
        rq.search_places_args("coffee", page_size=np.bool_(True))


def test_along_route_endpoints_wire() -> None:
    args = rq.search_along_route_args(
        "ev chargers",
        origin="San Francisco, CA",
        destination=mapsnb.PlaceId("places/ChIJabc"),
        travel_mode_="walk",
        include_extended_details=False,
        language_code="en-US",
        region_code="US",
        now=NOW,
    )
    assert args == {
        "text_query": "ev chargers",
        "route_endpoints": {
            "origin": {"address": "San Francisco, CA"},
            "destination": {"place_id": "ChIJabc"},
        },
        "travel_mode": "WALK",
        "include_extended_details": False,
        "language_code": "en-US",
        "region_code": "US",
    }


def test_along_route_token_and_polyline_wire() -> None:
    assert rq.search_along_route_args("gas", retrieval_token="tok", now=NOW) == {
        "text_query": "gas",
        "retrieval_token": "tok",
    }
    assert rq.search_along_route_args("gas", encoded_polyline=POLY, now=NOW) == {
        "text_query": "gas",
        "encoded_polyline": POLY,
    }


ROUTE_REQUEST = {"origin": {"address": "San Francisco, CA"}, "destination": {"address": "Tahoe"}}


def test_route_result_with_waypoints_and_no_polyline_is_rejected() -> None:
    request = {**ROUTE_REQUEST, "intermediate_waypoints": [{"address": "Sacramento, CA"}]}
    routes = _routes(poly=None, request=request)
    with pytest.raises(mapsnb.InvalidRequest) as info:
        rq.search_along_route_args("gas", route=routes, now=NOW + dt.timedelta(minutes=11))
    assert info.value.field == "route" and "include_polyline=True" in info.value.rule


@pytest.mark.parametrize(
    "minutes, kwargs, spec",
    [
        (0, {}, {"retrieval_token": "TOKEN"}),
        (9.99, {}, {"retrieval_token": "TOKEN"}),
        (10, {}, {"encoded_polyline": POLY}),
        (60, {}, {"encoded_polyline": POLY}),
        (0, {"token": None}, {"encoded_polyline": POLY}),
        (11, {"poly": None}, {"route_endpoints": ROUTE_REQUEST}),
        (0, {"token": None, "poly": None}, {"route_endpoints": ROUTE_REQUEST}),
        (0, {"issued_at": None}, {"encoded_polyline": POLY}),
        (
            0,
            {"request": {**ROUTE_REQUEST, "travel_mode": "WALK"}},
            # a WALK route is searched as a WALK route, from its endpoints
            {"route_endpoints": ROUTE_REQUEST, "travel_mode": "WALK"},
        ),
    ],
    ids=[
        "fresh",
        "almost-10min",
        "expired-10min",
        "expired-1h",
        "no-token",
        "expired-no-polyline",
        "neither",
        "unknown-issue-time",
        "walk-route",
    ],
)
def test_route_result_becomes_a_route_spec(
    minutes: float, kwargs: dict[str, Any], spec: dict[str, Any]
) -> None:
    kwargs.setdefault("request", ROUTE_REQUEST)
    routes = _routes(**kwargs)
    now = NOW + dt.timedelta(minutes=minutes)
    assert rq.search_along_route_args("gas", route=routes, now=now) == {"text_query": "gas", **spec}


def test_route_result_expiry_follows_token_expires_at() -> None:
    routes = _routes(request=ROUTE_REQUEST)
    assert routes.token_expires_at == NOW + dt.timedelta(minutes=10)
    before = routes.token_expires_at - dt.timedelta(seconds=1)
    assert "retrieval_token" in rq.search_along_route_args("gas", route=routes, now=before)
    assert "retrieval_token" not in rq.search_along_route_args(
        "gas", route=routes, now=routes.token_expires_at
    )


def test_resolve_names_wire() -> None:
    args = rq.resolve_names_args(
        ["Googleplex, Mountain View, CA", {"text": " Eiffel Tower, Paris "}],
        location_bias=mapsnb.Viewport((37.3, -122.2), mapsnb.LatLng(37.5, -121.9)),
        region_code="us",
    )
    assert args == {
        "queries": [{"text": "Googleplex, Mountain View, CA"}, {"text": "Eiffel Tower, Paris"}],
        "location_bias": {
            "viewport": {
                "low": {"latitude": 37.3, "longitude": -122.2},
                "high": {"latitude": 37.5, "longitude": -121.9},
            }
        },
        "region_code": "US",
    }


def test_resolve_names_viewport_dict_wire() -> None:
    bias = {"viewport": {"low": {"latitude": 1, "longitude": 2}, "high": (3, 4)}}
    assert rq.resolve_names_args(["x"], location_bias=bias)["location_bias"] == {
        "viewport": {
            "low": {"latitude": 1.0, "longitude": 2.0},
            "high": {"latitude": 3.0, "longitude": 4.0},
        }
    }


def test_resolve_maps_urls_wire() -> None:
    urls = (u for u in [" https://maps.app.goo.gl/abc ", "https://maps.google.com/?cid=1"])
    assert rq.resolve_maps_urls_args(urls) == {
        "urls": ["https://maps.app.goo.gl/abc", "https://maps.google.com/?cid=1"]
    }


@pytest.mark.parametrize("fraction", [".5", ".25", ".1234", ".123456789"])
def test_any_rfc3339_fraction_is_accepted(fraction: str) -> None:
    """RFC 3339 allows 1–9 fractional digits (Python 3.10's fromisoformat takes only 3 or 6)."""
    when = f"2026-09-19T08:00:00{fraction}-07:00"
    args = rq.compute_routes_args(
        "a", "b", departure_time=when, now=dt.datetime(2026, 9, 18, tzinfo=dt.UTC)
    )
    assert args["departure_time"] == when
