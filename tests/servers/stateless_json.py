"""A fake server that answers only the way the live one does: stateless, JSON only.

No sessions (``initialize`` answers ``serverInfo.name == "StatelessServer"`` and no
``Mcp-Session-Id``; a request carrying one is not treated specially), every answer is
``application/json`` whatever the ``Accept`` header says, ``GET`` is 405. ``tools/list`` needs no
credential; ``tools/call`` is answered by ``handler(name, arguments, headers)`` returning a
``CallToolResult`` dict. Every request is recorded (:class:`tests.servers.fault_server.Recorded`).

Examples
--------
>>> with StatelessJsonServer(tools, handler) as srv:  # doctest: +SKIP
...     mapsnb.Client("k", url=srv.url).list_tools()
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Mapping
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .fault_server import Recorded

Handler = Callable[[str, dict[str, Any], Mapping[str, str]], dict[str, Any]]


def text_result(text: str, *, is_error: bool | None = None) -> dict[str, Any]:
    """A ``CallToolResult`` with one text item (``isError`` left out when ``None``)."""
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}]}
    if is_error is not None:
        result["isError"] = is_error
    return result


def json_result(payload: Any) -> dict[str, Any]:
    """A ``CallToolResult`` carrying ``payload`` as pretty-printed JSON text, like live."""
    return text_result(json.dumps(payload, indent=2))


class StatelessJsonServer:
    """Serve ``tools`` and answer calls with ``handler`` on a free 127.0.0.1 port, at ``/mcp``."""

    def __init__(self, tools: list[dict[str, Any]], handler: Handler) -> None:
        self.tools = tools
        self.handler = handler
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler_class())
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/mcp"
        self._thread = threading.Thread(target=self._httpd.serve_forever, daemon=True)

    def calls(self, method: str) -> list[Recorded]:
        """The recorded requests of one JSON-RPC method."""
        with self._lock:
            return [r for r in self.requests if r.rpc_method == method]

    def _answer(self, body: Any, headers: Mapping[str, str]) -> tuple[int, Any]:
        if not isinstance(body, dict) or body.get("jsonrpc") != "2.0":
            return 400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32600, "message": "x"}}
        msg_id, method = body.get("id"), body.get("method")
        params = body.get("params") or {}
        if "id" not in body:
            return 202, None
        if method == "initialize":
            result: Any = {
                "protocolVersion": params.get("protocolVersion", "2025-06-18"),
                "capabilities": {"tools": {"listChanged": False}},
                "serverInfo": {"name": "StatelessServer", "version": "1.0.0"},
            }
        elif method == "tools/list":
            result = {"tools": self.tools}
        elif method == "tools/call":
            name = params.get("name")
            if name not in {t["name"] for t in self.tools}:
                error = {"code": -32602, "message": f"Unknown tool: {name}"}
                return 200, {"jsonrpc": "2.0", "id": msg_id, "error": error}
            result = self.handler(name, dict(params.get("arguments") or {}), headers)
        else:
            error = {"code": -32601, "message": f"Method not found: {method}"}
            return 200, {"jsonrpc": "2.0", "id": msg_id, "error": error}
        return 200, {"jsonrpc": "2.0", "id": msg_id, "result": result}

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class _Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def _send(self, status: int, body: Any) -> None:
                data = b"" if body is None else json.dumps(body).encode()
                self.send_response(status)
                if body is not None:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                self._send(405, {"error": "GET is not supported"})

            def do_DELETE(self) -> None:
                self._send(405, {"error": "DELETE is not supported"})

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = {k.lower(): v for k, v in self.headers.items()}
                rec = Recorded("POST", self.path, headers, raw, time.monotonic())
                with server._lock:
                    server.requests.append(rec)
                if self.path.split("?")[0] != "/mcp":
                    self._send(404, {"error": "Not Found"})
                    return
                try:
                    body = json.loads(raw)
                except ValueError:
                    self._send(400, {"jsonrpc": "2.0", "id": None, "error": {"code": -32700}})
                    return
                self._send(*server._answer(body, headers))

        return _Handler

    def __enter__(self) -> StatelessJsonServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=10)
