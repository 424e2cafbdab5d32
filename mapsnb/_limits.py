"""The input limits of the six tools in one table.

List sizes and text lengths, read by the client's argument checks and by the emulator.

The list sizes are the documented ones (TOOLS.md: at most 20 ``queries``/``urls``, 25
``intermediate_waypoints``, ``page_size`` 1 to 10). Google documents no text lengths; the caps
below are mapsnb's, generous for any real request (a search query of 2,048 characters is a long
paragraph) and small enough that no single call can keep a server busy. A text is measured in
characters (code points) after stripping the whitespace around it. The limits are written in the
tools' description (:mod:`mapsnb._tools_spec`): this module makes its tables from it.
"""

from __future__ import annotations

import re

from mapsnb._tools_spec import FIELD_LENGTHS, MAX_BATCH, MAX_PAGE_SIZE, MAX_WAYPOINTS, TOOLS

__all__ = [
    "DEFAULT_TEXT_LENGTH",
    "LIST_SIZES",
    "MAX_BATCH",
    "MAX_DEPTH",
    "MAX_KEYS",
    "MAX_PAGE_SIZE",
    "MAX_WAYPOINTS",
    "TEXT_LENGTHS",
    "list_limit",
    "text_limit",
    "wire_name",
]

#: Longest text of each field, in characters, by its wire name (snake_case; an item of a list
#: is measured by the list's name, ``urls[3]`` by ``"urls"``, ``queries[3].text`` by ``"text"``):
#: the arguments' and their fields' limits in the tools' description.
TEXT_LENGTHS: dict[str, int] = {
    **{
        argument.name: argument.max_length
        for tool in TOOLS.values()
        for argument in tool.arguments
        if argument.max_length is not None
    },
    **FIELD_LENGTHS,
}
#: Longest text of a field the table does not name.
DEFAULT_TEXT_LENGTH = 2048

#: Most items of each list argument (the tools' description); a list the table does not name
#: takes the largest.
LIST_SIZES: dict[str, int] = {
    argument.name: argument.max_items
    for tool in TOOLS.values()
    for argument in tool.arguments
    if argument.max_items is not None
}
#: Deepest nesting of objects and lists in one call's arguments (the tools need 4).
MAX_DEPTH = 12
#: Most keys of one object in a call's arguments (the largest tool has 10 arguments).
MAX_KEYS = 64

_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")
_INDEX = re.compile(r"\[[^\]]*\]$")


def wire_name(field: str) -> str:
    """Return the table's name for a field path: its last part without indices, in snake_case.

    ``"queries[3].text"`` -> ``"text"``, ``"route_endpoints.origin.placeId"`` -> ``"place_id"``.
    """
    last = field.rpartition(".")[2]
    while _INDEX.search(last):
        last = _INDEX.sub("", last)
    return _CAMEL.sub(lambda m: "_" + m.group(1).lower(), last)


def text_limit(field: str) -> int:
    """Return the longest text field path ``field`` may hold, in characters."""
    return TEXT_LENGTHS.get(wire_name(field), DEFAULT_TEXT_LENGTH)


def list_limit(field: str) -> int:
    """Return the most items list field ``field`` may hold."""
    return LIST_SIZES.get(wire_name(field), max(LIST_SIZES.values()))
