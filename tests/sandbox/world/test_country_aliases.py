"""A kind in a country named as people name it, not as CLDR does (issue 40, class 1).

"Hotels in Amerika", "hoteles en EEUU", "hôtels en Angleterre", "отели в Англии" listed nothing:
the emulator knew a country by its CLDR and ISO names only, and England, Scotland and Wales by
GeoNames' English names. ``data/country_aliases.tsv.z`` (``tools/build_country_aliases.py``:
Wikidata's aliases, iso-codes' common names, CLDR's subdivision names) adds the everyday ones.

The cases are typed from the issue and from other sources than those the table is built from:
the npm package ``i18n-iso-countries``' lists of names and ``mledoze/countries``' common names
(``tests/data/country_alias_searches.csv``), Wiktionary's entries for "Amerika", "Inghilterra",
"Escocia", "Galles" and its declension tables ("Англії", "Szkocji", "Штатах": a noun in -ія,
-cja and a plural's locative, de-inflected by ``data/town_forms.csv``); the truth is the
country's code.
"""

from __future__ import annotations

import pytest

from tests.sandbox.world.test_country_searches import listed_countries


@pytest.mark.parametrize(
    ("lang", "query", "cc"),
    [
        ("de", "Hotels in Amerika", "US"),
        ("tr", "Amerika'da oteller", "US"),
        ("tr", "ABD'de oteller", "US"),
        ("ru", "отели в Америке", "US"),
        ("ar", "فنادق في أمريكا", "US"),
        ("es", "hoteles en EEUU", "US"),
        ("ro", "hoteluri în Statele Unite", "US"),
        ("he", 'מלונות בארה"ב', "US"),
        ("he", "מלונות בארה״ב", "US"),
        ("el", "ξενοδοχεία στην Αμερική", "US"),
        ("sw", "hoteli nchini Amerika", "US"),
        ("fr", "hôtels en Angleterre", "GB"),
        ("it", "hotel in Inghilterra", "GB"),
        ("pt", "hotéis na Inglaterra", "GB"),
        ("ru", "отели в Англии", "GB"),
        ("es", "hoteles en Escocia", "GB"),
        ("it", "hotel in Scozia", "GB"),
        ("fr", "hôtels en Écosse", "GB"),
        ("it", "hotel in Galles", "GB"),
        ("it", "hotel in Gran Bretagna", "GB"),
        ("ro", "hoteluri în Marea Britanie", "GB"),
        ("de", "Hotels in Großbritannien", "GB"),
        ("fr", "hôtels en Perse", "IR"),
        ("en", "hotels in Persia", "IR"),
        ("en", "hotels in Ceylon", "LK"),
        ("uk", "готелі в Англії", "GB"),
        ("uk", "готелі в Шотландії", "GB"),
        ("pl", "hotele w Szkocji", "GB"),
        ("ru", "отели в Штатах", "US"),
        ("ja", "米国のホテル", "US"),
        ("zh", "澳洲的酒店", "AU"),
    ],
)
def test_everyday_country_name(lang: str, query: str, cc: str) -> None:
    assert listed_countries(query, lang) == {cc}
