"""Serve the emulator over MCP streamable HTTP with the official ``mcp`` SDK.

Needs the ``server`` extra (``pip install 'mapsnb[server]'``). Any MCP client can list and call
the six tools; all data is synthetic::

    mapsnb sandbox serve --host 127.0.0.1 --port 8765
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from . import Sandbox
from ._mcp import call_result


def build_app(
    sandbox: Sandbox | None = None,
    *,
    json_response: bool = False,
    stateless: bool = False,
    host: str = "127.0.0.1",
) -> Any:
    """A Starlette app serving ``sandbox`` at ``/mcp``."""
    try:
        import mcp_types as types
        from mcp.server.lowlevel import Server
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "serving the sandbox needs the MCP SDK: pip install 'mapsnb[server]'"
        ) from exc

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

    server = Server(
        "mapsnb-sandbox",
        version="0.1.0",
        instructions="mapsnb sandbox: a deterministic emulator of Google's Maps agent tools. "
        "All data is synthetic.",
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )
    return server.streamable_http_app(
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
) -> None:
    """Run the emulator's MCP server until interrupted."""
    import uvicorn

    app = build_app(Sandbox(now=now), json_response=json_response, stateless=stateless, host=host)
    print(
        json.dumps({"url": f"http://{host}:{port}/mcp", "note": "mapsnb sandbox — synthetic data"}),
        flush=True,
    )
    uvicorn.run(app, host=host, port=port, log_level="warning")
