"""The built-in emulator behind the transport: the one toolkit module that imports ``mapsnb_sandbox``.

``Client()`` without a key speaks MCP to the emulator through an httpx transport, exactly as it
speaks to the live server; the emulator is a sibling package and only this module (and the
``mapsnb sandbox serve`` command) knows it. Imported on the first keyless client, never by
``import mapsnb``.
"""

from __future__ import annotations

import datetime as dt
import os
from typing import Any

from mapsnb import settings
from mapsnb_sandbox import Sandbox, parse_now
from mapsnb_sandbox.serve.endpoint import McpEndpoint, SandboxTransport

__all__ = ["SandboxLink"]


class SandboxLink:
    """The emulator a client talks to: its clock, its ``tools/list`` and its httpx transport.

    Parameters
    ----------
    now
        A fixed clock (aware datetime or ISO 8601 string); ``None`` reads
        ``MAPSNB_SANDBOX_NOW``, else the real clock.
    era
        The toolset era (``settings.sandbox_eras``).
    """

    def __init__(self, *, now: dt.datetime | str | None, era: str) -> None:
        self.emulator = Sandbox(now=now, tools=era)
        #: a fixed clock is part of what the emulator answers (cache keys say which)
        self.fixed = (
            parse_now(now) or parse_now(os.environ.get(settings.sandbox_now_env))
        ) is not None
        self._endpoint: McpEndpoint | None = None  # one per client: its async twins share it

    def now(self) -> dt.datetime:
        """The emulator's current time (aware, UTC)."""
        return self.emulator.now()

    def advance(self, **delta: float) -> dt.datetime:
        """Move the emulator's clock forward, e.g. ``advance(minutes=11)``."""
        return self.emulator.advance(**delta)

    def list_tools(self) -> list[dict[str, Any]]:
        """The emulator's own ``tools/list``."""
        return self.emulator.list_tools()

    def transport(self) -> SandboxTransport:
        """An httpx transport (sync and async) answered by the emulator in-process."""
        if self._endpoint is None:
            self._endpoint = McpEndpoint(self.emulator)
        return SandboxTransport(self._endpoint)
