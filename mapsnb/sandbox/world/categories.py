"""Kinds of places the emulator knows, read from ``data/categories.csv``, and their detection.

The table starts from the Places API (New) place types (Table A) plus a few everyday kinds
(bike rental, coworking, recycling). Each row gives a wire key, a text group (which decides what
the summaries may say about such a place), a scatter radius, a display label and, per language
(en, pt, es, fr, de, it, pl, ru), ``singular|plural|synonym|…``. A row's position is its code,
packed into synthetic place ids: rows are only ever appended. Loaded on first use and cached.

A query that names no known kind may still name *some* kind ("solar energy companies in Lyon"):
:func:`free_category` makes a synthetic kind of that phrase (code :data:`FREE_CODE`).
"""

from __future__ import annotations

import csv
import functools
import re
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb.sandbox.world.landmarks import fold

__all__ = [
    "FREE_CODE",
    "LANGUAGES",
    "Category",
    "categories",
    "category_at",
    "category_key",
    "detect_category",
    "find_category",
    "free_category",
    "is_generic_query",
]

CATEGORIES_CSV = Path(__file__).resolve().parents[1] / "data" / "categories.csv"
LANGUAGES = ("en", "pt", "es", "fr", "de", "it", "pl", "ru")
#: Code of a kind made up from the query's own words (not a row of the table).
FREE_CODE = 0xFFF
_MAX_WORDS = 6
#: Words before a place name: "schools in Lyon", "escolas em Lisboa", "школы в Казани", ...
SPLIT = re.compile(
    r"\s+(?:near(?:by)?|in|around|close to|next to|by|at|within|inside|perto de|perto do|"
    r"perto da|em|no|na|nos|nas|cerca de|en|près de|pres de|à|a|au|aux|dans|bei|nahe|nähe|"
    r"um|vicino a|presso|w|we|koło|obok|niedaleko|przy|в|во|около|рядом с|возле|под)\s+",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Category:
    """A kind of place: wire key, text group, scatter radius, label and names per language."""

    key: str
    group: str
    spread_m: float
    label: str
    names: dict[str, tuple[str, str]] = field(hash=False, compare=False)
    code: int = 0
    synonyms: tuple[str, ...] = ()
    synthetic_kind: bool = False

    @property
    def plural(self) -> str:
        """English plural ("schools"), the form route summaries use."""
        return self.names["en"][1]

    def singular_in(self, lang: str) -> str:
        """Singular name in ``lang`` (English when the table has none)."""
        return self.names.get(lang, self.names["en"])[0]

    def plural_in(self, lang: str) -> str:
        """Plural name in ``lang`` (English when the table has none)."""
        return self.names.get(lang, self.names["en"])[1]


def _english_plural(word: str) -> str:
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    return word + "s"


def _derived_names(key: str) -> list[str]:
    """English names of a type the table gives no words for: ``car_wash`` -> car wash(es)."""
    singular = key.replace("_", " ")
    return [singular, _english_plural(singular)]


@dataclass(frozen=True)
class _Table:
    rows: tuple[Category, ...]
    by_phrase: dict[str, int]
    by_key: dict[str, int]


@functools.cache
def _table() -> _Table:
    rows: list[Category] = []
    by_phrase: dict[str, int] = {}
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for code, rec in enumerate(csv.DictReader(fh)):
            names: dict[str, tuple[str, str]] = {}
            synonyms: list[str] = []
            for lang in LANGUAGES:
                words = [w.strip() for w in (rec.get(lang) or "").split("|") if w.strip()]
                if lang == "en" and not words:
                    words = _derived_names(rec["key"])
                if words:
                    names[lang] = (words[0], words[1] if len(words) > 1 else words[0])
                    synonyms += words
            for phrase in synonyms:
                by_phrase.setdefault(fold(phrase), code)
            label = rec["label"] or rec["key"].replace("_", " ").title()
            rows.append(
                Category(
                    rec["key"],
                    rec["group"],
                    float(rec["spread_m"]),
                    label,
                    names,
                    code,
                    tuple(synonyms),
                )
            )
    by_phrase.pop("", None)
    return _Table(tuple(rows), by_phrase, {c.key: c.code for c in rows})


def categories() -> tuple[Category, ...]:
    """Every known kind, in code order."""
    return _table().rows


def category_at(code: int) -> Category | None:
    """The known kind with this code, or ``None``."""
    rows = _table().rows
    return rows[code] if 0 <= code < len(rows) else None


def category_key(key: str) -> Category | None:
    """The known kind with wire key ``key`` ("museum"), or ``None``."""
    code = _table().by_key.get(key)
    return None if code is None else _table().rows[code]


def find_category(text: str) -> tuple[int, int, int] | None:
    """The leftmost, longest kind named in ``text``: ``(code, first word, end word)``.

    Word indices refer to ``fold(text).split()``.
    """
    words = fold(text).split()
    by_phrase = _table().by_phrase
    for i in range(len(words)):
        for n in range(min(_MAX_WORDS, len(words) - i), 0, -1):
            code = by_phrase.get(" ".join(words[i : i + n]))
            if code is not None:
                return code, i, i + n
    return None


def detect_category(text: str) -> int | None:
    """Code of the kind of place named anywhere in ``text``, or ``None``."""
    hit = find_category(text)
    return hit[0] if hit else None


def is_generic_query(text: str) -> bool:
    """Whether ``text`` is a kind of place, optionally with where ("schools in Lyon").

    "Museo del Prado" or "Union Station" name one place, so they are not generic.
    """
    head = SPLIT.split(text.strip(), maxsplit=1)[0]
    hit = find_category(head)
    return hit is not None and hit[1] == 0 and hit[2] == len(fold(head).split())


@functools.lru_cache(maxsize=512)
def free_category(phrase: str) -> Category:
    """A synthetic kind named by the query's own words ("solar energy companies")."""
    words = " ".join(phrase.split())[:48].strip()
    plural = words.lower() if words[:1].isupper() and not words.isupper() else words
    singular = plural
    if plural.endswith("ies"):
        singular = plural[:-3] + "y"
    elif plural.endswith("s") and not plural.endswith("ss"):
        singular = plural[:-1]
    title = " ".join(w[:1].upper() + w[1:] for w in singular.split())
    names = {"en": (singular, plural)}
    return Category(
        "establishment", "generic", 2500, title, names, FREE_CODE, (plural,), synthetic_kind=True
    )
