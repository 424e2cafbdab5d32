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


# --------------------------------------------------------------------------- the holdout

HOLDOUT_CSV = DATA / "landmark_holdout.csv"
#: The ways a holdout query is asked: the resolver (``resolve_names``) and ``search_places``.
VIAS = ("resolve", "search")


@dataclass(frozen=True)
class HoldoutQuery:
    """One query of the UNESCO holdout (``landmark_holdout.csv``) with its truth."""

    whc: int
    lang: str
    form: str
    text: str
    lat: float
    lng: float
    tol_km: float
    serial: bool

    @property
    def key(self) -> str:
        """The property's id_no, as a key."""
        return f"whc-{self.whc}"


def holdout_queries() -> list[HoldoutQuery]:
    """Every query of the holdout, in the file's order."""
    return [
        HoldoutQuery(
            whc=int(r["whc"]), lang=r["lang"], form=r["form"], text=r["query"],
            lat=float(r["lat"]), lng=float(r["lng"]), tol_km=float(r["tol_km"]),
            serial=r["serial"] == "1",
        )
        for r in _read(HOLDOUT_CSV)
    ]  # fmt: skip


def known_whc(path: Path | None = None) -> frozenset[int]:
    """The UNESCO properties the emulator's ``famous_places.csv`` (or ``path``) holds (its
    ``whc`` column): for them the holdout is not independent of the emulator's data."""
    from mapsnb_sandbox.world.landmarks import FAMOUS_CSV

    rows = _read(path or FAMOUS_CSV) if (path or FAMOUS_CSV).exists() else []
    return frozenset(int(r["whc"]) for r in rows if r["whc"].strip().isdigit())


def famous_points(path: Path | None = None) -> dict[int, list[tuple[float, float]]]:
    """The points of the ``famous_places.csv`` (or ``path``) rows that are a UNESCO property or
    lie in one, by its ``whc``: Wikipedia's points, not the list's."""
    from mapsnb_sandbox.world.landmarks import FAMOUS_CSV, LANDMARKS_CSV

    curated = {r["key"]: r for r in _read(LANDMARKS_CSV)}  # a row without a point names one
    out: dict[int, list[tuple[float, float]]] = {}
    for r in _read(path or FAMOUS_CSV):
        at = r if r["lat"].strip() else curated.get(r["key"])
        if r["whc"].strip().isdigit() and at is not None:
            out.setdefault(int(r["whc"]), []).append((float(at["lat"]), float(at["lng"])))
    return out


def at_own_row(
    q: HoldoutQuery, lat: float, lng: float, points: dict[int, list[tuple[float, float]]]
) -> bool:
    """Whether an answer at ``lat, lng`` is the point of the ``famous_places.csv`` row of the
    property ``q`` asks (within 5 m: that row answered): the right place, where the list's point and
    Wikipedia's disagree."""
    return any(haversine_m(lat, lng, a, b) <= 5 for a, b in points.get(q.whc, ()))


def part_of(whc: int, famous: frozenset[int]) -> str:
    """Which part of the holdout property ``whc`` is in: ``famous`` (a hand-written row of
    ``famous_places.csv``, Wikipedia's point), ``held_out`` (``id_no % 3 == 0``: in the emulator's
    data unless withheld, ``MAPSNB_SANDBOX_WITHHOLD_THIRD=1``) or ``heritage`` (the rest: in
    ``heritage_sites.csv`` at the list's own point and names, unless none of its names could be
    given)."""
    from mapsnb_sandbox.world.landmarks import held_out

    return "famous" if whc in famous else "held_out" if held_out(whc) else "heritage"


Answer = tuple[float, float, str] | None


def answers_resolve(texts: list[str]) -> list[Answer]:
    from mapsnb_sandbox import Sandbox

    box, out = Sandbox(work_seconds=None), []
    for i in range(0, len(texts), 20):
        chunk = texts[i : i + 20]
        results = box.call_tool("resolve_names", {"queries": [{"text": t} for t in chunk]})
        for item in results["results"]:
            loc = item.get("sandboxMatch", {}).get("location")
            out.append(
                None if not loc else (loc["latitude"], loc["longitude"], item.get("confidence", ""))
            )
    return out


def answers_search(texts: list[str]) -> list[Answer]:
    from mapsnb_sandbox import Sandbox

    box, out = Sandbox(work_seconds=None), []
    for t in texts:
        places = box.call_tool("search_places", {"text_query": t}).get("places") or []
        loc = places[0].get("location") if places else None
        out.append(None if not loc else (loc["latitude"], loc["longitude"], "HIGH"))
    return out


@dataclass
class HoldoutScore:
    """Outcomes per group (a language, a form, known or not), and the answers placed elsewhere."""

    by: dict[str, Counter[str]] = field(default_factory=dict)
    elsewhere: list[tuple[HoldoutQuery, float, str]] = field(default_factory=list)
    #: The answers elsewhere that are the property's own ``famous_places.csv`` row
    #: (:func:`at_own_row`): the sources' points disagree, the place is the right one.
    own_row: list[HoldoutQuery] = field(default_factory=list)

    def total(self) -> Counter[str]:
        """Outcomes over all queries (the ``lang:`` groups)."""
        out: Counter[str] = Counter()
        for group, c in self.by.items():
            if group.startswith("lang:"):
                out.update(c)
        return out

    def confident_elsewhere(self) -> list[tuple[HoldoutQuery, float, str]]:
        """Answers 50 km or more off with HIGH or MEDIUM confidence."""
        return [e for e in self.elsewhere if e[1] >= 50 and e[2] in ("HIGH", "MEDIUM")]


def evaluate_holdout(items: list[HoldoutQuery], via: str = "resolve") -> HoldoutScore:
    """Score ``items`` asked through ``via`` (:data:`VIAS`)."""
    answers = (answers_resolve if via == "resolve" else answers_search)([q.text for q in items])
    famous, points = known_whc(), famous_points()
    score = HoldoutScore()
    for q, a in zip(items, answers, strict=True):
        km = None if a is None else haversine_m(a[0], a[1], q.lat, q.lng) / 1000
        what = "not_found" if km is None else "located" if km <= q.tol_km else "elsewhere"
        part = part_of(q.whc, famous)
        for group in (f"lang:{q.lang}", f"form:{q.form}", f"part:{part}"):
            score.by.setdefault(group, Counter())[what] += 1
        if what == "elsewhere" and a is not None and km is not None:
            score.elsewhere.append((q, km, a[2]))
            if at_own_row(q, a[0], a[1], points):
                score.own_row.append(q)
    return score


def one_source_namesake(text: str) -> bool:
    """Whether ``text`` is answered LOW by a place of the broad volcano table that bears a name
    the text holds: another volcano of that name (Java's "Sumbing" for Sumatra's; a hill
    "Mount Stewart" in Victoria for the Northern Irish house), a guess issue 40 allows, not a
    misreading (round 27, h-volc27)."""
    from mapsnb_sandbox.world.landmarks import fold, landmark_with_id
    from mapsnb_sandbox.world.resolver import resolve

    p = resolve(text).place
    lm = landmark_with_id(p.place_id) if p is not None and p.confidence == "LOW" else None
    key = f" {fold(text)} "
    return (
        lm is not None
        and lm.one_source
        and any(f" {fold(n)} " in key for n in (*lm.aliases, lm.name))
    )
