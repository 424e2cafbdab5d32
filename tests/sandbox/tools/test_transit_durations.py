"""TRANSIT durations against published timetables (the emulator had a flat 25 km/h: Tokyo to Osaka
took 42 hours).

Truth: the operators' scheduled journey times (2025-26 timetables), door to door for the short
trips: JR Central (Nozomi), SNCF (TGV Inoui), Avanti West Coast, Renfe (AVE), Amtrak (Northeast
Regional, Pacific Surfliner), DB (ICE Sprinter), Indian Railways (Gatimaan Express), Kenya Railways
(Madaraka Express), NSW TrainLink coach, BART, NYC Subway, Trenitalia (Frecciarossa), Korail (KTX),
China Railway (G trains), VIA Rail. The emulator reads none of them; a timetable is not a speed
table, so the check is loose: within a factor of two either way.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.routes import compute_routes

CTX = Context(now=datetime(2026, 6, 10, 7, 0, tzinfo=UTC))

PUBLISHED_MINUTES = [
    ("Tokyo", "Osaka", 150),
    ("Paris", "Lyon", 120),
    ("London", "Manchester", 130),
    ("Madrid", "Barcelona", 170),
    ("New York", "Philadelphia", 90),
    ("Los Angeles", "San Diego", 170),
    ("Berlin", "Munich", 240),
    ("Delhi", "Agra", 150),
    ("Nairobi", "Mombasa", 300),
    ("Sydney", "Canberra", 200),
    ("San Francisco", "Oakland", 35),
    ("Brooklyn", "Manhattan", 30),
    ("Milan", "Rome", 180),
    ("Seoul", "Busan", 170),
    ("Beijing", "Shanghai", 270),
    ("Toronto", "Montreal", 320),
]


def _minutes(mode: str, origin: str, destination: str) -> float:
    args = {"origin": {"address": origin}, "destination": {"address": destination}}
    out = compute_routes({**args, "travel_mode": mode}, CTX)
    return int(out["routes"][0]["duration"].rstrip("s")) / 60


@pytest.mark.parametrize(("origin", "destination", "published"), PUBLISHED_MINUTES)
def test_transit_takes_about_the_timetable_time(
    origin: str, destination: str, published: int
) -> None:
    minutes = _minutes("TRANSIT", origin, destination)
    assert published / 2 <= minutes <= published * 2.1, (origin, destination, round(minutes))


def test_transit_between_cities_is_about_as_fast_as_driving_and_beats_walking() -> None:
    assert _minutes("TRANSIT", "Paris", "Lyon") < _minutes("DRIVE", "Paris", "Lyon") * 1.2
    assert _minutes("TRANSIT", "San Francisco", "Oakland") < _minutes(
        "WALK", "San Francisco", "Oakland"
    )
