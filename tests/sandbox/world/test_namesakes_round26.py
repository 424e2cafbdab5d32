"""Round 26 (h-namesakes26): a name several places bear, and nothing in the text to tell them
apart, is no confident answer for the far one.

*One lookup of the small places the index lacks* (``doubts/small.py``) serves both checks that
ask for them (``doubts.lacked.small_namesake``, ``doubts.towns.small_place_elsewhere``).

*A bare small town with a namesake of like size abroad* ("bakery in Asten": North Brabant's of
9,500, or Upper Austria's) is LOW, and a search lists nothing around it
(``doubts/namesakes.py``).

*A part of a city under a country qualifier, where a small place of that country far away
bears its name* ("Biesdorf, Germany": Berlin's quarter, or the Eifel's village) is LOW: a
quarter's people are its city's, no measure of how surely its name means it. A search still
lists around it (round 25: the holdouts' searches mean the index's town 19 times in 20). Towns of no corpus row (found in GeoNames' own tables the emulator ships).
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


@pytest.mark.parametrize(
    "text",
    [
        "bakery in Asten",  # North Brabant's, or Upper Austria's
        "bakery in Spotswood",  # New Jersey's, or New Zealand's
        "bakery in Villalba",  # Lazio's, or Puerto Rico's
        "bakery in Rama",  # Nicaragua's, or Galilee's
        "bakery in La Escondida",  # Argentina's, or Mexico's
    ],
)
def test_a_small_town_with_a_namesake_of_like_size_abroad_lists_nothing(text: str) -> None:
    assert not _search(text)


@pytest.mark.parametrize("text", ["Biesdorf, Germany", "Altamont, United States"])
def test_a_part_of_a_city_a_far_small_place_of_its_country_names_is_low(text: str) -> None:
    """Berlin's Biesdorf, or the Eifel's; Klamath Falls' Altamont, or Pennsylvania's."""
    r = resolve(text)
    assert r.confidence in ("LOW", "NONE"), (text, r.place)


@pytest.mark.parametrize(
    "text", ["bakery in Kassel", "bakery in Asten, Netherlands", "bakery in Cologne"]
)
def test_guard_an_own_name_a_qualified_name_or_an_exonym_still_lists(text: str) -> None:
    """Guard: a big town by its own name, a small one its country qualifies, a city by its
    English name that small towns bear as their own (Cologne, Minnesota) are listed."""
    assert _search(text)
