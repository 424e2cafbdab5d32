"""A search round a famous place names it, in its summary, by the name the asker typed (issue
40, round 20): "Voici 5 résultats (restaurants) près de Tour Eiffel", not "près de Eiffel Tower";
the table's spelling ("Sagrada Família" of "Sagrada Familia"), its English name otherwise."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


def _summary(text: str, lang: str) -> str:
    out = Sandbox().call_tool("search_places", {"text_query": text, "language_code": lang})
    assert out.get("places"), out["summary"]
    return str(out["summary"])


@pytest.mark.parametrize(
    ("text", "lang", "shown", "not_shown"),
    [
        ("restaurants près de la tour Eiffel", "fr", "Tour Eiffel", "Eiffel Tower"),
        ("Restaurants am Kölner Dom", "de", "Kölner Dom", "Cologne Cathedral"),
        ("ristoranti vicino al Colosseo", "it", "Colosseo", "Colosseum"),
        ("東京タワー周辺のレストラン", "ja", "東京タワー", "Tokyo Tower"),
        ("restaurantes cerca de la Sagrada Familia", "es", "Sagrada Família", "Sagrada Familia "),
        ("cafés perto da Torre de Belém", "pt", "Torre de Belém", "Belém Tower"),
    ],
)
def test_a_famous_place_is_named_as_the_asker_named_it(
    text: str, lang: str, shown: str, not_shown: str
) -> None:
    summary = _summary(text, lang)
    assert shown in summary and not_shown not in summary


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("restaurants near the eiffel tower", "fr"),  # typed in English: the English name
        ("hotels near Eiffel Tower", "de"),
    ],
)
def test_an_english_name_stays_the_tables_english_name(text: str, lang: str) -> None:
    assert "Eiffel Tower" in _summary(text, lang)
