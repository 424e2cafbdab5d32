"""A kind's name inside a summary's sentences (found as a new user would, 2026-12-06): iD's
display names carry a capital ("Hotel", "Eczane", "Khách sạn") that Dutch, Turkish,
Vietnamese and the other languages that write nouns in lower case do not use mid-sentence
("Hier zijn 5 Hotel", "bir Otel"), and Dutch, Romanian, Swedish and Arabic put the table's
singular where their grammar wants a plural ("5 Hotel", "إليك 5 من فندق", 5 of hotel): those
four now count results and name the kind beside them, as German and Czech did."""

from __future__ import annotations

import re

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.kinds.table import in_sentence


@pytest.fixture(scope="module")
def box() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _intro(box: Sandbox, text: str, lang: str) -> str:
    out = box.call_tool("search_places", {"text_query": text, "language_code": lang})
    assert out.get("places"), out["summary"]
    return re.sub("<[^>]+>", " ", out["summary"])


@pytest.mark.parametrize(
    ("text", "lang", "said", "never"),
    [
        ("hotel Amsterdam", "nl", "5 resultaten (hotel)", "5 Hotel"),
        ("otel Ankara", "tr", "5 otel", "Otel"),
        ("khách sạn Hà Nội", "vi", "5 khách sạn", "5 Khách sạn"),
        ("farmacie Cluj-Napoca", "ro", "5 rezultate (farmacie)", "5 Farmacie"),
        ("فنادق في دبي", "ar", "5 نتائج (فندق)", "من فندق"),
    ],
)
def test_a_kind_is_said_as_the_language_writes_it(
    box: Sandbox, text: str, lang: str, said: str, never: str
) -> None:
    intro = _intro(box, text, lang)
    assert said in intro and never not in intro, intro


def test_german_nouns_and_longer_names_keep_their_capitals(box: Sandbox) -> None:
    assert "(Hotels)" in _intro(box, "Hotels in Berlin", "de")
    assert in_sentence("Chinees restaurant", "nl") == "Chinees restaurant"  # a proper adjective
    assert in_sentence("Çin Restoranı", "tr") == "Çin Restoranı"
    assert in_sentence("ATM", "sv") == "ATM"
    assert in_sentence("Eczane", "tr") == "eczane"


def test_swedish_gives_no_article_it_cannot_choose(box: Sandbox) -> None:
    """Swedish "en"/"ett" follow a noun's gender, which the table lacks ("en apotek" was
    wrong): a place's kind stands after its name with no article, as German and French put it."""
    intro = _intro(box, "apotek Stockholm", "sv")
    assert ", apotek, ligger" in intro and " en apotek" not in intro, intro
