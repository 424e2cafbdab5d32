"""Regressions: validation holes of issue 15 item 5 and the forms issue 11 items 3-5 accept."""

from __future__ import annotations

import datetime as dt
import itertools
from typing import Any

import numpy as np
import pandas as pd
import pytest

import mapsnb
from mapsnb import Circle, InvalidRequest, LatLng
from mapsnb._calls import arguments as rq
from mapsnb._calls.arguments._times import _RFC3339

NOW = dt.datetime(2026, 9, 18, 8, 0, tzinfo=dt.UTC)


def _refused(field: str, call: Any) -> InvalidRequest:
    with pytest.raises(InvalidRequest) as info:
        call()
    assert info.value.field == field, str(info.value)
    return info.value


# ---------------------------------------------------------------- issue 15 item 5
@pytest.mark.parametrize("code", ["US\n", "US\r\n", "\nUS", "U\nS", "ＵＳ"])
def test_region_codes_with_a_newline_or_wide_letters_are_refused(code: str) -> None:
    _refused("region_code", lambda: rq.search_places_args("pizza", region_code=code))
    _refused("region_code", lambda: rq.resolve_names_args(["Louvre"], region_code=code))
    _refused(
        "index_region_code",
        lambda: rq.lookup_weather_args("Paris", capabilities="AIR_QUALITY", index_region_code=code),
    )


def test_departure_time_with_a_seconds_offset_is_sent_as_rfc3339() -> None:
    odd = dt.timezone(dt.timedelta(hours=5, seconds=30))
    when = dt.datetime(2026, 9, 19, 8, 0, tzinfo=odd)
    args = rq.compute_routes_args("A", "B", departure_time=when, now=NOW)
    sent = args["departure_time"]
    assert _RFC3339.fullmatch(sent), sent
    assert dt.datetime.fromisoformat(sent) == when  # the same instant, in UTC
    assert "+05:00:30" not in sent


@pytest.mark.parametrize("text", ["2026-09-19T08:00:00+05:00\n", "2026-09-19T08:00:00+05:00:30"])
def test_departure_time_strings_must_match_rfc3339_whole(text: str) -> None:
    _refused("departure_time", lambda: rq.compute_routes_args("A", "B", departure_time=text + "x"))
    if text.endswith(":30"):
        _refused("departure_time", lambda: rq.compute_routes_args("A", "B", departure_time=text))


@pytest.mark.parametrize("waypoints", [5, True, 2.5, "Lyon", {"address": "Lyon"}, LatLng(1, 2)])
def test_waypoints_that_are_not_a_list_are_refused(waypoints: object) -> None:
    _refused(
        "intermediate_waypoints",
        lambda: rq.compute_routes_args("A", "B", intermediate_waypoints=waypoints, now=NOW),  # type: ignore[arg-type]
    )


def test_waypoints_may_be_a_generator_and_an_endless_one_is_refused() -> None:
    args = rq.compute_routes_args(
        "A", "B", intermediate_waypoints=(name for name in ["Lyon", "Dijon"]), now=NOW
    )
    assert args["intermediate_waypoints"] == [{"address": "Lyon"}, {"address": "Dijon"}]
    _refused(
        "intermediate_waypoints",
        lambda: rq.compute_routes_args(
            "A", "B", intermediate_waypoints=itertools.repeat("Lyon"), now=NOW
        ),
    )
    assert "intermediate_waypoints" not in rq.compute_routes_args(
        "A", "B", intermediate_waypoints=iter(()), now=NOW
    )


def test_huge_numbers_are_refused_not_overflowing() -> None:
    _refused("location_bias.radius_m", lambda: Circle(1, 2, 10**400).to_wire())
    _refused("location_bias.center.latitude", lambda: Circle(10**400, 2, 10).to_wire())
    for year in (10**400, float("inf"), -(10**30)):
        _refused(
            "date",
            lambda year=year: rq.lookup_weather_args(
                "Paris", capabilities="WEATHER", date={"year": year, "month": 1, "day": 1}
            ),
        )


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda: rq.resolve_names_args(itertools.repeat("x")), "queries"),
        (lambda: rq.resolve_maps_urls_args(itertools.count()), "urls"),
        (lambda: rq.resolve_names_args(iter([])), "queries"),
        (lambda: rq.resolve_names_args(b"bytes"), "queries"),
    ],
)
def test_batches_are_checked_while_reading(call: Any, field: str) -> None:
    _refused(field, call)


def test_resolve_names_takes_a_generator_of_up_to_20() -> None:
    args = rq.resolve_names_args(f"Place {i}" for i in range(20))
    assert len(args["queries"]) == 20


# ---------------------------------------------------------------- issue 11 item 3
def test_lookup_weather_with_malformed_capabilities_lists_them() -> None:
    # left out, capabilities follow the server's tools/list (issue 20.2): ["WEATHER"] here
    with mapsnb.Client() as client:
        assert client.lookup_weather("Paris").request["capabilities"] == ["WEATHER"]
        err = _refused("capabilities", lambda: client.lookup_weather("Paris", capabilities=7))
    assert all(name in err.rule for name in ("WEATHER", "AIR_QUALITY", "POLLEN"))


# ---------------------------------------------------------------- issue 11 item 4
WIRE = {"circle": {"center": {"latitude": 48.85, "longitude": 2.35}, "radius_meters": 1000}}


@pytest.mark.parametrize(
    "bias",
    [
        (48.85, 2.35, 1000),
        [48.85, 2.35, 1000],
        ((48.85, 2.35), 1000),
        Circle((48.85, 2.35), 1000),
        Circle((48.85, 2.35), radius_m=1000),
        Circle(LatLng(48.85, 2.35), 1000),
        Circle(48.85, 2.35, 1000),
        WIRE,
    ],
)
def test_location_bias_takes_the_obvious_forms(bias: object) -> None:
    assert rq.search_places_args("coffee", location_bias=bias)["location_bias"] == WIRE  # type: ignore[arg-type]


def test_location_bias_point_without_radius_and_sandbox_round_trip() -> None:
    centre_only = rq.search_places_args("coffee", location_bias=(48.85, 2.35))["location_bias"]
    assert centre_only == {"circle": {"center": {"latitude": 48.85, "longitude": 2.35}}}
    with mapsnb.Client() as client:
        result = client.search_places("coffee in Paris", location_bias=(48.85, 2.35, 1000))
    assert result.request["location_bias"] == WIRE


def test_circle_keeps_named_fields_and_refuses_ambiguity() -> None:
    c = Circle((48.85, 2.35), 1000)
    assert (c.lat, c.lng, c.radius_m) == (48.85, 2.35, 1000)
    assert c._replace(radius_m=5) == Circle(48.85, 2.35, 5)
    _refused("location_bias", lambda: Circle((48.85, 2.35), 1000, 2000))
    _refused("location_bias", lambda: rq.search_places_args("coffee", location_bias=(1, 2, 3, 4)))


# ---------------------------------------------------------------- issue 11 item 5
@pytest.mark.parametrize(
    "date",
    [
        pd.Timestamp("2026-09-18"),
        pd.Timestamp("2026-09-18", tz="Europe/Paris"),
        np.datetime64("2026-09-18"),
        np.datetime64("2026-09-18T00:00:00.000000000"),
        dt.datetime(2026, 9, 18),
        dt.date(2026, 9, 18),
    ],
)
def test_midnight_timestamps_are_dates(date: object) -> None:
    args = rq.lookup_weather_args("Paris", capabilities="WEATHER", date=date, hour=9)  # type: ignore[arg-type]
    assert args["date"] == {"year": 2026, "month": 9, "day": 18}


@pytest.mark.parametrize(
    "date",
    [
        pd.Timestamp("2026-09-18 13:00"),
        pd.Timestamp("2026-09-18 00:00:00.000000001"),
        np.datetime64("2026-09-18T13:00"),
        dt.datetime(2026, 9, 18, 0, 30),
        pd.NaT,
        np.datetime64("NaT"),
    ],
)
def test_a_real_time_of_day_is_refused(date: object) -> None:
    err = _refused(
        "date",
        lambda: rq.lookup_weather_args("Paris", capabilities="WEATHER", date=date),  # type: ignore[arg-type]
    )
    assert "date" in err.rule
