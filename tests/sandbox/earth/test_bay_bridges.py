"""The Carquinez, Benicia–Martinez and Antioch bridges (links.csv, from their Wikipedia
articles): Concord to Benicia had no route, Oakland to Vallejo by bicycle none, and Palo Alto
to Vallejo drove 172 km round by the Golden Gate (Google: about 100 km)."""

from __future__ import annotations

import pytest

from tests.sandbox.earth.routes_by_name import route_m

#: Town pairs across the Carquinez Strait and the San Joaquin, a mode, and the longest distance
#: a route over the bridge may take (Google Maps' distances plus a fifth).
PAIRS = [
    ("Concord, CA", "Benicia, CA", "DRIVE", 30_000),
    ("Oakland, CA", "Vallejo, CA", "BICYCLE", 55_000),
    ("Palo Alto, CA", "Vallejo, CA", "DRIVE", 125_000),
    ("Antioch, CA", "Rio Vista, CA", "DRIVE", 32_000),
]


@pytest.mark.parametrize(("origin", "destination", "mode", "most"), PAIRS)
def test_a_route_crosses_the_strait_by_its_bridge(
    origin: str, destination: str, mode: str, most: int
) -> None:
    assert route_m(origin, destination, mode) < most
