"""The resolution frames' column-by-column fast path (issue 24) reads exactly what the
row-by-row pass reads: for any near-plain ``resolve_names``/``resolve_maps_urls`` answer,
``resolution_lists`` (fast path when every element is of the wire's plain shape) gives the
columns of ``_row_columns`` and the credits of a walk over the whole payload."""

from __future__ import annotations

import math
from typing import Any

import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read.wire import collect_attributions, failures
from mapsnb.frames import _resolution as R

PLAIN_TEXTS = st.sampled_from(["places/ChIJ1", "ChIJ2", "places/", "", "HIGH", None])
TEXTS = PLAIN_TEXTS | st.sampled_from([3, {"x": 1}])
MATCHES = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {"name": st.sampled_from(["Lyon", None, 2]), "location": st.just({"latitude": 45.7})}
    ),
    st.just({"name": "X", "attribution": {"title": "Sandbox", "url": "https://s"}}),
)


@st.composite
def elements(draw: st.DrawFn, plain: bool) -> Any:
    """An answer's element: of the plain shape when ``plain``, else anything near it."""
    texts = PLAIN_TEXTS if plain else TEXTS
    entity = draw(
        st.fixed_dictionaries({}, optional={"place": texts, "id": texts})
        if plain
        else st.sampled_from([None, "x", {"place": "places/A", "attribution": {"title": "T"}}])
    )
    element: dict[str, Any] = {"entity": entity, "confidence": draw(texts)}
    for key in draw(st.sets(st.sampled_from(["entity", "confidence"]))):
        del element[key]
    match = draw(MATCHES) if draw(st.integers(0, 3)) == 0 else None
    if match is not None:
        element["sandboxMatch"] = match
    if plain:
        return draw(st.sampled_from([element, element, element, {}]))
    if draw(st.booleans()):
        element[draw(st.sampled_from(["place", "rating", "attribution"]))] = "places/Z"
    return draw(st.sampled_from([element, {}, None, "places/Q"]))


FAILURE = st.one_of(
    st.fixed_dictionaries(
        {"code": st.sampled_from([5, "NOT_FOUND", 3.0, None]), "message": st.just("no match")},
        optional={"details": st.sampled_from([[], [{"attribution": {"title": "D"}}]])},
    ),
    st.sampled_from(["gone", None, {"status": "INVALID_ARGUMENT"}]),
)
INPUTS = st.one_of(
    st.fixed_dictionaries({"text": st.sampled_from(["Eiffel Tower", "Lyon"])}),
    st.sampled_from(["Lyon", {"textQuery": "Porto"}, {"text": 3}, {}, None]),
)


@st.composite
def answers(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    n = draw(st.integers(1, 6))
    odd = draw(st.integers(0, 3)) == 0  # a quarter of answers hold one odd element
    extra = draw(st.sampled_from([0, 0, 0, -1, 1]))
    items = [draw(elements(plain=not (odd and k == 0))) for k in range(max(0, n + extra))]
    payload: dict[str, Any] = {"results": items}
    failed = draw(st.dictionaries(st.sampled_from(["0", "1", "2", "9", "x"]), FAILURE, max_size=3))
    if failed or draw(st.booleans()):
        payload["failedRequests"] = failed
    payload["saveToMapsUrl"] = draw(st.sampled_from(["https://m/x", None, 4]))
    if draw(st.integers(0, 5)) == 0:
        payload["attribution"] = {"title": "Top", "url": "https://t"}
    request = {"queries": [draw(INPUTS) for _ in range(n)]}
    return payload, request


def same(a: dict[str, Any], b: dict[str, Any]) -> None:
    assert list(a) == list(b)
    for key in a:
        pd.testing.assert_series_equal(
            pd.Series(a[key], dtype=object), pd.Series(b[key], dtype=object), obj=key
        )


@settings(max_examples=800, deadline=None)
@given(answers())
def test_fast_columns_and_credits_equal_the_row_by_row_pass(answer: Any) -> None:
    payload, request = answer
    cols, credits = R.resolution_lists(payload, request, "resolve_names")
    queries = request["queries"]
    slow = R._row_columns(
        payload["results"],
        queries,
        failures(payload),
        ("text", "textQuery", "query"),
        len(queries),
        "query",
    )
    same(cols, slow)
    assert credits == collect_attributions(payload)


def test_plain_live_answers_take_the_fast_path() -> None:
    payload = {
        "results": [{"entity": {"place": "places/ChIJ1"}, "confidence": "HIGH"}, {}],
        "failedRequests": {"1": {"code": 5, "message": "no place", "details": []}},
        "saveToMapsUrl": "https://m/x",
    }
    request = {"queries": [{"text": "Eiffel Tower"}, {"text": "Zzqx"}]}
    queries = request["queries"]
    fast = R._plain_columns(payload["results"], queries, failures(payload), ("text",), 2, "query")
    assert fast is not None and fast[1]  # read column by column; no sandbox match
    cols, credits = R.resolution_lists(payload, request, "resolve_names")
    assert credits == []
    assert cols["query"] == ["Eiffel Tower", "Zzqx"]
    assert cols["ok"] == [True, False]
    assert cols["place_id"] == ["ChIJ1", None]
    assert cols["error_status"] == [None, "NOT_FOUND"]
    assert math.isnan(cols["matched_lat"][0])
    df = R.resolution_frame(cols, "resolve_names")
    assert df["error_code"].dtype == "Int64" and str(df["ok"].dtype) == "boolean"
