"""``mapsnb.concat`` of results, frames of every kind the toolkit makes, or a mix (issue 42,
item 2; issue 43: ``search_area`` frames): attrs merged, odd input a named error."""

from __future__ import annotations

import pandas as pd
import pytest

import mapsnb
from mapsnb.errors import MapsnbError, UnsupportedInput


@pytest.fixture
def client(no_env_key: None) -> mapsnb.Client:
    return mapsnb.Client(now="2026-06-10T09:00:00+02:00")


def test_frames_results_and_a_mix_stack(client: mapsnb.Client) -> None:
    lyon = client.search_places("cafe in Lyon")
    paris = client.search_places("bakery in Paris")
    from_results = mapsnb.concat([lyon, paris])
    from_frames = mapsnb.concat([lyon.to_frame(), paris.to_frame()], keys=["a", "b"])
    mixed = mapsnb.concat([lyon, paris.to_frame()])
    for out in (from_results, from_frames, mixed):
        assert len(out) == len(lyon.to_frame()) + len(paris.to_frame())
        assert out["request_index"].tolist() == [0] * len(lyon.to_frame()) + [1] * len(
            paris.to_frame()
        )
        assert out["name"].tolist() == [*lyon.to_frame()["name"], *paris.to_frame()["name"]]
        titles = {a["title"] for a in out.attrs["attributions"]}
        assert titles >= {a["title"] for a in lyon.to_frame().attrs["attributions"]}
        assert titles >= {a["title"] for a in paris.to_frame().attrs["attributions"]}
        assert out.attrs["source"] == "sandbox"
    assert from_frames["request"].unique().tolist() == ["a", "b"]
    assert mixed["request"].iloc[0] == "cafe in Lyon"
    # a frame the toolkit made, then filtered by the analyst, keeps its credits
    kept = lyon.to_frame()[lambda d: d["lat"] > 0]
    assert mapsnb.concat([kept]).attrs["attributions"] == kept.attrs["attributions"]
    plain = pd.DataFrame(paris.to_frame().reset_index())  # attrs copied by pandas or not
    assert len(mapsnb.concat([plain, lyon])) == len(paris.to_frame()) + len(lyon.to_frame())


def test_search_area_and_batch_frames_stack_with_coverage_and_units(
    client: mapsnb.Client,
) -> None:
    area = client.search_area("cafe", "Lyon", max_calls=40, progress=False)
    batch = client.batch.search_places(["bar in Lyon", "pub in Lyon"], progress=False)
    out = mapsnb.concat([area, batch])
    assert len(out) == len(area) + len(batch)
    assert out["request"].iloc[0] == "cafe"
    coverage = area.attrs["coverage"]
    assert (out.attrs["coverage"].text_query, out.attrs["coverage"].calls) == (
        coverage.text_query,
        coverage.calls,
    )
    assert "place" in out.columns and "input" in out.columns  # named index levels kept
    two = mapsnb.concat([area, area])
    assert [c.calls for c in two.attrs["coverage"]] == [coverage.calls, coverage.calls]
    weather = client.lookup_weather("Lyon", capabilities=["WEATHER"])
    stacked = mapsnb.concat([weather.to_frame(), weather])
    assert (
        stacked.attrs["units"]["temperature_c"]
        == weather.to_frame().attrs["units"]["temperature_c"]
    )
    assert stacked["time_zone"].tolist() == ["Europe/Paris"] * len(stacked)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        (None, "NoneType"),
        ("cafe", "str"),
        ({"a": 1}, "dict"),
        ([pd.DataFrame({"a": [1]}), 3], "item 1 is int"),
        ([None], "item 0 is NoneType"),
    ],
)
def test_odd_input_is_a_named_error(bad: object, words: str) -> None:
    with pytest.raises(UnsupportedInput, match=words) as caught:
        mapsnb.concat(bad)  # type: ignore[arg-type]
    assert isinstance(caught.value, MapsnbError) and isinstance(caught.value, TypeError)


def test_one_frame_or_mixed_result_kinds_are_named_errors(client: mapsnb.Client) -> None:
    places = client.search_places("cafe in Lyon")
    with pytest.raises(UnsupportedInput, match="one DataFrame"):
        mapsnb.concat(places.to_frame())  # type: ignore[arg-type]
    with pytest.raises(UnsupportedInput, match="PlacesResult, RoutesResult"):
        mapsnb.concat([places, client.compute_routes("Lyon", "Villeurbanne")])
