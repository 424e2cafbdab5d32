"""Geo tables at analyst scale (issue 42), ratios side by side in one run.

1. **Route matrix 20 x 20** (400 ``compute_routes`` calls) against a local server adding
   ``--latency`` seconds per call (the batch test server's app with a route answer): the
   ``client.route_matrix`` batch (8 in flight) vs the sequential loop of the same 400 calls, and
   vs the ideal ``calls / 8 x latency``. Then on the in-process emulator (CPU-bound: no network
   to overlap, and no live quota to keep to), each in a fresh process.
2. **100,000 points on a map**: the widget state bytes (JSON state plus binary buffers, as
   ipywidgets sends them) of ``points_layer`` (one PNG image overlay), ``heatmap_layer`` (the
   points binned) and ``places_layer`` (one GeoJSON feature a point, grid-clustered above
   ``CLUSTER_THRESHOLD``, and unclustered), against lonboard's ``ScatterplotLayer`` of the
   same points when lonboard (and pyarrow) import, else against the 16 bytes a point of the
   GeoArrow coordinates it sends. ``--extra-path`` appends folders to ``sys.path`` (a
   ``pip install --target`` of lonboard and pyarrow kept out of the test venv).

Run: ``python benchmarks/bench_geo.py [--latency 0.1] [--points 100000] [--extra-path DIR]...
[--only matrix|points]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mapsnb  # noqa: E402

KEY = "AIzaFAKEKEY-bench"
CITIES = [
    "Lyon", "Paris", "Marseille", "Toulouse", "Nice", "Nantes", "Strasbourg", "Montpellier",
    "Bordeaux", "Lille", "Rennes", "Reims", "Dijon", "Grenoble", "Angers", "Nîmes", "Tours",
    "Limoges", "Amiens", "Metz",
]  # fmt: skip


def serve(latency: float) -> None:
    """The batch test server's app, answering ``compute_routes`` with one route."""
    import socket

    import uvicorn

    from tests.servers import batch_asgi
    from tests.servers.fault_server import tool_result

    plain = batch_asgi.answer

    def answer(tool: str, args: dict[str, Any]) -> dict[str, Any]:
        if tool != "compute_routes":
            return plain(tool, args)
        size = len(json.dumps(args))
        route = {
            "distanceMeters": 1000 + size,
            "duration": f"{60 + size}s",
            "attribution": {"title": "route - local test server", "url": "https://example.org"},
        }
        return tool_result({"routes": [route]})

    batch_asgi.answer = answer  # build_app reads the module's answer
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    app = batch_asgi.build_app(latency)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


def bench_matrix_server(latency: float) -> float:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--serve", str(latency)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    url = proc.stdout.readline().strip()
    try:
        with mapsnb.Client(KEY, url=url, protocol="stateless") as client:
            client.compute_routes("a", "b")  # connection and imports out of the timings
            t0 = time.perf_counter()
            loop = [
                client.compute_routes(o, d).to_frame()["duration_s"].iloc[0]
                for o in CITIES
                for d in CITIES
            ]
            t_loop = time.perf_counter() - t0
            t0 = time.perf_counter()
            matrix = client.route_matrix(CITIES, CITIES, progress=False, calls_per_minute=100_000)
            t_matrix = time.perf_counter() - t0
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    assert matrix["duration_s"].tolist() == loop and (matrix["status"] == "ok").all()
    ideal = len(loop) / 8 * latency
    print(f"\n1a. route matrix 20 x 20 = {len(loop)} calls, {latency * 1e3:.0f} ms latency")
    print(f"  sequential loop       {t_loop:7.2f} s")
    print(f"  route_matrix (8)      {t_matrix:7.2f} s   {t_loop / t_matrix:5.2f}x faster")
    print(f"  ideal (400 / 8 x lat) {ideal:7.2f} s   matrix/ideal {t_matrix / ideal:4.2f}x")
    return t_loop / t_matrix


EMULATOR_CHILD = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import mapsnb
cities = sys.argv[3:]
client = mapsnb.Client()
client.compute_routes("Lyon", "Lyon")  # the emulator's indexes out of the timing
t0 = time.perf_counter()
if sys.argv[2] == "loop":
    for o in cities:
        for d in cities:
            client.compute_routes(o, d)
else:
    client.route_matrix(cities, cities, progress=False)
print(time.perf_counter() - t0)
"""


def bench_matrix_emulator() -> None:
    times: dict[str, list[float]] = {"loop": [], "matrix": []}
    for _ in range(2):
        for kind in times:
            cmd = [sys.executable, "-c", EMULATOR_CHILD, str(ROOT), kind, *CITIES]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True, cwd=ROOT)
            times[kind].append(float(out.stdout.strip().splitlines()[-1]))
    loop, matrix = statistics.median(times["loop"]), statistics.median(times["matrix"])
    print("\n1b. route matrix 20 x 20 on the in-process emulator (fresh process each, median of 2)")
    print(f"  sequential loop       {loop:7.2f} s")
    print(f"  route_matrix          {matrix:7.2f} s   matrix/loop {matrix / loop:4.2f}x")
    print("  (CPU-bound: nothing to overlap; throttled to 300 calls a minute it would take 60 s+)")


def state_bytes(widget: Any) -> int:
    """What a widget sends to the front end: its JSON state plus its binary buffers."""
    from ipywidgets.widgets.widget import _remove_buffers

    state, _, buffers = _remove_buffers(widget.get_state())
    return len(json.dumps(state)) + sum(memoryview(b).nbytes for b in buffers)


def lonboard_bytes(lat: np.ndarray, lng: np.ndarray) -> int | None:
    try:
        import geopandas as gpd
        import lonboard
    except ImportError:
        return None
    gdf = gpd.GeoDataFrame(geometry=gpd.points_from_xy(lng, lat), crs="EPSG:4326")
    try:
        layer = lonboard.ScatterplotLayer.from_geopandas(gdf)
    except ImportError as exc:  # lonboard without pyarrow
        print(f"  lonboard: {exc}")
        return None
    print(f"  lonboard {lonboard.__version__} ScatterplotLayer")
    return state_bytes(layer)


def bench_points(n: int) -> None:
    from mapsnb.layers import heatmap_layer, places_layer, points_layer

    rng = np.random.default_rng(0)
    lat = 48.85 + rng.normal(0, 0.05, n)
    lng = 2.35 + rng.normal(0, 0.08, n)
    df = pd.DataFrame({"lat": lat, "lng": lng, "name": [f"place {i}" for i in range(n)]})
    df.attrs = {"source": "sandbox", "attributions": [{"title": "bench", "url": None}]}
    sizes: dict[str, float] = {}
    for name, build in (
        ("points_layer (PNG overlay)", lambda: points_layer(df)),
        ("heatmap_layer (binned)", lambda: heatmap_layer(df)),
        ("places_layer (clustered)", lambda: places_layer(df)),
        ("places_layer (a feature a point)", lambda: places_layer(df, cluster=False)),
    ):
        t0 = time.perf_counter()
        layer = build()
        took = time.perf_counter() - t0
        sizes[name] = state_bytes(layer)
        print(f"  {name:34s} {sizes[name] / 1e6:8.3f} MB   built in {took:5.2f} s")
    reference = lonboard_bytes(lat, lng)
    label = "lonboard state"
    if reference is None:
        reference, label = 16 * n, "GeoArrow float64 x/y (lonboard not importable)"
    print(f"  {label:34s} {reference / 1e6:8.3f} MB")
    print(f"\n2. {n:,} points: state bytes / {label}")
    for name, size in sizes.items():
        print(f"  {name:34s} {size / reference:7.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.1)
    parser.add_argument("--points", type=int, default=100_000)
    parser.add_argument("--extra-path", action="append", default=[])
    parser.add_argument("--only", choices=["matrix", "points"])
    parser.add_argument("--serve", type=float, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve is not None:
        serve(args.serve)
        return
    sys.path.extend(args.extra_path)  # after the venv's own packages
    if args.only in (None, "matrix"):
        bench_matrix_server(args.latency)
        bench_matrix_emulator()
    if args.only in (None, "points"):
        bench_points(args.points)


if __name__ == "__main__":
    main()
