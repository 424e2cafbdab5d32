"""Second-level units by every name a user types after their region word: Spain's provinces
under their Castilian and co-official names ("provincia de Gipuzkoa", "provincia de Guipúzcoa",
"provincia de La Coruña", "Araba"), Italy's provinces ("provincia di Savona"), France's
departments and Belgium's provinces (``data/province_names.csv``, ``tools/build_province_names.py``:
ISO 3166-2 names and translations from Debian's iso-codes, INE's co-official forms), each at
the box of the emulator's own GeoNames unit.
"""

from __future__ import annotations

import csv
import functools
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.qualifiers import unworded_region, without_article

__all__ = ["Box", "province_boxes", "worded_province"]

_PATH = Path(__file__).resolve().parents[2] / "data" / "province_names.csv"
#: A unit's country and box: ``(cc, lat0, lng0, lat1, lng1)``.
Box = tuple[str, float, float, float, float]


@functools.cache
def province_boxes() -> dict[str, tuple[Box, ...]]:
    """Folded name -> the boxes of the units bearing it (one but for shared names)."""
    out: dict[str, list[Box]] = {}
    lines = _PATH.read_text(encoding="utf-8").splitlines()
    for row in csv.DictReader(line for line in lines if not line.startswith("#")):
        box: Box = (row["cc"], *(float(row[k]) for k in ("lat0", "lng0", "lat1", "lng1")))  # type: ignore[assignment]
        for name in {fold_text(n) for n in row["names"].split("|")}:
            out.setdefault(name, []).append(box)
    return {k: tuple(v) for k, v in out.items()}


def worded_province(text: str) -> str | None:
    """The folded name of the one unit folded ``text`` names with its region word
    ("provincia de guipuzcoa" -> "guipuzcoa", "provincia de la coruna" -> "la coruna",
    "province de la gironde" -> "gironde"), else ``None``."""
    boxes = province_boxes()
    for name in unworded_region(text):
        for n in (name, without_article(name)):
            if n is not None and len(boxes.get(n, ())) == 1:
                return n
    return None
