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


#: Dakhla-Boujdour (300 km) is answered on foot only: a leg of that length by road is judged
#: by ``earth/overland.apart`` before any stage is tried, and a stage there made Gothenburg-
#: Hamburg "not apart" (no route; round 28's merge kept ``apart`` as it was).
_ANSWERED = [
    *(
        (a, b, m)
        for a, b in ((DAKHLA, NECK_EAST), (DAKHLA, LAAYOUNE), (DAKHLA, AGADIR))
        for m in ("DRIVE", "WALK", "TRANSIT")
    ),
    (DAKHLA, BOUJDOUR, "WALK"),
    (BOUJDOUR, DAKHLA, "WALK"),
]


@pytest.mark.parametrize(("a", "b", "mode"), _ANSWERED)
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
