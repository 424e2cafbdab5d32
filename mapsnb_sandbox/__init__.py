"""The built-in emulator of the six tools: deterministic, offline, clearly synthetic.

``Sandbox`` runs the tools in-process with the live server's input contract and output shapes
(TOOLS.md §6, REAL_SERVER.md): live-style summaries and attribution titles, JSON text results
with the same payload as ``structuredContent``, live-style ``tools/list`` (``$defs``, descriptions,
output schemas) of either toolset era (``Sandbox(tools="2026-08")``), both argument spellings.
``mapsnb.Client()`` with no key uses it automatically, in-process
(:class:`.serve.endpoint.SandboxTransport`); ``mapsnb sandbox serve`` serves it over HTTP at
``/mcp`` or, with ``--stdio``, over stdio, with the official MCP SDK (:mod:`.serve.server`).

A sibling package of ``mapsnb``, reached by the toolkit only through the MCP boundary
(``mapsnb._transport.sandbox`` and ``mapsnb sandbox serve``); of ``mapsnb`` it imports only
``polyline``, ``_limits`` and ``settings``. Layers, lowest first (each module imports only its own
layer or lower ones): :mod:`.contract` (the live contract: tool errors, limits, the work bound of
every call, arguments, ids, schemas), :mod:`.earth` (land, water, sun), :mod:`.world` (towns, landmarks, the places of the
world, the resolver, addresses, kinds), :mod:`.languages` (texts in the asked language),
:mod:`.weather` (synthetic weather, air quality, pollen), :mod:`.tools` (the six tools' answers),
:mod:`.emulator` (``Sandbox``), :mod:`.serve` (MCP endpoint and SDK server).

The clock is injectable: ``Sandbox(now=...)`` or the ``MAPSNB_SANDBOX_NOW`` environment variable
(ISO 8601) fixes "now" so that notebooks and tests are reproducible.
"""

from __future__ import annotations

from mapsnb_sandbox.contract.common import SANDBOX_ATTRIBUTION, SandboxToolError
from mapsnb_sandbox.emulator import Sandbox, parse_now

__all__ = ["SANDBOX_ATTRIBUTION", "Sandbox", "SandboxToolError", "parse_now"]
