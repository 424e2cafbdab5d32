"""Names round 12 (issue 40): names the index cannot match whole are no namesake's.

- A compass word before the name of a town under
  :data:`~mapsnb_sandbox.world.named_towns.COMPASS_QUARTERS` people names a town of its own ("East
  Kokomo", "West Goshen"), which the index lacks: NOT_FOUND, not the town of the bare name
  (LOW, often a namesake in another state). A big city's compass quarters stay the city
  ("North London", LOW).
- A fuller form of a town's own name that GeoNames lists as its other name ("San Juan
  Ostuncalco" of Ostuncalco) names that town where the index's own holder of the name is a
  hamlet (``tools/build_town_names.py``, ``_longer_form``; ``data/town_exonyms.tsv``).
- A bare name in a script foreign to the town's Latin-script country that only a small town
  carries in the index ("都伯林": Dublin, California), whose own name a bigger town bears
  (Dublin, Ireland), names no town surely: NOT_FOUND, as a search already lists nothing
  (:func:`~mapsnb_sandbox.world.names.namesakes.bigger_namesake`). A town's name in its own
  country's script stays ("Σπάρτη").

Inputs are names outside every corpus and holdout.
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox.world.resolver import resolve


@pytest.mark.parametrize("text", ["East Kokomo", "West Goshen, USA", "North Goshen, Indiana"])
def test_a_compass_word_before_a_small_town_names_another_town(text: str) -> None:
    assert resolve(text).place is None


@pytest.mark.parametrize(("text", "town"), [("North London", "London"), ("South Delhi", "Delhi")])
def test_a_big_citys_compass_quarter_is_the_city(text: str, town: str) -> None:
    found = resolve(text).place
    assert found is not None and found.name == town


def test_a_fuller_form_of_a_towns_own_name_is_that_town() -> None:
    found = resolve("San Juan Ostuncalco").place
    assert found is not None and found.name == "Ostuncalco"
    assert found.confidence == "MEDIUM"


@pytest.mark.parametrize("text", ["都伯林", "阿森斯"])  # Dublin, California; Athens, Ohio
def test_a_foreign_script_name_of_a_small_namesake_names_no_town(text: str) -> None:
    found = resolve(text)
    assert found.place is None and "bigger" in found.reason


@pytest.mark.parametrize(("text", "cc"), [("Σπάρτη", "GR"), ("Дублин", "IE"), ("Venedig", "IT")])
def test_a_native_or_big_towns_name_is_still_read(text: str, cc: str) -> None:
    found = resolve(text).place
    assert found is not None and found.country_code == cc
