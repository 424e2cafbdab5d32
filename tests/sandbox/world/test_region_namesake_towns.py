"""A region named after its town, named in a language only the region table has a name in
("тірана", Ukrainian; "Csattogram", Hungarian): since regions stand at their shape's middle
(Natural Earth, regions round 4), such a text answered the region's middle, up to 50 km from the
town the text means ("Radźszahi" 53 km from Rajshahi, MEDIUM). A region whose own name a town of
it bears, with a hundredth of its people or more, now answers that town, as the town's own name
would. Truth: the towns' coordinates as Wikipedia gives them."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("тірана", 41.3275, 19.8189),  # Tirana (Tirana County)
        ("маланге", -9.5447, 16.3411),  # Malanje (Malanje Province)
        ("Csattogram", 22.3350, 91.8325),  # Chattogram (Chattogram Division)
    ],
)
def test_a_region_named_after_its_town_answers_the_town(text: str, lat: float, lng: float) -> None:
    found = resolve(text)
    assert found.place is not None, text
    assert haversine_m(found.place.lat, found.place.lng, lat, lng) < 10_000, (text, found.place)
