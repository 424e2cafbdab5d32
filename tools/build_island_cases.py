"""Rebuild ``mapsnb_sandbox/data/island_cases.tsv``: islands' names in Russian, Ukrainian, Polish
and Czech with their genitive and locative ("на Крите", "на Криті", "na Krecie", "na Krétě").

Those languages put an island's name in the locative after "на"/"na" (``query_words.json``'s
``island_prepositions``), so ``world/names/islands.py`` reads these forms as the island's names.
The names are ``tools/island_names.csv``'s rows in those languages (typed from the titles of the
Wikipedia articles in them that the English article links to); their forms are made by the
lexicons and rules of ``tools/build_town_cases.py`` (see there for sources and licences):

- Russian and Ukrainian: pymorphy3 with the OpenCorpora (``pymorphy3-dicts-ru``, CC BY-SA 3.0)
  and LanguageTool (``pymorphy3-dicts-uk``, CC BY-SA 3.0) dictionaries; a Russian name they do
  not know that ends in -а or -я is declined as жена ("Майорка": "Майорки", "Майорке"; the
  endings of :data:`_RU_FIRST`, Russian's first declension), others left out;
- Polish: Morfeusz 2 with the SGJP dictionary (2-clause BSD), any noun ("Minorka", "Ibiza");
- Czech: the locative by ``data/cs_locatives.csv``'s rules ("Kréta": "Krétě"); no genitive.

A form equal to its nominative ("Тенерифе", "Korfu") is kept: it names the island all the same.
Rows: ``island <tab> lang <tab> nominative <tab> genitive <tab> locative`` (``island``: the
English name of ``data/islands.tsv``'s row). ``pip install -e .[towncases]``, then
``python tools/build_island_cases.py``.
"""

from __future__ import annotations

import csv
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_town_cases import (
    Maker,
    _czech_locative,
    _czech_rules,
    _morfeusz,
    _pymorphy,
)

ROOT = Path(__file__).resolve().parents[1]
NAMES = ROOT / "tools" / "island_names.csv"
OUT = ROOT / "mapsnb_sandbox" / "data" / "island_cases.tsv"
LANGS = ("ru", "uk", "pl", "cs")
#: Russian's first declension (жена, линия): a name's ending -> its genitive's, its locative's.
_RU_FIRST = {
    "ия": ("ии", "ии"),
    "ка": ("ки", "ке"),
    "га": ("ги", "ге"),
    "ха": ("хи", "хе"),
    "жа": ("жи", "же"),
    "ша": ("ши", "ше"),
    "ча": ("чи", "че"),
    "ща": ("щи", "ще"),
    "а": ("ы", "е"),
    "я": ("и", "е"),
}


def _ru_first(name: str) -> tuple[str, str] | None:
    """``name``'s genitive and locative as a Russian feminine in -а/-я (one word, or words
    joined by hyphens: "Гран-Канария"), or ``None``."""
    if " " in name:
        return None
    for end in sorted(_RU_FIRST, key=len, reverse=True):
        if name.endswith(end):
            stem = name[: -len(end[-1])]
            gen, loc = _RU_FIRST[end]
            return stem + gen[-1], stem + loc[-1]
    return None


def _maker(lang: str) -> Callable[[str], tuple[str, str] | None]:
    """The genitive and locative of an island's name in ``lang`` (Czech: no genitive). Made
    one language at a time: pymorphy3's tag set is shared by its analysers."""
    if lang == "cs":
        rules = _czech_rules()

        def czech(name: str) -> tuple[str, str] | None:
            loc = _czech_locative(name, rules)
            return ("", loc) if loc else None

        return czech
    lexicon = _morfeusz() if lang == "pl" else _pymorphy(lang)
    return lambda name: _forms(lang, name, lexicon)


def _forms(lang: str, name: str, lexicon: Maker) -> tuple[str, str] | None:
    """``name``'s genitive and locative by ``lexicon`` (Polish: any noun; Russian and
    Ukrainian: a name of several words as a country's), Russian's first declension else."""
    made = lexicon(name, False, loose=True) if lang == "pl" else lexicon(name, False, True)
    if made:
        return made[0], made[2]
    return _ru_first(name) if lang == "ru" else None


def main() -> None:
    with NAMES.open(encoding="utf-8") as fh:
        names = list(csv.DictReader(fh))
    rows, missed = [], []
    for lang in LANGS:
        forms = _maker(lang)
        for r in (r for r in names if r["lang"] == lang):
            made = forms(r["name"])
            if made is None:
                missed.append(f"{lang}:{r['name']}")
            else:
                rows.append("\t".join((r["island"], lang, r["name"], *made)))
    head = "# islands' names in cases (see tools/build_island_cases.py for sources and licences)\n"
    OUT.write_text(head + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(rows)} rows; no forms: {' '.join(missed)}")


if __name__ == "__main__":
    main()
