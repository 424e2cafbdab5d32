"""Summaries' grammar (issue 40, round 20): French "de" elides before a vowel ("l’itinéraire
d’Oslo à Amsterdam", "près d’Annecy"; not before an aspirate "h": "de Hambourg"), and the
route intros of French, Spanish, Portuguese and Italian count "results" of a kind, so that no
participle takes a masculine plural beside a feminine kind ("5 boulangeries trouvés")."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox


def _along(query: str, start: str, end: str, lang: str) -> str:
    ends = {"origin": {"address": start}, "destination": {"address": end}}
    out = Sandbox().call_tool(
        "search_along_route",
        {"text_query": query, "route_endpoints": ends, "language_code": lang},
    )
    return str(out["summary"])


def _search(text: str, lang: str) -> str:
    out = Sandbox().call_tool("search_places", {"text_query": text, "language_code": lang})
    return str(out["summary"])


def test_french_de_elides_before_a_vowel() -> None:
    assert "de l’itinéraire d’Oslo à Amsterdam" in _along("boulangerie", "Oslo", "Amsterdam", "fr")
    assert "près d’Annecy" in _search("boulangeries à Annecy", "fr")


def test_french_de_stays_before_a_consonant_or_an_h() -> None:
    assert "de l’itinéraire de Paris à Orléans" in _along("boulangerie", "Paris", "Orléans", "fr")
    assert "près de Hambourg" in _search("boulangeries à Hambourg", "fr")


@pytest.mark.parametrize(
    ("query", "start", "end", "lang", "counted"),
    [
        ("boulangerie", "Paris", "Orléans", "fr", "5 résultats (boulangeries) trouvés"),
        ("farmacia", "Madrid", "Toledo", "es", "Se encontraron 5 resultados (farmacias)"),
        ("farmácia", "Lisboa", "Coimbra", "pt", "Encontrados 5 resultados (farmácias)"),
        ("farmacia", "Roma", "Napoli", "it", "Trovati 5 risultati (farmacie)"),
    ],
)
def test_route_intros_count_results_not_a_gendered_kind(
    query: str, start: str, end: str, lang: str, counted: str
) -> None:
    assert counted in _along(query, start, end, lang)
