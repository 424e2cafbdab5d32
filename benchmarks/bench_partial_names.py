"""The emulator on towns of several words (``python benchmarks/bench_partial_names.py [--misses]
[--split tune|holdout]``).

``tests/data/partial_names.csv`` (``tools/build_partial_names.py``: UN/LOCODE's towns, which the
emulator does not read) holds names of two words or more ("Palatine Bridge", "Saint-Priest-des-
Champs"), bare, with their country and in searches. Per class, and apart for the names the town
index has (by that whole name) and those it lacks: the right share (within 50 km, or NOT_FOUND),
the answers 50+ km off that are confident (MEDIUM, HIGH, or listed by a search), and those that
read only part of the name (the answer's name holds some of the typed words, not all: "Palatine,
IL" for "Palatine Bridge") 50+ km off.
"""

from __future__ import annotations

import csv
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb.polyline import haversine_m
from tests.sandbox.world.names_eval import Row, answer

CORPUS = Path(__file__).resolve().parents[1] / "tests" / "data" / "partial_names.csv"


def corpus_rows(split: str | None = None) -> list[tuple[Row, str]]:
    """The corpus' rows with their split (``tune`` or ``holdout``), of ``split`` only if given."""
    with CORPUS.open(encoding="utf-8") as fh:
        body = [line for line in fh if not line.startswith("#")]
    out = []
    for r in csv.DictReader(body):
        if split and r["split"] != split:
            continue
        row = Row(
            r["cls"], r["lang"], r["query"], float(r["lat"]), float(r["lng"]), 50.0, r["tool"]
        )
        out.append((row, r["split"]))
    return out


def typed_name(row: Row) -> str:
    """The town's name as the row types it (without the search's words or the country)."""
    name = row.query.split(" in ", 1)[1] if row.cls == "search" else row.query
    return name.partition(",")[0].strip()


def _words(text: str) -> set[str]:
    from mapsnb_sandbox.world.resolver import fold

    return {w for w in re.split(r"[\s\-'’.,]+", fold(text)) if w}


def part_read(name: str, label: str) -> bool:
    """Whether answer ``label`` names a town by some of the words of ``name``, not all."""
    got = _words(label.partition(",")[0])
    typed = _words(name)
    return bool(got & typed) and not typed <= got


def read_label(row: Row, name: str, label: str) -> str:
    """The label of the town the answer was read from: a search lists places, not its town
    (the town its place part resolves to, as ``search_places`` reads it)."""
    if row.tool != "search":
        return label
    from mapsnb_sandbox.world.resolver import resolve

    town = resolve(name, role="town").place
    return town.address if town is not None else ""


def indexed(name: str) -> bool:
    """Whether the town index has a town of the whole name (own or other name)."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.resolver import fold
    from mapsnb_sandbox.world.towns import named_ids

    return bool(named_ids(city_index(), fold(name)))


def main() -> None:
    split = sys.argv[sys.argv.index("--split") + 1] if "--split" in sys.argv else None
    total, right, confident, partial = Counter(), Counter(), Counter(), Counter()
    misses: list[str] = []
    for row, _ in corpus_rows(split):
        name = typed_name(row)
        group = f"{row.cls}/{'has' if indexed(name) else 'lacks'}"
        total[group] += 1
        got = answer(row)
        km = 0.0 if got is None else haversine_m(got[0], got[1], row.lat, row.lng) / 1000
        if km <= row.tol_km:
            right[group] += 1
            continue
        assert got is not None
        part = part_read(name, read_label(row, name, got[3]))
        partial[group] += part
        confident[group] += got[2] != "LOW"
        flag = "PART " if part else ""
        misses.append(f"{flag}{group}: {row.query!r} -> {got[3]} ({got[2]}, {km:.0f} km)")
    print(f"corpus: {CORPUS.name} split={split or 'all'}")
    print(f"{'group':22} {'rows':>5} {'right':>7} {'conf50+':>8} {'part50+':>8}")
    for g in sorted(total):
        print(f"{g:22} {total[g]:5} {right[g] / total[g]:7.1%} {confident[g]:8} {partial[g]:8}")
    n = sum(total.values())
    print(
        f"{'all':22} {n:5} {sum(right.values()) / n:7.1%} {sum(confident.values()):8} "
        f"{sum(partial.values()):8}"
    )
    if "--misses" in sys.argv:
        print("\n".join(sorted(misses)))


if __name__ == "__main__":
    main()
