"""Round 24, lead: a qualified town's own name comes before a landmark's other name.

A landmark read only by another name ("Montblanc" for Mont Blanc, "Presidio" for the Presidio of
San Francisco) gave way to a town of that own name only where the town was big; with a country
or region named, any town of the qualified place called so by its own name is meant. Truth:
Wikipedia's coordinates of each place.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve

MONTBLANC_HERAULT = (43.3956, 3.3669)
PRESIDIO_TEXAS = (29.5607, -104.3722)
MONT_BLANC = (45.8326, 6.8652)
ALHAMBRA = (37.1761, -3.5881)


def _km_to(text: str, point: tuple[float, float]) -> float:
    place = resolve(text).place
    assert place is not None, text
    return haversine_m(place.lat, place.lng, *point) / 1000


@pytest.mark.parametrize(
    ("text", "point"),
    [("Montblanc, Frankreich", MONTBLANC_HERAULT), ("Presidio, USA", PRESIDIO_TEXAS)],
)
def test_a_qualified_town_comes_before_a_landmarks_other_name(
    text: str, point: tuple[float, float]
) -> None:
    """Were Mont Blanc (269 km off) and San Francisco's Presidio (1,700 km), MEDIUM."""
    assert _km_to(text, point) < 10


@pytest.mark.parametrize(
    ("text", "point"),
    [("Montblanc", MONT_BLANC), ("Mont Blanc, France", MONT_BLANC), ("Alhambra, Spain", ALHAMBRA)],
)
def test_a_landmark_by_its_own_name_or_unqualified_stays(
    text: str, point: tuple[float, float]
) -> None:
    assert _km_to(text, point) < 10
