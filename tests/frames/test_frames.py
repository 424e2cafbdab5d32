"""Frames of search_places, compute_routes, search_along_route, the resolve tools; concat, geo."""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from mapsnb import frames as F
from mapsnb.polyline import decode, path_length_m

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "payloads"
GOOGLE = {"title": "Google Maps", "url": "https://maps.google.com"}


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def snake_keys(obj: Any) -> Any:
    """The same payload with every dict key in snake_case."""
    if isinstance(obj, dict):
        return {re.sub(r"([A-Z])", r"_\1", k).lower(): snake_keys(v) for k, v in obj.items()}
    if isinstance(obj, list):
        return [snake_keys(v) for v in obj]
    return obj


# --------------------------------------------------------------------------------- places


def test_places_columns_index_and_values() -> None:
    df = F.places_frame(load("search_places"), source="sandbox")
    assert list(df.columns[:14]) == F.PLACE_COLUMNS
    assert df.index.name == "citation" and list(df.index) == [0, 1, 2, 3, 4]
    assert df.loc[0, "place_id"] == "ChIJBlueBottle0"
    assert df.loc[2, "place_id"] == "ChIJNextDoor2"  # from "place" when "id" is missing
    assert df.loc[0, "resource_name"] == "places/ChIJBlueBottle0"
    assert df.loc[0, "lat"] == pytest.approx(37.7825)
    assert math.isnan(df.loc[2, "lat"]) and math.isnan(df.loc[2, "lng"])
    assert df["lat"].dtype == np.float64 and str(df["cited"].dtype) == "boolean"
    assert df.loc[0, "write_a_review_url"].endswith("review=1")
    assert pd.isna(df.loc[1, "directions_url"])
    assert df.loc[2, "attribution_title"] == "Partner Data"
    assert df.attrs["source"] == "sandbox"
    assert df.attrs["attributions"] == [
        GOOGLE,
        {"title": "Partner Data", "url": "https://partner.example"},
    ]
    assert df.attrs["content_token"] == "Q29udGVudFRva2Vu"


def test_places_names_cited_and_snippets() -> None:
    df = F.places_frame(load("search_places"))
    assert [v if isinstance(v, str) else None for v in df["name"].tolist()[:4]] == [
        "Blue Bottle Coffee",  # <strong>X</strong> starts the place's paragraph
        "Sightglass Coffee",  # plain subject before its verb
        None,  # no name is given: "There is also a small cafe ..." (not a fragment)
        "Ritual Coffee Roasters",  # **X** starts the paragraph
    ]
    assert pd.isna(df.loc[4, "name"])
    assert df["cited"].tolist() == [True, True, True, True, False]
    assert df.loc[0, "summary_snippet"] == (
        "Blue Bottle Coffee is known for its pour-overs and is located at "
        "66 Mint St, San Francisco, CA 94103, USA [0]."
    )
    assert df.loc[2, "summary_snippet"] == (
        "There is also a small cafe next door at 272 7th St, San Francisco, CA 94103, USA [2]."
    )
    assert "<" not in df.loc[3, "summary_snippet"] and "**" not in df.loc[3, "summary_snippet"]
    assert pd.isna(df.loc[4, "summary_snippet"])


def test_places_unknown_fields_are_flattened_not_dropped() -> None:
    payload = load("search_places")
    payload["places"][0]["lat"] = "clash"
    payload["places"][0]["googleMapsLinks"]["streetViewUrl"] = "https://sv"
    df = F.places_frame(payload)
    assert df.loc[1, "rating"] == 4.6 and pd.isna(df.loc[0, "rating"])
    assert df.loc[1, "opening_hours_open_now"] is True
    assert df.loc[0, "extra_lat"] == "clash"
    assert df.loc[0, "google_maps_links_street_view_url"] == "https://sv"


def test_places_snake_case_payload_gives_the_same_frame() -> None:
    camel = F.places_frame(load("search_places"))
    snake = F.places_frame(snake_keys(load("search_places")))
    pd.testing.assert_frame_equal(camel, snake)


def test_places_empty() -> None:
    df = F.places_frame(load("search_places_empty"))
    assert len(df) == 0 and list(df.columns) == F.PLACE_COLUMNS
    assert df.index.name == "citation"
    assert df.attrs["attributions"] == []


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("<p>Bakeries.</p><p><strong>Tartine Bakery</strong> is at 600 Guerrero St, "
         "San Francisco, CA 94110, USA [0]. It opens at 8 AM [0].</p>", "Tartine Bakery"),
        ("<p><b>Tartine</b> has a rating of 4.5 and is at 600 Guerrero St, USA [0].</p>",
         "Tartine"),
        ("<p>**Tartine Bakery** is at 600 Guerrero St, USA [0].</p>", "Tartine Bakery"),
        ("<p>Tartine Bakery has a rating of 4.5 and is at 600 Guerrero St, USA [0].</p>",
         "Tartine Bakery"),
        ("<p>The Mill is located at 736 Divisadero St, San Francisco, CA 94117, USA [0].</p>",
         "The Mill"),
        ("Visit <strong>Tartine Bakery</strong> [0] today.", "Tartine Bakery"),
        # the text before the citation is an address: never a name
        ("<p>Good bread at 600 Guerrero St, San Francisco, CA 94110, USA [0].</p>", None),
        ("<p>Try Zuni Café [1], or Nopa [0].</p>", None),
        ("<p>Good spots [0, 1] abound.</p>", None),
        ("Nothing cites it.", None),
    ],
)  # fmt: skip
def test_name_extraction_variants(summary: str, expected: str | None) -> None:
    payload = {"places": [{"id": "A"}, {"id": "B"}], "summary": summary}
    name = F.places_frame(payload)["name"].iloc[0]
    assert pd.isna(name) if expected is None else name == expected, name


@pytest.mark.parametrize(
    ("view", "expected"),
    [
        ({"id": "A", "displayName": {"text": "Shown", "languageCode": "en"}}, "Shown"),
        ({"id": "A", "displayName": "Plain"}, "Plain"),
        ({"id": "A", "name": "Named"}, "Named"),
        ({"id": "A", "title": "Titled"}, "Titled"),
        ({"name": "places/A"}, "From Summary"),
    ],
)
def test_name_from_fields_beats_summary(view: dict, expected: str) -> None:
    df = F.places_frame({"places": [view], "summary": "<strong>From Summary</strong> [0]"})
    assert df.loc[0, "name"] == expected
    assert df.loc[0, "place_id"] == "A" and df.loc[0, "resource_name"] == "places/A"
    assert "display_name" not in df.columns and "title" not in df.columns


@pytest.mark.parametrize("summary", ["A [0][1] B.", "A [1, 0].", "A [1,0]."])
def test_cited_forms(summary: str) -> None:
    df = F.places_frame({"places": [{"id": "A"}, {"id": "B"}, {"id": "C"}], "summary": summary})
    assert df["cited"].tolist() == [True, True, False]


# --------------------------------------------------------------------------------- routes

REQUEST = {
    "origin": {"address": "San Francisco, CA"},
    "destination": {"lat_lng": {"latitude": 39.0968, "longitude": -120.0324}},
}


def test_routes_frame_values_and_dtypes() -> None:
    issued = datetime(2026, 9, 18, 17, 0, tzinfo=UTC)
    df = F.routes_frame(load("compute_routes"), request=REQUEST, issued_at=issued)
    assert list(df.columns[:14]) == F.ROUTE_COLUMNS
    assert isinstance(df.index, pd.RangeIndex) and df["route_index"].tolist() == [0, 1]
    assert df["distance_m"].tolist() == [279125.0, 301544.0]
    assert df["duration_s"].tolist() == [11253.0, 12060.5]  # string and {seconds, nanos}
    assert df.loc[1, "duration"] == pd.Timedelta(seconds=12060.5)
    assert str(df["duration"].dtype) == "timedelta64[ns]"
    assert str(df["token_expires_at"].dtype) == "datetime64[ns, UTC]"
    assert df.loc[0, "token_expires_at"] == pd.Timestamp("2026-09-18T17:10:00Z")
    assert df["travel_mode"].tolist() == ["DRIVE", "DRIVE"]
    assert df.loc[0, "origin"] == "San Francisco, CA"
    assert df.loc[0, "destination"] == "39.0968,-120.0324"
    assert df.loc[0, "origin_name"] == "San Francisco, CA"  # as asked
    assert df.loc[0, "destination_name"] == "39.097, -120.032"  # rounded, no 4-decimal noise
    assert df.loc[0, "attribution_title"] == "Google Maps"
    assert pd.isna(df.loc[1, "encoded_polyline"])
    assert df.loc[0, "warnings"] == ["Tolls on route"]  # unknown field kept
    assert df.attrs["attributions"] == [GOOGLE]


def test_routes_frame_request_variants_and_naive_issued_at() -> None:
    payload = {"routes": [{"distanceMeters": 10, "duration": "5s"}, {"retrievalToken": "t"}]}
    request = {"origin": {"placeId": "ChIJA"}, "destination": "Paris", "travelMode": "WALK"}
    df = F.routes_frame(payload, request=request, issued_at=datetime(2026, 1, 1, 12))
    assert df["origin"].tolist() == ["place_id:ChIJA"] * 2 and df.loc[0, "destination"] == "Paris"
    assert df["travel_mode"].tolist() == ["WALK", "WALK"]
    assert pd.isna(df.loc[0, "token_expires_at"])  # no token
    assert df.loc[1, "token_expires_at"] == pd.Timestamp("2026-01-01T12:10:00Z")
    assert math.isnan(df.loc[1, "duration_s"]) and pd.isna(df.loc[1, "duration"])
    without = F.routes_frame(payload)
    assert without["token_expires_at"].isna().all() and without["origin"].isna().all()


def test_routes_snake_case_and_empty() -> None:
    issued = datetime(2026, 9, 18, 17, 0, tzinfo=UTC)
    camel = F.routes_frame(load("compute_routes"), request=REQUEST, issued_at=issued)
    snake = F.routes_frame(snake_keys(load("compute_routes")), request=REQUEST, issued_at=issued)
    pd.testing.assert_frame_equal(camel, snake)
    empty = F.routes_frame(load("compute_routes_empty"), request=REQUEST)
    assert len(empty) == 0 and list(empty.columns) == F.ROUTE_COLUMNS


def test_route_path_frame() -> None:
    payload = load("compute_routes")
    df = F.route_path_frame(payload)
    assert list(df.columns) == F.PATH_COLUMNS
    assert df["route_index"].tolist() == [0, 0, 0]  # route 1 has no polyline
    assert df["seq"].tolist() == [0, 1, 2]
    assert (df["lat"].iloc[0], df["lng"].iloc[0]) == (38.5, -120.2)
    assert df["cum_distance_m"].iloc[0] == 0.0 and df["cum_distance_m"].is_monotonic_increasing
    expected = path_length_m(decode(payload["routes"][0]["encodedPolyline"]))
    assert df["cum_distance_m"].iloc[-1] == pytest.approx(expected)
    assert len(F.route_path_frame(load("compute_routes_empty"))) == 0


# --------------------------------------------------------------------------- along route


def test_along_route_frame() -> None:
    df = F.along_route_frame(load("search_along_route"))
    assert list(df.columns[: len(F.ALONG_COLUMNS)]) == F.ALONG_COLUMNS
    assert df["rank"].tolist() == [0, 1, 2, 3]
    names = [v if isinstance(v, str) else None for v in df["name"]]
    assert names == ["Shell Sacramento", None, "ARCO", "Valero Truckee"]
    assert df["detour_s"].tolist()[:2] == [312.0, 3.5]
    assert df["detour_s"].iloc[2:].isna().all()
    assert df.loc[0, "detour"] == pd.Timedelta(seconds=312) and pd.isna(df.loc[2, "detour"])
    assert df["detour_m"].iloc[0] == pytest.approx(1900.0)
    assert df["detour_m"].iloc[1] == pytest.approx(376.1)  # 1,234 ft to the text's precision
    assert math.isnan(df["detour_m"].iloc[2]) and df["detour_m"].iloc[3] == pytest.approx(1200.0)
    assert df["detour_distance_text"].iloc[0] == "1.9 km" and pd.isna(
        df.loc[2, "detour_distance_text"]
    )
    assert df.loc[3, "detour_summary_detour_traffic_note"] == "light"
    assert df["cited"].all() and df.loc[1, "summary_snippet"].startswith("Another option")
    assert df.attrs["attributions"] == [GOOGLE]


def test_along_route_snake_case_and_missing_detour() -> None:
    camel = F.along_route_frame(load("search_along_route"))
    snake = F.along_route_frame(snake_keys(load("search_along_route")))
    pd.testing.assert_frame_equal(camel, snake)
    payload = {"results": [{"place": {"id": "X"}}]}
    df = F.along_route_frame(payload)
    assert math.isnan(df.loc[0, "detour_s"]) and pd.isna(df.loc[0, "detour"])
    assert math.isnan(df.loc[0, "detour_m"])
    empty = F.along_route_frame({"results": [], "summary": ""})
    assert len(empty) == 0 and list(empty.columns) == F.ALONG_COLUMNS


@pytest.mark.parametrize(
    ("text", "metres"),
    [
        ("1.9 km", 1900.0),
        ("1,2 km", 1200.0),
        ("1,234 ft", 376.1),  # metres to the precision the text had (±0.5 ft)
        ("0.5 mi", 800.0),  # ±0.05 mi: not 804.672
        ("0.3 mi", 500.0),  # issue 11.9: not 482.8032
        ("0.25 mi", 400.0),
        ("1.2 miles", 1900.0),
        ("800 m", 800.0),
        ("300 metres", 300.0),
        ("250 meters", 250.0),
        ("2 км", 2000.0),
        ("500 м", 500.0),
        ("1\u00a0234 m", 1234.0),
        ("1.234,5 km", 1234500.0),
        ("12 yd", 11.0),
        ("about 3 mi.", 5000.0),
        ("0,300 km", 300.0),
    ],
)
def test_parse_distance(text: str, metres: float) -> None:
    assert F.parse_distance_m(text) == pytest.approx(metres)


@pytest.mark.parametrize("text", ["garbage", "", None, "5 parsecs", "km"])
def test_parse_distance_unparseable(text: Any) -> None:
    assert math.isnan(F.parse_distance_m(text))


# ------------------------------------------------------------------------------ resolve

QUERIES = {
    "queries": [
        {"text": "Eiffel Tower"},
        {"text": "restaurants"},
        {"text": "Louvre"},
        {"text": "Nowhere"},
    ]
}


def test_resolved_names_partial_failures() -> None:
    df = F.resolved_names_frame(load("resolve_names"), request=QUERIES, source="sandbox")
    assert list(df.columns) == ["query", *F.BATCH_COLUMNS]
    assert df["query"].tolist() == ["Eiffel Tower", "restaurants", "Louvre", "Nowhere"]
    assert df["ok"].tolist() == [True, False, True, False] and str(df["ok"].dtype) == "boolean"
    assert df["place_id"].tolist()[::2] == ["ChIJEiffel", "ChIJLouvre"]
    assert df["resource_name"].iloc[0] == "places/ChIJEiffel"
    assert df["confidence"].tolist()[::2] == ["HIGH", "MEDIUM"]
    assert str(df["error_code"].dtype) == "Int64"
    assert df["error_code"].tolist() == [pd.NA, 3, pd.NA, 5]
    assert df["error_status"].tolist()[1::2] == ["INVALID_ARGUMENT", "NOT_FOUND"]
    assert df.loc[1, "error_message"] == "query is too generic"
    assert df.attrs["save_to_maps_url"] == "https://maps.app.goo.gl/save123"
    assert df.attrs["source"] == "sandbox"


def test_resolved_names_int_keys_and_snake_case_match() -> None:
    payload = load("resolve_names")
    payload["failedRequests"] = {int(k): v for k, v in payload["failedRequests"].items()}
    base = F.resolved_names_frame(load("resolve_names"), request=QUERIES)
    pd.testing.assert_frame_equal(F.resolved_names_frame(payload, request=QUERIES), base)
    snake = F.resolved_names_frame(snake_keys(load("resolve_names")), request=QUERIES)
    pd.testing.assert_frame_equal(snake, base)
    assert snake.attrs["save_to_maps_url"] == base.attrs["save_to_maps_url"]


def test_resolved_names_short_payload_and_no_request() -> None:
    request = {"queries": [*QUERIES["queries"], {"text": "Extra"}, "Plain string"]}
    df = F.resolved_names_frame(load("resolve_names"), request=request)
    assert len(df) == 6 and df["query"].iloc[-1] == "Plain string"
    assert df["ok"].tolist()[4:] == [False, False]
    assert df["error_message"].tolist()[4:] == ["missing from response"] * 2
    no_req = F.resolved_names_frame(load("resolve_names"))
    assert len(no_req) == 4 and no_req["query"].isna().all()
    blank = F.resolved_names_frame({"results": ["", {"entity": {}}]})
    assert blank["ok"].tolist() == [False, False]
    assert blank.attrs["save_to_maps_url"] is None


def test_resolved_urls() -> None:
    request = {"urls": ["https://maps.app.goo.gl/a", "https://example.com/x"]}
    df = F.resolved_urls_frame(load("resolve_maps_urls"), request=request)
    assert list(df.columns) == ["url", *F.BATCH_COLUMNS]
    assert df["url"].tolist() == request["urls"]
    assert df["ok"].tolist() == [True, False]
    assert df.loc[0, "place_id"] == "ChIJUrl0" and df["confidence"].isna().all()
    assert df["error_code"].tolist() == [pd.NA, 5] and df.loc[1, "error_status"] == "NOT_FOUND"
    assert df.attrs["save_to_maps_url"] == "https://maps.app.goo.gl/saveurls"
    payload = load("resolve_maps_urls")
    payload["failedRequests"] = {1: payload["failedRequests"]["1"]}
    pd.testing.assert_frame_equal(F.resolved_urls_frame(payload, request=request), df)


# -------------------------------------------------------------------------------- concat


class FakePlaces:
    def __init__(self, payload: dict, request: dict, source: str = "sandbox") -> None:
        self.raw, self.request, self.source = payload, request, source

    def to_frame(self) -> pd.DataFrame:
        return F.places_frame(self.raw, source=self.source, request=self.request)


class FakeRoutes(FakePlaces):
    def to_frame(self) -> pd.DataFrame:
        return F.routes_frame(self.raw, source=self.source, request=self.request)


def test_concat_labels_index_and_attrs() -> None:
    a = FakePlaces(load("search_places"), {"text_query": "coffee"})
    b = FakePlaces(load("search_places_empty"), {"textQuery": "tea"}, source="live")
    c = FakePlaces(load("search_places"), {"text_query": "cake"})
    df = F.concat([a, b, c])
    assert list(df.columns[:3]) == ["request", "request_index", "citation"]
    assert df["request"].unique().tolist() == ["coffee", "cake"]
    assert df["request_index"].unique().tolist() == [0, 2] and df["request_index"].dtype == np.int64
    assert len(df) == 10 and df["citation"].tolist()[:5] == [0, 1, 2, 3, 4]
    assert "rating" in df.columns
    assert df.attrs["source"] == "sandbox, live"
    assert df.attrs["attributions"][0] == GOOGLE and len(df.attrs["attributions"]) == 2
    keyed = F.concat([a, c], keys=["first", "second"])
    assert keyed["request"].unique().tolist() == ["first", "second"]


def test_concat_route_labels_and_mixed_kinds() -> None:
    r = FakeRoutes(load("compute_routes"), REQUEST)
    df = F.concat([r, r])
    assert df["request"].iloc[0] == "San Francisco, CA → 39.0968,-120.0324"
    assert df["request_index"].tolist() == [0, 0, 1, 1]
    with pytest.raises(TypeError, match=r"FakePlaces.*FakeRoutes"):
        F.concat([FakePlaces(load("search_places"), {}), r])
    with pytest.raises(ValueError, match="keys"):
        F.concat([r], keys=["a", "b"])
    empty = F.concat([])
    assert list(empty.columns) == ["request", "request_index"] and len(empty) == 0


def test_request_labels() -> None:
    weather = {
        "location": {"address": "Paris"},
        "date": {"year": 2026, "month": 9, "day": 19},
        "hour": 13,
    }
    assert F.request_label(weather) == "Paris 2026-09-19 13:00"
    assert F.request_label({"location": {"lat_lng": {"latitude": 1.5, "longitude": 2}}}) == "1.5,2"
    assert F.request_label({"queries": [{"text": "a"}, {"text": "b"}]}) == "2 queries"
    assert F.request_label({"urls": ["u"]}) == "1 urls"
    ends = {"route_endpoints": {"origin": {"address": "A"}, "destination": {"address": "B"}}}
    assert F.request_label(ends) == "A → B"


# ---------------------------------------------------------------------------------- geo


def test_to_geodataframe_points_and_lines() -> None:
    places = F.places_frame(load("search_places"), source="sandbox")
    gdf = F.to_geodataframe(places)
    assert gdf.crs.to_epsg() == 4326 and len(gdf) == 5
    assert gdf.geometry.iloc[0].x == pytest.approx(-122.4078)
    assert gdf.geometry.iloc[2] is None  # no location
    assert gdf.attrs["source"] == "sandbox"
    routes = F.routes_frame(load("compute_routes"))
    lines = F.to_geodataframe(routes)
    assert lines.geometry.iloc[0].geom_type == "LineString"
    assert len(lines.geometry.iloc[0].coords) == 3 and lines.geometry.iloc[1] is None
    path = F.to_geodataframe(F.route_path_frame(load("compute_routes")), geometry="lines")
    assert path["route_index"].tolist() == [0] and len(path.geometry.iloc[0].coords) == 3
    with pytest.raises(ValueError, match="geometry"):
        F.to_geodataframe(pd.DataFrame({"x": [1]}))


def test_to_geodataframe_without_geopandas(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "geopandas", None)
    with pytest.raises(ImportError, match=r"pip install 'mapsnb\[geo\]'"):
        F.to_geodataframe(F.places_frame(load("search_places")))


# ------------------------------------------------------------------------ sandbox payloads

NOW = "2026-09-18T17:00:00Z"


@pytest.fixture(scope="module")
def sandbox() -> Any:
    from mapsnb_sandbox import Sandbox

    return Sandbox(now=NOW)


def test_sandbox_search_places(sandbox: Any) -> None:
    args = {"text_query": "coffee in San Francisco", "page_size": 5}
    payload = sandbox.call_tool("search_places", args)
    df = F.places_frame(payload, source="sandbox", request=args)
    assert len(df) == len(payload["places"]) and df["cited"].all()
    assert df["name"].notna().all() and df["lat"].notna().all()
    assert df["place_id"].tolist() == [p["id"] for p in payload["places"]]
    assert df.attrs["attributions"][0]["title"].endswith(" - mapsnb sandbox (synthetic data)")


def test_sandbox_routes_and_along_route(sandbox: Any) -> None:
    args = {
        "origin": {"address": "San Francisco, CA"},
        "destination": {"address": "Sacramento, CA"},
        "include_polyline": True,
        "compute_alternative_routes": True,
    }
    payload = sandbox.call_tool("compute_routes", args)
    issued = datetime(2026, 9, 18, 17, tzinfo=UTC)
    df = F.routes_frame(payload, source="sandbox", request=args, issued_at=issued)
    assert len(df) == len(payload["routes"]) >= 1
    assert (df["duration_s"] > 0).all() and df["token_expires_at"].notna().all()
    path = F.route_path_frame(payload)
    last = path.groupby("route_index")["cum_distance_m"].max()
    assert np.allclose(last.to_numpy(), df["distance_m"].to_numpy(), rtol=0.05)
    along_args = {"text_query": "gas station", "retrieval_token": df.loc[0, "retrieval_token"]}
    along = F.along_route_frame(sandbox.call_tool("search_along_route", along_args))
    assert len(along) >= 1 and along["rank"].tolist() == list(range(len(along)))
    assert along["detour_m"].notna().all() and along["detour_s"].notna().all()
    assert along["name"].notna().all()


def test_sandbox_resolve(sandbox: Any) -> None:
    args = {"queries": [{"text": "Eiffel Tower, Paris"}, {"text": "restaurants"}]}
    df = F.resolved_names_frame(sandbox.call_tool("resolve_names", args), request=args)
    assert df["ok"].tolist() == [True, False] and df.loc[1, "error_status"] == "INVALID_ARGUMENT"
    assert df.attrs["save_to_maps_url"]
    urls = {"urls": ["https://www.google.com/maps/place/Eiffel+Tower", "https://example.com/x"]}
    udf = F.resolved_urls_frame(
        sandbox.call_tool("resolve_maps_urls", copy.deepcopy(urls)), request=urls
    )
    assert udf["url"].tolist() == urls["urls"] and udf["ok"].tolist() == [True, False]


# ------------------------------------------------------------------------- review fixes


class FakeEnv:
    def __init__(self, payload: dict, request: dict) -> None:
        self.raw, self.request, self.source = payload, request, "live"

    def to_frame(self) -> pd.DataFrame:
        return F.air_quality_frame(self.raw)


def _aq(zone: str, offset: str, aqi: int) -> dict:
    when = {"year": 2024, "month": 1, "day": 1, "hours": 5, "utcOffset": offset}
    hour = {"dateTime": when, "indexes": [{"code": "uaqi", "aqi": aqi}]}
    return {"timeZone": zone, "airQuality": {"hourlyResults": [hour]}}


def test_concat_keeps_an_extra_column_named_request() -> None:
    payload = load("search_places")
    payload["places"][0]["request"] = "extra"
    df = F.concat([FakePlaces(payload, {"text_query": "coffee"})])
    assert df["request"].unique().tolist() == ["coffee"]
    assert df["extra_request"].iloc[0] == "extra"
    assert "summary_snippet" in df.columns  # not cut off by the relabelling


def test_concat_of_different_zones_stays_datetime_in_utc() -> None:
    ny = FakeEnv(_aq("America/New_York", "-18000s", 50), {"location": {"address": "NYC"}})
    dl = FakeEnv(_aq("Asia/Kolkata", "19800s", 40), {"location": {"address": "Delhi"}})
    df = F.concat([ny, dl])
    assert isinstance(df["time"].dtype, pd.DatetimeTZDtype) and str(df["time"].dt.tz) == "UTC"
    assert df["time"].tolist() == [
        pd.Timestamp("2024-01-01 10:00", tz="UTC"),
        pd.Timestamp("2023-12-31 23:30", tz="UTC"),
    ]
    same = F.concat([ny, ny])  # one zone: kept
    assert str(same["time"].dt.tz) == "America/New_York"


def test_token_expiry_follows_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    from mapsnb import settings

    monkeypatch.setattr(settings, "retrieval_token_minutes", 5)
    issued = datetime(2026, 9, 18, 15, 0, tzinfo=UTC)
    df = F.routes_frame(load("compute_routes"), issued_at=issued)
    assert df["token_expires_at"].iloc[0] == pd.Timestamp("2026-09-18 15:05", tz="UTC")


@pytest.mark.parametrize(
    ("summary", "expected"),
    [
        ("<p>St. Mary's Cathedral is at 1111 Gough St, San Francisco, USA [0].</p>",
         "St. Mary's Cathedral"),
        ("<p>Sandbox Kitchen No. 3 is 1.2 km away, at 10 Main St, Lyon, France [0].</p>",
         "Sandbox Kitchen No. 3"),
    ],
)  # fmt: skip
def test_name_keeps_abbreviations(summary: str, expected: str) -> None:
    payload = {"places": [{"place": "places/A"}], "summary": summary}
    assert F.places_frame(payload)["name"].iloc[0] == expected


@pytest.mark.parametrize(("text", "metres"), [("-0.3 km", -300.0), ("\u22120.5 mi", -800.0)])
def test_parse_distance_keeps_the_sign(text: str, metres: float) -> None:
    assert F.parse_distance_m(text) == pytest.approx(metres)


def test_geodataframe_and_path_frame_of_large_inputs() -> None:
    """Missing coordinates give no geometry; cumulative distances match the scalar haversine.

    (Speed of the vectorised paths is measured in benchmarks/, not asserted here.)
    """
    from mapsnb.polyline import encode

    n = 10_000
    rng = np.random.default_rng(0)
    df = pd.DataFrame({"lat": rng.random(n), "lng": rng.random(n)})
    df.loc[3, "lat"] = np.nan
    gdf = F.to_geodataframe(df)
    assert gdf.geometry.iloc[3] is None and gdf.geometry.iloc[4].y == df["lat"].iloc[4]
    points = [(37 + i * 1e-4, -122 + i * 1e-4) for i in range(2000)]
    path = F.route_path_frame({"routes": [{"encodedPolyline": encode(points)}]})
    assert path["cum_distance_m"].iloc[-1] == pytest.approx(path_length_m(points), rel=1e-9)
    assert path["cum_distance_m"].iloc[0] == 0.0 and path["cum_distance_m"].is_monotonic_increasing
