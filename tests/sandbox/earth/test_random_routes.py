"""Routes between towns nobody chose answer within the emulator's work bound, or say "no
route" only across a sea (issue 40, class 5).

A fixed sample of ``benchmarks/bench_routes_random.py`` (towns of 50,000+ drawn with a fixed
seed, four distance bands, some with a waypoint), asked through a real :class:`Sandbox` with its
work bound, in DRIVE and WALK: no tool error (``DEADLINE_EXCEEDED`` is the work bound), every
"no route" joins points on landmasses no ``mode`` route joins (:func:`reachable` false), and
every answered route is at least the great circle and at most 3x it plus 20 km. The bench
prints the larger samples (``--pairs 12 --seed 1/3/5``); this one keeps to about a minute.
"""

from __future__ import annotations

import pytest

from benchmarks.bench_routes_random import NOW, _ask, great_circle_km, sample
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.tools.paths import reachable

#: The sample: ``sample(PAIRS, SEED)`` (PAIRS pairs, a quarter per band, and PAIRS // 2 trips
#: with a waypoint).
PAIRS, SEED = 4, 7


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now=NOW)


def test_the_sample_spans_the_bands_and_has_waypoints() -> None:
    trips = sample(PAIRS, SEED)
    assert len(trips) >= PAIRS
    assert any(len(t) > 2 for t in trips)
    assert max(great_circle_km(t) for t in trips) > 1500
    assert min(great_circle_km(t) for t in trips) < 50


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["DRIVE", "WALK"])
def test_random_routes_answer_or_cross_a_sea(box: Sandbox, mode: str) -> None:
    wrong = []
    for pts in sample(PAIRS, SEED):
        what, km = _ask(box, pts, mode)
        straight = great_circle_km(pts)
        if what == "no route":
            ok = not reachable(pts, mode)
        else:
            ok = what == "answered" and km is not None and straight <= km <= 3 * straight + 20
        if not ok:
            wrong.append((pts, what, km, round(straight)))
    assert wrong == []
