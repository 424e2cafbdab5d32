"""Serve the emulator with the official ``mcp`` SDK: streamable HTTP at ``/mcp``, or stdio.

Needs the ``server`` extra (``pip install "mapsnb[server]"``). Any MCP client can list and call
the six tools; all data is synthetic::

    mapsnb sandbox serve                   # http://127.0.0.1:8765/mcp
    mapsnb sandbox serve --stdio           # for a desktop MCP client's config
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from typing import Any

from . import Sandbox
from ._mcp import SERVER_INFO, call_result

__all__ = [
    "INSTALL_HINT",
    "build_app",
    "build_server",
    "missing_server_module",
    "serve",
    "serve_stdio",
]

#: The exact command that installs what serving needs.
INSTALL_HINT = 'pip install "mapsnb[server]"'
_INSTRUCTIONS = (
    "mapsnb sandbox: a deterministic emulator of Google's Maps agent tools. All data is synthetic."
)


def missing_server_module(*, http: bool = True) -> str | None:
    """The name of the first module of the ``server`` extra that cannot be imported, or ``None``.

    ``http=False`` checks only what stdio serving needs (the SDK, not uvicorn).
    """
    import importlib

    for module in ("mcp.server.lowlevel", "uvicorn") if http else ("mcp.server.lowlevel",):
        try:
            importlib.import_module(module)
        except ImportError:
            return module.split(".")[0]
    return None


def build_server(sandbox: Sandbox | None = None) -> Any:
    """The SDK's low-level ``Server`` answering ``tools/list`` and ``tools/call`` with ``sandbox``."""
    try:
        import mcp_types as types
        from mcp.server.lowlevel import Server
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"serving the sandbox needs the MCP SDK: {INSTALL_HINT}") from exc

    sandbox = sandbox or Sandbox()
    tools = [types.Tool.model_validate(t) for t in sandbox.list_tools()]

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: Any) -> Any:
        if params.name not in sandbox.tool_names:
            text = f"INVALID_ARGUMENT: unknown tool {params.name!r}"
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)], is_error=True
            )
        result = call_result(sandbox, params.name, params.arguments or {})
        return types.CallToolResult.model_validate(result)

    return Server(
        SERVER_INFO["name"],
        version=SERVER_INFO["version"],
        instructions=_INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


def build_app(
    sandbox: Sandbox | None = None,
    *,
    json_response: bool = False,
    stateless: bool = False,
    host: str = "127.0.0.1",
) -> Any:
    """A Starlette app serving ``sandbox`` at ``/mcp``."""
    return build_server(sandbox).streamable_http_app(
        streamable_http_path="/mcp",
        json_response=json_response,
        stateless_http=stateless,
        host=host,
    )


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    now: dt.datetime | str | None = None,
    json_response: bool = False,
    stateless: bool = False,
    structured_content: bool = False,
) -> None:
    """Run the emulator's MCP server over HTTP (``http://host:port/mcp``) until interrupted."""
    import uvicorn

    sandbox = Sandbox(now=now, structured_content=structured_content)
    app = build_app(sandbox, json_response=json_response, stateless=stateless, host=host)
    print(
        json.dumps({"url": f"http://{host}:{port}/mcp", "note": "mapsnb sandbox — synthetic data"}),
        flush=True,
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")


def serve_stdio(*, now: dt.datetime | str | None = None, structured_content: bool = False) -> None:
    """Serve the emulator over stdio (JSON-RPC lines on stdin/stdout) until stdin closes.

    Nothing but protocol messages is written to stdout; the banner goes to stderr.
    """
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(Sandbox(now=now, structured_content=structured_content))
    print("mapsnb sandbox (stdio) — synthetic data", file=sys.stderr, flush=True)

    async def run() -> None:
        async with stdio_server() as (read, write):
            await server.run(read, write, server.create_initialization_options())

    anyio.run(run)
