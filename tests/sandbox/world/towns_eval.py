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
from mapsnb_sandbox.world.geocode import resolve_text
from mapsnb_sandbox.world.landmarks import fold

DATA = Path(__file__).resolve().parents[2] / "data"
#: Queries the resolver cannot read (``unparsed_queries.csv``, no town named): the answer must not
#: be a place named after them.
UNPARSED_CSV = DATA / "unparsed_queries.csv"


def unparsed_rows() -> list[dict[str, str]]:
    """The rows of ``unparsed_queries.csv``: ``cls``, ``lang``, ``query``, ``town``."""
    with UNPARSED_CSV.open(encoding="utf-8") as fh:
        return list(csv.DictReader(line for line in fh if not line.startswith("#")))


UNPARSED = tuple(r["query"] for r in unparsed_rows() if not r["town"])


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


@dataclass
class UnparsedScore:
    """Per class of ``unparsed_queries.csv``: rows, rows answered as they should be, and the
    failures: a place named after the query (or a word of it), a confident (HIGH/MEDIUM) answer,
    a search that returns a place with no town named or no hint with nothing."""

    total: Counter[str] = field(default_factory=Counter)
    right: Counter[str] = field(default_factory=Counter)
    named_after_query: list[str] = field(default_factory=list)
    confident: list[str] = field(default_factory=list)
    search_wrong: list[str] = field(default_factory=list)
    invented: list[str] = field(default_factory=list)  # a made-up kind in a named town
    low_towns: list[str] = field(default_factory=list)  # a town of a word, LOW, words unread

    def share(self, cls: str | None = None) -> float:
        if cls is None:
            return sum(self.right.values()) / max(1, sum(self.total.values()))
        return self.right[cls] / self.total[cls] if self.total[cls] else 1.0


def _named_after(name: str, query: str, town: str) -> bool:
    """Whether ``name`` is the query folded, or one of its ordinary words ("Nice" of "Nice
    weather"; not the town the query names)."""
    from mapsnb_sandbox.world.geocode import ordinary_words

    n, words = fold(name), fold(query).split()
    if not n or n == fold(town):
        return False
    return n == fold(query) or (n in words and n in ordinary_words())


def evaluate_unparsed(sample: int | None = None) -> UnparsedScore:
    """Every row (or every ``sample``-th by a stable hash) through ``resolve_text``,
    ``resolve_names`` and ``search_places``."""
    from datetime import UTC, datetime

    from mapsnb_sandbox.contract.common import Context
    from mapsnb_sandbox.contract.ids import decode_business_id
    from mapsnb_sandbox.tools.places import search_places
    from mapsnb_sandbox.tools.resolve import SANDBOX_MATCH, resolve_names
    from mapsnb_sandbox.world.kinds.table import FREE_CODE

    ctx = Context(now=datetime(2026, 9, 18, 15, 0, tzinfo=UTC))
    s = UnparsedScore()
    for row in unparsed_rows():
        q, town, cls = row["query"], row["town"], row["cls"]
        if sample and int(hashlib.sha1(q.encode()).hexdigest(), 16) % sample:
            continue
        s.total[cls] += 1
        ok = True
        hit = resolve_text(q)
        rn = resolve_names({"queries": [{"text": q}]}, ctx)["results"][0]
        names = [hit.name] if hit is not None else []
        if rn:
            names.append(rn[SANDBOX_MATCH]["name"])
        if hit is not None and not town and hit.kind == "locality":
            s.low_towns.append(f"{q!r} -> {hit.name} ({hit.confidence})")
        if any(_named_after(n, q, town) for n in names):
            s.named_after_query.append(f"{q!r} -> {names}")
            ok = False
        confident = rn.get("confidence") in ("HIGH", "MEDIUM") or (
            not town and hit is not None and hit.confidence in ("HIGH", "MEDIUM")
        )
        if confident:
            s.confident.append(f"{q!r} -> {names} ({rn.get('confidence')})")
            ok = False
        args = {"text_query": q, "language_code": row["lang"] or "en"}
        out = search_places(args, ctx)
        places = out["places"]
        why = ""
        if not places and not plain(out["summary"]):
            why = "nothing and no hint"
        for p in places:
            decoded = decode_business_id(p["id"])
            if decoded is None:
                why = f"a place that is no business: {p['attribution']['title']}"
            elif not town:
                why = f"businesses with no town named: {p['attribution']['title']}"
            else:
                t = resolve_text(town)
                loc = p["location"]
                km = (
                    haversine_m(t.lat, t.lng, loc["latitude"], loc["longitude"]) / 1000
                    if t
                    else 1e9
                )
                if km > 50:
                    why = f"businesses {km:.0f} km from {town}"
                elif decoded[2] == FREE_CODE and p is places[0]:  # "solar energy companies"
                    s.invented.append(f"{q!r}: {p['attribution']['title']}")
        if why:
            s.search_wrong.append(f"{cls}: {q!r}: {why}")
            ok = False
        s.right[cls] += ok
    return s


def plain(summary: str) -> str:
    """A summary's text without its tags."""
    import re

    return " ".join(re.sub(r"<[^>]+>", " ", summary).split())
