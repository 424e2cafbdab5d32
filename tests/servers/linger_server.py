"""A real MCP server on 127.0.0.1 that lingers: it keeps each SSE stream open after the response
event, and trickles its answer to the session's DELETE one byte at a time.

The MCP spec says a server *should* close the stream once the response is sent; this one holds
it open for ``hold`` seconds (or until stopped), so a client that reads to the end of the stream
times out on every attempt. ``requests`` counts what arrived, per JSON-RPC method.

Examples
--------
>>> with LingerServer(hold=30) as server:  # doctest: +SKIP
...     Client("k", url=server.url, timeout=2).call_tool("search_places", {})
"""

from __future__ import annotations

import collections
import itertools
import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from . import TOOL_NAMES


class LingerServer:
    """Streamable-HTTP MCP server whose streams and DELETE answers linger (see the module doc).

    Parameters
    ----------
    hold
        Seconds each SSE stream stays open after its response event.
    trickle
        Seconds between two bytes of the DELETE answer's head.
    notices
        Notifications sent on each stream before the response (progress-like events).
    payload
        The tool payload of every ``tools/call`` answer.
    """

    def __init__(
        self,
        *,
        hold: float = 30.0,
        trickle: float = 0.25,
        notices: int = 1,
        payload: dict[str, Any] | None = None,
    ) -> None:
        self.hold, self.trickle, self.notices = hold, trickle, notices
        self.payload = payload if payload is not None else {"ok": True}
        self.requests: collections.Counter[str] = collections.Counter()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._sessions = (f"linger-{n}" for n in itertools.count(1))
        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler_for(self))
        self._httpd.daemon_threads = True
        self.url = f"http://127.0.0.1:{self._httpd.server_address[1]}/mcp"
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    def count(self, method: str) -> None:
        with self._lock:
            self.requests[method] += 1

    def answer(self, message: dict[str, Any]) -> dict[str, Any]:
        """The JSON-RPC result of a request (``initialize``, ``tools/list``, ``tools/call``)."""
        method = message.get("method")
        if method == "initialize":
            return {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "linger-server", "version": "1"},
            }
        if method == "tools/list":
            return {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in TOOL_NAMES]}
        text = json.dumps(self.payload)
        return {"content": [{"type": "text", "text": text}], "structuredContent": self.payload}

    def wait(self, seconds: float) -> bool:
        """Sleep up to ``seconds``; True when the server is stopping."""
        return self._stop.wait(seconds)

    def start(self) -> LingerServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        """Release lingering handlers, stop serving and close the socket."""
        self._stop.set()
        self._httpd.shutdown()
        self._httpd.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> LingerServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def _handler_for(server: LingerServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True

        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_DELETE(self) -> None:
            server.count("DELETE")
            head = (
                b"HTTP/1.1 200 OK\r\n"
                + b"".join(b"X-Slow-%d: %s\r\n" % (i, b"y" * 40) for i in range(40))
                + b"Content-Length: 0\r\n\r\n"
            )
            try:
                for byte in head:
                    if server.wait(server.trickle):
                        return
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
            except OSError:
                self.close_connection = True

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            message = json.loads(self.rfile.read(length) or b"{}")
            method = str(message.get("method", ""))
            server.count(method)
            if "id" not in message:  # a notification
                self.send_response(202)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            result = server.answer(message)
            if method == "initialize":
                body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result})
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Mcp-Session-Id", next(server._sessions))
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body.encode())
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            events = [
                {"jsonrpc": "2.0", "method": "notifications/message", "params": {"n": n}}
                for n in range(server.notices)
            ]
            events.append({"jsonrpc": "2.0", "id": message["id"], "result": result})
            try:
                for event in events:
                    self._chunk(f"event: message\ndata: {json.dumps(event)}\n\n".encode())
                server.wait(server.hold)  # the stream stays open: no final chunk yet
                self._chunk(b"")
            except OSError:  # the client closed the stream: what a good client does
                self.close_connection = True

        def _chunk(self, data: bytes) -> None:
            self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
            self.wfile.flush()

    return Handler
