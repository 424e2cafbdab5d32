"""``client.check()`` and ``mapsnb doctor``: one real call, protocol, latency, tool drift, no secrets.

Success is checked against the emulator served over HTTP (``mapsnb_sandbox.serve.server``) and in
process; each access failure against the fault server; the CLI in a subprocess.
"""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb._calls.doctor import CheckReport, ToolDrift, compare_tools
from mapsnb._calls.known_tools import KNOWN_TOOLS, same_name
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.serve.server import build_app
from tests.hypothesis_setup import examples
from tests.servers.fault_server import FaultServer, Reply, refusal, rpc_result
from tests.servers.sdk_server import ServerThread

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "FAKE-mapsnb-doctor-key-0123456789abcdefghijklmno"
TOKEN = "ya29.FAKE-doctor-token-0123456789"
NOW = "2026-09-18T08:00:00-07:00"
ROOT = Path(__file__).resolve().parents[2]
POLICY = (
    "MCP policy is not enabled for project 123456789012. To enable it, run: "
    "gcloud beta services mcp enable mapstools.googleapis.com --project=123456789012"
)
#: (message, cause, words the fix must contain) for each access failure the doctor reports.
FAILURES = {
    "policy": (POLICY, "mcp_policy", "--project=123456789012"),
    "no_key": (
        "Method doesn't allow unregistered callers (callers without established identity).",
        "missing_credentials",
        "GOOGLE_MAPS_API_KEY",
    ),
    "scopes": (
        "Request had insufficient authentication scopes.",
        "insufficient_scopes",
        "auth/maps-platform.mapstools",
    ),
    "quota_project": (
        "The API key belongs to another project: set the X-Goog-User-Project header.",
        "quota_project",
        "quota_project=",
    ),
    "billing": (
        "Billing is not enabled for project 24680135.",
        "billing_disabled",
        "project=24680135",
    ),
    "key_restricted": (
        "Requests to this API mapstools.googleapis.com method are blocked.",
        "key_restricted",
        "API restrictions",
    ),
    "service_disabled": (
        "Maps Tools API has not been used in project 555000111 before or it is disabled.",
        "service_disabled",
        "services enable mapstools.googleapis.com --project=555000111",
    ),
}


@pytest.fixture(scope="module")
def emulator_url() -> Iterator[str]:
    """The emulator served over MCP streamable HTTP by the official SDK."""
    with ServerThread(build_app(Sandbox(now=NOW))) as server:
        yield server.url


def _no_secret(report: CheckReport) -> None:
    for text in (str(report), repr(report), report._repr_html_(), json.dumps(report.to_dict())):
        assert KEY not in text and TOKEN not in text


# ------------------------------------------------------------------------------- success
@pytest.mark.parametrize("protocol", ["auto", "session"])
def test_served_emulator_passes_with_no_drift(emulator_url: str, protocol: str) -> None:
    with mapsnb.Client(KEY, url=emulator_url, protocol=protocol) as client:  # type: ignore[arg-type]
        report = client.check()
    _no_secret(report)
    assert report.ok and report.access == "verified"
    assert not report.offline
    assert report.protocol.startswith("session" if protocol == "session" else "stateless")
    assert report.tool_count == 6
    # the served schemas use camelCase names and *_UNSPECIFIED members: still no drift
    assert report.drift == [], [t.describe() for t in report.drift]
    assert report.call_ms is not None and report.call_ms >= 0
    assert report.list_ms is not None and report.list_ms >= 0
    text = str(report)
    assert 'resolve_names(["Eiffel Tower"])' in text
    assert "127.0.0.1" in text and "API key (hidden)" in text
    assert "Not Google's endpoint" in text
    assert text.splitlines()[-1].startswith("RESULT: OK")


def test_async_client_check(emulator_url: str) -> None:
    async def run() -> CheckReport:
        async with mapsnb.AsyncClient(token=TOKEN, url=emulator_url) as client:
            return await client.check()

    report = asyncio.run(run())
    _no_secret(report)
    assert report.ok and "OAuth token (hidden)" in str(report)


def test_offline_checks_the_emulator_only(no_env_key: None) -> None:
    with mapsnb.Client() as client:
        report = client.check()
    assert report.ok and report.offline
    assert report.source == "sandbox"
    assert "emulator only" in str(report)
    assert "nothing was sent to Google" in str(report)
    assert report.drift == []
    assert "(emulator only)" in report._repr_html_()


def test_query_string_of_the_url_is_hidden(emulator_url: str) -> None:
    with mapsnb.Client(url=f"{emulator_url}?key={KEY}", token=TOKEN) as client:
        report = client.check()
    _no_secret(report)
    assert "query hidden" in report.endpoint


# ------------------------------------------------------------------------------- failures
@pytest.mark.parametrize("name", list(FAILURES))
def test_each_access_failure_is_reported_with_its_fix(fault: FaultServer, name: str) -> None:
    message, cause, fix = FAILURES[name]
    fault.on("tools/call", refusal("rpc_result", message))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()  # never raises for an access failure
    _no_secret(report)
    assert not report.ok and report.access == "refused"
    assert report.error is not None
    assert report.error["cause"] == cause
    assert report.error["status_code"] == 403
    assert fix in report.error["fix"] and fix in str(report)
    assert message in str(report)  # the server's own words
    assert "tools/list worked but the call did not" in str(report)
    assert str(report).splitlines()[-1] == "RESULT: NOT OK: see access above."
    assert [c.json["params"]["name"] for c in fault.calls("tools/call")] == ["resolve_names"]


def test_refused_tools_list_and_call(fault: FaultServer) -> None:
    fault.on("tools/list", refusal("google", POLICY))
    fault.on("tools/call", refusal("google", POLICY))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()
    assert not report.ok
    assert report.list_error is not None and "HTTP 403" in report.list_error
    assert report.tools == []
    assert "--project=123456789012" in str(report)


def test_unreachable_server_is_a_failure_with_a_fix(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(503, "busy", content_type="text/plain"))
    with mapsnb.Client(KEY, url=fault.url, max_retries=0) as client:
        report = client.check()
    assert not report.ok and report.access == "failed"
    assert report.error is not None and report.error["type"] == "TransportError"
    assert "proxy" in report.error["fix"]


def test_key_echoed_by_the_server_stays_out_of_the_report(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("rpc_error", f"API key not valid: {KEY}"))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()
    _no_secret(report)
    assert "***" in str(report)


# ---------------------------------------------------------------------------------- drift
def _live_style_tools() -> list[dict[str, Any]]:
    """A tools/list in the live style, grown: new tool, new parameter, new value, one gone."""
    tools = [
        {"name": name, "inputSchema": {"type": "object", "properties": {}, "required": []}}
        for name in KNOWN_TOOLS
        if name != "resolve_maps_urls"
    ]
    for tool in tools:
        for param, known in KNOWN_TOOLS[tool["name"]].items():
            camel = param.split("_")[0] + "".join(w.title() for w in param.split("_")[1:])
            prop: dict[str, Any] = {"type": "string"}
            if known.values:
                prop["enum"] = ["X_UNSPECIFIED", *known.values]
            tool["inputSchema"]["properties"][camel] = prop
    routes = tools[2]["inputSchema"]
    routes["properties"]["travelMode"]["enum"].append("TWO_WHEELER")
    routes["properties"]["avoidTolls"] = {"type": "boolean"}
    weather = tools[1]["inputSchema"]
    del weather["properties"]["capabilities"]  # the older live schema had none
    places = tools[0]["inputSchema"]
    places["required"] = ["textQuery", "regionCode"]
    tools.append({"name": "searchHotels", "inputSchema": {"type": "object"}})
    return tools


def test_drift_is_flagged_not_failed(fault: FaultServer) -> None:
    tools = _live_style_tools()
    fault.on("tools/list", lambda r: rpc_result(r, {"tools": tools}))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()
    assert report.ok  # drift never fails the check
    drift = {t.name: t for t in report.drift}
    assert set(drift) == {
        "compute_routes",
        "lookup_weather",
        "search_places",
        "resolve_maps_urls",
        "searchHotels",
    }
    assert drift["compute_routes"].new_params == ("avoidTolls",)
    assert drift["compute_routes"].new_values == ("travelMode=TWO_WHEELER",)
    assert drift["lookup_weather"].missing_params == ("capabilities",)
    assert drift["search_places"].now_required == ("region_code",)
    assert drift["resolve_maps_urls"].state == "missing"
    assert drift["searchHotels"].state == "new"
    text = str(report)
    assert "drift (flagged, not an error" in text
    assert "+ searchHotels" in text and "- resolve_maps_urls" in text
    assert "new values travelMode=TWO_WHEELER" in text
    assert text.splitlines()[-1].startswith("RESULT: OK")


def test_sdk_server_schemas_in_snake_case(sdk_url: Callable[[str], str]) -> None:
    # the SDK test server lists snake_case names (with anyOf/null unions) and has grown an
    # ``open_now`` parameter mapsnb does not know
    with mapsnb.Client(KEY, url=sdk_url("json")) as client:
        report = client.check()
    assert report.ok
    drift = {t.name: t for t in report.drift}
    assert drift["search_places"].new_params == ("open_now",)
    assert "units_system" in drift["lookup_weather"].missing_params
    assert {"compute_routes", "resolve_names", "resolve_maps_urls"}.isdisjoint(drift)


def test_compare_is_case_and_spelling_insensitive() -> None:
    snake = [
        {"name": name, "inputSchema": {"properties": {key: {} for key in params}}}
        for name, params in KNOWN_TOOLS.items()
    ]
    upper = [
        {
            "name": name.upper(),
            "inputSchema": {"properties": {key.upper(): {} for key in params}},
        }
        for name, params in KNOWN_TOOLS.items()
    ]
    assert all(t.state == "ok" for t in compare_tools(snake))
    assert all(t.state == "ok" for t in compare_tools(upper))
    assert same_name("textQuery", "text_query") and not same_name("textQuery", "text")


@pytest.mark.parametrize(
    "tools",
    [[], [None], [{"name": 5}], [{"name": "search_places", "inputSchema": "x"}], ["x"]],
)
def test_compare_survives_odd_tool_lists(tools: list[Any]) -> None:
    drift = compare_tools(tools)
    assert {t.name for t in drift} >= set(KNOWN_TOOLS)


# ------------------------------------------------------------------------------------- CLI
def _cli(*args: str, key: str | None = KEY) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "GOOGLE_MAPS_API_KEY"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    if key:
        env["GOOGLE_MAPS_API_KEY"] = key
    return subprocess.run(
        [sys.executable, "-m", "mapsnb.cli", "doctor", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_cli_reports_a_refusal_with_its_fix(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("rpc_result", POLICY))
    done = _cli("--url", fault.url)
    assert done.returncode == 1, done.stderr
    assert "gcloud beta services mcp enable mapstools.googleapis.com --project=123456789012" in (
        done.stdout
    )
    assert KEY not in done.stdout + done.stderr
    assert fault.calls("tools/call")[0].headers["x-goog-api-key"] == KEY  # the key was used


def test_cli_json_against_the_served_emulator(emulator_url: str) -> None:
    done = _cli("--url", emulator_url, "--json", "--protocol", "session")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["ok"] is True and data["access"] == "verified"
    assert data["protocol"].startswith("session")
    assert data["drift"] == []
    assert KEY not in done.stdout + done.stderr


def test_cli_offline_says_emulator_only() -> None:
    done = _cli(key=None)
    assert done.returncode == 0, done.stderr
    assert "emulator only" in done.stdout


def test_cli_token_from_environment(fault: FaultServer) -> None:
    fault.on("tools/call", refusal("rpc_result", FAILURES["scopes"][0]))
    env_name = "MAPSNB_TEST_DOCTOR_TOKEN"
    os.environ[env_name] = TOKEN
    try:
        done = _cli("--url", fault.url, "--token-env", env_name, key=None)
    finally:
        del os.environ[env_name]
    assert done.returncode == 1
    assert "auth/maps-platform.mapstools" in done.stdout
    assert TOKEN not in done.stdout + done.stderr
    assert fault.calls("tools/call")[0].headers["authorization"] == f"Bearer {TOKEN}"


def test_unreadable_answer_keeps_the_report_aligned(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(200, "<html>\noops\n</html>", content_type="text/html"))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()
    assert not report.ok and report.access == "failed"
    assert report.error is not None and report.error["type"] == "ProtocolError"
    lines = str(report).splitlines()
    assert all(line.startswith("  ") for line in lines[1:-1]), lines


# ------------------------------------------------------------- network failures (issue 31)
def _closed_port_url() -> str:
    """An MCP URL on 127.0.0.1 where nothing listens (connection refused)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/mcp"


def test_network_failure_advises_what_to_check_not_the_doctor_itself() -> None:
    with mapsnb.Client(KEY, url=_closed_port_url(), max_retries=0) as client:
        report = client.check()
    text = str(report)
    assert not report.ok and report.access == "failed"
    assert report.error is not None and report.error["type"] == "TransportError"
    assert "`mapsnb doctor`" not in text + json.dumps(report.to_dict())  # it is the doctor
    assert "server said" not in text  # no server answered
    fix = report.error["fix"]
    for advice in ("network", "HTTPS_PROXY", "--url", "sandbox=True", "GOOGLE_MAPS_API_KEY"):
        assert advice in fix, (advice, fix)
    assert "Access (the key or token) was not checked" in fix
    assert f"fix: {fix}" in text


def test_network_failure_fixes_follow_the_kind(fault: FaultServer) -> None:
    fault.on("tools/call", Reply(502, "bad gateway", content_type="text/plain"))
    with mapsnb.Client(KEY, url=fault.url, max_retries=0) as client:
        report = client.check()
    assert report.error is not None and "HTTP 502 after retries" in report.error["fix"]
    assert "`mapsnb doctor`" not in str(report)
    fault.on("tools/call", Reply(200, "{}", delay=3.0))
    with mapsnb.Client(KEY, url=fault.url, max_retries=0, timeout=0.5) as client:
        report = client.check()
    assert report.error is not None and report.error["type"] == "DeadlineExceeded"
    assert "--timeout 30" in report.error["fix"]


def test_cli_network_failure_advice() -> None:
    done = _cli("--url", _closed_port_url())
    assert done.returncode == 1, done.stderr
    assert "`mapsnb doctor`" not in done.stdout
    assert "HTTPS_PROXY" in done.stdout and "mapsnb.Client(sandbox=True)" in done.stdout


# --------------------------------------------------- terminal control sequences (issue 32)
#: What a hostile server puts in a tool name or a message to hide or forge a verdict.
HOSTILE_PIECES = [
    "\x1b[2K",  # erase the line
    "\x1b[1A",  # cursor up
    "\x1b]8;;https://evil.example\x07",  # OSC 8 hyperlink
    "\x1b]0;title\x1b\\",  # OSC window title, ST-terminated
    "\x1bc",  # reset the terminal
    "\x1b[8m",  # concealed text
    "\x9b31m",  # C1 CSI
    "\x9d0;x\x9c",  # C1 OSC ... ST
    "\r",
    "\n",
    "\x0b",
    "\x0c",
    "\x08",
    "\x00",
    "\x07",
    "\x7f",
    "\x85",
    "\u2028",
    "\u2029",
    "\u202e",  # right-to-left override
    "\u2066",  # left-to-right isolate
    "\u200f",  # right-to-left mark
    "\ufeff",
    "\udce9",  # a lone surrogate (valid in JSON)
    "RESULT: OK: live access works.",
    "NOT OK",
    "  access       OK",
    "é",
    " ",
]
HOSTILE = st.lists(
    st.sampled_from(HOSTILE_PIECES) | st.text(max_size=4), min_size=0, max_size=8
).map("".join)
FORGED = "\r\x1b[2KRESULT: OK: live access works.\x1b[8m"


#: The labels of the report's rows: a line that starts otherwise was injected.
LABELS = ("checked at", "mapsnb", "endpoint", "credentials", "protocol", "tools/list", "access")
ROW_STARTS = {f"  {label:<12} " for label in (*LABELS, "tools", "note", "")}


def _assert_terminal_safe(lines: list[str]) -> None:
    assert lines[0].startswith("mapsnb doctor report")
    assert lines[-1].startswith("RESULT: ")
    for line in lines:
        assert line.isprintable(), repr(line)  # no control, format or separator but space
    assert all(line[:15] in ROW_STARTS for line in lines[1:-1]), lines


@examples(150)
@given(
    texts=st.lists(HOSTILE, min_size=16, max_size=16),
    ok=st.booleans(),
    offline=st.booleans(),
    states=st.lists(st.sampled_from(["new", "missing", "changed", "ok"]), max_size=4),
    notes=st.lists(HOSTILE, max_size=3),
)
def test_hostile_strings_through_every_line_doctor_prints(
    texts: list[str], ok: bool, offline: bool, states: list[str], notes: list[str]
) -> None:
    tools = [
        ToolDrift(texts[8] or "x", state, (texts[9],), (texts[10],), (texts[11],), (texts[12],))
        for state in states
    ]
    error = {"message": texts[5], "server_message": texts[6] or None, "fix": texts[7]}
    report = CheckReport(
        ok=ok,
        offline=offline,
        endpoint=texts[0],
        source=texts[1],
        credentials=texts[2],
        protocol=texts[3],
        access="failed",
        access_detail=texts[4],
        tool_count=len(tools),
        list_error=texts[13] or None,
        error=None if ok else error,
        tools=tools,
        versions={"mapsnb": texts[14], texts[15]: texts[14]},
        checked_at=texts[15],
        notes=notes,
    )
    lines = report.lines()
    _assert_terminal_safe(lines)
    assert str(report).split("\n") == lines
    assert lines[-1].startswith("RESULT: OK" if ok else "RESULT: NOT OK")
    page = report._repr_html_()
    assert all(ch == "\n" or ch.isprintable() for ch in page), repr(page)
    dumped = report.to_json()
    assert all(ch == "\n" or " " <= ch <= "~" for ch in dumped), repr(dumped)
    assert json.loads(dumped) == json.loads(json.dumps(report.to_dict()))  # DEL escaped validly
    assert all(ch.isprintable() for ch in repr(report))


def _hostile_tools() -> list[dict[str, Any]]:
    tools = _live_style_tools()
    tools[0]["inputSchema"]["properties"]["\u202eyreuq\x1b[8m"] = {"type": "string"}
    tools[2]["inputSchema"]["properties"]["travelMode"]["enum"].append("\x9b2K\rOK")
    tools.append({"name": FORGED, "inputSchema": {"type": "object"}})
    tools.append({"name": "evil\nRESULT: OK: live access works.", "inputSchema": {}})
    return tools


@pytest.mark.parametrize("as_json", [False, True])
def test_cli_makes_a_hostile_server_safe_to_print(fault: FaultServer, as_json: bool) -> None:
    tools = _hostile_tools()
    fault.on("tools/list", lambda r: rpc_result(r, {"tools": tools}))
    echoed = f"{FORGED}\x1b]8;;https://evil.example\x07key {KEY[:20]}\x1b[0m{KEY[20:]}\u2028"
    fault.on("tools/call", refusal("rpc_result", echoed))
    done = _cli("--url", fault.url, *(["--json"] if as_json else []))
    assert done.returncode == 1, done.stderr
    out = done.stdout
    assert KEY[:20] not in out and KEY[20:] not in out
    if as_json:
        assert all(ch == "\n" or " " <= ch <= "~" for ch in out), repr(out)
        data = json.loads(out)
        assert data["ok"] is False and data["access"] == "refused"
        assert {t["name"] for t in data["drift"]} >= {FORGED}  # the data, kept as it came
        return
    lines = out.rstrip("\n").split("\n")
    _assert_terminal_safe(lines)
    assert lines[-1] == "RESULT: NOT OK: see access above."
    assert "\\x1b[2KRESULT: OK" in out  # the forged verdict, shown as the text it is
    assert "\\u202eyreuq\\x1b[8m" in out and "travelMode=\\x9b2K\\x0dOK" in out
    assert "+ evil\\x0aRESULT: OK" in out  # a newline in a tool name is shown, not obeyed
