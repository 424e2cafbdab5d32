"""Rebuild ``mapsnb_sandbox/data/island_cases.tsv``: islands' names in other languages, in Russian,
Ukrainian, Polish and Czech with their genitive, locative and instrumental ("на Крите", "на
Криті", "na Krecie", "na Krétě", "рядом с Критом"), in French, Italian, Portuguese, Spanish and
English with the article a sentence puts before them ("la Crète", "la Sardegna", "a Madeira").

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
The other languages' names are written as they are; the article before a name comes from
``tools/island_articles.csv`` (typed from the first sentence of each island's Wikipedia article
in the language, cited on its row: "La Crète est…", "A Sicília é…"; French usage as Grevisse, *Le
Bon Usage* §1050, gives it: big islands near Europe take the article, "la Corse", small ones
none, "Majorque").
Rows: ``island <tab> lang <tab> nominative <tab> genitive <tab> locative <tab> instrumental
<tab> with article`` (``island``: the English name of ``data/islands.tsv``'s row; empty where
unknown or none). ``pip install -e .[towncases]``, then ``python tools/build_island_cases.py``.
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
ARTICLES = ROOT / "tools" / "island_articles.csv"
OUT = ROOT / "mapsnb_sandbox" / "data" / "island_cases.tsv"
LANGS = ("ru", "uk", "pl", "cs")
#: Russian's first declension (жена, линия): a name's ending -> its genitive's, its locative's,
#: its instrumental's (unstressed: "Майоркой", "Сицилией").
_RU_FIRST = {
    "ия": ("ии", "ии", "ией"),
    "ка": ("ки", "ке", "кой"),
    "га": ("ги", "ге", "гой"),
    "ха": ("хи", "хе", "хой"),
    "жа": ("жи", "же", "жей"),
    "ша": ("ши", "ше", "шей"),
    "ча": ("чи", "че", "чей"),
    "ща": ("щи", "ще", "щей"),
    "а": ("ы", "е", "ой"),
    "я": ("и", "е", "ей"),
}
#: Elided articles: written glued to the name ("l’île de Wight").
_GLUED = ("l’", "l'")


def _ru_first(name: str) -> tuple[str, str, str] | None:
    """``name``'s genitive, locative and instrumental as a Russian feminine in -а/-я (one word,
    or words joined by hyphens: "Гран-Канария"), or ``None``."""
    if " " in name:
        return None
    for end in sorted(_RU_FIRST, key=len, reverse=True):
        if name.endswith(end):
            stem = name[: -len(end[-1])]
            gen, loc, ins = _RU_FIRST[end]
            return stem + gen[-1], stem + loc[-1], stem + ins[len(end) - 1 :]
    return None


def _maker(lang: str) -> Callable[[str], tuple[str, str, str] | None]:
    """The genitive, locative and instrumental of an island's name in ``lang`` (Czech: the
    locative only). Made one language at a time: pymorphy3's tag set is shared by its
    analysers."""
    if lang == "cs":
        rules = _czech_rules()

        def czech(name: str) -> tuple[str, str, str] | None:
            loc = _czech_locative(name, rules)
            return ("", loc, "") if loc else None

        return czech
    lexicon = _morfeusz() if lang == "pl" else _pymorphy(lang)
    return lambda name: _forms(lang, name, lexicon)


def _forms(lang: str, name: str, lexicon: Maker) -> tuple[str, str, str] | None:
    """``name``'s genitive, locative and instrumental by ``lexicon`` (Polish: any noun; Russian
    and Ukrainian: a name of several words as a country's), Russian's first declension else."""
    made = lexicon(name, False, loose=True) if lang == "pl" else lexicon(name, False, True)
    if made:
        return made[0], made[2], made[1]
    return _ru_first(name) if lang == "ru" else None


def _articles() -> dict[tuple[str, str], str]:
    """(island, lang) -> the article before its name (``tools/island_articles.csv``)."""
    with ARTICLES.open(encoding="utf-8") as fh:
        return {(r["island"], r["lang"]): r["article"] for r in csv.DictReader(fh)}


def _with_article(article: str, name: str) -> str:
    """``name`` after ``article`` ("la Crète", "l’île de Wight", "the Isle of Wight")."""
    if not article:
        return ""
    if article in _GLUED:
        return article + name[:1].lower() + name[1:]
    return f"{article} {name}"


def _other_rows(names: list[dict[str, str]]) -> list[str]:
    """Rows of the languages that do not decline: the name and, where it takes one, the name
    after its article (English too: "the Isle of Wight" of the table's own name)."""
    articles = _articles()
    rows = []
    for r in (r for r in names if r["lang"] not in LANGS):
        shown = _with_article(articles.get((r["island"], r["lang"]), ""), r["name"])
        rows.append("\t".join((r["island"], r["lang"], r["name"], "", "", "", shown)))
    named = {(r["island"], r["lang"]) for r in names}
    for (island, lang), article in sorted(articles.items()):
        if (island, lang) not in named:  # the English row's own name ("Isle of Wight")
            rows.append(
                "\t".join((island, lang, island, "", "", "", _with_article(article, island)))
            )
    return rows


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
                gen, loc, ins = made
                rows.append("\t".join((r["island"], lang, r["name"], gen, loc, ins, "")))
    rows += _other_rows(names)
    head = "# islands' names in cases (see tools/build_island_cases.py for sources and licences)\n"
    OUT.write_text(head + "\n".join(rows) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(rows)} rows; no forms: {' '.join(missed)}")


if __name__ == "__main__":
    main()
