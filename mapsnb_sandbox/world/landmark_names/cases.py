"""Famous places' names in their cases (``data/landmark_cases.tsv``, ``tools/build_landmark_cases.py``;
issue 40, round 20): "Красной площадью", "Софійського собору", "Zamku Królewskim", "Pražského
hradu", "Ayasofya'ya", "στην Ακρόπολη" are names of the place, as its nominative is. The table
leaves out a form that is a town's own name or a kind's word, so a town or a kind keeps it."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from mapsnb_sandbox.world.geodata import fold_text

#: A landmark (``landmarks.Landmark``, which imports this module): ``key``, ``keys``.
Landmark = TypeVar("Landmark", bound=Any)

__all__ = ["LANDMARK_CASES_TSV", "case_keys", "name_case_rows", "nominative_of", "with_case_keys"]

LANDMARK_CASES_TSV = Path(__file__).resolve().parents[2] / "data" / "landmark_cases.tsv"
#: Each famous place's name in its genitive, instrumental and locative, by language.
NAME_CASES_TSV = LANDMARK_CASES_TSV.with_name("landmark_name_cases.tsv")


@functools.cache
def name_case_rows() -> tuple[tuple[str, ...], ...]:
    """``(language, name, genitive, instrumental, locative)`` rows of
    ``data/landmark_name_cases.tsv`` (``tools/build_landmark_cases.py``: "Красная площадь",
    "Красной площади", "Красной площадью", "Красной площади"), the columns of the towns'."""
    if not NAME_CASES_TSV.exists():
        return ()
    lines = NAME_CASES_TSV.read_text(encoding="utf-8").splitlines()
    rows = (line.split("\t") for line in lines if line and not line.startswith("#"))
    return tuple(tuple(r) for r in rows if len(r) == 5 and r[0] != "lang")


@functools.cache
def _nominatives() -> dict[tuple[str, str], tuple[str, ...]]:
    out: dict[tuple[str, str], list[str]] = {}
    for lang, name, *forms in name_case_rows():
        for form in forms:
            out.setdefault((lang, fold_text(form)), []).append(name)
    return {k: tuple(dict.fromkeys(v)) for k, v in out.items()}


def nominative_of(text: str, lang: str, names: tuple[str, ...], key: str = "") -> str | None:
    """The one of ``names`` (famous place ``key``'s) whose case form in ``lang`` ``text`` is
    ("Красная площадь" of "Красной площадью"); for a form of the rules' cases (Czech, Turkish,
    Greek: ``landmark_cases.tsv``), the name that shares the longest beginnings with it word by
    word ("Rudé náměstí" of "Rudého náměstí", "Kızıl Meydan" of "Kızıl Meydan'a"); else
    ``None``."""
    found = _nominatives().get((lang, fold_text(text)), ())
    named = next((n for n in found if n in names), None)
    if named or fold_text(text) not in _case_keys().get(key, ()):
        return named
    scored = [(_shared(text, n), n) for n in names]
    best = max(scored, default=(0, ""))
    return best[1] if best[0] * 2 >= len(text.replace(" ", "")) else None


@functools.cache
def _case_keys() -> dict[str, frozenset[str]]:
    return {k: frozenset(v) for k, v in case_keys().items()}


def _shared(text: str, name: str) -> int:
    """Letters ``text`` and ``name`` share at the beginnings of their words, side by side."""
    words, others = text.lower().split(), name.lower().split()
    if len(words) != len(others):
        return 0
    total = 0
    for a, b in zip(words, others, strict=True):
        total += next(
            (i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b))
        )
    return total


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
