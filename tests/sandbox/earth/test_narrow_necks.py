"""Towns on narrow peninsulas have routes to the land their peninsula hangs from (round 28).

Dakhla (Western Sahara) stands near the end of the Río de Oro peninsula, 40 km long and a few
kilometres wide, joined to the mainland at about 23.97° N, 15.71° W by a neck about a
kilometre wide. The emulator's land cut it: GLOBE's 1 km cells have the Atlantic side of the
neck as sea, GSHHG's 1/240° water the head of Dakhla Bay on the other (GSHHG's and
OpenStreetMap's land both run across it), and the planners read land within half a 1/240°
cell of water as wet. On 5e4698b every route from Dakhla to a town off its peninsula, in
every mode, was "no route". ``data/neck_cells.bin`` (``tools/build_neck_land.py``) holds the
land GSHHG and OSM share there; a leg whose end is on narrow land is joined through a point
on broad land (``earth/overland._narrow_stages``).

Truth: the N1 runs from Dakhla up the peninsula and along the coast to Boujdour, Laayoune and
Agadir (Wikipedia, "N1 (Morocco)"); no ferry or bridge is on the way. The towns' points are
their GeoNames points, the road's length is bounded by the great circle's 1.5 times (the N1
follows a straight coast).
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

NOW = "2026-09-18T15:00:00+00:00"
DAKHLA = (23.68477, -15.95798)
#: A point on the mainland beside the peninsula's neck, east of Dakhla Bay's head.
NECK_EAST = (23.99, -15.68)
BOUJDOUR = (26.1258, -14.4842)
LAAYOUNE = (27.1536, -13.2033)
AGADIR = (30.42, -9.6)


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now=NOW)


def _km(box: Sandbox, a: tuple[float, float], b: tuple[float, float], mode: str) -> float | None:
    ll = [{"lat_lng": {"latitude": p[0], "longitude": p[1]}} for p in (a, b)]
    out = box.call_tool(
        "compute_routes", {"origin": ll[0], "destination": ll[1], "travel_mode": mode}
    )
    routes = out.get("routes") or []
    return routes[0]["distanceMeters"] / 1000 if routes else None


#: Dakhla-Boujdour (300 km) by road is judged by ``earth/overland.apart`` before any stage is
#: tried; since round 29 ``apart`` asks ``_narrow_way`` (an end whose cut-off land lies within
#: reach of a stage, a stage whose land reaches the other end), so the road is found too.
_ANSWERED = [
    *(
        (a, b, m)
        for a, b in ((DAKHLA, NECK_EAST), (DAKHLA, LAAYOUNE), (DAKHLA, AGADIR))
        for m in ("DRIVE", "WALK", "TRANSIT")
    ),
    (DAKHLA, BOUJDOUR, "WALK"),
    (BOUJDOUR, DAKHLA, "WALK"),
]
#: Round 29: the legs of about 300 km up the peninsula by road and transit ("no route" on
#: b37bd2b), and (a guard: answered on b37bd2b already) by bicycle.
_BY_ROAD = [
    (a, b, m)
    for a, b in ((DAKHLA, BOUJDOUR), (BOUJDOUR, DAKHLA))
    for m in ("DRIVE", "TRANSIT", "BICYCLE")
]


@pytest.mark.parametrize(("a", "b", "mode"), _ANSWERED + _BY_ROAD)
def test_dakhla_has_routes_off_its_peninsula(
    box: Sandbox, a: tuple[float, float], b: tuple[float, float], mode: str
) -> None:
    km = _km(box, a, b, mode)
    line = haversine_m(*a, *b) / 1000
    assert km is not None, (a, b, mode)
    assert line <= km <= 1.5 * line + 40, (a, b, mode, km, line)  # up the peninsula first


def test_the_planners_read_dakhla_on_land_joined_to_the_mainland() -> None:
    """The planners' dry land at Dakhla (1/240° cells, joined as the grid search moves) is no
    longer a patch of fewer than 600 cells."""
    from mapsnb_sandbox.earth.landing import landing
    from tools.build_neck_land import enclosed

    assert not enclosed(landing(DAKHLA), {})


def test_apart_tells_a_peninsula_joined_by_its_neck_from_an_island() -> None:
    """``apart`` (a road leg's quick "no way on land") is false for Dakhla-Boujdour, whose
    peninsula the leg's grid cuts off within reach of a stage, and stays true for an island
    (Roskilde on Zealand from Hamburg: 280 km, Zealand reaches farther than a stage)."""
    from mapsnb_sandbox.earth import overland

    assert not overland.apart(DAKHLA, BOUJDOUR)
    assert not overland.apart(BOUJDOUR, DAKHLA)
    assert overland.apart((53.5511, 9.9937), (55.6415, 12.0803))


def test_guard_long_drives_past_cut_off_coasts_still_route() -> None:
    """Guard (passes on b37bd2b): Gothenburg-Hamburg and Oslo-Amsterdam by road, whose chained
    links' plans ran out of work when h-route28's ``apart`` staged legs from Helsingør,
    Fredericia and Nyborg into the search (the coasts their boxes cut off: "no route"). The
    work bound in steps only, no wall clock: the same answer on a loaded machine."""
    box = Sandbox(now=NOW, work_seconds=None)
    gothenburg, hamburg = (57.7089, 11.9746), (53.5511, 9.9937)
    oslo, amsterdam = (59.914, 10.752), (52.370, 4.895)
    for a, b in ((gothenburg, hamburg), (oslo, amsterdam)):
        km = _km(box, a, b, "DRIVE")
        line = haversine_m(*a, *b) / 1000
        assert km is not None, (a, b)
        assert line <= km <= 2 * line, (a, b, km, line)  # across Denmark, not round the Baltic
