"""Arguments of the batch resolvers: ``resolve_names`` and ``resolve_maps_urls``."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from mapsnb._calls.arguments._locations import viewport_bias
from mapsnb._calls.arguments._values import check_region, check_text
from mapsnb._limits import MAX_BATCH
from mapsnb._types import Viewport
from mapsnb.errors import InvalidRequest

__all__ = ["MAX_BATCH", "resolve_maps_urls_args", "resolve_names_args"]


def _batch(values: object, field: str) -> list[Any]:
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        raise InvalidRequest(field, f"must be a list (1 to {MAX_BATCH} items)")
    items = list(itertools.islice(values, MAX_BATCH + 1))  # never reads an endless iterator
    if len(items) > MAX_BATCH:
        raise InvalidRequest(field, f"must have 1 to {MAX_BATCH} items, got more")
    if not items:
        raise InvalidRequest(field, f"must have 1 to {MAX_BATCH} items, got 0")
    return items


def resolve_names_args(
    queries: Iterable[str | Mapping[str, str]],
    *,
    location_bias: Viewport | Mapping[str, Any] | None = None,
    region_code: str | None = None,
) -> dict[str, Any]:
    """Arguments of ``resolve_names`` (TOOLS.md §5 items 44–48)."""
    wire = []
    for i, q in enumerate(_batch(queries, "queries")):
        text = q.get("text") if isinstance(q, Mapping) else q
        wire.append({"text": check_text(text, f"queries[{i}].text")})
    args: dict[str, Any] = {"queries": wire}
    if location_bias is not None:
        args["location_bias"] = viewport_bias(location_bias)
    if region_code is not None:
        args["region_code"] = check_region(region_code)
    return args


def resolve_maps_urls_args(urls: Iterable[str]) -> dict[str, Any]:
    """Arguments of ``resolve_maps_urls`` (TOOLS.md §5 items 49–50)."""
    return {"urls": [check_text(u, f"urls[{i}]") for i, u in enumerate(_batch(urls, "urls"))]}
