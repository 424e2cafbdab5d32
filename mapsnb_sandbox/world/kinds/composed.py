"""Kinds named by words of their own names put together anew: a phrase no name holds whole
("محطة بنزين", station + petrol; "posto de abastecimento") and a compound of two of a kind's
words ("bensinmack"), read from the words of the kinds' names in each supported language.

Rules (one language at a time, the 28 with texts):

- A word is a kind's **own** word in a language when the names of that kind alone (kinds whose
  names are the same, the gas station's and the truck stop's, count as one) hold it there
  ("بنزين"); a word of the names of two kinds or more is a **head** ("محطة", station, of the
  gas, train and bus stations; "de").
- A phrase of two words or more names kind K when its own words are all K's (one at least) and
  every other word is a head of that language or, typed in another language's letters, a word
  of K's names there ("پمپ", pump, of Urdu's "پیٹرول پمپ" before Persian "بنزین": no language
  holds both words; where one does, only such languages read the phrase, and none where the
  words are all heads in one of them: "terminal bus", two heads in Indonesian, is no French
  ferry terminal); not when it is a run of words inside a longer name ("thành phố" of a city
  hall's): a name less its head.
- A word of one language glued to a suffix by a zero-width non-joiner ("سوخت‌گیری") is that
  word: the joiner marks one word's parts in Persian.
- A compound word names K when it is two of K's words run together, one K's own at least
  ("bensin" + "mack"): Germanic languages write a kind's words as one.

A word that qualifies a kind ("cheap") or joins a place to it ("in") is no part of a phrase.
"""

from __future__ import annotations

import csv
import functools
from collections import defaultdict

from mapsnb_sandbox.world.kinds.table import (
    CATEGORIES_CSV,
    LANGUAGES,
    NAMES_TSV,
    NO_SPACE,
    extra_names,
    kind_key,
    kind_qualities,
)

__all__ = ["composed_code", "compound_code"]

#: word -> language -> kinds (codes; kinds with the same names in a language as one).
_Index = dict[str, dict[str, frozenset[int]]]
#: The shortest own word of a phrase ("api" of "kereta api", "پمپ") and a compound's shortest
#: part.
_OWN_LEAST = 3
_PART_LEAST = 4
#: Languages whose names are read as whole names only: English's are iD's presets' and its
#: regional Englishes' in full, so a phrase none holds is a kind the emulator lacks ("art shop":
#: iD's art shop, which iD also gives the gallery's preset, is no gallery).
_WHOLE_NAMES_ONLY = frozenset({"en"})


def _names_by_language() -> dict[str, dict[int, set[str]]]:
    """language -> kind code -> the kind's names there (the CSV's and the tsv's)."""
    out: dict[str, dict[int, set[str]]] = defaultdict(lambda: defaultdict(set))
    codes: dict[str, int] = {}
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for code, rec in enumerate(csv.DictReader(fh)):
            codes[rec["key"]] = code
            for lang in LANGUAGES:
                out[lang][code].update(w for w in (rec.get(lang) or "").split("|") if w.strip())
    for key, by_lang in extra_names().items():
        if key in codes:
            for lang, words in by_lang.items():
                out[lang][codes[key]].update(words)
    return out


@functools.cache
def _index() -> _Index:
    spoken = {p.stem for p in NAMES_TSV.with_name("texts").glob("*.json")}
    index: _Index = defaultdict(dict)
    for lang, kinds in _names_by_language().items():
        if lang not in spoken:
            continue
        words: dict[str, set[int]] = defaultdict(set)
        for code, keys in _one_per_names(kinds).items():
            for word in {w for name in keys for w in name.split()}:
                words[word].add(code)
        for word, codes in words.items():
            index[word][lang] = frozenset(codes)
    return dict(index)


def _one_per_names(kinds: dict[int, set[str]]) -> dict[int, frozenset[str]]:
    """The kinds of one language, each with its folded names, less those whose names another
    kind has all (the truck stop's are the gas station's): such kinds are one to a reader."""
    keys = {code: frozenset(kind_key(n) for n in names) - {""} for code, names in kinds.items()}
    having: dict[str, set[int]] = defaultdict(set)
    for code, names in keys.items():
        for name in names:
            having[name].add(code)
    out = {}
    for code in sorted(keys, key=lambda c: (-len(keys[c]), c)):
        names = keys[code]
        others = set.intersection(*(having[n] for n in names)) - {code} if names else set()
        if names and not any(o in out for o in others):
            out[code] = names
    return out


@functools.cache
def _fragments() -> frozenset[str]:
    """Runs of two words or more inside a longer name of any kind in any language ("ga tàu" of
    "ga tàu điện ngầm", "thành phố" of a city hall's name): a part of one name, not a phrase
    of words put together."""
    out: set[str] = set()
    for kinds in _names_by_language().values():
        for names in kinds.values():
            for name in names:
                words = kind_key(name).split()
                out.update(
                    " ".join(words[i:j])
                    for i in range(len(words))
                    for j in range(i + 2, len(words) + 1)
                    if j - i < len(words)
                )
    return frozenset(out)


def _loose(word: str) -> bool:
    """Whether ``word`` qualifies a kind ("cheap", "24") and so is no part of its name."""
    return (word,) in kind_qualities() or word.isdigit()


def _kind_in(lang: str, keys: tuple[str, ...]) -> int | None:
    """The kind ``keys`` name in ``lang`` by the rules above, or ``None``."""
    index = _index()
    own: set[int] = set()
    foreign: list[str] = []
    for key in keys:
        kinds = index.get(key, {}).get(lang)
        if kinds is None:
            foreign.append(key)
        elif len(kinds) == 1 and len(key) >= _OWN_LEAST:
            own |= kinds
        elif len(kinds) == 1:
            return None  # a short word of one kind ("ga") is no head
    if len(own) != 1 or len(foreign) > 1:
        return None
    (code,) = own
    for key in foreign:
        if not any(code in kinds for kinds in index.get(key, {}).values()):
            return None
    return code


def composed_code(keys: list[str]) -> int | None:
    """The kind the folded words ``keys`` (two or more) name by the rules above, or ``None``:
    the same kind in every language that reads them."""
    return _composed(tuple(keys))


@functools.lru_cache(maxsize=4096)
def _composed(keys: tuple[str, ...]) -> int | None:
    if len(keys) < 2 or any(_loose(k) or NO_SPACE.search(k) for k in keys):
        return None
    if " ".join(keys) in _fragments():
        return None  # "thành phố" of a longer name: that name less its head, no new phrase
    index = _index()
    langs = {lang for key in keys for lang in index.get(key, {})} - _WHOLE_NAMES_ONLY
    native = {lang for lang in langs if all(lang in index.get(key, {}) for key in keys)}
    if any(all(len(index[key][lang]) > 1 for key in keys) for lang in native):
        return None  # heads only in a language that has every word: "terminal bus"
    found = {_kind_in(lang, keys) for lang in sorted(native or langs)} - {None}
    return found.pop() if len(found) == 1 else None


@functools.lru_cache(maxsize=4096)
def compound_code(key: str) -> int | None:
    """The kind a compound word (one folded word) names as two of its words run together:
    "bensinmack" -> the gas station ("bensin", "mack"); ``None`` else."""
    if len(key) < 2 * _PART_LEAST or not key.isalpha() or NO_SPACE.search(key):
        return None
    index = _index()
    found: set[int] = set()
    for cut in range(_PART_LEAST, len(key) - _PART_LEAST + 1):
        head, tail = index.get(key[:cut], {}), index.get(key[cut:], {})
        for lang in head.keys() & tail.keys():
            both = head[lang] & tail[lang]
            if len(both) == 1 and (len(head[lang]) == 1 or len(tail[lang]) == 1):
                found |= both
    return found.pop() if len(found) == 1 else None
