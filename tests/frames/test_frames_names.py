"""Place names from attribution titles (issue 20 item 1), and typed results built lazily (24.1).

A live ``PlaceView`` carries ``attribution.title = "<place name> - Google Maps"`` while the
summary need not name the places at all (REAL_SERVER.md, last section).
"""

from __future__ import annotations

import copy
import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mapsnb import frames as F
from mapsnb._read.wire import collect_attributions, title_name
from mapsnb.errors import PayloadShapeWarning
from mapsnb.results import AlongRouteResult, PlacesResult, ResolvedNames

UTRECHT_SUMMARY = "There are several solar energy companies near Utrecht [0][1]."


def live_view(i: int, title: str | None) -> dict[str, Any]:
    """A PlaceView as the live server sends it (its ``placeUrl`` in the live form)."""
    url = f"https://www.google.com/maps/place//data=!4m2!3m1!1s0x47c66f{i:010x}:0x{i:08x}"
    view: dict[str, Any] = {
        "place": f"places/ChIJ{i:020d}",
        "id": f"ChIJ{i:020d}",
        "location": {"latitude": 52.09 + i / 100, "longitude": 5.12 + i / 100},
        "googleMapsLinks": {"placeUrl": url},
    }
    if title is not None:
        view["attribution"] = {"title": title, "url": url}
    return view


def utrecht() -> dict[str, Any]:
    """The live answer whose summary names no place (issue 20)."""
    return {
        "places": [
            live_view(0, "Zonnepanelen Utrecht B.V. - Google Maps"),
            live_view(1, "Solar Company - Nieuwegein - Google Maps"),
        ],
        "summary": UTRECHT_SUMMARY,
    }


def test_names_come_from_attribution_titles_when_the_summary_names_no_place() -> None:
    payload = utrecht()
    for df in (F.places_frame(payload), PlacesResult.from_payload(payload).to_frame()):
        assert df["name"].tolist() == ["Zonnepanelen Utrecht B.V.", "Solar Company - Nieuwegein"]
        # the attribution text is shown as given, never edited
        assert df["attribution_title"].tolist() == [
            "Zonnepanelen Utrecht B.V. - Google Maps",
            "Solar Company - Nieuwegein - Google Maps",
        ]
        assert df["cited"].tolist() == [True, True]
        assert df["summary_snippet"].tolist() == [UTRECHT_SUMMARY, UTRECHT_SUMMARY]


def test_the_title_wins_over_the_summary_and_the_summarys_name_stays_in_the_snippet() -> None:
    payload = {
        "places": [live_view(0, "Blue Bottle Coffee Mint Plaza - Google Maps"), live_view(1, None)],
        "summary": (
            "<p>Coffee near Union Square.</p>"
            "<p><strong>Blue Bottle</strong> pours single origins at 66 Mint St [0].</p>"
            "<p><strong>Sightglass Coffee</strong> roasts in SoMa [1].</p>"
        ),
    }
    df = F.places_frame(payload)
    assert df["name"].tolist() == ["Blue Bottle Coffee Mint Plaza", "Sightglass Coffee"]
    assert "Blue Bottle pours single origins" in df.loc[0, "summary_snippet"]


@pytest.mark.parametrize(
    ("title", "name"),
    [
        ("Café Luna - Google Maps", "Café Luna"),
        ("Café - Bar Luna - Google Maps", "Café - Bar Luna"),
        ("Stadsbakkerij – Google Maps", "Stadsbakkerij"),
        ("Harbor Café 3 - mapsnb sandbox (synthetic data)", "Harbor Café 3"),
        ("Harbor Café 3 — mapsnb sandbox — synthetic data", "Harbor Café 3"),
        ("Google Maps", None),
        ("mapsnb sandbox — synthetic data", None),
        (" - Google Maps", None),
        ("Partner Data", None),
        ("Utrecht - Partner", None),
        (None, None),
        (42, None),
    ],
)
def test_title_name_strips_only_a_trailing_provider(title: Any, name: str | None) -> None:
    assert title_name(title) == name


def test_without_a_named_title_the_summary_names_the_place() -> None:
    payload = {
        "places": [live_view(0, "Google Maps"), live_view(1, "mapsnb sandbox — synthetic data")],
        "summary": "<p><b>Tartine</b> bakes at dawn [0].</p><p><b>Arizmendi</b> is a co-op [1].</p>",
    }
    assert F.places_frame(payload)["name"].tolist() == ["Tartine", "Arizmendi"]


def test_along_route_names_come_from_titles_too() -> None:
    places = utrecht()["places"]
    payload = {
        "results": [
            {"place": places[0], "detourSummary": {"detourDuration": "120s"}},
            {"place": places[1], "detourSummary": {"localizedDetourDistance": "1.2 km"}},
        ],
        "summary": UTRECHT_SUMMARY,
    }
    for df in (F.along_route_frame(payload), AlongRouteResult.from_payload(payload).to_frame()):
        assert df["name"].tolist() == ["Zonnepanelen Utrecht B.V.", "Solar Company - Nieuwegein"]
        assert df["detour_s"].tolist()[0] == 120.0 and df["detour_m"].tolist()[1] == 1200.0


# ------------------------------------------------------------------- lazy typed results


def test_a_plain_payload_gives_the_same_typed_result_built_lazily() -> None:
    payload = utrecht()
    lazy = PlacesResult.from_payload(payload)
    eager = PlacesResult.model_validate(copy.deepcopy(payload))
    assert lazy.summary == UTRECHT_SUMMARY
    assert [p.model_dump() for p in lazy.places] == [p.model_dump() for p in eager.places]
    assert lazy.places[1].attribution is not None
    assert lazy.places[1].attribution.title == "Solar Company - Nieuwegein - Google Maps"
    assert lazy.parse_errors == [] and lazy.raw is payload
    assert PlacesResult.from_payload(payload) == PlacesResult.from_payload(payload)
    assert "places=2" in repr(PlacesResult.from_payload(payload))
    extra = PlacesResult.from_payload({**payload, "nextPageToken": "NPT"})
    assert extra.model_extra == {"nextPageToken": "NPT"}
    assert PlacesResult.from_payload(payload).model_dump()["places"][0]["id"] == "ChIJ" + "0" * 20


@pytest.mark.parametrize(
    "bad",
    [
        {"places": [{"id": 7}]},
        {"places": [{"location": {"latitude": "north"}}]},
        {"places": [{"attribution": {"title": ["x"]}}]},
        {"places": "none"},
        {"places": [], "summary": 3},
    ],
)
def test_a_payload_of_an_unforeseen_shape_still_warns_when_the_result_is_built(bad: dict) -> None:
    with pytest.warns(PayloadShapeWarning):
        result = PlacesResult.from_payload(bad)
    assert result.parse_errors


def test_plain_payloads_build_without_warnings_and_keep_hints() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        empty = PlacesResult.from_payload({"places": []}, request={"text_query": "x"})
        assert empty.hints and empty.to_frame().attrs["hints"] == empty.hints
        assert not PlacesResult.from_payload(utrecht()).hints
        names = ResolvedNames.from_payload(
            {"results": [{"entity": {"place": "places/A"}}, {}], "failedRequests": {"1": {}}}
        )
        assert names.results[0] is not None and names.results[0].entity is not None
        assert names.results[0].entity.place == "places/A"


# --------------------------------------------------------------- credits read from columns
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.floats(-91, 91) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["title", "url", "attribution", "attributions", "text", "x"]),
            inner,
            max_size=3,
        )
    ),
    max_leaves=8,
)
view_keys = st.sampled_from(
    ["place", "id", "location", "googleMapsLinks", "attribution", "displayName", "rating"]
)
views = st.one_of(
    st.builds(lambda i: live_view(i, f"Shop {i % 3} - Google Maps"), st.integers(0, 5)),
    st.dictionaries(view_keys, json_values, max_size=4),
    json_values,
)


@settings(max_examples=300, deadline=None)
@given(
    items=st.lists(views, max_size=4),
    top=st.dictionaries(st.sampled_from(["summary", "attribution", "contentToken"]), json_values),
    wrap=st.booleans(),
)
def test_frame_credits_equal_the_payload_walk(items: list[Any], top: dict, wrap: bool) -> None:
    """The frames read simple payloads' credits from their columns: always what the walk of
    the whole payload finds, in the same order."""
    places = {"places": items, **top}
    along = {"results": [{"place": v, "detourSummary": {}} if wrap else v for v in items], **top}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert F.places_frame(places).attrs["attributions"] == collect_attributions(places)
        assert F.along_route_frame(along).attrs["attributions"] == collect_attributions(along)


detours = st.one_of(
    st.none(),
    st.fixed_dictionaries(
        {},
        optional={
            "detourDuration": st.sampled_from(["312s", "3.5s", "", "x", None, {"seconds": 3}, 5]),
            "localizedDetourDistance": st.sampled_from(["1.9 km", None, 3]),
        },
    ),
    json_values,
)
results_items = st.one_of(
    st.fixed_dictionaries({}, optional={"place": views, "detourSummary": detours}), json_values
)
resolved = st.one_of(
    st.fixed_dictionaries(
        {},
        optional={
            "entity": st.one_of(st.none(), st.fixed_dictionaries({"place": json_values})),
            "confidence": json_values,
        },
    ),
    json_values,
)


@settings(max_examples=400, deadline=None)
@given(
    kind=st.sampled_from([PlacesResult, AlongRouteResult, ResolvedNames]),
    items=st.lists(st.one_of(views, results_items, resolved), max_size=4),
    summary=st.one_of(st.none(), st.text(max_size=5), st.integers()),
)
def test_a_result_built_lazily_equals_the_one_validated_at_once(
    kind: Any, items: list[Any], summary: Any
) -> None:
    """Validation waits only for payloads that validate without a problem, to the same
    result."""
    key = {PlacesResult: "places", AlongRouteResult: "results", ResolvedNames: "results"}[kind]
    payload = {key: items, "summary": summary}
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        eager = kind._validated(payload)
    if kind._plain(payload):
        assert not caught and eager.parse_errors == []
        lazy = kind.from_payload(payload)
        assert lazy._pending and lazy.model_dump() == eager.model_dump()
