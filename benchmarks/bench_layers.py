"""10,000 places: one GeoJSON ``places_layer`` vs one ``ipyleaflet.Marker`` per place.

Both sides are built and every widget they created is serialized (``widget.get_state()``), as
the kernel does when the map is displayed. Run: ``python benchmarks/bench_layers.py [N]``.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import ipyleaflet
import numpy as np
import pandas as pd
from ipywidgets.widgets import widget as _widget

from mapsnb.layers import places_layer


def frame(n: int) -> pd.DataFrame:
    """``n`` deterministic places around San Francisco."""
    rng = np.random.default_rng(n)
    return pd.DataFrame(
        {
            "place_id": [f"id{i}" for i in range(n)],
            "name": [f"Place {i}" for i in range(n)],
            "lat": 37.70 + rng.random(n) * 0.12,
            "lng": -122.52 + rng.random(n) * 0.14,
            "place_url": [f"https://maps.google.com/?cid={i}" for i in range(n)],
            "directions_url": [f"https://maps.google.com/dir/?cid={i}" for i in range(n)],
            "attribution_title": "Google Maps",
            "attribution_url": "https://maps.google.com",
        }
    )


def markers(df: pd.DataFrame) -> ipyleaflet.LayerGroup:
    """The naive way: one Marker widget per place."""
    layers = [
        ipyleaflet.Marker(location=(lat, lng), title=name, draggable=False)
        for lat, lng, name in zip(df["lat"], df["lng"], df["name"], strict=True)
    ]
    return ipyleaflet.LayerGroup(layers=layers)


def once(build: Callable[[], Any]) -> tuple[float, int, int]:
    """Seconds to build and serialize, widgets created, characters of state."""
    before = set(_widget._instances)
    t0 = time.perf_counter()
    build()
    created = [w for k, w in list(_widget._instances.items()) if k not in before]
    states = [w.get_state() for w in created]
    secs = time.perf_counter() - t0
    size = sum(len(str(state)) for state in states)
    for w in created:  # keep the registry small between runs
        w.close()
    return secs, len(created), size


def timed(build: Callable[[], Any], repeat: int) -> tuple[float, int, int]:
    """Median seconds over ``repeat`` runs (the machine may be shared), widgets, state size."""
    runs = [once(build) for _ in range(repeat)]
    return statistics.median(r[0] for r in runs), runs[0][1], runs[0][2]


def main(n: int = 10_000) -> None:
    df = frame(n)
    places_layer(frame(10))  # warm up imports and caches
    rows = [
        ("places_layer cluster=auto", lambda: places_layer(df), 7),
        ("places_layer cluster=False", lambda: places_layer(df, cluster=False), 7),
        ("one Marker per place", lambda: markers(df), 3),
    ]
    results = {name: timed(fn, repeat) for name, fn, repeat in rows}
    print(f"{n} places (build + get_state of every widget created; median seconds)")
    for name, (secs, count, size) in results.items():
        print(f"  {name:<28} {secs:8.3f} s  {count:6d} widgets  {size / 1e6:6.2f} MB state")
    base = results["one Marker per place"][0]
    for name in ("places_layer cluster=auto", "places_layer cluster=False"):
        print(f"  speed-up vs Markers, {name}: {base / results[name][0]:.0f}x (goal >= 20x)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10_000)
