"""Build ``mapsnb_sandbox/data/kind_plurals.tsv``: the inflected forms (plurals, cases, definite
forms) of kinds' names in the supported languages, which a stem does not read ("museer" of
Swedish "museum", "gări" of Romanian "gară", "dworce" of Polish "dworzec").

Source: simplemma 2.0.0's lemma lists (PyPI ``simplemma``, code MIT, (c) Adrien Barbaresi; its
``strategies/dictionaries/data/<lang>.plzma``, form -> lemma, derived from M. Měchura's
lemmatization lists, Open Database License, Wiktionary via Kaikki, CC BY-SA, FreeLing, LGPL, and
spaCy's lookups, MIT): a derived table under the **ODbL** and **CC BY-SA 3.0**, cited as such.
Neither kinds corpus comes from it (CLDR's emoji names; osm.org's locale strings; UniMorph's
plurals of ``tests/data/kinds_plural.csv``).

Rules (stated once, applied to every kind and language simplemma has and the emulator speaks):

- A kind's names in a language are its display names the emulator reads (``categories.csv``'s
  first name in its columns, the first of ``category_names.tsv``, a type name, a kind noun),
  not search terms ("historia" of a museum). A one-word name is inflected into every form
  whose lemma simplemma gives as that word; a longer name only where its head opens it before
  a short linking word ("stație de alimentare", "estación de tren": the head alone agrees),
  never an adjective's forms beside a noun ("dworzec kolejowy").
- A form of three letters or fewer, with a digit, or of two names in one language is
  left out (a name several kinds share gives its forms to the first of them, as the name is
  read); so is a form that is already a name there.
- ``kind_head_forms.tsv``: the forms of every word that opens a name of two words or more
  (search terms too: "σταθμός" of "σταθμός λεωφορείων"); a query's first word in such a form
  is read as that word where the rest of the query's words are the rest of a name
  ("σταθμοί λεωφορείων", bus stations), so no complement or adjective is inflected here.
- The tables are read per language (``world/kinds/words.py``): a form serves only its own
  language or a query of no known language ("gara", the Romanian station's definite form, is an
  Italian race).

Usage::

    pip download simplemma==2.0.0 --no-deps && unzip simplemma-2.0.0-py3-none-any.whl -d DIR
    python tools/build_kind_plurals.py DIR
"""

from __future__ import annotations

import argparse
import csv
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mapsnb_sandbox.world.kinds.table import (  # noqa: E402
    CATEGORIES_CSV,
    LANGUAGES,
    NAMES_TSV,
    _kind_nouns,
    category_at,
    extra_names,
    kind_key,
)
from mapsnb_sandbox.world.kinds.words import wide_names  # noqa: E402

OUT = ROOT / "mapsnb_sandbox" / "data" / "kind_plurals.tsv"
HEADS = OUT.with_name("kind_head_forms.tsv")
_LEAST = 4
#: The longest linking word after a name's head ("de", "di", "do", "för").
_LINK = 3


def _lemmas(simplemma_dir: Path, lang: str) -> dict[str, str] | None:
    """simplemma's form -> lemma list of ``lang`` (``None`` where it has none)."""
    sys.path.insert(0, str(simplemma_dir))
    from simplemma.strategies.dictionaries import dictionary_factory as factory

    if lang not in factory.SUPPORTED_LANGUAGES:
        return None
    raw = factory._load_dictionary_from_disk(lang)
    return {k.decode("utf-8"): v.decode("utf-8") for k, v in raw.items()}


def _names() -> dict[str, dict[str, list[str]]]:
    """language -> kind key -> its display names there (see the rules)."""
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for rec in csv.DictReader(fh):
            for lang in LANGUAGES:
                out[lang][rec["key"]] += [w for w in (rec.get(lang) or "").split("|") if w][:1]
    for key, by_lang in extra_names().items():
        for lang, words in by_lang.items():
            out[lang][key] += words[:1]
    for key, lang, noun in _kind_nouns():
        out[lang][key].append(noun)
    return out


def _inflected(words: list[str]) -> list[int]:
    """Which word of a name is inflected: a one-word name's, a head's before a short linking
    word (three letters or fewer, lower case); none else."""
    if len(words) == 1:
        return [0]
    return [0] if len(words) > 2 and len(words[1]) <= _LINK and words[1].isalpha() else []


def _low(text: str) -> str:
    return unicodedata.normalize("NFC", " ".join(text.split()).lower())


def _forms(lemmas: dict[str, str], wanted: set[str]) -> dict[str, set[str]]:
    """lemma -> its forms (itself aside), for the ``wanted`` lemmas."""
    out: dict[str, set[str]] = defaultdict(set)
    for form, lemma in lemmas.items():
        low = _low(lemma)
        if low in wanted and _low(form) != low:
            out[low].add(_low(form))
    return out


def _read_as(name: str, key: str) -> str:
    """The kind the emulator reads ``name`` as (the first of those that share it), else
    ``key``."""
    code = wide_names().every_phrase.get(kind_key(name))
    kind = category_at(code) if code is not None else None
    return kind.key if kind is not None else key


def _usable(form: str) -> bool:
    return len(form) >= _LEAST and not any(c.isdigit() or c.isspace() for c in form)


def _language_rows(kinds: dict[str, list[str]], lemmas: dict[str, str]) -> dict[str, list[str]]:
    """kind key -> the new forms of its names in one language."""
    names = {key: [_low(n) for n in ns if n.strip()] for key, ns in kinds.items()}
    known = {n for ns in names.values() for n in ns}
    wanted = {n.split()[i] for ns in names.values() for n in ns for i in _inflected(n.split())}
    forms = _forms(lemmas, wanted)
    found: dict[str, dict[str, str]] = defaultdict(dict)  # phrase -> name -> its first kind
    for key, ns in names.items():
        for name in ns:
            words = name.split()
            for i in _inflected(words):
                for form in sorted(f for f in forms.get(words[i], ()) if _usable(f)):
                    phrase = " ".join([*words[:i], form, *words[i + 1 :]])
                    if phrase not in known:
                        found[phrase].setdefault(name, _read_as(name, key))
    out: dict[str, list[str]] = defaultdict(list)
    for phrase, by_name in found.items():
        if len(by_name) == 1:  # one name's form (of the kind that name reads as first)
            out[next(iter(by_name.values()))].append(phrase)
    return out


def _head_rows(kinds: dict[str, list[str]], lemmas: dict[str, str]) -> dict[str, list[str]]:
    """A name's opening word (names of two words or more, every name) -> its forms."""
    heads = {_low(n).split()[0] for ns in kinds.values() for n in ns if len(n.split()) > 1}
    forms = _forms(lemmas, {h for h in heads if _usable(h)})
    return {h: sorted(f for f in fs if _usable(f)) for h, fs in forms.items() if fs}


def _all_names() -> dict[str, dict[str, list[str]]]:
    """language -> kind key -> every name the emulator reads there (terms too)."""
    out: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for rec in csv.DictReader(fh):
            for lang in LANGUAGES:
                out[lang][rec["key"]] += [w for w in (rec.get(lang) or "").split("|") if w]
    for key, by_lang in extra_names().items():
        for lang, words in by_lang.items():
            out[lang][key] += words
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("simplemma", help="the unpacked simplemma wheel (its parent folder)")
    folder = Path(parser.parse_args().simplemma)
    spoken = sorted(p.stem for p in NAMES_TSV.with_name("texts").glob("*.json"))
    names, every = _names(), _all_names()
    rows, heads = [], []
    for lang in spoken:
        lemmas = _lemmas(folder, lang)
        if lemmas is None:
            continue
        for key, phrases in sorted(_language_rows(names.get(lang, {}), lemmas).items()):
            rows.append(f"{key}\t{lang}\t{'|'.join(sorted(phrases))}")
        for head, forms in sorted(_head_rows(every.get(lang, {}), lemmas).items()):
            heads.append(f"{head}\t{lang}\t{'|'.join(forms)}")
    with HEADS.open("w", encoding="utf-8") as fh:
        fh.write(
            "# Forms of the words that open kinds' names, per language: simplemma 2.0.0's lemma "
            "lists (MIT code; data ODbL, CC BY-SA 3.0). Built by tools/build_kind_plurals.py.\n"
        )
        fh.write("\n".join(heads) + "\n")
    with OUT.open("w", encoding="utf-8") as fh:
        fh.write(
            "# Inflected forms of kinds' names (plurals, cases), per language: simplemma 2.0.0's "
            "lemma lists (MIT code; data ODbL, CC BY-SA 3.0). Built by tools/build_kind_plurals.py."
            "\n"
        )
        fh.write("\n".join(rows) + "\n")
    for path, n in ((OUT, len(rows)), (HEADS, len(heads))):
        print(f"{n} rows -> {path.relative_to(ROOT)} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
