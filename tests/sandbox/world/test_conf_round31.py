"""Issue 40, confident answers 50+ km off (h-conf31).

*A case form typed with a letter foreign to its language*: a whole form of the forms tables
("Kutna", Polish's genitive of Kutno) typed with a marked letter that no row of its language
writes ("Kutná": Polish has no "á") is no form of that town. *A city's neighbourhood of no
people of its own named with a region and not its city* is LOW, as with its country alone (round
30): a ward of that region the index lacks is as likely meant ("Agoro, Oyo": Ibadan's Agoro,
180 km from Oyo State's ward). *A preposition inside a town's whole name* is no cut of a
search ("школа Altenmarkt bei Sankt Gallen" listed round St. Gallen, 400 km off). Towns of no
corpus.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.forms import known_form, language_letters
from mapsnb_sandbox.world.resolver import resolve


def test_polish_forms_write_no_czech_long_vowel() -> None:
    """The letters read from the tables: Polish's own, not Czech's "á" or "ě"."""
    polish = language_letters()["pl"]
    assert {"ł", "ó", "ś", "ż"} <= polish
    assert not {"á", "ě", "ř"} & polish


@pytest.mark.parametrize("text", ["Kutná", "hotels in Kutná"])
def test_a_letter_foreign_to_the_form_names_no_town_of_it(text: str) -> None:
    """Czech's feminine "Kutná" (as in Kutná Hora) was Kutno, Poland, MEDIUM by "Kutna"."""
    r = resolve(text, role="town")
    assert r.place is None or r.place.country_code != "PL", r.place
    assert known_form("Kutná") is None


@pytest.mark.parametrize(
    ("text", "town"),
    [("Kutna", "Kutno"), ("w Kutnie", "Kutno"), ("w Łodzi", "Łódź"), ("v Brně", "Brno")],
)
def test_guard_forms_typed_in_their_language_keep_the_town(text: str, town: str) -> None:
    """Guard: no mark, or the language's own marks."""
    r = resolve(text, role="town")
    assert r.place is not None and r.place.name == town, (text, r.place)
    assert r.confidence != "LOW", (text, r.confidence)


@pytest.mark.parametrize(
    "text", ["Stammersdorf, Wien, Österreich", "Lysolaje, Praha", "Chueca, Comunidad de Madrid"]
)
def test_guard_a_neighbourhood_named_with_its_city_stays_sure(text: str) -> None:
    """Guard: the city (also its region's name: Vienna, Prague, Madrid) confirms its district."""
    r = resolve(text)
    assert r.place is not None and r.confidence != "LOW", (text, r.place)


@pytest.mark.parametrize("text", ["Crescenzago, Lombardia", "Navigli, Lombardia"])
def test_a_neighbourhood_named_with_a_region_alone_is_unsure(text: str) -> None:
    """Milan's quarters named with their region alone (MEDIUM before): LOW at their point."""
    r = resolve(text)
    assert r.place is None or r.confidence == "LOW", (text, r.place, r.confidence)


def _first_km(text: str, lang: str, town: str) -> float:
    """How far the first place a search lists lies from the index's town ``town``."""
    idx = city_index()
    c = max(
        (idx.cities[j] for j in idx.by_name.get(fold_text(town), ())), key=lambda t: t.population
    )
    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    places = search_places({"text_query": text, "language_code": lang}, ctx)["places"]
    assert places, text
    loc = places[0]["location"]
    return haversine_m(loc["latitude"], loc["longitude"], c.lat, c.lng) / 1000


@pytest.mark.parametrize(
    ("text", "lang", "town"),
    [
        ("школа Kirchheim bei München", "ru", "Kirchheim bei München"),
        ("аптека Nestelbach bei Graz", "ru", "Nestelbach bei Graz"),
        ("Apotheke Nestelbach bei Graz", "de", "Nestelbach bei Graz"),
    ],
)
def test_a_preposition_inside_a_name_cuts_no_search(text: str, lang: str, town: str) -> None:
    """Listed round the town itself (round Munich and Graz, 15 and 17 km off, before)."""
    assert _first_km(text, lang, town) < 8, text


def test_guard_a_preposition_before_a_town_still_cuts() -> None:
    """Guard: "Apotheke bei Graz" is a pharmacy near Graz."""
    assert _first_km("Apotheke bei Graz", "de", "Graz") < 8
