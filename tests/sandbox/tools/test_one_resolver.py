"""One resolver for every tool (issue 39, parts 3 and 4).

The same "Town, Region" text names the same place in ``search_places``' anchor, the origin of
``compute_routes`` and ``search_along_route``, ``lookup_weather``'s location and
``resolve_names``; the truth is each town's published coordinates (Wikipedia, as cited), not the
GeoNames data the emulator's index is built from. Also: no tool parses place names on its own,
and ``tools/`` holds no town name or language code.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.emulator import Sandbox
from mapsnb_sandbox.languages.texts import SUPPORTED
from mapsnb_sandbox.tools import along_route, routes, weather
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geocode import ordinary_words
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.resolver import NOT_FOUND, resolve

PACKAGE = Path(__file__).resolve().parents[3] / "mapsnb_sandbox"

#: ``(text, latitude, longitude, source)``: namesakes told apart by a region, state or country
#: (names, codes and initials); coordinates from each town's Wikipedia article.
NAMESAKES = [
    ("Paris, Texas", 33.6609, -95.5555, "en.wikipedia.org/wiki/Paris,_Texas"),
    ("Paris, TX", 33.6609, -95.5555, "en.wikipedia.org/wiki/Paris,_Texas"),
    ("Paris, France", 48.8566, 2.3522, "en.wikipedia.org/wiki/Paris"),
    ("Richmond, BC", 49.1666, -123.1336, "en.wikipedia.org/wiki/Richmond,_British_Columbia"),
    ("Richmond, British Columbia", 49.1666, -123.1336, "idem"),
    ("Richmond, VA", 37.5407, -77.4360, "en.wikipedia.org/wiki/Richmond,_Virginia"),
    ("Windsor, England", 51.4817, -0.6090, "en.wikipedia.org/wiki/Windsor,_Berkshire"),
    ("Windsor, Ontario", 42.3149, -83.0364, "en.wikipedia.org/wiki/Windsor,_Ontario"),
    ("Albany, WA", -35.0228, 117.8814, "en.wikipedia.org/wiki/Albany,_Western_Australia"),
    ("Albany, Western Australia", -35.0228, 117.8814, "idem"),
    ("Albany, NY", 42.6526, -73.7562, "en.wikipedia.org/wiki/Albany,_New_York"),
    ("Queenstown, New Zealand", -45.0312, 168.6626, "en.wikipedia.org/wiki/Queenstown,_New_Zealand"),
    ("Queenstown, Tasmania", -42.0806, 145.5561, "en.wikipedia.org/wiki/Queenstown,_Tasmania"),
    ("Queenstown, South Africa", -31.8976, 26.8753, "en.wikipedia.org/wiki/Komani"),
    ("Kuta, Niger State", 9.8667, 6.7167, "en.wikipedia.org/wiki/Kuta,_Nigeria"),
    ("Kuta, Bali", -8.7184, 115.1686, "en.wikipedia.org/wiki/Kuta"),
    ("Perth, WA", -31.9523, 115.8613, "en.wikipedia.org/wiki/Perth"),
    ("Perth, Scotland", 56.3950, -3.4308, "en.wikipedia.org/wiki/Perth,_Scotland"),
    ("Springfield, IL", 39.7817, -89.6501, "en.wikipedia.org/wiki/Springfield,_Illinois"),
]  # fmt: skip
#: A town's centre in the index lies within this of its published coordinates.
TOWN_KM = 12.0
#: search_places' places lie around the anchor, within this of the town's coordinates.
PLACES_KM = 25.0


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox()


@pytest.fixture
def spied(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, list[Resolved]]]:
    """The places ``compute_routes``, ``search_along_route`` (their endpoints, in order) and
    ``lookup_weather`` resolved."""
    seen: dict[str, list[Resolved]] = {"routes": [], "along": [], "weather": []}
    for key, module in (("routes", routes), ("along", along_route)):
        real_ends: Callable[..., list[Resolved]] = module.resolve_ends

        def spy_ends(*args: Any, _real: Callable[..., list[Resolved]] = real_ends, _k: str = key,
                     **kw: Any) -> list[Resolved]:  # fmt: skip
            found = _real(*args, **kw)
            seen[_k].extend(found)
            return found

        monkeypatch.setattr(module, "resolve_ends", spy_ends)
    real: Callable[..., Resolved] = weather.resolve_location

    def spy(*args: Any, **kw: Any) -> Resolved:
        r = real(*args, **kw)
        seen["weather"].append(r)
        return r

    monkeypatch.setattr(weather, "resolve_location", spy)
    yield seen


def _km(lat: float, lng: float, r_lat: float, r_lng: float) -> float:
    return haversine_m(lat, lng, r_lat, r_lng) / 1000


@pytest.mark.parametrize(("text", "lat", "lng", "source"), NAMESAKES)
def test_a_qualified_town_is_the_same_place_in_every_tool(
    sandbox: Sandbox, spied: dict[str, list[Resolved]], text: str, lat: float, lng: float,
    source: str,
) -> None:  # fmt: skip
    del source
    address = {"address": text}
    named = sandbox.call_tool("resolve_names", {"queries": [{"text": text}]})
    where = named["results"][0]["sandboxMatch"]["location"]
    assert _km(where["latitude"], where["longitude"], lat, lng) < TOWN_KM, ("resolve_names", where)

    found = sandbox.call_tool("search_places", {"text_query": f"pharmacy in {text}"})
    assert found["places"], found["summary"]
    for p in found["places"]:
        at = p["location"]
        assert _km(at["latitude"], at["longitude"], lat, lng) < PLACES_KM, ("search_places", at)

    sandbox.call_tool("compute_routes", {"origin": address, "destination": address})
    ends = {
        "origin": address,
        "destination": {"lat_lng": {"latitude": lat + 0.02, "longitude": lng}},
    }
    sandbox.call_tool("search_along_route", {"text_query": "pharmacy", "route_endpoints": ends})
    sandbox.call_tool("lookup_weather", {"location": address, "capabilities": ["WEATHER"]})
    for tool in ("routes", "along", "weather"):
        r = spied[tool][0]
        assert _km(r.lat, r.lng, lat, lng) < TOWN_KM, (tool, r)
        assert (r.lat, r.lng) == (where["latitude"], where["longitude"]) or _km(
            r.lat, r.lng, where["latitude"], where["longitude"]
        ) < 0.1, (tool, r, where)


def test_the_resolver_says_how_it_matched_and_why_nothing_matched() -> None:
    hit = resolve("Paris, TX")
    assert hit.found and hit.how == "city" and hit.place is not None
    assert hit.place.country_code == "US" and hit.confidence in ("HIGH", "MEDIUM")
    assert resolve("Eiffel Tower").exact
    miss = resolve("Qwzxyville, Qwzxland")
    assert not miss.found and miss.how == NOT_FOUND and "Qwzxyville" in miss.reason
    assert miss.confidence == "NONE"
    empty = resolve("  ")
    assert not empty.found and empty.reason


def test_a_town_by_its_inflected_form_keeps_its_qualifier() -> None:
    """role="town" tries forms of the town's name, the qualifier after the comma kept."""
    plain = resolve("w Krakowie", role="town")
    assert plain.place is not None and plain.place.name == "Kraków"
    qualified = resolve("Krakowie, Polska", role="town")
    assert qualified.place is not None and qualified.place.name == "Kraków"
    texas = resolve("Paris, Texas", role="town")
    assert texas.place is not None and texas.place.country_code == "US"


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def test_no_tool_parses_place_names_on_its_own() -> None:
    """tools/ reads place names only through world/resolver.py; texts.py only words them."""
    banned = re.compile(r"mapsnb_sandbox\.world\.(geocode|towns)\b|\.(town_named|resolve_text)")
    for path in sorted((PACKAGE / "tools").glob("*.py")):
        bad = sorted(n for n in _imports(path) if banned.search(n))
        assert not bad, (path.name, bad)
    texts = PACKAGE / "languages" / "texts.py"
    source = texts.read_text(encoding="utf-8")
    assert "def town_named" not in source and "def town_candidates" not in source
    assert not any("geocode" in n or "towns" in n for n in _imports(texts))


def _literals(path: Path) -> Iterator[tuple[int, str]]:
    """String literals of ``path`` that are not docstrings."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def test_tools_hold_no_town_name_nor_language_code() -> None:
    """Data, not branches: town names of 50,000+ people (words of the spelling dictionaries
    aside: "date" is a field) and the supported language codes are never literals in tools/."""
    idx = city_index()
    common = ordinary_words()
    towns = {
        fold(c.name) for c in idx.cities if c.population >= 50_000 and fold(c.name) not in common
    }
    languages = set(SUPPORTED)
    found = [
        (path.name, line, value)
        for path in sorted((PACKAGE / "tools").glob("*.py"))
        for line, value in _literals(path)
        if value in languages or (len(value) > 2 and fold(value) in towns)
    ]
    assert not found, found
