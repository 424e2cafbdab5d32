"""The emulator in 28 languages (issue 29): texts, place kinds in native script, the English
note, Babel's names and numbers, local street words. Queries in ``languages_wide_corpus``."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from mapsnb._read.summary import parse_summary
from mapsnb._read.summary_html import plain_text
from mapsnb.sandbox import Sandbox
from mapsnb.sandbox.tools.places import business_resolved
from mapsnb.sandbox.world.categories import split_kind_and_place
from mapsnb.sandbox.world.texts import SUPPORTED, country_in, english_note, language

from .languages_wide_corpus import QUERIES

TEXTS = Path(__file__).resolve().parents[2] / "mapsnb" / "sandbox" / "data" / "texts"
PLACEHOLDER = re.compile(r"\{\w+\}")
#: Languages the issue names, beside the eight (ja had only an intro before).
WIDE = ("zh", "hi", "ar", "id", "ja", "tr", "vi", "ko", "fa", "bn", "ur", "sw", "th", "uk")
WIDE += ("nl", "sv", "el", "he", "ro", "cs")


@pytest.fixture(scope="module")
def sandbox() -> Sandbox:
    return Sandbox(now="2026-09-18T15:00:00Z")


def _shape(value: Any) -> Any:
    """Keys, list lengths and placeholders of a text tree (what a translation must keep)."""
    if isinstance(value, dict):
        return {k: _shape(v) for k, v in value.items()}
    if isinstance(value, list):
        return [len(value)]
    return sorted(set(PLACEHOLDER.findall(str(value))))


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
        elif isinstance(value, str):
            assert _shape(own[key]) == _shape(value), (lang, key)
        else:
            assert _shape(own[key]) == _shape(value), (lang, key)
    assert len(own["health"]) == 5 and len(own["pollen_index"]) == 6
    assert own["intro_nearby"] != english["intro_nearby"]


def _intro(out: dict[str, Any]) -> str:
    return plain_text(out["summary"]).strip().splitlines()[0]


def test_native_queries_are_answered_in_their_language(sandbox: Sandbox) -> None:
    shares: dict[str, float] = {}
    for lang, queries in QUERIES.items():
        answered = 0
        for q in queries:
            out = sandbox.call_tool("search_places", {"text_query": q, "language_code": lang})
            if not out["places"]:
                continue
            answered += 1
            intro = _intro(out)
            if lang != "en":
                assert "Here are" not in intro and "synthetic sandbox data" not in intro, (q, intro)
            if lang not in WIDE:
                continue  # the eight's own tests read their names (pl: "ul." ends a sentence)
            names = parse_summary(out["summary"]).names
            ids = [p["id"] for p in out["places"]]
            found = [business_resolved(i) for i in ids]
            want = [b.name if b is not None else names[n] for n, b in enumerate(found)]
            assert [names[n] for n in range(len(ids))] == want, q
        shares[lang] = answered / len(queries)
    print("answered share per language:", shares)
    assert len(shares) == 28
    assert all(share >= 0.9 for share in shares.values()), shares


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
    from mapsnb.sandbox.world.categories import categories

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
