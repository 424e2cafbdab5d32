"""Issue 40, names bar per language (h-lang30): a city's district read by its name and its
country alone.

*A district with no people of its own* (Who's On First's neighbourhoods, which the index
weighs as 750) named with its country, not its city, is as likely a village of that name the
index lacks: the district is LOW, not MEDIUM ("대만 Fusheng" is a village 149 km from Taipei's
Fusheng). Named with its city it stays MEDIUM; a search still lists around it, as before (the
holdouts' searches mean the quarter 14 times in 15). Districts of no corpus.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.resolver import resolve

_CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def _listed(text: str, lang: str = "en") -> list[dict[str, object]]:
    """The places ``search_places`` lists for ``text``."""
    return search_places({"text_query": text, "language_code": lang}, _CTX)["places"]


@pytest.mark.parametrize(
    "text", ["Lysolaje, Czechia", "Crescenzago, Italia", "Stammersdorf, Austria"]
)
def test_a_district_named_with_its_country_alone_is_unsure(text: str) -> None:
    """Prague's, Milan's and Vienna's quarters, named with their country (MEDIUM on START for
    "Kamýk, Czechia" alike)."""
    r = resolve(text)
    assert r.place is None or r.confidence == "LOW", (text, r.place)


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("pharmacy in Crescenzago, Milan", 45.51, 9.25),
        ("pharmacy in Crescenzago, Italy", 45.51, 9.25),
        ("pharmacy in Crescenzago", 45.51, 9.25),
        ("pharmacy in Zacisze, Warsaw", 52.28, 21.07),
        ("hotels in Konyaaltı, Turkey", 36.87, 30.63),
    ],
)
def test_guard_a_district_with_its_city_or_people_is_listed(
    text: str, lat: float, lng: float
) -> None:
    """Guard: the quarter with its city, with its country alone, bare in a search, and a
    district the index counts the people of (Antalya's Konyaaltı) stay listed."""
    places = _listed(text)
    assert places, text
    loc = places[0]["location"]
    assert isinstance(loc, dict)
    assert abs(loc["latitude"] - lat) < 0.1 and abs(loc["longitude"] - lng) < 0.1, loc


@pytest.mark.parametrize("text", ["Crescenzago, Milan", "Lysolaje, Prague"])
def test_guard_a_district_with_its_city_stays_medium(text: str) -> None:
    """Guard: the quarter with its city is named surely."""
    r = resolve(text)
    assert r.place is not None and r.confidence == "MEDIUM", r.place
