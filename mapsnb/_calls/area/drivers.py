"""How a ``search_area`` runs: its waves on the batch engine, sync or async.

An :class:`~mapsnb._calls.area.search.AreaSearch`'s waves run on the batch engine
(:class:`~mapsnb._calls.batch.engine.Engine`: one quota, backoff and progress bar for the whole
search): :func:`run_sync` one call after another through a ``Client``'s batch loop thread,
:func:`run_async` up to :data:`IN_FLIGHT` at once through an ``AsyncClient``. :func:`search_area`
is the method's entry (a dry run: the plan alone).
"""

from __future__ import annotations

import inspect
from typing import Any

import pandas as pd

from mapsnb._calls.area.options import AreaOptions
from mapsnb._calls.area.search import AreaSearch
from mapsnb._calls.batch.engine import Engine
from mapsnb._calls.flow import BaseClient
from mapsnb.results import PlacesResult

__all__ = ["IN_FLIGHT", "run_async", "run_sync", "search_area"]

#: Calls an ``AsyncClient`` keeps in flight at once.
IN_FLIGHT = 8


async def _drive(search: AreaSearch, engine: Engine, holder: dict[str, Any]) -> pd.DataFrame:
    """Run ``search``'s waves on ``engine``: one quota and one progress bar for all of them."""
    steps = search.steps()
    stopped = True
    try:
        calls = next(steps)
        while True:
            search.started(calls)
            await engine.run(calls, search.settle)
            calls = steps.send(search.current)
    except StopIteration as stop:
        stopped = False
        result: pd.DataFrame = stop.value
        return result
    except BaseException as exc:
        search.interrupted(exc, holder)
        raise
    finally:
        search.close(stopped=stopped)


def run_sync(client: Any, search: AreaSearch) -> pd.DataFrame:
    """Run ``search`` on a ``Client``: on the engine of its batches' loop thread, one call after another."""
    from mapsnb._calls.batch.batches import _loop_thread, on_twin

    runner = _loop_thread(client)
    holder: dict[str, Any] = {}

    async def work(twin: BaseClient) -> pd.DataFrame:
        search.client = twin
        try:
            engine = Engine(twin, result_type=PlacesResult, max_concurrency=1)
            return await _drive(search, engine, holder)
        finally:
            search.client = client

    return on_twin(client, runner=runner, work=work, holder=holder)


async def run_async(client: BaseClient, search: AreaSearch) -> pd.DataFrame:
    """Run ``search`` on an ``AsyncClient``: on the engine, up to :data:`IN_FLIGHT` calls of a wave at once."""
    engine = Engine(client, result_type=PlacesResult, max_concurrency=IN_FLIGHT)
    return await _drive(search, engine, {})


def search_area(client: BaseClient, options: AreaOptions) -> Any:
    """``client.search_area``: the frame (``Client``), or a coroutine of it (``AsyncClient``)."""
    search = AreaSearch(client, options)
    awaited = inspect.iscoroutinefunction(client._invoke)
    if options.dry_run:
        search._load_resume()
        plan = search.plan()
        if awaited:

            async def planned() -> pd.DataFrame:
                return plan

            return planned()
        return plan
    search.prepare()
    return run_async(client, search) if awaited else run_sync(client, search)
