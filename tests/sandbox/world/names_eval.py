"""Scoring the emulator on the corpus of names (``tests/data/names_corpus.csv``, issue 40).

Shared by ``test_names_holdouts.py`` (fixed samples) and ``benchmarks/bench_names.py``
(all rows). A row is right when the answer lies within ``tol_km`` of the truth or nothing is
found (NOT_FOUND); it is *confidently wrong* when ``resolve_text`` answers 50 km or more off with
MEDIUM or HIGH confidence, or ``search_places`` lists places 50 km or more off (a search has no
confidence: what it lists is its answer). ``resolve`` rows go through the resolver the tools share
(:func:`mapsnb_sandbox.world.resolver.resolve`).
"""

from __future__ import annotations

import csv
import hashlib
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from mapsnb.polyline import haversine_m

CORPUS = Path(__file__).resolve().parents[2] / "data" / "names_corpus.csv"
#: The holdout (``tools/build_names_holdout.py``): Natural Earth and an old GeoNames dump, a seed
#: of its own; never used to tune the emulator.
HOLDOUT = CORPUS.with_name("names_holdout.csv")


@dataclass(frozen=True)
class Row:
    """One query: class, language, text, true point, tolerance, tool (resolve or search)."""

    cls: str
    lang: str
    query: str
    lat: float
    lng: float
    tol_km: float
    tool: str


def rows(sample: int | None = None, corpus: Path = CORPUS) -> list[Row]:
    """The rows of ``corpus``; with ``sample``, every ``sample``-th by a stable hash of the query."""
    with corpus.open(encoding="utf-8") as fh:
        lines = [line for line in fh if not line.startswith("#")]
    out = []
    for r in csv.DictReader(lines):
        key = f"{r['tool']}|{r['query']}".encode()
        if sample and int(hashlib.sha1(key).hexdigest(), 16) % sample:
            continue
        out.append(
            Row(
                r["cls"],
                r["lang"],
                r["query"],
                float(r["lat"]),
                float(r["lng"]),
                float(r["tol_km"]),
                r["tool"],
            )
        )
    return out


@dataclass
class NamesScore:
    """Counts per class and per language: rows, right rows (within tolerance or not found),
    located rows (within tolerance), and the misses."""

    total: Counter[str] = field(default_factory=Counter)
    right: Counter[str] = field(default_factory=Counter)
    located: Counter[str] = field(default_factory=Counter)
    lang_total: Counter[str] = field(default_factory=Counter)
    lang_right: Counter[str] = field(default_factory=Counter)
    confident_wrong: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)

    def share(self, cls: str) -> float:
        """Right share of class ``cls``."""
        return self.right[cls] / self.total[cls] if self.total[cls] else 1.0

    def lang_share(self, lang: str) -> float:
        """Right share of language ``lang``."""
        return self.lang_right[lang] / self.lang_total[lang] if self.lang_total[lang] else 1.0


def answer(row: Row) -> tuple[float, float, str, str] | None:
    """``(lat, lng, confidence, label)`` of the tool's answer to ``row``, or ``None``."""
    from mapsnb_sandbox.world.resolver import resolve

    if row.tool == "resolve":  # what resolve_names, compute_routes and the weather read
        r = resolve(row.query).place
        return None if r is None else (r.lat, r.lng, r.confidence, r.address)
    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.tools.places import search_places

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    out = search_places({"text_query": row.query, "language_code": row.lang}, ctx)
    if not out["places"]:
        return None
    loc = out["places"][0]["location"]
    label = out["places"][0].get("formattedAddress", "")
    return loc["latitude"], loc["longitude"], "LISTED", label


def evaluate(sample: int | None = None, corpus: Path = CORPUS) -> NamesScore:
    """Every row of ``corpus`` (or a sample) through its tool, counted per class and language."""
    s = NamesScore()
    for row in rows(sample, corpus):
        s.total[row.cls] += 1
        s.lang_total[row.lang] += 1
        got = answer(row)
        if got is None:
            s.right[row.cls] += 1
            s.lang_right[row.lang] += 1
            s.misses.append(f"{row.cls}/{row.lang}: {row.query!r} -> not found")
            continue
        km = haversine_m(got[0], got[1], row.lat, row.lng) / 1000
        if km <= row.tol_km:
            s.right[row.cls] += 1
            s.lang_right[row.lang] += 1
            s.located[row.cls] += 1
            continue
        s.misses.append(f"{row.cls}/{row.lang}: {row.query!r} -> {got[3]} ({got[2]}, {km:.0f} km)")
        if km >= 50 and got[2] != "LOW":
            s.confident_wrong.append(f"{row.query!r} -> {got[3]} ({got[2]}, {km:.0f} km)")
    return s


#: The columns every names corpus and holdout file has, after the builder's header line.
COLUMNS = ["cls", "lang", "query", "lat", "lng", "tol_km", "tool"]


def check_file(path: Path, header: str, n_rows: int, max_bytes: int) -> None:
    """``path`` is the file its builder writes: its header line, columns, row count, size."""
    with path.open(encoding="utf-8") as fh:
        assert fh.readline().rstrip("\n") == header
        body = list(csv.reader(fh))
    assert body[0] == COLUMNS
    assert len(body) - 1 == n_rows
    assert path.stat().st_size < max_bytes


def check_spread(every: list[Row], classes: set[str], langs: set[str]) -> None:
    """Each query asked once per tool, every class and language present, points on the globe,
    the issue's 50 km tolerance, and searches asked through ``search_places``."""
    assert len({(r.query, r.tool) for r in every}) == len(every)
    assert {r.cls for r in every} == classes
    assert {r.lang for r in every} == langs
    assert all(-90 <= r.lat <= 90 and -180 <= r.lng <= 180 and r.tol_km == 50 for r in every)
    assert all(r.tool == "search" for r in every if r.cls.startswith("search"))


def check_unseen(corpus: Path, earlier: tuple[str, ...]) -> None:
    """No query of ``corpus`` is asked again from the ``earlier`` corpora (files beside it)."""
    asked = {r.query for r in rows(corpus=corpus)}
    for name in earlier:
        assert not asked & {r.query for r in rows(corpus=corpus.with_name(name))}, name


class Floors(NamedTuple):
    """What a holdout's fixed sample keeps: its row count, the least shares right and located
    (all rows), right per class and per language, and the most confident answers 50+ km off;
    a class may miss ``per_class_slack`` rows below its share (one row of a small class's
    sample)."""

    rows: int
    right: float
    located: float
    per_class: float
    per_lang: float
    confident: int
    per_class_slack: int = 0


def check_floors(s: NamesScore, floors: Floors) -> None:
    """``s`` (a sample's score) keeps ``floors``. NOT_FOUND counts as right: the floor on located
    answers keeps "find nothing" from passing."""
    n = sum(s.total.values())
    assert n == floors.rows
    assert sum(s.right.values()) / n >= floors.right, s.misses
    assert sum(s.located.values()) / n >= floors.located
    assert all(
        s.share(cls) >= floors.per_class or s.total[cls] - s.right[cls] <= floors.per_class_slack
        for cls in s.total
    ), s.misses
    assert all(s.lang_share(lang) >= floors.per_lang for lang in s.lang_total), s.misses
    assert len(s.confident_wrong) <= floors.confident, s.confident_wrong
