"""The built-in emulator of the six tools: deterministic, offline, clearly synthetic.

``Sandbox`` runs the tools in-process with the live server's input contract and output shapes
(TOOLS.md §6, REAL_SERVER.md): live-style summaries and attribution titles, JSON text results
with the same payload as ``structuredContent``, live-style ``tools/list`` (``$defs``, descriptions,
output schemas) of either toolset era (``Sandbox(tools="2026-08")``), both argument spellings.
``mapsnb.Client()`` with no key uses it automatically, in-process
(:class:`.serve.endpoint.SandboxTransport`); ``mapsnb sandbox serve`` serves it over HTTP at
``/mcp`` or, with ``--stdio``, over stdio, with the official MCP SDK (:mod:`.serve.server`).

Layers, lowest first (each module imports only its own layer or lower ones): :mod:`.common`
(errors, arguments, clock, ids), :mod:`.earth` (land, water, sun), :mod:`.world` (towns,
landmarks, resolving texts and ids, addresses, kinds of places, texts), :mod:`.tools` (the six
tools' answers), :mod:`.emulator` (``Sandbox``), :mod:`.serve` (MCP endpoint and SDK server).

The clock is injectable: ``Sandbox(now=...)`` or the ``MAPSNB_SANDBOX_NOW`` environment variable
(ISO 8601) fixes "now" so that notebooks and tests are reproducible.
"""

from __future__ import annotations

from mapsnb.sandbox.common import SANDBOX_ATTRIBUTION, SandboxToolError
from mapsnb.sandbox.emulator import Sandbox, parse_now

__all__ = ["SANDBOX_ATTRIBUTION", "Sandbox", "SandboxToolError", "parse_now"]
