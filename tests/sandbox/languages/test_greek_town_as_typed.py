"""A Greek summary names the town as the asker typed it (found as a new user would,
2026-12-06): "φαρμακείο Θεσσαλονίκη" was answered "κοντά σε Thessaloníki", as the index's
Latin name has an accent and only an ASCII name was replaced by the typed one."""

from __future__ import annotations

import pytest

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.languages.texts import town_in


@pytest.mark.parametrize(
    ("text", "town"), [("φαρμακείο Θεσσαλονίκη", "Θεσσαλονίκη"), ("φαρμακείο Πάτρα", "Πάτρα")]
)
def test_the_typed_greek_name_is_kept(text: str, town: str) -> None:
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    out = box.call_tool("search_places", {"text_query": text, "language_code": "el"})
    assert out.get("places"), out["summary"]
    # "κοντά σε" + a town wants the article ("στη Θεσσαλονίκη"); the apposition noun carries
    # it and the name stays as typed (issue 40, class 2; see test_place_names_in_summaries.py)
    assert f"κοντά στην πόλη {town}" in out["summary"], out["summary"]


def test_a_name_already_in_the_script_is_the_index_s() -> None:
    assert town_in("北京", "北京市", "zh") == "北京"
    assert town_in("Irákleion", "Ηράκλειο", "el") == "Ηράκλειο"
