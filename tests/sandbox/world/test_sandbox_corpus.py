"""Issue 21: coverage of the emulator's world, measured on a corpus, not assumed.

``tests/data/sandbox_corpus.csv`` (made by ``tools/gen_sandbox_corpus.py``) holds 600+
realistic queries over all six tools: 62 towns in 40+ countries from villages to capitals,
stations, squares and landmarks, exonyms and inflected names, queries in en/pt/es/fr/de/it/pl/ru
and water-separated pairs. Each row names the town (its centre) where the answer must be.
Rows marked ``depends=categories`` ask for everyday kinds of places in other languages; their
share is printed apart, and the requirements hold over every row.

Requirements: >= 95 % answered; no answer more than 50 km from the town the query names; no
WALK or BICYCLE path over open water beyond a known bridge, tunnel or ferry.
"""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

from mapsnb.polyline import decode, haversine_m
from mapsnb_sandbox import Sandbox, SandboxToolError
from mapsnb_sandbox.earth.crossings import open_water_beyond_links
from mapsnb_sandbox.tools.locations import resolve_place_id
from mapsnb_sandbox.world.geocode import resolve_text

CORPUS = Path(__file__).resolve().parents[2] / "data" / "sandbox_corpus.csv"
NOW = "2026-09-18T15:00:00+00:00"
MAX_KM = 50.0


def _rows() -> list[dict[str, str]]:
    with CORPUS.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def _lang(row: dict[str, str]) -> dict[str, str]:
    return {"language_code": row["lang"]} if row["lang"] != "en" else {}


def _ask(box: Sandbox, row: dict[str, str]) -> tuple[bool, list[tuple[float, float]], float]:
    """``(answered, answer points, metres over open water)`` of one corpus row."""
    tool, q = row["tool"], row["query"]
    if tool == "resolve_names":
        r = box.call_tool("resolve_names", {"queries": [{"text": q}]})["results"][0]
        loc = r.get("sandboxMatch", {}).get("location")
        return bool(r), [(loc["latitude"], loc["longitude"])] if loc else [], 0.0
    if tool == "resolve_maps_urls":
        e = box.call_tool("resolve_maps_urls", {"urls": [q]})["entities"][0]
        hit = resolve_place_id(e["place"]) if e else None
        return bool(e), [(hit.lat, hit.lng)] if hit else [], 0.0
    if tool == "search_places":
        out = box.call_tool("search_places", {"text_query": q, **_lang(row)})
        pts = [(p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]]
        return bool(pts), pts, 0.0
    if tool == "lookup_weather":
        out = box.call_tool(
            "lookup_weather",
            {"location": {"address": q}, "capabilities": ["WEATHER"], **_lang(row)},
        )
        return bool(out), [], 0.0
    if tool == "compute_routes":
        args = {
            "origin": {"address": q},
            "destination": {"address": row["dest"]},
            "travel_mode": row["mode"],
            "include_polyline": True,
        }
        routes = box.call_tool("compute_routes", args)["routes"]
        if row["expect"] == "none":
            return routes == [], [], 0.0
        if not routes:
            return False, [], 0.0
        path = decode(routes[0]["encodedPolyline"])
        wet = open_water_beyond_links(path) if row["mode"] in ("WALK", "BICYCLE") else 0.0
        return True, [path[0]], wet
    if tool == "search_along_route":
        a, b = row["dest"].split("|")
        ends = {"origin": {"address": a}, "destination": {"address": b}}
        out = box.call_tool(
            "search_along_route", {"text_query": q, "route_endpoints": ends, **_lang(row)}
        )
        pts = [
            (r["place"]["location"]["latitude"], r["place"]["location"]["longitude"])
            for r in out["results"]
        ]
        # along a route from the town to a neighbour: near one end or the other
        end = resolve_text(b)
        town = (float(row["lat"]), float(row["lng"]))
        near = [
            p
            for p in pts
            if end is None or haversine_m(*p, *town) <= haversine_m(*p, end.lat, end.lng)
        ]
        return bool(pts), near, 0.0
    raise AssertionError(f"unknown tool {tool}")


@pytest.fixture(scope="module")
def report() -> dict[str, Any]:
    box = Sandbox(now=NOW)
    rows = _rows()
    out: dict[str, Any] = {"rows": rows, "answered": [], "far": [], "wet": [], "errors": []}
    for row in rows:
        try:
            answered, pts, wet = _ask(box, row)
        except SandboxToolError as exc:
            answered, pts, wet = False, [], 0.0
            out["errors"].append((row["tool"], row["query"], exc.status))
        out["answered"].append(answered)
        town = (float(row["lat"]), float(row["lng"]))
        km = max((haversine_m(*p, *town) / 1000 for p in pts), default=0.0)
        if km > MAX_KM:
            out["far"].append((row["tool"], row["query"], round(km)))
        if wet > 0:
            out["wet"].append((row["query"], row["dest"], row["mode"], round(wet)))
    return out


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def test_corpus_is_broad() -> None:
    rows = _rows()
    assert len(rows) >= 300
    assert {r["tool"] for r in rows} == {
        "resolve_names",
        "resolve_maps_urls",
        "search_places",
        "lookup_weather",
        "compute_routes",
        "search_along_route",
    }
    assert {"en", "pt", "es", "fr", "de", "it", "pl", "ru"} <= {r["lang"] for r in rows}
    assert sum(r["expect"] == "none" for r in rows) >= 5  # water-separated walks


def test_corpus_coverage(report: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    rows, answered = report["rows"], report["answered"]
    kinds = [a for r, a in zip(rows, answered, strict=True) if r["depends"] == "categories"]
    located = len(rows) - len(report["far"])
    with capsys.disabled():
        print(
            f"\nsandbox corpus: {len(rows)} queries; answered {_share(answered):.1%} of all, "
            f"{_share(kinds):.1%} of the {len(kinds)} everyday kinds in other languages; "
            f"in the right town (<= {MAX_KM:.0f} km) {located / len(rows):.1%}; "
            f"WALK/BICYCLE paths over open water: {len(report['wet'])}"
        )
        unanswered = [
            (r["tool"], r["query"], r["dest"], r["mode"])
            for r, a in zip(rows, answered, strict=True)
            if not a
        ]
        for item in unanswered[:40]:
            print("  unanswered:", item)
        for item in report["far"][:40]:
            print("  far:", item)
        for item in report["wet"][:40]:
            print("  wet:", item)
    assert _share(answered) >= 0.95
    assert report["far"] == []
    assert report["wet"] == []
