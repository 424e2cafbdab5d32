"""Issue 40's road distances on an independent holdout (``tests/data/road_holdout.csv``, written
by ``tools/build_road_holdout.py`` from published tables the emulator never reads: Rand
McNally's 1949 mileages via the Stanford GraphBase, R's ``eurodist``, an Indian road chart and
Australia's capital-to-capital distances). ``benchmarks/bench_roads.py --holdout`` prints all of
it per band and continent; this test scores a fixed sample by DRIVE with a floor.
"""

from __future__ import annotations

import itertools
from collections import Counter

from benchmarks.bench_roads import holdout_pairs, measure
from mapsnb.polyline import haversine_m, path_length_m
from mapsnb_sandbox.earth.water import _wet
from mapsnb_sandbox.tools.paths import _straight, build_path

#: On the sample (every 6th pair, 44) when this test was written: 41 within ±25 % as built,
#: 42 after the bends kept beside water (the whole holdout 91.3 -> 92.4 %); the misses:
#: Barcelona-Copenhagen hits the work bound (DEADLINE_EXCEEDED), Stroudsburg-Worcester is 1.61x
#: (the way round the Hudson and Long Island Sound); Darwin-Perth was 0.74x (drawn straight).
MIN_WITHIN = 0.9


def test_the_holdout_is_independent_and_spread() -> None:
    pairs = holdout_pairs()
    assert len(pairs) >= 200
    assert Counter(c for _, c, _, _, _ in pairs).keys() == {"NA", "EU", "AS", "OC"}
    for _, _, a, b, km in pairs:  # each published distance is at least its great circle
        assert haversine_m(*a, *b) / 1000 <= km <= 3 * haversine_m(*a, *b) / 1000 + 20


def test_a_fixed_sample_of_the_holdout_is_within_a_quarter_of_published() -> None:
    sample = holdout_pairs()[::6]
    ratios = measure(sample)
    inside = [n for n, x in ratios.items() if 0.75 <= x <= 1.25]
    print({n: round(x, 2) for n, x in ratios.items() if n not in inside})
    assert len(sample) >= 40
    assert len(inside) / len(sample) >= MIN_WITHIN


def test_a_road_over_a_delta_keeps_its_bends_beside_the_water() -> None:
    """Cairo to Alexandria crosses the Nile delta's branches and lakes: its bends could not all
    stay off the water, and the leg was drawn straight (1.00x the great circle; the road is
    about 220 km for 180). Now the dry stretches keep their bends, the water is crossed where
    the straight line crosses it, and the road adds no water to the straight line's."""
    cairo, alexandria = (30.044, 31.236), (31.200, 29.919)
    path = build_path((cairo, alexandria), "DRIVE")
    straight = haversine_m(*cairo, *alexandria)
    assert path_length_m(path) >= 1.15 * straight

    def wet_share(points: list[tuple[float, float]] | tuple[tuple[float, float], ...]) -> float:
        fine = [q for p, r in itertools.pairwise(points) for q in _straight(p, r, 20)]
        return sum(_wet(*q) for q in fine) / len(fine)

    assert wet_share(path) <= wet_share(_straight(cairo, alexandria, 400)) + 0.002
