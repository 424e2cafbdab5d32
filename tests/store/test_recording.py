"""Record against the emulator served over HTTP, replay with the network made impossible."""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pandas as pd
import pytest

import mapsnb
from mapsnb import settings
from mapsnb._store.recording import RecordingAgeWarning
from mapsnb._store.recording_file import file_text
from mapsnb.cli import main
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.endpoint import SandboxTransport
from mapsnb_sandbox.serve.server import build_app
from tests.servers.sdk_server import ServerThread


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in (settings.api_key_env, settings.record_env, settings.record_mode_env):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.delenv(settings.cache_env, raising=False)


@pytest.fixture(scope="module")
def served() -> Iterator[str]:
    """The emulator over HTTP on the real clock, standing in for the live server."""
    with ServerThread(build_app(Sandbox(now=lambda: dt.datetime.now(dt.UTC)))) as srv:
        yield srv.url


def lesson(client: Any) -> dict[str, pd.DataFrame]:
    """A teaching notebook in miniature: all six tools, "tomorrow" computed from the clock."""
    tomorrow = client.now().date() + dt.timedelta(days=1)
    routes = client.compute_routes(
        "San Francisco, CA", "San Jose, CA", compute_alternative_routes=True
    )
    return {
        "places": client.search_places(
            "coffee shops near Golden Gate Park", page_size=4
        ).to_frame(),
        "weather": client.lookup_weather(
            "Paris, France", capabilities=["WEATHER", "AIR_QUALITY"], date=tomorrow
        ).to_frame(),
        "now": client.lookup_weather("Paris, France", capabilities="WEATHER").to_frame(),
        "routes": routes.to_frame(),
        "along": client.search_along_route("gas stations", route=routes).to_frame(),
        "names": client.resolve_names(["Eiffel Tower, Paris", "Starbucks"]).to_frame(),
        "urls": client.resolve_maps_urls(
            ["https://www.google.com/maps/place/Golden+Gate+Bridge/@37.8199,-122.4783,15z"]
        ).to_frame(),
    }


def _same_frames(recorded: dict[str, pd.DataFrame], replayed: dict[str, pd.DataFrame]) -> None:
    assert recorded.keys() == replayed.keys()
    for name, frame in recorded.items():
        other = replayed[name]
        assert other.attrs["source"] == "replay", name
        assert other.attrs["attributions"] == frame.attrs["attributions"], name
        drop = [c for c in ("source",) if c in frame.columns]
        if drop:
            assert (other["source"] == "replay").all()
        pd.testing.assert_frame_equal(frame.drop(columns=drop), other.drop(columns=drop))


def test_record_over_http_then_replay_with_no_network(
    served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lesson.json"
    with mapsnb.Client(url=served, record=path, mode="record") as client:
        recorded = lesson(client)
        started = client.recording.started  # type: ignore[union-attr]
    data = json.loads(path.read_text())
    assert len(data["calls"]) == 7
    assert {c["source"] for c in data["calls"]} == {"sandbox"}  # the served emulator says so
    header = {k: v for k, v in data.items() if k != "calls"}
    assert path.read_text() == file_text(header, data["calls"])  # header sorted, calls last
    assert path.read_text().endswith("\n}\n]}\n")  # appended to, never rewritten (issue 43)

    attempts = no_network(monkeypatch)
    with mapsnb.Client(record=path) as student:  # no key, no url: replay only
        assert student.source == "replay" and student.now() == started
        replayed = lesson(student)
        places = student.search_places("coffee shops near Golden Gate Park", page_size=4)
    _same_frames(recorded, replayed)
    assert places.source == "replay" and places.is_synthetic
    assert places.recorded_at is not None and places.recorded_at.tzinfo is not None
    assert f"recorded on {places.recorded_at.date()}" in places._repr_html_()
    assert attempts == []

    async def run() -> Any:
        async with mapsnb.AsyncClient(record=path, mode="replay") as student:
            return await student.resolve_names(["Eiffel Tower, Paris", "Starbucks"])

    assert asyncio.run(run()).to_frame().equals(replayed["names"])
    assert attempts == []


def no_network(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Make every HTTP request impossible (real sockets and the in-process emulator)."""
    attempts: list[str] = []

    def refuse(self: Any, request: httpx.Request) -> Any:
        attempts.append(str(request.url))
        raise AssertionError(f"network request attempted: {request.method} {request.url}")

    async def refuse_async(self: Any, request: httpx.Request) -> Any:
        return refuse(self, request)

    monkeypatch.setattr(httpx.HTTPTransport, "handle_request", refuse)
    monkeypatch.setattr(httpx.AsyncHTTPTransport, "handle_async_request", refuse_async)
    monkeypatch.setattr(SandboxTransport, "handle_request", refuse)
    monkeypatch.setattr(SandboxTransport, "handle_async_request", refuse_async)
    return attempts


def _record(tmp_path: Path, served: str) -> Path:
    path = tmp_path / "lesson.json"
    with mapsnb.Client(url=served, record=path, mode="record") as client:
        client.search_places("coffee shops near Golden Gate Park")
        client.search_places("bakeries near the Ferry Building, San Francisco", page_size=3)
        client.resolve_names(["Eiffel Tower, Paris"])
    return path


def test_a_miss_names_the_closest_recorded_calls(served: str, tmp_path: Path) -> None:
    path = _record(tmp_path, served)
    with mapsnb.Client(record=path) as student:
        with pytest.raises(mapsnb.ReplayMiss) as info:
            student.search_places("coffee shops near Golden Gate Park", page_size=7)
        assert isinstance(info.value, mapsnb.MapsnbError)
        assert info.value.closest[0] == (
            "search_places",
            {"text_query": "coffee shops near Golden Gate Park"},
        )
        assert "page_size" in str(info.value) and str(path) in str(info.value)
        with pytest.raises(mapsnb.MapsnbError, match="no network"):
            student.list_tools()
        # camelCase or reordered raw arguments are the same call
        assert student.call_tool("resolve_names", {"queries": [{"text": "Eiffel Tower, Paris"}]})


def test_auto_calls_the_server_for_misses_and_adds_them(served: str, tmp_path: Path) -> None:
    path = _record(tmp_path, served)
    before = json.loads(path.read_text())
    with mapsnb.Client(url=served, record=path) as teacher:  # a url (or key): misses go live
        assert teacher.recording.mode == "auto"  # type: ignore[union-attr]
        assert teacher.now() == teacher.recording.started  # type: ignore[union-attr]
        hit = teacher.search_places("coffee shops near Golden Gate Park")
        new = teacher.search_places("tea rooms near Golden Gate Park")
    assert hit.source == "replay" and new.source != "replay" and new.recorded_at is None
    after = json.loads(path.read_text())
    assert after["calls"][:3] == before["calls"] and len(after["calls"]) == 4
    assert after["now"] == before["now"]
    with mapsnb.Client(record=path) as student:
        assert student.search_places("tea rooms near Golden Gate Park").raw == new.raw


def test_a_replayed_routes_token_is_never_sent_once_expired(served: str, tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    with mapsnb.Client(url=served, record=path, mode="record") as client:
        client.compute_routes("San Francisco, CA", "San Jose, CA")
    data = json.loads(path.read_text())
    old = dt.datetime.now(dt.UTC) - dt.timedelta(minutes=30)
    data["calls"][0]["recorded_at"] = old.isoformat()
    path.write_text(json.dumps(data))
    with mapsnb.Client(url=served, record=path) as teacher:
        routes = teacher.compute_routes("San Francisco, CA", "San Jose, CA")
        with pytest.raises(mapsnb.ReplayMiss, match="retrieval token"):
            teacher.search_along_route("gas stations", route=routes)


def test_a_recording_with_a_key_is_refused(served: str, tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    own_key = "session-key-value-0123456789"
    with mapsnb.Client(own_key, url=served, record=path, mode="record") as client:
        client.search_places("coffee shops near Golden Gate Park")
        before = path.read_text()
        assert own_key not in before
        for text in (own_key, "AIza" + "B" * 35, "ya29.a0AfH6SMBxyzxyzxyz"):
            with pytest.raises(mapsnb.MapsnbError, match="refusing to write"):
                client.call_tool("search_places", {"text_query": f"coffee {text}"})
            assert path.read_text() == before
        assert len(client.recording.calls) == 1  # type: ignore[union-attr]
    leaked = json.loads(before)
    leaked["calls"][0]["arguments"]["X-Goog-Api-Key"] = "redacted-but-named"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(leaked))
    assert main(["recording", "check", str(bad)]) == 1


def test_an_old_recording_warns(served: str, tmp_path: Path, capsys: Any) -> None:
    path = _record(tmp_path, served)
    assert main(["recording", "check", str(path)]) == 0
    data = json.loads(path.read_text())
    for call in data["calls"]:
        call["recorded_at"] = "2026-01-02T10:00:00Z"
    path.write_text(json.dumps(data))
    with pytest.warns(RecordingAgeWarning, match="30 days"):
        mapsnb.Client(record=path)
    capsys.readouterr()
    assert main(["recording", "check", str(path)]) == 1
    assert "more than 30 days" in capsys.readouterr().err


def test_cli_show_lists_calls_dates_and_sources(served: str, tmp_path: Path, capsys: Any) -> None:
    path = _record(tmp_path, served)
    assert main(["recording", "show", str(path)]) == 0
    out = capsys.readouterr().out
    today = dt.datetime.now(dt.UTC).date()
    assert "calls: 3" in out and f"recorded {today}" in out
    assert "sandbox (3)" in out and "search_places (2)" in out and "resolve_names" in out
    broken = tmp_path / "broken.json"
    broken.write_text(path.read_text()[:100])
    assert main(["recording", "show", str(broken)]) == 1
    assert main(["recording", "check", str(broken)]) == 1
    assert "not valid JSON" in capsys.readouterr().err


def test_the_environment_picks_the_mode(
    served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _record(tmp_path, served)
    now = "2026-09-18T08:00:00-07:00"
    assert mapsnb.Client(now=now).source == "sandbox"  # nothing set: the emulator
    monkeypatch.setenv(settings.record_env, str(path))
    student = mapsnb.Client(now=now)  # the notebook's own line, unchanged
    assert student.source == "replay" and not student.is_sandbox
    assert student.search_places("coffee shops near Golden Gate Park").source == "replay"
    monkeypatch.setenv(settings.api_key_env, "teacher-key-0123456789")
    teacher = mapsnb.Client(now=now)
    assert teacher.source == "live" and teacher.recording.mode == "auto"  # type: ignore[union-attr]
    monkeypatch.setenv(settings.record_mode_env, "replay")
    assert mapsnb.Client(now=now).source == "replay"
    assert mapsnb.Client(now=now, record=False).recording is None
    with pytest.raises(mapsnb.MapsnbError, match="no such file"):
        mapsnb.Client(record=tmp_path / "missing.json", mode="replay")
    with pytest.raises(mapsnb.MapsnbError, match="mode"):
        mapsnb.Client(record=path, mode="play")  # type: ignore[arg-type]
    monkeypatch.delenv(settings.record_env)
    with pytest.raises(mapsnb.MapsnbError, match="needs a recording"):
        mapsnb.Client(mode="replay")


def test_clients_naming_one_recording_record_all_their_calls(
    served: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "lesson.json"
    path.write_text('{"calls": [], "mapsnb_recording": 1}\n')  # an old take: replaced
    monkeypatch.setenv(settings.record_env, str(path))
    monkeypatch.setenv(settings.record_mode_env, "record")
    with mapsnb.Client(url=served) as one, mapsnb.Client(url=served) as two:
        assert one.recording is two.recording
        one.search_places("coffee shops near Golden Gate Park")
        two.resolve_names(["Eiffel Tower, Paris"])
    assert [c["tool"] for c in json.loads(path.read_text())["calls"]] == [
        "search_places",
        "resolve_names",
    ]
    monkeypatch.delenv(settings.record_mode_env)
    with mapsnb.Client() as student:
        assert student.resolve_names(["Eiffel Tower, Paris"]).source == "replay"


def test_a_recorded_tool_error_is_raised_again_in_replay(served: str, tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    with (
        mapsnb.Client(url=served, record=path, mode="record") as client,
        pytest.raises(mapsnb.ToolError) as live,
    ):
        client.call_tool("search_places", {"text_query": ""})
    data = json.loads(path.read_text())
    assert "payload" not in data["calls"][0]
    assert data["calls"][0]["error"]["status"] == "INVALID_ARGUMENT"
    with mapsnb.Client(record=path) as student, pytest.raises(mapsnb.ToolError) as replayed:
        student.call_tool("search_places", {"text_query": ""})
    assert (replayed.value.status, replayed.value.message) == (
        live.value.status,
        live.value.message,
    )


def test_a_success_is_never_replaced_by_a_later_error(served: str, tmp_path: Path) -> None:
    path = tmp_path / "lesson.json"
    with mapsnb.Client(url=served, record=path, mode="record") as client:
        routes = client.compute_routes("San Francisco, CA", "San Jose, CA")
        token = routes.routes[0].retrieval_token
        fresh = client.search_along_route("gas stations", retrieval_token=token)
        client.recording.add(  # type: ignore[union-attr]
            "search_along_route",
            fresh.request,
            mapsnb.ToolError("retrieval_token expired", status="FAILED_PRECONDITION"),
            source=client.source,
            clock=client.now(),
        )
    with mapsnb.Client(record=path) as student:
        assert student.search_along_route("gas stations", retrieval_token=token).raw == fresh.raw
