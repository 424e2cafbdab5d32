"""``search_area`` resumes keep everything and damaged resume frames get named errors; areas
across the antimeridian given as a MultiPolygon are searched, not refused."""

from __future__ import annotations

import copy
import traceback
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest
import shapely.geometry as sg
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb.errors import InvalidRequest, MapsnbError
from tests.hypothesis_setup import examples
from tests.servers.area_server import OLD_TOWN_VIEW, AreaServer, old_town_places

KEY = "AIza" + "FAKE-area-0123456789abcdefghijklmnopqrs"  # fake, split so no scanner flags it
VIEW = mapsnb.Viewport(*OLD_TOWN_VIEW)


@pytest.fixture
def server() -> Iterator[AreaServer]:
    srv = AreaServer(old_town_places())
    with srv:
        yield srv


def _client(srv: AreaServer, **kwargs: Any) -> mapsnb.Client:
    return mapsnb.Client(KEY, url=srv.url, max_retries=0, **kwargs)


def _stopped(client: mapsnb.Client, **kwargs: Any) -> pd.DataFrame:
    with pytest.raises(mapsnb.AuthError) as info:
        client.search_area("cafe", VIEW, max_calls=3000, progress=False, **kwargs)
    partial: pd.DataFrame = info.value.partial  # type: ignore[attr-defined]
    return partial


def test_a_resumed_search_stopped_again_keeps_every_tile_of_every_run(
    server: AreaServer, caplog: pytest.LogCaptureFixture
) -> None:
    server.fail_calls = {1}  # the first tile fails: a resumed search asks it first
    server.unauthorised_after = 30
    with _client(server) as client:
        first = _stopped(client)
        # the stop is told through the module's logger (on stderr when logging is not configured)
        (record,) = [r for r in caplog.records if r.name == "mapsnb._calls.area.search"]
        assert record.levelname == "WARNING" and "(AuthError): 30 tiles answered" in (
            record.getMessage()
        )
        assert "pass resume=" in record.getMessage()
        done_first = first.attrs["coverage"].tiles
        assert len(done_first) == 30 and (done_first["status"] == "failed").sum() == 1
        server.unauthorised_after = len(server.tool_calls())  # the next call is refused
        second = _stopped(client, resume=first)
        tiles = second.attrs["coverage"].tiles
        # every tile of the first run is still there, with what it found
        assert set(done_first.index) <= set(tiles.index)
        assert set(first["place_id"]) <= set(second["place_id"])
        assert tiles.loc["r0c0", "status"] == "failed"
        server.unauthorised_after = len(server.tool_calls()) + 12  # a third run, stopped again
        third = _stopped(client, resume=second)
        assert set(tiles.index) <= set(third.attrs["coverage"].tiles.index)
        assert set(second["place_id"]) <= set(third["place_id"])
        server.unauthorised_after = None
        before = len(server.tool_calls())
        done = client.search_area("cafe", VIEW, max_calls=3000, resume=third, progress=False)
    assert len(done) == 300 and done.attrs["coverage"].complete
    # no tile answered in an earlier run was asked again (only the failed and refused ones)
    fresh = AreaServer(old_town_places())
    with fresh, _client(fresh) as client:
        whole = client.search_area("cafe", VIEW, max_calls=3000, progress=False)
    assert len(server.tool_calls()) - before == done.attrs["coverage"].calls
    assert len(server.tool_calls()) == whole.attrs["coverage"].calls + 1 + 1 + 1 + 1
    pd.testing.assert_frame_equal(
        done.drop(columns="tiles").sort_values("place_id").reset_index(drop=True),
        whole.drop(columns="tiles").sort_values("place_id").reset_index(drop=True),
    )


def test_a_deeper_resume_is_kept_by_a_shallower_search(server: AreaServer) -> None:
    with _client(server) as client:
        deep = client.search_area("cafe", VIEW, max_calls=3000, progress=False)
        sent = len(server.tool_calls())
        again = client.search_area("cafe", VIEW, max_depth=1, resume=deep, progress=False)
    assert len(server.tool_calls()) == sent  # nothing asked: every tile came from resume=
    assert len(again) == 300 and again.attrs["coverage"].complete


# ----------------------------------------------------------------------------- damaged frames
BASE: dict[str, pd.DataFrame] = {}


def _base() -> pd.DataFrame:
    """A small finished search on the emulator (built once)."""
    if "frame" not in BASE:
        with mapsnb.Client() as client:
            BASE["frame"] = client.search_area(
                "cafés", mapsnb.Viewport((38.70, -9.16), (38.72, -9.13)), max_calls=9,
                progress=False,
            )  # fmt: skip
    return BASE["frame"]


def test_a_missing_or_mistyped_column_is_named_up_front() -> None:
    base = _base()
    with mapsnb.Client() as client:
        for damage, column in [
            (lambda f: f.drop(columns="tiles"), "tiles"),
            (lambda f: f.drop(columns=["lat", "place_id"]), "lat"),
            (lambda f: f.assign(lat="north"), "lat"),
            (lambda f: f.assign(tiles=3), "tiles"),
            (lambda f: f.assign(name=7), "name"),
        ]:
            frame = damage(base.copy())
            frame.attrs = base.attrs
            with pytest.raises(InvalidRequest) as info:
                client.search_area(
                    "cafés", mapsnb.Viewport((38.70, -9.16), (38.72, -9.13)), max_calls=12,
                    resume=frame, progress=False,
                )  # fmt: skip
            assert info.value.field == "resume" and column in info.value.columns  # type: ignore[attr-defined]
            assert column in str(info.value)
        coverage = copy.copy(base.attrs["coverage"])
        coverage.tiles = coverage.tiles.drop(columns="status")
        frame = base.copy()
        frame.attrs = {**base.attrs, "coverage": coverage}
        with pytest.raises(InvalidRequest, match=r"coverage\.tiles\.status"):
            client.search_area(
                "cafés", mapsnb.Viewport((38.70, -9.16), (38.72, -9.13)), max_calls=12,
                resume=frame, progress=False,
            )  # fmt: skip


_junk = st.one_of(
    st.none(), st.integers(-3, 3), st.integers(), st.floats(), st.text(max_size=4), st.booleans(),
    st.lists(st.integers(0, 3), max_size=2), st.just(pd.NA), st.lists(st.text(max_size=5)),
)  # fmt: skip
_damage = st.lists(
    st.tuples(
        st.sampled_from(["drop", "fill", "cell", "object", "tiles.drop", "tiles.fill",
                         "tiles.cell", "tiles.object", "index", "signature"]),
        st.integers(0, 100),
        _junk,
    ),
    min_size=1, max_size=3,
)  # fmt: skip


def _damaged(base: pd.DataFrame, damage: list[tuple[str, int, Any]]) -> pd.DataFrame:
    frame = base.copy()
    coverage = copy.copy(base.attrs["coverage"])
    coverage.tiles = coverage.tiles.copy()
    for kind, k, junk in damage:
        target = coverage.tiles if kind.startswith("tiles.") else frame
        name = target.columns[k % len(target.columns)]
        row = k % max(1, len(target))
        if kind.endswith("drop"):
            del target[name]
        elif kind.endswith("fill"):
            target[name] = pd.Series([junk] * len(target), index=target.index, dtype=object)
        elif kind.endswith("object"):  # the same values, as objects (a round trip may do it)
            target[name] = target[name].astype(object)
        elif kind.endswith("cell") and len(target):
            values = target[name].astype(object).tolist()
            values[row] = junk
            target[name] = pd.Series(values, index=target.index, dtype=object)
        elif kind == "index":
            ids = coverage.tiles.index.tolist()
            ids[row % len(ids)] = junk if not isinstance(junk, str) else f"r9c{junk}"
            coverage.tiles.index = pd.Index(ids, dtype=object)
        elif kind == "signature":
            coverage.signature = {**coverage.signature, "centre": junk}
    frame.attrs = {**base.attrs, "coverage": coverage}
    return frame


@examples(40)
@given(damage=_damage, dry_run=st.booleans())
def test_random_damage_to_a_resume_frame_gives_only_named_errors(
    damage: list[tuple[str, int, Any]], dry_run: bool
) -> None:
    frame = _damaged(_base(), damage)
    try:
        with mapsnb.Client() as client:
            out = client.search_area(
                "cafés", mapsnb.Viewport((38.70, -9.16), (38.72, -9.13)), max_calls=12,
                resume=frame, progress=False, dry_run=dry_run,
            )  # fmt: skip
    except MapsnbError:
        return
    except Exception:  # pragma: no cover - the failure this test is for
        raise AssertionError(traceback.format_exc()) from None
    if not dry_run:  # a frame accepted gives a well-typed frame
        expected = _base().dtypes
        assert out.dtypes.to_dict() == expected.to_dict()
        assert np.issubdtype(out["lat"].dtype, np.floating)
        assert all(isinstance(t, list) for t in out["tiles"])


# ----------------------------------------------------------------------------- the antimeridian
def _split_at_180(west: float, south: float, east: float, north: float) -> sg.MultiPolygon:
    """A box from ``west`` (east longitude) to ``east`` (west longitude), split at ±180°."""
    return sg.MultiPolygon([sg.box(west, south, 180.0, north), sg.box(-180.0, south, east, north)])


@pytest.mark.parametrize(
    ("label", "box", "centre"),
    [("fiji", (179.2, -17.2, -179.3, -16.4), (-16.8, 179.95)),
     ("chukotka", (178.4, 64.6, -178.6, 65.4), (65.0, 179.9))],
)  # fmt: skip
def test_a_multipolygon_split_at_the_antimeridian_is_searched_part_by_part(
    label: str, box: tuple[float, float, float, float], centre: tuple[float, float]
) -> None:
    rng = np.random.default_rng(7)
    west, south, east, north = box
    lngs = rng.uniform(west, east + 360.0, 80)
    lngs = (lngs + 180.0) % 360.0 - 180.0
    lats = rng.uniform(south, north, 80)
    places = [(f"ChIJ{label}{i:03d}", round(float(a), 6), round(float(o), 6))
              for i, (a, o) in enumerate(zip(lats, lngs, strict=True))]  # fmt: skip
    # and a dense town on the antimeridian
    places += [(f"ChIJ{label}town{i:02d}", centre[0] + d, ((centre[1] + d * 3 + 180) % 360) - 180)
               for i, d in enumerate(np.linspace(-0.01, 0.01, 25))]  # fmt: skip
    outside = [(f"ChIJ{label}out", south - 0.5, 179.0)]
    area = _split_at_180(*box)
    srv = AreaServer(places + outside)
    with srv, _client(srv) as client:
        plan = client.search_area("cafe", area, max_calls=400, dry_run=True)
        df = client.search_area("cafe", area.__geo_interface__, max_calls=400, progress=False)
    assert plan.attrs["calls_at_least"] >= 2
    assert all(-180 <= v <= 180 for v in plan["lng"])
    assert set(df["place_id"]) == {p for p, *_ in places}
    coverage = df.attrs["coverage"]
    assert coverage.complete and coverage.area_km2 == pytest.approx(area_km2(box), rel=0.01)


def area_km2(box: tuple[float, float, float, float]) -> float:
    import math

    west, south, east, north = box
    width = (east + 360.0 - west) * 111.195 * math.cos(math.radians((south + north) / 2))
    return width * (north - south) * 111.195


def test_parts_more_than_180_degrees_apart_are_still_named() -> None:
    far = sg.MultiPolygon([sg.box(0, 0, 1, 1), sg.box(-179, 0, -178, 1), sg.box(100, 0, 101, 1)])
    with mapsnb.Client() as client, pytest.raises(InvalidRequest, match="one by one") as info:
        client.search_area("cafe", far, dry_run=True)
    assert info.value.field == "area"


@pytest.mark.usefixtures("ctrl_c")
def test_an_interrupted_sync_search_keeps_its_partial_and_resumes(server: AreaServer) -> None:
    """Ctrl-C (a kernel interrupt) during a ``Client``'s search: the waves stop, the error
    carries the frame so far, and resuming it finishes the search without asking again."""
    import _thread
    import threading
    import time

    with _client(server) as client:
        asked = threading.Event()

        def interrupt() -> None:
            while len(server.tool_calls()) < 20:
                time.sleep(0.01)
            asked.set()
            _thread.interrupt_main()

        threading.Thread(target=interrupt, daemon=True).start()
        with pytest.raises(KeyboardInterrupt) as info:
            client.search_area("cafe", VIEW, max_calls=3000, progress=False)
        assert asked.is_set()
        partial = info.value.partial  # type: ignore[attr-defined]
        answered = partial.attrs["coverage"].tiles_asked
        assert answered >= 15 and not partial.attrs["coverage"].complete
        before = len(server.tool_calls())
        done = client.search_area("cafe", VIEW, max_calls=3000, resume=partial, progress=False)
    assert len(done) == 300 and done.attrs["coverage"].complete
    assert done.attrs["coverage"].resumed_tiles == answered
    assert len(server.tool_calls()) - before == done.attrs["coverage"].calls
