"""Frames at analyst scale against ``pandas.json_normalize`` of the same records, side by side.

Issue 24 goals, per case, on live-shaped payloads (every place named in the summary *and* in its
attribution title ``"<name> - Google Maps"``, live ``placeUrl`` form):

* ``search_places``: ``PlacesResult.from_payload(p).to_frame()`` (what
  ``client.search_places(...).to_frame()`` does) and ``mapsnb.frames.places_frame(p)`` on
  10,000 places <= 2.0x ``pandas.json_normalize(p["places"])``, <= 1.5x at 100,000; peak memory
  (tracemalloc) <= json_normalize's;
* the same for ``search_along_route`` (one answer, and ``AlongRouteResult``), for batches of
  ``search_places`` and ``search_along_route`` answers of 10 places and for ``resolve_names``
  batches (answers of 20 names): each answer goes through ``_batch_frame.absorb`` as a batch's worker hands it on
  (the payload and the request, no typed result), one frame is built at the end;
* air quality + pollutants, and pollen frames, <= 0.5x ``json_normalize``.

Issue 31 goals: ``mapsnb.concat(results)`` of 1,000 ``search_places`` results of 10 places
<= 2.0x ``json_normalize`` of their 10,000 places (it reads them through the batch's many-answer
reader, as a batch does); and for the summary-only live shape (every attribution title just
``"Google Maps"``: the places are named only in the summary, round-1 evidence), one answer of
10,000 places (``to_frame()``) and ``concat`` of 1,000 answers of 10, each <= 2.0x.

Issue 42 goal: the same for every summary-named shape (``summary_shapes``: a place cited twice in
its paragraph, two places in one paragraph, citations side by side ``[0][1]``, a list).

Every case runs its contenders in alternating order, round after round (a busy machine slows
both alike); printed are medians with their ranges, and the ratio to ``json_normalize`` per round
(median and range). Memory is each contender's peak under ``tracemalloc`` in a run of its own.

Run: ``python benchmarks/bench_frames.py [--sizes 10000 100000] [--rounds 5] [--only places
concat …]`` (case names: places, places_batch, along, along_batch, resolve, summary_only, concat,
summary_shapes, environment).
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb._calls.batch import assembly as bf
from mapsnb._calls.batch.planning import PlannedCall
from mapsnb._calls.flow import Answered
from mapsnb._store.cache import Stored
from mapsnb.frames import (
    air_quality_frame,
    along_route_frame,
    concat,
    places_frame,
    pollen_frame,
    pollutants_frame,
)
from mapsnb.results import AlongRouteResult, PlacesResult

Payload = dict[str, Any]


# ----------------------------------------------------------------------------- payloads
def live_view(i: int) -> tuple[dict[str, Any], str]:
    """A PlaceView as live sends it, and its name."""
    name = title_name_of(i)
    key = f"0x47c66f{i:010x}:0x{(i * 7919) % 2**32:08x}"
    base = "https://www.google.com/maps/place//data="
    url = f"{base}!4m2!3m1!1s{key}"
    pid = f"ChIJ{i:023d}"
    view = {
        "place": f"places/{pid}",
        "id": pid,
        "location": {"latitude": 52.0 + (i % 1000) / 1e4, "longitude": 5.0 + (i // 1000) / 1e4},
        "googleMapsLinks": {
            "placeUrl": url,
            "directionsUrl": f"https://www.google.com/maps/dir//''/data=!4m7!4m6!1m1!4e2!1m2!1m1!1s{key}",
            "reviewsUrl": f"{base}!4m4!3m3!1s{key}!9m1!1b1",
            "photosUrl": f"{base}!4m3!3m2!1s{key}!10e5",
            "writeAReviewUrl": f"{base}!4m3!3m2!1s{key}!12e1",
        },
        "attribution": {"title": f"{name} - Google Maps", "url": url},
    }
    return view, name


def paragraph(i: int, name: str) -> str:
    return (
        f"<p><strong>{name}</strong> installs solar panels and has a rating of 4.{i % 10} "
        f"stars; it is located at {i % 300 + 1} Oudegracht, 3511 AB Utrecht, Netherlands [{i}]."
        "</p>"
    )


def places_payload(n: int, start: int = 0) -> Payload:
    views, paragraphs = [], ["<p>Here are solar energy companies near Utrecht.</p>"]
    for k in range(n):
        view, name = live_view(start + k)
        views.append(view)
        paragraphs.append(paragraph(k, name))
    return {"places": views, "summary": "".join(paragraphs)}


def summary_only_payload(n: int, start: int = 0) -> Payload:
    """The live shape that names places only in the summary: every title ``"Google Maps"``."""
    p = places_payload(n, start)
    for view in p["places"]:
        view["attribution"] = {"title": "Google Maps", "url": view["attribution"]["url"]}
    return p


#: Summary-named shapes beyond one citation per paragraph (issue 42 item 6): paragraph ``k`` of
#: the answer's places (``names``), as live writes them when its summary cites a place twice,
#: names two places in one paragraph, cites places side by side or lists them.
def _repeated(k: int, names: list[str]) -> str:
    return (
        f"<p><strong>{names[k]}</strong> installs solar panels and has a rating of 4.{k % 10} "
        f"stars; it is located at {k % 300 + 1} Oudegracht, 3511 AB Utrecht [{k}]. It is 200 m "
        f"from the park [{k}].</p>"
    )


def _two_per_paragraph(k: int, names: list[str]) -> str:
    if k % 2:
        return ""
    second = (
        f" Nearby, <strong>{names[k + 1]}</strong> [{k + 1}] fits heat pumps."
        if k + 1 < len(names)
        else ""
    )
    return (
        f"<p><strong>{names[k]}</strong> installs solar panels and is located at "
        f"{k % 300 + 1} Oudegracht, 3511 AB Utrecht [{k}].{second}</p>"
    )


def _adjacent(k: int, names: list[str]) -> str:
    shared = (
        f" Both it and its neighbour offer free quotes [{k}][{k + 1}]."
        if k + 1 < len(names)
        else ""
    )
    return (
        f"<p><strong>{names[k]}</strong> installs solar panels; it is located at "
        f"{k % 300 + 1} Oudegracht, 3511 AB Utrecht [{k}].{shared}</p>"
    )


def _listed(k: int, names: list[str]) -> str:
    item = (
        f"<li><strong>{names[k]}</strong> installs solar panels and is located at "
        f"{k % 300 + 1} Oudegracht, 3511 AB Utrecht [{k}].</li>"
    )
    return ("<ul>" if k == 0 else "") + item + ("</ul>" if k == len(names) - 1 else "")


SUMMARY_SHAPES: dict[str, Callable[[int, list[str]], str]] = {
    "repeated citations": _repeated,
    "two places a paragraph": _two_per_paragraph,
    "adjacent citations": _adjacent,
    "a list": _listed,
}


def shaped_payload(shape: str, n: int, start: int = 0) -> Payload:
    """A summary-only answer (every title ``"Google Maps"``) of ``n`` places whose summary has
    the shape ``shape`` of :data:`SUMMARY_SHAPES`."""
    p = summary_only_payload(n, start)
    names = [title_name_of(start + k) for k in range(n)]
    write = SUMMARY_SHAPES[shape]
    p["summary"] = "<p>Here are solar energy companies near Utrecht.</p>" + "".join(
        write(k, names) for k in range(n)
    )
    return p


def title_name_of(i: int) -> str:
    """The name of place ``i`` in :func:`live_view`."""
    return f"Zonne Energie {i} B.V."


def along_payload(n: int, start: int = 0) -> Payload:
    p = places_payload(n, start)
    results = [
        {
            "place": view,
            "detourSummary": {
                "detourDuration": f"{60 + i % 900}s",
                "localizedDetourDistance": f"{(i % 50) / 10 + 0.1:.1f} km",
            },
        }
        for i, view in enumerate(p["places"])
    ]
    return {"results": results, "summary": p["summary"]}


def resolve_answers(n: int) -> list[tuple[Payload, Payload]]:
    """``n`` names as a batch sends them: answers of 20 with their requests (1 in 10 fails)."""
    out = []
    for start in range(0, n, 20):
        queries = [{"text": f"Zonne Energie {i} Utrecht"} for i in range(start, min(n, start + 20))]
        results: list[Any] = []
        failed: dict[str, Any] = {}
        for k in range(len(queries)):
            i = start + k
            if i % 10 == 9:
                results.append({})
                failed[str(k)] = {"code": 5, "message": f"no place matches query {k}"}
            else:
                results.append({"entity": {"place": f"places/ChIJ{i:023d}"}, "confidence": "HIGH"})
        payload = {"results": results, "failedRequests": failed, "saveToMapsUrl": "https://m/x"}
        out.append((payload, {"queries": queries}))
    return out


POLLUTANTS = ("co", "no2", "o3", "pm10", "pm25", "so2")
META = [
    ["dateTime", "year"],
    ["dateTime", "month"],
    ["dateTime", "day"],
    ["dateTime", "hours"],
    ["dateTime", "utcOffset"],
]


def air_quality_payload(days: int = 30, start: date = date(2026, 10, 15)) -> Payload:
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


def pollen_payload(days: int = 365, start: date = date(2026, 1, 1)) -> Payload:
    """``days`` days x (3 pollen types + 12 plants)."""
    info = {
        "code": "UPI",
        "displayName": "Universal Pollen Index",
        "value": 2,
        "category": "Low",
        "indexDescription": "People with very high allergy to pollen are likely to experience "
        "symptoms",
        "color": {"red": 0.5176471, "green": 0.81960785, "blue": 0.2901961},
    }
    plants = ("ALDER", "ASH", "BIRCH", "COTTONWOOD", "ELM", "MAPLE", "OLIVE", "JUNIPER", "OAK")
    plants += ("PINE", "RAGWEED", "GRAMINALES")
    out = []
    for d in range(days):
        day = start + timedelta(days=d)
        out.append(
            {
                "date": {"year": day.year, "month": day.month, "day": day.day},
                "pollenTypeInfo": [
                    {"code": c, "displayName": c.title(), "inSeason": True, "indexInfo": info}
                    for c in ("GRASS", "TREE", "WEED")
                ],
                "plantInfo": [
                    {"code": c, "displayName": c.title(), "inSeason": d % 2 == 0, "indexInfo": info}
                    for c in plants
                ],
            }
        )
    return {"regionCode": "US", "pollen": {"dailyInfo": out}}


# ----------------------------------------------------------------------------- contenders
ANSWERED_AT = datetime(2026, 12, 1, tzinfo=UTC)


def answered(payload: Payload, request: Payload) -> Answered:
    """A call's answer as a batch's worker hands it on (payload, request as sent, stored answer)."""
    return Answered(payload, request, Stored(payload, "live", ANSWERED_AT, ANSWERED_AT, "server"))


def batch_frame(tool: str, calls: list[tuple[PlannedCall, Answered]]) -> pd.DataFrame:
    """What a batch does with its answers: each absorbed as it arrives (``_batch_frame.absorb``,
    the function the batch runs), the tool rows built once at the end."""
    parts = bf.Parts()
    for call, outcome in calls:
        bf.absorb(parts, call, outcome, None)
    block = parts.packed_block(tool) if tool in bf.PACKED else parts.listed_block(tool)
    assert block is not None
    return block[0]


def one_row_calls(
    tool: str, request: Payload, answers: list[Payload]
) -> list[tuple[PlannedCall, Answered]]:
    """One call per input row, each with its answer (places and along-route batches)."""
    return [
        (PlannedCall(tool, request, [k], "pro"), answered(payload, request))
        for k, payload in enumerate(answers)
    ]


def resolve_calls(answers: list[tuple[Payload, Payload]]) -> list[tuple[PlannedCall, Answered]]:
    return [
        (
            PlannedCall(
                "resolve_names",
                request,
                [k * 20 + i for i in range(len(request["queries"]))],
                "free",
            ),
            answered(payload, request),
        )
        for k, (payload, request) in enumerate(answers)
    ]


def flat(answers: list[Any], key: str) -> list[Any]:
    return [record for payload in answers for record in payload[key]]


# ----------------------------------------------------------------------------- measuring
def timed(fn: Callable[[], Any]) -> float:
    gc.collect()
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def peak_mb(fn: Callable[[], Any]) -> float:
    gc.collect()
    tracemalloc.start()
    try:
        out = fn()
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    del out
    return peak / 2**20


def compare(
    title: str,
    contenders: dict[str, Callable[[], Any]],
    reference: Callable[[], Any],
    rounds: int,
    goal: float,
    memory: bool,
) -> list[tuple[str, float, float | None]]:
    """Time ``contenders`` and ``reference`` in alternating order; print medians and ratios."""
    every = {**contenders, "pandas.json_normalize": reference}
    for fn in every.values():  # warm-up (imports, caches)
        fn()
    times: dict[str, list[float]] = {name: [] for name in every}
    names = list(every)
    for r in range(rounds):
        for name in names[r % len(names) :] + names[: r % len(names)]:
            times[name].append(timed(every[name]))
    ref = times["pandas.json_normalize"]
    peaks = {name: peak_mb(fn) for name, fn in every.items()} if memory else {}
    print(f"\n{title}")
    out = []
    for name in every:
        t = times[name]
        line = f"  {name:<44} {statistics.median(t):8.3f} s ({min(t):.3f}–{max(t):.3f})"
        if name in contenders:
            ratios = [a / b for a, b in zip(t, ref, strict=True)]
            ratio = statistics.median(ratios)
            verdict = "meets" if ratio <= goal else "MISSES"
            line += f"  {ratio:5.2f}x ({min(ratios):.2f}–{max(ratios):.2f}) {verdict} <= {goal}x"
            mem_ratio = None
            if memory:
                mem_ratio = peaks[name] / peaks["pandas.json_normalize"]
                line += f"  peak {peaks[name]:7.1f} MB = {mem_ratio:.2f}x"
            out.append((name, ratio, mem_ratio))
        elif memory:
            line += f"  {'':38}peak {peaks[name]:7.1f} MB"
        print(line)
    return out


def case_places(n: int, rounds: int, goal: float, memory: bool) -> None:
    p = places_payload(n)
    compare(
        f"search_places, one answer of {n:,} live-shaped places",
        {
            "PlacesResult.from_payload(p).to_frame()": lambda: PlacesResult.from_payload(
                p
            ).to_frame(),
            "mapsnb.frames.places_frame(p)": lambda: places_frame(p),
        },
        lambda: pd.json_normalize(p["places"]),
        rounds,
        goal,
        memory,
    )


def case_summary_only(n: int, rounds: int, goal: float, memory: bool) -> None:
    p = summary_only_payload(n)
    compare(
        f"search_places, one answer of {n:,} places named only in the summary",
        {
            "PlacesResult.from_payload(p).to_frame()": lambda: PlacesResult.from_payload(
                p
            ).to_frame()
        },
        lambda: pd.json_normalize(p["places"]),
        rounds,
        max(goal, 2.0),
        memory,
    )


def compare_concat(title: str, answers: list[Payload], rounds: int, memory: bool) -> None:
    """``mapsnb.concat`` of the typed results of ``answers`` against ``json_normalize`` of all
    their places (the results are made once, as a user holds them)."""
    results = [
        PlacesResult.from_payload(a, request={"text_query": "solar energy companies"})
        for a in answers
    ]
    compare(
        title,
        {"mapsnb.concat(results)": lambda: concat(results)},
        lambda: pd.json_normalize(flat(answers, "places")),
        rounds,
        2.0,
        memory,
    )


def case_concat(n: int, rounds: int, goal: float, memory: bool) -> None:
    answers = [places_payload(10, start) for start in range(0, n, 10)]
    compare_concat(
        f"mapsnb.concat: {n // 10:,} search_places results of 10", answers, rounds, memory
    )
    answers = [summary_only_payload(10, start) for start in range(0, n, 10)]
    title = f"mapsnb.concat: {n // 10:,} results of 10 places named only in the summary"
    compare_concat(title, answers, rounds, memory)


def case_summary_shapes(n: int, rounds: int, goal: float, memory: bool) -> None:
    """Each summary-named shape of :data:`SUMMARY_SHAPES` (titles just ``"Google Maps"``): one
    answer of ``n`` places (``to_frame()``) and ``concat`` of ``n / 10`` answers of 10."""
    for shape in SUMMARY_SHAPES:
        p = shaped_payload(shape, n)
        compare(
            f"search_places, one answer of {n:,} places named only in the summary: {shape}",
            {
                "PlacesResult.from_payload(p).to_frame()": lambda p=p: PlacesResult.from_payload(
                    p
                ).to_frame()
            },
            lambda p=p: pd.json_normalize(p["places"]),
            rounds,
            max(goal, 2.0),
            memory,
        )
        answers = [shaped_payload(shape, 10, start) for start in range(0, n, 10)]
        title = f"mapsnb.concat: {n // 10:,} results of 10 named only in the summary: {shape}"
        compare_concat(title, answers, rounds, memory)


def compare_batch(
    title: str,
    tool: str,
    calls: list[tuple[PlannedCall, Answered]],
    key: str,
    rounds: int,
    goal: float,
    memory: bool,
) -> None:
    """A batch's frame of ``calls`` against ``json_normalize`` of the records under ``key`` of
    all their answers (gathered in the timed run, as a loop over raw answers would)."""
    payloads = [outcome.raw for _, outcome in calls]
    compare(
        title,
        {"batch: absorb each answer, one frame": lambda: batch_frame(tool, calls)},
        lambda: pd.json_normalize(flat(payloads, key)),
        rounds,
        goal,
        memory,
    )


def case_places_batch(n: int, rounds: int, goal: float, memory: bool) -> None:
    answers = [places_payload(10, start) for start in range(0, n, 10)]
    request = {"text_query": "solar energy companies near Utrecht"}
    calls = one_row_calls("search_places", request, answers)
    title = f"search_places batch: {n // 10:,} answers of 10 places"
    compare_batch(title, "search_places", calls, "places", rounds, goal, memory)


def case_along(n: int, rounds: int, goal: float, memory: bool) -> None:
    a = along_payload(n)
    compare(
        f"search_along_route, one answer of {n:,} results",
        {
            "AlongRouteResult.from_payload(p).to_frame()": lambda: AlongRouteResult.from_payload(
                a
            ).to_frame(),
            "mapsnb.frames.along_route_frame(p)": lambda: along_route_frame(a),
        },
        lambda: pd.json_normalize(a["results"]),
        rounds,
        goal,
        memory,
    )


def case_along_batch(n: int, rounds: int, goal: float, memory: bool) -> None:
    answers = [along_payload(10, start) for start in range(0, n, 10)]
    request = {"text_query": "solar", "route_retrieval_token": "token"}
    calls = one_row_calls("search_along_route", request, answers)
    title = f"search_along_route batch: {n // 10:,} answers of 10 results"
    compare_batch(title, "search_along_route", calls, "results", rounds, goal, memory)


def case_resolve(n: int, rounds: int, goal: float, memory: bool) -> None:
    names = resolve_answers(n)
    title = f"resolve_names batch: {n:,} names in {len(names):,} answers of 20"
    compare_batch(title, "resolve_names", resolve_calls(names), "results", rounds, goal, memory)


def case_environment(rounds: int) -> None:
    aq = air_quality_payload()
    hours = aq["airQuality"]["hourlyResults"]
    compare(
        "air quality: 30 days x 24 h x (2 indexes + 6 pollutants)",
        {
            "air_quality_frame + pollutants_frame": lambda: (
                air_quality_frame(aq),
                pollutants_frame(aq),
            )
        },
        lambda: (
            pd.json_normalize(hours, record_path="indexes", meta=META),
            pd.json_normalize(hours, record_path="pollutants", meta=META),
        ),
        rounds,
        0.5,
        False,
    )
    pollen = pollen_payload()
    days = pollen["pollen"]["dailyInfo"]
    day_meta = [["date", "year"], ["date", "month"], ["date", "day"]]
    compare(
        "pollen: 365 days x (3 types + 12 plants)",
        {"pollen_frame": lambda: pollen_frame(pollen)},
        lambda: (
            pd.json_normalize(days, record_path="pollenTypeInfo", meta=day_meta),
            pd.json_normalize(days, record_path="plantInfo", meta=day_meta),
        ),
        rounds,
        0.5,
        False,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc runs")
    parser.add_argument(
        "--only", nargs="+", help="run only these cases (e.g. summary_only concat)", default=None
    )
    args = parser.parse_args(argv)
    memory = not args.no_memory
    print(f"medians of {args.rounds} alternating rounds; ratio = time / json_normalize's")
    for n in args.sizes:
        goal = 2.0 if n <= 10_000 else 1.5
        rounds = args.rounds if n <= 10_000 else max(3, args.rounds // 2)
        cases = (case_places, case_places_batch, case_along, case_along_batch, case_resolve)
        for case in (*cases, case_summary_only, case_concat, case_summary_shapes):
            if args.only is None or case.__name__.removeprefix("case_") in args.only:
                case(n, rounds, goal, memory)
    if args.only is None or "environment" in args.only:
        case_environment(args.rounds * 3)


if __name__ == "__main__":
    main()
