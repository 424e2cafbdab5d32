"""A search in a country says "in <country>" as the language writes it (issue 40, class 2):
"en France", "au Japon", "aux États-Unis", not "dans la zone de recherche « France »".

The expected phrases are typed from the grammar references' own examples and from the openings
of the countries' Wikipedia articles in each language (fr "au Japon", "aux Pays-Bas"; pt "nos
Estados Unidos", "em Portugal"; de "in der Schweiz", "im Iran"; it "negli Stati Uniti"; el "στις
Ηνωμένες Πολιτείες"), not read from ``data/country_locatives.csv``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox

TEXTS = Path(__file__).resolve().parents[3] / "mapsnb_sandbox" / "data" / "texts"

SAID = {
    "fr": {
        "France": "en France", "Japan": "au Japon", "United States": "aux États-Unis",
        "Iran": "en Iran", "Morocco": "au Maroc", "Netherlands": "aux Pays-Bas",
        "Cuba": "à Cuba", "United Kingdom": "au Royaume-Uni", "Israel": "en Israël",
        "Portugal": "au Portugal",
    },
    "pt": {
        "France": "na França", "Japan": "no Japão", "United States": "nos Estados Unidos",
        "Portugal": "em Portugal", "Cuba": "em Cuba", "Brazil": "no Brasil",
        "Philippines": "nas Filipinas", "Angola": "em Angola", "Germany": "na Alemanha",
    },
    "de": {
        "France": "in Frankreich", "Switzerland": "in der Schweiz", "Iran": "im Iran",
        "United States": "in den Vereinigten Staaten", "Netherlands": "in den Niederlanden",
        "Turkey": "in der Türkei", "Lebanon": "im Libanon", "Japan": "in Japan",
    },
    "it": {
        "France": "in Francia", "United States": "negli Stati Uniti",
        "United Kingdom": "nel Regno Unito", "Netherlands": "nei Paesi Bassi",
        "Japan": "in Giappone", "Cuba": "a Cuba", "Philippines": "nelle Filippine",
    },
    "nl": {
        "France": "in Frankrijk", "United States": "in de Verenigde Staten",
        "United Kingdom": "in het Verenigd Koninkrijk", "Germany": "in Duitsland",
    },
    "es": {
        # "en Francia", "en Estados Unidos" (the article optional, left out: RAE) were right
        "United Kingdom": "en el Reino Unido", "Netherlands": "en los Países Bajos",
        "Dominican Republic": "en la República Dominicana",
    },
    "el": {
        "France": "στη Γαλλία", "United States": "στις Ηνωμένες Πολιτείες",
        "Italy": "στην Ιταλία", "Canada": "στον Καναδά", "Peru": "στο Περού",
        "Cyprus": "στην Κύπρο", "Egypt": "στην Αίγυπτο",
    },
}  # fmt: skip

#: A country whose article the references leave open, and its neutral "search area" form.
NEUTRAL = {
    "fr": ("Brunei", "dans la zone de recherche « Brunei »"),
    "pt": ("Morocco", "na área de pesquisa «Marrocos»"),
    "de": ("Ivory Coast", "im Suchgebiet „Côte d’Ivoire“"),
    "it": ("Haiti", "nell'area di ricerca «Haiti»"),
    "el": ("Myanmar", "{where:acc|σ|σε }"),
}


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _intro(sandbox: Sandbox, query: str, lang: str) -> str:
    out = sandbox.call_tool("search_places", {"text_query": query, "language_code": lang})
    assert out["places"], out["summary"]
    return plain_text(out["summary"]).strip().splitlines()[0]


@pytest.mark.parametrize(
    ("lang", "country", "said"),
    [(lang, country, said) for lang, rows in SAID.items() for country, said in rows.items()],
)
def test_a_country_is_named_with_its_preposition_and_article(
    sandbox: Sandbox, lang: str, country: str, said: str
) -> None:
    text = _intro(sandbox, f"hotels in {country}", lang)
    assert f") {said} (" in text, text


@pytest.mark.parametrize("lang", sorted(NEUTRAL))
def test_an_unknown_article_keeps_the_search_area(sandbox: Sandbox, lang: str) -> None:
    """A country the table lacks keeps the neutral form (never a guessed article), beside a
    country it holds."""
    country, neutral = NEUTRAL[lang]
    known = SAID[lang]["France"]
    assert f") {known} (" in _intro(sandbox, "hotels in France", lang)
    text = _intro(sandbox, f"hotels in {country}", lang)
    if lang == "el":
        texts = json.loads((TEXTS / "el.json").read_text(encoding="utf-8"))
        assert neutral in texts["intro_in"] and "στη χώρα Μιανμάρ" in text, text
    else:
        assert neutral in text, text


def test_a_language_with_locatives_has_their_texts() -> None:
    """A language the table names a country in has the intros that say it (an intro it
    lacked would fall back to English around a French "en France")."""
    from mapsnb_sandbox.languages.texts import country_locative, texts

    for lang in SAID:
        assert country_locative("FR", lang), lang
        for key in ("intro_in_at", "intro_in_one_at", "intro_free_in_at"):
            assert key in json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
            assert "{at}" in json.dumps(texts(lang)[key], ensure_ascii=False), (lang, key)
    assert country_locative("FR", "en") is None and country_locative("ZZ", "fr") is None
