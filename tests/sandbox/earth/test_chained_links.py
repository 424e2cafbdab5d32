"""Roads over several links far apart (issue 40, roads round 2): Jutland, Funen, Zealand and
Sweden are joined by the Little Belt and Great Belt bridges and the Øresund links, tens of km
apart; plans chained two links only when their ends were 20 km apart, so a drive across
Denmark had no route, or went 4,000 km round the Baltic. Towns and pairs not in the road
holdout (``tests/data/road_holdout.csv``)."""

from __future__ import annotations

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.budget import Budget, bounded
from mapsnb_sandbox.earth import ashore, crossings, overland

AARHUS = (56.1567, 10.2108)
COPENHAGEN = (55.6761, 12.5683)
GOTHENBURG = (57.7089, 11.9746)
HAMBURG = (53.5511, 9.9937)
ROSKILDE = (55.6415, 12.0803)
PRAGUE = (50.0755, 14.4378)


def _drive_km(a: tuple[float, float], b: tuple[float, float]) -> float:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool(
        "compute_routes",
        {
            "origin": {"lat_lng": {"latitude": a[0], "longitude": a[1]}},
            "destination": {"lat_lng": {"latitude": b[0], "longitude": b[1]}},
        },
    )
    assert out["routes"], (a, b)
    return float(out["routes"][0]["distanceMeters"]) / 1000


def _links(a: tuple[float, float], b: tuple[float, float]) -> set[str]:
    steps = crossings.plan((a, b), "DRIVE")
    assert steps is not None, (a, b)
    return {s.link.name for s in steps if s.link is not None}


def test_a_drive_across_denmark_takes_both_belts() -> None:
    # Aarhus (Jutland) to Copenhagen (Zealand): 302 km by the E45 and E20 (Google Maps),
    # over the Little Belt and the Great Belt, 75 km apart on Funen.
    assert {"New Little Belt Bridge", "Great Belt Bridge"} <= _links(AARHUS, COPENHAGEN)
    assert 0.75 <= _drive_km(AARHUS, COPENHAGEN) / 302 <= 1.25


def test_a_drive_from_sweden_to_germany_crosses_denmark_not_round_the_baltic() -> None:
    # three links in a row (the Øresund, the Great Belt, the Little Belt); round the Baltic
    # is more than 2,500 km, the great circle 460 km
    assert "Great Belt Bridge" in _links(GOTHENBURG, HAMBURG)
    great_circle = haversine_m(*GOTHENBURG, *HAMBURG) / 1000
    assert _drive_km(GOTHENBURG, HAMBURG) < 2 * great_circle


def test_an_end_on_an_island_fails_the_grid_at_once() -> None:
    # Roskilde is on Zealand: no way on land from Prague; told without searching the box
    budget = Budget(steps=None, seconds=None)
    with bounded(budget):
        assert overland.apart(PRAGUE, ROSKILDE)
        assert overland.overland(PRAGUE, ROSKILDE) is None
    assert budget.used < 30_000
    assert not overland.apart(PRAGUE, HAMBURG)


def test_a_long_leg_round_a_lake_takes_the_shorter_of_side_points_and_the_grid() -> None:
    # Des Moines to Grand Rapids round the south of Lake Michigan (one side point 35 % aside
    # went far south, by Peoria)
    des_moines, grand_rapids = (41.5868, -93.6250), (42.9634, -85.6681)
    way = ashore.land_way(des_moines, grand_rapids, "DRIVE")
    grid = overland.overland(des_moines, grand_rapids)
    assert way is not None and grid is not None
    assert ashore.way_m(way) <= ashore.way_m(grid) + 1


def test_a_drive_across_the_hudson_takes_a_bridge_upstream_of_new_york() -> None:
    # Scranton to Hartford: about 290 km by the I-84 over the Newburgh-Beacon Bridge
    # (Google Maps); with only New York City's links listed it went by the Holland Tunnel
    scranton, hartford = (41.4090, -75.6624), (41.7658, -72.6734)
    assert "Newburgh–Beacon Bridge" in _links(scranton, hartford)
    assert 0.75 <= _drive_km(scranton, hartford) / 290 <= 1.25
