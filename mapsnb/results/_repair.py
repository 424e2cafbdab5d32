"""Tolerant validation: dropping the fields of an unforeseen shape, one warning per field path."""

from __future__ import annotations

import warnings
from collections.abc import Mapping
from typing import Any

from mapsnb.errors import PayloadShapeWarning


def _drop_fields(data: Any, locs: list[tuple[Any, ...]]) -> Any:
    """Return a copy of ``data`` without the fields at ``locs`` (containers copied along the path only)."""
    for loc in locs:
        data = _without(data, tuple(loc))
    return data


def _without(node: Any, loc: tuple[Any, ...]) -> Any:
    if not loc:
        return None
    key, rest = loc[0], loc[1:]
    if isinstance(node, Mapping) and key in node:
        copied = dict(node)
        if rest and isinstance(node[key], (Mapping, list)):
            copied[key] = _without(node[key], rest)
        else:
            del copied[key]
        return copied
    if isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
        items = list(node)
        if rest and isinstance(items[key], (Mapping, list)):
            items[key] = _without(items[key], rest)
        else:  # an element of the wrong shape: an empty one, else none
            items[key] = None if items[key] == {} else {}
        return items
    return node


def _warn_shapes(model: str, problems: list[Any]) -> None:
    """One PayloadShapeWarning per field path (list positions folded: ``routes.*.duration``)."""
    by_field: dict[str, tuple[str, Any, int]] = {}
    for problem in problems:
        loc = [str(part) for part in problem.get("loc", ())]
        folded = ".".join("*" if part.isdigit() else part for part in loc)
        first, msg, count = by_field.get(folded, (".".join(loc), problem.get("msg"), 0))
        by_field[folded] = (first, msg, count + 1)
    for where, msg, count in by_field.values():
        more = f" (and {count - 1} more like it)" if count > 1 else ""
        warnings.warn(
            f"{model}: field {where or '<payload>'}{more} has an unforeseen shape ({msg}); "
            "its typed attribute is left empty, .raw and the frames keep it",
            PayloadShapeWarning,
            stacklevel=4,
        )
