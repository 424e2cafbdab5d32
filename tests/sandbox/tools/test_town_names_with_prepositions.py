"""A search whose town's own name holds a preposition lists round that town, not round the
words after the preposition (issue 40, round 31; ``tools.query._cut_in_name``): "школа
Altenmarkt bei Sankt Gallen" asks for schools in Styria's Altenmarkt bei Sankt Gallen, not near
St. Gallen, Switzerland, 400 km off; the cut is skipped only where the capitalised words before
the preposition, it and the words after it are an indexed town's whole name.

Inputs are towns none of the names corpora or holdouts ask; points are Wikipedia's.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("аптека Sankt Johann in Tirol", 47.52, 12.43),  # was listed round Tyrol, 77 km off
        ("farmacia Castelnuovo di Garfagnana", 44.11, 10.41),  # "Garfagnana": no town
        ("школа Feldkirchen bei Graz", 47.02, 15.45),
        ("Apotheke Feldkirchen bei Graz, Österreich", 47.02, 15.45),  # a comma part after it
    ],
)
def test_a_town_named_with_a_preposition_is_listed_round(
    text: str, lat: float, lng: float, first_km: Callable[[str, float, float], float]
) -> None:
    assert first_km(text, lat, lng) < 10


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Apotheke bei Graz", 47.07, 15.44),  # a kind before the preposition: near Graz
        ("Hotels in Innsbruck", 47.27, 11.39),  # a capitalised kind: "Hotels in" is no name
    ],
)
def test_a_kind_before_a_preposition_still_names_the_town_after_it(
    text: str, lat: float, lng: float, first_km: Callable[[str, float, float], float]
) -> None:
    assert first_km(text, lat, lng) < 15
