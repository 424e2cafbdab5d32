"""``client.route_matrix`` (issue 42, item 6): every pair through the batch engine, one tidy
frame; budget and dry run like a batch; sync and async."""

from __future__ import annotations

import asyncio

import pandas as pd
import pytest

import mapsnb
from mapsnb.errors import BudgetExceeded, InvalidRequest

ORIGINS = ["Lyon", (45.764, 4.8357)]
DESTINATIONS = ["Villeurbanne", "Vienne, France", "Bron, France"]


@pytest.fixture
def client(no_env_key: None) -> mapsnb.Client:
    return mapsnb.Client(now="2026-06-10T09:00:00+02:00")


def test_every_pair_is_one_tidy_row_matching_compute_routes(client: mapsnb.Client) -> None:
    matrix = client.route_matrix(ORIGINS, DESTINATIONS, travel_mode="DRIVE", progress=False)
    assert matrix.columns[:8].tolist() == [
        "origin",
        "destination",
        "origin_index",
        "destination_index",
        "distance_m",
        "duration_s",
        "status",
        "error",
    ]
    assert len(matrix) == 6 and (matrix["status"] == "ok").all()
    assert matrix["origin"].tolist() == ["Lyon"] * 3 + ["45.764,4.8357"] * 3
    assert matrix["destination"].tolist() == DESTINATIONS * 2
    assert matrix["origin_index"].tolist() == [0, 0, 0, 1, 1, 1]
    for row in matrix.itertuples():
        one = client.compute_routes(
            ORIGINS[row.origin_index], DESTINATIONS[row.destination_index], travel_mode="DRIVE"
        ).to_frame()
        assert row.distance_m == one["distance_m"].iloc[0]
        assert row.duration_s == one["duration_s"].iloc[0]
    assert client.usage["calls"].sum() == 12  # 6 for the matrix, 6 single calls
    assert matrix.attrs["calls"] == 6 and matrix.attrs["attributions"]
    square = matrix.pivot(index="origin", columns="destination", values="duration_s")
    assert square.shape == (2, 3)


def test_dry_run_and_budget_are_the_batch_s(no_env_key: None) -> None:
    client = mapsnb.Client(max_calls=5)
    plan = client.route_matrix(ORIGINS, DESTINATIONS, dry_run=True)
    assert len(plan) == 6 and set(plan["tool"]) == {"compute_routes"}
    assert client.usage["calls"].sum() == 0
    with pytest.raises(BudgetExceeded):
        client.route_matrix(ORIGINS, DESTINATIONS, progress=False)
    assert client.usage["calls"].sum() == 0  # refused before sending


def test_a_failed_pair_keeps_its_row(client: mapsnb.Client) -> None:
    matrix = client.route_matrix(["Lyon"], ["Villeurbanne", ""], progress=False)
    assert matrix["status"].tolist()[0] == "ok"
    assert matrix["status"].tolist()[1] == "invalid"
    assert pd.isna(matrix["distance_m"].iloc[1]) and "destination" in matrix["error"].iloc[1]


def test_async_route_matrix(no_env_key: None) -> None:
    async def run() -> pd.DataFrame:
        async with mapsnb.AsyncClient() as client:
            return await client.route_matrix(["Lyon"], DESTINATIONS, progress=False)

    matrix = asyncio.run(run())
    assert matrix["destination"].tolist() == DESTINATIONS
    assert (matrix["status"] == "ok").all()


@pytest.mark.parametrize(
    ("origins", "destinations", "field"),
    [
        ("Lyon", ["Paris"], "origins"),
        (["Lyon"], [], "destinations"),
        ([0] * 26, [1] * 25, "origins"),
    ],
)
def test_odd_matrices_are_named_errors(
    client: mapsnb.Client, origins: object, destinations: object, field: str
) -> None:
    with pytest.raises(InvalidRequest) as caught:
        client.route_matrix(origins, destinations)
    assert caught.value.field == field
