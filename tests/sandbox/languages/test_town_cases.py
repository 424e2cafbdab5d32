"""Summaries put a town's name in the case their preposition governs (issue 40): "рядом с Москвой",
"от Москвы", "поблизу Києва", "w pobliżu Krakowa", not the nominative ("рядом с Москва"). The
forms are data (``data/town_cases.tsv``, ``tools/build_town_cases.py``); a name without known
forms keeps today's text."""

from __future__ import annotations

import pytest

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


@pytest.mark.parametrize(
    ("query", "lang", "near", "distance"),
    [
        ("аптека Москва", "ru", "рядом с Москвой", " от Москвы"),
        ("аптеки в Казани", "ru", "рядом с Казанью", " от Казани"),
        ("кафе Нижний Новгород", "ru", "рядом с Нижним Новгородом", " от Нижнего Новгорода"),
        ("аптека Париж", "ru", "рядом с Парижем", " от Парижа"),
        ("аптека Київ", "uk", "поблизу Києва", " від Києва"),
        ("готелі в Одесі", "uk", "поблизу Одеси", " від Одеси"),
        ("apteka Kraków", "pl", "w pobliżu Krakowa", " od Krakowa"),
        ("apteki w Katowicach", "pl", "w pobliżu Katowic", " od Katowic"),
        ("apteka Zielona Góra", "pl", "w pobliżu Zielonej Góry", " od Zielonej Góry"),
        ("apteka Bielsko-Biała", "pl", "w pobliżu Bielska-Białej", " od Bielska-Białej"),
        ("аптека Ростов-на-Дону", "ru", "рядом с Ростовом-на-Дону", " от Ростова-на-Дону"),
    ],
)
def test_a_town_after_a_preposition_is_in_its_case(
    sandbox: Sandbox, query: str, lang: str, near: str, distance: str
) -> None:
    out = sandbox.call_tool("search_places", {"text_query": query, "language_code": lang})
    text = plain_text(out["summary"])
    assert out["places"] and near in text and distance in text, text[:300]


def test_a_name_without_forms_is_named_by_an_apposition(sandbox: Sandbox) -> None:
    """A name the table lacks keeps its nominative after the noun of what it is, in the case
    the preposition governs ("w pobliżu miasta Warsaw", "рядом с городом Токио": an apposition
    to a generic noun keeps the name's nominative, as in "в городе Сочи"); without such a noun
    a Polish text keeps its colon ("w pobliżu: Warsaw")."""
    from mapsnb_sandbox.languages.cases import TownName

    assert format(TownName("Warsaw", "pl"), "gen| |: ") == ": Warsaw"
    pl = sandbox.call_tool("search_places", {"text_query": "apteka Warsaw", "language_code": "pl"})
    ru = sandbox.call_tool("search_places", {"text_query": "аптека Токио", "language_code": "ru"})
    assert "w pobliżu miasta Warsaw" in plain_text(pl["summary"])
    assert "рядом с городом Токио" in plain_text(ru["summary"])


def test_route_ends_are_in_the_genitive(sandbox: Sandbox) -> None:
    out = sandbox.call_tool(
        "search_along_route",
        {
            "textQuery": "АЗС",
            "routeEndpoints": {
                "origin": {"address": "Тверь"},
                "destination": {"address": "Москва"},
            },
            "languageCode": "ru",
        },
    )
    assert "от Твери до Москвы" in plain_text(out["summary"]), out["summary"][:300]


def test_a_town_name_refuses_an_unknown_case() -> None:
    from mapsnb_sandbox.languages.cases import TownName

    with pytest.raises(ValueError, match="CASE"):
        format(TownName("Москва", "ru"), "dat")
