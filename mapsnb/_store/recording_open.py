"""Which recording a client replays, and the transport of a client that replays only.

:func:`open_recording`: the file a client names, else ``MAPSNB_RECORD``; one
:class:`~mapsnb._store.recording.Recording` per file and mode in a process, read again when another
process changed the file. :class:`NoNetwork`: a replay-only client's transport (nothing is sent).
"""

from __future__ import annotations

import os
import threading
from typing import Any

import httpx

from mapsnb import settings
from mapsnb._store.recording import Recording, file_stamp
from mapsnb._store.shared_file import checked_path
from mapsnb.errors import MapsnbError

__all__ = ["NoNetwork", "open_recording"]

_SHARED: dict[tuple[str, str], Recording] = {}
_SHARED_LOCK = threading.Lock()


def open_recording(spec: Any, mode: str | None) -> Recording | None:
    """Return the recording a client asked for: ``None`` reads ``MAPSNB_RECORD`` (and its mode).

    Clients naming the same file in the same mode share one :class:`Recording`, so a notebook
    with several clients records all their calls.
    """
    if spec is None:
        spec = os.environ.get(settings.record_env, "").strip() or None
        if spec is None:
            if mode is not None:
                raise MapsnbError(
                    f"mode={mode!r} needs a recording: record='lesson.json' or {settings.record_env}"
                )
            return None
        mode = mode or os.environ.get(settings.record_mode_env, "").strip().lower() or None
    if spec is False:
        return None
    if isinstance(spec, Recording):
        return spec
    if not isinstance(spec, (str, os.PathLike)):
        raise MapsnbError(f"record: must be a path to a JSON file, got {spec!r}")
    path = checked_path(spec, "record")
    key = (str(path.resolve()), mode or "auto")
    with _SHARED_LOCK:
        if key not in _SHARED or _SHARED[key].stamp != file_stamp(path):  # new, or changed since
            _SHARED[key] = Recording(path, key[1])  # type: ignore[arg-type]
        return _SHARED[key]


class NoNetwork(httpx.BaseTransport, httpx.AsyncBaseTransport):
    """The transport of a client that replays only: any request is refused (nothing is sent)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording

    def _refuse(self, request: httpx.Request) -> httpx.Response:
        raise MapsnbError(
            f"this client replays {self.recording.path} and has no network: "
            f"{request.method} {request.headers.get('mcp-method', '')} was not sent "
            "(only tool calls are recorded)"
        )

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        return self._refuse(request)

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        return self._refuse(request)
