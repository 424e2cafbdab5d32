"""Regions stand at the middle of their shape, not of their towns; comparable namesakes abroad
are unsure; a search in a region looks in its towns.

Truth: dr5hn's countries-states-cities database (ODbL, commit 7fda0afd), the points of
``tests/data/region_corpus.csv`` (``tools/build_region_corpus.py``), which the emulator does not
read (it reads Natural Earth's shapes, ``data/region_points.tsv``). Before these, a vast
region whose towns lie in one part stood at the mean of their cells (Ontario 480 km from its
published point, South Australia 516), "Savanes" answered Côte d'Ivoire's district as surely as
if Togo had no region of that name, and "hotels in Texas" listed nothing.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from benchmarks.bench_regions import in_region
from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

CORPUS = Path(__file__).resolve().parents[2] / "data" / "region_corpus.csv"
#: The benchmark's tolerance (``benchmarks/bench_regions.py``).
TOLERANCE_KM = 250.0


def _row(name: str, cc: str) -> dict[str, str]:
    """The corpus row of region ``name`` of country ``cc`` (its country and dr5hn's point)."""
    with CORPUS.open(encoding="utf-8") as fh:
        for row in csv.reader(fh):
            if row[0] == name and row[2] == cc:
                return {"cc": row[2], "lat": row[3], "lng": row[4]}
    raise LookupError(name)


def _published(name: str, cc: str) -> tuple[float, float]:
    """dr5hn's point of region ``name`` of country ``cc``, from the corpus."""
    row = _row(name, cc)
    return float(row["lat"]), float(row["lng"])


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T03:00:00+00:00")


def _answer(box: Sandbox, text: str) -> tuple[float, float, str, str]:
    res = box.call_tool("resolve_names", {"queries": [{"text": text}]})["results"][0]
    match = res["sandboxMatch"]
    loc = match["location"]
    return loc["latitude"], loc["longitude"], str(res["confidence"]), match["matchedAs"]


@pytest.mark.parametrize(
    ("name", "cc"),
    [
        ("Ontario", "CA"),
        ("Saskatchewan", "CA"),
        ("Queensland", "AU"),
        ("South Australia", "AU"),
        ("Western Australia", "AU"),
    ],
)
def test_a_vast_region_whose_towns_lie_in_one_part_stands_at_its_middle(
    box: Sandbox, name: str, cc: str
) -> None:
    lat, lng, _, kind = _answer(box, name)
    assert kind == "region"
    assert haversine_m(lat, lng, *_published(name, cc)) / 1000 < TOLERANCE_KM, (name, lat, lng)


@pytest.mark.parametrize(("name", "cc"), [("Savanes", "CI"), ("Savanes", "TG")])
def test_a_region_name_a_comparable_region_abroad_shares_answers_unsure(
    box: Sandbox, name: str, cc: str
) -> None:
    """Bare, the bigger region answers, LOW (Côte d'Ivoire's and Togo's Savanes are alike); with
    its country, each answers MEDIUM at its point."""
    _, _, confidence, kind = _answer(box, name)
    assert (kind, confidence) == ("region", "LOW")
    country = {"CI": "Côte d'Ivoire", "TG": "Togo"}[cc]
    lat, lng, confidence, kind = _answer(box, f"{name}, {country}")
    assert (kind, confidence) == ("region", "MEDIUM")
    assert haversine_m(lat, lng, *_published(name, cc)) / 1000 < TOLERANCE_KM


@pytest.mark.parametrize(("name", "small", "country"), [("Maryland", "LR", "Liberia")])
def test_a_far_smaller_namesake_abroad_needs_its_country(
    box: Sandbox, name: str, small: str, country: str
) -> None:
    """Bare, the region twenty times bigger keeps the name (the US state, MEDIUM, as a town
    twenty times bigger does); with the small one's country, that one, MEDIUM."""
    _, _, confidence, kind = _answer(box, name)
    assert (kind, confidence) == ("region", "MEDIUM")
    lat, lng, confidence, kind = _answer(box, f"{name}, {country}")
    assert (kind, confidence) == ("region", "MEDIUM")
    assert haversine_m(lat, lng, *_published(name, small)) / 1000 < TOLERANCE_KM


@pytest.mark.parametrize(
    ("text", "name", "cc"),
    [
        ("restaurants in Queensland", "Queensland", "AU"),
        ("hotels in Western Australia", "Western Australia", "AU"),
        ("hotels in Alberta", "Alberta", "CA"),
        ("hotels in Odisha", "Odisha", "IN"),
    ],
)
def test_a_search_in_a_vast_region_lists_places_of_its_towns(
    box: Sandbox, text: str, name: str, cc: str
) -> None:
    """A search looked round the middle of the region's towns (farmland or bush in Queensland,
    Alberta, Odisha) and listed nothing; it now looks in the region's town of 50,000 nearest
    that middle, however far (Perth for Western Australia): every place listed lies in the
    region (Natural Earth's shape, `tests/data/region_truth.json.gz`, as the benchmark judges)."""
    places = box.call_tool("search_places", {"text_query": text})["places"]
    assert places, text
    row = _row(name, cc)
    for place in places:
        loc = place["location"]
        assert in_region(row, loc["latitude"], loc["longitude"]), (text, loc)


def test_maryland_bare_is_the_us_state(box: Sandbox) -> None:
    lat, lng, _, _ = _answer(box, "Maryland")
    assert haversine_m(lat, lng, *_published("Maryland", "US")) / 1000 < TOLERANCE_KM
