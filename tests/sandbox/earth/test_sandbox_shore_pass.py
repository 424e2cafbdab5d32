"""Issue 40, class 5 (round 4): the last pass over a drawn path keeps it off the emulator's own
water (:func:`mapsnb_sandbox.tools.paths._bend_ashore`).

A path is sampled every 50 m (the water check's own step); a short stretch that grazes a shore
or cuts a cove's corner is bent through the nearest dry points, while water with no dry point
within :data:`~mapsnb_sandbox.tools.paths.ASIDE_M` (a river a road bridges) stays. Properties
on the corpora: no walk or ride has a stretch of 50 m or more of the emulator's own water outside
its links, beyond its ends' own water; on roads the pass never adds such water and takes some
away (the rest is implicit bridges).
"""

from __future__ import annotations

import itertools
import math

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.earth.crossings import plan
from mapsnb_sandbox.earth.water import _wet, is_land, nearest_dry, shore_gap_m
from mapsnb_sandbox.tools import paths
from mapsnb_sandbox.tools.paths import Point, build_path
from tests.sandbox.earth.crossings_corpus import CROSSINGS
from tests.sandbox.earth.holdout_corpus import HOLDOUT

#: A corner of a way on land that cut across the Alcântara docks in Lisbon (by the emulator's
#: own mask): two land points and the corner between them.
GRAZING = [(38.70861, -9.15361), (38.7067, -9.1557), (38.70715, -9.15737)]


def _wet_samples(points: list[Point]) -> list[Point]:
    return [s for p, q in itertools.pairwise(points) for s in paths._samples(p, q) if _wet(*s)]


def test_a_stretch_that_grazes_a_shore_is_bent_ashore() -> None:
    assert all(is_land(*p) for p in (GRAZING[0], GRAZING[-1]))
    assert len(_wet_samples(GRAZING)) >= 3  # the drawn corner cuts the water
    bent = paths._bend_ashore(list(GRAZING), links=set(), own=[])
    assert bent[0] == GRAZING[0] and bent[-1] == GRAZING[-1]
    assert _wet_samples(bent) == []
    # bent through points beside the water, not far round
    assert sum(haversine_m(*p, *q) for p, q in itertools.pairwise(bent)) < 1.5 * sum(
        haversine_m(*p, *q) for p, q in itertools.pairwise(GRAZING)
    )


def test_water_with_no_dry_point_aside_is_kept() -> None:
    across = [(38.705, -9.140), (38.680, -9.150)]  # the Tagus, 2.8 km of water
    assert sum(not is_land(*s) for s in paths._samples(*across)) > 20
    assert paths._bend_ashore(list(across), links=set(), own=[]) == across


def test_a_link_and_an_ends_own_water_are_not_bent() -> None:
    across = [(38.705, -9.140), (38.680, -9.150)]
    assert paths._bend_ashore(list(across), links={0}, own=[]) == across
    grazing = list(GRAZING)
    own = [(grazing[0], 2000.0)]  # every sample within the first point's own water
    assert paths._bend_ashore(grazing, links=set(), own=own) == grazing


def _stretches(a: Point, b: Point, mode: str, margin: bool = False) -> list[list[Point]]:
    """The stretches (samples 50 m apart) of the built path over the emulator's own water
    (not :func:`is_land`; ``margin``: or within half a 1/240° cell of it, :func:`_wet`, what
    the planners keep off), outside its links and beyond its ends' own water, 50 m or
    longer."""
    path = build_path((a, b), mode)
    steps = plan((a, b), mode) or ()
    own = {nearest_dry(*a) or a, nearest_dry(*b) or b, path[0], path[-1]} if path else set()
    links: set[frozenset[Point]] = set()
    for step in steps:
        if step.link is not None:
            own |= {step.a, step.b}
            links.add(frozenset({(round(e[0], 5), round(e[1], 5)) for e in (step.a, step.b)}))
    gaps = [(p, shore_gap_m(round(p[0], 5), round(p[1], 5))) for p in own]
    out: list[list[Point]] = []
    run: list[Point] = []
    for p, q in itertools.pairwise(path):
        if frozenset({p, q}) in links:
            run = []
            continue
        n = max(1, math.ceil(haversine_m(*p, *q) / 50.0))
        for k in range(n):
            t = (k + 0.5) / n
            s = (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)
            if (_wet(*s) if margin else not is_land(*s)) and all(
                haversine_m(*s, *e) > r for e, r in gaps
            ):
                if not run:
                    out.append(run)
                run.append(s)
            else:
                run = []
    return [r for r in out if len(r) >= 2]


SAMPLE = (CROSSINGS + HOLDOUT)[::3]


def _wet_m(a: Point, b: Point, mode: str) -> float:
    return 50.0 * sum(len(run) for run in _stretches(a, b, mode, margin=True))


@pytest.mark.parametrize("mode", ["WALK", "BICYCLE"])
def test_no_walk_or_ride_has_a_stretch_of_the_emulators_own_water(mode: str) -> None:
    for name, _, a, b in SAMPLE:
        assert _stretches(a, b, mode) == [], name


def test_the_pass_never_adds_water_to_a_road_and_takes_some_away(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DRIVE keeps water with no dry point aside (an implicit bridge over a river or an inlet);
    the pass bends the rest: per route never more of the emulator's own water than without
    it, and less in all."""
    with_pass = {name: _wet_m(a, b, "DRIVE") for name, _, a, b in SAMPLE}
    build_path.cache_clear()
    plan.cache_clear()
    monkeypatch.setattr(paths, "_bend_ashore", lambda path, links, own: path)
    without = {name: _wet_m(a, b, "DRIVE") for name, _, a, b in SAMPLE}
    build_path.cache_clear()
    assert all(with_pass[n] <= without[n] for n in with_pass), with_pass
    assert sum(with_pass.values()) < sum(without.values())


@pytest.mark.slow
@pytest.mark.parametrize("mode", ["WALK", "BICYCLE"])
def test_no_walk_or_ride_of_either_corpus_has_a_stretch_of_the_emulators_own_water(
    mode: str,
) -> None:
    for name, _, a, b in CROSSINGS + HOLDOUT:
        assert _stretches(a, b, mode) == [], name
