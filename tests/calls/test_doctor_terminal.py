"""``mapsnb doctor`` prints server-sent text made safe: no escape can hide "NOT OK" or forge "OK".

Tool names and messages come from a real local server (the fault server) and from the CLI in a
subprocess; the class is covered by a property over hostile strings.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import mapsnb
from mapsnb._calls.doctor import terminal_safe
from mapsnb._calls.known_tools import KNOWN_TOOLS
from tests.servers.fault_server import FaultServer, refusal, rpc_result

pytestmark = pytest.mark.usefixtures("fast_backoff")

KEY = "FAKE-mapsnb-doctor-key-0123456789abcdefghijklmno"
ROOT = Path(__file__).resolve().parents[2]
#: Erase the line, return the cursor, recolour green, reorder right-to-left, a C1 CSI, a bell.
FORGERY = "\x1b[2K\rRESULT: OK: live access works.\x1b[32m\u202e\x9b1A\x07"
#: Any character a terminal acts on rather than prints (the newline is indented by the report).
_ACTIVE = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def _assert_inert(text: str) -> None:
    assert not _ACTIVE.search(text), repr(text)
    lines = text.splitlines()
    assert sum(line.startswith("RESULT:") for line in lines) == 1  # no forged verdict line


def _tools_with(name: str) -> list[dict[str, Any]]:
    known = [{"name": n, "inputSchema": {"type": "object"}} for n in KNOWN_TOOLS]
    return [*known, {"name": name, "inputSchema": {"type": "object"}}]


def test_server_tool_names_and_messages_cannot_forge_the_verdict(fault: FaultServer) -> None:
    fault.on("tools/list", lambda r: rpc_result(r, {"tools": _tools_with("evil" + FORGERY)}))
    fault.on("tools/call", refusal("rpc_error", "denied\n" + FORGERY))
    with mapsnb.Client(KEY, url=fault.url) as client:
        report = client.check()
    text = str(report)
    _assert_inert(text)
    assert not report.ok
    assert text.splitlines()[-1] == "RESULT: NOT OK: see access above."
    assert "\\x1b" in text  # shown as an escape, not dropped: the user sees the attempt


def test_cli_output_is_inert(fault: FaultServer) -> None:
    fault.on("tools/list", lambda r: rpc_result(r, {"tools": _tools_with(FORGERY)}))
    fault.on("tools/call", refusal("rpc_error", FORGERY))
    env = {k: v for k, v in os.environ.items() if k != "GOOGLE_MAPS_API_KEY"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    env["GOOGLE_MAPS_API_KEY"] = KEY
    done = subprocess.run(
        [sys.executable, "-m", "mapsnb.cli", "doctor", "--url", fault.url],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    _assert_inert(done.stdout)
    assert done.stdout.rstrip().splitlines()[-1] == "RESULT: NOT OK: see access above."


@given(st.text())
def test_terminal_safe_leaves_nothing_active(text: str) -> None:
    safe = terminal_safe(text)
    assert not _ACTIVE.search(safe) and "\n" not in safe  # one inert row, whatever was sent
    if text.isascii() and text.isprintable() and len(text) < 200:
        assert safe == text  # plain text passes unchanged
