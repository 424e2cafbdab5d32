"""The places and along-route frames' column-by-column fast paths (issue 24) read exactly what
the row-by-row passes read: for any list of near-live PlaceViews (or along-route results),
``_place_columns`` (``_along_columns``) of the list (fast path when every item is of the simple
live shape) equals it of the same items as a tuple (always row by row)."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb.frames import _along_route as A
from mapsnb.frames import _places as F

TITLES = st.sampled_from(
    ["Café Luna - Google Maps", "Google Maps", " - Google Maps", "Bar X – Tripadvisor", None, 3]
)
NUMBERS = st.sampled_from([52.1, -91.0, 5.0, 181.0, -180.0, 90.0, math.nan, 7, "52.1", None])
TEXTS = st.sampled_from(["https://maps.google.com/?cid=1", None, 4, {"text": "u"}])


@st.composite
def views(draw: st.DrawFn) -> Any:
    view: dict[str, Any] = {
        "place": draw(st.sampled_from(["places/ChIJ1", None, 1])),
        "id": draw(st.sampled_from(["ChIJ1", "ChIJ2", None])),
        "location": draw(
            st.one_of(
                st.fixed_dictionaries({"latitude": NUMBERS, "longitude": NUMBERS}),
                st.sampled_from([None, {"latitude": 1.0}, [1.0, 2.0]]),
            )
        ),
        "googleMapsLinks": draw(
            st.one_of(
                st.fixed_dictionaries({"placeUrl": TEXTS, "reviewsUrl": TEXTS}),
                st.sampled_from([None, {"otherUrl": "x"}, "x"]),
            )
        ),
        "attribution": draw(
            st.one_of(
                st.fixed_dictionaries({"title": TITLES, "url": TEXTS}),
                st.sampled_from([None, {"title": "T - Google Maps", "extra": 1}]),
            )
        ),
    }
    for key in draw(st.sets(st.sampled_from(list(view)))):
        del view[key]
    if draw(st.booleans()):
        view[draw(st.sampled_from(["displayName", "rating", "google_maps_links"]))] = "Name"
    return view


LIVE = {
    "place": "places/ChIJ1",
    "id": "ChIJ1",
    "location": {"latitude": 52.1, "longitude": 5.0},
    "googleMapsLinks": {"placeUrl": "https://maps.google.com/?cid=1"},
    "attribution": {"title": "Café Luna - Google Maps", "url": "https://maps.google.com/?cid=1"},
}
SUMMARIES = st.sampled_from(
    ["", "<p><strong>Bar Uno</strong> is open [0]. <b>Zwei</b> [1]</p><p>Drei has [2].</p>"]
)


def same(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert list(a) == list(b)
    for key in a:
        pd.testing.assert_series_equal(
            pd.Series(a[key], dtype=object), pd.Series(b[key], dtype=object), obj=key
        )


@settings(max_examples=600, deadline=None)
@given(st.lists(views() | st.just(LIVE), min_size=1, max_size=6), SUMMARIES)
def test_fast_columns_equal_the_row_by_row_pass(items: list[Any], summary: str) -> None:
    fast = F._place_columns(items, summary)
    slow = F._place_columns(tuple(items), summary)
    same(fast[0], slow[0])
    assert fast[1] == slow[1] and fast[2] == slow[2]


def test_live_views_take_the_fast_path_and_name_from_titles_then_summary() -> None:
    untitled = {**LIVE, "attribution": {"title": "Google Maps", "url": "u"}}
    items = [LIVE, untitled, untitled]
    summary = "<p><strong>Bar Uno</strong> is open [0].</p><p><strong>Zwei</strong> has [1].</p>"
    assert F._live_place_columns(items) is not None
    cols, extras, simple = F._place_columns(items, summary)
    assert cols["name"] == ["Café Luna", "Zwei", None]
    assert cols["cited"] == [True, True, False] and simple and extras == [{}, {}, {}]
    assert cols["summary_snippet"][1] == "Zwei has [1]."


def test_frame_builds_leave_the_collector_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 44: no garbage-collector switching while a table is built."""
    import gc

    switched: list[str] = []
    monkeypatch.setattr(gc, "disable", lambda: switched.append("disable"))
    monkeypatch.setattr(gc, "enable", lambda: switched.append("enable"))
    payload = {"places": [LIVE], "summary": "<p><strong>Café Luna</strong> is open [0].</p>"}
    assert F.places_frame(payload)["name"].tolist() == ["Café Luna"]
    assert len(A.along_route_frame({"results": [{"place": LIVE}]})) == 1
    assert switched == []


LIVE_DETOURS = st.fixed_dictionaries(
    {},
    optional={
        "detourDuration": st.sampled_from(["312s", "0s", "1.5s", "bad", None]),
        "localizedDetourDistance": st.sampled_from(["1.9 km", "0,3 mi", "", None]),
    },
)
DETOURS = LIVE_DETOURS | st.sampled_from(
    [None, {"detour_duration": "5s"}, {"detourDuration": "5s", "x": 1}, "5s", {"detourDuration": 7}]
)


@st.composite
def along_results(draw: st.DrawFn, plain: bool) -> Any:
    """An along-route result: of the live shape when ``plain``, else anything near it."""
    places = st.just(LIVE) | views() if plain else st.sampled_from([LIVE, None, "p"]) | views()
    result: dict[str, Any] = {
        "place": draw(places),
        "detourSummary": draw(LIVE_DETOURS if plain else DETOURS),
    }
    for key in draw(st.sets(st.sampled_from(["detourSummary"] if plain else list(result)))):
        del result[key]
    if not plain and draw(st.booleans()):
        result[draw(st.sampled_from(["detour_summary", "rating", "id"]))] = "x"
    return result


@settings(max_examples=600, deadline=None)
@given(
    st.lists(along_results(plain=True), min_size=1, max_size=6)
    | st.lists(along_results(plain=False), min_size=1, max_size=6),
    SUMMARIES,
)
def test_fast_along_columns_equal_the_row_by_row_pass(items: list[Any], summary: str) -> None:
    payload = {"results": items, "summary": summary}
    fast = A._along_columns(items, payload)
    slow = A._along_columns(tuple(items), payload)
    same(fast[0], slow[0])
    assert fast[1] == slow[1] and fast[2] == slow[2]


def test_live_along_results_take_the_fast_path() -> None:
    items = [{"place": LIVE, "detourSummary": {"detourDuration": "312s"}}, {"place": LIVE}]
    assert A._live_results(items) is not None
    cols, _, simple = A._along_columns(items, {"results": items})
    assert cols["detour"] == [312 * 10**9, None] and simple


COLOUR_PARTS = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([1, 0, True, "0.5"])


@settings(max_examples=600, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["red", "green", "blue", "alpha"]), COLOUR_PARTS, max_size=4)
)
def test_remembered_colours_equal_the_plain_reading(color: dict[str, Any]) -> None:
    from mapsnb._read.wire import _hex, hex_color

    assert hex_color(color) == _hex(color)
    assert hex_color(color) == hex_color(dict(color))  # the second time, from the cache


def test_civil_dates_read_each_day_once_and_keep_nat() -> None:
    from mapsnb.frames._tables import civil_dates

    day = {"year": 2026, "month": 3, "day": 1}
    out = civil_dates([day, day, {"year": 2026, "month": 2, "day": 30}, "2026-03-02", day])
    assert [str(d.date()) if d is not pd.NaT else None for d in out] == [
        "2026-03-01",
        "2026-03-01",
        None,
        "2026-03-02",
        "2026-03-01",
    ]
