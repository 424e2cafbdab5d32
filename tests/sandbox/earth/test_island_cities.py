"""Island cities and towns on a sliver of land reach the mainland by road.

Xiamen Island (the Haicang and Xiamen bridges), Yeongdo (Busan Harbor Bridge), Hampton
across Hampton Roads (its bridge-tunnel) and Isla del Carmen (the Zacatal Bridge) had no DRIVE route to towns inland before those links
were listed (``links.csv``, from their Wikipedia articles); A Coruña's point keeps one dry
1/720° cell in the water mask and had no route in any mode until a waypoint on such a sliver
was reached at the nearest dry point on broad land (``earth/landing.py``). Pairs here are
other towns than the ones the fix was developed on (Zhangzhou, Uichang, Suffolk, Santiago,
Villahermosa).
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.earth.landing import landing
from mapsnb_sandbox.earth.water import _wet
from tests.sandbox.earth.routes_by_name import route_m

#: Origin, destination, mode, and the longest distance a route may take (metres; Google Maps'
#: road distance plus about a half).
PAIRS = [
    ("Xiamen, China", "Quanzhou, China", "DRIVE", 160_000),
    ("Yeongdo-gu, Busan", "Gimhae, South Korea", "DRIVE", 60_000),
    ("Hampton, Virginia", "Chesapeake, Virginia", "DRIVE", 70_000),
    ("A Coruña, Spain", "Lugo, Spain", "DRIVE", 150_000),
    ("Ciudad del Carmen, Campeche", "Comalcalco, Tabasco", "DRIVE", 260_000),
    ("A Coruña, Spain", "Betanzos, Spain", "WALK", 40_000),
]


@pytest.mark.parametrize(("origin", "destination", "mode", "most"), PAIRS)
def test_an_island_city_reaches_the_mainland(
    origin: str, destination: str, mode: str, most: int
) -> None:
    assert route_m(origin, destination, mode) < most


def test_a_point_on_a_dry_sliver_is_reached_on_broad_land_nearby() -> None:
    coruna = (43.37135, -8.396)
    assert _wet(*coruna)
    moved = landing(coruna)
    assert moved != coruna and not _wet(*moved)
    # within the reach, and a point already on broad land stays where it is
    assert abs(moved[0] - coruna[0]) < 0.011 and abs(moved[1] - coruna[1]) < 0.015
    assert landing(moved) == moved
