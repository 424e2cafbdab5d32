"""Batch calls (``client.batch``) against a local tool server, ratios side by side in one run.

1. **Latency**: 1,000 names to resolve (50 calls of 20) against a server adding 100 ms per call:
   the batch (``max_concurrency=8``) vs the sequential loop of the same 50 calls, and vs the
   ideal ``calls ÷ concurrency × latency``. Goals: ≥ 6× faster than the loop, ≤ 1.25× ideal.
2. **Scale**: 10,000 ``search_places`` calls at concurrency 32 (rate limit lifted): every input
   row comes back once, in order, with its own answer (0 lost, 0 duplicated, 0 mismatched);
   peak memory (max RSS) and calls per second printed.
3. **429 storm**: every third call answered 429 with ``Retry-After: 1``: the batch finishes with
   every row ``ok``.
4. **Memory** (issue 24 item 4): how much a 10,000-call ``search_places`` batch grows the process
   (peak RSS over the RSS before it, each run in a fresh process), against raw ``httpx`` doing
   the same work (the same calls, 32 in flight, each answer's JSON text decoded, then one
   ``pandas.json_normalize`` of all places). Goal: the batch grows <= 2x what raw httpx grows.
   The two alternate, ``--memory-rounds`` times each; medians and ranges are printed.

The server (``tests/servers/batch_asgi.py``: the batch test server's tools on uvicorn) runs in a
subprocess on 127.0.0.1.

Run: ``python benchmarks/bench_batch.py [--names 1000] [--calls 10000] [--storm 60] [--repeat 5]
[--memory-rounds 3] [--only memory]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mapsnb  # noqa: E402
from tests.servers.batch_server import place_id  # noqa: E402

KEY = "AIzaFAKEKEY-bench"
LATENCY = 0.1


def start_server(*args: str) -> tuple[subprocess.Popen[str], str]:
    """Start the batch server in a subprocess; return it and its URL."""
    cmd = [sys.executable, "-m", "tests.servers.batch_asgi", *args]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    if not url.startswith("http://"):
        proc.kill()
        raise RuntimeError("the batch server did not start")
    return proc, url


def stop(proc: subprocess.Popen[str]) -> None:
    proc.terminate()
    proc.wait(timeout=10)


def max_rss_mb() -> float:
    """Peak resident memory of this process so far, in MB (Linux reports KB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def raw_gather(url: str, chunks: list[list[str]], in_flight: int) -> float:
    """The same calls as raw ``httpx.AsyncClient`` POSTs, ``in_flight`` at a time: the floor
    this machine and server allow, for reading the batch's ratio to the ideal."""
    gate = asyncio.Semaphore(in_flight)
    async with httpx.AsyncClient() as http:

        async def one(i: int, chunk: list[str]) -> None:
            args = {"queries": [{"text": t} for t in chunk]}
            body = {"jsonrpc": "2.0", "id": i, "method": "tools/call"}
            body["params"] = {"name": "resolve_names", "arguments": args}
            async with gate:
                (await http.post(url, content=json.dumps(body))).json()

        await one(0, ["warm up"])
        t0 = time.perf_counter()
        await asyncio.gather(*(one(i, c) for i, c in enumerate(chunks, 1)))
        return time.perf_counter() - t0


def bench_latency(n_names: int, repeat: int) -> tuple[float, float]:
    proc, url = start_server("--latency", str(LATENCY))
    names = [f"shop number {i}" for i in range(n_names)]
    chunks = [names[i : i + 20] for i in range(0, n_names, 20)]
    concurrency = 8
    batches: list[float] = []
    raws: list[float] = []
    try:
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            client.resolve_names(["warm up"])  # connection and imports out of the timings
            client.batch.resolve_names(["warm up"], progress=False)
            t0 = time.perf_counter()
            loop = [client.resolve_names(chunk).to_frame() for chunk in chunks]
            t_loop = time.perf_counter() - t0
            for _ in range(repeat):  # batch and raw httpx taking turns: the same noise for both
                t0 = time.perf_counter()
                out = client.batch.resolve_names(names, max_concurrency=concurrency, progress=False)
                batches.append(time.perf_counter() - t0)
                raws.append(asyncio.run(raw_gather(url, chunks, concurrency)))
    finally:
        stop(proc)
    assert out["place_id"].tolist() == [place_id(n) for n in names]
    assert pd.concat(loop)["place_id"].tolist() == out["place_id"].tolist()
    t_batch, t_raw = statistics.median(batches), statistics.median(raws)
    ideal = len(chunks) / concurrency * LATENCY
    rounds = math.ceil(len(chunks) / concurrency) * LATENCY
    speedup, vs_ideal = t_loop / t_batch, t_batch / ideal
    spread = f"{min(batches) / ideal:.2f}–{max(batches) / ideal:.2f}×"
    print(f"\n1. {n_names} names = {len(chunks)} calls of 20, {LATENCY * 1e3:.0f} ms latency")
    print(f"  sequential loop    {t_loop:7.3f} s")
    print(f"  batch (8 in flight){t_batch:7.3f} s   {speedup:5.2f}× faster   (goal ≥ 6×)")
    print(
        f"  ideal              {ideal:7.3f} s   batch/ideal {vs_ideal:4.2f}×  (goal ≤ 1.25×; "
        f"whole rounds of 8 alone give {rounds / ideal:.2f}×)"
    )
    print(
        f"  raw httpx gather   {t_raw:7.3f} s   (same calls, 8 in flight: this machine's floor, "
        f"{t_raw / ideal:.2f}× ideal; batch/raw {t_batch / t_raw:.2f}×)"
    )
    print(f"  medians of {repeat} turns each; batch/ideal ranged {spread}")
    return speedup, vs_ideal


def bench_scale(n_calls: int) -> tuple[int, int, int]:
    proc, url = start_server()
    queries = [f"query {i}" for i in range(n_calls)]
    series = pd.Series(queries, index=[f"k{i % 997}" for i in range(n_calls)])  # duplicated
    rss_before = max_rss_mb()
    try:
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            t0 = time.perf_counter()
            out = client.batch.search_places(
                series, max_concurrency=32, calls_per_minute=10**9, progress=False
            )
            elapsed = time.perf_counter() - t0
            made = int(client.usage["calls"].sum())
    finally:
        stop(proc)
    rows = out["input_row"].to_numpy()
    lost = n_calls - len(set(rows.tolist()))
    duplicated = len(rows) - len(set(rows.tolist()))
    expected = [f"{q} #0" for q in queries]
    mismatched = int(
        sum(a != b for a, b in zip(out["name"].tolist(), expected, strict=False))
        + (out.index.get_level_values(0).tolist() != series.index.tolist())
        + (rows.tolist() != list(range(n_calls)))
    )
    print(f"\n2. {n_calls} calls at concurrency 32 (one place each)")
    print(f"  calls made {made}, rows {len(out)}, all ok: {bool(out['status'].eq('ok').all())}")
    print(f"  lost {lost}, duplicated {duplicated}, mismatched {mismatched}")
    print(f"  {elapsed:.2f} s = {n_calls / elapsed:.0f} calls/s (server in another process)")
    print(f"  peak memory (max RSS) {max_rss_mb():.0f} MB (before the batch {rss_before:.0f} MB)")
    return lost, duplicated, mismatched


def bench_storm(n_calls: int) -> bool:
    proc, url = start_server("--every-429", "3", "--retry-after", "1")
    queries = [f"storm {i}" for i in range(n_calls)]
    try:
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            t0 = time.perf_counter()
            out = client.batch.search_places(queries, progress=False)
            elapsed = time.perf_counter() - t0
            usage = client.usage
    finally:
        stop(proc)
    complete = (
        out["input_row"].tolist() == list(range(n_calls))
        and bool(out["status"].eq("ok").all())
        and out["name"].tolist() == [f"{q} #0" for q in queries]
    )
    print(f"\n3. 429 storm: every third call 429 with Retry-After: 1, {n_calls} calls")
    print(
        f"  finished in {elapsed:.1f} s, retries {int(usage['retries'].sum())}, every row ok "
        f"and in order: {complete}"
    )
    return complete


def rss_mb() -> float:
    """Resident memory of this process now, in MB."""
    with open("/proc/self/statm", encoding="ascii") as f:
        return int(f.read().split()[1]) * resource.getpagesize() / 2**20


async def raw_places(url: str, queries: list[str], in_flight: int) -> list[dict]:
    """``search_places`` for every query as raw httpx POSTs: the decoded payloads."""
    gate = asyncio.Semaphore(in_flight)
    out: list[dict] = [{}] * len(queries)
    async with httpx.AsyncClient() as http:

        async def one(i: int, query: str) -> None:
            body = {"jsonrpc": "2.0", "id": i, "method": "tools/call"}
            body["params"] = {"name": "search_places", "arguments": {"text_query": query}}
            async with gate:
                answer = (await http.post(url, content=json.dumps(body))).json()
            out[i] = json.loads(answer["result"]["content"][0]["text"])

        await asyncio.gather(*(one(i, q) for i, q in enumerate(queries)))
    return out


def memory_child(kind: str, url: str, n_calls: int) -> None:
    """One side of the memory comparison, in a fresh process: prints its growth as JSON."""
    queries = [f"query {i}" for i in range(n_calls)]
    with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
        client.batch.search_places(["warm up"], progress=False)  # imports, loop thread
        asyncio.run(raw_places(url, ["warm up"], 1))
        pd.json_normalize([{"a": {"b": 1}}])
        before = rss_mb()
        if kind == "batch":
            out = client.batch.search_places(
                queries, max_concurrency=32, calls_per_minute=10**9, progress=False
            )
        else:
            payloads = asyncio.run(raw_places(url, queries, 32))
            out = pd.json_normalize([p for payload in payloads for p in payload["places"]])
            del payloads
        rows = len(out)
    print(json.dumps({"growth": max_rss_mb() - before, "rows": rows}))


def bench_memory(n_calls: int, rounds: int) -> float:
    proc, url = start_server()
    growth: dict[str, list[float]] = {"batch": [], "raw": []}
    try:
        for r in range(rounds):
            for kind in ("batch", "raw") if r % 2 == 0 else ("raw", "batch"):
                cmd = [sys.executable, __file__, "--memory-child", kind, url, str(n_calls)]
                done = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
                found = json.loads(done.stdout.strip().splitlines()[-1])
                assert found["rows"] == n_calls, found
                growth[kind].append(found["growth"])
    finally:
        stop(proc)
    ratios = [b / r for b, r in zip(growth["batch"], growth["raw"], strict=True)]
    med = {k: statistics.median(v) for k, v in growth.items()}
    ratio = statistics.median(ratios)
    print(f"\n4. memory: {n_calls} search_places calls, 32 in flight, fresh process each")
    for kind, label in (
        ("batch", "client.batch.search_places"),
        ("raw", "raw httpx + json_normalize"),
    ):
        values = growth[kind]
        print(f"  {label:<28} grows {med[kind]:6.1f} MB ({min(values):.1f}–{max(values):.1f})")
    verdict = "meets" if ratio <= 2 else "MISSES"
    print(
        f"  batch / raw {ratio:.2f}× ({min(ratios):.2f}–{max(ratios):.2f}), {verdict} ≤ 2×; "
        f"{rounds} rounds each"
    )
    return ratio


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--memory-child":
        memory_child(sys.argv[2], sys.argv[3], int(sys.argv[4]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--names", type=int, default=1000)
    parser.add_argument("--calls", type=int, default=10_000)
    parser.add_argument("--storm", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=5, help="turns of batch and raw httpx")
    parser.add_argument("--memory-rounds", type=int, default=3)
    parser.add_argument("--only", choices=["memory"], help="run only this part")
    args = parser.parse_args()
    if args.only == "memory":
        bench_memory(args.calls, args.memory_rounds)
        return
    speedup, vs_ideal = bench_latency(args.names, args.repeat)
    lost, duplicated, mismatched = bench_scale(args.calls)
    complete = bench_storm(args.storm)
    memory = bench_memory(args.calls, args.memory_rounds)
    print("\nSummary")
    print(f"  batch vs loop {speedup:.2f}× ({'meets' if speedup >= 6 else 'MISSES'} ≥ 6×)")
    print(f"  batch / ideal {vs_ideal:.2f}× ({'meets' if vs_ideal <= 1.25 else 'MISSES'} ≤ 1.25×)")
    ok = lost == duplicated == mismatched == 0
    print(f"  10k rows: {'0 lost, 0 duplicated, 0 mismatched' if ok else 'ROWS WRONG'}")
    print(f"  429 storm: {'every row' if complete else 'ROWS MISSING'}")
    print(
        f"  memory: batch grows {memory:.2f}× raw httpx ({'meets' if memory <= 2 else 'MISSES'} ≤ 2×)"
    )


if __name__ == "__main__":
    main()
