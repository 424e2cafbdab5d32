"""The call cache: keys, honest TTLs, errors, concurrency, corruption (calls counted at the transport)."""

from __future__ import annotations

import asyncio
import datetime as dt
import os
import subprocess
import sys
import textwrap
import threading
import warnings
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.cache import DEFAULT_TTLS, Cache, CacheWarning, call_key, time_mode

NOW = "2026-09-18T08:00:00-07:00"
NOW_UTC = dt.datetime(2026, 9, 18, 15, tzinfo=dt.UTC)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def calls(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """``calls()``: how many HTTP requests reached the in-process emulator so far."""
    log = tmp_path / "calls.log"
    monkeypatch.setenv(settings.sandbox_call_log_env, str(log))
    monkeypatch.delenv(settings.record_env, raising=False)
    monkeypatch.delenv(settings.cache_env, raising=False)
    return lambda: len(log.read_text().splitlines()) if log.exists() else 0


class Clock:
    """A fixed clock for the cache (seconds), moved by hand."""

    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


# ----------------------------------------------------------------------------- keys
def test_call_keys_have_one_spelling() -> None:
    a = call_key(
        "search_places",
        {"text_query": "coffee", "location_bias": {"circle": {"center": {"latitude": 37.0}}}},
        "sandbox",
    )
    same = [
        {"locationBias": {"circle": {"center": {"latitude": 37}}}, "textQuery": "coffee"},
        {
            "text_query": " coffee ",
            "page_size": None,
            "location_bias": {"circle": {"center": {"latitude": 37.0000000001}}},
        },
    ]
    for args in same:
        assert call_key("search_places", args, "sandbox") == a
    assert call_key("search_places", {"text_query": "café"}) == call_key(
        "search_places", {"text_query": "cafe\u0301"}
    )
    different = [
        call_key("search_places", {"text_query": "coffee!"}, "sandbox"),
        call_key("search_places", {"text_query": "coffee"}, "https://example.org/mcp"),
        call_key("search_along_route", {"text_query": "coffee"}, "sandbox"),
        call_key("resolve_names", {"queries": [{"text": "a"}, {"text": "b"}]}),
        call_key("resolve_names", {"queries": [{"text": "b"}, {"text": "a"}]}),
    ]
    assert len({a, *different}) == 1 + len(different)


def test_argument_order_and_spelling_hit_the_same_entry(tmp_path: Path, calls: Any) -> None:
    with mapsnb.Client(now=NOW, cache=tmp_path / "c.sqlite3") as client:
        first = client.call_tool("search_places", {"text_query": "coffee in Paris", "page_size": 3})
        again = client.call_tool("search_places", {"pageSize": 3, "textQuery": "coffee in Paris "})
        typed = client.search_places("coffee in Paris", page_size=3)
        assert calls() == 1
        assert again == first and typed.raw == first
        client.search_places("coffee in Paris", page_size=4)
        assert calls() == 2
        stats = client.cache.stats()
    assert (stats.entries, stats.hits, stats.writes) == (2, 2, 2)


# ----------------------------------------------------------------------------- TTLs
def test_time_modes_follow_the_weather_date() -> None:
    weather = "lookup_weather"
    assert time_mode(weather, {"location": {"address": "Paris"}}, NOW_UTC) == "current"
    today = {"year": 2026, "month": 9, "day": 18}
    assert time_mode(weather, {"date": today}, NOW_UTC) == "forecast"
    assert (
        time_mode(weather, {"date": {"year": 2026, "month": 9, "day": 21}}, NOW_UTC) == "forecast"
    )
    yesterday = {"date": {"year": 2026, "month": 9, "day": 17}}
    # still today somewhere (UTC-12) two hours earlier: the shorter TTL
    assert time_mode(weather, yesterday, NOW_UTC - dt.timedelta(hours=2)) == "forecast"
    assert time_mode(weather, yesterday, NOW_UTC) == "history"
    assert time_mode(weather, {"date": {"year": 2026, "month": 9, "day": 16}}, NOW_UTC) == "history"
    assert (
        time_mode(weather, {"date": {"year": 2026, "month": 9, "day": 17}, "hour": 3}, NOW_UTC)
        == "history"
    )
    assert time_mode("compute_routes", {}, NOW_UTC) == "routes"
    assert time_mode("resolve_maps_urls", {}, NOW_UTC) == "resolution"
    assert max(DEFAULT_TTLS.values()) <= 30 * 86_400


@pytest.mark.parametrize(
    ("date", "hour", "fresh", "stale"),
    [
        (None, None, 9 * 60, 11 * 60),  # current conditions: minutes
        ("2026-09-20", None, 50 * 60, 61 * 60),  # forecast: about an hour
        ("2026-09-17", 18, 6 * 86_400, 8 * 86_400),  # history (yesterday): days
    ],
)
def test_weather_expires_by_time_mode(
    tmp_path: Path, calls: Any, date: str | None, hour: int | None, fresh: float, stale: float
) -> None:
    clock = Clock()
    cache = Cache(tmp_path / "c.sqlite3", clock=clock)
    with mapsnb.Client(now=NOW, cache=cache) as client:

        def ask() -> Any:
            return client.lookup_weather(
                "Paris, France", capabilities="WEATHER", date=date, hour=hour
            )

        ask()
        clock.t += fresh
        assert ask().recorded_at is not None and calls() == 1
        clock.t += stale - fresh
        assert ask().recorded_at is None and calls() == 2


def test_ttls_are_configurable_downwards_only(tmp_path: Path) -> None:
    clock = Clock()
    cache = Cache(tmp_path / "c.sqlite3", ttl={"places": dt.timedelta(minutes=1)}, clock=clock)
    assert cache.put(
        "search_places", {"text_query": "x"}, "e", {"places": []}, source="live", issued_at=NOW_UTC
    )
    clock.t += 61
    assert cache.get("search_places", {"text_query": "x"}, "e") is None
    with pytest.raises(mapsnb.MapsnbError, match="30 days"):
        Cache(tmp_path / "d.sqlite3", ttl={"routes": dt.timedelta(days=31)})
    with pytest.raises(mapsnb.MapsnbError, match="unknown time mode"):
        Cache(tmp_path / "d.sqlite3", ttl={"weather": 60})


def test_errors_are_never_cached(tmp_path: Path, calls: Any) -> None:
    with mapsnb.Client(now=NOW, cache=tmp_path / "c.sqlite3") as client:
        for _ in range(2):
            with pytest.raises(mapsnb.ToolError):
                client.call_tool("search_places", {"text_query": ""})
            with pytest.raises(mapsnb.InvalidRequest):
                client.search_places("coffee", page_size=20)
        assert calls() == 2
        assert client.cache.stats().entries == 0


def test_a_cached_route_never_sends_its_expired_token(tmp_path: Path, calls: Any) -> None:
    import sqlite3

    store = tmp_path / "c.sqlite3"
    with mapsnb.Client(now=NOW, cache=store) as client:
        routes = client.compute_routes("San Francisco, CA", "San Jose, CA", include_polyline=True)
        fresh = client.search_along_route("gas stations", route=routes)
        assert "retrieval_token" in fresh.request
        cached = client.compute_routes("San Francisco, CA", "San Jose, CA", include_polyline=True)
        assert cached.recorded_at is not None and cached.issued_at == routes.issued_at
        assert calls() == 2
        # the stored answer is an hour old on the client's clock: its token has expired
        assert routes.issued_at is not None
        old = (routes.issued_at - dt.timedelta(hours=1)).isoformat()
        with sqlite3.connect(store) as conn:
            conn.execute("UPDATE calls SET issued_at = ? WHERE tool = 'compute_routes'", (old,))
        aged = client.compute_routes("San Francisco, CA", "San Jose, CA", include_polyline=True)
        assert aged.issued_at == routes.issued_at - dt.timedelta(hours=1) and calls() == 2
        along = client.search_along_route("gas stations", route=aged)
    assert "retrieval_token" not in along.request
    assert along.request["encoded_polyline"] == routes.routes[0].encoded_polyline


def test_the_emulator_clock_is_part_of_the_key(tmp_path: Path, calls: Any) -> None:
    store = tmp_path / "c.sqlite3"
    with mapsnb.Client(now=NOW, cache=store) as client:
        client.lookup_weather("Paris, France", capabilities="WEATHER")
        client.lookup_weather("Paris, France", capabilities="WEATHER")
        assert calls() == 1
        client._sandbox.advance(hours=3)  # a later emulator answers differently
        client.lookup_weather("Paris, France", capabilities="WEATHER")
        assert calls() == 2
    with mapsnb.Client(now="2026-09-19T08:00:00-07:00", cache=store) as other_day:
        other_day.lookup_weather("Paris, France", capabilities="WEATHER")
        assert calls() == 3


def test_disabled_opts_out_per_call_and_clear_empties(tmp_path: Path, calls: Any) -> None:
    with mapsnb.Client(now=NOW, cache=tmp_path / "c.sqlite3") as client:
        client.resolve_names(["Eiffel Tower, Paris"])
        with client.cache.disabled():
            assert not client.cache.enabled
            client.resolve_names(["Eiffel Tower, Paris"])
            client.resolve_names(["Louvre Museum, Paris"])
        assert calls() == 3
        client.resolve_names(["Eiffel Tower, Paris"])
        assert calls() == 3 and client.cache.stats().entries == 1
        assert client.cache.clear() == 1
        client.resolve_names(["Eiffel Tower, Paris"])
        assert calls() == 4


def test_async_client_shares_the_cache(tmp_path: Path, calls: Any) -> None:
    store = tmp_path / "c.sqlite3"
    with mapsnb.Client(now=NOW, cache=store) as client:
        sync = client.search_places("bakeries near the Ferry Building, San Francisco")

    async def run() -> Any:
        async with mapsnb.AsyncClient(now=NOW, cache=store) as client:
            return await client.search_places("bakeries near the Ferry Building, San Francisco")

    assert asyncio.run(run()).raw == sync.raw and calls() == 1


def test_the_key_never_reaches_the_cache(tmp_path: Path, sdk_url: Any) -> None:
    key = "test-key-that-must-not-be-stored-0123456789"
    store = tmp_path / "c.sqlite3"
    with mapsnb.Client(key, url=sdk_url("json"), cache=store) as client:
        client.call_tool("search_places", {"text_query": "coffee"})
        with pytest.warns(CacheWarning, match="credential"):
            client.call_tool("search_places", {"text_query": f"coffee {key}"})
        assert client.cache.stats().entries == 1
    for path in tmp_path.iterdir():
        assert key.encode() not in path.read_bytes()


# ----------------------------------------------------------------------------- robustness
WRITER = textwrap.dedent(
    """
    import sys, threading, datetime as dt
    from mapsnb._store.cache import Cache
    cache = Cache(sys.argv[1])
    now = dt.datetime.now(dt.timezone.utc)
    def write(t):
        for i in range(int(sys.argv[3])):
            args = {"text_query": f"p{sys.argv[2]} t{t} q{i}"}
            assert cache.put("search_places", args, "e", {"i": i}, source="live", issued_at=now)
    threads = [threading.Thread(target=write, args=(t,)) for t in range(4)]
    for th in threads: th.start()
    for th in threads: th.join()
    """
)


def test_four_threads_in_two_processes_lose_nothing(tmp_path: Path) -> None:
    store, per_thread = tmp_path / "c.sqlite3", 60
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "error::UserWarning"}
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(store), str(p), str(per_thread)], env=env
        )
        for p in range(2)
    ]
    assert [p.wait(timeout=120) for p in procs] == [0, 0]
    cache = Cache(store)
    assert cache.stats().entries == 2 * 4 * per_thread
    hit = cache.get("search_places", {"text_query": "p1 t3 q59"}, "e")
    assert hit is not None and hit.payload == {"i": 59}


def test_threads_of_one_client_share_one_store(tmp_path: Path, calls: Any) -> None:
    queries = [f"coffee near stop {i}, Paris" for i in range(8)]
    with mapsnb.Client(now=NOW, cache=tmp_path / "c.sqlite3") as client:
        threads = [threading.Thread(target=client.search_places, args=(q,)) for q in queries * 2]
        for t in threads[:8]:
            t.start()
        for t in threads[:8]:
            t.join()
        for t in threads[8:]:
            t.start()
        for t in threads[8:]:
            t.join()
        assert calls() == 8 and client.cache.stats().entries == 8


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_store_is_set_aside_with_a_warning(tmp_path: Path, damage: str) -> None:
    store = tmp_path / "c.sqlite3"
    cache = Cache(store)
    for i in range(200):
        cache.put(
            "resolve_names",
            {"queries": [{"text": f"q{i}" * 20}]},
            "e",
            {"i": "x" * 200},
            source="live",
            issued_at=NOW_UTC,
        )
    cache.close()
    import sqlite3

    with sqlite3.connect(store) as conn:  # fold the WAL into the file
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = store.read_bytes()
    assert len(data) > 8192
    store.write_bytes(
        b"this is not a database " * 100 if damage == "garbage" else data[: len(data) // 3]
    )
    damaged = store.read_bytes()
    reopened = Cache(store)
    with pytest.warns(CacheWarning, match="damaged.*set aside as c.sqlite3.damaged-"):
        assert reopened.get("resolve_names", {"queries": [{"text": "q1" * 20}]}, "e") is None
    (aside,) = tmp_path.glob("c.sqlite3.damaged-*Z")  # renamed, never deleted
    assert aside.read_bytes() == damaged
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert reopened.put(
            "resolve_names", {"queries": []}, "e", {"ok": True}, source="live", issued_at=NOW_UTC
        )
        assert reopened.get("resolve_names", {"queries": []}, "e") is not None
        assert reopened.stats().entries == 1


def test_client_cache_from_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(settings.cache_env, str(tmp_path / "env.sqlite3"))
    client = mapsnb.Client(now=NOW)
    assert client.cache is not None and client.cache.path == tmp_path / "env.sqlite3"
    assert mapsnb.Client(now=NOW, cache=False).cache is None
    monkeypatch.setenv(settings.cache_env, "1")
    monkeypatch.setenv(settings.cache_dir_env, str(tmp_path / "dir"))
    assert mapsnb.Client(now=NOW).cache.path == tmp_path / "dir" / "calls.sqlite3"  # type: ignore[union-attr]
    monkeypatch.setenv(settings.cache_env, "0")
    assert mapsnb.Client(now=NOW).cache is None
    with pytest.raises(mapsnb.MapsnbError, match="cache"):
        mapsnb.Client(now=NOW, cache=3)  # type: ignore[arg-type]


def test_a_client_on_a_damaged_store_still_answers(tmp_path: Path, calls: Any) -> None:
    store = tmp_path / "c.sqlite3"
    store.write_bytes(b"SQLite format 3\x00" + b"\xff" * 5000)  # a header, then garbage
    with mapsnb.Client(now=NOW, cache=Cache(store)) as client:
        with pytest.warns(CacheWarning, match="set aside"):
            first = client.search_places("coffee shops near Golden Gate Park")
        again = client.search_places("coffee shops near Golden Gate Park")
    assert again.raw == first.raw and again.recorded_at is not None and calls() == 1
