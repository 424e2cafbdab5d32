"""``Sandbox``: the emulator of the six tools in-process, its clock and its toolset era."""

from __future__ import annotations

import copy
import datetime as dt
import itertools
import os
from collections.abc import Callable
from typing import Any

from mapsnb import settings
from mapsnb_sandbox.contract.budget import WORK_SECONDS, WORK_STEPS, Budget, bounded, current
from mapsnb_sandbox.contract.common import Context, SandboxToolError, check_limits, invalid
from mapsnb_sandbox.contract.schemas import ERAS, schema_names, tool_list

#: the six tools of today's toolset, in the reference's order (as its ``tools/list`` lists them)
TOOL_NAMES = tuple(tool["name"] for tool in tool_list(ERAS[0]))
Implementation = Callable[[dict[str, Any], Context], dict[str, Any]]


def implementation(name: str, era: str) -> Implementation:
    """The function answering tool ``name`` in toolset ``era`` (imported on first use)."""
    if name == "search_places":
        from mapsnb_sandbox.tools.places import search_places as impl
    elif name == "lookup_weather" and era == "2026-08":
        from mapsnb_sandbox.tools.weather_legacy import legacy_lookup_weather as impl
    elif name == "lookup_weather":
        from mapsnb_sandbox.tools.weather import lookup_weather as impl
    elif name == "compute_routes":
        from mapsnb_sandbox.tools.routes import compute_routes as impl
    elif name == "search_along_route":
        from mapsnb_sandbox.tools.along_route import search_along_route as impl
    elif name == "resolve_names":
        from mapsnb_sandbox.tools.resolve import resolve_names as impl
    else:
        from mapsnb_sandbox.tools.resolve import resolve_maps_urls as impl
    return impl


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
    work_steps, work_seconds
        The work bound of every call (:mod:`mapsnb_sandbox.contract.budget`): a call needing
        more steps or more wall-clock seconds is refused with ``DEADLINE_EXCEEDED`` ("the
        emulator's work bound was hit"); ``None`` lifts either bound.
    """

    tool_names = TOOL_NAMES

    def __init__(
        self,
        now: dt.datetime | str | Callable[[], dt.datetime] | None = None,
        *,
        structured_content: bool = False,
        tools: str = ERAS[0],
        work_steps: int | None = WORK_STEPS,
        work_seconds: float | None = WORK_SECONDS,
    ) -> None:
        self.structured_content = True
        self.work_steps, self.work_seconds = work_steps, work_seconds
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
        from mapsnb_sandbox.world.geodata import prefetch_city_index

        prefetch_city_index()  # the town index unzips while the first call imports its tools

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
        """The next MCP session number of this emulator (for the endpoints that serve it)."""
        return next(self._sessions)

    def list_tools(self) -> list[dict[str, Any]]:
        """The tools of this emulator's era as ``tools/list`` returns them."""
        return copy.deepcopy(self._tools)

    def call_tool(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run a tool and return its payload; raises :class:`SandboxToolError` like the server.

        The call runs under its work bound (``work_steps``, ``work_seconds``), inside the
        caller's budget if one is open (:func:`~mapsnb_sandbox.contract.budget.bounded`): the
        caller's cancellation or deadline stops it with
        :class:`~mapsnb_sandbox.contract.budget.WorkCancelled`.
        """
        if name not in self.tool_names:
            raise invalid(f"unknown tool {name!r}; tools: {', '.join(self.tool_names)}")
        if not isinstance(arguments, dict):
            raise invalid("arguments must be an object")
        impl = implementation(name, self.era)
        budget = Budget(
            steps=self.work_steps, seconds=self.work_seconds, parent=current(), what=name
        )
        try:
            check_limits(arguments)  # mapsnb._limits: no call can keep the emulator busy
            with bounded(budget):  # and no call can run unbounded: the planners check it
                return impl(arguments, Context(now=self.now()))
        except SandboxToolError as exc:  # name arguments as the schemas do (camelCase)
            raise SandboxToolError(exc.status, schema_names(exc.message)) from None


def _utcnow() -> dt.datetime:
    return dt.datetime.now(dt.UTC)
