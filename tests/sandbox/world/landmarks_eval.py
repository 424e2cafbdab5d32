"""Scoring the emulator on the landmark corpus of issue 40 (``tests/data/landmark_queries.csv``,
truth in ``landmark_truth.csv``: UNESCO's points and Wikipedia's coordinates, neither read by
the emulator).

Each query's outcome: ``located`` (within the truth's tolerance), ``not_found`` (no answer), or
``elsewhere`` (an answer beyond it; ``elsewhere_confident`` when it is HIGH or MEDIUM and 50 km or
more off). Shared by ``test_landmark_corpus.py`` (a fixed sample) and
``benchmarks/bench_landmarks.py`` (all, per language).
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.geocode import resolve_text

DATA = Path(__file__).resolve().parents[2] / "data"
QUERIES_CSV = DATA / "landmark_queries.csv"
TRUTH_CSV = DATA / "landmark_truth.csv"
OUTCOMES = ("located", "not_found", "elsewhere")


@dataclass(frozen=True)
class Query:
    """One query of the corpus with its truth."""

    key: str
    lang: str
    text: str
    lat: float
    lng: float
    tol_km: float
    source: str


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


def queries() -> list[Query]:
    """Every query of the corpus, joined with its landmark's truth."""
    truth = {r["key"]: r for r in _read(TRUTH_CSV)}
    out = []
    for r in _read(QUERIES_CSV):
        t = truth[r["key"]]
        out.append(
            Query(
                key=r["key"], lang=r["lang"], text=r["query"], lat=float(t["lat"]),
                lng=float(t["lng"]), tol_km=float(t["tol_km"]), source=t["source"],
            )
        )  # fmt: skip
    return out


def outcome(q: Query) -> tuple[str, float | None, str]:
    """``(outcome, km off, confidence)`` of one query (:data:`OUTCOMES`)."""
    r = resolve_text(q.text)
    if r is None:
        return "not_found", None, ""
    km = haversine_m(r.lat, r.lng, q.lat, q.lng) / 1000
    return ("located" if km <= q.tol_km else "elsewhere"), km, r.confidence


@dataclass
class LandmarkScore:
    """Outcomes per language, and the answers placed elsewhere."""

    by_lang: dict[str, Counter[str]] = field(default_factory=dict)
    elsewhere: list[tuple[Query, float, str]] = field(default_factory=list)

    def add(self, q: Query) -> None:
        """Score one query."""
        what, km, confidence = outcome(q)
        self.by_lang.setdefault(q.lang, Counter())[what] += 1
        if what == "elsewhere" and km is not None:
            self.elsewhere.append((q, km, confidence))

    def total(self) -> Counter[str]:
        """Outcomes over all languages."""
        out: Counter[str] = Counter()
        for c in self.by_lang.values():
            out.update(c)
        return out

    def confident_elsewhere(self) -> list[tuple[Query, float, str]]:
        """Answers 50 km or more off with HIGH or MEDIUM confidence."""
        return [e for e in self.elsewhere if e[1] >= 50 and e[2] in ("HIGH", "MEDIUM")]


def evaluate(items: list[Query] | None = None) -> LandmarkScore:
    """Score ``items`` (default: the whole corpus)."""
    score = LandmarkScore()
    for q in queries() if items is None else items:
        score.add(q)
    return score
