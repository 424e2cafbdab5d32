"""Germany's districts and Austria's Bezirke qualify a town (issue 40, round 26, h-qualif26).

GeoNames files Germany's Kreise at admin3, which ``data/admin2_towns.tsv.z`` lacks;
``data/de_at_districts.tsv.z`` (``tools/build_de_at_districts.py``: Destatis' municipality
codes; Austria's Bezirke, GeoNames' admin2) lists each district's towns, which decide as a
French department's do: "Bergen, Landkreis Celle" was Norway's Bergen, "Siegburg,
Rhein-Sieg-Kreis" and "Winsen, Kreis Harburg" LOW; a district that does not hold the town
lowers the answer. Truth: the towns' Wikipedia coordinates.
"""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize(
    ("text", "truth"),
    [
        ("Bergen, Landkreis Celle", (52.8094, 9.9611)),  # not Norway's
        ("Winsen, Kreis Harburg", (53.3575, 10.2122)),  # Winsen (Luhe)
        ("Siegburg, Rhein-Sieg-Kreis", (50.8014, 7.2044)),
        ("Heide, Kreis Dithmarschen", (54.1961, 9.0933)),
        ("Altenberg, Sächsische Schweiz-Osterzgebirge", (50.7644, 13.7578)),
        ("Attnang-Puchheim, Bezirk Vöcklabruck", (48.0083, 13.7167)),
        ("Feldbach, Südoststeiermark", (46.9550, 15.8883)),
        ("Leoben, Bezirk Leoben", (47.3817, 15.0972)),
    ],
)
def test_a_town_qualified_by_its_district_is_that_town_medium(
    text: str, truth: tuple[float, float]
) -> None:
    place = resolve(text).place
    assert place is not None, text
    assert haversine_m(place.lat, place.lng, *truth) < 10_000, (place.address, text)
    assert place.confidence == "MEDIUM", (place.address, place.confidence)


@pytest.mark.parametrize(
    "text",
    [
        "Siegburg, Landkreis Harburg",  # guard (LOW before): Siegburg is the Rhein-Sieg-Kreis
        "Heide, Landkreis Harburg",
        "Gmunden, Bezirk Vöcklabruck",  # guard (LOW before): Gmunden is its own Bezirk's
        "Neustadt, Landkreis Harburg",  # no Neustadt there (Hamburg's was read, LOW)
    ],
)
def test_a_district_that_does_not_hold_the_town_is_no_confident_answer(text: str) -> None:
    place = resolve(text).place
    assert place is None or place.confidence == "LOW", (text, place)
    assert place is None or "Harburg" not in text or place.lat < 53.5, (text, place)
