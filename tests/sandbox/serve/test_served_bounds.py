"""Issue 43, class 1, served: ``mapsnb sandbox serve`` (a real subprocess on 127.0.0.1) cancels
the calls whose clients hung up, so eight abandoned pathological calls leave its threads free
for a ``search_places``; SIGTERM stops a busy server within a second; a stdio server answers
the call it is working on before it exits when stdin closes."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

import mapsnb
from mapsnb.errors import DeadlineExceeded
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.lifecycle import InFlight
from mapsnb_sandbox.serve.server import build_app
from tests.sandbox.pathological import land_points, wire_arguments
from tests.servers.sdk_server import ServerThread

ROOT = Path(__file__).resolve().parents[3]
NOW = "2026-09-18T15:00:00Z"
ENV = {
    **os.environ,
    "PYTHONUNBUFFERED": "1",
    "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
}
HEADERS = {"Accept": "application/json, text/event-stream"}
#: What the issue promises: a search_places answered within 2 s while abandoned calls pend.
ANSWER_S = 2.0
#: SIGTERM stops a busy server within this (the server's own figure is SHUTDOWN_S = 0.5 s).
STOP_S = 1.0
#: Seconds an abandoned call may take to notice its cancellation (it checks every millisecond
#: of work; the unbounded call runs 30-130 s).
CANCEL_S = 10.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _post(url: str, method: str, params: dict[str, Any], timeout: float) -> httpx.Response:
    body = {"jsonrpc": "2.0", "id": 1, "method": method, "params": params}
    return httpx.post(url, json=body, headers=HEADERS, timeout=timeout)


def _call(url: str, name: str, arguments: dict[str, Any], timeout: float) -> httpx.Response:
    return _post(url, "tools/call", {"name": name, "arguments": arguments}, timeout)


@pytest.fixture
def served() -> Iterator[tuple[str, subprocess.Popen[str]]]:
    port = _free_port()
    cmd = [sys.executable, "-m", "mapsnb.cli", "sandbox", "serve", "--port", str(port)]
    proc = subprocess.Popen(
        [*cmd, "--now", NOW],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=ENV,
        start_new_session=True,
    )
    try:
        url = json.loads(proc.stdout.readline())["url"]  # type: ignore[union-attr]
        end = time.monotonic() + 60
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/", timeout=1)
                break
            except httpx.TransportError:
                assert time.monotonic() < end, "the server did not start"
                time.sleep(0.1)
        # warm: the town index and the tools' modules load before anything is measured
        assert _call(url, "search_places", {"textQuery": "coffee in Lisbon"}, 60).is_success
        yield url, proc
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=10)


def _abandon(url: str, count: int) -> None:
    """``count`` pathological calls whose clients hang up after half a second."""

    def hang_up() -> None:
        with pytest.raises(httpx.TimeoutException):
            _call(url, "compute_routes", wire_arguments(), 0.5)

    threads = [threading.Thread(target=hang_up) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_search_places_is_answered_while_eight_abandoned_calls_pend(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, _ = served
    _abandon(url, 8)  # four threads' worth of 30-130 s calls, twice over
    for query in ("tea in Porto", "bakery in Lyon", "museum in Oslo"):
        start = time.monotonic()
        reply = _call(url, "search_places", {"textQuery": query, "pageSize": 2}, ANSWER_S)
        assert time.monotonic() - start < ANSWER_S
        assert reply.json()["result"]["isError"] is False


def test_sigterm_stops_a_busy_server_within_a_second(
    served: tuple[str, subprocess.Popen[str]],
) -> None:
    url, proc = served
    busy = threading.Thread(
        target=lambda: _call(url, "compute_routes", wire_arguments(), 60), daemon=True
    )
    busy.start()
    time.sleep(1.0)  # the call is at work on a tool thread
    assert proc.poll() is None
    start = time.monotonic()
    os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=30)  # before: minutes, until the busy call ended
    assert time.monotonic() - start < STOP_S


# --------------------------------------------------------------------------- stdio

_SLOW_PRELUDE = """
import time
from mapsnb_sandbox import emulator
_call_tool = emulator.Sandbox.call_tool
def _slow(self, name, arguments):
    time.sleep(1.0)  # a call still at work when stdin closes
    return _call_tool(self, name, arguments)
emulator.Sandbox.call_tool = _slow
"""


def test_a_stdio_server_answers_the_pending_call_before_it_exits() -> None:
    code = (
        f"{_SLOW_PRELUDE}\nfrom mapsnb.cli import main\n"
        f"raise SystemExit(main(['sandbox', 'serve', '--stdio', '--now', {NOW!r}]))"
    )
    proc = subprocess.Popen(
        [sys.executable, "-c", code],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=ENV,
    )
    init = {
        "protocolVersion": "2025-06-18",
        "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"},
    }
    call = {"name": "search_places", "arguments": {"textQuery": "coffee in Lisbon", "pageSize": 2}}
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": init},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": call},
    ]
    try:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        proc.stdin.close()  # the client is done writing; the call is still at work
        replies = [json.loads(line) for line in proc.stdout.read().splitlines() if line]
        assert proc.wait(timeout=60) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=10)
    answered = {r.get("id"): r for r in replies}
    assert 2 in answered, f"the pending call was dropped: {sorted(answered, key=str)}"
    result = answered[2]["result"]
    assert result["isError"] is False and len(result["structuredContent"]["places"]) == 2


# ------------------------------------------------------- every serving mode, in process


@pytest.mark.parametrize("mode", ["stateless", "sessions-sse", "sessions-json"])
def test_a_call_whose_client_hangs_up_is_cancelled_in_every_mode(mode: str) -> None:
    """The emulator's own bound lifted: only the client's hanging up can end the call."""
    sessions = mode.startswith("sessions")
    calls = InFlight()
    app = build_app(
        Sandbox(now=NOW, work_steps=None, work_seconds=None),
        sessions=sessions,
        json_response=mode.endswith("json") if sessions else None,
        calls=calls,
    )
    points = land_points()
    with ServerThread(app) as server:
        protocol = "session" if sessions else "stateless"
        with mapsnb.Client(url=server.url, protocol=protocol, timeout=1.0, max_retries=0) as client:
            client.list_tools()
            with pytest.raises(DeadlineExceeded):
                client.compute_routes(
                    origin=points[0],
                    destination=points[-1],
                    intermediate_waypoints=points[1:-1],
                    travel_mode="WALK",
                )
        end = time.monotonic() + CANCEL_S
        while len(calls) and time.monotonic() < end:
            time.sleep(0.05)
        assert len(calls) == 0, "the abandoned call is still running"
