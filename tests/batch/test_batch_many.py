"""``search_places`` and ``search_along_route`` batches read their answers many at a time
(issue 24: ``Parts.queue``, ``frames.places_lists_many``, ``frames.along_route_lists_many``) and
get exactly what reading them one by one gives: the same rows, states and credits, in the same
order, for any mix of plain live answers, odd ones and empty ones, whatever the chunk size."""

from __future__ import annotations

from typing import Any

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._calls.batch import parts as bf
from mapsnb.frames import _along_route as A
from mapsnb.frames import _places as F

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


DETOURS = [
    {"detourDuration": "312s", "localizedDetourDistance": "1.9 km"},
    {"detourDuration": "60s"},
    {},
]
ODD_RESULTS = [{"place": ODD_VIEWS[0]}, {"place": "p"}, {"place": view(0), "detourSummary": "x"}]


@st.composite
def answers(draw: st.DrawFn, tool: str) -> dict[str, Any]:
    start = draw(st.integers(0, 40))
    n = draw(st.integers(0, 5))
    titles = st.sampled_from(["auto", "auto", "auto", "Google Maps", None])
    items: list[Any] = [view(start + k, draw(titles)) for k in range(n)]
    odd = ODD_VIEWS
    key = "places"
    if tool == "search_along_route":
        key, odd = "results", ODD_RESULTS
        items = [{"place": v, "detourSummary": draw(st.sampled_from(DETOURS))} for v in items]
    if draw(st.integers(0, 5)) == 0:
        items.insert(draw(st.integers(0, n)), draw(st.sampled_from(odd)))
    payload: dict[str, Any] = {key: items, "summary": draw(st.sampled_from([SUMMARY, ""]))}
    kind = draw(st.integers(0, 9))
    if kind == 0:
        payload["attribution"] = {"title": "Extra credit", "url": "https://x"}
    elif kind == 1:
        del payload[key]
    elif kind == 2:
        payload["summary"] = None
    elif kind == 3:
        payload["contentToken"] = "tok"
    return payload


def one_by_one(tool: str, payloads: list[dict[str, Any]]) -> bf.Parts:
    """The reference: every answer read on its own (``places_lists``, ``along_route_lists``)."""
    parts = bf.Parts()
    for pos, payload in enumerate(payloads):
        cols, extras, credits = bf.LISTED[tool][0](payload, {}, None)
        parts.credit_items(credits)
        parts.states[pos] = ("ok", None) if extras else ("empty", None)
        if extras:
            parts.listed(cols, extras, pos)
    return parts


def queued(tool: str, payloads: list[dict[str, Any]]) -> bf.Parts:
    parts = bf.Parts()
    for pos, payload in enumerate(payloads):
        parts.queue(tool, payload, {"text_query": "bakeries"}, None, pos)
    return parts


def check_same(payloads: list[dict[str, Any]], tool: str = "search_places") -> None:
    ref, got = one_by_one(tool, payloads), queued(tool, payloads)
    a, b = ref.listed_block(tool), got.listed_block(tool)
    assert (a is None) == (b is None)
    if a is not None and b is not None:
        pd.testing.assert_frame_equal(b[0], a[0])
        assert b[1].tolist() == a[1].tolist()
    assert got.states == ref.states
    assert got.attributions == ref.attributions


@settings(max_examples=400, deadline=None)
@given(st.data(), st.sampled_from([1, 3, 64]))
def test_answers_read_together_equal_answers_read_one_by_one(data: Any, chunk: int) -> None:
    tool = data.draw(st.sampled_from(["search_places", "search_along_route"]))
    payloads = data.draw(st.lists(answers(tool), max_size=12))
    saved, bf.CHUNK = bf.CHUNK, chunk
    try:
        check_same(payloads, tool)
    finally:
        bf.CHUNK = saved


def test_plain_live_answers_are_read_together() -> None:
    payloads = [{"places": [view(i), view(i + 1)], "summary": SUMMARY} for i in range(0, 8, 2)]
    read = F.places_lists_many(payloads)
    assert read is not None and read[2] == [2, 2, 2, 2] and read[1] == [{}] * 8
    assert read[0]["name"][:2] == ["Café 0", "Café 1"]
    assert F.places_lists_many([*payloads, {"places": [ODD_VIEWS[0]]}]) is None
    check_same(payloads)


def test_plain_along_route_answers_are_read_together_with_ranks_per_answer() -> None:
    payloads = [
        {"results": [{"place": view(i), "detourSummary": DETOURS[0]}, {"place": view(i + 1)}]}
        for i in range(0, 6, 2)
    ]
    read = A.along_route_lists_many(payloads)
    assert read is not None and read[2] == [2, 2, 2]
    assert read[0]["rank"] == [0, 1] * 3 and read[0]["detour"][:2] == [312 * 10**9, None]
    check_same(payloads, "search_along_route")
