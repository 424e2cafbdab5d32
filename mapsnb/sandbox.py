"""``mapsnb.sandbox``: the emulator's public names, kept importable (it is now ``mapsnb_sandbox``).

The emulator is a sibling package behind the MCP boundary; new code imports ``mapsnb_sandbox``.
"""

from __future__ import annotations

from mapsnb_sandbox import SANDBOX_ATTRIBUTION, Sandbox, SandboxToolError, parse_now

__all__ = ["SANDBOX_ATTRIBUTION", "Sandbox", "SandboxToolError", "parse_now"]
