"""Regressions of issue 23 (the network and client half) and issue 22 items 8-9, each against
a real local server: bounds that hold on both paths, URL credentials kept hidden, options
checked at construction, keys out of traceback locals."""

from __future__ import annotations

import asyncio
import json
import logging
import time
import traceback
from collections.abc import Iterator
from typing import Any

import pytest

import mapsnb
from mapsnb.errors import DeadlineExceeded, InvalidRequest, TransportError
from tests.servers.fault_server import (
    FaultServer,
    Recorded,
    Reply,
    rpc_error,
    rpc_result,
    tool_result,
)
from tests.servers.stall_server import StallServer, refused_url

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "AIza" + "FAKE-round3-0123456789abcdefghijklmnop"  # fake, split so no scanner flags it
ARGS = {"text_query": "pizza in New York"}
HINTS = ("Client(sandbox=True)", "mapsnb doctor")


def _no_key(text: str, key: str = KEY) -> None:
    """Neither the key nor any 12-character run of it, in any case."""
    low = text.lower()
    for i in range(len(key) - 11):
        assert key[i : i + 12].lower() not in low, f"key fragment {i} leaked in {text[:200]!r}"


@pytest.fixture
def trickling_head() -> Iterator[StallServer]:
    with StallServer("headers", interval=0.5) as server:
        yield server


@pytest.fixture
def silent() -> Iterator[StallServer]:
    with StallServer("silent") as server:
        yield server


# ------------------------------------------------------------ 23.2: bounds on both paths
@pytest.mark.parametrize("flavour", ["sync", "async"])
@pytest.mark.parametrize(("timeout", "deadline"), [(1.0, None), (5.0, 1.5)])
def test_timeout_and_deadline_hold_while_headers_trickle_in(
    trickling_head: StallServer, flavour: str, timeout: float, deadline: float | None
) -> None:
    options: dict[str, Any] = dict(
        url=trickling_head.url, protocol="stateless", timeout=timeout, max_retries=1
    )
    if deadline is not None:
        options["deadline"] = deadline
    bound = deadline if deadline is not None else 2 * timeout  # a retry: two whole answers
    start = time.monotonic()
    with pytest.raises(DeadlineExceeded):
        if flavour == "sync":
            with mapsnb.Client(KEY, **options) as client:
                client.call_tool("search_places", ARGS)
        else:

            async def main() -> None:
                async with mapsnb.AsyncClient(KEY, **options) as client:
                    await client.call_tool("search_places", ARGS)

            asyncio.run(main())
    elapsed = time.monotonic() - start
    # the head alone takes over 1,000 s to arrive: only the bound can have ended the call
    assert elapsed < bound + 3, f"{flavour} call held {elapsed:.1f} s (bound {bound} s)"


# ------------------------------------------------ 22.8: an unreachable or silent server
def test_a_silent_server_fails_within_the_deadline_with_hints(silent: StallServer) -> None:
    start = time.monotonic()
    with (
        mapsnb.Client(KEY, url=silent.url, protocol="stateless", deadline=1.0) as client,
        pytest.raises(DeadlineExceeded) as info,
    ):
        client.call_tool("search_places", ARGS)
    assert time.monotonic() - start < 1.0 + 3
    for hint in HINTS:
        assert hint in str(info.value)
    _no_key(str(info.value))


def test_a_refused_connection_says_how_to_work_offline() -> None:
    url = refused_url()
    with (
        mapsnb.Client(KEY, url=url, protocol="stateless", max_retries=1) as client,
        pytest.raises(TransportError) as info,
    ):
        client.call_tool("search_places", ARGS)
    assert not isinstance(info.value, DeadlineExceeded)
    for hint in HINTS:
        assert hint in str(info.value)


def test_a_whole_call_is_bounded_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert mapsnb.settings.default_deadline is not None
    assert 0 < mapsnb.settings.default_deadline <= 300
    assert mapsnb.Client(KEY, url=refused_url()).deadline == mapsnb.settings.default_deadline
    monkeypatch.setattr(mapsnb.settings, "default_deadline", 7.0)
    assert mapsnb.Client(KEY, url=refused_url()).deadline == 7.0
    assert "deadline" in (mapsnb.Client.__doc__ or "") and "120" in (mapsnb.Client.__doc__ or "")


def test_doctor_reports_a_silent_server_fast(
    silent: StallServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mapsnb import cli

    monkeypatch.setenv("GOOGLE_MAPS_API_KEY", KEY)
    start = time.monotonic()
    status = cli.main(["doctor", "--url", silent.url, "--timeout", "1"])
    elapsed = time.monotonic() - start
    out = capsys.readouterr().out
    assert status == 1
    assert "FAILED" in out and "DeadlineExceeded" in out
    # one short attempt and one retry per step, not three retries of the default 30 s
    assert elapsed < 2 * 2 * 1 + 3, f"doctor took {elapsed:.1f} s against a silent server"
    _no_key(out)


# --------------------------------------------------------- 23.3: credentials in the URL
URL_KEY = "AIza" + "SyURLFAKE0123456789abcdefghijklmn"
PASSWORD = "hunter2-" + "secret-pw-0123"


def _cred_url(base: str) -> str:
    host = base.split("://", 1)[1]
    return f"http://alice:{PASSWORD}@{host}?key={URL_KEY}&userProject=my-project"


def _clean(text: str) -> None:
    assert URL_KEY not in text and URL_KEY[:16] not in text, text
    assert PASSWORD not in text, text


def test_repr_hides_url_credentials_and_counts_them_as_credentials(fault: FaultServer) -> None:
    with mapsnb.Client(url=_cred_url(fault.url), protocol="stateless") as client:
        text = repr(client)
        _clean(text)
        assert "no credentials" not in text
        assert "userProject=my-project" in text
        client.call_tool("search_places", ARGS)
        assert client._endpoint().startswith("http://***@127.0.0.1")
    # the credentials still went out, in the URL the user gave
    assert fault.calls("tools/call")[0].path.endswith(f"key={URL_KEY}&userProject=my-project")


def test_errors_and_cache_keys_hide_url_credentials(fault: FaultServer, tmp_path: Any) -> None:
    fault.on("tools/call", Reply(500, "failing"))
    cache = mapsnb.Cache(tmp_path / "c.sqlite")
    with (
        mapsnb.Client(
            url=_cred_url(fault.url), protocol="stateless", max_retries=0, cache=cache
        ) as client,
        pytest.raises(TransportError) as info,
    ):
        client.call_tool("search_places", ARGS)
    _clean(str(info.value) + repr(info.value))
    url = _cred_url(refused_url())
    with (
        mapsnb.Client(url=url, protocol="stateless", max_retries=0) as client,
        pytest.raises(TransportError) as info,
    ):
        client.call_tool("search_places", ARGS)
    _clean(str(info.value))
    with mapsnb.Client(url=_cred_url(fault.url), protocol="stateless", cache=cache) as client:
        client.call_tool("search_places", ARGS)
    stored = [p.read_bytes().decode("latin-1") for p in tmp_path.iterdir() if p.is_file()]
    assert any("127.0.0.1" in text for text in stored)  # the endpoint is in the store (or WAL)
    _clean("\n".join(stored))


def test_doctor_report_hides_url_credentials(
    fault: FaultServer, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from mapsnb import cli

    monkeypatch.delenv("GOOGLE_MAPS_API_KEY", raising=False)
    fault.on("tools/call", *[Reply(500, f"upstream saw {_cred_url(fault.url)}")] * 2)
    for url in (_cred_url(refused_url()), _cred_url(fault.url)):
        cli.main(["doctor", "--url", url, "--json", "--timeout", "2"])
        out = capsys.readouterr().out
        _clean(out)
        report = json.loads(out)
        assert report["credentials"] != "none"
        assert report["error"] is not None


def test_redact_url_masks_userinfo_and_credential_params_only() -> None:
    from mapsnb._redact import redact_url

    text = redact_url(
        "see https://u:p@h.example/mcp?key=K1&userProject=proj&token=T&access_token=A#x"
    )
    assert (
        text
        == "see https://***@h.example/mcp?key=***&userProject=proj&token=***&access_token=***#x"
    )


# ------------------------------------------------------ 23.11: keys in traceback locals
def _locals_text(exc: BaseException) -> str:
    """The repr of every local of every frame of ``exc`` and the errors chained to it."""
    out: list[str] = []
    seen: set[int] = set()
    err: BaseException | None = exc
    while err is not None and id(err) not in seen:
        seen.add(id(err))
        for frame, _ in traceback.walk_tb(err.__traceback__):
            out.extend(f"{name}={value!r}" for name, value in frame.f_locals.items())
        err = err.__cause__ or err.__context__
    return "\n".join(out)


def _echo(kind: str) -> Any:
    def respond(req: Recorded) -> Reply:
        key = req.headers["x-goog-api-key"]
        if kind == "text":
            return Reply(
                200, f"<html>no such endpoint for key {key}</html>", content_type="text/html"
            )
        if kind == "rpc_error":
            return rpc_error(req, -32602, f"API key {key} is not valid for this tool")
        if kind == "not_rpc":  # JSON, but not JSON-RPC: the error shows the body's start
            return Reply(200, json.dumps({"echo": key, "hello": "world"}))
        if kind == "sse_junk":
            return Reply(
                200, f"event: message\ndata: {{{key}\n\n", content_type="text/event-stream"
            )
        return rpc_result(req, tool_result({"echo": key, "bad": True}), status=200)

    return respond


@pytest.mark.parametrize("kind", ["text", "rpc_error", "sse_junk"])
def test_an_echoed_key_stays_out_of_traceback_locals(fault: FaultServer, kind: str) -> None:
    fault.on("tools/call", _echo(kind))
    with (
        mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client,
        pytest.raises(mapsnb.MapsnbError) as info,
    ):
        client.call_tool("search_places", ARGS)
    _no_key(str(info.value))
    _no_key(_locals_text(info.value))


def test_an_echoed_key_is_redacted_from_a_payload(fault: FaultServer) -> None:
    fault.on("tools/call", _echo("payload"))
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        payload = client.call_tool("search_places", ARGS)
    assert payload["echo"] == "***"


def test_an_unsendable_url_leaves_no_headers_in_traceback_locals(fault: FaultServer) -> None:
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        client.url = "http://xn--a/mcp"  # passes urlsplit, refused by httpx's IDNA codec
        with pytest.raises(InvalidRequest, match="url") as info:
            client.call_tool("search_places", ARGS)
    assert info.value.__context__ is None
    _no_key(_locals_text(info.value))


def test_an_unsendable_url_is_refused_at_construction() -> None:
    with pytest.raises(InvalidRequest, match="url"):
        mapsnb.Client(KEY, url="http://xn--a/mcp")


# ------------------------------------------------------------- 23.12: the small ones
# a quote or a backslash every few characters: no 12-character run survives JSON escaping
QUOTE_KEY = 'AIzaFAKE"q0123\\4567"abcd\\efgh"ijkl\\mnop'


@pytest.mark.parametrize("kind", ["payload", "rpc_error", "not_rpc"])
def test_a_key_holding_quote_or_backslash_is_redacted_in_json(
    fault: FaultServer, kind: str
) -> None:
    fault.on("tools/call", _echo(kind))
    with mapsnb.Client(QUOTE_KEY, url=fault.url, protocol="stateless") as client:
        try:
            payload = client.call_tool("search_places", ARGS)
            text = json.dumps(payload)
            assert payload["echo"] == "***"
        except mapsnb.MapsnbError as exc:
            text = str(exc) + repr(exc.args) + _locals_text(exc)
    for form in (QUOTE_KEY, json.dumps(QUOTE_KEY)[1:-1]):
        _no_key(text, form)


def test_a_redirect_and_a_corrupt_gzip_read_differently(fault: FaultServer) -> None:
    import gzip

    fault.on(
        "tools/call",
        Reply(302, headers={"Location": f"https://other.example/mcp?key={URL_KEY}"}),
        Reply(200, gzip.compress(b'{"jsonrpc": "2.0"}')[:12], headers={"Content-Encoding": "gzip"}),
    )
    messages = []
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        for _ in range(2):
            with pytest.raises(mapsnb.ProtocolError) as info:
                client.call_tool("search_places", ARGS)
            messages.append(str(info.value))
    redirect, gzipped = messages
    assert "redirect" in redirect and "https://other.example/mcp" in redirect
    _clean(redirect)
    assert "gzip" in gzipped and "corrupt or truncated" in gzipped
    assert "empty answer" not in redirect + gzipped


@pytest.mark.parametrize("first", ["data", "event"])
def test_a_leading_bom_in_an_sse_stream_keeps_the_event(fault: FaultServer, first: str) -> None:
    def respond(req: Recorded) -> Reply:
        message = {"jsonrpc": "2.0", "id": req.rpc_id, "result": tool_result({"ok": 1})}
        head = "" if first == "data" else "event: message\n"
        body = "\ufeff" + head + f"data: {json.dumps(message)}\n\n"
        return Reply(200, body.encode(), content_type="text/event-stream; charset=utf-8")

    fault.on("tools/call", respond)
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless") as client:
        assert client.call_tool("search_places", ARGS) == {"ok": 1}


# ---------------------------------------------------- 23.6: a 429 burst and max_calls
def test_a_429_burst_never_counts_against_max_calls() -> None:
    from tests.servers.batch_server import BatchServer

    busy = Reply(429, '{"error": {"code": 429}}', headers={"Retry-After": "0"})
    rows = [f"cafe {i}" for i in range(8)]
    with BatchServer() as server:
        server.on("tools/call", *[busy] * 24)  # each row refused 3 times: more than max_retries
        with mapsnb.Client(KEY, url=server.url, max_retries=1, max_calls=len(rows)) as client:
            out = client.batch.search_places(rows, max_concurrency=4, progress=False)
            usage = client.usage
        sent = len(server.tool_calls())
    assert out["status"].tolist() == ["ok"] * len(rows)
    assert sent == len(rows) + 24  # the 429s went out, were answered, and were not billed
    assert int(usage["calls"].sum()) == len(rows)
    assert int(usage["retries"].sum()) >= 24


def test_a_single_call_refused_by_429_is_not_counted(fault: FaultServer) -> None:
    busy = Reply(429, '{"error": {"code": 429}}', headers={"Retry-After": "0"})
    fault.on("tools/call", busy, busy)
    with mapsnb.Client(KEY, url=fault.url, protocol="stateless", max_retries=1, max_calls=1) as c:
        with pytest.raises(mapsnb.RateLimited):
            c.call_tool("search_places", ARGS)
        assert int(c.usage["calls"].sum()) == 0
        c.call_tool("search_places", ARGS)  # the budget of one call is still there
        with pytest.raises(mapsnb.BudgetExceeded) as info:
            c.call_tool("search_places", ARGS)
    assert "nothing was sent" not in str(info.value)
    assert "this call was not sent" in str(info.value) and "1 made so far" in str(info.value)


def test_logs_hide_url_credentials(fault: FaultServer, caplog: pytest.LogCaptureFixture) -> None:
    with (
        caplog.at_level(logging.DEBUG),
        mapsnb.Client(url=_cred_url(fault.url), protocol="stateless") as client,
    ):
        client.call_tool("search_places", ARGS)
    text = "\n".join(r.getMessage() for r in caplog.records)
    assert "127.0.0.1" in text  # httpx logged the request line
    _clean(text)
