"""Issue 40's road distances over high ranges (helper h-andes): roads over the Andes or the
Himalaya run 1.7-2x the straight line (switchbacks), and the emulator drew them about 0.7x the
published road distance. ``benchmarks/bench_roads.py --mountains`` scores the check set
``tests/data/road_mountains.csv``; these tests use other pairs of the same class.
"""

from __future__ import annotations

from collections import Counter

from benchmarks.bench_roads import MOUNTAINS, corpus_pairs, holdout_pairs, measure
from mapsnb.polyline import haversine_m
from mapsnb_sandbox.tools.paths import _range_climb

#: Published road distances (km) of roads over ranges, none in the check set, the corpus or the
#: holdout: Cusco-Abancay by PE-3S (Wikipedia "Abancay": 195 km), Kargil's distances to Leh and
#: Srinagar by NH 1 (Wikipedia "Kargil": 234 km and 204 km). Cusco-Abancay was 0.66x before.
OVER_RANGES = [
    ("Cusco–Abancay", "SA", (-13.532, -71.967), (-13.634, -72.881), 195.0),
    ("Leh–Kargil", "AS", (34.152, 77.577), (34.557, 76.126), 234.0),
    ("Kargil–Srinagar", "AS", (34.557, 76.126), (34.084, 74.797), 204.0),
]


def test_the_mountain_set_is_new_and_spread() -> None:
    pairs = holdout_pairs(MOUNTAINS)
    assert len(pairs) >= 30
    assert Counter(c for _, c, _, _, _ in pairs).keys() == {"SA", "AS", "EU", "AF", "NA", "OC"}
    seen = {frozenset(n.split("–")) for n, *_ in corpus_pairs() + holdout_pairs()}
    assert not [n for n, *_ in pairs if frozenset(n.split("–")) in seen]
    for _, _, a, b, km in pairs:  # each published distance is at least its great circle
        assert haversine_m(*a, *b) / 1000 <= km <= 3 * haversine_m(*a, *b) / 1000 + 20


def test_each_mountain_distance_names_its_source_or_says_unverified() -> None:
    import csv

    with MOUNTAINS.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(line for line in f if not line.startswith("#")))
    statuses = {"verified", "corrected", "derived", "weak", "unverified"}
    for row in rows:
        assert row["status"] in statuses, row["a"]
        assert row["source"].startswith("http") or row["status"] == "unverified", row["a"]
        assert float(row["typed_km"]) > 0 and row["note"], row["a"]
    assert sum(r["status"] == "unverified" for r in rows) <= len(rows) // 10


def test_roads_over_ranges_are_within_a_quarter_of_published() -> None:
    ratios = measure(OVER_RANGES)
    assert all(0.75 <= x <= 1.25 for x in ratios.values()), ratios


def test_plains_and_rolling_hills_get_no_switchbacks() -> None:
    paris, orleans = (48.857, 2.352), (47.903, 1.909)
    london, birmingham = (51.507, -0.128), (52.486, -1.890)
    assert _range_climb(paris, orleans) == 0.0
    assert _range_climb(london, birmingham) == 0.0
    assert _range_climb((-12.046, -77.043), (-13.532, -71.967)) > 0.5  # Lima-Cusco
