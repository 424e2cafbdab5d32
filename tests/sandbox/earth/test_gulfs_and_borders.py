"""Roads the world must know: a motorway bridge over a gulf (the Osmangazi Bridge: Gebze to
Yalova had no route, the way round the Gulf of İzmit lying beyond the grid's box) and a land
border no road crosses (South Korea's: Daegu to Zhuzhou was driven through North Korea)."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.earth.crossings import plan
from mapsnb_sandbox.world.geocode import resolve_text
from tests.sandbox.earth.test_sandbox_geography import route


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T06:00:00+00:00")


@pytest.mark.parametrize("mode", ["DRIVE", "TRANSIT"])
def test_gebze_to_yalova_crosses_the_gulf_on_its_bridge(box: Sandbox, mode: str) -> None:
    routes = route(box, "Gebze", "Yalova", mode)
    assert routes, mode
    assert routes[0]["distanceMeters"] < 60_000  # about 45 km by the bridge, 120 km round
    ends = tuple((x.lat, x.lng) for x in (resolve_text("Gebze"), resolve_text("Yalova")))
    assert "Osmangazi Bridge" in [s.link.name for s in plan(ends, mode) or () if s.link]


@pytest.mark.parametrize(("origin", "destination"), [("Seoul", "Pyongyang"), ("Busan", "Shenyang")])
def test_no_road_crosses_south_korea_s_land_border(
    box: Sandbox, origin: str, destination: str
) -> None:
    assert route(box, origin, destination, "DRIVE") == []
    assert route(box, origin, "Daejeon", "DRIVE")  # its own roads are driven
