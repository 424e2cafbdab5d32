"""A search for a kind in a country, as each language writes the country (issue 40, class 2).

"Apotheken in der Schweiz", "Hotels in den Niederlanden", "farmacie negli Stati Uniti", "hoteles
en los Estados Unidos", "hôtels aux Pays-Bas", "ξενοδοχεία στις Ηνωμένες Πολιτείες", "hoteli
nchini Ufaransa" listed nothing: the article (or articled preposition) between the preposition and
the name was read as part of the name, and Italian's and French's articled prepositions were no
prepositions of a search. A country's name in the asker's own language ("Francia" to a Spanish or
Italian asker, "Nederland" to a Dutch one) was LOW, and so no search, because a hamlet bears it;
"França" (Portuguese) was Franca, Brazil, whose name it folds to.

Phrasings are typed from grammar references (Duden's countries with their article, Treccani's
articled prepositions, RAE, Grevisse), not from the code's word lists; the truth is the country's
code. ``benchmarks/bench_countries.py`` measures every country in 24 languages.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.cities import country_at

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def listed_countries(query: str, lang: str) -> set[str]:
    """The countries the places a search lists lie in (empty when it lists none)."""
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    return {
        country_at(p["location"]["latitude"], p["location"]["longitude"])[0] for p in out["places"]
    }


@pytest.mark.parametrize(
    ("lang", "query", "cc"),
    [
        ("de", "Apotheken in der Schweiz", "CH"),
        ("de", "Hotels in der Türkei", "TR"),
        ("de", "Hotels in den Niederlanden", "NL"),
        ("de", "Hotels in den USA", "US"),
        ("de", "Hotels in den Vereinigten Staaten", "US"),
        ("de", "Restaurants im Iran", "IR"),
        ("de", "Hotels im Libanon", "LB"),
        ("de", "Hotels in den Vereinigten Arabischen Emiraten", "AE"),
        ("de", "Hotels in der Slowakei", "SK"),
        ("it", "farmacie negli Stati Uniti", "US"),
        ("it", "alberghi nel Regno Unito", "GB"),
        ("it", "hotel nei Paesi Bassi", "NL"),
        ("it", "farmacie in Francia", "FR"),
        ("it", "hotel nelle Filippine", "PH"),
        ("es", "hoteles en los Estados Unidos", "US"),
        ("es", "hoteles en el Reino Unido", "GB"),
        ("es", "farmacias en Francia", "FR"),
        ("es", "hoteles en la India", "IN"),
        ("pt", "farmácias na França", "FR"),
        ("pt", "hotéis no Japão", "JP"),
        ("pt", "hotéis nos Países Baixos", "NL"),
        ("fr", "hôtels aux Pays-Bas", "NL"),
        ("fr", "pharmacies aux Philippines", "PH"),
        ("nl", "apotheken in Nederland", "NL"),
        ("nl", "hotels in de Verenigde Staten", "US"),
        ("el", "ξενοδοχεία στις Ηνωμένες Πολιτείες", "US"),
        ("el", "φαρμακεία στην Ιταλία", "IT"),
        ("sw", "hoteli nchini Ufaransa", "FR"),
        ("sw", "hoteli nchini Jamhuri ya Dominika", "DO"),
        ("sw", "hoteli nchini Bosnia na Hezegovina", "BA"),  # "na" (and), no preposition here
        ("tr", "Antigua ve Barbuda'da oteller", "AG"),  # a joined name before its kind
        ("tr", "Şili'de oteller", "CL"),  # the country by a form of its Turkish name
        ("nl", "hotels in Bosnië en Herzegovina", "BA"),
        ("es", "hoteles en Trinidad y Tobago", "TT"),
        ("cs", "hotely v Číně", "CN"),  # not "cine", a cinema, nor Çine, Turkey
        ("cs", "hotely v Argentině", "AR"),
        ("ru", "отели в Панаме", "PA"),
        ("vi", "khách sạn ở Lào", "LA"),  # not Lao, a town of the Philippines
        ("hi", "केन्या में होटल", "KE"),  # not Konya, which GeoNames also calls so
        ("en", "hotels in Benin", "BJ"),  # not Benin City, whose other name it is
        ("sv", "hotell i Sri Lanka", "LK"),
        ("ko", "벨기에 호텔", "BE"),  # "에" is no particle here
        ("ja", "バングラデシュのホテル", "BD"),  # no "バング" kind at its start
        ("ja", "東ティモールのホテル", "TL"),  # no mall ("モール") inside Timor
        ("zh", "马里的酒店", "ML"),  # "的", not "里的"
        ("fr", "hôtels au Pays de Galles", "GB"),  # "pays", a landmark's word, is Wales' here
    ],
)
def test_a_country_as_its_language_writes_it(lang: str, query: str, cc: str) -> None:
    assert listed_countries(query, lang) == {cc}


@pytest.mark.parametrize(
    ("lang", "query", "cc"),
    [
        ("es", "hoteles en El Paso", "US"),  # a town's article is its name's
        ("es", "hoteles en Los Ángeles", "US"),
        ("nl", "hotels in Den Haag", "NL"),
        ("de", "Hotels in Bremen", "DE"),  # no "-n" of a dative plural cut from a town
        ("de", "Hotels in Essen", "DE"),
        ("pt", "farmácias em Franca", "BR"),  # the town as typed, without the cedilla
        ("es", "hoteles en Granada", "ES"),  # the city's own name over Grenada's Spanish one
        ("ar", "مطعم في عمان", "JO"),  # Amman, as Arabic names its time zone's city; Oman too
        ("ko", "서울에서 호텔", "KR"),
        ("zh", "北京的酒店", "CN"),
    ],
)
def test_towns_keep_their_names(lang: str, query: str, cc: str) -> None:
    assert listed_countries(query, lang) == {cc}


@pytest.mark.parametrize(
    ("lang", "query", "cc", "shown"),
    [
        ("pl", "hotele w Toskanii", "IT", "Toskania"),  # Polish "-ii" of "-ia": no English
        ("pl", "hotele w Kalifornii", "US", "Kalifornia"),
        ("uk", "готелі в Каліфорнії", "US", "Каліфорнія"),
        ("ru", "отели в Тоскане", "IT", "Тоскана"),
        ("de", "Hotels in der Toskana", "IT", "Toskana"),  # not "Tuscany"
    ],
)
def test_a_region_in_its_case_is_read_and_named_in_the_language(
    lang: str, query: str, cc: str, shown: str
) -> None:
    out = search_places({"text_query": query, "language_code": lang}, CTX)
    points = [(p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]]
    assert {country_at(lat, lng)[0] for lat, lng in points} == {cc}
    intro = out["summary"].split("</p>", 1)[0]
    assert shown in intro and "Tuscany" not in intro and "California" not in intro
