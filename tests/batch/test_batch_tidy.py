"""Tidy batch frames and honest progress bars (issue 31, items 1 and 2).

The bars are tqdm's real objects (the notebook bar is an ipywidgets ``FloatProgress`` whose
``bar_style`` is what JupyterLab colours: ``"success"`` green, ``"danger"`` red).
"""

from __future__ import annotations

import _thread
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest
import tqdm.auto
import tqdm.notebook
import tqdm.std

import mapsnb
from mapsnb.frames import TEXT
from tests.batch.test_batch_interrupt import interrupt_after
from tests.servers.batch_server import BatchServer

KEY = "AIzaFAKEKEY-batch"
TOWNS = ["Paris", "Lyon", "Berlin", "Madrid", "Rome", "Lisbon", "Vienna", "Prague"] * 5
PARIS_ZONE = "Europe/Paris"


@pytest.fixture(scope="module")
def sandbox() -> Iterator[mapsnb.Client]:
    # a fixed clock: calls a second apart would otherwise read different current times
    with mapsnb.Client(sandbox=True, now="2026-06-10T09:00:00+02:00") as client:
        yield client


def bars_of(monkeypatch: pytest.MonkeyPatch, base: Any) -> list[Any]:
    """Make the batch's ``tqdm.auto.tqdm`` the real bar class ``base``; collect the bars."""
    made: list[Any] = []

    class Kept(base):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            made.append(self)

    monkeypatch.setattr(tqdm.auto, "tqdm", Kept)
    return made


def bar_style(bar: Any) -> str:
    return str(bar.container.children[1].bar_style)


# ------------------------------------------------------------------------------ progress
def test_the_notebook_bar_of_a_finished_batch_ends_full_and_green(
    sandbox: mapsnb.Client, monkeypatch: pytest.MonkeyPatch
) -> None:
    """40 weather calls answered in-process come back faster than they are read: the bar used
    to be closed before the last answers were counted (red "18/40" in JupyterLab)."""
    bars = bars_of(monkeypatch, tqdm.notebook.tqdm)
    out = sandbox.batch.lookup_weather(TOWNS, max_concurrency=40)
    assert out["status"].eq("ok").all()
    (bar,) = bars
    assert bar.n == bar.total == 40
    assert bar.container.children[1].value == 40
    assert bar_style(bar) == "success"
    assert "failed" not in bar.postfix if bar.postfix else True


def test_failed_rows_are_counted_in_the_postfix_and_the_bar_stays_green(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bars = bars_of(monkeypatch, tqdm.notebook.tqdm)
    names = ["shop 1", "shop 2", "   ", "fail", "two fail"]
    with BatchServer(latency=0.05) as server, mapsnb.Client(KEY, url=server.url) as client:
        out = client.batch.search_places(names, max_concurrency=5)
    assert out["status"].tolist() == ["ok", "ok", "invalid", "error", "error"]
    (bar,) = bars
    assert bar.n == bar.total == 4  # the invalid row is never sent
    assert bar.postfix == "failed=3"  # rows: two calls failed, one row refused
    assert bar_style(bar) == "success"


def test_the_terminal_bar_prints_its_last_count(
    sandbox: mapsnb.Client, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bars = bars_of(monkeypatch, tqdm.std.tqdm)
    sandbox.batch.lookup_weather(TOWNS, max_concurrency=40)
    (bar,) = bars
    assert bar.n == bar.total == 40
    assert "40/40" in capsys.readouterr().err.rsplit("\r", 1)[-1]


@pytest.mark.usefixtures("ctrl_c")
def test_an_interrupted_batch_leaves_a_red_bar(monkeypatch: pytest.MonkeyPatch) -> None:
    bars = bars_of(monkeypatch, tqdm.notebook.tqdm)
    queries = [f"query {i}" for i in range(24)]
    with BatchServer(latency=0.15) as server, mapsnb.Client(KEY, url=server.url) as client:
        interrupt_after(server, 6, _thread.interrupt_main)
        with pytest.raises(KeyboardInterrupt):
            client.batch.search_places(queries, max_concurrency=2)
    (bar,) = bars
    assert bar.n < bar.total == 24
    assert bar_style(bar) == "danger"
    assert bar.colour == "red"


# ------------------------------------------------------------------------------ index
def test_the_position_level_counts_within_each_input_row(sandbox: mapsnb.Client) -> None:
    """Not the row's place inside a packed call, nor the input's own level name twice."""
    frame = pd.DataFrame(
        {"q": ["Eiffel Tower", "Louvre", "Notre-Dame"]},
        index=pd.MultiIndex.from_tuples([(1, "a"), (1, "b"), (2, "a")], names=["id", "item"]),
    )
    out = sandbox.batch.resolve_names(frame, queries="q", progress=False)
    assert out.index.names == ["id", "item", "result"]
    assert out.index.tolist() == [(1, "a", 0), (1, "b", 0), (2, "a", 0)]

    named = pd.DataFrame({"q": ["coffee in Lyon", "museum in Porto"]}, index=["x", "y"])
    named.index.name = "citation"
    places = sandbox.batch.search_places(named, text_query="q", progress=False)
    assert places.index.names == ["citation", "citation_position"]
    within = places.groupby(level="citation").cumcount().tolist()
    assert places.index.get_level_values("citation_position").tolist() == within


@pytest.mark.parametrize(
    ("table", "level"),
    [("hourly_weather", "hour"), ("daily_weather", "day"), ("current_weather", "record")],
)
def test_weather_tables_name_their_position_level(
    sandbox: mapsnb.Client, table: str, level: str
) -> None:
    kw: dict[str, Any] = {"hour": 12} if table == "hourly_weather" else {}
    if table == "daily_weather":
        kw = {"date": "2026-12-05"}
    out = sandbox.batch.lookup_weather(
        ["Paris", "Tokyo"], capabilities="WEATHER", table=table, progress=False, **kw
    )
    assert out.index.names == ["input", level]
    assert out.index.get_level_values(level).tolist() == out.groupby(level=0).cumcount().tolist()


# ------------------------------------------------------------------------------ dtypes
def texts_are_one_dtype(df: pd.DataFrame) -> list[str]:
    """The columns holding texts (some value, all str) whose dtype is not :data:`TEXT`."""
    wrong = []
    for name in df.columns:
        values = df[name].dropna()
        if len(values) and all(isinstance(v, str) for v in values) and df[name].dtype != TEXT:
            wrong.append(f"{name}: {df[name].dtype}")
    return wrong


def test_flags_are_nullable_boolean_and_texts_one_dtype(sandbox: mapsnb.Client) -> None:
    names = ["Eiffel Tower", "   ", "Louvre"]
    out = sandbox.batch.resolve_names(names, progress=False)
    assert str(out["ok"].dtype) == "boolean"
    assert out["ok"].isna().tolist() == [False, True, False]  # the refused row: no answer
    assert texts_are_one_dtype(out) == []
    assert out["status"].dtype == TEXT and out["query"].dtype == TEXT
    single = sandbox.resolve_names(names[:1]).to_frame()
    assert str(single["ok"].dtype) == "boolean"
    assert single["error_status"].dtype == TEXT  # all missing: still the text dtype

    places = sandbox.batch.search_places(["coffee in Lyon", "   "], progress=False)
    assert str(places["cited"].dtype) == "boolean" and places["cited"].isna().iloc[-1]
    assert texts_are_one_dtype(places) == []
    weather = sandbox.batch.lookup_weather(["Paris", "Tokyo"], progress=False)
    assert texts_are_one_dtype(weather) == [] and weather["place"].dtype == TEXT
    assert str(weather["is_daytime"].dtype) == "boolean"
    routes = sandbox.batch.compute_routes(["Paris"], destination="Lyon", progress=False)
    assert texts_are_one_dtype(routes) == []
    for single_frame in (
        sandbox.search_places("coffee in Lyon").to_frame(),
        sandbox.compute_routes("Paris", "Lyon").to_frame(),
        sandbox.lookup_weather("Paris").current_weather,
    ):
        assert texts_are_one_dtype(single_frame) == []


# ------------------------------------------------------------------------------ times
def test_times_are_local_in_one_zone_and_utc_with_a_zone_column_in_several(
    sandbox: mapsnb.Client,
) -> None:
    one = sandbox.batch.lookup_weather(["Paris", "Paris 16e"], progress=False)
    single = sandbox.lookup_weather("Paris").current_weather
    assert str(single["time"].dtype) == f"datetime64[ns, {PARIS_ZONE}]"
    assert one["time"].dtype == single["time"].dtype  # the single call's local time
    assert one["time_zone"].tolist() == [PARIS_ZONE, PARIS_ZONE]

    several = sandbox.batch.lookup_weather(["Paris", "Tokyo"], progress=False)
    assert str(several["time"].dtype) == "datetime64[ns, UTC]"
    tokyo = sandbox.lookup_weather("Tokyo").current_weather
    assert several["time_zone"].tolist() == [PARIS_ZONE, tokyo.attrs["time_zone"]]
    local = [t.tz_convert(z) for t, z in zip(several["time"], several["time_zone"], strict=True)]
    assert local == [single["time"].iloc[0], tokyo["time"].iloc[0]]


def test_concat_says_each_rows_zone_as_the_batch_does(sandbox: mapsnb.Client) -> None:
    calls = [sandbox.lookup_weather(p) for p in ("Paris", "Tokyo")]
    stacked = mapsnb.concat(calls)
    assert str(stacked["time"].dtype) == "datetime64[ns, UTC]"
    assert stacked["time_zone"].tolist() == [c.current_weather.attrs["time_zone"] for c in calls]
    assert stacked["time_zone"].dtype == TEXT


def test_a_resumed_weather_batch_equals_the_first(sandbox: mapsnb.Client) -> None:
    """Each row's zone is kept from the frame resumed (not blank where no call was sent)."""
    cities = pd.DataFrame({"place": ["Paris", "Tokyo", "xyzzyville", ""]})
    first = sandbox.batch.lookup_weather(cities, location="place", progress=False)
    again = sandbox.batch.lookup_weather(cities, location="place", resume=first, progress=False)
    assert again.attrs["calls"] == 0 and first["time_zone"].notna().sum() == 2
    pd.testing.assert_frame_equal(again, first, check_like=False)
