"""A house number written as a part of its own after its street, as Spanish, Italian,
Portuguese, Catalan, Russian and Ukrainian addresses write it ("Calle de Alcalá, 50, 28014
Madrid", "ул. Тверская, д. 7, Москва"), or an address written town first as Russian post writes
it ("Москва, ул. Тверская, д. 7"), is that street's address in that town (issue 40, class 7:
"address queries answered as live answers them"): it named the town alone, or nothing."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

_BOX = Sandbox(now="2026-09-18T15:00:00Z")


def _named(text: str) -> dict[str, object]:
    out = _BOX.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    assert "entity" in out, (text, out)
    return dict(out)


@pytest.mark.parametrize(
    ("text", "same_as", "lat", "lng"),
    [
        ("Calle de Alcalá, 50, 28014 Madrid", "Calle de Alcalá 50, Madrid", 40.4168, -3.7038),
        ("Via del Corso, 12, Roma", "Via del Corso 12, Roma", 41.8933, 12.4829),
        ("Rua Augusta, 100, Lisboa", "Rua Augusta 100, Lisboa", 38.7223, -9.1393),
        (
            "Carrer de Mallorca, 401, Barcelona",
            "Carrer de Mallorca 401, Barcelona",
            41.3874,
            2.1686,
        ),
        ("ул. Тверская, д. 7, Москва", "ул. Тверская 7, Москва", 55.7558, 37.6173),
        ("Москва, ул. Тверская, д. 7", "ул. Тверская 7, Москва", 55.7558, 37.6173),
        (
            "Невский проспект, 28, Санкт-Петербург",
            "Невский проспект 28, Санкт-Петербург",
            59.9343,
            30.3351,
        ),
        ("вул. Хрещатик, буд. 22, Київ", "вул. Хрещатик 22, Київ", 50.4501, 30.5234),
        ("5, rue de Rivoli, 75001 Paris", "5 rue de Rivoli, Paris", 48.8566, 2.3522),
        (
            "12, avenue des Champs-Élysées, Paris",
            "12 avenue des Champs-Élysées, Paris",
            48.8566,
            2.3522,
        ),
    ],
)
def test_a_house_number_in_its_own_part_is_the_streets_address(
    text: str, same_as: str, lat: float, lng: float
) -> None:
    out = _named(text)
    match = out["sandboxMatch"]
    assert isinstance(match, dict) and match["matchedAs"] == "street", (text, out)
    point = match["location"]
    assert haversine_m(point["latitude"], point["longitude"], lat, lng) < 25_000, (text, point)
    assert out["entity"] == _named(same_as)["entity"], text  # one street, one id


@pytest.mark.parametrize(
    "text",
    [
        "Ulica Długa 5, Gdańsk, 80-827",  # a postcode in its own part is no house number
        "Paris, France",
    ],
)
def test_a_postcode_or_a_town_is_no_house_number(text: str) -> None:
    match = _named(text)["sandboxMatch"]
    assert isinstance(match, dict)
    assert match["matchedAs"] != "street" or "80-827" not in str(match["name"])
