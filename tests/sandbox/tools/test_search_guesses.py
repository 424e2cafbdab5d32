"""A search lists nothing around a town that is only a guess spelt apart from the place asked,
and reads the place after phrases of several words and a kind's connector (issue 40, round 4).

Inputs are towns and phrasings none of the names corpora ask (``names_corpus.csv``,
``names_holdout.csv``, ``names_holdout2.csv``).
"""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


def _search(text: str) -> dict[str, object]:
    out: dict[str, object] = Sandbox().call_tool("search_places", {"text_query": text})
    return out


def _near(out: dict[str, object], lat: float, lng: float, km: float = 30.0) -> bool:
    from mapsnb.polyline import haversine_m

    places = out["places"]
    assert isinstance(places, list) and places, out["summary"]
    loc = places[0]["location"]
    return haversine_m(loc["latitude"], loc["longitude"], lat, lng) <= km * 1000


@pytest.mark.parametrize(
    "text",
    [
        "hotels in Capitán Juárez",  # no such town: Ciudad Juárez is a guess in one word
        "museums near Kufra",  # Libya; was Kufa (Iraq), a near spelling, 2,100 km
        "pharmacies in Sargent Juárez",  # was Ciudad Juárez
    ],
)
def test_a_search_lists_nothing_around_a_guess_spelt_apart(text: str) -> None:
    """ "Kufra" is no typo of Kufa and "Capitán Juárez" no Ciudad Juárez: such LOW guesses
    were listed as if sure, thousands of km off (``query.spelt_apart``)."""
    out = _search(text)
    assert out["places"] == []
    assert "knows no town or place called" in str(out["summary"])


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("hotels in Lodon", 51.507, -0.128),  # typos of a big city are still read
        ("pharmacies in Berln", 52.52, 13.405),
        ("hotels in Kota Kinabalu", 5.98, 116.07),
        ("cafes in Phnom Penh Municipality", 11.56, 104.92),  # an administrative word
    ],
)
def test_a_typo_of_a_big_city_or_an_administrative_word_is_still_read(
    text: str, lat: float, lng: float
) -> None:
    assert _near(_search(text), lat, lng)


@pytest.mark.parametrize(
    ("text", "lat", "lng"),
    [
        ("Apotheken in der Nähe von Heidelberg", 49.40, 8.69),  # was "der Nähe von Heidelberg"
        ("apotheken in de buurt van Utrecht", 52.09, 5.12),
        ("apteki w pobliżu Lublina", 51.25, 22.57),
        ("farmacia de León", 21.12, -101.68),  # a kind first: was De Leon, Texas
        ("rodoviária de Lages", -27.82, -50.33),  # was Lage, Germany
        ("hotels Des Moines", 41.59, -93.62),  # ... but a name's own "Des" stays
    ],
)
def test_a_search_reads_the_place_after_a_phrase_or_a_connector(
    text: str, lat: float, lng: float
) -> None:
    assert _near(_search(text), lat, lng)


@pytest.mark.parametrize(
    ("text", "name", "kind"),
    [
        ("Bra", "Bra", "locality"),  # Piedmont; was Brazil (BRA)
        ("Per", "Pér", "locality"),  # Hungary; was Peru (PER)
        ("BRA", "Brazil", "country"),  # a code typed as codes are
        ("DEU", "Germany", "country"),
        ("Oman", "Oman", "country"),  # a name of three letters is a name
        ("usa", "United States", "country"),  # ... and so is a common alias
    ],
)
def test_a_three_letter_code_names_its_country_only_in_capitals(
    text: str, name: str, kind: str
) -> None:
    """ISO 3166 alpha-3 codes matched in any case: "estación de autobuses de Itá" (Paraguay)
    was Italy, 10,367 km off (``qualifiers.code_as_typed``)."""
    from mapsnb_sandbox.world.resolver import resolve

    place = resolve(text).place
    assert place is not None and (place.name, place.kind) == (name, kind)
