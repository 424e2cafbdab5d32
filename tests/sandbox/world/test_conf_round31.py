"""Issue 40, confident answers 50+ km off (h-conf31).

*A case form typed with a letter foreign to its language*: a whole form of the forms tables
("Kutna", Polish's genitive of Kutno) typed with a marked letter that no row of its language
writes ("Kutná": Polish has no "á") is no form of that town. *A city's neighbourhood of no
people of its own named with a region and not its city* is LOW, as with its country alone (round
30): a ward of that region the index lacks is as likely meant ("Agoro, Oyo": Ibadan's Agoro,
180 km from Oyo State's ward). Towns of no corpus.
"""

from __future__ import annotations

import pytest

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
