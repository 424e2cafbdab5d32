"""Nothing dropped (issue 42, item 1): every capability a call or batch asked reaches its
default table, ``to_frame()`` and ``mapsnb.concat``; weather rows carry their point; rows of
several zones keep ``time_zone`` and their local wall time."""

from __future__ import annotations

import datetime as dt
import warnings

import pandas as pd
import pytest

import mapsnb
from mapsnb.errors import OmittedDataWarning

BOTH = ["WEATHER", "AIR_QUALITY"]


@pytest.fixture
def client(no_env_key: None) -> mapsnb.Client:
    return mapsnb.Client(now="2026-06-10T09:00:00+02:00")


def test_to_frame_keeps_weather_and_air_quality(client: mapsnb.Client) -> None:
    result = client.lookup_weather((48.8566, 2.3522), capabilities=BOTH)
    df = result.to_frame()
    assert df["capability"].tolist()[0] == "WEATHER"
    assert set(df["capability"]) == {"WEATHER", "AIR_QUALITY"}
    weather = df[df["capability"] == "WEATHER"]
    air = df[df["capability"] == "AIR_QUALITY"]
    assert len(weather) == len(result.current_weather) == 1
    assert len(air) == len(result.air_quality) > 0
    assert weather["temperature_c"].notna().all() and air["aqi"].notna().all()
    assert weather["aqi"].isna().all()  # each row fills its own capability's columns
    # the answer's point: the request's lat/lng when the answer names none
    assert weather["returned_lat"].tolist() == [48.8566]
    assert weather["returned_lng"].tolist() == [2.3522]
    assert air["returned_lat"].tolist() == [48.8566] * len(air)  # the same answer's point
    titles = " ".join(a["title"] for a in df.attrs["attributions"])
    assert "weather" in titles and "air quality" in titles


def test_one_capability_keeps_its_table_as_before(client: mapsnb.Client) -> None:
    result = client.lookup_weather("Lyon", capabilities=["AIR_QUALITY"])
    df = result.to_frame()
    assert "capability" not in df.columns
    pd.testing.assert_frame_equal(df, result.air_quality)


def test_rows_that_do_not_fit_warn_naming_their_accessor(client: mapsnb.Client) -> None:
    result = client.lookup_weather(
        "Lyon", capabilities=["AIR_QUALITY"], include_pollutant_concentration=True
    )
    assert len(result.pollutants)
    with pytest.warns(OmittedDataWarning, match=r"result\.pollutants"):
        result.to_frame()
    plain = client.lookup_weather("Lyon", capabilities=BOTH)
    with warnings.catch_warnings():
        warnings.simplefilter("error", OmittedDataWarning)
        plain.to_frame()  # everything fits: no warning


def test_batch_and_concat_keep_both_and_local_times(client: mapsnb.Client) -> None:
    places = ["Paris", "Tokyo", "New York"]
    out = client.batch.lookup_weather(places, capabilities=BOTH, progress=False)
    assert (out["status"] == "ok").all()
    for place in places:
        rows = out[out["place"] == place]
        assert set(rows["capability"]) == {"WEATHER", "AIR_QUALITY"}, place
    assert out["time_zone"].nunique() == 3
    assert str(out["time"].dtype) == "datetime64[ns, UTC]"
    i = out.columns.get_loc("time")
    assert out.columns[i + 1] == "local_time"
    for _, row in out.iterrows():
        expected = row["time"].tz_convert(row["time_zone"]).tz_localize(None)
        assert row["local_time"] == expected
    stacked = mapsnb.concat(
        [client.lookup_weather(p, capabilities=BOTH) for p in ("Paris", "Tokyo")]
    )
    assert set(stacked["capability"]) == {"WEATHER", "AIR_QUALITY"}
    assert stacked.groupby("request")["capability"].nunique().tolist() == [2, 2]
    tokyo = stacked[stacked["request"] == "Tokyo"].iloc[0]
    assert tokyo["local_time"] == tokyo["time"].tz_convert("Asia/Tokyo").tz_localize(None)


def test_a_day_of_weather_and_air_quality_in_one_zone_has_no_local_time(
    client: mapsnb.Client,
) -> None:
    day = dt.date(2026, 6, 11)
    out = client.batch.lookup_weather(
        ["Paris", "Lyon"], capabilities=BOTH, date=day, progress=False
    )
    assert set(out["capability"]) == {"WEATHER", "AIR_QUALITY"}
    assert "local_time" not in out.columns  # one zone: ``time`` is already local
    assert str(out["time"].dtype) == "datetime64[ns, Europe/Paris]"
