"""Round 26 (h-namesakes26): a name a small place far away bears too, and nothing in the text to
tell them apart.

*One lookup of the small places the index lacks* (``doubts/small.py``) serves both checks that
ask for them (``doubts.lacked.small_namesake``, ``doubts.towns.small_place_elsewhere``).

*A part of a city under a country qualifier, where a small place of that country far away
bears its name* ("Biesdorf, Germany": Berlin's quarter, or the Eifel's village) is LOW: a
quarter's people are its city's, no measure of how surely its name means it. A search still
lists around it (round 25: the holdouts' searches mean the index's town 19 times in 20).
Towns of no corpus row (found in GeoNames' tables the emulator ships).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _search(text: str, language: str = "en") -> list[dict[str, object]]:
    out = search_places({"text_query": text, "language_code": language}, CTX)
    places: list[dict[str, object]] = out["places"]
    return places


def test_one_lookup_counts_small_namesakes_near_and_far() -> None:
    """The lookup both checks share counts the small places of a name near the point read and
    far from it (Fontenay-le-Vicomte, Essonne: a small place of ``cities500``)."""
    from mapsnb_sandbox.world.doubts.small import small_namesakes

    near = small_namesakes("fontenay le vicomte", 48.55, 2.40, frozenset({"FR"}))
    assert (near.near, near.far) == (1, 0)
    assert near.elsewhere is False and near.only_elsewhere is False
    far = small_namesakes("fontenay le vicomte", 43.60, 1.44)  # from Toulouse
    assert (far.near, far.far) == (0, 1)
    assert far.elsewhere and far.only_elsewhere
    assert small_namesakes("fontenay le vicomte", 43.60, 1.44, frozenset({"BE"})).far == 0


@pytest.mark.parametrize("text", ["Biesdorf, Germany", "Altamont, United States"])
def test_a_part_of_a_city_a_far_small_place_of_its_country_names_is_low(text: str) -> None:
    """Berlin's Biesdorf, or the Eifel's; Klamath Falls' Altamont, or Pennsylvania's."""
    r = resolve(text)
    assert r.confidence in ("LOW", "NONE"), (text, r.place)


def test_guard_a_search_still_lists_around_a_part_of_a_city() -> None:
    """Guard: a search lists around the index's town, as round 25 measured it."""
    assert _search("pharmacy in Biesdorf, Germany")
