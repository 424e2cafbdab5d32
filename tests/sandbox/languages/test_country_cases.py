"""Country names in their case (issue 40): a country named by several words or by its short
name, in the case a preposition governs, is that country ("hotele w Stanach Zjednoczonych",
"отели в США", "hotely v Indii": India, not its town Indi), and a summary writes a country's
name of several words in that case ("w Stanach Zjednoczonych"). The expected forms are typed
from the languages' grammars (Wiktionary's declension tables of "Stany Zjednoczone",
"Соединённые Штаты", "Сполучені Штати", "Indie"; Internetová jazyková příručka), not from
``data/town_cases.tsv``."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.cities import country_at


def _search(text: str, lang: str) -> dict[str, object]:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    return box.call_tool("search_places", {"text_query": text, "language_code": lang})


@pytest.mark.parametrize(
    ("text", "lang", "cc"),
    [
        ("hotele w Stanach Zjednoczonych", "pl", "US"),
        ("hotele w Wielkiej Brytanii", "pl", "GB"),
        ("hotele w Korei Południowej", "pl", "KR"),
        ("hotele w Republice Czeskiej", "pl", "CZ"),
        ("hotele w Arabii Saudyjskiej", "pl", "SA"),
        ("отели в США", "ru", "US"),
        ("отели в Соединённых Штатах", "ru", "US"),
        ("отели в Саудовской Аравии", "ru", "SA"),
        ("отели в Новой Зеландии", "ru", "NZ"),
        ("отели в Армении", "ru", "AM"),  # not Armenia, Colombia: its Russian name too
        ("готелі в США", "uk", "US"),
        ("готелі в Сполучених Штатах", "uk", "US"),
        ("готелі в Південній Кореї", "uk", "KR"),
        ("готелі у Великій Британії", "uk", "GB"),
        ("hotely ve Spojených státech", "cs", "US"),
        ("hotely v Jižní Koreji", "cs", "KR"),
        ("hotely v Saúdské Arábii", "cs", "SA"),
        ("hotely v Bosně a Hercegovině", "cs", "BA"),
        ("hotely v Arménii", "cs", "AM"),
    ],
)
def test_a_country_in_its_case_lists_its_places(text: str, lang: str, cc: str) -> None:
    out = _search(text, lang)
    places = out.get("places") or []
    assert places, out["summary"]
    spots = [p["location"] for p in places]  # type: ignore[index]
    assert {country_at(s["latitude"], s["longitude"])[0] for s in spots} == {cc}, out["summary"]


@pytest.mark.parametrize(
    ("text", "lang", "written"),
    [
        ("hotele w Stanach Zjednoczonych", "pl", "w Stanach Zjednoczonych"),
        ("hotele w Korei Południowej", "pl", "w Korei Południowej"),
        ("отели в США", "ru", "в Соединённых Штатах"),
        ("готелі в США", "uk", "у Сполучених Штатах"),
        ("hotely v Indii", "cs", "v zemi Indie"),  # India, not its town Indi
    ],
)
def test_a_summary_names_the_country_of_several_words_or_a_form(
    text: str, lang: str, written: str
) -> None:
    out = _search(text, lang)
    assert written in str(out["summary"]), out["summary"]
