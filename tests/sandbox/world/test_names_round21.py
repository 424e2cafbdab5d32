"""Names round 21 (issue 40, classes 1 and 7), found as a new user would type them:

* an address's last line alone, its postcode before or after its town ("75001 Paris", "10115
  Berlin", "1000 Bruxelles", "00184 Roma", "Wien 1010"), as most of Europe writes it, named
  nothing; "Vienna, 1010" read the postcode as a house number (the town a street);
* a district qualified by its own city lost to a village of the city's region: "Miraflores,
  Lima" was a village of 322 people 130 km off, MEDIUM, not Lima's district of 187,000.

Points: each town's Wikipedia article (never the emulator's data)."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

_BOX = Sandbox(now="2026-09-18T15:00:00Z")


def _answer(text: str) -> dict[str, object]:
    return dict(_BOX.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0])


def _km(out: dict[str, object], lat: float, lng: float) -> float:
    got = out["sandboxMatch"]["location"]  # type: ignore[index]
    return haversine_m(got["latitude"], got["longitude"], lat, lng) / 1000


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("75001 Paris", 48.8567, 2.3522),
        ("Paris 75001", 48.8567, 2.3522),
        ("10115 Berlin", 52.52, 13.405),
        ("1000 Bruxelles", 50.8467, 4.3525),
        ("00184 Roma", 41.8931, 12.4828),
        ("Roma 00184", 41.8931, 12.4828),
        ("1010 Wien", 48.2083, 16.3725),
        ("Wien 1010", 48.2083, 16.3725),
        ("8001 Zürich", 47.3769, 8.5417),
        ("1012 NX Amsterdam", 52.3728, 4.8936),
        ("00100 Helsinki", 60.1699, 24.9384),
        ("2000 Sydney", -33.8688, 151.2093),
        ("37002 Salamanca", 40.965, -5.664),
        ("62701 Springfield", 39.7983, -89.6544),
        ("Vienna, 1010", 48.2083, 16.3725),
        ("Bern, 3011", 46.948, 7.4474),
    ],
)
def test_a_last_line_alone_is_its_town(text: str, lat: float, lng: float) -> None:
    out = _answer(text)
    assert "entity" in out, (text, out)
    assert _km(out, lat, lng) < 15, (text, out)


@pytest.mark.parametrize("text", ["1234 Springfield", "1600 Pennsylvania", "1984 London"])
def test_a_number_that_fits_no_town_stays_unread(text: str) -> None:
    """A number before a name is a postcode only where it is one of the town's country near it
    (or round the town the name means): no guess elsewhere."""
    assert "entity" not in _answer(text), text


def test_a_house_number_part_is_still_a_house_number() -> None:
    out = _answer("Calle de Alcalá, 50, 28014 Madrid")
    assert out["sandboxMatch"]["matchedAs"] == "street", out  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Miraflores, Lima", -12.1211, -77.0297),
        ("Miraflores, Peru", -12.1211, -77.0297),
        ("Salamanca, Spain", 40.965, -5.664),  # the city, not Madrid's district of the name
        ("Salamanca, Madrid", 40.4297, -3.6797),
    ],
)
def test_a_district_named_with_its_city(text: str, lat: float, lng: float) -> None:
    out = _answer(text)
    assert "entity" in out, (text, out)
    assert _km(out, lat, lng) < 10, (text, out)
