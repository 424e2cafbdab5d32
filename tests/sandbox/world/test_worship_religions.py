"""Places of worship follow the religions of the country they stand in: a kind that serves a
religion (``religion`` in data/kind_rates.csv) is drawn per adherent, times the share of its
people in the cell's country (data/religions.csv, Pew 2010); a country's own published count
(data/worship_counts.csv) comes first. Towns here are rows of no corpus in tests/data/."""

from __future__ import annotations

import math
from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.cities import country_at
from mapsnb_sandbox.world.kinds.table import category_key
from mapsnb_sandbox.world.kinds.worship import religion_share
from mapsnb_sandbox.world.places import CELL_DEG, cell_of, people_per_km2, spots_near

CTX = Context(now=datetime(2026, 3, 2, 9, 0, tzinfo=UTC))

PONTA_GROSSA = (-25.095, -50.162)  # Brazil: 88.9 % Christian, Muslims under 0.1 %
BYDGOSZCZ = (53.123, 18.008)  # Poland
VALLADOLID = (41.652, -4.724)  # Spain
KAYSERI = (38.722, 35.487)  # Turkey: 98 % Muslim
SIVAS = (39.748, 37.017)  # Turkey
BURAIDAH = (26.326, 43.975)  # Saudi Arabia: 93 % Muslim, no Jews in Pew's table
KANAZAWA = (36.561, 136.656)  # Japan
PETAH_TIKVA = (32.087, 34.887)  # Israel: 75.6 % Jewish
BNEI_BRAK = (32.081, 34.833)  # Israel


def _count(point: tuple[float, float], kind: str, radius_m: float = 5000) -> int:
    """Places of ``kind`` the world holds within ``radius_m`` of ``point``."""
    c = category_key(kind)
    assert c is not None
    lat, lng = point
    spots = spots_near(lat, lng, radius_m, c.code)
    return sum(1 for s in spots if haversine_m(lat, lng, s.lat, s.lng) <= radius_m)


def _people(point: tuple[float, float], radius_m: float) -> float:
    """The people the world puts within ``radius_m`` of ``point`` (cell by cell)."""
    lat, lng = point
    d = radius_m / 1000 / 111.32
    (y0, x0), (y1, x1) = cell_of(lat - d, lng - 2 * d), cell_of(lat + d, lng + 2 * d)
    area = (CELL_DEG * 111.32) ** 2 * math.cos(math.radians(lat))
    total = 0.0
    for iy in range(y0, y1 + 1):
        for ix in range(x0, x1 + 1):
            mid = ((iy + 0.5) * CELL_DEG, (ix + 0.5) * CELL_DEG)
            if haversine_m(lat, lng, *mid) <= radius_m:
                total += people_per_km2(*mid) * area
    return total


@pytest.mark.parametrize("town", [PONTA_GROSSA, BYDGOSZCZ, VALLADOLID])
def test_christian_towns_have_churches_and_few_mosques(town: tuple[float, float]) -> None:
    churches, mosques = _count(town, "church"), _count(town, "mosque")
    assert churches >= 50
    assert mosques <= churches / 20


@pytest.mark.parametrize("town", [KAYSERI, SIVAS, BURAIDAH])
def test_muslim_towns_have_mosques_and_few_churches(town: tuple[float, float]) -> None:
    churches, mosques = _count(town, "church"), _count(town, "mosque")
    assert mosques >= 30
    assert churches <= mosques / 10


def test_shinto_shrines_only_in_japan() -> None:
    assert _count(KANAZAWA, "shinto_shrine") >= 30
    for town in (PONTA_GROSSA, BYDGOSZCZ, KAYSERI, PETAH_TIKVA):
        assert _count(town, "shinto_shrine") == 0


def test_synagogues_in_israel_not_in_saudi_arabia() -> None:
    assert _count(PETAH_TIKVA, "synagogue") >= 30
    assert _count(BNEI_BRAK, "synagogue") >= 30
    assert _count(BURAIDAH, "synagogue") == 0


@pytest.mark.parametrize(
    ("town", "kind", "national"),
    [
        (KAYSERI, "mosque", 86_762 / 72_750_000),  # Diyanet 2015 over Pew's 2010 Turks
        (KANAZAWA, "buddhist_temple", 76_907 / 126_146_099),  # Japan's 2019 count
        (KANAZAWA, "shinto_shrine", 80_934 / 126_146_099),
    ],
)
def test_density_near_the_national_figure(
    town: tuple[float, float], kind: str, national: float
) -> None:
    """Places per person around a city of half a million to a million people below the
    country's published count over its people, but not three times below (communities: the
    country's villages hold more per person, its megacities a tenth)."""
    per_person = _count(town, kind, 8000) / _people(town, 8000)
    assert national / 3 <= per_person <= national


def test_share_of_the_country() -> None:
    assert country_at(*KAYSERI)[0] == "TR"
    assert religion_share("TR", "muslims") > 0.95
    assert religion_share("SA", "jews") == 0
    assert 0 < religion_share("", "buddhists") < 0.2  # a country the table lacks: the world's


def test_search_for_mosques_answers_where_mosques_are() -> None:
    """A search near a town of a Christian country finds no mosque close by; near a Turkish
    town, many."""

    def nearest_km(point: tuple[float, float]) -> list[float]:
        bias = {"circle": {"center": {"latitude": point[0], "longitude": point[1]}, "radius": 5000}}
        places = search_places({"text_query": "mosque", "location_bias": bias}, CTX)["places"]
        return [
            haversine_m(*point, p["location"]["latitude"], p["location"]["longitude"]) / 1000
            for p in places
        ]

    near_kayseri = nearest_km(KAYSERI)
    assert sum(1 for d in near_kayseri if d <= 5) >= 5
    assert sum(1 for d in nearest_km(BYDGOSZCZ) if d <= 5) <= 1
