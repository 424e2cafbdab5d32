"""The built-in emulator of the six tools: deterministic, offline, clearly synthetic.

``Sandbox`` runs the tools in-process with the live server's input contract and output shapes
(TOOLS.md §6, REAL_SERVER.md): live-style summaries and attribution titles, JSON text results
with the same payload as ``structuredContent``, live-style ``tools/list`` (``$defs``, descriptions,
output schemas) of either toolset era (``Sandbox(tools="2026-08")``), both argument spellings. ``mapsnb.Client()`` with no key uses it automatically; ``mapsnb sandbox
serve`` serves it over HTTP at ``/mcp`` or, with ``--stdio``, over stdio, with the official MCP
SDK (:mod:`.server`).

The clock is injectable: ``Sandbox(now=...)`` or the ``MAPSNB_SANDBOX_NOW`` environment variable
(ISO 8601) fixes "now" so that notebooks and tests are reproducible.
"""

from __future__ import annotations

import copy
import datetime as dt
import importlib
import itertools
import os
from collections.abc import Callable
from typing import Any

from .. import settings
from ._common import SANDBOX_ATTRIBUTION, Context, SandboxToolError, invalid
from ._schemas import ERAS, schema_names, tool_list

__all__ = ["SANDBOX_ATTRIBUTION", "Sandbox", "SandboxToolError", "parse_now"]

#: tool name -> (module, function) implementing it
_IMPLEMENTATIONS = {
    "search_places": ("._places", "search_places"),
    "lookup_weather": ("._environment", "lookup_weather"),
    "compute_routes": ("._routes", "compute_routes"),
    "search_along_route": ("._routes", "search_along_route"),
    "resolve_names": ("._resolve", "resolve_names"),
    "resolve_maps_urls": ("._resolve", "resolve_maps_urls"),
}


def parse_now(value: dt.datetime | str | None) -> dt.datetime | None:
    """An aware UTC datetime from a datetime or ISO 8601 string (naive means UTC)."""
    if value is None or value == "":
        return None
    if isinstance(value, str):
        value = dt.datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
    if value.tzinfo is None:
        value = value.replace(tzinfo=dt.UTC)
    return value.astimezone(dt.UTC)


class Sandbox:
    """The emulator.

    Parameters
    ----------
    now
        A fixed clock (aware datetime or ISO 8601 string) or a callable returning one.
        Default: ``MAPSNB_SANDBOX_NOW`` if set, else the real clock.
    structured_content
        Ignored (kept for compatibility): every tool declares an ``outputSchema``, so every
        answer carries ``structuredContent`` beside its JSON text, as the live server's
        ``search_places`` does (REAL_SERVER.md, 2026-12).
    tools
        The toolset era: ``"2026-12"`` (today's six tools, the default) or ``"2026-08"`` (five
        tools, no ``search_along_route``; ``lookup_weather`` takes no ``capabilities`` and
        answers the legacy flat weather record).
    """

    tool_names = tuple(_IMPLEMENTATIONS)

    def __init__(
        self,
        now: dt.datetime | str | Callable[[], dt.datetime] | None = None,
        *,
        structured_content: bool = False,
        tools: str = ERAS[0],
    ) -> None:
        self.structured_content = True
        self._tools = tool_list(tools)  # raises ValueError for an unknown era
        self.era = tools
        self.tool_names = tuple(t["name"] for t in self._tools)
        if callable(now):
            self._clock: Callable[[], dt.datetime] = now
        else:
            fixed = parse_now(now) or parse_now(os.environ.get(settings.sandbox_now_env))
            self._clock = (lambda: fixed) if fixed is not None else _utcnow
        self._offset = dt.timedelta(0)
        self._sessions = itertools.count(1)
        self._endpoint: Any = None

    def now(self) -> dt.datetime:
        """The emulator's current time (aware, UTC)."""
        now = parse_now(self._clock())  # naive means UTC, never the machine's zone
        if now is None:
            raise TypeError("the sandbox clock returned no time")
        return now + self._offset

    def advance(self, **delta: float) -> dt.datetime:
        """Move the clock forward, e.g. ``advance(minutes=11)``; returns the new now."""
        self._offset += dt.timedelta(**delta)
        return self.now()

    def session_counter(self) -> int:
        return next(self._sessions)

    def list_tools(self) -> list[dict[str, Any]]:
        """The tools of this emulator's era as ``tools/list`` returns them."""
        return copy.deepcopy(self._tools)

    def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run a tool and return its payload; raises :class:`SandboxToolError` like the server."""
        if name not in self.tool_names:
            raise invalid(f"unknown tool {name!r}; tools: {', '.join(self.tool_names)}")
        if not isinstance(arguments, dict):
            raise invalid("arguments must be an object")
        module, func = _IMPLEMENTATIONS[name]
        if self.era == "2026-08" and name == "lookup_weather":
            module, func = "._eras", "legacy_lookup_weather"
        impl = getattr(importlib.import_module(module, __name__), func)
        try:
            return impl(arguments, Context(now=self.now()))
        except SandboxToolError as exc:  # name arguments as the schemas do (camelCase)
            raise SandboxToolError(exc.status, schema_names(exc.message)) from None

    def transport(self) -> Any:
        """An httpx transport serving this emulator in-process (MCP streamable HTTP)."""
        from ._mcp import McpEndpoint, SandboxTransport

        if self._endpoint is None:
            self._endpoint = McpEndpoint(self)
        return SandboxTransport(self._endpoint)


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


_ = SandboxToolError
