"""The place a summary names, said right in every language (issue 40, class 2 "Languages").

1. A country or a first-level region holds the places its search lists: "in Norway", not
   "near Norway" (a town is "near": its places lie around it), and no "660 m from Norway".
2. Where the case a preposition governs cannot be formed (no open Czech lexicon, Greek's
   article by a gender its endings do not tell, Romanian's genitive article, a name the
   Russian, Ukrainian or Polish table lacks), the noun of what the place is carries the case
   and the name stays in the nominative, in apposition.
3. A counted noun agrees with its count by CLDR's plural rules (Babel).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.languages.texts import SUPPORTED, say

TEXTS = Path(__file__).resolve().parents[3] / "mapsnb_sandbox" / "data" / "texts"


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00+00:00")


def _intro(sandbox: Sandbox, query: str, lang: str, **more: object) -> str:
    out = sandbox.call_tool("search_places", {"text_query": query, "language_code": lang, **more})
    assert out["places"], out["summary"]
    return plain_text(out["summary"]).strip()


# ----------------------------------------------------------------------------- 1. "in" an area


@pytest.mark.parametrize(
    ("query", "lang", "said"),
    [
        ("campgrounds in Norway", "en", "Here are 5 campgrounds in Norway "),
        ("hotels in Bavaria", "en", "Here are 5 hotels in Bavaria "),
        ("pharmacies in California", "en", "Here are 5 pharmacies in California "),
        # English: "the" before a country name that is plural in form (Quirk et al., proper nouns with the article)
        ("hotels in the Netherlands", "en", "Here are 5 hotels in the Netherlands "),
        # the country by its CLDR name in the language, not the index's English one
        ("hoteluri în Norvegia", "ro", "Iată 5 rezultate (hotel) în Norvegia "),
        ("hotels in Norway", "es", "en Noruega "),
        ("hotels in Norway", "sv", " i Norge "),
        # a country's locative from the case table (OpenCorpora, SGJP: names round 18)
        ("отели Норвегия", "ru", "в Норвегии "),
        ("hotele Norwegia", "pl", "w Norwegii "),
        # no Czech lexicon: the noun "země" takes the locative, the name apposed
        ("hotels in Norway", "cs", "Tady je 5 míst (hotel) v zemi Norsko "),
        # Greek "σε" + the country's own article: "στη Νορβηγία" (no -ν before ν)
        ("hotels in Norway", "el", "στη Νορβηγία "),
        # French "en/au/aux" follow a country's gender (data/country_locatives.csv)
        ("hotels in Norway", "fr", "en Norvège "),
        ("hotels in Norway", "ja", "ノルウェーにあるホテル 5 件です"),
        # a region by the asker's name of it, where the language leaves a name as it is
        ("Hotels in Bayern", "de", "im Suchgebiet „Bayern“ "),
        ("hoteles en Baviera", "es", "Aquí hay 5 resultados (hoteles) en Baviera "),
        ("hotels in Norway", "tr", "Norveç sınırları içinde 5 otel"),
    ],
)
def test_a_country_or_region_holds_its_places(
    sandbox: Sandbox, query: str, lang: str, said: str
) -> None:
    text = _intro(sandbox, query, lang)
    assert said in text, text[:300]


def test_no_distance_from_an_area(sandbox: Sandbox) -> None:
    """A distance from a country or region says nothing ("It is 660 m from Norway"): the
    search runs round one of its towns; a town keeps its distance line."""
    assert " from Norway" not in _intro(sandbox, "campgrounds in Norway", "en")
    assert " m from Paris" in _intro(sandbox, "hotels in Paris", "en")


def _pattern(lang: str, key: str) -> re.Pattern[str]:
    """The text ``key`` of ``lang`` (each of its plural forms) with its values as wildcards."""
    text = json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))[key]
    forms = text.values() if isinstance(text, dict) else [text]
    escaped = (re.escape(t).replace(r"\{", "{").replace(r"\}", "}") for t in forms)
    return re.compile("|".join(re.sub(r"\{[^{}]*\}", ".+", t) for t in escaped))


@pytest.mark.parametrize("lang", SUPPORTED)
def test_every_language_says_in_for_a_country(sandbox: Sandbox, lang: str) -> None:
    """In each of the 28 languages a country's search opens with the language's "in" text,
    not its "near" text (the query may be English: the summary is in ``lang``)."""
    text = _intro(sandbox, "hotels in Norway", lang).splitlines()[0]
    key = (
        "intro_in_at"
        if "intro_in_at" in json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
        else "intro_in"
    )
    assert _pattern(lang, key).fullmatch(text), text
    assert not _pattern(lang, "intro_nearby").fullmatch(text), text


# ----------------------------------------------------------------------------- 2. apposition


@pytest.mark.parametrize(
    ("query", "lang", "near", "distance"),
    [
        # Czech "poblíž"/"od" + genitive: the noun "města" takes it; a name in apposition to
        # "město"/"obec" may keep the nominative (Internetová jazyková příručka: "ve městě
        # Brno" beside "ve městě Brně")
        ("lékárny v Praze", "cs", "poblíž města Praha ", " od města Praha "),
        # Greek "κοντά σε" + accusative with the article: "στην πόλη", whatever the name's
        # gender ("το Ηράκλειο" is neuter, "η Θεσσαλονίκη" feminine; "τα Ιωάννινα" plural)
        ("φαρμακείο Ηράκλειο", "el", "κοντά στην πόλη Ηράκλειο ", " από την πόλη Ηράκλειο "),
        ("φαρμακείο Ιωάννινα", "el", "κοντά στην πόλη Ιωάννινα ", " από την πόλη Ιωάννινα "),
        # Russian: a name the table lacks after "рядом с" (instrumental), "от" (genitive)
        ("аптека Токио", "ru", "рядом с городом Токио ", " от города Токио "),
    ],
)
def test_a_name_without_its_case_form_stands_in_apposition(
    sandbox: Sandbox, query: str, lang: str, near: str, distance: str
) -> None:
    text = _intro(sandbox, query, lang)
    assert near in text and distance in text, text[:400]


def test_the_table_s_form_first_then_the_apposition(sandbox: Sandbox) -> None:
    """A name the case table holds keeps its own form; one it lacks is apposed."""
    assert "рядом с Москвой " in _intro(sandbox, "аптека Москва", "ru")
    assert "w pobliżu Krakowa " in _intro(sandbox, "apteka Kraków", "pl")
    assert "w pobliżu miasta Warsaw " in _intro(sandbox, "apteka Warsaw", "pl")


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("ru", "рядом с точкой 48.8500,2.3500 "),  # "с" + instrumental: "точкой"
        ("cs", "poblíž bodu 48.8500,2.3500 "),  # "poblíž" + genitive: "bodu"
        ("el", "κοντά στο σημείο 48.8500,2.3500 "),  # "σε" + "το σημείο" (neuter)
        ("pl", "w pobliżu punktu 48.8500,2.3500 "),
    ],
)
def test_a_point_is_named_as_a_point(sandbox: Sandbox, lang: str, said: str) -> None:
    bias = {"circle": {"center": {"latitude": 48.85, "longitude": 2.35}, "radius": 2000}}
    assert said in _intro(sandbox, "pharmacies", lang, location_bias=bias)


def test_romanian_around_takes_a_genitive_noun() -> None:
    """ "în jurul" governs the genitive with its article: "în jurul punctului 30,-40"."""
    from mapsnb_sandbox.languages.cases import Anchor

    where = Anchor("30.0000,-40.0000", "point")
    text = say("ro", "empty_area", where=where, what="farmacie")
    assert text.startswith("Nu există nimic în jurul punctului 30.0000,-40.0000:"), text


# ----------------------------------------------------------------------------- 3. counts


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        # Russian: 1, 21 "место"; 2-4, 22-24 "места" (genitive singular); 5-20 "мест"
        ("ru", {2: "Вот 2 места ", 5: "Вот 5 мест "}),
        # Ukrainian: 2-4 "місця", 5+ "місць"
        ("uk", {3: "Ось 3 місця ", 10: "Ось 10 місць "}),
        # Polish: 2-4 (not 12-14) "wyniki", else "wyników"
        ("pl", {4: "Oto 4 wyniki ", 5: "Oto 5 wyników "}),
        # Czech: 2-4 take a plural verb and noun ("jsou 2 místa"), 5+ "je 5 míst"
        ("cs", {2: "Tady jsou 2 místa ", 7: "Tady je 7 míst "}),
        # Arabic: 1 "نتيجة واحدة", the dual "نتيجتين" (no numeral), 3-10 the plural "نتائج"
        ("ar", {1: "إليك نتيجة واحدة ", 2: "إليك نتيجتين ", 3: "إليك 3 نتائج "}),
    ],
)
def test_a_count_agrees_with_its_noun(sandbox: Sandbox, lang: str, counts: dict[int, str]) -> None:
    """Counts 1-10 (a search's page holds at most 10 places)."""
    for n, said in counts.items():
        assert said in _intro(sandbox, "pharmacies in Paris", lang, page_size=n)


@pytest.mark.parametrize(
    ("lang", "counts"),
    [
        # Romanian: "de" after a number whose last two digits are 00 or 20-99 (GALR; CLDR "other")
        ("ro", {20: "din 20 de recenzii", 574: "din 574 de recenzii", 105: "din 105 recenzii"}),
        # Russian/Ukrainian: a number ending in 1 (not 11) takes the singular: "по 21 отзыву"
        ("ru", {21: "по 21 отзыву", 22: "по 22 отзывам", 11: "по 11 отзывам"}),
        ("uk", {31: "за 31 відгуком", 35: "за 35 відгуками"}),
        # Arabic: 3-10 (and 103-110) the plural "مراجعات", 11-99 the singular "مراجعة"
        ("ar", {105: "من 105 مراجعات", 45: "من 45 مراجعة"}),
    ],
)
def test_review_counts_agree(lang: str, counts: dict[int, str]) -> None:
    """Reviews number 20 to 919 (``world.places.rating``)."""
    for n, said in counts.items():
        assert said in say(lang, "attr_reviews", rating="4,5", n=n)


def test_a_rating_s_reviews_agree() -> None:
    text = say("ro", "s_rating", subject="X", rating="4,5", reviews=574, at="Y", cite="[0]")
    assert "din 574 de recenzii sintetice" in text
    text = say("ru", "s_rating", subject="X", rating="4,5", reviews=21, at="Y", cite="[0]")
    assert "по 21 синтетическому отзыву" in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Here is 1 synthetic place of the kind"),
        ("ru", "Вот 1 синтетическое место вида"),
        ("cs", "Tady je 1 syntetické místo typu"),
        ("ar", "إليك مكانًا اصطناعيًا واحدًا"),
    ],
)
def test_one_made_up_place_is_one(lang: str, said: str) -> None:
    assert say(lang, "intro_free", n=1, what="x", where="Lyon").startswith(said)


def test_one_place_along_a_route_is_one(sandbox: Sandbox) -> None:
    """ "Found 1 hotels" -> "Found 1 hotel" (the count's singular in the route's intro)."""
    text = say("en", "intro_along", n=1, what="hotel", start="A", end="B")
    assert text.startswith("Found 1 hotel along the route from A to B")
    assert re.match(
        r"Βρέθηκε 1 αποτέλεσμα ", say("el", "intro_along", n=1, what="x", start="A", end="B")
    )
    # Hindi, Urdu: the verb agrees with a masculine "result" noun, one or more ("मिला"/"मिले")
    assert "1 परिणाम (X) मिला " in say("hi", "intro_along", n=1, what="X", start="A", end="B")
    assert "3 نتائج (X) ملے " in say("ur", "intro_along", n=3, what="X", start="A", end="B")


@pytest.mark.parametrize(
    ("lang", "ends", "said"),
    [
        # a country end by its name in the language, with "the" in English where due
        ("en", ("Oslo", "Netherlands"), "from Oslo to the Netherlands "),
        # Russian "до" + genitive: the case table's "Швеции"; "Oslo" (no form) by "города"
        ("ru", ("Oslo", "Sweden"), "от города Oslo до Швеции:"),
        # Greek "από"/"προς" + accusative with the article, carried by "την πόλη"
        ("el", ("Αθήνα", "Πάτρα"), "από την πόλη Αθήνα προς την πόλη Πάτρα "),
        # Czech "z"/"do" + genitive: "z města Praha do města Brno"
        ("cs", ("Praha", "Brno"), "Na trase z města Praha do města Brno "),
    ],
)
def test_route_ends_are_named_in_their_case(
    sandbox: Sandbox, lang: str, ends: tuple[str, str], said: str
) -> None:
    route = {"origin": {"address": ends[0]}, "destination": {"address": ends[1]}}
    out = sandbox.call_tool(
        "search_along_route",
        {"textQuery": "gas station", "routeEndpoints": route, "languageCode": lang},
    )
    assert said in plain_text(out["summary"]), out["summary"][:300]


@pytest.mark.parametrize(
    ("lang", "cases"),
    [
        # Russian "со" before с, з, ш, ж + consonant, "во" before в, ф + consonant (Rosenthal);
        # "в" before в + vowel
        (
            "ru",
            [
                ("intro_nearby", {"n": 5, "where": "Смоленск"}, "рядом со Смоленском "),
                ("unread_words", {"where": "Владимир"}, "«аптеки во Владимире»"),
                ("unread_words", {"where": "Вологда"}, "«аптеки в Вологде»"),
            ],
        ),
        # Polish "ze" before s, z, ś, ż, sz + consonant, "we" before w, f + consonant (PWN)
        (
            "pl",
            [
                ("intro_along", {"n": 5, "start": "Szczecin", "end": "Wrocław"}, " ze Szczecina "),
                ("unread_words", {"where": "Wrocław"}, "„apteki we Wrocławiu”"),
                ("intro_along", {"n": 5, "start": "Sopot", "end": "Gdańsk"}, " z Sopotu "),
            ],
        ),
        # Czech "ve městě": "v" takes its vowel before the "m" of "město" (a fixed form)
        ("cs", [("unread_words", {"where": "Praha"}, "„lékárny ve městě Praha“")]),
    ],
)
def test_a_preposition_takes_its_vowel_before_a_cluster(
    lang: str, cases: list[tuple[str, dict[str, object], str]]
) -> None:
    for key, values, said in cases:
        text = say(lang, key, **{"what": "x", "words": "x", **values})
        assert said in text, text


def test_detour_minutes_agree() -> None:
    """Greek "1 λεπτό" / "5 λεπτά"; Arabic "دقيقة واحدة", the dual "دقيقتين", 3-10 "دقائق",
    11+ "دقيقة" (a detour of 1 to some 30 minutes)."""
    said = {m: say("el", "detour_minutes", m=m, d="1 km") for m in (1, 5)}
    assert said == {1: "περίπου 1 λεπτό (1 km)", 5: "περίπου 5 λεπτά (1 km)"}
    said = {m: say("ar", "detour_minutes", m=m, d="1 km") for m in (1, 2, 5, 12)}
    assert said == {
        1: "نحو دقيقة واحدة (1 km)",
        2: "نحو دقيقتين (1 km)",
        5: "نحو 5 دقائق (1 km)",
        12: "نحو 12 دقيقة (1 km)",
    }
