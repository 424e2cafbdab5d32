"""A fault server whose tools answer from their arguments, for batch tests and benchmarks.

``search_places`` returns one place named after the query (two for a query containing
``"two"``, none for one containing ``"none"``); a query containing ``"fail"`` gets a tool error.
``resolve_names`` resolves each query to ``places/ID-<text>`` (a text containing ``"unknown"``
fails with NOT_FOUND in ``failedRequests``). ``lookup_weather`` answers current conditions. Any
answer can be delayed (``latency``) and every ``every_429``-th call answered 429 first.

Examples
--------
>>> with BatchServer(latency=0.1) as server:  # doctest: +SKIP
...     Client("k", url=server.url).batch.resolve_names(names)
"""

from __future__ import annotations

import itertools
import json
import threading
from typing import Any

from .fault_server import FaultServer, Recorded, Reply, rpc_result, tool_result


def place_id(text: str) -> str:
    """The id the server gives a query."""
    return "ID-" + "".join(ch if ch.isalnum() else "_" for ch in text)


def answer(tool: str, args: dict[str, Any]) -> dict[str, Any]:
    """The ``CallToolResult`` for one call (the module docstring says what each tool answers)."""
    if tool == "search_places":
        query = str(args.get("text_query", ""))
        if "fail" in query:
            text = f"INVALID_ARGUMENT: cannot search {query!r}"
            return {"content": [{"type": "text", "text": text}], "isError": True}
        count = 0 if "none" in query else 2 if "two" in query else 1
        places = [
            {
                "place": f"places/{place_id(query)}-{i}",
                "id": f"{place_id(query)}-{i}",
                "displayName": {"text": f"{query} #{i}"},
                "location": {"latitude": 48.0 + i, "longitude": 2.0},
            }
            for i in range(count)
        ]
        return tool_result({"summary": f"Places for {query}", "places": places})
    if tool == "resolve_names":
        results: list[Any] = []
        failed: dict[str, Any] = {}
        for i, q in enumerate(args.get("queries", [])):
            text = q.get("text", "")
            if "unknown" in text:
                results.append({})
                failed[str(i)] = {"code": 5, "message": f"no place for {text!r}"}
            else:
                results.append(
                    {"entity": {"place": f"places/{place_id(text)}"}, "confidence": "HIGH"}
                )
        payload: dict[str, Any] = {"results": results}
        if failed:
            payload["failedRequests"] = failed
        return tool_result(payload)
    if tool == "lookup_weather":
        payload = {
            "currentConditions": {
                "currentTime": "2026-09-18T15:00:00Z",
                "temperature": {"degrees": 20.5, "unit": "CELSIUS"},
            },
            "echo": json.dumps(args, sort_keys=True),
        }
        return tool_result(payload)
    return tool_result({"ok": True, "_echo": args})


class BatchServer(FaultServer):
    """See the module docstring."""

    def __init__(
        self, *, latency: float = 0.0, every_429: int = 0, retry_after: str = "1", **kw: Any
    ) -> None:
        super().__init__(sessions=False, **kw)
        self.latency = latency
        self.every_429 = every_429
        self.retry_after = retry_after
        self._n = itertools.count(1)
        self._count_lock = threading.Lock()
        self.on_call: Any = None  # optional hook(req) run for each tools/call
        self.record = True  # keep every request in .requests (off for long benchmark runs)

    def respond(self, req: Recorded) -> Reply:
        reply = super().respond(req)
        if not self.record:
            with self._lock:
                self.requests.clear()
        return reply

    def tool_calls(self) -> list[dict[str, Any]]:
        """``params`` of every tools/call received (retried ones included), in arrival order."""
        return [r.json["params"] for r in self.calls("tools/call")]

    def mcp_reply(self, req: Recorded) -> Reply:
        if req.rpc_method != "tools/call":
            return super().mcp_reply(req)
        if self.on_call is not None:
            self.on_call(req)
        with self._count_lock:
            n = next(self._n)
        if self.every_429 and n % self.every_429 == 0:
            return Reply(429, '{"error": {"code": 429}}', headers={"Retry-After": self.retry_after})
        params = req.json["params"]
        reply = rpc_result(req, self.answer(params["name"], params.get("arguments") or {}))
        reply.delay = self.latency
        return reply

    def answer(self, tool: str, args: dict[str, Any]) -> dict[str, Any]:
        """The ``CallToolResult`` for one call (see :func:`answer`)."""
        return answer(tool, args)


def main() -> None:
    """Serve until killed; print the URL (``python -m tests.servers.batch_server --port N``)."""
    import argparse
    import time

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0)
    parser.add_argument("--every-429", type=int, default=0)
    parser.add_argument("--retry-after", default="1")
    args = parser.parse_args()
    server = BatchServer(
        latency=args.latency, every_429=args.every_429, retry_after=args.retry_after
    )
    server.record = False
    with server:
        print(server.url, flush=True)
        while True:
            time.sleep(3600)


if __name__ == "__main__":
    main()
