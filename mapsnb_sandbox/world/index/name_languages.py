"""Which languages give a big town the other names the index finds it by
(``data/name_languages.tsv.z``, ``tools/build_name_languages.py``: GeoNames' names per language
via Debian's ``libgeonames-common``; round 27): "Pekin" is Beijing's in Spanish, French,
Polish, Turkish and Kurdish, "Sangay" Shanghai's in none, "Thái Nguyên" Taiyuan's in
Vietnamese, written so.
"""

from __future__ import annotations

import functools
import unicodedata
import zlib
from pathlib import Path
from typing import NamedTuple

__all__ = ["Naming", "naming_languages", "read_languages", "written_so"]

_FILE = Path(__file__).resolve().parents[2] / "data" / "name_languages.tsv.z"


class Naming(NamedTuple):
    """The languages that call a town by one folded name, and the forms with marks they write
    it in (casefolded, NFC)."""

    languages: frozenset[str]
    written: frozenset[str]


_NONE = Naming(frozenset(), frozenset())


def _written(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


@functools.cache
def _table() -> dict[int, dict[str, Naming]]:
    """geonameid -> folded other name -> :class:`Naming`, read once (about 30 ms)."""
    out: dict[int, dict[str, Naming]] = {}
    for line in zlib.decompress(_FILE.read_bytes()).decode("utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("read\t"):
            continue
        gid, _, names = line.partition("\t")
        row: dict[str, Naming] = {}
        for part in names.split("|") if names else ():
            key, _, rest = part.partition("=")
            codes, *forms = rest.split("@")
            row[key] = Naming(frozenset(codes.split(",")), frozenset(map(_written, forms)))
        out[int(gid)] = row
    return out


@functools.cache
def read_languages() -> frozenset[str]:
    """The languages the emulator reads, as the table's first line lists them."""
    first = zlib.decompress(_FILE.read_bytes()).decode("utf-8").split("\nread\t", 1)[1]
    return frozenset(first.split("\n", 1)[0].split(","))


def naming_languages(geonameid: int, key: str) -> Naming | None:
    """How town ``geonameid`` is called folded ``key`` (an other name of it): no language when
    none does; None when the table does not know the town."""
    row = _table().get(geonameid)
    return None if row is None else row.get(key, _NONE)


def written_so(naming: Naming, typed: str) -> bool:
    """Whether ``typed`` is spelt as a language of ``naming`` writes the name, marks and all."""
    return bool(typed) and _written(typed.strip()) in naming.written
