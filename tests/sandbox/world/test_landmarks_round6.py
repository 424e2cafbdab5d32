"""Issue 40, round 6 of famous places: what a landmark's name says beyond its folded letters (a
kind word written with its marks, a number word before a town, namesakes told apart by spelling),
and a landmark named with its town spelt otherwise or put after a comma. Inputs are made up
or real places outside both landmark holdouts (``landmark_holdout.csv``,
``landmark_holdout2.csv``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from mapsnb_sandbox.world.landmark_names.spelling import (
    marked_kind_word,
    numbered_building,
    spelled_namesakes,
    town_spelt_otherwise,
)
from mapsnb_sandbox.world.landmarks import landmarks
from mapsnb_sandbox.world.resolver import NOT_FOUND, UNKNOWN_LANDMARK, resolve
from tests.sandbox.landmark_table import landmark_table


def test_a_kind_word_with_its_marks_is_no_word_of_a_town_written_without_them() -> None:
    """Vietnamese "nhà" (house) folds to the "Nha" of Nha Trang, whose name has no marks."""
    assert marked_kind_word("Nhà Trang", "Nha Trang")
    assert marked_kind_word("Tháp Than", "Thap Than")  # "tower" before a Thai town's word
    assert not marked_kind_word("Nha Trang", "Nha Trang")
    assert not marked_kind_word("Chợ Lớn", "Chợ Lớn")  # the town's own name has the mark
    assert not marked_kind_word("Sông Cầu", "Sông Cầu")
    assert not marked_kind_word("París", "Paris")  # an exonym's accent is no kind word


@pytest.mark.parametrize("text", ["Nhà Trang", "Tháp Than"])
def test_a_marked_kind_word_makes_an_unknown_landmark(text: str) -> None:
    assert resolve(text).place is None


@pytest.mark.parametrize(
    ("text", "town"), [("Nha Trang", "Nha Trang"), ("Chợ Lớn", "Chợ Lớn"), ("Hà Nội", "Hanoi")]
)
def test_vietnamese_towns_stay_towns(text: str, town: str) -> None:
    place = resolve(text).place
    assert place is not None and place.name == town


def test_a_number_word_before_a_town_names_a_tower() -> None:
    assert numbered_building("One Vancouver", "Vancouver")
    assert numbered_building("Two Bloor", "Bloor")
    assert not numbered_building("Two Harbors", "Two Harbors")  # a town's whole name
    assert not numbered_building("Vancouver", "Vancouver")
    assert resolve("One Winnipeg").how == UNKNOWN_LANDMARK  # was Winnipeg, LOW
    found = resolve("Two Harbors").place
    assert found is not None and found.name == "Two Harbors"


_TABLE = """key,name,aliases,kind,address,city,region,country_code,lat,lng,place_id
odeon-a,Odéon,,landmark,"Place de l'Odéon, Paris",Paris,,FR,48.8494,2.3387,
odeon-b,Odeon,,landmark,"Via dell'Odeon, Rome",Rome,,IT,41.9000,12.4800,
arsenal-a,Grand Arsenal,,landmark,"Arsenal Quay, Lyon",Lyon,,FR,45.7500,4.8500,
arsenal-b,Grand Arsenal,,landmark,"Arsenal Road, Turin",Turin,,IT,45.0700,7.6900,
pavilion,Konark Sun Pavilion,,landmark,"Sun Road, Konark",Konark,,IN,19.8876,86.0945,
"""


@pytest.fixture
def namesakes(tmp_path: Path) -> Iterator[None]:
    with landmark_table(tmp_path, _TABLE):
        yield


@pytest.mark.usefixtures("namesakes")
def test_namesakes_are_told_apart_by_their_spelling() -> None:
    found = resolve("Odeon").place
    assert found is not None and (found.lat, found.lng) == (41.9, 12.48)
    found = resolve("Odéon").place
    assert found is not None and (found.lat, found.lng) == (48.8494, 2.3387)
    by_key = {lm.key: lm for lm in landmarks()}
    both = [by_key["odeon-a"], by_key["odeon-b"]]
    assert [lm.key for lm in spelled_namesakes(both, "ODEON")] == ["odeon-b"]
    assert [lm.key for lm in spelled_namesakes(both, "Odyssey")] == ["odeon-a", "odeon-b"]


@pytest.mark.usefixtures("namesakes")
def test_namesakes_spelt_alike_far_apart_are_not_found() -> None:
    """Was one of them, LOW (which is 50+ km from the other)."""
    assert resolve("Grand Arsenal").how == NOT_FOUND
    found = resolve("Grand Arsenal, Turin").place
    assert found is not None and found.country_code == "IT"


@pytest.mark.usefixtures("namesakes")
def test_a_landmark_named_with_its_town_spelt_otherwise_is_that_landmark() -> None:
    """ "Konârak" alone is Konārak in Iran (2,700 km from Konark's temple): read as the
    landmark's town spelt otherwise, the text names the pavilion."""
    assert town_spelt_otherwise("Sun Pavilion, Konârak") is not None
    found = resolve("Sun Pavilion, Konârak").place
    assert found is not None and found.country_code == "IN" and found.kind != "locality"
    assert town_spelt_otherwise("Moon Pavilion, Konârak") is None


@pytest.mark.parametrize(("text", "want"), [("Castle, Prague", "Prague Castle")])
def test_a_landmark_named_kind_then_town_is_found(text: str, want: str) -> None:
    """Was an unknown landmark (NOT_FOUND): the words of "Prague Castle" in another order."""
    found = resolve(text).place
    assert found is not None and found.name == want
