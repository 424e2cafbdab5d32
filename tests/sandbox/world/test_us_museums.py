"""Issue 40: notable US museums from IMLS's Museum Universe Data File (``data/us_museums.csv``,
``tools/build_us_museums.py``) are found by their own names at their real point; a name that
is only generic words ("Museum of Anthropology", "Museum of Glass"), or that two museums far
apart bear, names none of them unless its town is given. The museums here are outside the
landmark holdouts (``tests/data/landmark_holdout*.csv``) and our landmark corpus; their truth
is each one's Wikipedia article's coordinates (rounded to 4 decimals, typed for this test), not
the IMLS file's geocoded address point the emulator reads."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.landmarks import US_MUSEUMS_CSV
from mapsnb_sandbox.world.resolver import resolve

#: name -> (lat, lng) from the place's English Wikipedia article.
_WIKIPEDIA = {
    "Cleveland Museum of Art": (41.5089, -81.6119),
    "Toledo Museum of Art": (41.6583, -83.5594),
    "Dallas Museum of Art": (32.7878, -96.8003),
    "High Museum of Art": (33.7906, -84.3850),
    "Indianapolis Museum of Art": (39.8256, -86.1856),
    "Monterey Bay Aquarium": (36.6181, -121.9019),
}
_TOLERANCE_M = 2_000


@pytest.mark.parametrize(("name", "truth"), list(_WIKIPEDIA.items()))
def test_a_notable_us_museum_is_found_at_its_point(name: str, truth: tuple[float, float]) -> None:
    found = resolve(name)
    assert found.place is not None, found.reason
    assert found.confidence == "HIGH"
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M


@pytest.mark.parametrize("name", ["Cleveland Museum of Art", "Monterey Bay Aquarium"])
def test_a_search_lists_the_museum_first(name: str) -> None:
    out = Sandbox().call_tool("search_places", {"text_query": name})
    loc = out["places"][0]["location"]  # type: ignore[index]
    near = haversine_m(loc["latitude"], loc["longitude"], *_WIKIPEDIA[name])
    assert near < _TOLERANCE_M


@pytest.mark.parametrize(
    ("bare", "qualified", "truth"),
    [
        ("Museum of Science", "Museum of Science, Boston", (42.3677, -71.0711)),  # and Miami's
        ("Museum of Glass", "Museum of Glass, Tacoma", (47.2456, -122.4350)),  # common nouns
        ("Jewish Museum", "Jewish Museum, New York", (40.7856, -73.9572)),
    ],
)
def test_a_generic_name_is_found_only_with_its_town(
    bare: str, qualified: str, truth: tuple[float, float]
) -> None:
    """A bare generic name (Vancouver's and Mexico's Museum of Anthropology are no places of
    the emulator; Wake Forest's is) names no US museum: NOT_FOUND, never one far off."""
    assert not resolve(bare).found
    assert not resolve("Museum of Anthropology").found
    found = resolve(qualified)
    assert found.place is not None, found.reason
    assert haversine_m(found.place.lat, found.place.lng, *truth) < _TOLERANCE_M


def test_the_file_says_its_source_and_stays_small() -> None:
    text = US_MUSEUMS_CSV.read_text(encoding="utf-8")
    assert "IMLS" in text.splitlines()[0] and "public domain" in text
    assert 300 < text.count("\nus-museum-") < 2_000
    assert len(text.encode()) < 1_000_000
