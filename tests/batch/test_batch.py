"""Batch calls (issue 12) against real local servers: 1:1 rows, failures kept, plan, budget."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

import mapsnb
from tests.servers.batch_server import BatchServer, place_id

KEY = "AIzaFAKEKEY-batch"


@pytest.fixture
def server() -> Iterator[BatchServer]:
    with BatchServer() as srv:
        yield srv


def client_for(server: BatchServer, **kw: object) -> mapsnb.Client:
    return mapsnb.Client(KEY, url=server.url, **kw)  # type: ignore[arg-type]


def sent_queries(server: BatchServer) -> list[str]:
    return [p["arguments"]["text_query"] for p in server.tool_calls()]


# ------------------------------------------------------------------------------ 1:1 rows
def test_rows_follow_a_duplicated_non_default_index(server: BatchServer) -> None:
    df = pd.DataFrame(
        {"q": ["alpha", "two beta", "none gamma", "alpha", "delta"]},
        index=pd.Index(["x", "y", "x", "z", "y"], name="shop"),
    )
    with client_for(server) as client:
        out = client.batch.search_places(df, text_query="q", progress=False)
    # every input row once, in order: "two beta" gives two places, "none gamma" one empty row
    assert out["input_row"].tolist() == [0, 1, 1, 2, 3, 4]
    assert out.index.names == ["shop", "citation"]
    assert out.index.get_level_values("shop").tolist() == ["x", "y", "y", "x", "z", "y"]
    assert out["status"].tolist() == ["ok", "ok", "ok", "empty", "ok", "ok"]
    # each row's places belong to its own query, whatever order the calls finished in
    for row, name in zip(out["input_row"], out["name"], strict=True):
        query = df["q"].iloc[row]
        assert pd.isna(name) if "none" in query else name.startswith(query)
    assert sorted(sent_queries(server)) == sorted(df["q"])


def test_list_series_and_multiindex_inputs(server: BatchServer) -> None:
    with client_for(server) as client:
        from_list = client.batch.search_places(["a", "b"], progress=False)
        series = pd.Series(["b", "a"], index=[10, 7])
        from_series = client.batch.search_places(series, progress=False)
        multi = pd.DataFrame(
            {"q": ["a", "b"]}, index=pd.MultiIndex.from_tuples([(1, "u"), (1, "v")])
        )
        from_multi = client.batch.search_places(multi, text_query="q", progress=False)
    assert from_list.index.get_level_values("input").tolist() == [0, 1]
    assert from_series.index.get_level_values("input").tolist() == [10, 7]
    assert from_series["name"].tolist() == ["b #0", "a #0"]
    assert from_multi.index.names == ["input_0", "input_1", "citation"]
    assert from_multi.index.tolist() == [(1, "u", 0), (1, "v", 0)]


def test_resolve_names_packs_20_a_call_and_unpacks_1_to_1(server: BatchServer) -> None:
    names = [f"shop {i}" for i in range(45)]
    names[7] = "unknown shop"
    names[30] = "   "  # invalid: refused before sending
    series = pd.Series(names, index=[f"k{i % 9}" for i in range(45)])  # duplicated labels
    with client_for(server) as client:
        out = client.batch.resolve_names(series, progress=False)
    calls = server.tool_calls()
    assert sorted(len(c["arguments"]["queries"]) for c in calls) == [4, 20, 20]
    assert len(out) == 45
    assert out.index.get_level_values(0).tolist() == series.index.tolist()
    assert out["input_row"].tolist() == list(range(45))
    expected = [None if i in (7, 30) else f"{place_id(n)}" for i, n in enumerate(names)]
    assert [None if pd.isna(p) else p for p in out["place_id"]] == expected
    assert out["status"].iloc[7] == "not_found" and "unknown shop" in out["error"].iloc[7]
    assert out["status"].iloc[30] == "invalid" and out["error"].iloc[30].startswith("queries:")
    assert out["status"].drop(out.index[[7, 30]]).eq("ok").all()


def test_packed_rows_equal_the_single_call_frames(server: BatchServer) -> None:
    """A packed batch builds its rows from plain columns at the end: the values and dtypes
    must be those of each call's own ``to_frame()``."""
    names = [f"shop {i}" for i in range(25)]
    names[3] = "unknown shop"
    with client_for(server) as client:
        out = client.batch.resolve_names(names, progress=False)
        frames = [client.resolve_names(chunk).to_frame() for chunk in (names[:20], names[20:])]
    single = pd.concat(frames, ignore_index=True)
    body = out.drop(columns=["status", "error", "input_row"]).reset_index(drop=True)

    # values equal; a column all None in one call is object there, str in the joined frame
    def plain(df: pd.DataFrame) -> pd.DataFrame:
        return df.astype(object).where(df.notna(), None)

    pd.testing.assert_frame_equal(plain(body), plain(single))
    assert str(body["ok"].dtype) == "boolean" and str(body["error_code"].dtype) == "Int64"
    assert body["ok"].tolist() == [i != 3 for i in range(25)]
    # one row per input row: its position within the row is 0, whatever call packed it
    assert out.index.names == ["input", "result"]
    assert out.index.get_level_values("result").tolist() == [0] * 25
    assert out.attrs["source"] == frames[0].attrs["source"] and out.attrs["calls"] == 2


# ------------------------------------------------------------------------------ failures
def test_failures_and_invalid_rows_are_kept_and_invalid_never_sent(server: BatchServer) -> None:
    df = pd.DataFrame({"q": ["good", "fail me", "", None, "also good"], "size": [3, 3, 3, 3, 99]})
    with client_for(server) as client:
        out = client.batch.search_places(df, text_query="q", page_size="size", progress=False)
    assert out["status"].tolist() == ["ok", "error", "invalid", "invalid", "invalid"]
    assert "INVALID_ARGUMENT" in out["error"].iloc[1]
    assert out["error"].iloc[2].startswith("text_query:")
    assert out["error"].iloc[4].startswith("page_size:")
    assert sorted(sent_queries(server)) == ["fail me", "good"]


def test_budget_refuses_a_batch_with_nothing_sent(server: BatchServer) -> None:
    with client_for(server, max_calls=3) as client:
        with pytest.raises(mapsnb.BudgetExceeded) as info:
            client.batch.search_places(["a", "b", "c", "d"], progress=False)
        assert isinstance(info.value, mapsnb.MapsnbError)
        assert info.value.limit_name == "max_calls" and info.value.needed == 4
        assert server.tool_calls() == []
        client.batch.search_places(["a", "b"], progress=False)
        client.search_places("c")  # single calls count too
        with pytest.raises(mapsnb.BudgetExceeded):
            client.search_places("d")
    assert len(server.tool_calls()) == 3


def test_pro_budget_counts_only_pro_calls(server: BatchServer) -> None:
    with client_for(server, max_pro_calls=1) as client:
        with pytest.raises(mapsnb.BudgetExceeded) as info:
            client.batch.search_places(["a", "b"], page_size=8, progress=False)  # Pro: > 5
        assert info.value.limit_name == "max_pro_calls"
        assert server.tool_calls() == []
        client.batch.search_places(["a", "b"], page_size=5, progress=False)  # Essentials
        client.batch.search_places(["c"], include_extended_details=True, progress=False)
        usage = client.usage.set_index(["tool", "tier"])
    assert usage.loc[("search_places", "Essentials"), "calls"] == 2
    assert usage.loc[("search_places", "Pro"), "calls"] == 1


def test_dry_run_plan_equals_the_calls_then_made(server: BatchServer) -> None:
    df = pd.DataFrame({"q": ["a", "b", "", "c"], "size": [3, 8, 3, 3]}, index=["w", "x", "y", "z"])
    with client_for(server) as client:
        plan = client.batch.search_places(df, text_query="q", page_size="size", dry_run=True)
        assert server.tool_calls() == []
        assert plan["tool"].tolist() == ["search_places"] * 3
        assert plan["tier"].tolist() == ["Essentials", "Pro", "Essentials"]
        assert plan["inputs"].tolist() == [["w"], ["x"], ["z"]]
        assert plan.attrs["invalid_rows"] == 1
        client.batch.search_places(df, text_query="q", page_size="size", progress=False)
    made = sorted(server.tool_calls(), key=lambda p: p["arguments"]["text_query"])
    assert [p["arguments"] for p in made] == plan["arguments"].tolist()
    assert client.usage.groupby("tier")["calls"].sum().to_dict() == {"Essentials": 2, "Pro": 1}


def test_usage_counts_calls_errors_and_retries(fast_backoff: None) -> None:
    with BatchServer(every_429=3, retry_after="0") as server, client_for(server) as client:
        out = client.batch.search_places(
            ["a", "b", "c", "d", "fail"], max_concurrency=1, progress=False
        )
        usage = client.usage
    assert out["status"].tolist() == ["ok", "ok", "ok", "ok", "error"]
    row = usage.set_index("tool").loc["search_places"]
    assert (row["tier"], row["calls"], row["errors"]) == ("Essentials", 5, 1)
    assert row["retries"] == len(server.tool_calls()) - 5 >= 1
    assert row["cache_hits"] == 0


def test_429_slows_the_batch_but_never_fails_it() -> None:
    with BatchServer(every_429=3, retry_after="1") as server, client_for(server) as client:
        out = client.batch.search_places([f"q{i}" for i in range(9)], progress=False)
    assert out["status"].eq("ok").all() and len(out) == 9
    calls = server.calls("tools/call")
    # after the first 429 the whole batch waited (calls already in flight aside): no call
    # arrived in the second that followed, then every call was retried and answered
    first_429 = calls[2].at
    assert not [c for c in calls if 0.2 < c.at - first_429 < 0.9]
    assert len(calls) > 9 and calls[-1].at - first_429 >= 0.9


# ------------------------------------------------------------------------------ event loops
def test_sync_batch_inside_a_running_event_loop(server: BatchServer) -> None:
    client = client_for(server)

    async def cell() -> pd.DataFrame:  # as a Jupyter cell: a loop is running on this thread
        return client.batch.search_places(["a", "b", "c"], progress=False)

    out = asyncio.run(cell())
    assert out["name"].tolist() == ["a #0", "b #0", "c #0"]
    client.close()


def test_async_client_batch_is_awaitable(server: BatchServer) -> None:
    async def main() -> pd.DataFrame:
        async with mapsnb.AsyncClient(KEY, url=server.url) as client:
            out = await client.batch.search_places(["a", "b"], progress=False)
            assert client.usage["calls"].sum() == 2
            return out

    assert asyncio.run(main())["status"].tolist() == ["ok", "ok"]


def test_progress_on_and_off(server: BatchServer, capsys: pytest.CaptureFixture[str]) -> None:
    with client_for(server) as client:
        client.batch.search_places(["a", "fail"], progress=False)
        assert capsys.readouterr().err == ""
        client.batch.search_places(["a", "fail", "c"], progress=True)
    err = capsys.readouterr().err
    assert "search_places" in err and "3/3" in err and "failed=1" in err


def test_bad_batch_arguments_name_the_field(server: BatchServer) -> None:
    with client_for(server) as client:
        with pytest.raises(TypeError, match="unexpected keyword argument 'textquery'"):
            client.batch.search_places(["a"], textquery="x")  # type: ignore[call-arg]
        # capabilities may be left out, as in the single call (sent where the server lists it)
        assert len(client.batch.lookup_weather(["Paris"], dry_run=True)) == 1
        with pytest.raises(mapsnb.InvalidRequest, match="location: is required: a column name"):
            client.batch.lookup_weather(pd.DataFrame({"c": ["Paris"]}), capabilities="WEATHER")
        with pytest.raises(mapsnb.InvalidRequest, match="max_concurrency"):
            client.batch.search_places(["a"], max_concurrency=0, progress=False)
        with pytest.raises(mapsnb.InvalidRequest, match="data: must be a list, a pandas Series"):
            client.batch.search_places("abc")
    assert server.tool_calls() == []


# ------------------------------------------------------------------------------ tiers, README
@pytest.mark.parametrize(
    ("tool", "args", "expected"),
    [
        ("search_places", {"text_query": "x"}, "Essentials"),
        ("search_places", {"text_query": "x", "page_size": 6}, "Pro"),
        ("search_places", {"text_query": "x", "include_extended_details": True}, "Pro"),
        ("search_along_route", {"text_query": "x"}, "Pro"),
        ("compute_routes", {"intermediate_waypoints": [{}] * 10}, "Essentials"),
        ("compute_routes", {"intermediate_waypoints": [{}] * 11}, "Pro"),
        (
            "compute_routes",
            {"routing_preference": "ROUTING_PREFERENCE_TRAFFIC_AWARE_OPTIMAL"},
            "Pro",
        ),
        ("lookup_weather", {"capabilities": ["WEATHER", "AIR_QUALITY"]}, "Essentials"),
        ("lookup_weather", {"capabilities": ["POLLEN"]}, "Pro"),
        (
            "lookup_weather",
            {"capabilities": ["AIR_QUALITY"], "date": {"year": 2026, "month": 9, "day": 17}},
            "Pro",  # historical air quality
        ),
        (
            "lookup_weather",
            {"capabilities": ["AIR_QUALITY"], "date": {"year": 2026, "month": 9, "day": 18}},
            "Essentials",
        ),
        (
            "lookup_weather",
            {
                "capabilities": ["AIR_QUALITY"],
                "date": {"year": 2026, "month": 9, "day": 18},
                "hour": 7,
            },
            "Pro",  # an hour already past
        ),
        ("resolve_names", {"queries": [{"text": "x"}]}, "Free"),
        ("resolve_maps_urls", {"urls": ["https://maps.app.goo.gl/x"]}, "Free"),
    ],
)
def test_billing_tiers(tool: str, args: dict, expected: str) -> None:
    from mapsnb._calls.billing import tier

    now = pd.Timestamp("2026-09-18T08:30:00-07:00").to_pydatetime()
    assert tier(tool, args, now) == expected


def test_readme_batch_example_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- batch-example -->", 1)[1].split("<!-- /batch-example -->", 1)[0]
    code = block.split("```python", 1)[1].split("```", 1)[0]
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)
    assert namespace["plan"]["tier"].tolist() == ["Essentials", "Essentials"]
    aq = namespace["aq"]
    assert aq.index.get_level_values(0).unique().tolist() == ["paris", "tokyo", "nowhere"]
    assert aq.loc["nowhere", "status"].tolist() == ["invalid"]
    assert namespace["client"].usage["calls"].sum() == 2


def test_a_call_still_rate_limited_after_retries_is_sent_again(server: BatchServer) -> None:
    from tests.servers.fault_server import Reply

    busy = Reply(429, '{"error": {"code": 429}}', headers={"Retry-After": "0"})
    server.on("tools/call", busy, busy, busy)  # more 429s than the client retries (1)
    with client_for(server, max_retries=1) as client:
        out = client.batch.search_places(["a", "b"], max_concurrency=1, progress=False)
    assert out["status"].tolist() == ["ok", "ok"]
    assert len(server.tool_calls()) == 5


def test_resume_keeps_final_rows_and_sends_only_failed_ones(server: BatchServer) -> None:
    names = pd.Series(["a", "unknown b", "", "c"] * 6, index=[f"i{i % 5}" for i in range(24)])
    with client_for(server) as client:
        first = client.batch.resolve_names(names, progress=False)
        places = client.batch.search_places(["x", "fail y", "none z"], progress=False)
        before = len(server.tool_calls())
        again = client.batch.resolve_names(names, resume=first, progress=False)
        assert len(server.tool_calls()) == before  # ok, not_found: final; invalid: refused again
        places_again = client.batch.search_places(
            ["x", "fail y", "none z"], resume=places, progress=False
        )
        resent = [p["arguments"] for p in server.tool_calls()[before:]]
        with pytest.raises(mapsnb.InvalidRequest, match="resume"):
            client.batch.search_places(["x", "y"], resume=places, progress=False)
        with pytest.raises(mapsnb.InvalidRequest, match="resume"):
            client.batch.resolve_names(["x", "y", "z"], resume=places, progress=False)
    pd.testing.assert_frame_equal(again, first)
    assert resent == [{"text_query": "fail y"}]
    assert places_again["status"].tolist() == ["ok", "error", "empty"]
    pd.testing.assert_frame_equal(places_again, places, check_dtype=False)


def test_auth_error_stops_the_batch_with_the_finished_rows(
    caplog: pytest.LogCaptureFixture,
) -> None:
    from tests.servers.fault_server import Reply

    with BatchServer(latency=0.05) as server, client_for(server) as client:
        calls = {"n": 0}
        original = server.mcp_reply

        def reply(req):  # type: ignore[no-untyped-def]
            if req.rpc_method != "tools/call":  # the client's one tools/list
                return original(req)
            calls["n"] += 1
            if calls["n"] > 3:
                return Reply(401, '{"error": {"code": 401, "message": "API key not valid"}}')
            return original(req)

        server.mcp_reply = reply  # type: ignore[method-assign]
        with pytest.raises(mapsnb.AuthError) as info:
            client.batch.search_places(
                [f"q{i}" for i in range(30)], max_concurrency=1, progress=False
            )
        partial = info.value.partial  # type: ignore[attr-defined]
    assert partial["status"].tolist()[:3] == ["ok"] * 3
    assert set(partial["status"].tolist()[3:]) == {"cancelled"}
    assert len(partial) == 30 and KEY not in str(info.value)
    # the stop is told through the module's logger (on stderr when logging is not configured)
    (record,) = [r for r in caplog.records if r.name == "mapsnb._calls.batch.running"]
    assert record.levelname == "WARNING" and KEY not in record.getMessage()
    assert "stopped by AuthError" in record.getMessage()
    assert "3 of 30 rows finished" in record.getMessage()
    assert "resume=client.batch.partial" in record.getMessage()


def test_output_carries_the_attributions_and_source() -> None:
    client = mapsnb.Client(now="2026-09-18T08:00:00-07:00")  # the emulator: synthetic data
    out = client.batch.lookup_weather(
        ["Paris", "Tokyo"], capabilities="AIR_QUALITY", progress=False
    )
    assert out.attrs["source"] == "sandbox" and out.attrs["tool"] == "lookup_weather"
    titles = [a["title"] for a in out.attrs["attributions"]]
    assert any("synthetic" in t for t in titles)


def test_usage_counts_cache_hits_and_recent_calls(server: BatchServer) -> None:
    with client_for(server) as client:
        client.batch.search_places(["a", "b", "c"], progress=False)
        client._meter.cache_hit("search_places", {"text_query": "d", "page_size": 9})
        assert client._meter.recent("search_places") == 3  # the next batch's limiter starts here
        usage = client.usage.set_index(["tool", "tier"])
    assert usage.loc[("search_places", "Essentials"), "calls"] == 3
    assert usage.loc[("search_places", "Pro"), "cache_hits"] == 1
    assert usage.loc[("search_places", "Pro"), "calls"] == 0


def test_a_batch_run_again_with_the_cache_sends_nothing(
    server: BatchServer, tmp_path: Path
) -> None:
    queries = ["a", "b", "c", "d"]
    with client_for(server, cache=tmp_path / "cache.db", max_calls=5) as client:
        first = client.batch.search_places(queries, progress=False)
        plan = client.batch.search_places([*queries, "e"], dry_run=True)
        assert plan["cached"].tolist() == [True] * 4 + [False]
        assert plan.attrs["calls_by_tier"] == {"Essentials": 1}
        # 5 calls planned, 4 of them cached: within max_calls=5 although 4 were already made
        again = client.batch.search_places([*queries, "e"], progress=False)
        usage = client.usage.set_index("tool").loc["search_places"]
    assert len(server.tool_calls()) == 5
    assert again["name"].tolist() == [*first["name"].tolist(), "e #0"]
    assert (usage["calls"], usage["cache_hits"]) == (5, 4)


def test_a_session_opened_by_a_batch_is_the_clients_and_ends_on_close() -> None:
    from tests.servers.fault_server import FaultServer

    with FaultServer(require_session=True) as server:
        client = mapsnb.Client(KEY, url=server.url, protocol="session")
        client.batch.resolve_maps_urls(["https://maps.app.goo.gl/a"] * 3, progress=False)
        client.call_tool("search_places", {"text_query": "x"})
        assert len(server.calls("initialize")) == 1  # the client reused the batch's session
        client.close()
        assert len(server.calls("DELETE")) == 1 and server.live_sessions == set()


@pytest.mark.parametrize("tool", ["search_places", "lookup_weather", "resolve_names"])
def test_hostile_rows_are_invalid_rows_and_nothing_is_sent(server: BatchServer, tool: str) -> None:
    import numpy as np

    garbage = [None, np.nan, 3.5, {"x": 1}, [1], object(), "", "   ", b"bytes", np.array([1, 2])]
    data = pd.Series(garbage, index=[0, 0, 1, 1, 2, 2, 3, 3, 4, 4], dtype=object)
    extra = {"capabilities": "WEATHER"} if tool == "lookup_weather" else {}
    with client_for(server) as client:
        out = getattr(client.batch, tool)(data, progress=False, **extra)
    assert out["status"].tolist() == ["invalid"] * len(garbage)
    assert out["input_row"].tolist() == list(range(len(garbage)))
    assert out["error"].str.contains(": ").all()
    assert server.tool_calls() == []


# ------------------------------------------------------------------------------ the loop thread
def test_batches_of_a_sync_client_share_one_loop_thread_and_its_connections(
    server: BatchServer,
) -> None:
    """What the code guarantees, not how many sockets the OS happened to use (issue 43): every
    batch runs on the one loop thread, on the one ``httpx.AsyncClient`` and connection pool made
    by the first batch; both close with the client."""
    with client_for(server) as client:
        seen: list[tuple[threading.Thread, Any]] = []
        twin = client._async_twin

        def spy(http: Any) -> Any:  # where each batch's calls are made, and on what
            seen.append((threading.current_thread(), http))
            return twin(http)

        client._async_twin = spy  # type: ignore[method-assign]
        before = {t for t in threading.enumerate() if t.name == "mapsnb-batch"}
        out = client.batch.search_places(
            [f"a{i}" for i in range(8)], max_concurrency=4, progress=False
        )
        runner = client._loop_thread
        pool = runner.http._transport._pool
        out2 = client.batch.search_places(
            [f"b{i}" for i in range(8)], max_concurrency=4, progress=False
        )
        assert (out["status"] == "ok").all() and (out2["status"] == "ok").all()
        assert client._loop_thread is runner and runner.alive()
        assert [thread for thread, _ in seen] == [runner._thread, runner._thread]
        assert [http for _, http in seen] == [runner.http, runner.http]
        assert (
            runner.http._transport._pool is pool
        )  # one pool: its connections kept between batches
        now = {t for t in threading.enumerate() if t.name == "mapsnb-batch"}
        assert now - before == {runner._thread}  # one loop thread for both batches
        assert len(server.calls("tools/call")) == 16
    assert not runner.alive() and runner.http.is_closed  # closed with the client
    assert not runner._thread.is_alive() and pool.connections == []
    with pytest.raises(mapsnb.MapsnbError, match="closed"):
        client.batch.search_places(["c"], progress=False)


def test_a_forked_child_gets_its_own_loop_thread(server: BatchServer) -> None:
    import os

    with client_for(server) as client:
        client.batch.search_places(["a"], progress=False)
        runner = client._loop_thread
        runner.pid = -1  # as a forked child sees it: the parent's thread does not run there
        assert not runner.alive()
        out = client.batch.search_places(["b"], progress=False)
        assert out["status"].tolist() == ["ok"]
        assert client._loop_thread is not runner and client._loop_thread.pid == os.getpid()
        runner.pid = os.getpid()
        runner.close()  # the test's own clean-up of the one it pretended was inherited
