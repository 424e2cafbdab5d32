"""Build ``mapsnb_sandbox/data/region_types.csv``: what each country calls its first-level
regions ("State", "Province", "Prefecture", "Department", "County", "Governorate"), so a region
named with its word ("the state of Montana", "Punjab province") is the one of the country
whose regions that word names (``python tools/build_region_types.py PYCOUNTRY_DIR``).

The types are ISO 3166-2's, of its entries with no parent, as Debian's iso-codes ships them
(LGPL-2.1), read from an unpacked ``pycountry`` 26.2.16 wheel (``pip download pycountry``);
only the types :data:`KEPT` (the words the query table ``region_types`` translates) are written.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "region_types.csv"
#: The ISO types a region word may name (a type containing one counts: "Autonomous province").
KEPT = ("State", "Province", "Prefecture", "Department", "County", "Governorate")


def main(root: str) -> None:
    path = Path(root) / "pycountry" / "databases" / "iso3166-2.json"
    types: dict[str, set[str]] = {}
    for s in json.loads(path.read_text(encoding="utf-8"))["3166-2"]:
        if "parent" in s:
            continue
        for kept in KEPT:
            if kept.lower() in s["type"].lower().split():
                types.setdefault(s["code"][:2], set()).add(kept.lower())
    with OUT.open("w", encoding="utf-8") as fh:
        fh.write("# ISO 3166-2 first-level types (Debian iso-codes, LGPL-2.1, via pycountry\n")
        fh.write("# 26.2.16); tools/build_region_types.py\n")
        fh.write("cc,types\n")
        for cc in sorted(types):
            fh.write(f"{cc},{'|'.join(sorted(types[cc]))}\n")
    print(f"{len(types)} countries written")


if __name__ == "__main__":
    main(sys.argv[1])
