"""Offline batches are not throttled to the live quota (issue 42, item 5); live ones still are."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import mapsnb
from mapsnb._calls.batch import running
from tests.servers.batch_server import BatchServer

KEY = "AIzaFAKEKEY-quota"


@pytest.fixture
def acquired(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[float]]:
    """Every ``AsyncLimiter.acquire`` a batch makes (the amount asked)."""
    from aiolimiter import AsyncLimiter

    seen: list[float] = []
    original = AsyncLimiter.acquire

    async def counting(self: AsyncLimiter, amount: float = 1) -> None:
        seen.append(amount)
        await original(self, amount)

    monkeypatch.setattr(AsyncLimiter, "acquire", counting)
    yield seen


def test_a_600_row_emulator_batch_is_not_throttled(acquired: list[float], no_env_key: None) -> None:
    queries = [f"cafe {i} in Lyon" for i in range(600)]
    with mapsnb.Client() as client:
        df = client.batch.search_places(queries, page_size=1, progress=False)
    assert df["status"].eq("ok").sum() == 600
    # the limiter was never asked (a live batch asks it once a call: the next test), so no call
    # waited for the live 300 a minute; no wall-clock bound here: a loaded machine took 15 s
    assert acquired == []


def test_the_live_quota_stays_and_an_offline_rate_can_be_set(
    monkeypatch: pytest.MonkeyPatch, no_env_key: None
) -> None:
    live = mapsnb.Client(KEY, url="http://127.0.0.1:9/mcp")
    offline = mapsnb.Client()
    try:
        assert running.batch_rate(live, "search_places", None) == 300
        assert running.batch_rate(live, "search_places", 60) == 60
        assert running.batch_rate(offline, "search_places", None) is None
        assert running.batch_rate(offline, "search_places", 60) == 60  # the batch's own wins
        monkeypatch.setattr(mapsnb.settings, "sandbox_calls_per_minute", 120)
        assert running.batch_rate(offline, "search_places", None) == 120
        monkeypatch.setattr(mapsnb.settings, "sandbox_calls_per_minute", {"compute_routes": 50})
        assert running.batch_rate(offline, "compute_routes", None) == 50
        assert running.batch_rate(offline, "search_places", None) is None
        assert running.batch_rate(live, "search_places", None) == 300
    finally:
        live.close()
        offline.close()


def test_a_live_batch_still_goes_through_the_limiter(acquired: list[float]) -> None:
    with BatchServer() as server, mapsnb.Client(KEY, url=server.url) as client:
        df = client.batch.search_places(["a", "b", "c"], progress=False)
    assert len(df) >= 3
    assert len(acquired) == 3  # one per call
