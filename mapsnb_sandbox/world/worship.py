"""Which place of worship a generic word means where the town is.

"Temple" (templo, Tempel, 寺院, ...) names a Hindu temple in India but a Buddhist temple in
Thailand or Japan. The table's generic words belong to one kind (``hindu_temple``);
``data/temple_kinds.csv`` gives, per country, the kind such a word means there: the countries
whose Buddhists outnumber their Hindus (Pew Research Center, *The Global Religious Landscape*,
2012, 2010 shares). A query that names the kind itself ("hindu temple", "templo hindú") keeps it.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

from mapsnb_sandbox.world.categories import Category, category_at, category_key
from mapsnb_sandbox.world.cities import country_at
from mapsnb_sandbox.world.landmarks import fold

__all__ = ["local_code", "local_kind"]

TEMPLE_KINDS = Path(__file__).resolve().parents[1] / "data" / "temple_kinds.csv"
#: The kind whose table words include the generic "temple" of many languages.
_GENERIC = "hindu_temple"


@functools.cache
def _by_country() -> dict[str, str]:
    """``{country code: kind key}`` from ``data/temple_kinds.csv``."""
    with TEMPLE_KINDS.open(encoding="utf-8", newline="") as fh:
        return {row["cc"]: row["kind"] for row in csv.DictReader(fh)}


def _names_itself(c: Category, text: str) -> bool:
    """Whether ``text`` holds one of the kind's own display names ("hindu temple")."""
    folded = f" {fold(text)} "
    for singular, plural in c.names.values():
        for name in {singular, plural}:
            key = fold(name)
            if key and (f" {key} " in folded or (not key.isascii() and key in folded)):
                return True
    return False


def local_kind(c: Category, text: str, point: tuple[float, float]) -> Category:
    """The kind a generic word of ``text`` means at ``point``; ``c`` itself otherwise."""
    if c.key != _GENERIC or _names_itself(c, text):
        return c
    local = _by_country().get(country_at(point[0], point[1])[0])
    found = category_key(local) if local else None
    return found if found is not None else c


def local_code(code: int, text: str, point: tuple[float, float]) -> int:
    """:func:`local_kind` by code (``search_along_route``'s kinds are codes)."""
    c = category_at(code)
    return code if c is None else local_kind(c, text, point).code
