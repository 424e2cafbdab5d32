"""Concurrency: many calls in flight while the server forgets its sessions; none may be lost.

A real local server (the fault server) forgets every session three times mid-run; the client
must renew the session once per forgetting (one re-initialisation at a time) and every call must
come back with its own answer.
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor
from http.server import ThreadingHTTPServer
from typing import Any

import pytest

import mapsnb
from tests.servers.fault_server import FaultServer, Recorded, Reply

KEY = "FAKE-mapsnb-concurrency-key-0123456789"


@pytest.fixture(autouse=True)
def deep_backlog(monkeypatch: pytest.MonkeyPatch) -> None:
    """Let the test server queue every concurrent connection (the default backlog is 5)."""
    monkeypatch.setattr(ThreadingHTTPServer, "request_queue_size", 256)


class ForgetfulServer(FaultServer):
    """A fault server that forgets every session when the n-th tools/call arrives."""

    def __init__(self, forget_at: tuple[int, ...], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.forget_at = set(forget_at)
        self.forgotten = 0
        self._count_lock = threading.Lock()
        self._tool_calls = 0

    def respond(self, req: Recorded) -> Reply:
        if req.rpc_method == "tools/call":
            with self._count_lock:
                self._tool_calls += 1
                if self._tool_calls in self.forget_at:
                    self.live_sessions.clear()
                    self.forgotten += 1
        return super().respond(req)


def _args(worker: int, i: int) -> dict[str, str]:
    return {"text_query": f"call {worker}-{i}"}


def test_sync_threads_lose_no_call_when_sessions_are_forgotten() -> None:
    threads, per_thread = 16, 50
    with ForgetfulServer(forget_at=(120, 380, 640)) as server:
        client = mapsnb.Client(KEY, url=server.url, protocol="session", max_retries=0)

        def work(worker: int) -> list[tuple[dict[str, str], Any]]:
            out = []
            for i in range(per_thread):
                args = _args(worker, i)
                out.append((args, client.call_tool("search_places", args)))
            return out

        with client, ThreadPoolExecutor(threads) as pool:
            results = [pair for chunk in pool.map(work, range(threads)) for pair in chunk]

    assert server.forgotten == 3
    assert len(results) == threads * per_thread
    for args, payload in results:
        assert payload["_echo"] == args  # each call got its own answer
    # one re-initialisation per forgetting, not one per call in flight
    assert len(server.calls("initialize")) == 1 + 3
    answered = [r for r in server.calls("tools/call") if r.headers.get("mcp-session-id")]
    assert len(answered) >= threads * per_thread


@pytest.mark.parametrize("in_flight", [16, 200])
def test_async_calls_lose_no_call_when_sessions_are_forgotten(in_flight: int) -> None:
    calls = 200
    with ForgetfulServer(forget_at=(50, 110, 170)) as server:

        async def main() -> list[Any]:
            gate = asyncio.Semaphore(in_flight)
            async with mapsnb.AsyncClient(
                KEY, url=server.url, protocol="session", max_retries=0
            ) as client:

                async def one(i: int) -> Any:
                    async with gate:
                        return await client.call_tool("search_places", _args(0, i))

                return await asyncio.gather(*(one(i) for i in range(calls)))

        payloads = asyncio.run(main())

    assert server.forgotten == 3
    assert [p["_echo"] for p in payloads] == [_args(0, i) for i in range(calls)]
    initializations = len(server.calls("initialize"))
    if in_flight < 50:  # each forgetting found the previous renewal done: one renewal each
        assert initializations == 1 + 3
    else:  # all 200 in flight at once: forgettings may hit the same dead session
        assert 2 <= initializations <= 1 + 3


@pytest.mark.parametrize("flavour", ["sync", "async"])
def test_auto_switch_to_session_initializes_once(flavour: str) -> None:
    # a session-only server: every concurrent first call is refused, one handshake serves them all
    with FaultServer(require_session=True) as server:
        if flavour == "sync":
            client = mapsnb.Client(KEY, url=server.url, max_retries=0)
            with client, ThreadPoolExecutor(8) as pool:
                payloads = list(
                    pool.map(lambda i: client.call_tool("search_places", _args(1, i)), range(32))
                )
        else:

            async def main() -> list[Any]:
                async with mapsnb.AsyncClient(KEY, url=server.url, max_retries=0) as client:
                    return await asyncio.gather(
                        *(client.call_tool("search_places", _args(1, i)) for i in range(32))
                    )

            payloads = asyncio.run(main())
    assert [p["_echo"] for p in payloads] == [_args(1, i) for i in range(32)]
    assert len(server.calls("initialize")) == 1
