"""A small real HTTP server on 127.0.0.1 whose answers are scripted per test.

It records every request (method, headers, body, arrival time) and answers from per-method
queues of scripted replies, falling back to a minimal MCP server (sessions optional).

Examples
--------
>>> with FaultServer() as fault:  # doctest: +SKIP
...     fault.on("tools/call", Reply(429, headers={"Retry-After": "1"}))
...     Client("k", url=fault.url).call_tool("search_places", {"text_query": "x"})
"""

from __future__ import annotations

import collections
import html
import itertools
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from . import TOOL_NAMES


@dataclass
class Recorded:
    """One request as the server received it (header names lower-cased)."""

    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    at: float
    peer: tuple[str, int] = ("", 0)  # the client's address: one port per connection

    @property
    def json(self) -> Any:
        """The JSON body, or ``None``."""
        try:
            return json.loads(self.body) if self.body else None
        except ValueError:
            return None

    @property
    def rpc_method(self) -> str:
        """The JSON-RPC method of a POST; ``"DELETE"``/``"GET"`` for other verbs."""
        body = self.json
        if self.method == "POST" and isinstance(body, dict):
            return str(body.get("method", ""))
        return self.method

    @property
    def rpc_id(self) -> Any:
        """The JSON-RPC id, or ``None`` for notifications."""
        body = self.json
        return body.get("id") if isinstance(body, dict) else None


@dataclass
class Reply:
    """A scripted HTTP answer.

    ``delay`` stalls before answering; ``truncate`` sends no ``Content-Length`` and closes the
    connection after the body (the body ends where the connection does); ``abort_chunked`` sends
    the body as one chunk and closes without the final chunk.
    """

    status: int = 200
    body: bytes | str = b""
    headers: dict[str, str] = field(default_factory=dict)
    content_type: str | None = "application/json"
    delay: float = 0.0
    truncate: bool = False
    abort_chunked: bool = False


Responder = Callable[[Recorded], Reply]
Script = Reply | Responder


def rpc_result(req: Recorded, result: Any, *, sse: bool = False, status: int = 200) -> Reply:
    """A JSON-RPC success answering ``req`` (as JSON or as one SSE event)."""
    message = {"jsonrpc": "2.0", "id": req.rpc_id, "result": result}
    if sse:
        return Reply(status, sse_body(message), content_type="text/event-stream")
    return Reply(status, json.dumps(message))


def rpc_error(
    req: Recorded, code: int, message: str, data: Any = None, *, status: int = 400
) -> Reply:
    """A JSON-RPC error answering ``req``."""
    error: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        error["data"] = data
    return Reply(status, json.dumps({"jsonrpc": "2.0", "id": req.rpc_id, "error": error}))


def tool_result(payload: Any, *, structured: bool = True) -> dict[str, Any]:
    """A ``CallToolResult`` carrying ``payload`` (and its JSON text)."""
    text = payload if isinstance(payload, str) else json.dumps(payload)
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if structured:
        result["structuredContent"] = payload
    return result


#: The body shapes a refusal (401/403) comes in: see :func:`refusal`.
REFUSAL_SHAPES = (
    "rpc_result",
    "rpc_result_google",
    "rpc_result_sse",
    "rpc_error",
    "google",
    "google_list",
    "oauth",
    "html",
    "text",
    "empty",
)


def google_error(
    message: str,
    status: str = "PERMISSION_DENIED",
    code: int = 403,
    reason: str | None = None,
    metadata: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A Google API error body ``{"error": {"code", "message", "status", "details"}}``."""
    details: list[Any] = []
    if reason:
        details.append(
            {
                "@type": "type.googleapis.com/google.rpc.ErrorInfo",
                "reason": reason,
                "domain": "googleapis.com",
                "metadata": {"service": "mapstools.googleapis.com", **(metadata or {})},
            }
        )
    return {"error": {"code": code, "message": message, "status": status, "details": details}}


def refusal(
    shape: str,
    message: str,
    *,
    http_status: int = 403,
    status: str = "PERMISSION_DENIED",
    reason: str | None = None,
    metadata: dict[str, str] | None = None,
    www_authenticate: str | None = None,
) -> Responder:
    """A responder refusing access with ``message`` in one of :data:`REFUSAL_SHAPES`.

    ``www_authenticate`` is sent as the ``WWW-Authenticate`` header (a Bearer challenge such as
    ``Bearer error="insufficient_scope", scope="…"``: the live server's OAuth refusal).

    ``rpc_result``: the live server's JSON-RPC result with ``isError`` and the cause as text
    (``"PERMISSION_DENIED: …"``); ``rpc_result_google``: the same with a Google error as the text;
    ``rpc_result_sse``: the first as an SSE event; ``rpc_error``: a JSON-RPC ``error`` whose
    ``data`` is the Google error; ``google`` / ``google_list``: Google's front-end error (alone or
    in a list); ``oauth``: ``{"error": "...", "error_description": message}``; ``html``: Google's
    HTML error page; ``text``: plain text; ``empty``: no body at all.
    """
    google = google_error(message, status, http_status, reason, metadata)

    def respond(req: Recorded) -> Reply:
        reply = body_of(req)
        if www_authenticate is not None:
            reply.headers["WWW-Authenticate"] = www_authenticate
        return reply

    def body_of(req: Recorded) -> Reply:
        if shape in ("rpc_result", "rpc_result_sse", "rpc_result_google"):
            text = (
                json.dumps(google, indent=2)
                if shape == "rpc_result_google"
                else f"{status}: {message}"
            )
            result = {"content": [{"type": "text", "text": text}], "isError": True}
            return rpc_result(req, result, sse=shape == "rpc_result_sse", status=http_status)
        if shape == "rpc_error":
            return rpc_error(req, -32603, message, google, status=http_status)
        if shape in ("google", "google_list"):
            body = [google] if shape == "google_list" else google
            return Reply(http_status, json.dumps(body))
        if shape == "oauth":
            body = {"error": "insufficient_scope", "error_description": message}
            return Reply(http_status, json.dumps(body))
        if shape == "html":
            page = (
                "<!DOCTYPE html><html lang=en><meta charset=utf-8><title>Error 403 (Forbidden)"
                f"</title><style>p{{margin:0}}</style><p><b>{http_status}.</b> "
                f"<ins>That’s an error.</ins><p>{html.escape(message)}</html>"
            )
            return Reply(http_status, page, content_type="text/html; charset=UTF-8")
        if shape == "text":
            return Reply(http_status, message, content_type="text/plain")
        if shape == "empty":
            return Reply(http_status, b"", content_type=None)
        raise ValueError(f"unknown refusal shape {shape!r}")

    return respond


def sse_body(*messages: Any) -> str:
    """An SSE body with one ``event: message`` per JSON message."""
    return "".join(f"event: message\ndata: {json.dumps(m)}\n\n" for m in messages)


class FaultServer:
    """Threaded HTTP server: scripted replies per JSON-RPC method, else a minimal MCP server.

    Parameters
    ----------
    sessions
        Whether ``initialize`` hands out an ``Mcp-Session-Id`` (``sess-1``, ``sess-2``, …).
    require_session
        Answer requests without a session id (other than ``initialize``) with HTTP 400
        ``"Bad Request: Missing session ID"``, as a session-only SDK server does.
    """

    def __init__(self, *, sessions: bool = True, require_session: bool = False) -> None:
        self.sessions = sessions
        self.require_session = require_session
        self.requests: list[Recorded] = []
        self._queues: dict[str, collections.deque[Script]] = collections.defaultdict(
            collections.deque
        )
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._session_ids = (f"sess-{n}" for n in itertools.count(1))
        self.live_sessions: set[str] = set()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self.port: int = self._httpd.server_address[1]
        self.url = f"http://127.0.0.1:{self.port}/mcp"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    # ------------------------------------------------------------------ scripting
    def on(self, method: str, *replies: Script) -> FaultServer:
        """Queue ``replies`` for the next requests of ``method`` (``"*"``: any request)."""
        with self._lock:
            self._queues[method].extend(replies)
        return self

    def calls(self, method: str) -> list[Recorded]:
        """The recorded requests of a JSON-RPC method (or ``"DELETE"``)."""
        return [r for r in self.requests if r.rpc_method == method]

    def respond(self, req: Recorded) -> Reply:
        """The reply to ``req``: a queued one if any, else :meth:`mcp_reply`."""
        with self._lock:
            self.requests.append(req)
            for key in (req.rpc_method, "*"):
                if self._queues[key]:
                    item = self._queues[key].popleft()
                    break
            else:
                item = self.mcp_reply
        return item(req) if callable(item) else item

    # ---------------------------------------------------------------- default MCP
    def mcp_reply(self, req: Recorded) -> Reply:
        """A minimal, well-behaved MCP streamable-HTTP server."""
        sid = req.headers.get("mcp-session-id")
        if req.method == "DELETE":
            found = sid in self.live_sessions
            self.live_sessions.discard(sid or "")
            return Reply(200 if found else 404, content_type=None)
        if sid is not None and sid not in self.live_sessions:
            return Reply(404, json.dumps(_error_body(-32001, "Session not found")))
        method = req.rpc_method
        if method == "initialize":
            headers = {}
            if self.sessions:
                new = next(self._session_ids)
                self.live_sessions.add(new)
                headers["Mcp-Session-Id"] = new
            result = {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "fault-server", "version": "1"},
            }
            reply = rpc_result(req, result)
            reply.headers.update(headers)
            return reply
        if self.require_session and sid is None:
            return Reply(400, json.dumps(_error_body(-32600, "Bad Request: Missing session ID")))
        if req.rpc_id is None:
            return Reply(202, content_type=None)
        if method == "tools/list":
            tools = [{"name": n, "inputSchema": {"type": "object"}} for n in TOOL_NAMES]
            return rpc_result(req, {"tools": tools})
        if method == "tools/call":
            params = req.json.get("params", {})
            payload = {"ok": True, "_echo": params.get("arguments")}
            return rpc_result(req, tool_result(payload))
        return Reply(200, json.dumps(_error_body(-32601, "Method not found", req.rpc_id)))

    # ------------------------------------------------------------------ lifecycle
    def wait(self, seconds: float) -> None:
        """Sleep up to ``seconds``, waking early when the server stops."""
        self._stop.wait(seconds)

    def start(self) -> FaultServer:
        """Start serving in a daemon thread."""
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release stalled handlers, stop serving and close the socket."""
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> FaultServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _error_body(code: int, message: str, msg_id: Any = None) -> dict[str, Any]:
    return {"jsonrpc": "2.0", "id": msg_id, "error": {"code": code, "message": message}}


def _handler_for(server: FaultServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            return

        def _handle(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            req = Recorded(
                method=self.command,
                path=self.path,
                headers={k.lower(): v for k, v in self.headers.items()},
                body=body,
                at=time.monotonic(),
                peer=tuple(self.client_address[:2]),
            )
            reply = server.respond(req)
            if reply.delay:
                server.wait(reply.delay)
            try:
                self._write(reply)
            except OSError:  # the client gave up (timeout) and closed the socket
                self.close_connection = True

        def _write(self, reply: Reply) -> None:
            data = reply.body.encode() if isinstance(reply.body, str) else reply.body
            self.send_response(reply.status)
            if reply.content_type and (data or reply.truncate or reply.abort_chunked):
                self.send_header("Content-Type", reply.content_type)
            for name, value in reply.headers.items():
                self.send_header(name, value)
            if reply.abort_chunked:
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                self.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
                self.wfile.flush()
                self.close_connection = True
                return
            if reply.truncate:
                self.send_header("Connection", "close")
                self.close_connection = True
            else:
                self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            self.wfile.flush()

        do_POST = do_GET = do_DELETE = _handle

    return Handler
