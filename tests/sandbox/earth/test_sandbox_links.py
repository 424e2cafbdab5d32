"""The listed links (``links.csv``) as the planners read them (issue 40, class 5).

A link's end lying in the emulator's own water let the planners forgive that water as the
end's own shore, and 0.3-0.5 km of implicit bridge beyond it counted as its pier (the Nyerere
bridge at Kigamboni, the Urdaneta bridge at Maracaibo). ``tools/snap_links.py`` moves every
end ashore by the planners' own reading; this checks that it holds for the data as shipped.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.earth import crossings as crossings_mod
from mapsnb_sandbox.earth.ashore import road_dry, way_m
from mapsnb_sandbox.earth.crossings import crossings, plan
from mapsnb_sandbox.earth.water import _wet, is_land


def test_every_link_end_is_dry_with_the_planners_margin() -> None:
    wet = [
        (x.name, end)
        for x in crossings()
        for end in (x.a, x.b)
        if _wet(*end)  # the finest mask (1/720° round towns) and half a 1/240° cell aside
    ]
    assert len(crossings()) > 100
    assert wet == []


def test_each_link_is_listed_once() -> None:
    """A link listed twice (another name in brackets) doubles the plans tried through it, and
    the planners' work with them: Istanbul to Bursa by road hit the work bound."""
    names = [x.name.split(" (")[0].strip().casefold() for x in crossings()]
    assert len(names) == len(set(names)), sorted(n for n in names if names.count(n) > 1)


def test_no_link_end_is_moved_far_from_its_crossing() -> None:
    # ends are moved to the nearest dry point on their own side: a link keeps about its length
    # (the longest move: Tsawwassen's ferry terminal, 4 km out on a causeway no mask has)
    for x in crossings():
        assert x.meters > 200.0, x.name
    burrard = next(x for x in crossings() if x.name == "Burrard Bridge")
    assert 600.0 < burrard.meters < 1600.0


@pytest.mark.parametrize("name", ["Nyerere (Kigamboni) Bridge", "General Rafael Urdaneta Bridge"])
def test_a_bridge_once_ending_in_water_ends_on_land(name: str) -> None:
    link = next(x for x in crossings() if x.name == name)
    assert is_land(*link.a) and is_land(*link.b)
    assert not _wet(*link.a) and not _wet(*link.b)


def test_a_plan_is_costed_by_the_ways_it_drives() -> None:
    """Vancouver–North Vancouver: with False Creek's bridges listed, the Burrard bridge's
    straight joins looked cheapest, but its north end reaches North Vancouver only round
    Burrard Inlet by Port Moody (70 km); the plan by the Lions Gate bridge drives 10 km."""
    steps = plan(((49.2830, -123.1210), (49.3200, -123.0730)), "DRIVE")
    assert steps is not None
    names = [s.link.name for s in steps if s.link is not None]
    assert names == ["Lions Gate Bridge"]
    road = sum(haversine_m(*s.a, *s.b) for s in steps if s.link is None)
    assert road < 15_000.0
    assert crossings_mod._BENDS > 1.0  # ways are costed with the same bends as the bounds


def test_a_link_end_is_approached_from_a_dry_point_nearby() -> None:
    """Round 6: ends snapped to the margin's edge can sit on a strip the grid search reads as
    water. Çanakkale–Eceabat on foot took the ferry until round 5 and then had no answer;
    Sydney Circular Quay–Manly by road went 30 km round by Ryde instead of over the Harbour
    Bridge. A short approach (within the link's pier) to a dry point nearby restores both."""
    walk = plan(((40.1460, 26.4060), (40.1840, 26.3570)), "WALK")
    assert walk is not None
    assert [s.link.name for s in walk if s.link is not None] == ["Çanakkale–Eceabat ferry"]
    approach = max((haversine_m(*s.a, *s.b) for s in walk if s.link is None), default=0.0)
    assert approach < 10_000.0
    drive = plan(((-33.861, 151.211), (-33.797, 151.285)), "DRIVE")
    assert drive is not None
    assert "Sydney Harbour Bridge" in [s.link.name for s in drive if s.link is not None]
    assert sum(haversine_m(*s.a, *s.b) for s in drive) < 25_000.0
    assert max(crossings_mod._APPROACH_M) <= 300.0  # inside the checker's pier


def test_a_listed_bridge_is_preferred_to_an_implicit_one_beside_it() -> None:
    """Round 7: Vancouver Downtown–Kitsilano by road went straight over False Creek on an
    implicit bridge (water narrower than ``BRIDGE_M``), 144-248 m over OSM's water, though the
    Burrard and Granville bridges are listed beside it. An implicit bridge now costs
    ``_IMPLICIT_BRIDGE_M`` more when a listed link competes; a road on land does not."""
    a, b = (49.283, -123.121), (49.268, -123.155)
    assert road_dry(a, b)  # the straight line is an implicit bridge
    for mode in ("DRIVE", "TWO_WHEELER", "TRANSIT"):
        steps = plan((a, b), mode)
        assert steps is not None
        names = {s.link.name for s in steps if s.link is not None}
        assert names & {"Burrard Bridge", "Granville Bridge"}, mode
        assert sum(haversine_m(*s.a, *s.b) for s in steps) < 1.3 * haversine_m(*a, *b)
    bridged = crossings_mod._land_cost((a, b))
    assert bridged > way_m((a, b)) * crossings_mod._BENDS / crossings_mod._ROAD_MPS
    on_land = ((49.283, -123.121), (49.280, -123.125))
    assert crossings_mod._land_cost(on_land) == pytest.approx(
        way_m(on_land) * crossings_mod._BENDS / crossings_mod._ROAD_MPS
    )


def test_an_island_town_is_reached_by_its_tubes_and_drawbridges() -> None:
    """Round 8: Alameda (an island since the Oakland Estuary was dredged) is joined to Oakland
    only by two immersed tubes and drawbridges no mask resolves; with none listed, every route
    to or through it (San Francisco–Alameda–Oakland, a widget's waypoints) had no answer."""
    alameda, oakland = (37.7652, -122.2416), (37.8044, -122.2712)
    tubes_and_bridges = {
        "Posey and Webster Street Tubes",
        "Park Street Bridge (Alameda)",
        "High Street Bridge (Alameda)",
    }
    for mode in ("DRIVE", "WALK", "BICYCLE", "TRANSIT"):
        steps = plan((alameda, oakland), mode)
        assert steps is not None, mode
        names = {s.link.name for s in steps if s.link is not None}
        assert names & tubes_and_bridges, (mode, names)
        assert sum(haversine_m(*s.a, *s.b) for s in steps) < 2.0 * haversine_m(*alameda, *oakland)
    bay_farm = plan(((37.7350, -122.2450), alameda), "BICYCLE")  # Bay Farm Island's homes
    assert bay_farm is not None
    assert "Bay Farm Island Bridge" in {s.link.name for s in bay_farm if s.link is not None}
