"""Benchmark: ``air_quality_frame`` + ``pollutants_frame`` against ``pandas.json_normalize``.

A payload of 30 days x 24 hourly air-quality entries (2 indexes, 6 pollutants each) is turned
into tidy frames both ways, side by side in one run; medians of repeated runs are printed with
their ratio (goal: mapsnb <= 2x json_normalize, which does no time-zone or dtype work).

Run: ``python benchmarks/bench_frames.py [--repeat N]``.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pandas as pd

from mapsnb.frames import air_quality_frame, pollutants_frame

POLLUTANTS = ("co", "no2", "o3", "pm10", "pm25", "so2")
META = [
    ["dateTime", "year"],
    ["dateTime", "month"],
    ["dateTime", "day"],
    ["dateTime", "hours"],
    ["dateTime", "utcOffset"],
]


def build_payload(days: int = 30, start: date = date(2026, 10, 15)) -> dict[str, Any]:
    """``days`` x 24 hourly entries in America/Los_Angeles (crosses the 2026-11-01 DST change)."""
    zone = ZoneInfo("America/Los_Angeles")
    hours: list[dict[str, Any]] = []
    for d in range(days):
        day = start + timedelta(days=d)
        for h in range(24):
            local = datetime(day.year, day.month, day.day, h, tzinfo=zone)
            offset = int(local.utcoffset().total_seconds())  # type: ignore[union-attr]
            k = d * 24 + h
            hours.append(
                {
                    "dateTime": {
                        "year": day.year,
                        "month": day.month,
                        "day": day.day,
                        "hours": h,
                        "minutes": 0,
                        "seconds": 0,
                        "utcOffset": f"{offset}s",
                    },
                    "indexes": [
                        {
                            "code": code,
                            "displayName": name,
                            "aqi": (k * 7 + i) % 150,
                            "aqiDisplay": str((k * 7 + i) % 150),
                            "color": {"red": 0.2, "green": 0.6, "blue": 0.1 * i},
                            "category": "Good air quality",
                            "dominantPollutant": "o3",
                        }
                        for i, (code, name) in enumerate(
                            [("uaqi", "Universal AQI"), ("usa_epa", "AQI (US)")]
                        )
                    ],
                    "pollutants": [
                        {
                            "code": p,
                            "displayName": p.upper(),
                            "fullName": f"Pollutant {p}",
                            "concentration": {
                                "value": (k % 50) + j * 1.5,
                                "units": "PARTS_PER_BILLION",
                            },
                        }
                        for j, p in enumerate(POLLUTANTS)
                    ],
                    "healthRecommendations": {"generalPopulation": "Fine.", "elderly": "Fine."},
                }
            )
    return {"timeZone": "America/Los_Angeles", "airQuality": {"hourlyResults": hours}}


def run_mapsnb(payload: dict[str, Any]) -> tuple[pd.DataFrame, pd.DataFrame]:
    return air_quality_frame(payload), pollutants_frame(payload)


def run_json_normalize(payload: dict[str, Any]) -> tuple[pd.DataFrame, pd.DataFrame]:
    hours = payload["airQuality"]["hourlyResults"]
    indexes = pd.json_normalize(hours, record_path="indexes", meta=META)
    pollutants = pd.json_normalize(hours, record_path="pollutants", meta=META)
    return indexes, pollutants


def median_seconds(fn: Callable[[dict[str, Any]], Any], payload: dict, repeat: int) -> float:
    fn(payload)  # warm-up
    samples = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn(payload)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> float:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args(argv)
    payload = build_payload()
    aq, pol = run_mapsnb(payload)
    ref_aq, ref_pol = run_json_normalize(payload)
    assert len(aq) == len(ref_aq) == 30 * 24 * 2 and len(pol) == len(ref_pol) == 30 * 24 * 6
    # interleave the two so that machine load affects both alike
    ours, ref = [], []
    for _ in range(3):
        ours.append(median_seconds(run_mapsnb, payload, args.repeat))
        ref.append(median_seconds(run_json_normalize, payload, args.repeat))
    t_ours, t_ref = statistics.median(ours), statistics.median(ref)
    ratio = t_ours / t_ref
    print(f"rows: {len(aq)} index rows, {len(pol)} pollutant rows")
    print(f"mapsnb air_quality_frame + pollutants_frame: {t_ours * 1e3:8.2f} ms (median)")
    print(f"pandas.json_normalize (indexes + pollutants): {t_ref * 1e3:8.2f} ms (median)")
    print(f"ratio: {ratio:.2f}x (goal <= 2x)")
    return ratio


if __name__ == "__main__":
    main()
