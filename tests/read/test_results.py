"""Typed results: tolerant parsing, raw payloads, attributions, HTML, and the sandbox end to end."""

from __future__ import annotations

import copy
import datetime as dt
import re
from collections.abc import Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb.results import (
    SANDBOX_NOTE,
    WALK_WARNING,
    AlongRouteResult,
    Attribution,
    EnvironmentResult,
    PlacesResult,
    ResolvedNames,
    ResolvedUrls,
    RoutesResult,
    parse_duration,
)

T0 = dt.datetime(2026, 9, 18, 15, 0, tzinfo=dt.UTC)
ATTR_A = {"title": "Google Maps", "url": "https://maps.google.com/"}
ATTR_B = {"title": "Other source", "url": "https://example.org/"}

PLACES_CAMEL: dict[str, Any] = {
    "places": [
        {
            "place": "places/ChIJA",
            "id": "ChIJA",
            "googleMapsLinks": {
                "directionsUrl": "https://maps/dir?A",
                "placeUrl": "https://maps/place?A",
                "writeAReviewUrl": "https://maps/review?A",
            },
            "attribution": ATTR_A,
            "location": {"latitude": 37.77, "longitude": -122.47},
        },
        {"place": "places/ChIJB", "id": "ChIJB", "attribution": ATTR_A},
    ],
    "summary": "Try <strong>Blue Cup</strong> [0] or Green Mug [1].",
    "contentToken": "CT1",
}
PLACES_SNAKE: dict[str, Any] = {
    "places": [
        {
            "place": "places/ChIJA",
            "id": "ChIJA",
            "google_maps_links": {
                "directions_url": "https://maps/dir?A",
                "place_url": "https://maps/place?A",
                "write_a_review_url": "https://maps/review?A",
            },
            "attribution": ATTR_A,
            "location": {"latitude": 37.77, "longitude": -122.47},
        },
        {"place": "places/ChIJB", "id": "ChIJB", "attribution": ATTR_A},
    ],
    "summary": "Try <strong>Blue Cup</strong> [0] or Green Mug [1].",
    "content_token": "CT1",
}
ALONG_CAMEL: dict[str, Any] = {
    "results": [
        {
            "place": {"place": "places/ChIJG", "id": "ChIJG", "attribution": ATTR_B},
            "detourSummary": {"detourDuration": "312s", "localizedDetourDistance": "1.9 km"},
        },
        {"place": {"place": "places/ChIJH", "id": "ChIJH"}, "detourSummary": {}},
    ],
    "summary": "Fuel at [0], then [1].",
    "contentToken": "CT2",
}
ALONG_SNAKE: dict[str, Any] = {
    "results": [
        {
            "place": {"place": "places/ChIJG", "id": "ChIJG", "attribution": ATTR_B},
            "detour_summary": {"detour_duration": "312s", "localized_detour_distance": "1.9 km"},
        },
        {"place": {"place": "places/ChIJH", "id": "ChIJH"}, "detour_summary": {}},
    ],
    "summary": "Fuel at [0], then [1].",
    "content_token": "CT2",
}
ROUTES_CAMEL: dict[str, Any] = {
    "routes": [
        {
            "distanceMeters": 276019,
            "duration": "10460s",
            "encodedPolyline": "_p~iF~ps|U_ulLnnqC",
            "retrievalToken": "TOK",
            "attribution": ATTR_A,
        }
    ]
}
ROUTES_SNAKE: dict[str, Any] = {
    "routes": [
        {
            "distance_meters": 276019,
            "duration": {"seconds": "10460", "nanos": 0},
            "encoded_polyline": "_p~iF~ps|U_ulLnnqC",
            "retrieval_token": "TOK",
            "attribution": ATTR_A,
        }
    ]
}
NAMES_CAMEL: dict[str, Any] = {
    "results": [{"entity": {"place": "places/ChIJE"}, "confidence": "HIGH"}, {}],
    "failedRequests": {"1": {"code": 5, "message": "not found", "details": []}},
    "saveToMapsUrl": "https://maps/list/1",
}
NAMES_SNAKE: dict[str, Any] = {
    "results": [{"entity": {"place": "places/ChIJE"}, "confidence": "HIGH"}, {}],
    "failed_requests": {"1": {"code": 5, "message": "not found", "details": []}},
    "save_to_maps_url": "https://maps/list/1",
}
URLS_CAMEL: dict[str, Any] = {
    "entities": [{}, {"place": "places/ChIJU"}],
    "failedRequests": {"0": {"code": 3, "message": "not a place URL"}},
    "saveToMapsUrl": "https://maps/list/2",
}
URLS_SNAKE: dict[str, Any] = {
    "entities": [{}, {"place": "places/ChIJU"}],
    "failed_requests": {"0": {"code": 3, "message": "not a place URL"}},
    "save_to_maps_url": "https://maps/list/2",
}
ENV_CAMEL: dict[str, Any] = {
    "timeZone": "America/Los_Angeles",
    "weather": {"currentConditions": {"temperature": {"degrees": 18}}, "attribution": ATTR_A},
    "airQuality": {"hourlyResults": [], "attribution": ATTR_B},
    "pollen": {"dailyInfo": [], "attribution": {"title": "Pollen source", "url": "https://p/"}},
}
ENV_SNAKE: dict[str, Any] = {
    "time_zone": {"id": "America/Los_Angeles"},
    "weather": {"current_conditions": {"temperature": {"degrees": 18}}, "attribution": ATTR_A},
    "air_quality": {"hourly_results": [], "attribution": ATTR_B},
    "pollen": {"daily_info": [], "attribution": {"title": "Pollen source", "url": "https://p/"}},
}
LEGACY: dict[str, Any] = {
    "weatherCondition": {"description": {"text": "Sunny"}, "type": "CLEAR", "iconBaseUri": "u"},
    "temperature": {"degrees": 21.5, "unit": "CELSIUS"},
    "feelsLikeTemperature": {"degrees": 21, "unit": "CELSIUS"},
    "relativeHumidity": 40,
    "timeZone": {"id": "Europe/Paris"},
    "attribution": {"title": "Weather source", "url": "https://w/"},
}

PAIRS = [
    pytest.param(PlacesResult, PLACES_CAMEL, PLACES_SNAKE, id="places"),
    pytest.param(AlongRouteResult, ALONG_CAMEL, ALONG_SNAKE, id="along"),
    pytest.param(RoutesResult, ROUTES_CAMEL, ROUTES_SNAKE, id="routes"),
    pytest.param(ResolvedNames, NAMES_CAMEL, NAMES_SNAKE, id="names"),
    pytest.param(ResolvedUrls, URLS_CAMEL, URLS_SNAKE, id="urls"),
]


def _parse(cls: type, payload: Any, **kwargs: Any) -> Any:
    result = cls.from_payload(payload, **kwargs)
    assert isinstance(result, cls)
    return result


# ================================================================================ durations
@pytest.mark.parametrize(
    "value, seconds",
    [
        ("3.5s", 3.5),
        ("754s", 754.0),
        ("12.500s", 12.5),
        ("0.000000001s", 1e-9),
        ({"seconds": "12", "nanos": 500000000}, 12.5),
        ({"seconds": 12}, 12.0),
        ({"nanos": 250000000}, 0.25),
        ({"seconds": "-1", "nanos": -500000000}, -1.5),
        (90, 90.0),
        (1.25, 1.25),
        (None, None),
        ("", None),
        ({}, None),
    ],
)
def test_parse_duration(value: Any, seconds: float | None) -> None:
    got = parse_duration(value)
    if seconds is None:
        assert got is None
    else:
        assert got == pytest.approx(seconds)
        assert isinstance(got, float)


@pytest.mark.parametrize("value", ["fast", "s", True, [1]])
def test_parse_duration_rejects_garbage(value: Any) -> None:
    with pytest.raises(ValueError):
        parse_duration(value)


@pytest.mark.parametrize(
    "duration", ["10460s", "10460.000s", {"seconds": "10460"}, {"seconds": 10460, "nanos": 0}]
)
def test_route_duration_in_both_forms(duration: Any) -> None:
    payload = {"routes": [{"distanceMeters": 5, "duration": duration}]}
    assert _parse(RoutesResult, payload).routes[0].duration == 10460.0


def test_detour_duration_is_seconds() -> None:
    result = _parse(AlongRouteResult, ALONG_CAMEL)
    assert result.results[0].detour_summary.detour_duration == 312.0
    assert result.results[0].detour_summary.localized_detour_distance == "1.9 km"
    assert result.results[1].detour_summary.detour_duration is None


# ============================================================================ tolerant parse
@pytest.mark.parametrize("cls, camel, snake", PAIRS)
def test_camel_and_snake_parse_equally(cls: type, camel: dict, snake: dict) -> None:
    a, b = _parse(cls, camel), _parse(cls, snake)
    assert a.model_dump() == b.model_dump()
    assert a.model_dump() != _parse(cls, {}).model_dump()  # something was actually read


def test_environment_camel_and_snake_parse_equally() -> None:
    a, b = _parse(EnvironmentResult, ENV_CAMEL), _parse(EnvironmentResult, ENV_SNAKE)
    assert a.domains == b.domains == ["weather", "air_quality", "pollen"]
    assert a.zone == b.zone == "America/Los_Angeles"
    assert a.air_quality_data == ENV_CAMEL["airQuality"]
    assert b.air_quality_data == ENV_SNAKE["air_quality"]
    assert [x.title for x in a.attributions] == [x.title for x in b.attributions]


def test_places_fields() -> None:
    result = _parse(PlacesResult, PLACES_CAMEL)
    first = result.places[0]
    assert first.place == "places/ChIJA" and first.place_id == "ChIJA"
    assert first.google_maps_links.write_a_review_url == "https://maps/review?A"
    assert (first.location.latitude, first.location.longitude) == (37.77, -122.47)
    assert result.places[1].location is None  # location is optional
    assert result.content_token == "CT1"
    assert result.summary_text() == "Try Blue Cup [0] or Green Mug [1]."


def test_zero_coordinates_omitted_by_proto3_json() -> None:
    # proto3 printers leave out zero fields: a place on the prime meridian has no "longitude"
    payload = {"places": [{"id": "a", "location": {"latitude": 51.4779}}]}
    location = PlacesResult.from_payload(payload).places[0].location
    assert location is not None
    assert (location.latitude, location.longitude) == (51.4779, 0.0)


def test_place_id_falls_back_to_resource_name() -> None:
    result = _parse(PlacesResult, {"places": [{"place": "places/ChIJZ"}, {}]})
    assert result.places[0].place_id == "ChIJZ"
    assert result.places[1].place_id is None


def test_unknown_fields_are_kept() -> None:
    payload = copy.deepcopy(PLACES_CAMEL)
    payload["nextPageToken"] = "NPT"
    payload["places"][0]["displayName"] = {"text": "Blue Cup"}
    payload["places"][0]["googleMapsLinks"]["streetViewUrl"] = "https://sv"
    result = _parse(PlacesResult, payload)
    assert result.model_extra == {"nextPageToken": "NPT"}
    assert result.places[0].model_extra == {"displayName": {"text": "Blue Cup"}}
    assert result.places[0].google_maps_links.model_extra == {"streetViewUrl": "https://sv"}
    route = _parse(RoutesResult, {"routes": [{"duration": "1s", "legs": [1], "tollInfo": {}}]})
    assert route.routes[0].model_extra == {"legs": [1], "tollInfo": {}}


def test_raw_request_and_source() -> None:
    payload = copy.deepcopy(PLACES_CAMEL)
    request = {"text_query": "coffee"}
    result = _parse(PlacesResult, payload, request=request, source="example.test")
    assert result.raw is payload
    assert result.request == request
    assert result.source == "example.test"
    assert _parse(PlacesResult, payload).source == "live"  # the default
    assert _parse(PlacesResult, payload).request == {}


def test_raw_is_kept_even_when_not_an_object() -> None:
    result = _parse(PlacesResult, ["unexpected"])
    assert result.raw == ["unexpected"]
    assert result.places == []


def test_parsing_does_not_modify_the_payload() -> None:
    payload = copy.deepcopy(ENV_CAMEL)
    _parse(EnvironmentResult, payload).attributions  # noqa: B018
    assert payload == ENV_CAMEL


# ============================================================================= attributions
def test_attributions_are_unique_and_ordered() -> None:
    result = _parse(PlacesResult, PLACES_CAMEL)
    assert result.attributions == [Attribution(**ATTR_A)]
    along = _parse(AlongRouteResult, ALONG_CAMEL)
    assert [a.title for a in along.attributions] == ["Other source"]


def test_attributions_found_anywhere() -> None:
    payload = {
        "routes": [{"duration": "1s", "attribution": ATTR_A}, {"duration": "2s", "attribution": ATTR_A}],
        "meta": {"deep": [{"attribution": ATTR_B}], "attributions": [ATTR_A, {"title": "Third"}]},
    }  # fmt: skip
    titles = [a.title for a in _parse(RoutesResult, payload).attributions]
    assert titles[0] == "Google Maps"  # payload order, breadth first
    assert sorted(titles) == ["Google Maps", "Other source", "Third"]  # each once


def test_no_attributions() -> None:
    assert _parse(ResolvedNames, NAMES_CAMEL).attributions == []


# ===================================================================================== HTML
def test_repr_html_has_summary_and_attributions() -> None:
    page = _parse(PlacesResult, PLACES_CAMEL, source="live")._repr_html_()
    assert "<strong>Blue Cup</strong> [0]" in page
    assert "Google Maps" in page and "https://maps.google.com/" in page
    assert "synthetic data" not in page


def test_repr_html_marks_sandbox_data() -> None:
    page = _parse(PlacesResult, PLACES_CAMEL, source="sandbox")._repr_html_()
    assert "synthetic data" in page and SANDBOX_NOTE in page
    names = _parse(ResolvedNames, NAMES_CAMEL, source="sandbox")
    assert names.is_synthetic and "synthetic data" in names._repr_html_()
    assert "https://maps/list/1" in names._repr_html_()  # the save-to-Maps link


def test_repr_html_escapes_all_but_light_tags() -> None:
    payload = {
        "places": [{"attribution": {"title": "<img src=x onerror=alert(1)>", "url": "https://a/"}}],
        "summary": "<p>Good <strong>coffee</strong> [0]</p><script>alert('x')</script>"
        "<p onclick='steal()'>hi</p><em>ok</em>",
    }
    page = _parse(PlacesResult, payload)._repr_html_()
    assert "<script>" not in page and "&lt;script&gt;" in page
    assert "<p onclick" not in page and "&lt;p onclick=" in page
    assert "<img" not in page and "&lt;img src=x" in page
    assert "<p>Good <strong>coffee</strong> [0]</p>" in page
    assert "<em>ok</em>" in page


def test_repr_counts() -> None:
    assert repr(_parse(PlacesResult, PLACES_CAMEL, source="sandbox")) == (
        "<PlacesResult source='sandbox' places=2>"
    )
    assert repr(_parse(ResolvedNames, NAMES_CAMEL)) == (
        "<ResolvedNames source='live' results=2 failed=1>"
    )


# ============================================================================== environment
def test_environment_capability_mode() -> None:
    result = _parse(EnvironmentResult, ENV_CAMEL)
    assert not result.is_legacy
    assert result.domains == ["weather", "air_quality", "pollen"]
    assert result.zone == "America/Los_Angeles"
    assert result.attributions["air_quality"] == [Attribution(**ATTR_B)]
    assert result.attributions["weather"] == [Attribution(**ATTR_A)]
    assert [a.title for a in result.attributions["pollen"]] == ["Pollen source"]
    assert [a.title for a in result.attributions] == [
        "Google Maps",
        "Other source",
        "Pollen source",
    ]
    assert result.attributions[0].title == "Google Maps"  # still a list


def test_environment_only_requested_domains() -> None:
    result = _parse(
        EnvironmentResult, {"timeZone": {"id": "Asia/Tokyo"}, "pollen": ENV_CAMEL["pollen"]}
    )
    assert result.domains == ["pollen"]
    assert result.zone == "Asia/Tokyo"
    assert result.attributions["air_quality"] == []
    assert result.weather_data is None and result.air_quality_data is None


def test_environment_legacy_flat_mode() -> None:
    result = _parse(EnvironmentResult, LEGACY)
    assert result.is_legacy
    assert result.domains == ["weather"]
    assert result.zone == "Europe/Paris"
    assert [a.title for a in result.attributions["weather"]] == ["Weather source"]
    assert result.attributions["air_quality"] == []
    assert result.model_extra["temperature"] == {"degrees": 21.5, "unit": "CELSIUS"}
    assert result.raw is LEGACY


@pytest.mark.parametrize("tz, zone", [("Europe/Paris", "Europe/Paris"), ({"id": "Europe/Paris"}, "Europe/Paris"), (None, None), (5, None)])  # fmt: skip
def test_environment_zone_forms(tz: Any, zone: str | None) -> None:
    assert _parse(EnvironmentResult, {"timeZone": tz, "weather": {}}).zone == zone


# =============================================================================== resolution
@pytest.mark.parametrize("empty", [{}, None, ""], ids=["object", "null", "string"])
def test_resolved_names_failures(empty: Any) -> None:
    payload = {
        "results": [
            {"entity": {"place": "places/ChIJ0"}, "confidence": "HIGH"},
            empty,
            {"entity": {"place": "places/ChIJ2"}, "confidence": "MEDIUM"},
        ],
        "failedRequests": {"1": {"code": 5, "message": "no such place", "details": []}},
    }
    result = _parse(ResolvedNames, payload)
    assert len(result.results) == 3  # 1:1 with the queries
    failed = result.results[1]
    assert failed is None or failed.entity is None
    assert result.results[0].entity.place == "places/ChIJ0"
    assert result.results[2].confidence == "MEDIUM"
    assert result.failures == {1: {"code": 5, "message": "no such place", "details": []}}
    assert all(isinstance(k, int) for k in result.failures)


def test_resolved_names_without_failures() -> None:
    payload = {"results": [{"entity": {"place": "places/ChIJ0"}, "confidence": "HIGH"}]}
    result = _parse(ResolvedNames, payload)
    assert result.failures == {}
    assert result.save_to_maps_url is None
    assert _parse(ResolvedNames, {**payload, "failedRequests": {}}).failures == {}


def test_resolved_names_failure_keys_sorted_as_ints() -> None:
    failed = {str(i): {"code": 3} for i in (10, 2, 0)}
    result = _parse(ResolvedNames, {"results": [{}] * 11, "failedRequests": failed})
    assert sorted(result.failures) == [0, 2, 10]
    assert result.failures[10] == {"code": 3}


def test_resolved_urls() -> None:
    result = _parse(ResolvedUrls, URLS_CAMEL)
    assert result.entities[0] is None or result.entities[0].place is None
    assert result.entities[1].place == "places/ChIJU"
    assert result.failures == {0: {"code": 3, "message": "not a place URL"}}
    assert result.save_to_maps_url == "https://maps/list/2"
    nulls = _parse(ResolvedUrls, {"entities": [None, ""], "failedRequests": {"0": {}, "1": None}})
    assert nulls.entities == [None, None]
    assert nulls.failures == {0: {}, 1: {}}


# =================================================================================== routes
def test_token_expires_ten_minutes_after_issue() -> None:
    result = _parse(RoutesResult, ROUTES_CAMEL)
    assert result.issued_at is None and result.token_expires_at is None
    result._issued_at = T0
    assert result.issued_at == T0
    assert result.token_expires_at == T0 + dt.timedelta(minutes=10)
    assert settings.retrieval_token_minutes == 10


def test_route_fields() -> None:
    route = _parse(RoutesResult, ROUTES_CAMEL).routes[0]
    assert route.distance_meters == 276019
    assert route.duration == 10460.0
    assert route.retrieval_token == "TOK"
    assert route.attribution.title == "Google Maps"
    assert route.path() == [(38.5, -120.2), (40.7, -120.95)]
    assert _parse(RoutesResult, {"routes": [{}]}).routes[0].path() == []


def test_empty_routes_is_a_normal_result() -> None:
    result = _parse(RoutesResult, {})
    assert result.routes == []
    assert repr(result) == (
        "<RoutesResult source='live' routes=0 "
        "hint='no DRIVE route found between these places' (see .hints)>"
    )


@pytest.mark.parametrize("mode, warned", [("WALK", True), ("DRIVE", False), ("BICYCLE", False)])
def test_walk_routes_carry_the_beta_warning(mode: str, warned: bool) -> None:
    result = _parse(RoutesResult, ROUTES_CAMEL, request={"travel_mode": mode})
    assert result.travel_mode == mode
    assert result.warnings == ([WALK_WARNING] if warned else [])
    if warned:
        assert "beta" in result.warnings[0].lower()
        assert "sidewalks" in result.warnings[0]


def test_default_travel_mode_is_drive() -> None:
    result = _parse(RoutesResult, ROUTES_CAMEL)
    assert result.travel_mode == "DRIVE" and result.warnings == []


# ======================================================================= sandbox end to end
SANDBOX_NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[Any]:
    c = mapsnb.Client(now=SANDBOX_NOW)
    yield c
    c.close()


def _synthetic(result: Any) -> None:
    assert result.source == "sandbox"
    assert result.is_synthetic
    assert "synthetic data" in result._repr_html_()
    assert isinstance(result.raw, dict)


def test_sandbox_client_setup(sandbox: Any) -> None:
    assert sandbox.is_sandbox and sandbox.source == "sandbox"
    assert sandbox.now() == dt.datetime(2026, 9, 18, 15, 0, tzinfo=dt.UTC)


def test_sandbox_search_places(sandbox: Any) -> None:
    result = sandbox.search_places("coffee near Golden Gate Park")
    assert isinstance(result, PlacesResult)
    _synthetic(result)
    assert result.request == {"text_query": "coffee near Golden Gate Park"}
    assert 1 <= len(result.places) <= 5
    assert any("synthetic" in (a.title or "").lower() for a in result.attributions)
    for n in map(int, re.findall(r"\[(\d+)\]", result.summary or "")):
        assert 0 <= n < len(result.places)
    for place in result.places:
        assert place.place == f"places/{place.id}"


def test_sandbox_is_deterministic(sandbox: Any) -> None:
    a = sandbox.search_places("coffee near Golden Gate Park", page_size=3)
    b = mapsnb.Client(now=SANDBOX_NOW).search_places("coffee near Golden Gate Park", page_size=3)
    assert a.raw == b.raw
    assert len(a.places) <= 3


def test_sandbox_compute_routes_and_along_route(sandbox: Any) -> None:
    routes = sandbox.compute_routes("San Francisco, CA", "Lake Tahoe, CA")
    assert isinstance(routes, RoutesResult)
    _synthetic(routes)
    assert len(routes.routes) == 1
    best = routes.routes[0]
    assert best.distance_meters > 0 and best.duration > 0
    assert best.retrieval_token and best.encoded_polyline is None  # no polyline unless asked
    assert routes.issued_at == sandbox.now()
    assert routes.token_expires_at == sandbox.now() + dt.timedelta(minutes=10)
    assert any("synthetic" in (a.title or "").lower() for a in routes.attributions)

    along = sandbox.search_along_route("gas stations", route=routes)
    assert isinstance(along, AlongRouteResult)
    _synthetic(along)
    assert along.request == {"text_query": "gas stations", "retrieval_token": best.retrieval_token}
    assert along.results and along.results[0].place.place_id


def test_sandbox_expired_token_falls_back_to_polyline() -> None:
    client = mapsnb.Client(now=SANDBOX_NOW)
    routes = client.compute_routes("San Francisco, CA", "Lake Tahoe, CA", include_polyline=True)
    assert len(routes.routes[0].path()) >= 2
    client._sandbox.advance(minutes=11)
    along = client.search_along_route("coffee", route=routes)
    assert "retrieval_token" not in along.request
    assert along.request["encoded_polyline"] == routes.routes[0].encoded_polyline
    assert isinstance(along, AlongRouteResult) and along.source == "sandbox"


def test_sandbox_walk_route_warning(sandbox: Any) -> None:
    walk = sandbox.compute_routes(
        "San Francisco, CA", "Golden Gate Park, San Francisco", travel_mode="WALK"
    )
    assert isinstance(walk, RoutesResult)
    _synthetic(walk)
    assert walk.warnings == [WALK_WARNING]
    assert all(r.retrieval_token is None for r in walk.routes)


def test_sandbox_lookup_weather(sandbox: Any) -> None:
    env = sandbox.lookup_weather(
        "San Francisco, CA", capabilities=["weather", "air_quality", "pollen"]
    )
    assert isinstance(env, EnvironmentResult)
    _synthetic(env)
    assert env.domains == ["weather", "air_quality", "pollen"]
    assert env.zone == "America/Los_Angeles"
    for domain in ("weather", "air_quality", "pollen"):
        assert any("synthetic" in (a.title or "").lower() for a in env.attributions[domain])
    only = sandbox.lookup_weather("San Francisco, CA", capabilities="AIR_QUALITY")
    assert only.domains == ["air_quality"]


def test_sandbox_resolve_names(sandbox: Any) -> None:
    names = sandbox.resolve_names(["Eiffel Tower, Paris", "restaurants"])
    assert isinstance(names, ResolvedNames)
    _synthetic(names)
    assert len(names.results) == 2
    assert names.results[0].entity.place.startswith("places/")
    assert names.results[0].confidence in ("MEDIUM", "HIGH")
    assert names.results[1] is None or names.results[1].entity is None
    assert list(names.failures) == [1]


def test_sandbox_resolve_maps_urls(sandbox: Any) -> None:
    urls = sandbox.resolve_maps_urls(["https://example.com/not-maps"])
    assert isinstance(urls, ResolvedUrls)
    _synthetic(urls)
    assert len(urls.entities) == 1
    assert list(urls.failures) == [0]


def test_pollen_only_results_stack_with_concat() -> None:
    """A POLLEN-only lookup has no air-quality or weather rows: its frame is the pollen table."""
    client = mapsnb.Client(now="2026-09-18T08:00:00-07:00")
    days = [
        client.lookup_weather("Paris, France", capabilities=["POLLEN"], date=f"2026-09-{d}")
        for d in range(18, 23)
    ]
    df = mapsnb.concat(days)
    assert df["request_index"].nunique() == 5
    assert {"date", "kind", "code", "upi", "in_season"} <= set(df.columns)
    assert df["date"].dt.day.drop_duplicates().tolist() == [18, 19, 20, 21, 22]


def test_path_frame_says_where_it_came_from() -> None:
    client = mapsnb.Client(now="2026-09-18T08:00:00-07:00")
    routes = client.compute_routes("San Francisco, CA", "San Jose, CA", include_polyline=True)
    path = routes.path_frame()
    assert path.attrs["source"] == "sandbox"
    assert "synthetic" in path.attrs["attributions"][0]["title"]


def test_unexpected_shape_warns_and_keeps_the_payload() -> None:
    """Parse tolerantly: a field of an unforeseen shape costs typed attributes, never ``.raw``."""
    from mapsnb.results import PayloadShapeWarning, RoutesResult

    payload = {"routes": [{"distanceMeters": 1200, "duration": "1h", "encodedPolyline": "??"}]}
    with pytest.warns(PayloadShapeWarning, match="duration"):
        result = RoutesResult.from_payload(payload, source="live")
    assert result.raw is payload
    assert result.parse_errors and result.parse_errors[0]["loc"] == ("routes", 0, "duration")
    assert result.to_frame()["distance_m"].tolist() == [1200.0]  # frames read .raw


def _view(i: int) -> dict[str, Any]:
    """A place of the plain live shape (its result's validation can wait)."""
    return {
        "place": f"places/ChIJ{i}",
        "id": f"ChIJ{i}",
        "location": {"latitude": 52.0 + i / 100, "longitude": 5.1},
        "googleMapsLinks": {"placeUrl": f"https://maps/place?{i}"},
        "attribution": {"title": f"Shop {i} - Google Maps", "url": "https://maps.google.com/"},
    }


class _Wire(dict):  # type: ignore[type-arg]
    """A payload that is no plain ``dict``: its result is validated at once."""


@pytest.mark.parametrize(
    "payload",
    [
        {"places": [_view(0), _view(1)], "summary": "<p><b>A</b> x [0].</p>"},
        {"places": [_view(0)], "summary": "s", "nextPageToken": "t", "extra": {"a": [1]}},
        {"places": [_view(0)]},
        {"summary": "only"},
    ],
)
def test_a_result_validated_on_first_access_is_the_one_validated_at_once(
    payload: dict[str, Any],
) -> None:
    """Issue 44: the lazy path goes through pydantic's public API only, and what it gives is
    what eager validation gives: fields, their order, extras, the fields set, the privates."""
    lazy = PlacesResult.from_payload(payload, request={"q": 1}, source="sandbox")
    eager = PlacesResult.from_payload(_Wire(payload), request={"q": 1}, source="sandbox")
    assert lazy._pending and not eager._pending
    assert lazy.model_dump_json() == eager.model_dump_json()  # validated now: same key order
    assert not lazy._pending
    assert lazy.model_dump_json(exclude_unset=True) == eager.model_dump_json(exclude_unset=True)
    assert lazy.model_fields_set == eager.model_fields_set
    assert lazy.model_extra == eager.model_extra
    assert lazy == eager
    assert (lazy.raw, lazy.request, lazy.source, lazy.parse_errors) == (
        payload,
        {"q": 1},
        "sandbox",
        [],
    )
    assert copy.deepcopy(PlacesResult.from_payload(payload)).places == eager.places
