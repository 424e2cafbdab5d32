"""Noticing, in an SSE stream as it arrives, the event that answers a request.

A server may keep the stream open after its response (the MCP spec says it *should* close it):
read to the end, every attempt would time out. :class:`AnswerWatch` is fed the decoded body as
it grows and says when the response to the request's id is in it, so reading can stop there.
Sans-IO; the client drivers (sync and async) feed it through :class:`~mapsnb._transport.limits.BodyReader`.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

import httpx

#: The end of an SSE event: two line ends in a row (``\r\n``, ``\n`` or a lone ``\r`` each).
_EVENT_END = re.compile(rb"(?:\r\n|\n|\r(?!\n))(?:\r\n|\n|\r)")


def request_id(request: httpx.Request) -> int | None:
    """Return the JSON-RPC id of a request mapsnb sent (``None``: a notification, a DELETE)."""
    try:
        message = json.loads(request.content) if request.content else None
    except (ValueError, RecursionError, httpx.RequestNotRead):
        return None
    msg_id = message.get("id") if isinstance(message, Mapping) else None
    return msg_id if type(msg_id) is int else None


def is_event_stream(response: httpx.Response) -> bool:
    """Return True when the response's body is an SSE stream."""
    ctype: str = response.headers.get("content-type", "")
    return ctype.split(";")[0].strip().lower() == "text/event-stream"


class AnswerWatch:
    """Watches a growing SSE body for the response to request ``msg_id``.

    Only complete events are read (a blank line ends each); each body byte is searched once.
    """

    def __init__(self, msg_id: int) -> None:
        self.msg_id = msg_id
        self._start = 0  # where the next event begins
        self._searched = 0  # how far an event's end has been looked for

    def answered(self, body: bytes | bytearray) -> bool:
        """Return True once ``body`` holds a complete event carrying the response to ``msg_id``."""
        while True:
            m = _EVENT_END.search(body, max(self._start, self._searched - 3))
            if m is None:
                self._searched = len(body)
                return False
            event = bytes(body[self._start : m.end()]).decode("utf-8", errors="replace")
            self._start = self._searched = m.end()
            if _answers(event, self.msg_id):
                return True


def _answers(event: str, msg_id: int) -> bool:
    """Return True when an SSE event's data is a JSON-RPC response to ``msg_id``."""
    lines = event.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    data = []
    for line in lines:
        name, _, value = line.partition(":")
        if name == "data":
            data.append(value[1:] if value.startswith(" ") else value)
    if not data:
        return False
    try:
        msg: Any = json.loads("\n".join(data))
    except (ValueError, RecursionError):  # not JSON: the reader says so once the body is read
        return False
    return (
        isinstance(msg, Mapping)
        and type(msg.get("id")) is int
        and msg.get("id") == msg_id
        and ("result" in msg or "error" in msg)
    )
