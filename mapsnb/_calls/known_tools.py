"""The six tools mapsnb knows and their top-level parameters (TOOLS.md §2), for drift checks.

Client-side on purpose: ``mapsnb doctor`` compares a live ``tools/list`` with this table without
importing the emulator. Names are the snake_case ones of the reference; the live schemas use
the camelCase JSON names, so compare with :func:`same_name`. Enum values leave out the
``*_UNSPECIFIED`` members the live schemas add. The table is the wire parameters of the
tools' description (:mod:`mapsnb._tools_spec`).
"""

from __future__ import annotations

from mapsnb._tools_spec import TOOLS, Param

__all__ = ["KNOWN_TOOLS", "Param", "name_key", "same_name"]


#: Tool name -> parameter name -> :class:`Param`, in the order the reference lists them: the
#: wire parameters of the tools' description.
KNOWN_TOOLS: dict[str, dict[str, Param]] = {name: dict(tool.wire) for name, tool in TOOLS.items()}


def name_key(name: str) -> str:
    """``"textQuery"``, ``"text_query"`` and ``"TEXT-QUERY"`` all give ``"textquery"``."""
    return name.replace("_", "").replace("-", "").lower()


def same_name(a: str, b: str) -> bool:
    """Return True when two names are the same across snake_case and camelCase, ignoring case."""
    return name_key(a) == name_key(b)
