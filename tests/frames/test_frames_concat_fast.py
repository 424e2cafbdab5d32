"""``mapsnb.concat`` of places and along-route results reads their payloads through the batch's
many-answer readers (issue 31, item 3): the same frame as each ``to_frame()`` stacked, without
building one frame per result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mapsnb
from mapsnb.frames import request_label
from mapsnb.results import AlongRouteResult, PlacesResult
from tests.frames.test_frames_fast import views

PAYLOADS = Path(__file__).resolve().parents[1] / "fixtures" / "payloads"


def load(name: str) -> dict[str, Any]:
    return json.loads((PAYLOADS / f"{name}.json").read_text())


def live_places(start: int, n: int, titled: bool) -> dict[str, Any]:
    """A live answer: names in the attribution titles, or (the summary-only shape) only in
    the summary, every title "Google Maps"."""
    places, paragraphs = [], ["<p>Here are cafés near Utrecht.</p>"]
    for k in range(n):
        i = start + k
        name = f"Café {i} B.V."
        url = f"https://www.google.com/maps/place//data=!4m2!3m1!1s0x{i:x}"
        places.append(
            {
                "place": f"places/ChIJ{i:08d}",
                "id": f"ChIJ{i:08d}",
                "location": {"latitude": 52.0 + k / 100, "longitude": 5.0},
                "googleMapsLinks": {"placeUrl": url},
                "attribution": {"title": f"{name} - Google Maps" if titled else "Google Maps",
                                "url": url},
            }
        )  # fmt: skip
        paragraphs.append(
            f"<p><strong>{name}</strong> serves coffee at {k + 1} Oudegracht [{k}].</p>"
        )
    return {"places": places, "summary": "".join(paragraphs)}


def stacked(results: list[Any], keys: list[Any] | None = None) -> pd.DataFrame:
    """What concat returned before: each ``to_frame()``, its citation a column, stacked."""
    frames = []
    for i, result in enumerate(results):
        df = result.to_frame().reset_index()
        df.insert(0, "request_index", i)
        df.insert(0, "request", keys[i] if keys is not None else request_label(result.request))
        frames.append(df)
    return pd.concat([df for df in frames if len(df)], ignore_index=True)


def same(got: pd.DataFrame, expected: pd.DataFrame) -> None:
    """Equal frames; an extra column's missing values may be None or NaN (object columns)."""

    def plain(df: pd.DataFrame) -> pd.DataFrame:
        objects = [c for c, t in df.dtypes.items() if pd.api.types.is_object_dtype(t)]
        return df.assign(**{c: df[c].where(df[c].notna(), None) for c in objects})

    pd.testing.assert_frame_equal(plain(got), plain(expected))


def no_frames(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(self: Any) -> None:
        raise AssertionError("concat built a frame per result")

    monkeypatch.setattr(PlacesResult, "to_frame", refuse)
    monkeypatch.setattr(AlongRouteResult, "to_frame", refuse)


@pytest.mark.parametrize("titled", [True, False], ids=["titled", "summary-only"])
def test_concat_of_plain_answers_reads_them_together(
    titled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = [
        PlacesResult.from_payload(live_places(s, 10, titled), request={"text_query": f"q{s}"})
        for s in range(0, 50, 10)
    ]
    expected = stacked(results)
    assert expected["name"].tolist()[:2] == ["Café 0 B.V.", "Café 1 B.V."]
    no_frames(monkeypatch)
    got = mapsnb.concat(results)
    pd.testing.assert_frame_equal(got, expected)
    assert got.attrs["attributions"][0]["title"] == (
        "Café 0 B.V. - Google Maps" if titled else "Google Maps"
    )
    assert got["request"].tolist()[::10] == ["q0", "q10", "q20", "q30", "q40"]


def test_concat_of_other_answers_equals_the_frames_stacked() -> None:
    places = [
        PlacesResult.from_payload(load("search_places"), request={"text_query": "coffee"}),
        PlacesResult.from_payload(load("search_places_empty"), request={"text_query": "none"}),
        PlacesResult.from_payload(live_places(0, 3, True)),
    ]
    same(mapsnb.concat(places), stacked(places))
    same(mapsnb.concat(places, keys=[3, 4, 5]), stacked(places, [3, 4, 5]))
    along = [AlongRouteResult.from_payload(load("search_along_route"))] * 2
    same(mapsnb.concat(along), stacked(along))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(views(), max_size=4), min_size=1, max_size=4))
def test_concat_of_any_views_equals_the_frames_stacked(answers: list[list[Any]]) -> None:
    results = [PlacesResult.from_payload({"places": a, "summary": "<p>[0]</p>"}) for a in answers]
    if not any(len(r.to_frame()) for r in results):
        return
    same(mapsnb.concat(results), stacked(results))
