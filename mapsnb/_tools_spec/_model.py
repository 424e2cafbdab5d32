"""What a tool's description holds: :class:`Tool` and its parts, immutable records.

The parts are :class:`Argument`, :class:`Param`, :class:`ProOption` and :class:`Frame`.

They are ``typing.NamedTuple``s, not dataclasses: ``import mapsnb`` reads the description
(through the input limits), and ``dataclasses`` would load ``inspect`` with it (about 13 ms).
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Argument", "Frame", "Param", "ProOption", "Tool"]


class Argument(NamedTuple):
    """A Python argument of a tool method.

    ``type`` is the method's annotation without ``| None`` (``Location`` for
    ``rq.Location``); ``max_length`` the longest text in characters (of each item, for a list);
    ``max_items`` the most items of a list; ``bounds`` the smallest and largest integer.
    """

    name: str
    type: str
    required: bool = False
    max_length: int | None = None
    max_items: int | None = None
    bounds: tuple[int, int] | None = None
    values: tuple[str, ...] = ()


class Param(NamedTuple):
    """A top-level wire parameter (snake_case, as the reference names it).

    Whether it is required, and its enum values without the ``*_UNSPECIFIED`` members live schemas
    add.
    """

    required: bool = False
    values: tuple[str, ...] = ()


class ProOption(NamedTuple):
    """A wire argument whose value bills a call as Pro.

    A number (or a list's length) above ``above``, a value equal to ``equals``, or a list holding
    ``holds`` (with ``past``: only for a date, or an hour today, before the client's clock).
    """

    argument: str
    says: str
    above: int | None = None
    equals: str | bool | None = None
    holds: str | None = None
    past: bool = False


class Frame(NamedTuple):
    """A frame of a tool's result: its accessor, its columns and what one of its rows is.

    The accessor is ``to_frame`` or a property; the columns are metric names for weather, empty
    where they depend on the answer; the row is the level a batch names a row's position by. For
    docs, a few words.
    """

    name: str
    columns: tuple[str, ...]
    row: str
    says: str = ""


class Tool(NamedTuple):
    """One tool of the MCP server as mapsnb knows it."""

    name: str
    #: The method's arguments in its order; the first is the main one.
    arguments: tuple[Argument, ...]
    #: The reference's top-level wire parameters, in its order (the known tools).
    wire: dict[str, Param]
    #: The tier of every call, or :data:`ESSENTIALS` unless a :attr:`pro_options` applies.
    tier: str
    #: What makes an :data:`ESSENTIALS` call Pro (none for a fixed tier).
    pro_options: tuple[ProOption, ...]
    #: The result class's name (in :mod:`mapsnb.results`).
    result: str
    #: The result's frames: ``to_frame`` first, then the other accessors.
    frames: tuple[Frame, ...]
    #: Whether the builder checks times against the client's clock.
    timed: bool = False
    #: A batch packs its rows, ``MAX_BATCH`` a call, into this wire list (one item a row).
    packed: str | None = None
    #: What it answers, in a few words (for docs).
    says: str = ""

    @property
    def main(self) -> str:
        """The main argument: the first, what a batch's list or Series holds."""
        return self.arguments[0].name

    @property
    def names(self) -> tuple[str, ...]:
        """The arguments' names, in the method's order."""
        return tuple(a.name for a in self.arguments)

    def frame(self, name: str) -> Frame:
        """Return the frame of accessor ``name`` (``"to_frame"``, ``"hourly_weather"``, …)."""
        for frame in self.frames:
            if frame.name == name:
                return frame
        raise KeyError(f"{self.name} has no frame {name!r}")
