"""The batch test server's tools (:func:`tests.servers.batch_server.answer`) as an asyncio app.

Stateless MCP over HTTP served by uvicorn: latency is an ``asyncio.sleep`` (a thousand waiting
calls cost no threads) and the per-request CPU stays small, so a benchmark measures the client.

Run: ``python -m tests.servers.batch_asgi [--latency 0.1] [--every-429 3] [--retry-after 1]``;
it prints its URL, then serves until killed.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import socket
from typing import Any

from . import TOOL_NAMES
from .batch_server import answer

Send = Any
Receive = Any


def build_app(latency: float = 0.0, every_429: int = 0, retry_after: str = "1") -> Any:
    """An ASGI app answering ``tools/call`` (and ``tools/list``) at any path."""
    counter = itertools.count(1)

    async def reply(send: Send, status: int, body: bytes, headers: list | None = None) -> None:
        head = [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))]
        await send(
            {"type": "http.response.start", "status": status, "headers": head + (headers or [])}
        )
        await send({"type": "http.response.body", "body": body})

    async def app(scope: dict[str, Any], receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return
        body = b""
        while True:
            message = await receive()
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        request = json.loads(body or b"{}")
        if "id" not in request:
            await reply(send, 202, b"")
            return
        if request.get("method") == "tools/call":
            if every_429 and next(counter) % every_429 == 0:
                retry = [(b"retry-after", retry_after.encode())]
                await reply(send, 429, b'{"error": {"code": 429}}', retry)
                return
            await asyncio.sleep(latency)
            params = request["params"]
            result = answer(params["name"], params.get("arguments") or {})
        else:  # tools/list: the six tools, schemas that constrain nothing (as the fault server)
            result = {"tools": [{"name": n, "inputSchema": {"type": "object"}} for n in TOOL_NAMES]}
        out = {"jsonrpc": "2.0", "id": request["id"], "result": result}
        await reply(send, 200, json.dumps(out).encode())

    return app


def main() -> None:
    import uvicorn

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--every-429", type=int, default=0)
    parser.add_argument("--retry-after", default="1")
    args = parser.parse_args()
    # IPPROTO_TCP: asyncio sets TCP_NODELAY only on sockets that say so (else ~40 ms per call)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    print(f"http://127.0.0.1:{sock.getsockname()[1]}/mcp", flush=True)
    app = build_app(args.latency, args.every_429, args.retry_after)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on")
    uvicorn.Server(config).run(sockets=[sock])


if __name__ == "__main__":
    main()
