"""Write ``mapsnb_sandbox/data/heritage_sites.csv``: two thirds of the UNESCO World Heritage List
as famous places of the emulator, at the list's point, found by their official English and French
names (issue 40).

Source: the list's export ``whc-sites-2019.xls`` (© UNESCO, CC BY-SA 3.0 IGO;
https://whc.unesco.org/en/syndication): the file is an adaptation under the same licence (see
``data/SOURCES.md``). Usage (needs ``xlrd``, a build-time tool only)::

    python tools/build_heritage_sites.py whc-sites-2019.xls

Left out: every property whose ``id_no`` is a multiple of 3 (:data:`HELD_OUT`: the part of the
holdout ``tests/data/landmark_holdout.csv`` that stays independent of the emulator's data), the
transboundary ones (their point is one country's), and those ``famous_places.csv`` already holds
(its ``whc`` column: their points are Wikipedia's). A name is not given when it is also a town's
name, a country's, or another place's ("Tipasa" stays the town), nor a short form of a few
generic words. Columns as ``famous_places.csv``: ``key`` (``whc-<id_no>``), ``whc``, ``kind``
(``landmark``; ``park`` for a natural property), ``city`` (empty), ``country``, ``cc``, ``lat``,
``lng``, ``names``, ``keys`` (folded, :func:`~mapsnb_sandbox.world.landmarks.famous_keys`).
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tools.build_landmark_holdout import clean, short_forms  # noqa: E402

from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, famous_keys, fold  # noqa: E402

OUT = FAMOUS_CSV.with_name("heritage_sites.csv")
COLUMNS = ["key", "whc", "kind", "city", "country", "cc", "lat", "lng", "names", "keys"]


def held_out(whc: int) -> bool:
    """Whether property ``whc`` stays out of the emulator's data (every third ``id_no``)."""
    return whc % 3 == 0


HELD_OUT = "id_no % 3 == 0"
HEADER = (
    "# UNESCO World Heritage properties as famous places (issue 40): the list's export whc-sites-2019\n"
    "# (c) UNESCO, CC BY-SA 3.0 IGO; this file is an adaptation under the same licence. Two thirds of\n"
    f"# the list ({HELD_OUT} held out, transboundary ones and famous_places.csv's own left out), at the\n"
    "# list's point, by their official English and French names and the part before a comma, dash\n"
    "# or colon. Written by tools/build_heritage_sites.py; see SOURCES.md.\n"
)


def _taken(key: str) -> bool:
    """Whether folded ``key`` is a town's, a country's, or a landmark's or famous place's name."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.landmarks import landmark_index

    idx = city_index()
    return key in idx.by_name or key in idx.countries or key in landmark_index().by_name


def _names(row: dict[str, object]) -> list[str]:
    out: list[str] = []
    for lang in ("en", "fr"):
        name = clean(str(row[f"name_{lang}"]))
        if not name:
            continue
        for n in [name, *short_forms(name)]:
            key = fold(n)
            if len(key) >= 4 and n not in out and not _taken(key):
                out.append(n)
    return out


def rows_of(sheet_rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """The file's rows from the list's rows (see the module docstring)."""
    with FAMOUS_CSV.open(encoding="utf-8") as fh:
        famous = {
            r["whc"] for r in csv.DictReader(line for line in fh if not line.startswith("#"))
        }
    out, seen = [], set()
    for r in sheet_rows:
        whc = int(float(str(r["id_no"])))
        if held_out(whc) or str(whc) in famous or str(r["transboundary"]).strip() in ("1", "1.0"):
            continue
        names = [n for n in _names(r) if fold(n) not in seen]
        if not names:
            continue
        seen.update(fold(n) for n in names)
        joined = "|".join(names)
        out.append({
            "key": f"whc-{whc}", "whc": whc,
            "kind": "park" if str(r["category"]) == "Natural" else "landmark",
            "city": "", "country": clean(str(r["states_name_en"])),
            "cc": str(r["iso_code"]).strip().upper()[:2],
            "lat": round(float(str(r["latitude"])), 5), "lng": round(float(str(r["longitude"])), 5),
            "names": joined, "keys": "|".join(famous_keys(f"whc-{whc}", joined)),
        })  # fmt: skip
    return out


def main(path: str) -> None:
    import xlrd  # type: ignore[import-untyped]  # build-time only

    sheet = xlrd.open_workbook(path).sheet_by_index(0)
    head = [str(v) for v in sheet.row_values(0)]
    rows = rows_of(
        [dict(zip(head, sheet.row_values(i), strict=True)) for i in range(1, sheet.nrows)]
    )
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    OUT.write_text(HEADER + buf.getvalue(), encoding="utf-8")
    print(f"{len(rows)} properties -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
