"""Build ``mapsnb_sandbox/data/province_codes.csv``: Italy's provinces by the two letters an
address writes after its town ("22100 Como CO", "00186 Roma RM"), each with the box of its
towns (``python tools/build_province_codes.py ISO3166_2_JSON``).

The codes and names are ISO 3166-2:IT's second-level entries (provinces, metropolitan cities,
free municipal consortia, decentralised regional entities, autonomous provinces) as Debian's
iso-codes ships them (LGPL-2.1), read from the ``pycountry`` wheel's
``pycountry/databases/iso3166-2.json`` (pycountry 26.2.16: ``pip download pycountry``). The box
is the emulator's own box of the province of that name (``data/regions.tsv.z``, GeoNames'
second-level names): the file only says which two letters name which province.
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.qualifiers import regions

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "province_codes.csv"
#: How GeoNames' second-level names of Italy begin before the province's own name.
PREFIXES = (
    "",
    "provincia di ",
    "provincia del ",
    "provincia della ",
    "provincia dell ",
    "citta metropolitana di ",
    "libero consorzio comunale di ",
    "provincia autonoma di ",
    "provincia ",
    "province of ",
)
#: ISO's name where GeoNames writes another ("Bolzano" is "Alto Adige" there).
OTHER_NAMES = {
    "bolzano": ("bolzano", "alto adige", "bozen"),
    "monza e brianza": ("monza e della brianza", "monza e brianza"),
    "barletta andria trani": ("barletta andria trani", "barletta andria trani"),
    "reggio nell emilia": ("reggio emilia", "reggio nell emilia"),
    "forli cesena": ("forli cesena", "forli"),
    "pesaro e urbino": ("pesaro e urbino", "pesaro urbino"),
    "massa carrara": ("massa carrara", "massa e carrara"),
    "sud sardegna": ("sud sardegna", "carbonia iglesias", "medio campidano"),
    "roma": ("roma", "roma capitale"),
    "firenze": ("firenze", "florence"),
    "l aquila": ("aquila", "l aquila"),
    "laquila": ("aquila", "l aquila"),
}


def _box(name: str) -> tuple[float, float, float, float] | None:
    """The box of the Italian second-level region called ``name`` (or its other names)."""
    admin2 = regions().admin2
    key = fold(name)
    for n in OTHER_NAMES.get(key, (key,)):
        for prefix in PREFIXES:
            for cc, la0, lo0, la1, lo1 in admin2.get(prefix + n, ()):
                if cc == "IT":
                    return la0, lo0, la1, lo1
    return None


def main(path: str) -> None:
    subdivisions = json.loads(Path(path).read_text(encoding="utf-8"))["3166-2"]
    rows, missing = [], []
    for s in subdivisions:
        cc, _, code = s["code"].partition("-")
        if cc != "IT" or not (len(code) == 2 and code.isalpha()):
            continue  # regions have numbers ("IT-25"); provinces two letters
        box = _box(s["name"].split("/")[0].strip())
        if box is None:
            missing.append(f"{code} {s['name']}")
            continue
        rows.append([cc, code, s["name"], *(f"{v:.2f}" for v in box)])
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write("# ISO 3166-2:IT provinces (Debian iso-codes, LGPL-2.1, via pycountry 26.2.16);\n")
        fh.write(
            "# boxes: the emulator's GeoNames second-level regions; tools/build_province_codes.py\n"
        )
        w = csv.writer(fh, lineterminator="\n")
        w.writerow(["cc", "code", "name", "lat0", "lng0", "lat1", "lng1"])
        w.writerows(sorted(rows))
    print(f"{len(rows)} provinces written; no box for {len(missing)}: {', '.join(missing)}")


if __name__ == "__main__":
    main(sys.argv[1])
