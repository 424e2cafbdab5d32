"""Places of worship follow communities, not heads (``COMMUNITY_EXPONENT`` in world/cities.py):
a megacity holds a tenth of its country's rate per person, a village its church, and a
country's total stays. Bounds come from published counts of tests/data/worship_cities.csv (a
corpus the emulator does not read); the villages are the index's first 30 towns of 1,000 to
1,500 people of three countries."""

from __future__ import annotations

import random

import pytest

from mapsnb_sandbox.world.cities import city_index, people_per_km2
from mapsnb_sandbox.world.kinds.table import category_key
from mapsnb_sandbox.world.places import cell_of, local_rate
from tests.sandbox.world.test_worship_religions import _count, _people

PARIS = (48.8534, 2.3488)


def test_churches_round_central_paris_near_the_parish_count() -> None:
    """Paris: 106 Catholic parishes in its 105 km² (Conférence des évêques de France, 2021), so
    about 80 within 5 km of Notre-Dame; churches of every denomination, a few times that at
    most (the emulator drew about 2,000)."""
    assert 106 / 4 <= _count(PARIS, "church") <= 106 * 3


@pytest.mark.parametrize(
    ("point", "kind"),
    [
        ((13.754, 100.5014), "buddhist_temple"),  # Bangkok: 400 wats for 8.3 million
        ((35.6895, 139.6917), "shinto_shrine"),  # Tokyo's 23 wards: 896 shrines for 9.9 million
        ((19.4285, -99.1277), "church"),  # Mexico City: 431 parishes for 8.6 million
        ((41.0138, 28.9497), "mosque"),  # Istanbul: 3,549 mosques for 15.5 million
        (PARIS, "church"),
    ],
)
def test_megacities_hold_a_fraction_of_the_national_rate(
    point: tuple[float, float], kind: str
) -> None:
    """Per person within 8 km of a megacity's centre, a twenty-fifth to a third of the rate its
    country has per person: the published counts above are 0.05 to 0.19 of it."""
    rate = local_rate(c, *cell_of(*point)) if (c := category_key(kind)) else 0.0
    per_person = _count(point, kind, 8000) / _people(point, 8000)
    assert rate / 25 <= per_person <= rate / 3


def _villages(cc: str, count: int = 30) -> list[tuple[float, float]]:
    idx, out = city_index(), []
    for j in range(len(idx.cities)):
        if idx.cities[j].cc == cc and 1000 <= idx.cities[j].population <= 1500:
            out.append((idx.cities.lat(j), idx.cities.lng(j)))
            if len(out) == count:
                break
    return out


@pytest.mark.slow
def test_villages_keep_their_church() -> None:
    """Nearly every village of France, Poland and Italy has a church within 1.5 km (one in
    each of France's 36,000 communes)."""
    villages = [v for cc in ("FR", "PL", "IT") for v in _villages(cc)]
    with_church = sum(1 for v in villages if _count(v, "church", 1500) >= 1)
    assert with_church >= 0.85 * len(villages)


@pytest.mark.slow
@pytest.mark.parametrize("box", [(43.5, 49.5, -1.0, 6.5), (37.0, 41.0, 27.5, 43.5)])
def test_a_countrys_total_stays(box: tuple[float, float, float, float]) -> None:
    """Over most of France or Anatolia, communities add up to about as many "people" as the
    kernel's heads: the national count per adherent still holds overall."""
    rng = random.Random(7)
    south, north, west, east = box
    points = [(rng.uniform(south, north), rng.uniform(west, east)) for _ in range(6000)]
    heads = sum(people_per_km2(*p) for p in points)
    communities = sum(people_per_km2(*p, communities=True) for p in points)
    assert 0.5 <= communities / heads <= 2.0
