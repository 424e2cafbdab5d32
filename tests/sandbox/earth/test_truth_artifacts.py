"""The water check's documented truth flaws (``truth_artifacts.py``) are small, named, proved,
and excuse no water elsewhere: straight lines over every other crossing measure the same with
and without them, and water both sources have (Phuket's inlet, a harbour beside a box) still
counts."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from tests.sandbox.earth.crossings_corpus import CROSSINGS
from tests.sandbox.earth.holdout_corpus import HOLDOUT
from tests.sandbox.earth.truth_artifacts import ARTIFACTS, Artifact, is_artifact
from tests.sandbox.earth.water_truth import over_water_m, truth_land


def _samples(a: Artifact, n: int = 12) -> list[tuple[float, float]]:
    return [
        (a.lat0 + (a.lat1 - a.lat0) * (i + 0.5) / n, a.lng0 + (a.lng1 - a.lng0) * (j + 0.5) / n)
        for i in range(n)
        for j in range(n)
    ]


def _near(a: Artifact, p: tuple[float, float], m: float) -> bool:
    return haversine_m(p[0], p[1], (a.lat0 + a.lat1) / 2, (a.lng0 + a.lng1) / 2) < m


@pytest.mark.parametrize("a", ARTIFACTS, ids=lambda a: a.place)
def test_each_flaw_is_small_named_proved_and_wet_in_the_truth(a: Artifact) -> None:
    assert a.place and "full resolution" in a.proof
    assert set(a.land_in) <= {"osm", "gshhg"} and "gshhg" in a.land_in
    # Natural Earth's flaws are land in both full-resolution shores
    assert a.source == "osm" or (a.source == "ne" and set(a.land_in) == {"osm", "gshhg"})
    # under a kilometre across: an entry cannot excuse a crossing
    assert haversine_m(a.lat0, a.lng0, a.lat1, a.lng1) < 1000.0
    # the truth's grid does call part of the box water (else the entry excuses nothing)
    assert any(truth_land(*p, a.source) is False for p in _samples(a))
    assert all(is_artifact(*p, a.source) for p in _samples(a))
    assert not is_artifact(*_samples(a)[0], "gshhg")


def _line(a: tuple[float, float], b: tuple[float, float], n: int = 40) -> list[tuple[float, float]]:
    return [(a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(n + 1)]


def test_no_other_crossing_is_excused() -> None:
    """Straight lines over the crossings of both corpora away from every box (straits,
    harbours, fjords of the same classes): the same water with and without the flaws."""
    far = [
        (name, a, b)
        for name, _, a, b in CROSSINGS + HOLDOUT
        if not any(_near(x, p, 20_000.0) for x in ARTIFACTS for p in (a, b))
    ]
    assert len(far) >= 90
    for name, a, b in far:
        path = _line(a, b)
        for source in ("osm", "ne"):
            with_flaws = over_water_m(path, "WALK", source)
            assert over_water_m(path, "WALK", source, artifacts=False) == with_flaws, name


def test_water_full_resolution_osm_has_still_counts() -> None:
    """Phuket's mangrove inlet (water in OSM and GSHHG alike), Korsør's harbour beside its box
    and False Bay beyond Simon's Town's are not excused (corpus places, no holdout row)."""
    inlet = _line((8.3439, 98.4752), (8.3485, 98.4824), 20)
    assert over_water_m(inlet, "DRIVE", artifacts=False)[0] > 600.0
    # Korsør's harbour beside its box; False Bay beyond Simon's Town's
    for a, b in (
        ((55.3309, 11.1449), (55.3318, 11.1470)),
        ((-34.1890, 18.4345), (-34.1800, 18.4600)),
    ):
        line = _line(a, b, 20)
        with_flaws, without = (over_water_m(line, "WALK", artifacts=f)[0] for f in (True, False))
        assert without > 100.0 and with_flaws == without
