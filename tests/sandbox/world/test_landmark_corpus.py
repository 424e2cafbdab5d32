"""Famous places asked by their common names in the supported languages (issue 40):
``tests/data/landmark_queries.csv``, truth from UNESCO's list and Wikipedia
(``landmark_truth.csv``), neither read by the emulator. ``benchmarks/bench_landmarks.py`` prints
the whole corpus per language; this test scores a fixed sample.
"""

from __future__ import annotations

from collections import Counter

from tests.sandbox.world.landmarks_eval import evaluate, queries

#: The share located on the whole corpus when this test was written: 97.5 %, none placed
#: elsewhere (main before issue 40: 15.4 %, 8.7 % elsewhere); issue 40's bar is 60 %.
MIN_LOCATED = 0.90
_CODES = "en pt es fr de it pl ru ja zh hi ar id tr vi ko fa bn ur sw th uk nl sv el he ro cs"
SUPPORTED = set(_CODES.split())


def test_the_corpus_is_wide_and_independent() -> None:
    items = queries()
    assert len({q.key for q in items}) >= 100
    langs = Counter(q.lang for q in items)
    assert set(langs) == SUPPORTED  # every supported language asks
    assert len(items) >= 300
    assert {q.source.split(":")[0] for q in items} == {"unesco", "wikipedia"}
    assert sum(q.source.startswith("unesco") for q in items) >= 100
    assert len({q.text for q in items}) == len(items)
    lats = [q.lat for q in items]
    assert min(lats) < -40 and max(lats) > 60  # every continent but Antarctica


def test_a_fixed_sample_is_located_or_not_found_never_elsewhere() -> None:
    sample = queries()[::2]  # every other query: all languages, a fixed half
    score = evaluate(sample)
    total = score.total()
    n = sum(total.values())
    print(f"landmarks sample: {dict(total)} of {n}")
    assert total["located"] / n >= MIN_LOCATED, score.elsewhere
    assert score.elsewhere == []  # issue 40: 0 placed elsewhere
    for lang, c in score.by_lang.items():  # no language left behind
        assert c["located"] / sum(c.values()) >= 0.6, (lang, c)


def test_the_issue_s_landmarks_are_at_their_point() -> None:
    """The failures issue 40 names: the Alhambra 9,227 km off, Hagia Sophia 505 km, Mount Fuji
    22 km; "Lăng Chủ tịch Hồ Chí Minh" in Ho Chi Minh City rather than Hanoi."""
    named = {"alhambra", "hagia-sophia", "mount-fuji", "ho-chi-minh-mausoleum"}
    score = evaluate([q for q in queries() if q.key in named])
    total = score.total()
    assert total["located"] == sum(total.values()) >= 15, score.elsewhere


def test_the_famous_places_ship_their_folded_names() -> None:
    """``famous_places.csv``'s ``keys`` column is what ``tools/build_famous_keys.py`` writes (the
    first call folds none of its 5,000 names), and every row is a place of a known kind."""
    import csv

    from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys
    from mapsnb_sandbox.world.places import LANDMARK_KINDS

    with FAMOUS_CSV.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(line for line in fh if not line.startswith("#")))
    assert len(rows) >= 400
    for row in rows:
        assert row["keys"].split("|") == famous_keys(row["key"], row["names"]), row["key"]
        if row["lat"]:  # a new place (not names added to a landmarks.csv row)
            assert row["kind"] in LANDMARK_KINDS and len(row["cc"]) == 2, row["key"]
            assert -90 <= float(row["lat"]) <= 90 and -180 <= float(row["lng"]) <= 180


def test_a_route_from_the_ho_chi_minh_mausoleum_starts_in_hanoi() -> None:
    """Issue 40: "Lăng Chủ tịch Hồ Chí Minh" routed from Ho Chi Minh City, 1,328 km away; the
    mausoleum is 2 km from Hoàn Kiếm Lake on foot."""
    from mapsnb_sandbox import Sandbox

    out = Sandbox().call_tool(
        "compute_routes",
        {
            "origin": {"address": "Lăng Chủ tịch Hồ Chí Minh"},
            "destination": {"address": "Hồ Hoàn Kiếm"},
            "travel_mode": "WALK",
        },
    )
    assert 1_000 < out["routes"][0]["distanceMeters"] < 5_000
