"""Per-call overhead of ``mapsnb.Client.call_tool`` against raw httpx and the official SDK client.

Starts the test SDK server (JSON mode) in a subprocess on 127.0.0.1, then times, interleaved
round by round, the same ``tools/call search_places`` through

* ``mapsnb.Client`` (stateless protocol) and ``mapsnb.AsyncClient``,
* a raw ``httpx.Client.post`` of the same JSON-RPC body with the same stateless headers, and
  the same through ``httpx.AsyncClient.post`` (the baseline of ``mapsnb.AsyncClient``),
* the official SDK client (``mcp.Client``, async, pinned to 2026-07-28),

and prints medians and ratios (goals: mapsnb ≤ 1.10× raw httpx, mapsnb async ≤ 1.10× raw async
httpx). A second part reports calls per second with 8 and 32 calls in flight (raw async httpx
vs ``mapsnb.AsyncClient``, same server). A third, in-process part replaces the network with
``httpx.MockTransport`` to show the client-side CPU cost alone. A fourth times whole runs of
calls from a *fresh* client, each including the one ``tools/list`` a client fetches before its
first typed call (issue 20), against the same runs of raw httpx posts (P1 over a run of calls).

Run: ``python benchmarks/bench_client.py [--calls 300] [--warmup 30]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mapsnb  # noqa: E402
from mapsnb._transport import protocol as proto  # noqa: E402

KEY = "AIzaFAKEKEY-bench"
ARGS = {"text_query": "coffee near Golden Gate Park", "page_size": 3}


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(mode: str = "json") -> tuple[subprocess.Popen[bytes], str]:
    """Start ``tests.servers.sdk_server`` in a subprocess; return it and its URL."""
    port = _free_port()
    cmd = [sys.executable, "-m", "tests.servers.sdk_server", "--mode", mode, "--port", str(port)]
    server = subprocess.Popen(cmd, cwd=ROOT, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return server, f"http://127.0.0.1:{port}/mcp"
        except OSError:
            time.sleep(0.05)
    server.kill()
    raise RuntimeError("the SDK server did not start")


HEADERS = {
    "Content-Type": "application/json",
    "Accept": proto.ACCEPT,
    "X-Goog-Api-Key": KEY,
    "MCP-Protocol-Version": mapsnb.settings.stateless_protocol_version,
    "Mcp-Method": "tools/call",
    "Mcp-Name": "search_places",
}


def rpc_body(msg_id: int) -> str:
    """The JSON-RPC body mapsnb sends for ``search_places`` (stateless ``_meta`` included)."""
    params = {"name": "search_places", "arguments": ARGS, "_meta": proto.stateless_meta()}
    return json.dumps({"jsonrpc": "2.0", "id": msg_id, "method": "tools/call", "params": params})


def raw_caller(http: httpx.Client, url: str) -> Callable[[], Any]:
    """A raw httpx POST of the same body with the same headers, its payload parsed."""
    ids = iter(range(1, 10**9))

    def call() -> Any:
        resp = http.post(url, content=rpc_body(next(ids)), headers=HEADERS)
        return json.loads(resp.text)["result"]["structuredContent"]

    return call


def raw_async_caller(http: httpx.AsyncClient, url: str) -> Callable[[], Any]:
    """A raw ``httpx.AsyncClient`` POST of the same body with the same headers, parsed."""
    ids = iter(range(1, 10**9))

    async def call() -> Any:
        resp = await http.post(url, content=rpc_body(next(ids)), headers=HEADERS)
        return json.loads(resp.text)["result"]["structuredContent"]

    return call


async def _atime(run: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    out = run()
    if asyncio.iscoroutine(out):
        await out
    return time.perf_counter() - t0


async def _bench_network(url: str, calls: int, warmup: int) -> dict[str, list[float]]:
    import mcp

    pin = mapsnb.settings.stateless_protocol_version
    with mapsnb.Client(KEY, url=url, protocol="stateless") as client, httpx.Client() as http:
        async with (
            mapsnb.AsyncClient(KEY, url=url, protocol="stateless") as aclient,
            httpx.AsyncClient() as ahttp,
            mcp.Client(url, mode=pin) as sdk,
        ):
            runners: dict[str, Callable[[], Any]] = {
                "mapsnb": lambda: client.call_tool("search_places", ARGS),
                "raw httpx": raw_caller(http, url),
                "raw httpx async": raw_async_caller(ahttp, url),
                "mapsnb async": lambda: aclient.call_tool("search_places", ARGS),
                "mcp SDK (async)": lambda: sdk.call_tool("search_places", ARGS),
            }
            expected = runners["raw httpx"]()
            assert runners["mapsnb"]() == expected == await runners["mapsnb async"]()
            assert await runners["raw httpx async"]() == expected
            assert (await runners["mcp SDK (async)"]()).structured_content == expected
            times: dict[str, list[float]] = {name: [] for name in runners}
            items = list(runners.items())
            for i in range(warmup + calls):
                k = i % len(items)
                for name, run in items[k:] + items[:k]:  # rotate who goes first
                    elapsed = await _atime(run)
                    if i >= warmup:
                        times[name].append(elapsed)
    return times


def bench_network(url: str, calls: int, warmup: int) -> dict[str, list[float]]:
    """Interleaved timings over the loopback network, one call of each per round.

    Everything runs inside one event loop (the SDK client's task groups need one task); the
    sync calls simply block it while they run.
    """
    return asyncio.run(_bench_network(url, calls, warmup))


async def _throughput(url: str, calls: int, in_flight: int) -> dict[str, float]:
    """Calls per second with ``in_flight`` concurrent calls, raw async httpx vs AsyncClient."""
    async with (
        mapsnb.AsyncClient(KEY, url=url, protocol="stateless") as aclient,
        httpx.AsyncClient(limits=httpx.Limits(max_connections=100)) as ahttp,
    ):
        runners: dict[str, Callable[[], Any]] = {
            "raw httpx async": raw_async_caller(ahttp, url),
            "mapsnb async": lambda: aclient.call_tool("search_places", ARGS),
        }
        rates: dict[str, list[float]] = {name: [] for name in runners}
        for round_ in range(3):  # alternate who goes first; keep the best of three
            order = list(runners.items())
            for name, run in order if round_ % 2 == 0 else order[::-1]:
                gate = asyncio.Semaphore(in_flight)

                async def one(run: Callable[[], Any] = run, gate: asyncio.Semaphore = gate) -> None:
                    async with gate:
                        await run()

                t0 = time.perf_counter()
                await asyncio.gather(*(one() for _ in range(calls)))
                rates[name].append(calls / (time.perf_counter() - t0))
    return {name: max(values) for name, values in rates.items()}


def bench_throughput(url: str, calls: int) -> None:
    """Print calls/s at 8 and 32 calls in flight against the same server."""
    print(f"\nThroughput, {calls} calls per run, same server (best of 3 runs)")
    for in_flight in (8, 32):
        rates = asyncio.run(_throughput(url, calls, in_flight))
        base = rates["raw httpx async"]
        for name, rate in rates.items():
            print(
                f"  {in_flight:>2} in flight  {name:<16} {rate:8.0f} calls/s"
                f"  ({base / rate:4.2f}× the raw time)"
            )


def bench_in_process(url: str, calls: int, warmup: int) -> dict[str, list[float]]:
    """mapsnb vs raw httpx with the network replaced by a canned ``MockTransport`` answer."""
    message = httpx.post(url, content=rpc_body(1), headers=HEADERS).json()

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        return httpx.Response(200, json={**message, "id": body["id"]})

    transport = httpx.MockTransport(handler)
    client = mapsnb.Client(KEY, url=url, protocol="stateless")
    client._http = httpx.Client(transport=transport)
    http = httpx.Client(transport=transport)
    runners = {
        "mapsnb": lambda: client.call_tool("search_places", ARGS),
        "raw httpx": raw_caller(http, url),
    }
    times: dict[str, list[float]] = {name: [] for name in runners}
    for i in range(warmup + calls):
        for name, run in runners.items():
            t0 = time.perf_counter()
            run()
            elapsed = time.perf_counter() - t0
            if i >= warmup:
                times[name].append(elapsed)
    client.close()
    http.close()
    return times


def _canned(url: str) -> httpx.MockTransport:
    """A transport answering tools/list and tools/call with the server's own answers."""
    with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
        listed = {"jsonrpc": "2.0", "result": {"tools": client.list_tools()}}
    called = httpx.post(url, content=rpc_body(1), headers=HEADERS).json()

    def handler(request: httpx.Request) -> httpx.Response:
        body = json.loads(request.content)
        answer = listed if body["method"] == "tools/list" else called
        return httpx.Response(200, json={**answer, "id": body["id"]})

    return httpx.MockTransport(handler)


def _gated(client: Any, args: dict[str, Any]) -> Any:
    """What a typed call does before parsing its result: the server's tools/list (fetched by
    the first call only), the arguments fitted to it, the call."""
    toolset = yield from client._toolset_flow()
    payload = yield from client._payload_flow("search_places", toolset.adapt("search_places", args))
    return payload


def bench_runs(
    url: str, per_run: int, runs: int, *, in_process: bool = False
) -> dict[str, list[float]]:
    """Seconds per call of whole runs from fresh clients; mapsnb's run includes its tools/list
    (the clients are opened untimed: the runs time their calls).

    mapsnb's run is what typed calls do: fetch the server's tools/list once (the first call),
    then for every call fit the arguments to it and send it. Raw httpx sends only the calls.
    ``in_process`` answers from a ``MockTransport`` (the client-side cost alone).
    """
    out: dict[str, list[float]] = {"raw httpx": [], "mapsnb (+ tools/list)": []}
    args = mapsnb._calls.arguments.search_places_args(
        ARGS["text_query"], page_size=ARGS["page_size"]
    )
    transport = _canned(url) if in_process else None

    def raw_run() -> float:
        with httpx.Client(transport=transport) as http:
            call = raw_caller(http, url)
            t0 = time.perf_counter()  # the calls only: opening a client is not a call
            for _ in range(per_run):
                call()
            return time.perf_counter() - t0

    def mapsnb_run() -> float:
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            if transport is not None:
                client._http = httpx.Client(transport=transport)
            t0 = time.perf_counter()
            for _ in range(per_run):
                client._invoke(_gated(client, args))
            return time.perf_counter() - t0

    runners = [("raw httpx", raw_run), ("mapsnb (+ tools/list)", mapsnb_run)]
    for i in range(runs + 1):
        for name, run in runners if i % 2 else runners[::-1]:
            elapsed = run()
            if i:  # the first round warms up
                out[name].append(elapsed / per_run)
    return out


def report_runs(per_run: int, times: dict[str, list[float]], where: str = "") -> float:
    """Print per-call medians of whole runs and mapsnb's ratio; return the ratio."""
    base = statistics.median(times["raw httpx"])
    runs = len(times["raw httpx"])
    print(f"\nRuns of {per_run} calls from a fresh client{where} ({runs} runs each)")
    for name, values in times.items():
        med, lo, hi = statistics.median(values), min(values), max(values)
        print(
            f"  {name:<22} {med * 1e3:7.3f} ms/call (range {lo * 1e3:.3f}–{hi * 1e3:.3f})"
            f"  ratio {med / base:5.2f}×"
        )
    return statistics.median(times["mapsnb (+ tools/list)"]) / base


def report(title: str, times: dict[str, list[float]]) -> float:
    """Print medians (ms) and ratios to raw httpx (async ones to raw async httpx too);
    return mapsnb's ratio."""
    base = statistics.median(times["raw httpx"])
    print(f"\n{title}  ({len(times['raw httpx'])} calls each, medians)")
    for name, values in times.items():
        med = statistics.median(values)
        q1, _, q3 = statistics.quantiles(values, n=4)
        print(
            f"  {name:<16} {med * 1e3:8.3f} ms  (IQR {q1 * 1e3:.3f}–{q3 * 1e3:.3f})"
            f"  ratio {med / base:5.2f}×  overhead {(med - base) * 1e6:+8.0f} µs"
        )
    if "raw httpx async" in times:
        abase = statistics.median(times["raw httpx async"])
        amine = statistics.median(times["mapsnb async"])
        verdict = "meets" if amine / abase <= 1.10 else "MISSES"
        print(
            f"  mapsnb async / raw httpx async = {amine / abase:.3f}× — {verdict} the ≤ 1.10× goal"
        )
    return statistics.median(times["mapsnb"]) / base


def main() -> None:
    """Run both benchmarks and print whether mapsnb meets the ≤ 1.10× goal."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=30)
    parser.add_argument("--runs", type=int, default=15, help="fresh-client runs per size")
    args = parser.parse_args()
    server, url = start_server("json")
    try:
        ratio = report(
            f"Loopback network, SDK server (JSON mode) at {url}",
            bench_network(url, args.calls, args.warmup),
        )
        bench_throughput(url, max(args.calls, 200))
        report(
            "In-process (httpx.MockTransport): client-side cost only",
            bench_in_process(url, args.calls, args.warmup),
        )
        run_ratios = {n: report_runs(n, bench_runs(url, n, args.runs)) for n in (20, 100)}
        for n in (20, 100):
            report_runs(
                n,
                bench_runs(url, n, args.runs, in_process=True),
                ", in-process (MockTransport)",
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    verdict = "meets" if ratio <= 1.10 else "MISSES"
    print(f"\nmapsnb / raw httpx over the network = {ratio:.3f}× — {verdict} the ≤ 1.10× goal")
    for n, r in run_ratios.items():
        verdict = "meets" if r <= 1.10 else "MISSES"
        print(f"runs of {n} calls, tools/list included = {r:.3f}× — {verdict} the ≤ 1.10× goal")


if __name__ == "__main__":
    main()
