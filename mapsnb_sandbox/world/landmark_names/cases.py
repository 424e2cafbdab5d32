"""Famous places' names in their cases (``data/landmark_cases.tsv``, ``tools/build_landmark_cases.py``;
issue 40, round 20): "Красной площадью", "Софійського собору", "Zamku Królewskim", "Pražského
hradu", "Ayasofya'ya", "στην Ακρόπολη" are names of the place, as its nominative is. The table
leaves out a form that is a town's own name or a kind's word, so a town or a kind keeps it."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mapsnb_sandbox.world.geodata import fold_text

#: A landmark (``landmarks.Landmark``, which imports this module): ``key``, ``keys``.
Landmark = TypeVar("Landmark", bound=Any)

__all__ = ["LANDMARK_CASES_TSV", "case_keys", "with_case_keys"]

LANDMARK_CASES_TSV = Path(__file__).resolve().parents[2] / "data" / "landmark_cases.tsv"


def case_keys(path: Path = LANDMARK_CASES_TSV) -> dict[str, tuple[str, ...]]:
    """A famous place's key -> the folded case forms of its names, every language's."""
    out: dict[str, list[str]] = {}
    if not path.exists():
        return {}
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            cells = line.rstrip("\n").split("\t")
            if len(cells) == 3 and not line.startswith("#") and cells[0] != "key":
                made = out.setdefault(cells[0], [])
                made += (fold_text(f) for f in cells[2].split("|") if f)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


def with_case_keys(
    items: list[Landmark], names: Callable[[Landmark], set[str]], path: Path = LANDMARK_CASES_TSV
) -> list[Landmark]:
    """``items`` whose famous places' folded ``keys`` also hold their names' case forms
    (``names``: a landmark's folded names, when its row ships no keys); a form already some
    other place's name is left to that place."""
    forms = case_keys(path)
    taken = {k for lm in items for k in (set(lm.keys) or names(lm))}
    out = list(items)
    for i, lm in enumerate(items):
        more = [f for f in forms.get(lm.key, ()) if f not in taken]
        if more:
            out[i] = dataclasses.replace(lm, keys=(*(lm.keys or tuple(names(lm))), *more))
    return out
