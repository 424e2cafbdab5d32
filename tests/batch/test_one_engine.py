"""One engine for many calls (issue 44): batches, ``route_matrix`` and ``search_area``'s waves
are all sent by :meth:`Engine.run`, the one scheduler of many calls.

An instrumented engine counts what each run sends: every call the client made is one the engine
sent. And the code holds it: only ``batch/engine.py`` makes rate limiters or backoff gates, or
sends a call with a gate (the scheduling no other module may write again).
"""

from __future__ import annotations

import ast
import asyncio
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import mapsnb
from mapsnb._calls.batch.engine import Engine, Settle
from mapsnb._calls.flow import Call

ROOT = Path(__file__).resolve().parents[2]
LISBON = mapsnb.Circle(38.7223, -9.1393, 1500)


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The tool of every call every engine settled while the test runs."""
    seen: list[str] = []
    original = Engine.run

    async def counted(self: Engine, calls: Sequence[Call], settle: Settle) -> None:
        def counting(i: int, outcome: Any) -> None:
            seen.append(calls[i].name)
            settle(i, outcome)

        await original(self, calls, counting)

    monkeypatch.setattr(Engine, "run", counted)
    yield seen


def _sent(runs: list[str], tool: str) -> int:
    return runs.count(tool)


def _made(client: Any, tool: str) -> int:
    usage = client.usage
    return int(usage.loc[usage["tool"] == tool, "calls"].sum())


def test_search_area_and_route_matrix_of_a_client_run_on_the_engine(
    runs: list[str], no_env_key: None
) -> None:
    with mapsnb.Client(now="2026-06-10T09:00:00+02:00") as client:
        df = client.search_area("cafe", LISBON, max_depth=1, progress=False)
        assert _made(client, "search_places") == df.attrs["coverage"].calls > 4
        assert _sent(runs, "search_places") == df.attrs["coverage"].calls
        matrix = client.route_matrix(["Lyon", "Bron, France"], ["Vienne, France"], progress=False)
        assert (matrix["status"] == "ok").all()
        assert _sent(runs, "compute_routes") == _made(client, "compute_routes") == 2
        client.batch.lookup_weather(["Paris", "Rome"], progress=False)
        assert _sent(runs, "lookup_weather") == _made(client, "lookup_weather") == 2
        client.search_places("cafe in Lisbon")  # a single call is not the engine's
        assert _sent(runs, "search_places") == _made(client, "search_places") - 1


def test_search_area_and_route_matrix_of_an_async_client_run_on_the_engine(
    runs: list[str], no_env_key: None
) -> None:
    async def go() -> tuple[int, int, int]:
        async with mapsnb.AsyncClient(now="2026-06-10T09:00:00+02:00") as client:
            df = await client.search_area("cafe", LISBON, max_depth=1, progress=False)
            await client.route_matrix(["Lyon"], ["Vienne, France", "Bron, France"], progress=False)
            return (
                df.attrs["coverage"].calls,
                _made(client, "search_places"),
                _made(client, "compute_routes"),
            )

    tiles, places, routes = asyncio.run(go())
    assert _sent(runs, "search_places") == places == tiles > 4
    assert _sent(runs, "compute_routes") == routes == 2


def _calls_in(path: Path) -> set[str]:
    """The names called in ``path`` (``AsyncLimiter(...)``, ``x._typed_flow(...)``, …)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name):
                names.add(func.id)
            elif isinstance(func, ast.Attribute):
                names.add(func.attr)
    return names


def test_the_engine_is_the_only_scheduler_of_many_calls() -> None:
    """Rate limiters, backoff gates and calls sent under a gate are made in engine.py alone;
    the batch and search_area modules reach the network only through ``Engine``."""
    scheduling = {"AsyncLimiter", "Gate", "_answered_flow", "_typed_flow"}
    owners: dict[str, list[str]] = {}
    for path in sorted((ROOT / "mapsnb" / "_calls").rglob("*.py")):
        found = _calls_in(path) & scheduling
        if found and path.name not in ("tools.py", "flow.py", "client.py", "doctor.py"):
            owners[str(path.relative_to(ROOT))] = sorted(found)
    assert owners == {"mapsnb/_calls/batch/engine.py": sorted(scheduling)}
    for module in ("batch/running.py", "area/drivers.py"):
        assert "Engine" in _calls_in(ROOT / "mapsnb" / "_calls" / module), module
    # single calls (tools.py) send no gate: the engine's shared backoff is its own
    for node in ast.walk(ast.parse((ROOT / "mapsnb/_calls/tools.py").read_text("utf-8"))):
        func = node.func if isinstance(node, ast.Call) else None
        if isinstance(func, ast.Attribute) and func.attr in ("_typed_flow", "_answered_flow"):
            assert isinstance(node, ast.Call) and len(node.args) <= 2 and not node.keywords
