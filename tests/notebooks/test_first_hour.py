"""Issue 11: what a new user meets in their first hour — empty results explain themselves,
distances keep the precision of their text."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

import mapsnb
from mapsnb.errors import EmptyResultWarning
from mapsnb.frames import along_route_frame
from tests.servers.batch_server import BatchServer, tool_result

NOW = "2026-09-18T08:00:00-07:00"


@pytest.fixture(scope="module")
def client() -> mapsnb.Client:
    return mapsnb.Client(sandbox=True, now=NOW)


def test_path_frame_without_polyline_warns_with_the_fix(client: mapsnb.Client) -> None:
    routes = client.compute_routes("Paris, France", "Lyon, France")
    assert len(routes.routes) >= 1
    with pytest.warns(EmptyResultWarning, match=r"include_polyline=True"):
        assert routes.path_frame().empty


def test_path_frame_with_polyline_does_not_warn(client: mapsnb.Client) -> None:
    routes = client.compute_routes("Paris, France", "Lyon, France", include_polyline=True)
    with warnings.catch_warnings():
        warnings.simplefilter("error", EmptyResultWarning)
        assert len(routes.path_frame()) > 2


def test_a_query_naming_no_place_says_how_to_name_one(client: mapsnb.Client) -> None:
    result = client.search_places("coffee")
    assert result.places == []
    hint = result.hints[0]
    assert "name a place" in hint and "location_bias" in hint
    assert "no places found" in repr(result) and "location_bias" in result._repr_html_()
    assert result.to_frame().attrs["hints"] == result.hints


def test_a_found_place_has_no_hint(client: mapsnb.Client) -> None:
    result = client.search_places("coffee in Paris", page_size=2)
    assert result.places and result.hints == [] and "hint=" not in repr(result)


def test_an_impossible_route_says_why(client: mapsnb.Client) -> None:
    result = client.compute_routes("Paris, France", "New York, NY")
    assert result.routes == []
    assert "no DRIVE route" in result.hints[0] and "travel_mode" in result.hints[0]
    assert "mapsnb-hint" in result._repr_html_()
    assert result.to_frame().attrs["hints"] == result.hints


def test_detour_metres_keep_the_precision_of_the_text() -> None:
    payload = {
        "results": [
            {
                "place": {"place": "places/A", "location": {"latitude": 1, "longitude": 2}},
                "detourSummary": {
                    "detourDuration": "60s",
                    "localizedDetourDistance": {"text": "0.3 mi"},
                },
            }
        ]
    }
    df = along_route_frame(payload)
    assert df["detour_distance_text"].iloc[0] == "0.3 mi"
    assert df["detour_m"].iloc[0] == 500.0  # not 482.8032


# ---------------------------------------------------------------- who answers: a served emulator
class _Credited(BatchServer):
    """Answers ``search_places`` with the attribution titles given, one per call (None: none)."""

    def __init__(self, titles: list[str | None]) -> None:
        super().__init__()
        self.titles = titles

    def answer(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        title = self.titles.pop(0) if self.titles else None
        payload: dict[str, Any] = {"summary": "s", "places": [{"place": "places/a", "id": "a"}]}
        if title is not None:
            payload["attributions"] = [{"title": title, "url": "https://example.org/"}]
        return tool_result(payload)


@pytest.mark.parametrize(
    ("titles", "sources"),
    [
        # no attributions say nothing; the first attributed answer settles who answers
        ([None, "Synthetic data (mapsnb emulator)", None], ["127.0.0.1", "sandbox", "sandbox"]),
        # a real attribution first: not an emulator, whatever a later answer says
        (["Google Maps", "Synthetic data (mapsnb emulator)"], ["127.0.0.1", "127.0.0.1"]),
    ],
)
def test_the_first_attributed_answer_says_who_answers(
    titles: list[str | None], sources: list[str]
) -> None:
    with _Credited(list(titles)) as server, mapsnb.Client("k" * 39, url=server.url) as client:
        seen = [client.search_places(f"q{i}").source for i in range(len(titles))]
    assert seen == sources
