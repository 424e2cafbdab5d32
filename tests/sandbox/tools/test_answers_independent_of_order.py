"""Searches and name resolutions answered byte for byte the same before and after a batch of
other questions in one emulator (the process's caches, ids and counters never leak into an
answer). Queries of every kind the tools read (a kind in a town, a landmark, a street address,
a bare town, a kind near a point, other scripts and languages), none from a benchmark corpus.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError
from tests.hypothesis_setup import examples

NOW = "2026-09-18T15:00:00+00:00"

_SEARCHES: list[dict[str, Any]] = [
    {"text_query": "bakery in Ghent", "page_size": 5},
    {"text_query": "pharmacies near Tartu", "page_size": 5},
    {"text_query": "Galata Tower"},
    {"text_query": "Rua da Sofia 12, Coimbra"},
    {"text_query": "Šibenik"},
    {
        "text_query": "café",
        "location_bias": {
            "circle": {"center": {"latitude": 45.44, "longitude": 12.33}, "radius_m": 2000}
        },
    },
    {"text_query": "ラーメン 小樽", "language_code": "ja"},
    {"text_query": "museums in Trondheim", "page_size": 3},
    {"text_query": "hotel Elbląg"},
    {"text_query": "gas station near Edirne", "page_size": 4},
]
_NAMES: list[dict[str, Any]] = [
    {"queries": [{"text": "Lucca"}, {"text": "Torre Guinigi"}]},
    {"queries": [{"text": "Pärnu"}, {"text": "Biograd na Moru"}]},
    {"queries": [{"text": "Ulica Bohaterów Monte Cassino 5, Sopot"}]},
    {"queries": [{"text": "Asahikawa"}, {"text": "旭川"}]},
    {"queries": [{"text": "Aveiro"}, {"text": "Springfield"}]},
]
_CALLS = [("search_places", a) for a in _SEARCHES] + [("resolve_names", a) for a in _NAMES]


def _answer(box: Sandbox, call: tuple[str, dict[str, Any]]) -> str:
    try:
        return json.dumps(box.call_tool(*call), sort_keys=True, ensure_ascii=False)
    except SandboxToolError as exc:
        return f"{exc.status}: {exc.message}"


@examples(12)
@given(
    st.integers(0, len(_CALLS) - 1),
    st.lists(st.integers(0, len(_CALLS) - 1), min_size=1, max_size=6),
)
def test_same_answer_before_and_after_other_questions(first: int, others: list[int]) -> None:
    box = Sandbox(now=NOW)
    before = _answer(box, _CALLS[first])
    for k in others:
        _answer(box, _CALLS[k])
    assert _answer(box, _CALLS[first]) == before, _CALLS[first]


def test_same_answer_in_a_fresh_emulator_after_all_others() -> None:
    warm = Sandbox(now=NOW)
    for call in _CALLS:
        _answer(warm, call)
    for call in _CALLS[::-1]:
        assert _answer(warm, call) == _answer(Sandbox(now=NOW), call), call
