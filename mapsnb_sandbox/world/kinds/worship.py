"""How many places of worship a country has: its people's religions (Pew Research Center,
2010) and, where a country publishes one, its own count of a kind per 100,000 people."""

from __future__ import annotations

import csv
import functools
from pathlib import Path

__all__ = ["own_count", "own_count_kinds", "religion_share"]


RELIGIONS = Path(__file__).resolve().parents[2] / "data" / "religions.csv"


@functools.cache
def _religions() -> dict[str, dict[str, float]]:
    """``{cc: {group: share}}`` from ``data/religions.csv`` (Pew Research Center, 2010), and
    under ``""`` the world's shares (each country weighted by its people)."""
    with RELIGIONS.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    groups = [g for g in rows[0] if g not in ("cc", "population")]
    out = {r["cc"]: {g: float(r[g]) / 100 for g in groups} for r in rows}
    people = {r["cc"]: float(r["population"]) for r in rows}
    total = sum(people.values())
    out[""] = {g: sum(out[cc][g] * n for cc, n in people.items()) / total for g in groups}
    return out


def religion_share(cc: str, group: str) -> float:
    """The share of country ``cc``'s people in Pew's ``group`` ("muslims"); the world's share
    for a country the table lacks."""
    table = _religions()
    return table.get(cc, table[""]).get(group, 0.0)


WORSHIP_COUNTS = RELIGIONS.with_name("worship_counts.csv")


@functools.cache
def _own_counts() -> dict[tuple[str, str], float]:
    """``{(cc, kind): places per 100,000 people}`` from ``data/worship_counts.csv``."""
    with WORSHIP_COUNTS.open(encoding="utf-8", newline="") as fh:
        return {(r["cc"], r["kind"]): float(r["per_100k"]) for r in csv.DictReader(fh)}


def own_count(cc: str, kind: str) -> float | None:
    """A country's own published density of a kind of place (per 100,000 people), if any."""
    return _own_counts().get((cc, kind))


@functools.cache
def own_count_kinds() -> frozenset[str]:
    """The kinds some country has its own count of."""
    return frozenset(kind for _, kind in _own_counts())
