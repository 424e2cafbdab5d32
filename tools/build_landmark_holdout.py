"""Write ``tests/data/landmark_holdout.csv``: every property of the UNESCO World Heritage List
asked by its official names, with the list's point as truth (issue 40's independent holdout).

Source: the list's export ``whc-sites-2019.xls`` (© UNESCO, CC BY-SA 3.0 IGO;
https://whc.unesco.org/en/syndication), official names in English and French, the property's
point and area. The emulator reads none of it. Usage (needs ``xlrd``, a build-time tool only)::

    python tools/build_landmark_holdout.py whc-sites-2019.xls

Queries per property: its official name in each language (``official``), and the shortened forms a
user types (``short``): the part before a comma, a dash, a colon or a parenthesis, and "X of Y"
-> "X" when X is two words or more and none generic ("Kasbah of Algiers" -> "Kasbah" and
"Palace and Park of Versailles" -> "Palace and Park" are kept out: they name no one place). A text two properties share is left out
(it has no one truth). Transboundary properties are left out (their point is one of several
countries'); a serial property (several components, told by a plural noun in its English name:
"sites", "churches", "towns"...; the 2019 export lists no components) is kept with a tolerance of
at least ``SERIAL_KM``. Tolerance: 2 km + the radius of a disc of the property's area
(``area_hectares``), 5 km where the list gives none.
"""

from __future__ import annotations

import csv
import html
import math
import re
import sys
import unicodedata
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "tests" / "data" / "landmark_holdout.csv"
SERIAL_KM = 50.0
NO_AREA_KM = 5.0
HEADER = (
    "# Issue 40's holdout: the UNESCO World Heritage List (whc-sites-2019.xls, (c) UNESCO, CC BY-SA\n"
    "# 3.0 IGO), which the emulator does not read. Every property (transboundary ones left out) asked\n"
    "# by its official English and French names (form official) and the short forms a user types\n"
    "# (form short); truth: the list's point, tol_km = 2 + the radius of its area (5 without one;\n"
    "# >= 50 for a serial property). Written by tools/build_landmark_holdout.py.\n"
)
COLUMNS = ["whc", "lang", "form", "query", "lat", "lng", "tol_km", "serial", "cc"]

#: Heads of "X of Y" that name no one place: the short form is not asked.
_GENERIC = """historic centre center centres city town old ancient archaeological site sites area
    ruins monuments monument cultural landscape landscapes historic natural reserve park parks
    national the works route routes churches monastery monasteries cathedral palace complex
    ensemble group vestiges remains fortifications walls island islands towns cities mountains
    centre historique ville vieille site sites ensemble monuments paysage culturel parc réserve
    vieux centres églises zone quartier architectural palais jardins vallée valley cité fortifiée
    fortified walled sanctuary sanctuaire church église temple temples tomb tombs old la le les
    l' the et y and cathédrale basilique abbaye château châteaux forteresse citadelle mosquée
    médina collégiale monastère couvent"""
GENERIC = frozenset(_GENERIC.split()) | frozenset(
    unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() for w in _GENERIC.split()
)


def _folded_words(text: str) -> list[str]:
    """Lower-case words of ``text``, accents kept and also dropped ("cathédrale" and
    "cathedrale" both match :data:`GENERIC`)."""
    return [
        unicodedata.normalize("NFKD", w).encode("ascii", "ignore").decode() or w
        for w in text.lower().split()
    ]


SERIAL = re.compile(
    r"\b(sites|monuments|churches|towns|cities|centres|castles|forts|fortifications|missions|"
    r"temples|monasteries|parks|islands|caves|routes|villages|buildings|works|houses|"
    r"palaces|tombs|mosques|ensembles|sanctuaries|canals|cathedrals|belfries|mines|"
    r"lighthouses|gardens|landscapes|reserves|complexes|settlements|remains)\b",
    re.IGNORECASE,
)
_ARTICLES = frozenset(["the", "la", "le", "les", "l'", "el", "los", "las"])
_CUT = re.compile(r"\s*(?:,|\s[–—-]\s|:|\()")


def clean(text: str) -> str:
    """An official name as a user would type it: entities decoded, spaces collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]*>", "", html.unescape(str(text)))).strip()


def short_forms(name: str) -> list[str]:
    """The shortened forms of one official name (see the module docstring)."""
    out = []
    head = _CUT.split(name, maxsplit=1)[0].strip()
    if head and head != name and len(head) >= 4 and set(_folded_words(head)) - GENERIC:
        out.append(head)
    m = re.match(r"^(.+?)\s+(?:of|de|du|des|d')\s*(.+)$", head)
    if m:
        words = [w for w in _folded_words(m.group(1)) if w not in _ARTICLES]
        if len(words) >= 2 and not GENERIC.intersection(words):
            out.append(m.group(1).strip())
    return out


def tolerance_km(area_ha: object, serial: bool) -> float:
    """2 km + the radius of a disc of the property's area; at least SERIAL_KM when serial."""
    try:
        area = float(str(area_ha))
    except ValueError:
        area = 0.0
    km = 2 + math.sqrt(area * 10_000 / math.pi) / 1000 if area > 0 else NO_AREA_KM
    return round(max(km, SERIAL_KM) if serial else km, 1)


def rows_of(sheet_rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The holdout's rows from the list's rows (see the module docstring)."""
    out: list[dict[str, object]] = []
    for r in sheet_rows:
        if str(r["transboundary"]).strip() in ("1", "1.0"):
            continue
        names = {"en": clean(str(r["name_en"])), "fr": clean(str(r["name_fr"]))}
        serial = bool(SERIAL.search(names["en"]))
        base = {
            "whc": int(float(str(r["id_no"]))),
            "lat": round(float(str(r["latitude"])), 5),
            "lng": round(float(str(r["longitude"])), 5),
            "tol_km": tolerance_km(r["area_hectares"], serial),
            "serial": int(serial),
            "cc": str(r["iso_code"]).strip().upper()[:2],
        }
        for lang, name in names.items():
            if not name:
                continue
            out.append({**base, "lang": lang, "form": "official", "query": name})
            for s in short_forms(name):
                out.append({**base, "lang": lang, "form": "short", "query": s})
    texts: dict[str, set[object]] = {}
    for row in out:
        texts.setdefault(str(row["query"]).casefold(), set()).add(row["whc"])
    seen: set[tuple[object, str]] = set()
    kept = []
    for row in out:
        k = str(row["query"]).casefold()
        if len(texts[k]) > 1 or (row["whc"], k) in seen:
            continue
        seen.add((row["whc"], k))
        kept.append(row)
    return kept


def main(path: str) -> None:
    import xlrd  # type: ignore[import-untyped]  # build-time only

    sheet = xlrd.open_workbook(path).sheet_by_index(0)
    head = [str(v) for v in sheet.row_values(0)]
    sheet_rows = [dict(zip(head, sheet.row_values(i), strict=True)) for i in range(1, sheet.nrows)]
    rows = rows_of(sheet_rows)
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        w = csv.DictWriter(fh, fieldnames=COLUMNS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    print(f"{len(rows)} queries, {len({r['whc'] for r in rows})} properties -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
