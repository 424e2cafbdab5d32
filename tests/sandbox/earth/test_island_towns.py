"""Towns on small oceanic islands and atolls have places (issue 40, "a world, not rules").

The 1 km GLOBE grid and GSHHG at 1/240° (only near a GLOBE shore) had no land at all round
Malé, Hulhumalé, San Andrés, Majuro, Funafuti, South Tarawa, Kavaratti or Fuvahmulah: every
search there listed nothing ("No places matching"), and a route inside Malé had no end on
land. ``data/island_cells.bin`` (``tools/build_island_land.py``: OpenStreetMap's land polygons
at 1/720° round the index's towns at sea) holds their islands now.

Truth: each island's extent (a box round its land) from its English Wikipedia article's
coordinates and size, typed here; Malé's city holds Malé island and Hulhumalé (article
"Malé": the city's islands). A box of an atoll's islet holds some lagoon too: the test checks
that the places stand on the island's part of the ocean, not the emulator's land mask.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))

Box = tuple[float, float, float, float]  # south, north, west, east

#: Malé island (4°10′31″N 73°30′32″E, about 1.7 by 1 km).
MALE_ISLAND: Box = (4.165, 4.185, 73.497, 73.525)
#: Hulhumalé (4°12′42″N 73°32′24″E, reclaimed, about 4 by 1.5 km north to south).
HULHUMALE: Box = (4.19, 4.24, 73.525, 73.555)
#: San Andrés island (12°33′N 81°43′W, 12.6 by 3 km north to south).
SAN_ANDRES: Box = (12.47, 12.61, -81.75, -81.68)
#: Delap-Uliga-Djarrit, Majuro's town, at the atoll's eastern end (7°05′N 171°23′E).
MAJURO_DUD: Box = (7.06, 7.13, 171.33, 171.40)
#: Fongafale, Funafuti's main islet (8°31′S 179°12′E, 12 km long, 20 to 400 m wide).
FONGAFALE: Box = (-8.57, -8.45, 179.17, 179.23)
#: South Tarawa, the islets from Betio to Bonriki (1°20′N 173°01′E).
SOUTH_TARAWA: Box = (1.32, 1.40, 172.91, 173.16)
#: Kavaratti island (10°34′N 72°38′E, 5.8 by 1.2 km).
KAVARATTI: Box = (10.53, 10.60, 72.62, 72.66)
#: Fuvahmulah (0°17′54″S 73°25′26″E, 4.5 by 1.2 km).
FUVAHMULAH: Box = (-0.32, -0.27, 73.41, 73.44)


def _inside(p: tuple[float, float], boxes: tuple[Box, ...]) -> bool:
    return any(s <= p[0] <= n and w <= p[1] <= e for s, n, w, e in boxes)


@pytest.mark.parametrize(
    ("query", "islands"),
    [
        ("hotels in Malé", (MALE_ISLAND, HULHUMALE)),
        ("hotels in the Maldives", (MALE_ISLAND, HULHUMALE)),
        ("restaurants in Hulhumalé", (HULHUMALE,)),
        ("hotels in San Andrés, Colombia", (SAN_ANDRES,)),
        ("hotels in Majuro", (MAJURO_DUD,)),
        ("hotels in Funafuti", (FONGAFALE,)),
        ("hotels in South Tarawa", (SOUTH_TARAWA,)),
        ("cafes in Kavaratti", (KAVARATTI,)),
        ("hotels in Fuvahmulah", (FUVAHMULAH,)),
    ],
)
def test_island_towns_list_places_on_the_island(query: str, islands: tuple[Box, ...]) -> None:
    out = search_places({"text_query": query, "language_code": "en"}, CTX)
    points = [(p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]]
    assert points, out["summary"]
    assert all(_inside(p, islands) for p in points), points


def _routes(origin: dict[str, object], destination: dict[str, object], mode: str) -> list[dict]:
    box = Sandbox(now="2026-09-18T03:00:00+00:00")
    out = box.call_tool(
        "compute_routes", {"origin": origin, "destination": destination, "travel_mode": mode}
    )
    return list(out.get("routes") or [])


#: The west end of Malé island (by the Maldives Ports' jetties) and its east end (by the
#: Sultan Park and the Islamic Centre): about 1.5 km apart on the island.
MALE_WEST = {"latLng": {"latitude": 4.1755, "longitude": 73.504}}
MALE_EAST = {"latLng": {"latitude": 4.173, "longitude": 73.517}}
#: San Andrés' town on the island's north end, and the island's middle 3.5 km south (in
#: :data:`SAN_ANDRES`).
SAN_ANDRES_TOWN = {"latLng": {"latitude": 12.5818, "longitude": -81.7}}
SAN_ANDRES_MIDDLE = {"latLng": {"latitude": 12.555, "longitude": -81.718}}


def test_a_walk_inside_male_and_no_drive_to_colombo() -> None:
    """A walk across Malé island; Malé and Colombo are 770 km of sea apart: no DRIVE route,
    and no error. (A DRIVE inside Malé was answered before too: its ends may lie off a
    shore.)"""
    routes = _routes(MALE_WEST, MALE_EAST, "WALK")
    assert routes and int(routes[0]["distanceMeters"]) < 4_000
    assert not _routes({"address": "Malé, Maldives"}, {"address": "Colombo, Sri Lanka"}, "DRIVE")


@pytest.mark.parametrize("mode", ["DRIVE", "WALK"])
def test_a_route_across_san_andres(mode: str) -> None:
    routes = _routes(SAN_ANDRES_TOWN, SAN_ANDRES_MIDDLE, mode)
    assert routes and int(routes[0]["distanceMeters"]) < 8_000
