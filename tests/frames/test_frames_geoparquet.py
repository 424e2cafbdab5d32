"""GeoParquet that keeps the attribution (issue 42, item 4), written and read back.

It runs in a subprocess: pyarrow (brought by the ``geo`` extra) switches pandas 3's string
dtype when it is importable, so the file round trip does not change the test process. Where
the test venv lacks pyarrow, ``MAPSNB_GEO_PYTHONPATH`` names a folder holding it (prepended to
the subprocess's path only).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = r"""
import json, sys
import pyarrow.parquet as pq
import mapsnb
from mapsnb.frames import read_geoparquet, to_geoparquet

folder = sys.argv[1]
client = mapsnb.Client(now="2026-06-10T09:00:00+02:00")
places = client.search_places("cafe in Lyon")
df = places.to_frame()
path = df.mapsnb.to_geoparquet(f"{folder}/cafes.parquet")
meta = pq.read_schema(path).metadata
back = read_geoparquet(path)
routes = client.compute_routes("Lyon", "Villeurbanne", include_polyline=True)
lines = read_geoparquet(routes.to_geoparquet(f"{folder}/routes.parquet"))
weather = client.batch.lookup_weather(
    ["Paris", "Tokyo"], capabilities=["WEATHER", "AIR_QUALITY"], progress=False
)
to_geoparquet(weather, f"{folder}/weather.parquet")
weather_back = read_geoparquet(f"{folder}/weather.parquet")
print(json.dumps({
    "keys": sorted(k.decode() for k in meta),
    "mapsnb": json.loads(meta[b"mapsnb"]),
    "attributions": back.attrs.get("attributions"),
    "expected": df.attrs["attributions"],
    "synthetic": back.attrs.get("synthetic"),
    "epsg": back.crs.to_epsg(),
    "names": back["name"].tolist(),
    "expected_names": df["name"].tolist(),
    "kinds": sorted(set(back.geom_type)),
    "lines": lines.geom_type.tolist(),
    "line_credits": lines.attrs.get("attribution"),
    "weather_rows": [len(weather_back), len(weather)],
    "weather_caps": sorted(set(weather_back["capability"])),
}))
"""


def test_geoparquet_round_trip_keeps_the_attribution(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "GOOGLE_MAPS_API_KEY"}
    paths = [os.environ.get("MAPSNB_GEO_PYTHONPATH", ""), str(ROOT), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in paths if p)
    proc = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert proc.returncode == 0, (
        "the GeoParquet round trip failed (pyarrow comes with pip install 'mapsnb[geo]'):\n"
        + proc.stderr[-3000:]
    )
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert {"geo", "mapsnb"} <= set(out["keys"])  # GeoParquet's own key, and the credits
    assert out["mapsnb"]["synthetic"] is True
    assert "mapsnb sandbox (synthetic data)" in out["mapsnb"]["attribution"]
    assert out["mapsnb"]["attributions"] == out["expected"]
    assert out["attributions"] == out["expected"] and out["synthetic"] is True
    assert out["epsg"] == 4326 and out["kinds"] == ["Point"]
    assert out["names"] == out["expected_names"]
    assert out["lines"] == ["LineString"] and "synthetic" in out["line_credits"]
    assert out["weather_rows"][0] == out["weather_rows"][1]
    assert out["weather_caps"] == ["AIR_QUALITY", "WEATHER"]
