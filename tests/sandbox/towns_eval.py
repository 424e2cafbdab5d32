"""Scoring the emulator's resolver on the independent town corpus (``tests/data/``).

Shared by ``test_world_towns_corpus.py`` (a sample) and ``benchmarks/bench_towns.py`` (all).
"""

from __future__ import annotations

import csv
import hashlib
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb.sandbox.world.geocode import resolve_text
from mapsnb.sandbox.world.landmarks import fold

DATA = Path(__file__).resolve().parents[1] / "data"
#: Queries the resolver cannot read: the answer must not be a place named after them.
UNPARSED = (
    "xqzv plorb",
    "where can I get a haircut",
    "the best thing ever",
    "asdfgh in Qwertyvillezz",
    "riad in Zzyxqville",
    "blorptown, Nowhereland",
    "purple monkey dishwasher",
)


@dataclass
class Score:
    """Counts per class: queries, right answers, confident answers > 50 km off."""

    total: Counter[str] = field(default_factory=Counter)
    right: Counter[str] = field(default_factory=Counter)
    confident_wrong: list[str] = field(default_factory=list)
    named_after_query: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def share(self, cls: str) -> float:
        return self.right[cls] / self.total[cls] if self.total[cls] else 1.0

    def town_share(self) -> float:
        cls = [c for c in self.total if c not in {"famous", "unparsed"}]
        return sum(self.right[c] for c in cls) / max(1, sum(self.total[c] for c in cls))


def rows(sample: int | None = None) -> list[tuple[str, str, float, float, float]]:
    """Corpus rows ``(cls, query, lat, lng, tol_km)``; every ``sample``-th by a stable hash."""
    out = []
    for name in ("towns_corpus.csv", "famous_places.csv"):
        with (DATA / name).open(encoding="utf-8") as fh:
            lines = [line for line in fh if not line.startswith("#")]
        for r in csv.DictReader(lines):
            q = r["query"]
            if (
                sample
                and r["cls"] != "famous"
                and int(hashlib.sha1(q.encode()).hexdigest(), 16) % sample
            ):
                continue
            out.append((r["cls"], q, float(r["lat"]), float(r["lng"]), float(r["tol_km"])))
    return out


def evaluate(sample: int | None = None) -> Score:
    """Resolve every query of the corpus (or a sample) and count."""
    s = Score()
    for cls, q, lat, lng, tol in rows(sample):
        s.total[cls] += 1
        r = resolve_text(q)
        if r is None:
            s.misses.append(f"{cls}: {q!r} -> not found")
            continue
        km = haversine_m(r.lat, r.lng, lat, lng) / 1000
        if km <= tol:
            s.right[cls] += 1
        else:
            s.misses.append(f"{cls}: {q!r} -> {r.address} ({r.confidence}, {km:.0f} km)")
        if km > 50 and r.confidence in ("HIGH", "MEDIUM"):
            s.confident_wrong.append(f"{q!r} -> {r.address} ({km:.0f} km)")
        if fold(r.name) == fold(q) and r.kind == "point_of_interest":
            s.named_after_query.append(q)
    for q in UNPARSED:
        s.total["unparsed"] += 1
        r = resolve_text(q)
        if r is None or not (set(fold(q).split()) & set(fold(r.name).split())):
            s.right["unparsed"] += 1
        else:
            s.named_after_query.append(f"{q!r} -> {r.name}")
    return s
