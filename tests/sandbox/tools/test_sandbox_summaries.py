"""The emulator speaks like the live server: summaries, result envelope, schemas, spellings."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from mapsnb import frames as F
from mapsnb._read.summary import parse_summary
from mapsnb_sandbox import Sandbox, SandboxToolError
from mapsnb_sandbox.serve.endpoint import McpEndpoint, call_result
from mapsnb_sandbox.tools.locations import resolve_place_id
from mapsnb_sandbox.tools.places import CATEGORIES

NOW = "2026-09-18T15:00:00Z"
CITIES = (
    "San Francisco", "Paris", "Tokyo", "London", "São Paulo",
    "Lisbon", "New York", "Chicago", "Berlin", "Sydney",
)  # fmt: skip
LANGUAGES = (None, "en", "en-GB", "pt-BR", "fr", "es", "ru", "ja")


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now=NOW)


def _names(payload: dict[str, Any], key: str) -> list[str]:
    views = [r["place"] if key == "results" else r for r in payload[key]]
    found = [resolve_place_id(v["id"]) for v in views]  # businesses and real landmarks
    return [place.name if place is not None else "?" for place in found]


def test_summaries_parse_back_to_the_emulators_names(sandbox: Sandbox) -> None:
    """200 random queries in 10 cities: every cited place's name comes back (100 %)."""
    rng = random.Random(20261130)
    checked = plain = 0
    for _ in range(200):
        category = rng.choice(CATEGORIES)
        city = rng.choice(CITIES)
        args: dict[str, Any] = {"text_query": f"{rng.choice(category.synonyms[:3])} in {city}"}
        args["page_size"] = rng.randint(1, 10)
        if rng.random() < 0.3:
            args["include_extended_details"] = True
        if (language := rng.choice(LANGUAGES)) is not None:
            args["language_code"] = language
        payload = sandbox.call_tool("search_places", args)
        names = _names(payload, "places")
        assert names, args
        info = parse_summary(payload["summary"])
        assert [info.names.get(n) for n in range(len(names))] == names, args
        assert info.cited == frozenset(range(len(names)))
        frame = F.places_frame(payload)
        assert frame["name"].tolist() == names
        checked += len(names)
        plain += sum(f"<strong>{n}" not in payload["summary"].replace("&amp;", "&") for n in names)
    assert checked > 500 and 0.15 < plain / checked < 0.6  # both name styles are exercised


def test_along_route_summaries_parse_back(sandbox: Sandbox) -> None:
    rng = random.Random(7)
    checked = 0
    for _ in range(12):
        origin, destination = rng.sample(CITIES[5:], 2) if rng.random() < 0.5 else ("Paris", "Lyon")
        category = rng.choice([c for c in CATEGORIES if c.key != "park"])
        payload = sandbox.call_tool(
            "search_along_route",
            {
                "textQuery": category.synonyms[0],
                "routeEndpoints": {
                    "origin": {"address": origin},
                    "destination": {"address": destination},
                },
            },
        )
        names = _names(payload, "results")
        if not names:
            continue
        info = parse_summary(payload["summary"])
        assert [info.names.get(n) for n in range(len(names))] == names
        assert F.along_route_frame(payload)["name"].tolist() == names
        checked += len(names)
    assert checked >= 20


def test_summary_shape_is_the_live_one(sandbox: Sandbox) -> None:
    summary = sandbox.call_tool("search_places", {"text_query": "cafes in Lisbon"})["summary"]
    paragraphs = re.findall(r"<p>(.*?)</p>", summary)
    assert re.fullmatch(r"(<p>.*?</p>)+", summary)
    assert not re.search(r"\[\d", paragraphs[0])  # the intro cites nothing
    for n, paragraph in enumerate(paragraphs[1:6]):
        first_cite = paragraph.index(f"[{n}]")
        assert paragraph[:first_cite].rstrip().endswith(", Portugal")  # address, then citation
        assert paragraph.endswith(f"[{n}].")


def test_results_are_pretty_printed_json_text_with_the_same_structured_content() -> None:
    # every tool declares an outputSchema, so every answer carries structuredContent (issue 20.5)
    args = {"text_query": "coffee in Paris"}
    plain = call_result(Sandbox(now=NOW), "search_places", args)
    assert set(plain) == {"content", "structuredContent", "isError"}
    assert len(plain["content"]) == 1
    text = plain["content"][0]["text"]
    assert text.startswith('{\n  "places": [') and json.loads(text)["places"]
    assert plain["structuredContent"] == json.loads(text)


def test_tools_list_uses_json_names_and_unspecified_enum_members(sandbox: Sandbox) -> None:
    names: set[str] = set()
    enums: list[list[str]] = []

    def walk(schema: Any) -> None:
        if isinstance(schema, dict):
            names.update(schema.get("properties", {}))
            if "enum" in schema:
                enums.append(schema["enum"])
            for value in schema.values():
                walk(value)
        elif isinstance(schema, list):
            for value in schema:
                walk(value)

    for tool in sandbox.list_tools():
        walk(tool["inputSchema"])
    assert {"textQuery", "languageCode", "unitsSystem", "travelMode", "pageSize"} <= names
    assert not [n for n in names if "_" in n]
    modes = [e for e in enums if "DRIVE" in e] + [e for e in enums if "METRIC" in e]
    assert modes and all(any(v.endswith("_UNSPECIFIED") for v in e) for e in modes)


SF = {"address": "San Francisco"}
OAKLAND = {"address": "Oakland"}
SPELLINGS = [
    (
        "search_places",
        {
            "text_query": "coffee",
            "location_bias": {
                "circle": {
                    "center": {"latitude": 37.77, "longitude": -122.42},
                    "radius_meters": 800,
                }
            },
            "page_size": 3,
            "include_extended_details": True,
            "language_code": "en",
            "region_code": "US",
        },
    ),
    (
        "lookup_weather",
        {
            "location": {"lat_lng": {"latitude": 48.85, "longitude": 2.35}},
            "capabilities": ["WEATHER", "AIR_QUALITY"],
            "language_code": "fr",
            "weather_options": {"units_system": "IMPERIAL"},
            "air_quality_options": {
                "include_pollutant_concentration": True,
                "index_region_code": "FR",
            },
        },
    ),
    (
        "compute_routes",
        {
            "origin": SF,
            "destination": OAKLAND,
            "intermediate_waypoints": [{"place_id": "ChIJLU7jZClu5kcR4PcOOO6p3I0"}],
            "travel_mode": "DRIVE",
            "routing_preference": "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL",
            "departure_time": "2026-09-18T18:00:00Z",
            "compute_alternative_routes": False,
            "include_polyline": True,
        },
    ),
    (
        "search_along_route",
        {
            "text_query": "gas",
            "route_endpoints": {"origin": SF, "destination": OAKLAND},
            "travel_mode": "DRIVE",
            "include_extended_details": True,
            "language_code": "en-US",
            "region_code": "US",
        },
    ),
    (
        "resolve_names",
        {
            "queries": [{"text": "Eiffel Tower"}],
            "location_bias": {
                "viewport": {
                    "low": {"latitude": 48.8, "longitude": 2.2},
                    "high": {"latitude": 48.9, "longitude": 2.4},
                }
            },
            "region_code": "FR",
        },
    ),
]


def _camel(obj: Any) -> Any:
    if isinstance(obj, dict):
        return {
            re.sub(r"_([a-z])", lambda m: m.group(1).upper(), k): _camel(v) for k, v in obj.items()
        }
    if isinstance(obj, list):
        return [_camel(v) for v in obj]
    return obj


@pytest.mark.parametrize(("tool", "snake"), SPELLINGS, ids=[t for t, _ in SPELLINGS])
def test_both_spellings_of_every_argument_are_accepted(
    sandbox: Sandbox, tool: str, snake: dict[str, Any]
) -> None:
    camel = _camel(snake)
    assert camel != snake or tool == "resolve_maps_urls"
    assert sandbox.call_tool(tool, camel) == sandbox.call_tool(tool, snake)


@pytest.mark.parametrize(
    ("tool", "args", "named"),
    [
        ("search_places", {"text_query": "x", "page_size": 99}, "pageSize"),
        ("search_places", {"textQuery": "x", "pageSize": 99}, "pageSize"),
        ("compute_routes", {"origin": SF}, "destination"),
        ("compute_routes", {"origin": SF, "destination": SF, "travel_mode": "JET"}, "travelMode"),
        ("lookup_weather", {"location": SF, "capabilities": ["WEATHER"], "units_system": 3},
         "unitsSystem"),
    ],
)  # fmt: skip
def test_argument_errors_use_the_schemas_names(
    sandbox: Sandbox, tool: str, args: dict[str, Any], named: str
) -> None:
    with pytest.raises(SandboxToolError) as exc:
        sandbox.call_tool(tool, args)
    assert exc.value.status == "INVALID_ARGUMENT" and named in exc.value.message
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", exc.value.message), exc.value.message


def test_server_info_still_names_the_emulator(sandbox: Sandbox) -> None:
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "x"}}
    ).encode()
    status, _, answer = McpEndpoint(sandbox).handle("POST", {}, body)
    assert status == 200 and json.loads(answer)["result"]["serverInfo"]["name"] == "mapsnb-sandbox"
