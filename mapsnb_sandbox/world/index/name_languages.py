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
def _rows() -> dict[int, str]:
    """geonameid -> its row's names, unparsed: a town's row is read when it is asked for
    (:func:`_row`), not the table's 100,000 names at the first call."""
    out: dict[int, str] = {}
    for line in zlib.decompress(_FILE.read_bytes()).decode("utf-8").splitlines():
        if not line or line.startswith("#") or line.startswith("read\t"):
            continue
        gid, _, names = line.partition("\t")
        out[int(gid)] = names
    return out


@functools.lru_cache(maxsize=4096)
def _row(geonameid: int) -> dict[str, Naming] | None:
    """Folded other name -> :class:`Naming` of town ``geonameid``; None when the table lacks it."""
    names = _rows().get(geonameid)
    if names is None:
        return None
    row: dict[str, Naming] = {}
    for part in names.split("|") if names else ():
        key, _, rest = part.partition("=")
        codes, *forms = rest.split("@")
        row[key] = Naming(frozenset(codes.split(",")), frozenset(map(_written, forms)))
    return row


@functools.cache
def read_languages() -> frozenset[str]:
    """The languages the emulator reads, as the table's first line lists them."""
    first = zlib.decompress(_FILE.read_bytes()).decode("utf-8").split("\nread\t", 1)[1]
    return frozenset(first.split("\n", 1)[0].split(","))


def naming_languages(geonameid: int, key: str) -> Naming | None:
    """How town ``geonameid`` is called folded ``key`` (an other name of it): no language when
    none does; None when the table does not know the town."""
    row = _row(geonameid)
    return None if row is None else row.get(key, _NONE)


def written_so(naming: Naming, typed: str) -> bool:
    """Whether ``typed`` is spelt as a language of ``naming`` writes the name, marks and all."""
    return bool(typed) and _written(typed.strip()) in naming.written
