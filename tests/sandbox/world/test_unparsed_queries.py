"""Queries the emulator cannot read (issue 29): ``tests/data/unparsed_queries.csv``, written by
hand (services and things with no town, typos, gibberish, sentences in 19 languages, ordinary
words that are a town's name somewhere), checked through ``resolve_text``, ``resolve_names`` and
``search_places``: never a place named after the query or an ordinary word of it, never a
confident town, and a search answers businesses of a kind near a town the query names or nothing
with a hint."""

from __future__ import annotations

from datetime import UTC, datetime

from mapsnb.results import PlacesResult
from mapsnb_sandbox.contract.common import Context
from mapsnb_sandbox.tools.places import search_places
from mapsnb_sandbox.world.geocode import resolve_text, resolve_text_match
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from tests.sandbox.world.towns_eval import evaluate_unparsed, unparsed_rows

CTX = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))


def test_the_corpus_is_broad() -> None:
    rows = unparsed_rows()
    assert len(rows) >= 150
    langs = {r["lang"] for r in rows if r["cls"] == "sentence"}
    assert len(langs) >= 15, langs
    assert sum(r["cls"] == "ordinary_word" for r in rows) >= 40


def test_no_place_named_after_an_unread_query_and_no_confident_town() -> None:
    s = evaluate_unparsed()
    assert sum(s.total.values()) >= 150
    assert s.named_after_query == []
    assert s.confident == []
    assert s.search_wrong == []
    assert s.share() == 1.0, {c: s.share(c) for c in s.total}


def test_a_word_is_a_town_only_where_the_grammar_puts_one() -> None:
    for text in ("nice cafe", "Nice weather", "Reading glasses", "Orange juice", "Split peas"):
        out = search_places({"text_query": text}, CTX)
        assert out["places"] == [] and "Nice" not in out["summary"].split("“")[0], text
    for text, town in (("cafe in Nice", "Nice"), ("hotels Nice", "Nice"), ("Nice", "Nice")):
        out = search_places({"text_query": text}, CTX)
        assert out["places"], text
        assert town in out["summary"], text
    assert resolve_text("Bath towel") is None
    assert resolve_text("Bath").name == "Bath"  # type: ignore[union-attr]
    hit = resolve_text_match("bath towels in Bath")
    assert hit is not None and hit[0].name == "Bath"


def test_an_empty_search_says_what_was_not_understood() -> None:
    out = search_places({"text_query": "zzqx blorb"}, CTX)
    assert out["places"] == [] and "zzqx blorb" in out["summary"]
    assert "No place or kind of place found" in out["summary"]
    out = search_places({"text_query": "unicorn zzqx in Lyon", "language_code": "fr"}, CTX)
    assert out["places"] == [] and "unicorn zzqx" in out["summary"]
    assert "Aucun lieu" in out["summary"] and "Lyon" in out["summary"]
    result = PlacesResult.from_payload(out, source="sandbox")
    assert isinstance(result, PlacesResult) and result.places == []
    assert result.hints and "unicorn zzqx" in result.hints[0]  # the client reads the hint


def test_kind_terms_match_whole_words_not_loose_stems() -> None:
    assert split_kind_and_place("unicorn zzqx") is None
    assert split_kind_and_place("Reading glasses") is None  # not an ice-cream "glass"
    assert split_kind_and_place("qué tiempo hace mañana") is None  # not a farm
    assert split_kind_and_place("pharmacies in Lyon") is not None
