"""A search whose town is unsure says so, in the asked language: "aquarium in Monterey" said
the emulator "knows no town or place called Monterey" (it knows Monterey, California, and
Monterrey, Mexico, among others): an untruth (issue 40, class 6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mapsnb_sandbox import Sandbox

TEXTS = Path(__file__).resolve().parents[3] / "mapsnb_sandbox" / "data" / "texts"


@pytest.mark.parametrize(
    ("query", "lang"),
    [("aquarium in Monterey", "en"), ("aquarium à Monterey", "fr"), ("Aquarium in Monterey", "de")],
)
def test_an_unsure_town_is_said_to_be_unsure(query: str, lang: str) -> None:
    out = Sandbox().call_tool("search_places", {"text_query": query, "language_code": lang})
    assert out["places"] == []
    texts = json.loads((TEXTS / f"{lang}.json").read_text(encoding="utf-8"))
    summary = out["summary"]
    assert "Monterey" in summary and "location_bias" in summary
    said, not_said = (texts[k].split("{place}")[1][:20] for k in ("unsure_town", "unknown_town"))
    assert said in summary and not_said not in summary, summary


def test_an_unknown_town_is_still_said_to_be_unknown() -> None:
    out = Sandbox().call_tool("search_places", {"text_query": "aquarium in Qwzxtown"})
    assert out["places"] == [] and "knows no town or place" in out["summary"]


def test_every_language_says_it() -> None:
    for path in TEXTS.glob("*.json"):
        text = json.loads(path.read_text(encoding="utf-8"))["unsure_town"]
        assert "{place}" in text and "{what}" in text and "location_bias" in text, path.name
