"""Serve the emulator with the official ``mcp`` SDK: streamable HTTP at ``/mcp``, or stdio.

Needs the ``server`` extra (``pip install "mapsnb[server]"``). Any MCP client can list and call
the six tools; all data is synthetic::

    mapsnb sandbox serve                   # http://127.0.0.1:8765/mcp, stateless like live
    mapsnb sandbox serve --sessions        # MCP sessions and SSE answers
    mapsnb sandbox serve --tools 2026-08   # the 5-tool era (legacy weather record)
    mapsnb sandbox serve --stdio           # for a desktop MCP client's config
"""

from __future__ import annotations

import datetime as dt
import json
import socket
import sys
from collections.abc import Sequence
from typing import Any

from mapsnb_sandbox.contract.budget import WorkCancelled
from mapsnb_sandbox.contract.schemas import ERAS
from mapsnb_sandbox.emulator import Sandbox
from mapsnb_sandbox.serve.endpoint import SERVER_INFO, call_result
from mapsnb_sandbox.serve.lifecycle import CancelOnDisconnect, InFlight, draining, run_call

__all__ = [
    "INSTALL_HINT",
    "LOOPBACK",
    "SHUTDOWN_S",
    "TOOL_WORKERS",
    "build_app",
    "build_server",
    "missing_server_module",
    "security_settings",
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


#: Threads that run tool calls at once; further calls wait for one, requests that are not tool
#: calls (``tools/list``, ``ping``, …) never wait.
TOOL_WORKERS = 4


def build_server(sandbox: Sandbox | None = None, calls: InFlight | None = None) -> Any:
    """The SDK's low-level ``Server`` answering ``tools/list`` and ``tools/call`` with ``sandbox``.

    Tool calls run on :data:`TOOL_WORKERS` threads, off the event loop; their inputs are bounded
    by the limits of :mod:`mapsnb._limits` (checked by :meth:`Sandbox.call_tool`), their work by
    the emulator's work bound, and each is cancelled when its HTTP client disconnects or its
    handler is cancelled (:func:`~mapsnb_sandbox.serve.lifecycle.run_call`); ``calls`` holds
    the running ones (for a shutdown to cancel).
    """
    try:
        import mcp_types as types
        from mcp.server.lowlevel import Server
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(f"serving the sandbox needs the MCP SDK: {INSTALL_HINT}") from exc

    import anyio

    sandbox = sandbox or Sandbox()
    calls = calls if calls is not None else InFlight()
    tools = [types.Tool.model_validate(t) for t in sandbox.list_tools()]
    workers = anyio.CapacityLimiter(TOOL_WORKERS)

    def error(text: str) -> Any:
        return types.CallToolResult(
            content=[types.TextContent(type="text", text=text)], is_error=True
        )

    async def list_tools(ctx: Any, params: Any) -> Any:
        return types.ListToolsResult(tools=tools)

    async def call_tool(ctx: Any, params: Any) -> Any:
        if params.name not in sandbox.tool_names:
            return error(f"INVALID_ARGUMENT: unknown tool {params.name!r}")
        name, arguments = params.name, dict(params.arguments or {})
        try:  # tool work runs on a bounded pool of threads: the event loop keeps answering
            result = await run_call(
                lambda: call_result(sandbox, name, arguments),
                limiter=workers,
                calls=calls,
                what=name,
            )
        except WorkCancelled as exc:  # the client went or the server is stopping
            return error(f"CANCELLED: {exc}")
        return types.CallToolResult.model_validate(result)

    return Server(
        SERVER_INFO["name"],
        version=SERVER_INFO["version"],
        instructions=_INSTRUCTIONS,
        on_list_tools=list_tools,
        on_call_tool=call_tool,
    )


#: Names that stay on this machine; any other bind address is "beyond loopback".
LOOPBACK = ("127.0.0.1", "localhost", "::1")
_WILDCARD = ("0.0.0.0", "::", "")


def security_settings(
    host: str = "127.0.0.1",
    *,
    allow_hosts: Sequence[str] = (),
    allow_origins: Sequence[str] = (),
) -> Any:
    """Host and Origin checks (DNS rebinding protection) for a server bound to ``host``.

    Always on: loopback names, the bound host name (for a wildcard address, this machine's
    names) and the ``allow_hosts``/``allow_origins`` given are accepted, with or without a port
    (``http://localhost`` and ``http://localhost:8888`` alike); a forged ``Host`` gets HTTP 421,
    a foreign ``Origin`` HTTP 403 (the MCP spec: servers MUST validate Origin).
    """
    from mcp.server.transport_security import TransportSecuritySettings

    names = ["127.0.0.1", "localhost", "[::1]"]
    if host in _WILDCARD:
        names += [socket.gethostname(), socket.getfqdn()]
    elif host not in LOOPBACK:
        names.append(f"[{host}]" if ":" in host else host)
    names += [h for h in allow_hosts if h]
    hosts = [p for n in dict.fromkeys(names) for p in (n, f"{n}:*")]
    origins = [
        f"{scheme}://{n}{port}"
        for n in dict.fromkeys(names)
        for scheme in ("http", "https")
        for port in ("", ":*")
    ]
    origins += [o.rstrip("/") for o in allow_origins if o]
    return TransportSecuritySettings(
        enable_dns_rebinding_protection=True, allowed_hosts=hosts, allowed_origins=origins
    )


class _AcceptBoth:
    """ASGI wrapper: a POST whose ``Accept`` lacks JSON or SSE is answered like live (which
    answered ``application/json`` to an SSE-only ``Accept``), not with HTTP 406."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def __getattr__(self, name: str) -> Any:  # router, state, … of the wrapped Starlette app
        return getattr(self.app, name)

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope.get("type") == "http" and scope.get("method") == "POST":
            headers = [(k, v) for k, v in scope.get("headers", []) if k != b"accept"]
            headers.append((b"accept", b"application/json, text/event-stream"))
            scope = {**scope, "headers": headers}
        await self.app(scope, receive, send)


def build_app(
    sandbox: Sandbox | None = None,
    *,
    sessions: bool = False,
    json_response: bool | None = None,
    stateless: bool | None = None,
    host: str = "127.0.0.1",
    allow_hosts: Sequence[str] = (),
    allow_origins: Sequence[str] = (),
    calls: InFlight | None = None,
) -> Any:
    """An ASGI app serving ``sandbox`` at ``/mcp``.

    Stateless like the live server by default: ``tools/list`` and ``tools/call`` work as plain
    JSON POSTs without ``initialize``, answers are ``application/json``, any ``Accept`` is
    answered. ``sessions=True`` keeps MCP sessions (``Mcp-Session-Id``) and SSE answers;
    ``json_response``/``stateless`` set either part alone. Host and Origin are always checked
    (:func:`security_settings`). A call whose client disconnects before its answer is
    cancelled (:class:`~mapsnb_sandbox.serve.lifecycle.CancelOnDisconnect`); ``calls`` holds
    the running ones.
    """
    app = build_server(sandbox, calls).streamable_http_app(
        streamable_http_path="/mcp",
        json_response=not sessions if json_response is None else json_response,
        stateless_http=not sessions if stateless is None else stateless,
        transport_security=security_settings(
            host, allow_hosts=allow_hosts, allow_origins=allow_origins
        ),
        host=host,
    )
    return _AcceptBoth(CancelOnDisconnect(app))


#: Seconds a served emulator takes at most to stop on SIGTERM or SIGINT.
SHUTDOWN_S = 0.5


def serve(
    host: str = "127.0.0.1",
    port: int = 8765,
    *,
    now: dt.datetime | str | None = None,
    sessions: bool = False,
    json_response: bool | None = None,
    stateless: bool | None = None,
    structured_content: bool = False,
    tools: str = ERAS[0],
    allow_hosts: Sequence[str] = (),
    allow_origins: Sequence[str] = (),
) -> None:
    """Run the emulator's MCP server over HTTP (``http://host:port/mcp``) until interrupted.

    Binding beyond loopback (e.g. ``0.0.0.0``) prints a warning; Host and Origin stay checked.
    SIGTERM or SIGINT cancels every running call and stops the server within
    :data:`SHUTDOWN_S` (open connections get half of it to finish).
    """
    import uvicorn

    sandbox = Sandbox(now=now, structured_content=structured_content, tools=tools)
    calls = InFlight()
    app = build_app(
        sandbox,
        sessions=sessions,
        json_response=json_response,
        stateless=stateless,
        host=host,
        allow_hosts=allow_hosts,
        allow_origins=allow_origins,
        calls=calls,
    )
    if host not in LOOPBACK:
        print(
            f"warning: serving on {host!r}, beyond this machine's loopback: other machines can "
            "reach the emulator. Host and Origin are still checked: add names with --allow-host "
            "and browser origins with --allow-origin.",
            file=sys.stderr,
            flush=True,
        )
    print(
        json.dumps({"url": f"http://{host}:{port}/mcp", "note": "mapsnb sandbox — synthetic data"}),
        flush=True,
    )
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        # uvicorn hints int, and uses it as asyncio.timeout(): a float is what it does
        timeout_graceful_shutdown=SHUTDOWN_S / 2,  # type: ignore[arg-type]
    )

    class Stopping(uvicorn.Server):
        """uvicorn's server whose exit signal first cancels every running tool call."""

        def handle_exit(self, sig: int, frame: Any) -> None:
            calls.cancel_all()  # each stops at its next work check, freeing its thread
            super().handle_exit(sig, frame)

    Stopping(config).run()


def serve_stdio(
    *, now: dt.datetime | str | None = None, structured_content: bool = False, tools: str = ERAS[0]
) -> None:
    """Serve the emulator over stdio (JSON-RPC lines on stdin/stdout) until stdin closes.

    Nothing but protocol messages is written to stdout; the banner goes to stderr. When stdin
    closes, the requests already read are answered before the server exits
    (:func:`~mapsnb_sandbox.serve.lifecycle.draining`).
    """
    import anyio
    from mcp.server.stdio import stdio_server

    server = build_server(Sandbox(now=now, structured_content=structured_content, tools=tools))
    print("mapsnb sandbox (stdio) — synthetic data", file=sys.stderr, flush=True)

    async def run() -> None:
        async with stdio_server() as (read, write):
            drained_read, answering_write = draining(read, write)
            await server.run(drained_read, answering_write, server.create_initialization_options())

    anyio.run(run)
