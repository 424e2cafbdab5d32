"""Summaries' grammar in the 28 languages (issue 40, round 21, ``tools/sweep_summaries.py``).

* A route that ends in a country names it in the allative the grammars give, not after the
  towns' "to" ("de Lyon à Italie", "nach Schweiz"): French "en Italie", "aux Pays-Bas", "au
  Portugal" (Grevisse, the same as "in"); German "in die Schweiz", "in die Niederlande", "in
  den Iran", "nach Italien" (Duden); Spanish "a los Países Bajos"; Portuguese "à Itália", "a
  Portugal" (the crase); Italian "in Francia" (Serianni). One that starts in a country, in
  the ablative: "du Portugal", "des Pays-Bas", "von der Schweiz", "de los Países Bajos", "da
  Itália", "από τη Βουλγαρία", "dall’Austria" (Serianni: "da" takes the article "in" drops).
* A famous place typed in a case form is named by its own name in the asker's language, in the
  case the summary's preposition governs ("рядом с Красной площадью", "от Красной площади"; was
  "рядом с Red Square"), and a name typed in the nominative takes its case too ("рядом с
  Эйфелевой башней"); where no case form is known, an apposition noun carries the case
  ("poblíž místa Rudé náměstí", "κοντά στην τοποθεσία Κόκκινη Πλατεία").
* An address names its country in the language wherever its format puts it ("…, Moscow,
  Россия, 101763"; was "Russia").
* A town typed with the language's marks keeps them ("cerca de París", not "Paris"); a town
  typed by its name in another script is shown so ("від міста Цюріх", not "Zürich").

The expected phrases are typed from the grammars, not read from the emulator's tables.
"""

from __future__ import annotations

import pytest

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _along(box: Sandbox, query: str, start: str, end: str, lang: str) -> str:
    ends = {"origin": {"address": start}, "destination": {"address": end}}
    args = {"text_query": query, "route_endpoints": ends, "language_code": lang}
    return plain_text(str(box.call_tool("search_along_route", args)["summary"]))


def _search(box: Sandbox, text: str, lang: str) -> str:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    return plain_text(str(out["summary"]))


@pytest.mark.parametrize(
    ("query", "start", "end", "lang", "phrase"),
    [
        ("boulangerie", "Lyon", "Italie", "fr", "de Lyon en Italie"),
        ("boulangerie", "Bruxelles", "Pays-Bas", "fr", "de Bruxelles aux Pays-Bas"),
        ("boulangerie", "Madrid", "Portugal", "fr", "de Madrid au Portugal"),
        ("Bäckerei", "München", "Schweiz", "de", "von München in die Schweiz"),
        ("Bäckerei", "Brüssel", "Niederlande", "de", "von Brüssel in die Niederlande"),
        ("Bäckerei", "Bagdad", "Iran", "de", "von Bagdad in den Iran"),
        ("farmacia", "Bruselas", "Países Bajos", "es", "de Bruselas a los Países Bajos"),
        ("farmácia", "Zurique", "Itália", "pt", "de Zurique à Itália"),
        ("farmacia", "Milano", "Francia", "it", "da Milano in Francia"),
    ],
)
def test_a_route_to_a_country_says_to_as_the_grammar_does(
    box: Sandbox, query: str, start: str, end: str, lang: str, phrase: str
) -> None:
    assert phrase in _along(box, query, start, end, lang)


@pytest.mark.parametrize(
    ("query", "start", "end", "lang", "phrase"),
    [
        ("boulangerie", "Portugal", "Espagne", "fr", "l’itinéraire du Portugal en Espagne"),
        ("boulangerie", "Pays-Bas", "Bruxelles", "fr", "l’itinéraire des Pays-Bas à Bruxelles"),
        ("Bäckerei", "Schweiz", "Niederlande", "de", "von der Schweiz in die Niederlande"),
        ("farmacia", "Países Bajos", "Bélgica", "es", "de los Países Bajos a Bélgica"),
        ("farmácia", "Itália", "França", "pt", "da Itália à França"),
        ("φαρμακείο", "Βουλγαρία", "Αθήνα", "el", "από τη Βουλγαρία"),
        ("farmacia", "Svizzera", "Milano", "it", "dalla Svizzera a Milano"),
        ("farmacia", "Austria", "Germania", "it", "dall’Austria in Germania"),
    ],
)
def test_a_route_from_a_country_says_from_as_the_grammar_does(
    box: Sandbox, query: str, start: str, end: str, lang: str, phrase: str
) -> None:
    assert phrase in _along(box, query, start, end, lang)


@pytest.mark.parametrize(
    ("text", "lang", "phrases"),
    [
        (
            "рестораны рядом с Красной площадью",
            "ru",
            ("рядом с Красной площадью", "от Красной площади"),
        ),
        ("ресторани біля Червоної площі", "uk", ("поблизу Червоної площі", "від Червоної площі")),
        ("restauracje przy Placu Czerwonym", "pl", ("w pobliżu Placu Czerwonego",)),
        ("Kızıl Meydan'a yakın restoranlar", "tr", ("Kızıl Meydan yakınında",)),
        ("restaurace u Rudého náměstí", "cs", ("poblíž místa Rudé náměstí",)),
        (
            "εστιατόρια κοντά στην Κόκκινη Πλατεία",
            "el",
            ("κοντά στην τοποθεσία Κόκκινη Πλατεία",),
        ),
        ("рестораны у Эйфелевой башни", "ru", ("рядом с Эйфелевой башней",)),
        ("аптека Эйфелева башня", "ru", ("рядом с Эйфелевой башней", "от Эйфелевой башни")),
    ],
)
def test_a_famous_place_typed_in_its_case_is_named_in_the_language(
    box: Sandbox, text: str, lang: str, phrases: tuple[str, ...]
) -> None:
    summary = _search(box, text, lang)
    assert "Red Square" not in summary and "Eiffel Tower" not in summary
    for phrase in phrases:
        assert phrase in summary


def test_a_town_typed_with_the_language_marks_keeps_them(box: Sandbox) -> None:
    assert "cerca de París" in _search(box, "farmacia París", "es")
    assert "poblíž města Berlín" in _search(box, "lékárna Berlín", "cs")


def test_a_route_end_typed_in_another_script_is_shown_so(box: Sandbox) -> None:
    summary = _along(box, "аптека", "Цюріх", "Італія", "uk")
    assert "від міста Цюріх до Італії" in summary
    assert "Zürich" not in summary.split("\n")[0]


def test_an_address_names_its_country_in_the_language(box: Sandbox) -> None:
    summary = _search(box, "аптека Москва", "ru")  # the Russian format: postcode last
    assert ", Россия, " in summary and "Russia" not in summary
