"""Bounds on one HTTP answer: its size after decompression, and the time it takes to arrive.

Sans-IO: :class:`BodyReader` is fed the raw (still compressed) chunks as they arrive and decodes
``gzip``/``deflate`` itself with a bounded output, so a small compressed body cannot inflate
past the limit in memory (a "gzip bomb"). The client drivers (sync and async) feed it.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
import zlib
from collections.abc import Iterator
from typing import Any

import httpcore
import httpx

from mapsnb._transport.events import AnswerWatch, is_event_stream
from mapsnb.errors import DeadlineExceeded, ProtocolError, ResponseTooLarge

_HOP_HEADERS = (b"content-encoding", b"content-length", b"transfer-encoding")


class _Inflate:
    """One ``gzip``/``deflate`` layer, never producing more than asked for."""

    def __init__(self, encoding: str) -> None:
        self.encoding = encoding
        wbits = zlib.MAX_WBITS | 16 if encoding in ("gzip", "x-gzip") else zlib.MAX_WBITS
        self._d = zlib.decompressobj(wbits)
        self._first = True

    def complete(self) -> bool:
        """Return True when the compressed stream reached its end marker."""
        return bool(self._d.eof)

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
    answer_to
        The JSON-RPC id of the request: in an SSE stream, reading stops at its response
        (:meth:`feed` returns True) even if the server keeps the stream open.
    """

    def __init__(self, response: httpx.Response, limit: int, answer_to: int | None = None) -> None:
        self.limit = limit
        self.response = response
        self._watch = (
            AnswerWatch(answer_to) if answer_to is not None and is_event_stream(response) else None
        )
        self._stopped = False
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
        """Return the response itself when its body is already in memory (in-process transports)."""
        try:
            size = len(self.response.content)
        except httpx.ResponseNotRead:
            return None
        if size > self.limit:
            self._too_large()
        return self.response

    def feed(self, chunk: bytes) -> bool:
        """Add a raw chunk; True when the answer is complete although the stream is not.

        The response event of an SSE stream arrived: stop reading. Raises :class:`ResponseTooLarge`
        as soon as the limit is passed.
        """
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
        if self._watch is not None and data and self._watch.answered(self._body):
            self._stopped = True
        return self._stopped

    def _too_large(self) -> None:
        raise ResponseTooLarge(
            f"the answer from {self.response.request.url} is larger than "
            f"{self.limit:,} bytes (max_response_bytes); it was not read further"
        )

    def finish(self) -> httpx.Response:
        """Return the whole answer as an in-memory response (decoded; encoding headers dropped).

        Raises :class:`ProtocolError` when a compressed body ended before its end marker (a
        corrupt or truncated ``gzip``/``deflate`` stream), rather than reading as empty; not
        when reading stopped at the response event of a stream left open.
        """
        for layer in self._layers:
            if self._raw and not layer.complete() and not self._stopped:
                raise ProtocolError(
                    f"the answer's {layer.encoding} encoding is corrupt or truncated "
                    f"({self._raw:,} compressed bytes, {len(self._body):,} decoded)"
                )
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
    """A monotonic time limit for one HTTP exchange (and, optionally, the whole call).

    ``hint`` ends the :class:`DeadlineExceeded` message (what to do about it).
    """

    def __init__(self, seconds: float | None, what: str, hint: str = "") -> None:
        self.seconds = seconds
        self.what = what
        self.hint = hint
        self.ends = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        """Seconds left (never below 0), or ``None`` without a limit."""
        return None if self.ends is None else max(0.0, self.ends - time.monotonic())

    def expired(self) -> bool:
        """Return True when the time is up."""
        return self.ends is not None and time.monotonic() >= self.ends

    def check(self, wait: float = 0.0) -> None:
        """Raise :class:`DeadlineExceeded` when the time is up (or will be after ``wait`` s)."""
        if self.ends is not None and time.monotonic() + wait >= self.ends:
            raise self.error()

    def allow(self, wait: float) -> float:
        """``wait``, once :meth:`check` has made sure the time is not up after it."""
        self.check(wait)
        return wait

    def error(self) -> DeadlineExceeded:
        hint = f". {self.hint}" if self.hint else ""
        return DeadlineExceeded(f"{self.what} did not complete within {self.seconds:g} s{hint}")


# ------------------------------------------------------------- sync socket time limits
#: When the current (sync) exchange must end (``time.monotonic()``), or ``None``.
_ENDS: contextvars.ContextVar[float | None] = contextvars.ContextVar("mapsnb_ends", default=None)


@contextlib.contextmanager
def ending_at(ends: float) -> Iterator[None]:
    """Bound every socket operation of the sync exchanges run inside by ``ends``.

    httpx's own timeouts bound each read; a server sending its headers one byte at a time
    never lets one expire. With :func:`bound_sockets` installed, each connect, read and write
    gets at most the time left, and none starts once it is up.
    """
    token = _ENDS.set(ends)
    try:
        yield
    finally:
        _ENDS.reset(token)


def _left(timeout: float | None, kind: type[Exception]) -> float | None:
    ends = _ENDS.get()
    if ends is None:
        return timeout
    left = ends - time.monotonic()
    if left <= 0:
        raise kind("the whole answer took longer than the time allowed")
    return left if timeout is None else min(timeout, left)


class _BoundedStream(httpcore.NetworkStream):
    """A network stream whose operations end when the exchange's time is up."""

    def __init__(self, stream: httpcore.NetworkStream) -> None:
        self._stream = stream

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._stream.read(max_bytes, _left(timeout, httpcore.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._stream.write(buffer, _left(timeout, httpcore.WriteTimeout))

    def close(self) -> None:
        self._stream.close()

    def start_tls(
        self, ssl_context: Any, server_hostname: str | None = None, timeout: float | None = None
    ) -> httpcore.NetworkStream:
        tls = self._stream.start_tls(
            ssl_context, server_hostname, _left(timeout, httpcore.ConnectTimeout)
        )
        return _BoundedStream(tls)

    def get_extra_info(self, info: str) -> Any:
        return self._stream.get_extra_info(info)


class _BoundedBackend(httpcore.NetworkBackend):
    """httpcore's sync backend with every stream bounded by :func:`ending_at`."""

    def __init__(self, inner: httpcore.NetworkBackend) -> None:
        self._inner = inner

    def connect_tcp(
        self,
        host: str,
        port: int,
        timeout: float | None = None,
        local_address: str | None = None,
        socket_options: Any = None,
    ) -> httpcore.NetworkStream:
        stream = self._inner.connect_tcp(
            host, port, _left(timeout, httpcore.ConnectTimeout), local_address, socket_options
        )
        return _BoundedStream(stream)

    def connect_unix_socket(
        self, path: str, timeout: float | None = None, socket_options: Any = None
    ) -> httpcore.NetworkStream:
        stream = self._inner.connect_unix_socket(
            path, _left(timeout, httpcore.ConnectTimeout), socket_options
        )
        return _BoundedStream(stream)

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def bound_sockets(http: httpx.Client) -> None:
    """Make the network transports of ``http`` honour :func:`ending_at`.

    In-process ones have no sockets and are left alone.
    """
    transports = [http._transport, *http._mounts.values()]
    for transport in transports:
        pool = getattr(transport, "_pool", None)
        backend = getattr(pool, "_network_backend", None)
        if backend is not None and not isinstance(backend, _BoundedBackend):
            pool._network_backend = _BoundedBackend(backend)  # type: ignore[union-attr]
