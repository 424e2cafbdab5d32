"""The emulator in 28 languages (issue 29): texts, place kinds in native script, the English
note, Babel's names and numbers, local street words. Queries in ``languages_wide_corpus``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mapsnb._read.summary import parse_summary, plain_text
from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.languages.texts import SUPPORTED, country_in, english_note, language
from mapsnb_sandbox.tools.places import business_resolved
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place

from .languages_wide_corpus import NAMES, QUERIES, TOWNS

TEXTS = Path(__file__).resolve().parents[3] / "mapsnb_sandbox" / "data" / "texts"
#: A placeholder, with the case a town's name is asked in if any ("{where:gen}", "{where:gen| |: }").
PLACEHOLDER = re.compile(r"\{\w+(?::[^{}]*)?\}")
#: Languages the issue names, beside the eight (ja had only an intro before).
WIDE = ("zh", "hi", "ar", "id", "ja", "tr", "vi", "ko", "fa", "bn", "ur", "sw", "th", "uk")
WIDE += ("nl", "sv", "el", "he", "ro", "cs")


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00Z")


def _per_count(value: Any) -> bool:
    """Whether ``value`` is a text given per CLDR plural category (its "other" form and more)."""
    return (
        isinstance(value, dict)
        and "other" in value
        and all(isinstance(v, str) for v in value.values())
    )


def _shape(value: Any) -> Any:
    """Keys, list lengths and placeholders of a text tree (what a translation must keep); a
    text per plural category has its "other" form's (each form keeps them, see below)."""
    if _per_count(value):
        return _shape(value["other"])
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [len(value)]
    return sorted({re.sub(r":[^{}]*", "", p) for p in PLACEHOLDER.findall(str(value))})


def test_the_text_files_are_the_supported_languages() -> None:
    assert sorted(p.stem for p in TEXTS.glob("*.json")) == sorted(SUPPORTED)
    assert set(WIDE) <= set(SUPPORTED) and len(SUPPORTED) >= 28


@pytest.mark.parametrize("lang", sorted(set(SUPPORTED) - {"en"}))
def test_every_language_file_has_every_key_and_placeholder_of_english(lang: str) -> None:
    english = json.loads((TEXTS / "en.json").read_text(encoding="utf-8"))
    own = json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
    for key, value in english.items():
        assert key in own, (lang, key)
        if key in ("aq_categories", "place_kinds", "health"):
            continue  # translated lists of their own shape (see texts.health_recommendations)
        if key == "conditions":
            assert set(own[key]) == set(value) and all(len(v) == 2 for v in own[key].values())
        elif isinstance(value, str) or _per_count(value):
            # a text may spell its count in its noun: the Arabic dual "نتيجتين", "نتيجة واحدة"
            forms = own[key].values() if _per_count(own[key]) else [own[key]]
            counts = {"{n}", "{m}", "{reviews}"}
            for form in forms:
                assert {*_shape(form), *counts} == {*_shape(value), *counts}, (lang, key, form)
        else:
            assert _shape(own[key]) == _shape(value), (lang, key)
    assert len(own["health"]) == 5 and len(own["pollen_index"]) == 6
    assert own["intro_nearby"] != english["intro_nearby"]


def _intro(out: dict[str, Any]) -> str:
    return plain_text(out["summary"]).strip().splitlines()[0]


def _template(lang: str, key: str) -> re.Pattern[str]:
    """A text of ``lang`` as a pattern, its placeholders as wildcards."""
    text = json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))[key]
    forms = text.values() if isinstance(text, dict) else [text]  # a text per plural category
    escaped = (re.escape(t).replace(r"\{", "{").replace(r"\}", "}") for t in forms)
    if lang == "fr":  # "de" elides before a vowel: "près d’Annecy"
        escaped = (t.replace(r"de\ {", "(?:de\\ |d’){") for t in escaped)
    return re.compile("|".join(PLACEHOLDER.sub(".+", t) for t in escaped))


def _near(town: str, lat: float, lng: float) -> bool:
    """Whether a point lies within :data:`RIGHT_TOWN_KM` of the town (or of either of a
    homonym pair ``"A|B"``)."""
    return any(haversine_m(lat, lng, *TOWNS[t]) <= RIGHT_TOWN_KM * 1000 for t in town.split("|"))


#: An answer is the right town when its places lie this close to the named town's centre.
RIGHT_TOWN_KM = 30


def test_native_queries_find_the_right_town_in_their_language(sandbox: Sandbox) -> None:
    """Per language, the share of queries answered and of answers in the named town (every
    place of a ``search_places`` answer, the match of a ``resolve_names`` one, within 30 km of
    the town's published centre), each >= 90 %. Measured on this corpus (issue 29), before the
    fixes of uk/cs/el inflections, short and native-script names (``data/town_names.tsv.z``)
    and guesses yielding to a named form, then after:

    before: uk 65 %, cs 71 %, th 75 %, he 75 %, zh 76 %, ja 88 %, el 88 %, en 94 %,
    ru 94 %, ko 94 %, vi 94 %, fa 94 %, bn 94 %, ro 94 %, the other 14 languages 100 % (es
    counting Valencia and Salamanca of Venezuela and Mexico as right);
    after: en 94 % ("Lucerne" is still Lucerne, California: Luzern's English name is not in the
    index), all 27 others 100 %.
    """
    answered: dict[str, float] = {}
    right: dict[str, float] = {}
    misses: list[tuple[str, str, str]] = []
    for lang, queries in QUERIES.items():
        n_answered = n_right = 0
        intro_of = [
            _template(lang, k)
            for k in ("intro_nearby", "intro_nearby_one", "intro_free", "intro_single", "intro_in")
        ]
        for q, town in queries:
            out = sandbox.call_tool("search_places", {"text_query": q, "language_code": lang})
            if not out["places"]:
                misses.append((lang, q, "no places"))
                continue
            n_answered += 1
            points = [
                (p["location"]["latitude"], p["location"]["longitude"]) for p in out["places"]
            ]
            if all(_near(town, lat, lng) for lat, lng in points):
                n_right += 1
            else:
                misses.append((lang, q, f"not in {town}"))
            intro = _intro(out)
            # in the asked language: its own opening text (all 28 have texts, no English note)
            assert any(t.fullmatch(intro) for t in intro_of), (q, intro)
            if lang != "en":
                assert "Here are" not in intro and "synthetic sandbox data" not in intro, (q, intro)
            # the summary reader finds every place's name (Polish "ul." ends no sentence)
            names = parse_summary(out["summary"]).names
            ids = [p["id"] for p in out["places"]]
            found = [business_resolved(i) for i in ids]
            want = [b.name if b is not None else names[n] for n, b in enumerate(found)]
            assert [names[n] for n in range(len(ids))] == want, q
        res = sandbox.call_tool("resolve_names", {"queries": [{"text": t} for t, _ in NAMES[lang]]})
        for (text, town), r in zip(NAMES[lang], res["results"], strict=True):
            m = r.get("sandboxMatch")
            if m:
                n_answered += 1
            if m and _near(town, m["location"]["latitude"], m["location"]["longitude"]):
                n_right += 1
            else:
                misses.append((lang, text, f"not {town}: {m and m['name']}"))
        total = len(queries) + len(NAMES[lang])
        assert len(queries) >= 12 and total >= 14, lang
        answered[lang], right[lang] = n_answered / total, n_right / total
    print("answered share per language:", answered)
    print("right-town share per language:", right)
    assert len(right) == 28 and set(right) == set(NAMES)
    assert all(share >= 0.9 for share in answered.values()), (answered, misses)
    assert all(share >= 0.9 for share in right.values()), (right, misses)


@pytest.mark.parametrize(
    ("query", "kind", "place"),
    [
        ("北京的药店", "pharmacy", "北京"),
        ("东京附近的咖啡馆", "coffee_shop", "东京"),
        ("서울 약국", "pharmacy", "서울"),
        ("दिल्ली में दवा की दुकान", "pharmacy", "दिल्ली"),
        ("الصيدليات في القاهرة", "pharmacy", "القاهرة"),
        ("داروخانه در تهران", "pharmacy", "تهران"),
        ("ร้านขายยาในกรุงเทพ", "drugstore", "กรุงเทพ"),
        ("nhà thuốc ở Hà Nội", "pharmacy", "Hà Nội"),
        ("аптеки у Львові", "pharmacy", "Львові"),
    ],
)
def test_kinds_are_found_in_any_script(query: str, kind: str, place: str) -> None:
    from mapsnb_sandbox.world.kinds.table import categories

    hit = split_kind_and_place(query)
    assert hit is not None and categories()[hit[0]].key == kind and hit[1] == place


def test_a_kind_and_more_of_a_query_is_not_a_place() -> None:
    assert split_kind_and_place("solar energy companies in Lyon") is None or (
        split_kind_and_place("solar energy companies in Lyon")[1] != "energy companies in Lyon"  # type: ignore[index]
    )


@pytest.mark.parametrize("code", ["vi-VN", "sw", "cy", "mn", "kk", "qq"])
def test_language_code_is_never_ignored_silently(sandbox: Sandbox, code: str) -> None:
    lang = language(code)
    out = sandbox.call_tool(
        "search_places", {"text_query": "museums in Lima", "language_code": code}
    )
    assert out["places"]
    intro = _intro(out)
    if lang in SUPPORTED:
        assert "Here are" not in intro and english_note(lang) == ""
    else:
        assert intro.startswith("Here are") and "so this text is in English" in intro
        assert english_note(lang) in intro


def test_country_and_numbers_follow_babel_for_languages_without_texts(sandbox: Sandbox) -> None:
    assert country_in("PE", "cy") != "Peru" and country_in("PE", "es") == "Perú"
    out = sandbox.call_tool(
        "search_places", {"text_query": "farmacias en Lima", "language_code": "es"}
    )
    assert "Perú" in plain_text(out["summary"])


@pytest.mark.parametrize(
    ("query", "words"),
    [("pharmacies in Lima", ("Jirón", "Avenida", "Calle")), ("cafes in Hanoi", ("Đường", "Phố"))],
)
def test_addresses_use_the_local_street_words(
    sandbox: Sandbox, query: str, words: tuple[str, ...]
) -> None:
    out = sandbox.call_tool("search_places", {"text_query": query, "page_size": 10})
    addresses = [business_resolved(p["id"]).address for p in out["places"]]  # type: ignore[union-attr]
    assert len(addresses) == 10
    assert all(any(w in a for w in words) for a in addresses), addresses
    assert not any("Park Road" in a or "Main Street" in a for a in addresses)


@pytest.mark.parametrize(
    ("query", "lang", "town"),
    [
        ("北京的药店", "zh", "北京"),
        ("صيدلية في القاهرة", "ar", "القاهرة"),
        ("מלון בחיפה", "he", "חיפה"),
    ],
)
def test_summaries_name_the_town_in_the_askers_script(
    sandbox: Sandbox, query: str, lang: str, town: str
) -> None:
    out = sandbox.call_tool("search_places", {"text_query": query, "language_code": lang})
    assert out["places"] and town in _intro(out)
    assert not re.search(r"[A-Za-z]{4,}", _intro(out).replace("location_bias", ""))


@pytest.mark.parametrize(
    ("query", "lang", "town"),
    [
        ("рестораны в Москве", "ru", "рядом с Москвой"),  # the case "рядом с" governs
        ("готелі в Києві", "uk", "поблизу Києва"),
        ("cafés à Varsovie", "fr", "Varsovie"),
        ("kavárna v Brně", "cs", "Brno"),
        ("restaurace v Českých Budějovicích", "cs", "České Budějovice"),
        ("hotely v Plzni", "cs", "Plzeň"),  # not the stem "Plzn", an odd alternate name
        ("apteki w Krakowie", "pl", "w pobliżu Krakowa"),
        ("Cafés in Warschau", "de", "Warschau"),
    ],
)
def test_summaries_name_the_town_as_the_language_does(
    sandbox: Sandbox, query: str, lang: str, town: str
) -> None:
    """In Latin and Cyrillic languages too: the typed name, or its nominative, not English."""
    out = sandbox.call_tool("search_places", {"text_query": query, "language_code": lang})
    assert out["places"] and town in _intro(out), _intro(out)
