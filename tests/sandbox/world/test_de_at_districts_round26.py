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


@pytest.mark.parametrize(
    ("gid", "town"),
    [
        (2886242, "Köln"),  # was the Rhein-Erft-Kreis'
        (2805615, "Würzburg"),  # was Landkreis Würzburg's
        (2925533, "Frankfurt am Main"),
        (2820256, "Ulm"),  # was the Alb-Donau-Kreis' and Neu-Ulm's
        (2910685, "Harburg"),  # Hamburg's, was Landkreis Harburg's
    ],
)
def test_a_town_of_a_district_free_city_lies_in_no_district(gid: int, town: str) -> None:
    """Round 27 (h-units27): Destatis' district-free cities are read as municipalities of no
    district, so a town in or nearest to one takes none (on 57e99b8 it took its neighbours')."""
    from mapsnb_sandbox.world.names.provinces import units

    assert not [k for k in units().of_town.get(gid, ()) if k.startswith("DE-")], town


def test_a_town_named_as_its_municipality_takes_that_district_only() -> None:
    """Round 27: Destatis' "Winsen (Luhe)" is Winsen's name before its bracket, so Winsen is
    Landkreis Harburg's alone (on 57e99b8 also Lüneburg's, from its nearest municipalities)."""
    from mapsnb_sandbox.world.names.provinces import units

    assert units().of_town[2807845] == ("DE-03353",)


@pytest.mark.parametrize(
    ("name", "key"),
    [
        ("landkreis muhldorf am inn", "DE-09183"),
        ("landkreis neumarkt in der oberpfalz", "DE-09373"),
        ("landkreis heidekreis", "DE-03358"),
        ("heidekreis", "DE-03358"),
        ("rhein kreis neuss", "DE-05162"),
        ("region hannover", "DE-03241"),
        ("landkreis nienburg weser", "DE-03256"),
        ("landkreis rostock", "DE-13072"),
        ("regionalverband saarbrucken", "DE-10041"),
        ("kreis dithmarschen", "DE-01051"),
    ],
)
def test_guard_every_district_keeps_the_names_a_text_writes(name: str, key: str) -> None:
    """Guard (as on 57e99b8, read from another source since round 27): Destatis writes
    "Mühldorf a.Inn", "Neumarkt i.d.OPf.", "Heidekreis"; the names a text writes stay."""
    from mapsnb_sandbox.world.names.provinces import units

    assert key in units().names[name]
