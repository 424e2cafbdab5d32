"""Names of kinds in every language of the iD presets, read on the first query the table's
own names do not read: whole phrases, phrases glued inside words of scripts without spaces, and
stems of single words (inflected forms)."""

from __future__ import annotations

import csv
import functools
import re
from collections import defaultdict
from dataclasses import dataclass

from mapsnb_sandbox.world.kinds.table import (
    CATEGORIES_CSV,
    LANGUAGES,
    NO_SPACE,
    extra_names,
    kind_head_forms,
    kind_key,
    kind_plurals,
    kind_qualities,
    kind_table,
    query_language,
    religion_keys,
    unprefixed,
)
from mapsnb_sandbox.world.landmarks import fold

__all__ = [
    "a_place",
    "a_town",
    "foreign_fold",
    "glued_cuts",
    "head_word",
    "own_form_code",
    "stem_code",
    "town_then_kind",
    "wide_names",
]


@dataclass(frozen=True)
class _Wide:
    """Names in every language of the iD presets: built on the first query the CSV's names
    do not read (about 70,000 names), so a first English search does not pay for it."""

    every_phrase: dict[str, int]  # the iD presets' names in every language
    glued: dict[str, int]  # phrases in scripts without spaces (matched inside a word)
    ending: dict[str, int]  # one-character names ("駅", "역", "站"): a word's end after a town
    stems: dict[str, int]  # single-word phrases less their last letters (inflected forms)


@functools.cache
def wide_names() -> _Wide:
    every: dict[str, int] = {}
    glued: dict[str, int] = {}
    ending: dict[str, int] = {}
    stems: dict[str, int] = {}
    whole: dict[str, int] = {}
    table = kind_table()
    countries = _country_names()
    later = [
        (w, code)
        for w, code, term in table.later
        if not (term and (_loose_term(w) or kind_key(w) in countries))
    ]
    for phrase, code in [*table.first, *later]:
        key = kind_key(phrase)
        for k in {key, unprefixed(key)}:
            every.setdefault(k, code)
        if NO_SPACE.search(key) and len(phrase.strip()) >= 2:
            glued.setdefault(key.replace(" ", ""), code)
        elif NO_SPACE.search(key):  # one character ("寺") glued only after "の", "的", "의"
            glued.update({kind_key(p + phrase): code for p in "の的의"})
            ending.setdefault(key, code)
        if " " not in key and not NO_SPACE.search(key):
            _add_stems(stems, whole, key, code)
    every.pop("", None)
    return _Wide(every, glued, ending, {**stems, **whole})


def _add_stems(stems: dict[str, int], whole: dict[str, int], key: str, code: int) -> None:
    """A one-word name's stem (less its last two letters, five letters or more); a Hebrew word
    of three letters or more also whole, in medial letters, before any other name's stem ("מלון",
    hotel, is the stem of "מלונות", hotels; "מלונית", motel, shares only its first letters)."""
    if _HEBREW.match(key) and len(key) >= 3:
        whole.setdefault(medial(key), code)
    if len(key) >= 5:
        stems.setdefault(medial(key[: max(4, len(key) - 2)]), code)


_HEBREW = re.compile("[\u05d0-\u05ea]")
_FINALS = str.maketrans("ךםןףץ", "כמנפצ")


def _base(lang: str) -> str:
    return re.split("[-_]", lang)[0].lower()


# Keys that serve one language's queries (and those of no known language) alone, each table
# built the first time a query needs it (a search's first call reads none it does not use).


@functools.cache
def _own_forms() -> dict[str, dict[str, int]]:
    """An inflected form of a kind's name -> language -> kind (``kind_plurals``)."""
    by_key = kind_table().by_key
    forms: dict[str, dict[str, int]] = defaultdict(dict)
    for key, lang, words in kind_plurals():
        if key in by_key:
            for word in words:
                forms[kind_key(word)].setdefault(_base(lang), by_key[key])
    return dict(forms)


@functools.cache
def _head_forms() -> dict[str, dict[str, str]]:
    """A form of a name's opening word -> language -> the word (``kind_head_forms``)."""
    heads: dict[str, dict[str, str]] = defaultdict(dict)
    for word, lang, words in kind_head_forms():
        for form in words:
            heads[kind_key(form)].setdefault(_base(lang), kind_key(word))
    return dict(heads)


@functools.cache
def _folded_names() -> dict[str, frozenset[str]]:
    """A name in Latin letters only once its marks are dropped ("gara" of Romanian "Gară") ->
    the languages that write it with them."""
    folded: dict[str, set[str]] = defaultdict(set)
    plain: set[str] = set()
    for lang, names in _every_name():
        for name in names:
            key = kind_key(name)
            if key.isascii() and not name.isascii():
                folded[key].add(_base(lang))
            elif key.isascii():
                plain.add(key)
    return {k: frozenset(v) for k, v in folded.items() if k not in plain}


def _every_name() -> list[tuple[str, list[str]]]:
    """``(language, names)`` of every kind: ``categories.csv``'s and the tsv's."""
    out: list[tuple[str, list[str]]] = []
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for rec in csv.DictReader(fh):
            out += [(lang, (rec.get(lang) or "").split("|")) for lang in LANGUAGES]
    for by_lang in extra_names().values():
        out += list(by_lang.items())
    return out


def foreign_fold(key: str) -> bool:
    """Whether ``key`` is a kind's name only once the marks of another language than the
    query's are dropped: Romanian "gară" folds to "gara", an Italian race, so "gara" names
    no station in an Italian query (one of no known language reads it)."""
    lang = query_language()
    langs = _folded_names().get(key) if lang else None
    return langs is not None and lang not in langs


def own_form_code(key: str) -> int | None:
    """The kind whose name ``key`` is an inflected form of in the query's language
    (``data/kind_plurals.tsv``: "museer", "gări"); with no language known, in the languages
    that have it, where they agree."""
    forms = _own_forms().get(key)
    if not forms:
        return None
    lang = query_language()
    if lang is not None:
        return forms.get(lang)
    codes = set(forms.values())
    return codes.pop() if len(codes) == 1 else None


def head_word(key: str) -> str | None:
    """The word that opens kinds' names whose form ``key`` is in the query's language
    ("σταθμοί" -> "σταθμος"; with no language known, where the languages agree), or ``None``."""
    words = _head_forms().get(key)
    if not words:
        return None
    lang = query_language()
    if lang is not None:
        return words.get(lang)
    found = set(words.values())
    return found.pop() if len(found) == 1 else None


def medial(word: str) -> str:
    """``word`` with Hebrew final letters in their medial forms ("מלון" -> "מלונ"): a word's
    final letter is medial once an ending follows it ("מלונות")."""
    return word.translate(_FINALS)


def a_town(token: str) -> bool:
    """Whether a word of a script without spaces is a town's whole name (commas aside)."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.towns import named_ids

    return bool(named_ids(city_index(), fold(token.strip(",、，"))))


def town_then_kind(token: str) -> tuple[int, int, int] | None:
    """``(code, start, end)`` of a one-character kind closing a word whose rest is a town's
    whole name ("京都駅", Kyoto Station; "서울역", "北京站"), or ``None``."""
    if len(token) < 2 or not NO_SPACE.match(token[-1]):
        return None  # (the wide table is not built for a word of another script)
    code = wide_names().ending.get(kind_key(token[-1:]))
    if code is None or not a_town(token[:-1]):
        return None
    return code, len(token) - 1, len(token)


def glued_cuts(token: str) -> list[tuple[int, int, int]]:
    """``(code, start, end)`` of the longest kind starting at each place of a token of a script
    without spaces, leftmost first."""
    glued = wide_names().glued  # its keys folded as kind_key folds (Hangul to jamo, "バ" to "ハ゛")
    cuts = []
    for i in range(len(token)):
        for j in range(min(len(token), i + 12), i + 1, -1):
            code = glued.get(kind_key(token[i:j]))
            if code is not None:
                cuts.append((code, i, j))
                break
    return cuts


def a_place(text: str) -> bool:
    """Whether ``text`` is a town's whole name (:func:`a_town`) or a country's or first-level
    region's ("バングラデシュ", "马里", "벨기에")."""
    from mapsnb_sandbox.world.towns import regions

    key = fold(text.strip(",、，"))
    return bool(key) and (a_town(text) or key in regions().countries or key in regions().admin1)


def _country_names() -> frozenset[str]:
    """Country names in every language (:func:`.towns.regions`): an iD search term that is one
    ("美国" of American restaurants) names no kind."""
    from mapsnb_sandbox.world.towns import regions

    return frozenset(kind_key(n) for n in regions().countries)


def _loose_term(term: str) -> bool:
    """Whether an iD search term is too short to match a whole word safely in any language:
    a Latin-script term of three letters ("hat" of another language is no chiropractor), or a
    word that qualifies a kind in a query ("billigt", cheap, of a discount store; "open" of a
    coworking space; :func:`.table.kind_qualities`)."""
    key = kind_key(term)
    faith = key in religion_keys()  # iD's own term: "مسلمان" of a mosque
    return (key.isascii() and len(key.replace(" ", "")) <= 3) or (
        (key,) in kind_qualities() and not faith
    )


#: A Latin-script word shares a kind's stem only over this many letters ("glasses" is no
#: "glass"-ice-cream shop, "mañana" no "manad"-farm); other scripts inflect more.
_LATIN_STEM = 5


def stem_code(word: str) -> int | None:
    """The kind whose single-word name shares this word's stem ("аптеки" -> "аптека")."""
    stems = wide_names().stems
    least = _LATIN_STEM if word.isascii() else 3 if _HEBREW.match(word) else 4
    word = medial(word)
    for cut in range(len(word), least - 1, -1):
        code = stems.get(word[:cut])
        if code is not None and len(word) - cut <= 4:
            return code
    return None
