"""``client.search_area``: a whole area in one call, on the emulator and on a real local server
that holds a known set of places (denser than a page in some tiles): every place inside the area
found, with the exact call count; every area form; the plan; budgets refused before sending;
resume; the async twin."""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest
import shapely.geometry as sg

import mapsnb
from mapsnb._calls.area import Coverage
from mapsnb.errors import BudgetExceeded, InvalidRequest
from mapsnb.polyline import haversine_m
from tests.servers.area_server import TOWN, TOWN_AT, AreaServer, known_places

KEY = "AIza" + "FAKE-area-0123456789abcdefghijklmnopqrs"  # fake, split so no scanner flags it
#: An L-shaped area around the server's town: the dense cluster sits in its eastern arm.
L_SHAPE = {
    "type": "Polygon",
    "coordinates": [
        [
            [-9.18, 38.68],
            [-9.12, 38.68],
            [-9.12, 38.72],
            [-9.15, 38.72],
            [-9.15, 38.70],
            [-9.18, 38.70],
            [-9.18, 38.68],
        ]
    ],
}
#: The calls that find every place of the L (4 first-level tiles, split down to level 5).
L_CALLS = 42


def _inside(shape: Any) -> set[str]:
    """The server's places inside ``shape`` (shapely, independent of mapsnb's geometry)."""
    return {pid for pid, lat, lng in known_places() if shape.contains(sg.Point(lng, lat))}


@pytest.fixture
def server() -> Iterator[AreaServer]:
    with AreaServer() as srv:
        yield srv


def _client(srv: AreaServer, **kwargs: Any) -> mapsnb.Client:
    return mapsnb.Client(KEY, url=srv.url, **kwargs)


# ----------------------------------------------------------------------------- the emulator
def test_cafes_in_lisbon_on_the_emulator_is_one_deduplicated_frame_with_its_coverage() -> None:
    with mapsnb.Client() as client:
        df = client.search_area("cafés", "Lisbon, Portugal", progress=False)
    coverage = df.attrs["coverage"]
    assert isinstance(coverage, Coverage)
    assert len(df) > 100 and df["place_id"].is_unique
    assert list(df.columns[:3]) == ["place_id", "resource_name", "name"]
    assert df.columns[-1] == "tiles" and all(df["tiles"].map(len) >= 1)
    # the name resolved once to Lisbon; every place kept is within the 5 km circle around it
    lat0, lng0 = 38.72509, -9.1498
    assert coverage.area.startswith("'Lisbon, Portugal': 5,000 m around 38.7251,-9.1498")
    assert all(
        haversine_m(lat0, lng0, lat, lng) <= 5000
        for lat, lng in zip(df["lat"], df["lng"], strict=True)
    )
    # the emulator answers every tile with a full page: split down to max_depth=2 everywhere
    assert coverage.calls == coverage.sent == 1 + coverage.tiles_asked == 81
    assert coverage.calls_by_tier == {"Essentials": 1, "Pro": coverage.tiles_asked}
    assert coverage.tiles_full == (coverage.tiles["level"] == 2).sum() > 0
    assert coverage.covered_share == 0.0 and not coverage.complete
    text = repr(coverage)
    for words in ("tiles asked", "full tiles", "Pro", "covered", "places may be missing"):
        assert words in text
    # deterministic: another client gets the same frame
    with mapsnb.Client() as again:
        twin = again.search_area("cafés", "Lisbon, Portugal", progress=False)
    pd.testing.assert_frame_equal(df, twin)


# ----------------------------------------------------------------------------- a real server
def test_it_splits_dense_tiles_and_finds_every_place_the_server_holds_in_the_area(
    server: AreaServer,
) -> None:
    expected = _inside(sg.shape(L_SHAPE))
    assert len(expected) == 67 and sum("cluster" in p for p in expected) == 40
    with _client(server) as client:
        df = client.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
    coverage = df.attrs["coverage"]
    assert set(df["place_id"]) == expected and len(df) == len(expected)
    sent = server.tool_calls()
    assert len(sent) == coverage.calls == coverage.sent == L_CALLS
    assert coverage.complete and coverage.covered_share == pytest.approx(1.0)
    assert coverage.tiles_full == 0 and coverage.tiles["level"].max() == 5
    assert (coverage.tiles["status"] == "split").sum() > 4  # the cluster's tiles were split
    for args in sent:  # every tile asked with a page of 10 and a circle the tool accepts
        assert args["page_size"] == 10 and args["text_query"] == "cafés"
        assert 0 < args["location_bias"]["circle"]["radius_meters"] <= 50_000
    # each place names the tiles whose answers held it; the first found it
    tiles = coverage.tiles
    for lat, lng, found in zip(df["lat"], df["lng"], df["tiles"], strict=True):
        t = tiles.loc[found[0]]
        assert haversine_m(t["lat"], t["lng"], lat, lng) <= t["radius_m"]


def test_a_shallow_search_says_where_places_may_be_missing(server: AreaServer) -> None:
    expected = _inside(sg.shape(L_SHAPE))
    with _client(server) as client:
        df = client.search_area("cafés", L_SHAPE, max_depth=1, progress=False)
    coverage = df.attrs["coverage"]
    found = set(df["place_id"])
    assert found < expected  # some of the cluster is missing ...
    full = coverage.tiles[coverage.tiles["status"] == "full"]
    assert len(full) == coverage.tiles_full > 0 and set(full["reason"]) == {"max_depth"}
    assert 0 < coverage.covered_share < 1 and not coverage.complete
    assert "places may be missing there" in repr(coverage)
    # ... and every missing place lies in a full tile's circle
    places = {pid: (lat, lng) for pid, lat, lng in known_places()}
    for pid in expected - found:
        lat, lng = places[pid]
        assert any(haversine_m(t.lat, t.lng, lat, lng) <= t.radius_m for t in full.itertuples()), (
            pid
        )


@pytest.mark.parametrize(
    "form",
    ["viewport", "circle", "feature", "multipolygon_with_hole", "shapely", "geodataframe_3857"],
)
def test_every_form_of_area_keeps_exactly_the_places_inside_it(
    server: AreaServer, form: str
) -> None:
    if form == "viewport":
        area: Any = mapsnb.Viewport((38.69, -9.16), (38.715, -9.13))
        shape = sg.box(-9.16, 38.69, -9.13, 38.715)
    elif form == "circle":
        area = mapsnb.Circle(38.705, -9.145, 1500)
        shape = None
    elif form == "feature":
        area = {"type": "Feature", "properties": {}, "geometry": L_SHAPE}
        shape = sg.shape(L_SHAPE)
    elif form == "multipolygon_with_hole":
        outer = [(-9.17, 38.69), (-9.13, 38.69), (-9.13, 38.715), (-9.17, 38.715)]
        hole = [(-9.145, 38.703), (-9.135, 38.703), (-9.135, 38.711), (-9.145, 38.711)]
        west = [(-9.19, 38.68), (-9.18, 38.68), (-9.18, 38.69), (-9.19, 38.69)]
        shape = sg.MultiPolygon([sg.Polygon(outer, [hole]), sg.Polygon(west)])
        area = shape.__geo_interface__
    elif form == "shapely":
        shape = sg.shape(L_SHAPE)
        area = shape
    else:
        import geopandas as gpd

        shape = sg.shape(L_SHAPE)
        area = gpd.GeoDataFrame(geometry=[shape], crs=4326).to_crs(3857)
    if shape is None:
        expected = {
            pid for pid, lat, lng in known_places() if haversine_m(38.705, -9.145, lat, lng) <= 1500
        }
    else:
        expected = _inside(shape)
    assert len(expected) > 10
    with _client(server) as client:
        df = client.search_area("cafés", area, max_depth=7, progress=False)
    assert set(df["place_id"]) == expected, form
    assert df.attrs["coverage"].complete


# ----------------------------------------------------------------------------- plan and budget
def test_dry_run_gives_the_plan_and_its_cost_and_sends_nothing(server: AreaServer) -> None:
    with _client(server) as client:
        plan = client.search_area("cafés", L_SHAPE, max_depth=2, dry_run=True)
        by_name = client.search_area(TOWN, TOWN, dry_run=True, page_size=5)
    assert server.requests == []
    assert list(plan["kind"]) == ["tile"] * 4 and list(plan["tile"]) == [
        "r0c0",
        "r0c1",
        "r1c0",
        "r1c1",
    ]
    assert plan.attrs["calls_at_least"] == 4 and plan.attrs["tier"] == "Pro"
    assert 4 < plan.attrs["calls_at_most"] <= 4 + 16 + 64
    assert "tile calls are billed Pro" in plan.attrs["cost"]
    assert (
        plan["arguments"].iloc[0]["location_bias"]["circle"]["radius_meters"]
        == plan["radius_m"].iloc[0]
    )
    # a name: its resolution first, tiles placed once it is resolved; page_size 5 is Essentials
    assert list(by_name["kind"]) == ["resolve", "tile", "tile", "tile", "tile"]
    assert by_name["lat"].isna().all() and by_name.attrs["tier"] == "Essentials"
    assert by_name.attrs["calls_at_least"] == 5


def test_a_search_over_max_calls_is_refused_before_any_request(server: AreaServer) -> None:
    with _client(server) as client, pytest.raises(BudgetExceeded, match=r"at least 4 calls"):
        client.search_area("cafés", L_SHAPE, max_calls=3, progress=False)
    with _client(server, max_calls=2) as budgeted, pytest.raises(BudgetExceeded) as info:
        budgeted.search_area("cafés", L_SHAPE, progress=False)
    assert info.value.limit_name == "max_calls" and info.value.needed == 4
    with _client(server, max_pro_calls=3) as pro:
        with pytest.raises(BudgetExceeded, match="max_pro_calls"):
            pro.search_area("cafés", L_SHAPE, progress=False)
        pro.search_area("cafés", L_SHAPE, page_size=5, max_depth=0, progress=False)  # Essentials
    assert len(server.calls("tools/call")) == 4  # only the Essentials search went out


def test_max_calls_leaves_full_tiles_unsplit_and_says_so(server: AreaServer) -> None:
    with _client(server) as client:
        df = client.search_area("cafés", L_SHAPE, max_depth=6, max_calls=12, progress=False)
    coverage = df.attrs["coverage"]
    assert coverage.calls == len(server.tool_calls()) <= 12
    assert "max_calls" in set(coverage.tiles["reason"].dropna())
    assert coverage.stopped_by and "max_calls" in coverage.stopped_by and not coverage.complete


def test_bad_arguments_are_named_before_sending(server: AreaServer) -> None:
    with _client(server) as client:
        cases: list[tuple[dict[str, Any], str]] = [
            ({"area": 42}, "area"),
            ({"area": ""}, "area"),
            ({"area": mapsnb.Circle(38.7, -9.1)}, "area.radius_m"),
            (
                {
                    "area": {
                        "type": "Polygon",
                        "coordinates": [[[38.7, -9.1], [38.8, -9.1], [38.8, 95]]],
                    }
                },
                "area.coordinates[0][2]",
            ),
            ({"area": {"type": "Point", "coordinates": [0, 0]}}, "area.type"),
            ({"area": L_SHAPE, "page_size": 11}, "page_size"),
            ({"area": L_SHAPE, "max_depth": 17}, "max_depth"),
            ({"area": L_SHAPE, "tile_m": 0}, "tile_m"),
            ({"area": L_SHAPE, "resume": pd.DataFrame()}, "resume"),
        ]
        for kwargs, field in cases:
            with pytest.raises(InvalidRequest) as info:
                client.search_area("cafés", progress=False, **kwargs)
            assert info.value.field == field, (kwargs, info.value)
    assert server.requests == []


# ----------------------------------------------------------------------------- resume, async
def test_resume_asks_only_the_tiles_not_yet_answered(server: AreaServer) -> None:
    with _client(server) as client:
        shallow = client.search_area("cafés", L_SHAPE, max_depth=1, progress=False)
        first = len(server.tool_calls())
        deeper = client.search_area("cafés", L_SHAPE, max_depth=6, resume=shallow, progress=False)
    assert len(server.tool_calls()) - first == L_CALLS - first == deeper.attrs["coverage"].calls
    assert deeper.attrs["coverage"].resumed_tiles == first
    with AreaServer() as fresh_server, _client(fresh_server) as fresh:
        whole = fresh.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
    pd.testing.assert_frame_equal(deeper, whole)
    with _client(server) as client, pytest.raises(InvalidRequest, match="another query"):
        client.search_area("bars", L_SHAPE, resume=shallow, progress=False)


def test_a_failed_tile_is_reported_and_resumed(server: AreaServer) -> None:
    server.fail_calls = {3}
    with _client(server, max_retries=0) as client:
        broken = client.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
        coverage = broken.attrs["coverage"]
        assert coverage.tiles_failed == 1 and not coverage.complete
        assert "INVALID_ARGUMENT" in coverage.tiles["error"].dropna().iloc[0]
        before = len(server.tool_calls())
        healed = client.search_area("cafés", L_SHAPE, max_depth=6, resume=broken, progress=False)
    assert healed.attrs["coverage"].complete
    assert set(healed["place_id"]) == _inside(sg.shape(L_SHAPE))
    assert len(server.tool_calls()) - before == healed.attrs["coverage"].calls >= 1


def test_an_interrupted_search_keeps_its_partial_frame_for_resume(server: AreaServer) -> None:
    server.unauthorised_after = 6
    with _client(server, max_retries=0) as client:
        with pytest.raises(mapsnb.AuthError) as info:
            client.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
        partial = info.value.partial  # type: ignore[attr-defined]
        assert partial.attrs["coverage"].tiles_asked == 6
        assert "AuthError" in partial.attrs["coverage"].stopped_by
        server.unauthorised_after = None
        done = client.search_area("cafés", L_SHAPE, max_depth=6, resume=partial, progress=False)
    assert set(done["place_id"]) == _inside(sg.shape(L_SHAPE))
    assert len(server.tool_calls()) == L_CALLS + 1  # the refused call was asked again


def test_the_async_twin_gives_the_same_frame(server: AreaServer) -> None:
    sync, twin = mapsnb.Client.search_area, mapsnb.AsyncClient.search_area
    assert inspect.signature(sync) == inspect.signature(twin) and sync.__doc__ == twin.__doc__
    assert inspect.iscoroutinefunction(twin) and not inspect.iscoroutinefunction(sync)

    async def go() -> tuple[pd.DataFrame, pd.DataFrame]:
        async with mapsnb.AsyncClient(KEY, url=server.url) as client:
            plan = await client.search_area("cafés", L_SHAPE, max_depth=6, dry_run=True)
            df = await client.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
            return plan, df

    plan, df = asyncio.run(go())
    assert len(plan) == 4 and len(server.tool_calls()) == L_CALLS
    with AreaServer() as other, _client(other) as client:
        expected = client.search_area("cafés", L_SHAPE, max_depth=6, progress=False)
    pd.testing.assert_frame_equal(df, expected)


def test_a_name_is_resolved_once_then_tiled(server: AreaServer) -> None:
    with _client(server) as client:
        df = client.search_area("cafés", TOWN, radius_m=2000, max_depth=6, progress=False)
    sent = server.tool_calls()
    assert sent[0] == {"text_query": TOWN, "page_size": 1}
    assert all("location_bias" in args for args in sent[1:])
    expected = {pid for pid, lat, lng in known_places() if haversine_m(*TOWN_AT, lat, lng) <= 2000}
    assert set(df["place_id"]) == expected
    assert df.attrs["coverage"].calls == len(sent)
    assert math.isclose(df.attrs["coverage"].area_km2, math.pi * 4, rel_tol=1e-3)


def test_the_readme_example_and_its_cost_arithmetic_hold() -> None:
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    block = readme.split("<!-- area-example -->", 1)[1].split("<!-- /area-example -->", 1)[0]
    code = "\n".join(line for line in block.strip().splitlines() if not line.startswith("```"))
    scope: dict[str, Any] = {}
    exec(compile(code, "README.md", "exec"), scope)
    plan, cafes = scope["plan"], scope["cafes"]
    assert plan.attrs["calls_at_least"] == 5 and plan.attrs["calls_at_most"] == 81
    assert cafes.attrs["coverage"].calls <= plan.attrs["calls_at_most"]
    # the README's bound n·(4^(d+1) − 1)/3: a 2×2 grid at depth 2 and 3
    assert "84 for the default" in readme and 4 * (4**3 - 1) // 3 == 84
    assert "340 at depth 3" in readme and 4 * (4**4 - 1) // 3 == 340
    with mapsnb.Client() as client:
        east = -9.2 + 0.03 / math.cos(math.radians(38.715))  # a square on the ground
        square = client.search_area(
            "cafés", mapsnb.Viewport((38.7, -9.2), (38.73, east)), max_depth=3, dry_run=True
        )
    assert square.attrs["calls_at_most"] == 340 and len(square) == 4


def test_an_area_too_large_for_its_tiles_is_refused_quickly() -> None:
    world = {"type": "Polygon", "coordinates": [[[-170, -80], [170, -80], [170, 80], [-170, 80]]]}
    half = {"type": "Polygon", "coordinates": [[[0, -60], [170, -60], [170, 60], [0, 60]]]}
    with mapsnb.Client() as client:
        with pytest.raises(InvalidRequest, match="180° of longitude") as info:
            client.search_area("cafés", world, dry_run=True)
        assert info.value.field == "area"
        with pytest.raises(InvalidRequest, match="first grid of") as info:
            client.search_area("cafés", half, tile_m=1000, dry_run=True)
        assert info.value.field == "tile_m"
        with pytest.raises(InvalidRequest, match="at most 60 km"):
            client.search_area("cafés", half, dry_run=True)  # 60 km tiles: still 70,000
        box = {"type": "Polygon", "coordinates": [[[0, 30], [20, 30], [20, 50], [0, 50]]]}
        plan = client.search_area("cafés", box, dry_run=True)  # 60 km tiles
        assert 1000 < len(plan) <= 1200 and plan.attrs["tier"] == "Pro"
