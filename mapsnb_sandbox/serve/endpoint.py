"""A minimal MCP streamable-HTTP endpoint for the emulator, without the SDK.

:class:`McpEndpoint` answers JSON-RPC bodies the way the live server does: both the classic
session style (``initialize`` → ``Mcp-Session-Id``) and stateless requests (no initialize).
:class:`SandboxTransport` plugs it into httpx in-process, sync and async, so the client uses one
code path for the emulator and the network.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Mapping
from typing import Any, Protocol

import httpx

from mapsnb import settings
from mapsnb_sandbox.contract.common import SandboxToolError


class Emulator(Protocol):
    """What the endpoint needs of :class:`mapsnb_sandbox.Sandbox`."""

    def list_tools(self) -> list[dict[str, Any]]: ...
    def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]: ...
    def session_counter(self) -> int: ...

    @property
    def tool_names(self) -> tuple[str, ...]: ...


SERVER_INFO = {"name": "mapsnb-sandbox", "version": "0.1.0"}
#: What a JSON-RPC id may be (JSON-RPC 2.0: a string, a number or null).
_ID_TYPES = (str, int, float, type(None))
SUPPORTED = ("2025-11-25", "2025-06-18", "2025-03-26")


def _rpc_error(msg_id: Any, code: int, message: str) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


class McpEndpoint:
    """JSON-RPC dispatcher of the emulator (``initialize``, ``tools/list``, ``tools/call``)."""

    def __init__(self, sandbox: Emulator) -> None:
        self.sandbox = sandbox
        self.sessions: set[str] = set()  # issued by initialize, not yet ended by DELETE

    def handle(
        self, method: str, headers: Mapping[str, str], body: bytes
    ) -> tuple[int, dict[str, str], bytes]:
        """Answer one HTTP request: ``(status, headers, body)``."""
        session = headers.get("mcp-session-id")
        if method == "DELETE":
            if session in self.sessions:
                self.sessions.discard(session)
                return 200, {}, b""
            return 404, {}, b""
        if method != "POST":
            return 405, {"Allow": "POST, DELETE"}, b""
        if session is not None and session not in self.sessions:
            return (
                404,
                {"content-type": "application/json"},
                json.dumps(_rpc_error(None, -32001, "Session not found")).encode(),
            )
        try:
            message = json.loads(body)
        except (ValueError, RecursionError):  # bad JSON or UTF-8, a number Python cannot hold
            return (
                400,
                {"content-type": "application/json"},
                json.dumps(_rpc_error(None, -32700, "Parse error")).encode(),
            )
        if (
            not isinstance(message, Mapping)
            or message.get("jsonrpc") != "2.0"
            or not isinstance(message.get("method"), str)
            or not isinstance(message.get("id"), _ID_TYPES)
        ):
            return (
                400,
                {"content-type": "application/json"},
                json.dumps(_rpc_error(None, -32600, "Invalid Request")).encode(),
            )
        if "id" not in message:  # a notification
            return 202, {}, b""
        out_headers = {"content-type": "application/json"}
        reply = self._dispatch(message, out_headers)
        return 200, out_headers, json.dumps(reply).encode()

    def _dispatch(self, message: Mapping[str, Any], out_headers: dict[str, str]) -> dict[str, Any]:
        msg_id = message.get("id")
        method = message.get("method")
        params = message.get("params") or {}
        if not isinstance(params, Mapping):
            return _rpc_error(msg_id, -32602, "params must be an object")
        if method == "initialize":
            requested = params.get("protocolVersion")
            version = requested if requested in SUPPORTED else SUPPORTED[0]
            session = uuid.UUID(int=self.sandbox.session_counter()).hex
            self.sessions.add(session)
            out_headers["mcp-session-id"] = session
            return {
                "jsonrpc": "2.0",
                "id": msg_id,
                "result": {
                    "protocolVersion": version,
                    "capabilities": {"tools": {"listChanged": False}},
                    "serverInfo": SERVER_INFO,
                    "instructions": "mapsnb sandbox: a deterministic emulator; all data is synthetic.",
                },
            }
        if method == "ping":
            return {"jsonrpc": "2.0", "id": msg_id, "result": {}}
        if method == "tools/list":
            return {"jsonrpc": "2.0", "id": msg_id, "result": {"tools": self.sandbox.list_tools()}}
        if method == "tools/call":
            name = params.get("name")
            arguments = params.get("arguments") or {}
            if not isinstance(arguments, Mapping):
                return _rpc_error(msg_id, -32602, "params.arguments must be an object")
            if not isinstance(name, str) or name not in self.sandbox.tool_names:
                shown = name if isinstance(name, str) else type(name).__name__
                return _rpc_error(msg_id, -32602, f"Unknown tool: {shown[:200]}")
            return {
                "jsonrpc": "2.0",
                "id": msg_id,
                "result": call_result(self.sandbox, name, arguments),
            }
        return _rpc_error(msg_id, -32601, f"Method not found: {str(method)[:200]}")


def call_result(sandbox: Emulator, name: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
    """The MCP ``CallToolResult`` of one emulator call (errors as ``isError`` results)."""
    try:
        payload = sandbox.call_tool(name, dict(arguments))
    except SandboxToolError as exc:
        return {"content": [{"type": "text", "text": str(exc)}], "isError": True}
    text = json.dumps(payload, ensure_ascii=False, indent=2)
    # the live server sends pretty-printed JSON text, sometimes with "text" before "type"
    block = {"text": text, "type": "text"} if len(name) % 2 else {"type": "text", "text": text}
    # every tool declares an outputSchema: the same payload as structuredContent (MCP 2025-06-18)
    return {"content": [block], "structuredContent": payload, "isError": False}


class SandboxTransport(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """An httpx transport that answers MCP requests with the in-process emulator."""

    def __init__(self, endpoint: McpEndpoint) -> None:
        self.endpoint = endpoint

    def respond(self, request: httpx.Request, body: bytes) -> httpx.Response:
        """The emulator's answer to ``request`` (whose body, already read, is ``body``)."""
        headers = {k.lower(): v for k, v in request.headers.items()}
        status, out_headers, content = self.endpoint.handle(request.method, headers, body)
        log = os.environ.get(settings.sandbox_call_log_env)
        if log:  # tests count the requests that reach the emulator
            outcome = "error" if b'"isError": true' in content or status >= 400 else "ok"
            with open(log, "a", encoding="utf-8") as fh:
                fh.write(
                    f"{request.method} {headers.get('mcp-method', '-')} "
                    f"{headers.get('mcp-name', '-')} {outcome}\n"
                )
        return httpx.Response(status, headers=out_headers, content=content, request=request)

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self.respond(request, request.read())

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return self.respond(request, await request.aread())
