"""Regions stand at the middle of their shape, not of their towns; namesakes abroad are unsure.

Truth: dr5hn's countries-states-cities database (ODbL, commit 7fda0afd), the points of
``tests/data/region_corpus.csv`` (``tools/build_region_corpus.py``), which the emulator does not
read (it reads Natural Earth's shapes, ``data/region_points.tsv``). Before these, a vast
region whose towns lie in one part stood at the mean of their cells (Ontario 480 km from its
published point, South Australia 516), and "Maryland" answered the US state as surely as if
Liberia had no county of that name.
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox

CORPUS = Path(__file__).resolve().parents[2] / "data" / "region_corpus.csv"
#: The benchmark's tolerance (``benchmarks/bench_regions.py``).
TOLERANCE_KM = 250.0


def _published(name: str, cc: str) -> tuple[float, float]:
    """dr5hn's point of region ``name`` of country ``cc``, from the corpus."""
    with CORPUS.open(encoding="utf-8") as fh:
        for row in csv.reader(fh):
            if row[0] == name and row[2] == cc:
                return float(row[3]), float(row[4])
    raise LookupError(name)


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


@pytest.mark.parametrize(
    ("name", "small", "country"), [("Maryland", "LR", "Liberia"), ("Amazonas", "VE", "Venezuela")]
)
def test_a_region_name_another_country_shares_answers_unsure(
    box: Sandbox, name: str, small: str, country: str
) -> None:
    """Bare, the bigger region answers (the US state, Brazil's), LOW; with the smaller one's
    country, that one, MEDIUM."""
    _, _, confidence, kind = _answer(box, name)
    assert (kind, confidence) == ("region", "LOW")
    lat, lng, confidence, kind = _answer(box, f"{name}, {country}")
    assert (kind, confidence) == ("region", "MEDIUM")
    assert haversine_m(lat, lng, *_published(name, small)) / 1000 < TOLERANCE_KM


def test_maryland_bare_is_the_us_state(box: Sandbox) -> None:
    lat, lng, _, _ = _answer(box, "Maryland")
    assert haversine_m(lat, lng, *_published("Maryland", "US")) / 1000 < TOLERANCE_KM
