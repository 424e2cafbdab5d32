"""Bounds on one HTTP answer: its size after decompression, and the time it takes to arrive.

Sans-IO: :class:`BodyReader` is fed the raw (still compressed) chunks as they arrive and decodes
``gzip``/``deflate`` itself with a bounded output, so a small compressed body cannot inflate
past the limit in memory (a "gzip bomb"). The client drivers (sync and async) feed it.
"""

from __future__ import annotations

import time
import zlib

import httpx

from .errors import DeadlineExceeded, ProtocolError, ResponseTooLarge

_HOP_HEADERS = (b"content-encoding", b"content-length", b"transfer-encoding")


class _Inflate:
    """One ``gzip``/``deflate`` layer, never producing more than asked for."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        wbits = zlib.MAX_WBITS | 16 if encoding in ("gzip", "x-gzip") else zlib.MAX_WBITS
        self._d = zlib.decompressobj(wbits)
        self._first = True

    def decode(self, data: bytes, room: int) -> bytes:
        """Up to ``room + 1`` decoded bytes of ``data`` (one more than room means: too large)."""
        out = bytearray()
        try:
            while data and len(out) <= room:
                try:
                    out += self._d.decompress(data, room + 1 - len(out))
                except zlib.error:
                    if not (self._first and self.encoding == "deflate"):
                        raise
                    self._d = zlib.decompressobj(-zlib.MAX_WBITS)  # raw deflate, no zlib header
                    out += self._d.decompress(data, room + 1 - len(out))
                self._first = False
                data = self._d.unconsumed_tail
        except zlib.error as exc:
            raise ProtocolError(
                f"the answer's {self.encoding} encoding is corrupt ({exc})"
            ) from None
        return bytes(out)


class BodyReader:
    """Accumulates one answer's body within ``limit`` decoded bytes.

    Parameters
    ----------
    response
        The streamed response (its headers say how the body is encoded).
    limit
        The most decoded bytes accepted; more raises :class:`ResponseTooLarge`.
    """

    def __init__(self, response: httpx.Response, limit: int) -> None:
        self.limit = limit
        self.response = response
        codings = [
            c.strip().lower()
            for c in response.headers.get("content-encoding", "").split(",")
            if c.strip()
        ]
        self._layers = [
            _Inflate(c) for c in reversed(codings) if c in ("gzip", "x-gzip", "deflate")
        ]
        self._body = bytearray()
        self._raw = 0

    def preloaded(self) -> httpx.Response | None:
        """The response itself when its body is already in memory (in-process transports)."""
        try:
            size = len(self.response.content)
        except httpx.ResponseNotRead:
            return None
        if size > self.limit:
            self._too_large()
        return self.response

    def feed(self, chunk: bytes) -> None:
        """Add a raw chunk; raises :class:`ResponseTooLarge` as soon as the limit is passed."""
        self._raw += len(chunk)
        if self._raw > self.limit and not self._layers:
            self._too_large()
        data = chunk
        for layer in self._layers:
            data = layer.decode(data, self.limit - len(self._body))
            if len(data) > self.limit - len(self._body):
                self._too_large()
        self._body += data
        if len(self._body) > self.limit:
            self._too_large()

    def _too_large(self) -> None:
        raise ResponseTooLarge(
            f"the answer from {self.response.request.url} is larger than "
            f"{self.limit:,} bytes (max_response_bytes); it was not read further"
        )

    def finish(self) -> httpx.Response:
        """The whole answer as an in-memory response (decoded; encoding headers dropped)."""
        raw = self.response.headers.raw  # bytes pairs: no decoding of every header
        headers = [(k, v) for k, v in raw if k.lower() not in _HOP_HEADERS]
        return httpx.Response(
            self.response.status_code,
            headers=headers,
            content=bytes(self._body),
            request=self.response.request,
            extensions={k: v for k, v in self.response.extensions.items() if k == "reason_phrase"},
        )


class Budget:
    """A monotonic time limit for one HTTP exchange (and, optionally, the whole call)."""

    def __init__(self, seconds: float | None, what: str) -> None:
        self.seconds = seconds
        self.what = what
        self.ends = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or ``None`` without a limit."""
        return None if self.ends is None else max(0.0, self.ends - time.monotonic())

    def expired(self) -> bool:
        """True when the time is up."""
        return self.ends is not None and time.monotonic() >= self.ends

    def check(self, wait: float = 0.0) -> None:
        """Raise :class:`DeadlineExceeded` when the time is up (or will be after ``wait`` s)."""
        if self.ends is not None and time.monotonic() + wait >= self.ends:
            raise self.error()

    def error(self) -> DeadlineExceeded:
        return DeadlineExceeded(f"{self.what} did not complete within {self.seconds:g} s")
