"""A town whose name folds to a connector word of another language ("Nara": Swedish "nära",
near) is a town where a query's grammar puts one: "ramen in Nara" named a kind but no place,
though "restaurants in Nara" listed places there."""

from __future__ import annotations

import pytest

from mapsnb.polyline import haversine_m
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place

NARA = (34.685, 135.805)


@pytest.mark.parametrize("text", ["ramen in Nara", "sushi in Nara", "Nara ramen"])
def test_the_town_is_read(text: str) -> None:
    split = split_kind_and_place(text)
    assert split is not None and split[1] == "Nara", split
    out = Sandbox().call_tool("search_places", {"text_query": text})
    assert out["places"], out["summary"]
    at = out["places"][0]["location"]
    assert haversine_m(at["latitude"], at["longitude"], *NARA) < 20_000


def test_the_connector_itself_still_goes() -> None:
    """Swedish "nära" before a town is still "near": "restauranger nära Nara" is Nara."""
    split = split_kind_and_place("restauranger nära Nara")
    assert split is not None and split[1] == "Nara"
