"""Issue 21: names resolve where the query says; the resolution frame says what matched."""

from __future__ import annotations

import math

import pytest

from mapsnb import frames as F
from mapsnb.polyline import haversine_m
from mapsnb.sandbox import Sandbox
from mapsnb.sandbox._geo import resolve_geo_id

NOW = "2026-09-18T15:00:00+00:00"
LYON = (45.764, 4.8357)
PARIS = (48.8566, 2.3522)


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now=NOW)


def names(box: Sandbox, *texts: str) -> tuple[dict, object]:
    args = {"queries": [{"text": t} for t in texts]}
    payload = box.call_tool("resolve_names", args)
    return payload, F.resolved_names_frame(payload, request=args, source="sandbox")


def km(lat: float, lng: float, at: tuple[float, float]) -> float:
    return haversine_m(lat, lng, at[0], at[1]) / 1000


@pytest.mark.parametrize("text", ["Gare de Lyon Part-Dieu", "Notre-Dame de Fourvière"])
def test_lyon_places_do_not_resolve_to_paris(box: Sandbox, text: str) -> None:
    _, df = names(box, text)
    row = df.iloc[0]
    assert row.ok
    assert km(row.matched_lat, row.matched_lng, LYON) < 10
    assert km(row.matched_lat, row.matched_lng, PARIS) > 300


@pytest.mark.parametrize(
    ("text", "town", "at"),
    [
        ("Utrecht Centraal, Netherlands", "Utrecht", (52.09, 5.12)),
        ("Kraków Główny", "Kraków", (50.06, 19.94)),
        ("Union Station, Denver", "Denver", (39.74, -104.98)),
        ("Shibuya Station, Tokyo", "Tokyo", (35.68, 139.69)),
        ("Place Bellecour, Lyon", "Lyon", LYON),
        ("Wawel Castle, Kraków", "Kraków", (50.06, 19.94)),
        ("Cracow", "Kraków", (50.06, 19.94)),
        ("Vézelay", "Vézelay", (47.466, 3.745)),
        ("Lisboa", "Lisbon", (38.72, -9.14)),
        ("Moskva", "Moscow", (55.75, 37.62)),
        ("Москва", "Moscow", (55.75, 37.62)),
        ("Vezelay", "Vézelay", (47.466, 3.745)),
        ("w Krakowie", "Kraków", (50.06, 19.94)),
        ("Казани", "Kazan", (55.79, 49.12)),
        ("Lisbonn", "Lisbon", (38.72, -9.14)),
    ],
)
def test_examples_resolve_in_the_right_town(
    box: Sandbox, text: str, town: str, at: tuple[float, float]
) -> None:
    payload, df = names(box, text)
    row = df.iloc[0]
    assert row.ok, payload
    assert km(row.matched_lat, row.matched_lng, at) < 15, (text, row.matched_name)
    r = box.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    assert r["sandboxMatch"]["name"]


@pytest.mark.parametrize(
    ("text", "town", "at"),
    [
        ("Gare Saint-Paul, Lyon", "Lyon", LYON),
        ("Rua Augusta, Lisboa", "Lisbon", (38.72, -9.14)),
        ("Plac Zbawiciela, Warszawa", "Warsaw", (52.23, 21.01)),
        ("Bahnhof Zoo, Berlin", "Berlin", (52.52, 13.40)),
        ("Nowhere Plaza, Paris", "Paris", PARIS),
    ],
)
def test_unknown_places_in_a_known_town_are_approximate_and_low(
    box: Sandbox, text: str, town: str, at: tuple[float, float]
) -> None:
    payload, df = names(box, text)
    result = payload["results"][0]
    assert result["confidence"] == "LOW"
    assert result["sandboxMatch"]["note"] == f"approximate: placed in {town}"
    row = df.iloc[0]
    assert row.confidence == "LOW"
    assert km(row.matched_lat, row.matched_lng, at) < 5
    # the place id resolves again (e.g. for lookup_weather)
    again = resolve_geo_id(result["entity"]["place"])
    assert again is not None and again.confidence == "LOW" and again.city == town


def test_landmarks_match_on_the_whole_name_only(box: Sandbox) -> None:
    payload, _ = names(box, "trip to the Eiffel Tower and Notre Dame somewhere")
    assert payload["results"] == [{}]
    payload, df = names(box, "Eiffel Tower", "Eifel Tower")
    assert list(df.matched_name) == ["Eiffel Tower", "Eiffel Tower"]


def test_named_town_beats_a_same_named_town_elsewhere(box: Sandbox) -> None:
    _, df = names(box, "Hauptbahnhof, Leipzig")
    assert km(df.matched_lat[0], df.matched_lng[0], (51.34, 12.37)) < 5


def test_not_found_says_what_the_emulator_knows(box: Sandbox) -> None:
    payload, df = names(box, "Xyzzy Plughland")
    message = payload["failedRequests"]["0"]["message"]
    assert "towns of 1,000+ people" in message and "landmarks" in message
    assert df.matched_name.isna().all() and math.isnan(df.matched_lat[0])


def test_generic_phrases_in_a_town_are_not_one_place(box: Sandbox) -> None:
    payload, _ = names(box, "schools in Lyon", "bakery Lyon")
    assert payload["results"] == [{}, {}]
    assert all(f["code"] == 3 for f in payload["failedRequests"].values())


def test_live_answers_leave_the_matched_columns_empty() -> None:
    live = {"results": [{"entity": {"place": "places/ChIJabc"}, "confidence": "HIGH"}]}
    df = F.resolved_names_frame(live, request={"queries": [{"text": "x"}]})
    assert df.matched_name.isna().all() and df.matched_lat.isna().all()
    assert df.matched_lng.dtype == "float64"
