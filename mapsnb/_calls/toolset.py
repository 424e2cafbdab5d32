"""The server's own ``tools/list`` decides what a typed call sends (sans-IO).

A client lists the tools once per endpoint (free, no credential) and keeps the answer for its
life in a :class:`ToolsetCache` (shared with its batch twins and reused by ``mapsnb doctor``).
:meth:`Toolset.adapt` then fits the arguments mapsnb built from the reference (TOOLS.md) to what
*this* server lists:

- a parameter left at its default is sent only where the server lists it;
- a parameter the user set that the server does not list is an :class:`InvalidRequest` before
  sending, naming the parameter, the tool, the server and what it offers;
- a tool the server does not list is a :class:`ToolNotOffered`;
- an ``inputSchema`` without ``properties`` constrains nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from mapsnb._calls.known_tools import name_key
from mapsnb.errors import InvalidRequest, ToolNotOffered

#: Wire parameters that carry Python arguments of other names (for error messages).
_PYTHON_NAMES = {
    "weather_options": "units_system",
    "air_quality_options": "include_pollutant_concentration / index_region_code",
    "route_endpoints": "origin / destination",
}


def listed_names(names: Iterable[str], limit: int = 30) -> str:
    """Names a server listed, for a message: printable, at most ``limit`` of them."""
    clean = ["".join(c for c in n[:80] if c.isprintable()) for n in names]
    more = f", … ({len(clean) - limit} more)" if len(clean) > limit else ""
    return ", ".join(clean[:limit]) + more


def _properties(tool: Mapping[str, Any]) -> dict[str, str] | None:
    """``name_key -> listed name`` of a tool's top-level parameters; ``None``: unconstrained."""
    schema = tool.get("inputSchema")
    props = schema.get("properties") if isinstance(schema, Mapping) else None
    if not isinstance(props, Mapping):
        return None
    return {name_key(str(k)): str(k) for k in props}


@dataclass(frozen=True)
class Toolset:
    """One server's ``tools/list``: its tools and their top-level parameters.

    Parameters
    ----------
    tools
        The ``tools`` of ``tools/list`` (raw entries; odd ones are skipped).
    server
        Who listed them, for messages (the endpoint URL without its query, or ``"sandbox"``).
    """

    tools: tuple[Mapping[str, Any], ...]
    server: str
    _params: dict[str, dict[str, str] | None] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        for tool in self.tools:
            if isinstance(tool, Mapping) and isinstance(tool.get("name"), str):
                self._params.setdefault(tool["name"], _properties(tool))

    @classmethod
    def from_list(cls, tools: Any, server: str) -> Toolset:
        """Return a toolset from whatever ``tools/list`` returned (a list of tool entries)."""
        entries = (
            tuple(t for t in tools if isinstance(t, Mapping)) if isinstance(tools, list) else ()
        )
        return cls(entries, server)

    @property
    def names(self) -> tuple[str, ...]:
        """The tools the server lists, in its order."""
        return tuple(self._params)

    def lists(self, tool: str, param: str) -> bool:
        """Return True when ``tool`` is listed and takes ``param`` (or its schema constrains nothing)."""
        if tool not in self._params:
            return False
        params = self._params[tool]
        return params is None or name_key(param) in params

    def adapt(self, tool: str, arguments: Mapping[str, Any]) -> dict[str, Any]:
        """``arguments`` fitted to this server's ``tools/list`` (see the module docstring).

        Parameters named in ``arguments.defaults`` (a :class:`mapsnb._calls.arguments.WireArgs`) were
        not set by the user: they are dropped where the server does not list them.

        Raises
        ------
        ToolNotOffered
            The server does not list ``tool``.
        InvalidRequest
            The user set a parameter the server does not list.
        """
        if tool not in self._params:
            raise ToolNotOffered(tool, self.server, self.names)
        params = self._params[tool]
        if params is None:
            return dict(arguments)
        defaults: frozenset[str] = getattr(arguments, "defaults", frozenset())
        out: dict[str, Any] = {}
        for key, value in arguments.items():
            if name_key(key) in params:
                out[key] = value
            elif (
                key == "weather_options"
                and "unitssystem" in params
                and set(value) == {"units_system"}
            ):
                out["units_system"] = value["units_system"]  # the older flat spelling
            elif key not in defaults:
                python = _PYTHON_NAMES.get(key)
                shown = f"{key!r}" + (f" (from {python})" if python else "")
                raise InvalidRequest(
                    key,
                    f"the server {self.server} does not list parameter {shown} for {tool}; "
                    f"its {tool} takes {listed_names(params.values()) or 'no parameters'}. "
                    "Leave it out: this server's toolset differs from mapsnb's reference",
                )
        return out


class ToolsetCache:
    """A client's ``tools/list``, fetched at most once per endpoint; shared with its twins.

    ``state`` is ``None`` before the first fetch, then a :class:`Toolset`, or ``False`` when the
    list could not be had (calls then go out as the reference builds them, as before).
    """

    def __init__(self) -> None:
        self.state: Toolset | bool | None = None
        self.lock = threading.Lock()
        self.fetching = False

    @property
    def toolset(self) -> Toolset | None:
        """The toolset, once known."""
        return self.state if isinstance(self.state, Toolset) else None

    def claim(self) -> bool:
        """Return True for the one caller that should fetch now (others wait for its answer)."""
        with self.lock:
            if self.state is not None or self.fetching:
                return False
            self.fetching = True
            return True

    def release(self) -> None:
        """Give up a claim without an answer (the fetch was interrupted): fetch again later."""
        with self.lock:
            self.fetching = False

    def settle(self, toolset: Toolset | None) -> None:
        """Store the fetched toolset (``None``: could not be had)."""
        with self.lock:
            self.state = toolset if toolset is not None else False
            self.fetching = False
