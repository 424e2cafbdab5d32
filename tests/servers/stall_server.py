"""Raw-socket servers on 127.0.0.1 that stall a client below the HTTP layer.

``StallServer("headers")`` sends its status line and headers one byte every ``interval``
seconds (never idle long enough for a per-read timeout); ``StallServer("body")`` sends its head
at once, then a body of ``body_bytes`` spaces one byte at a time; ``StallServer("silent")``
accepts the connection, reads the request and never answers. :func:`refused_url` names a port nothing
listens on (connections are refused).

Examples
--------
>>> with StallServer("headers", interval=0.5) as server:  # doctest: +SKIP
...     Client("k", url=server.url, timeout=2).call_tool("search_places", {})
"""

from __future__ import annotations

import socket
import threading
from typing import Literal


class StallServer:
    """Accepts connections and stalls each one (see the module doc).

    Parameters
    ----------
    mode
        ``"headers"``: trickle the response head; ``"body"``: trickle the body;
        ``"silent"``: never answer.
    interval
        Seconds between two trickled bytes.
    body_bytes
        Length of the trickled body (``"body"`` mode).
    """

    def __init__(
        self,
        mode: Literal["headers", "body", "silent"],
        interval: float = 0.5,
        body_bytes: int = 400,
    ) -> None:
        self.mode, self.interval, self.body_bytes = mode, interval, body_bytes
        self._sock = socket.create_server(("127.0.0.1", 0))
        self._sock.settimeout(0.05)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}/mcp"
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self.connections = 0
        self._acceptor = threading.Thread(target=self._serve, daemon=True)

    def _serve(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self._sock.accept()
            except OSError:
                continue
            self.connections += 1
            thread = threading.Thread(target=self._answer, args=(conn,), daemon=True)
            self._threads.append(thread)
            thread.start()

    @property
    def duration(self) -> float:
        """Seconds one whole trickled body takes to arrive (``"body"`` mode)."""
        return self.body_bytes * self.interval

    def _answer(self, conn: socket.socket) -> None:
        if self.mode == "body":
            at_once = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            at_once += b"Content-Length: %d\r\n\r\n" % self.body_bytes
            slow = b" " * self.body_bytes
        else:
            at_once = b""
            slow = (
                b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                + b"".join(b"X-Slow-%d: %s\r\n" % (i, b"y" * 40) for i in range(40))
                + b"Content-Length: 2\r\n\r\n{}"
            )
        wait = 3600 if self.mode == "silent" else self.interval
        with conn:
            conn.settimeout(0.2)
            try:
                conn.recv(65536)
                conn.sendall(at_once)
                for byte in slow:
                    if self._stop.wait(wait):
                        return
                    conn.sendall(bytes([byte]))
            except OSError:
                return

    def start(self) -> StallServer:
        self._acceptor.start()
        return self

    def stop(self) -> None:
        """Release every stalled connection and close the listening socket."""
        self._stop.set()
        self._acceptor.join(timeout=5)
        for thread in self._threads:
            thread.join(timeout=5)
        self._sock.close()

    def __enter__(self) -> StallServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def refused_url() -> str:
    """An MCP URL on 127.0.0.1 whose port refuses connections (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}/mcp"
