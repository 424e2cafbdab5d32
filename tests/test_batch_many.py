"""A ``search_places`` batch reads its answers many at a time (issue 24: ``Parts.queue``,
``frames.places_lists_many``) and gets exactly what reading them one by one gives: the same
rows, states and credits, in the same order, for any mix of plain live answers, odd ones and
empty ones, whatever the chunk size."""

from __future__ import annotations

from typing import Any

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb import _batch_frame as bf
from mapsnb import frames as F

SUMMARY = (
    "<p>Here are bakeries.</p><p><strong>Bar Uno</strong> is open [0]. "
    "<b>Zwei</b> bakes bread [1].</p><p>Drei Café has cakes [2][3].</p>"
)


def view(i: int, title: str | None = "auto") -> dict[str, Any]:
    url = f"https://www.google.com/maps/place//data=!4m2!3m1!1s0x{i:x}:0x1"
    if title == "auto":
        title = f"Café {i % 7} - Google Maps"  # titles repeat: credits are deduplicated
    return {
        "place": f"places/ChIJ{i}",
        "id": f"ChIJ{i}",
        "location": {"latitude": 41.1 + i / 1e4, "longitude": -8.6},
        "googleMapsLinks": {"placeUrl": url},
        "attribution": {"title": title, "url": url},
    }


ODD_VIEWS = [
    {"id": "X", "displayName": {"text": "Named"}, "rating": 4.5},
    {"place": "places/Y", "location": {"latitude": "41.1", "longitude": -8.6}},
    "not a view",
]


@st.composite
def answers(draw: st.DrawFn) -> dict[str, Any]:
    start = draw(st.integers(0, 40))
    n = draw(st.integers(0, 5))
    titles = st.sampled_from(["auto", "auto", "auto", "Google Maps", None])
    places: list[Any] = [view(start + k, draw(titles)) for k in range(n)]
    if draw(st.integers(0, 5)) == 0:
        places.insert(draw(st.integers(0, n)), draw(st.sampled_from(ODD_VIEWS)))
    payload: dict[str, Any] = {"places": places, "summary": draw(st.sampled_from([SUMMARY, ""]))}
    kind = draw(st.integers(0, 9))
    if kind == 0:
        payload["attribution"] = {"title": "Extra credit", "url": "https://x"}
    elif kind == 1:
        del payload["places"]
    elif kind == 2:
        payload["summary"] = None
    elif kind == 3:
        payload["contentToken"] = "tok"
    return payload


def one_by_one(payloads: list[dict[str, Any]]) -> bf.Parts:
    """The reference: every answer read on its own (``places_lists``)."""
    parts = bf.Parts()
    for pos, payload in enumerate(payloads):
        cols, extras, credits = F.places_lists(payload)
        parts.credit_items(credits)
        parts.states[pos] = ("ok", None) if extras else ("empty", None)
        if extras:
            parts.listed(cols, extras, pos)
    return parts


def queued(payloads: list[dict[str, Any]]) -> bf.Parts:
    parts = bf.Parts()
    for pos, payload in enumerate(payloads):
        parts.queue("search_places", payload, {"text_query": "bakeries"}, None, pos)
    return parts


def check_same(payloads: list[dict[str, Any]]) -> None:
    ref, got = one_by_one(payloads), queued(payloads)
    a, b = ref.listed_block("search_places"), got.listed_block("search_places")
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        pd.testing.assert_frame_equal(b[0], a[0])
        assert b[1].tolist() == a[1].tolist()
    assert got.states == ref.states
    assert got.attributions == ref.attributions


@settings(max_examples=400, deadline=None)
@given(st.lists(answers(), max_size=12), st.sampled_from([1, 3, 64]))
def test_answers_read_together_equal_answers_read_one_by_one(
    payloads: list[dict[str, Any]], chunk: int
) -> None:
    saved, bf.CHUNK = bf.CHUNK, chunk
    try:
        check_same(payloads)
    finally:
        bf.CHUNK = saved


def test_plain_live_answers_are_read_together() -> None:
    payloads = [{"places": [view(i), view(i + 1)], "summary": SUMMARY} for i in range(0, 8, 2)]
    read = F.places_lists_many(payloads)
    assert read is not None and read[1] == [2, 2, 2, 2]
    assert read[0]["name"][:2] == ["Café 0", "Café 1"]
    assert F.places_lists_many([*payloads, {"places": [ODD_VIEWS[0]]}]) is None
    check_same(payloads)
