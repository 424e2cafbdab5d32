"""Fill the ``keys`` column of ``mapsnb_sandbox/data/famous_places.csv`` and
``famous_stations.csv`` (``python tools/build_famous_keys.py``): each row's names folded as the
resolver folds them (:func:`mapsnb_sandbox.world.geodata.fold_text`), so that the emulator's
first call does not fold 5,000 names (issue 40; the airports ship theirs the same way). Run it
after editing names; ``tests/sandbox/world/test_landmark_corpus.py`` checks the column is up to
date.
"""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, FAMOUS_STATIONS_CSV, famous_keys

COLUMNS = ["key", "whc", "kind", "city", "country", "cc", "lat", "lng", "names", "keys"]


def write_keys(path: Path) -> None:
    """Rewrite ``path`` (a famous places table) with its ``keys`` column filled."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = [line for line in lines if line.startswith("#")]
    rows = list(csv.DictReader(line for line in lines if not line.startswith("#")))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\n")
    writer.writeheader()
    for row in rows:
        row["keys"] = "|".join(famous_keys(row["key"], row["names"]))
        writer.writerow({c: row.get(c, "") for c in COLUMNS})
    path.write_text("".join(head) + out.getvalue(), encoding="utf-8")
    print(f"{len(rows)} rows -> {path}")


def main() -> None:
    for path in (FAMOUS_CSV, FAMOUS_STATIONS_CSV):
        write_keys(path)


if __name__ == "__main__":
    main()
