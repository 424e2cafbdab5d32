"""The client's name book learns from any answer without raising (it is derived, never needed)."""

from __future__ import annotations

from types import SimpleNamespace

from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb._read.names import NameBook

TOOLS = ["search_places", "search_along_route", "resolve_names", "resolve_maps_urls",
         "compute_routes", "lookup_weather"]  # fmt: skip
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
keys = st.sampled_from(["places", "results", "entities", "routes", "place", "entity", "id",
                        "sandboxMatch", "location", "polyline", "encodedPolyline", "queries",
                        "urls", "origin", "destination", "name", "attribution", "summary"])  # fmt: skip
shaped = st.recursive(
    json_values,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(keys, inner, max_size=5),
    max_leaves=30,
)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(TOOLS), shaped, shaped)
def test_learning_from_odd_answers_never_raises(
    tool: str, payload: object, request: object
) -> None:
    book = NameBook()
    result = SimpleNamespace(tool=tool, raw=payload, request=request, _end_names=None)
    book.learn(result)
    assert len(repr(book)) > 0
