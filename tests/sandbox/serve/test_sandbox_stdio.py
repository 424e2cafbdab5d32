"""``mapsnb sandbox serve``: over stdio (the SDK's stdio client), its help, a missing extra."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import mcp

from mapsnb._read.summary import parse_summary
from mapsnb_sandbox import Sandbox

ROOT = Path(__file__).resolve().parents[3]
NOW = "2026-09-18T15:00:00Z"
ENV = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}


def _cli(*args: str, prelude: str = "") -> subprocess.CompletedProcess[str]:
    code = f"{prelude}\nfrom mapsnb.cli import main\nraise SystemExit(main({list(args)!r}))"
    return subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=ENV, timeout=120
    )


def test_stdio_server_answers_the_sdk_stdio_client() -> None:
    params = mcp.StdioServerParameters(
        command=sys.executable,
        args=["-m", "mapsnb.cli", "sandbox", "serve", "--stdio", "--now", NOW],
        env=ENV,
        cwd=str(ROOT),
    )
    args = {"textQuery": "coffee in Lisbon", "pageSize": 3}

    async def run() -> tuple[Any, Any, Any]:
        async with mcp.Client(params) as client:
            tools = await client.list_tools()
            ok = await client.call_tool("search_places", args)
            bad = await client.call_tool("search_places", {"text_query": "x", "page_size": 99})
            return tools, ok, bad

    tools, ok, bad = asyncio.run(run())
    assert tuple(t.name for t in tools.tools) == Sandbox.tool_names
    assert "textQuery" in tools.tools[0].input_schema["properties"]
    assert not ok.is_error and ok.structured_content == json.loads(ok.content[0].text)
    payload = json.loads(ok.content[0].text)
    assert payload == Sandbox(now=NOW).call_tool("search_places", args)
    assert len(parse_summary(payload["summary"]).names) == 3
    assert bad.is_error and "pageSize" in bad.content[0].text


def test_help_shows_defaults_and_the_mcp_endpoint() -> None:
    out = _cli("sandbox", "serve", "--help")
    assert out.returncode == 0
    text = " ".join(out.stdout.split())
    assert "/mcp" in text and "(default: 8765)" in text and "(default: 127.0.0.1)" in text
    assert "--stdio" in text and "--structured-content" in text
    assert 'pip install "mapsnb[server]"' in text


def test_missing_server_extra_says_what_to_install() -> None:
    """A real subprocess in which uvicorn cannot be imported (as without the extra)."""
    out = _cli(
        "sandbox", "serve", "--port", "1", prelude="import sys; sys.modules['uvicorn'] = None"
    )
    assert out.returncode == 2, out.stderr
    assert "Traceback" not in out.stderr and "ModuleNotFoundError" not in out.stderr
    assert "'server' extra" in out.stderr and "'uvicorn'" in out.stderr
    assert 'pip install "mapsnb[server]"' in out.stderr
    stdio = _cli("sandbox", "serve", "--stdio", prelude="import sys; sys.modules['mcp'] = None")
    assert stdio.returncode == 2 and "'mcp'" in stdio.stderr and "Traceback" not in stdio.stderr
    assert stdio.stdout == ""


def test_readme_offline_section_shows_the_serve_commands_and_a_stdio_config() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Offline mode", 1)[1].split("\n## ", 1)[0]
    assert "mapsnb sandbox serve --stdio" in section and "127.0.0.1:8765/mcp" in section
    assert 'mapsnb.Client(url="http://127.0.0.1:8765/mcp")' in section
    config = json.loads(section.split("```json", 1)[1].split("```", 1)[0])
    server = config["mcpServers"]["maps-sandbox"]
    assert server["command"] == "mapsnb" and server["args"][:3] == ["sandbox", "serve", "--stdio"]
    out = _cli(*server["args"], "--help")  # the snippet's arguments are ones the CLI accepts
    assert out.returncode == 0, out.stderr
