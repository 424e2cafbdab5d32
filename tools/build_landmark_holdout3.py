"""Write ``tests/data/landmark_holdout3.csv``: UK museums asked by their own names, with the
Mapping Museums project's point as truth (issue 40's third independent landmark check: a source
that is neither UNESCO's list nor Wikidata nor Wikipedia).

Source: the Mapping Museums database (Birkbeck, University of London; www.mappingmuseums.org,
status of September 2021), **CC BY**: "Data downloaded from the Mapping Museums website at
www.mappingmuseums.org, Accessed on 2022-11-22", as republished in the public repository
``rfordatascience/tidytuesday`` (``data/2022/2022-11-22/museums.csv``, commit 89fad22). Its
points are the museums' postcodes geocoded by the project; the emulator reads none of it. Usage
(``MUSEUMS``: that ``museums.csv``, or any file with its columns ``museum_id``,
``Name_of_museum``, ``Village,_Town_or_City``, ``Latitude``, ``Longitude``, ``Size``,
``Year_closed``)::

    python tools/build_landmark_holdout3.py MUSEUMS

Selection, systematic and small: the file's first :data:`ROWS` data rows (the order the project
exported, mixed over the UK and over sizes), those still open (``Year_closed`` ``9999:9999``).
Queries, English only: the museum's name, and "name, town" with the source's town (a leading
"nr " or "Nr. " dropped) when the town's name is not inside the museum's. Tolerance: 2 km. The committed
file was written from the file's first 64,000 characters (its first 147 whole rows), read
through a repository reader (the repository is too big to fetch whole here).
"""

from __future__ import annotations

import csv
import sys
import unicodedata
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "tests" / "data" / "landmark_holdout3.csv"
#: The file's first rows read.
ROWS = 147
#: Tolerance (km): a museum's point is its postcode's.
TOL_KM = 2.0
HEADER = (
    "# Issue 40's third landmark holdout: UK museums by their own names, truth the Mapping Museums\n"
    "# project's point (www.mappingmuseums.org, CC BY; via rfordatascience/tidytuesday), which the\n"
    "# emulator does not read. Written by tools/build_landmark_holdout3.py.\n"
)


def _fold(text: str) -> str:
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return " ".join("".join(c if c.isalnum() else " " for c in plain.casefold()).split())


def _town(raw: str) -> str:
    """The source's town, "nr " / "Nr. " (near) dropped."""
    town = raw.strip()
    for near in ("nr ", "nr. "):
        if town.lower().startswith(near):
            return town[len(near) :].strip()
    return town


def rows_of(source: list[dict[str, str]]) -> list[dict[str, str]]:
    """The holdout's rows from the source's rows (see the module docstring)."""
    out: list[dict[str, str]] = []
    for r in source[:ROWS]:
        if r["Year_closed"].strip() != "9999:9999":
            continue
        name, town = r["Name_of_museum"].strip(), _town(r["Village,_Town_or_City"])
        base = {"qid": r["museum_id"], "kind": r["Size"].strip() or "unknown", "lang": "en",
                "lat": r["Latitude"], "lng": r["Longitude"], "tol_km": f"{TOL_KM:g}"}  # fmt: skip
        out.append({**base, "query": name})
        if town and town != "NA" and _fold(town) not in _fold(name):
            out.append({**base, "query": f"{name}, {town}"})
    return out


def main(path: str) -> None:
    with open(path, encoding="utf-8", newline="") as fh:
        source = list(csv.DictReader(fh))
    rows = rows_of(source)
    columns = ["qid", "kind", "lang", "query", "lat", "lng", "tol_km"]
    with OUT.open("w", encoding="utf-8", newline="") as fh:
        fh.write(HEADER)
        writer = csv.DictWriter(fh, fieldnames=columns, lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
    print(f"{len(rows)} queries of {len({r['qid'] for r in rows})} museums -> {OUT}")


if __name__ == "__main__":
    main(sys.argv[1])
