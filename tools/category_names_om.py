"""Organic Maps' search categories: a second source of kind names for ``category_names.tsv``.

Source: Organic Maps ``data/categories.txt`` (github.com/organicmaps/organicmaps, Apache-2.0,
(c) Organic Maps contributors): blocks of OSM types ("amenity-bank", "railway-station|railway-halt")
and ``@groups``, each with ``lang:word|word|...`` lines (a leading digit is an autocomplete
prefix length, ``U+....`` an emoji). Read by ``tools/build_category_names.py --organicmaps FILE``.

Rules (stated once, applied to every kind and language):

- **Mapping.** OSM types are matched to kinds with the iD builder's own mapping
  (``_presets_of``, "amenity-bank" = iD's "amenity/bank"), its known presets widened by the
  file's types (iD has no "boundary/national_park"); a kind takes the block of the first of its
  presets that the file has.
- **Own words only.** A block's words are its own lines, plus a group's words when every mapped
  block using that group is of the same kinds (``@category_fuel`` is the fuel station's;
  ``@shop``, ``@category_eat``, ``@category_transport`` are generic and left out).
- **Shared words are no kind's name.** A word that blocks of different kinds give in one
  language, in their lines or in any group they use ("restaurant" in the café's and the
  restaurant's lines, "Храм" in three temples, Swedish "sjukhus" in the doctor's lines and the
  hospital's group), is dropped.
- **iD first.** Organic Maps' words come after iD's (a fourth column of the tsv). A word that
  iD or the table names another kind by is not added ("Nhà hát", a theatre in Vietnamese, is no
  university). A word iD gives other kinds as a search term is not added either, except: where
  iD gives it to several kinds, one of them Organic Maps' kind, that kind alone keeps it
  (Ukrainian "станція", iD's term of an EV charger and of four stations, is Organic Maps' train
  station's); where Organic Maps names its kind by it (a block's first word), it moves to that
  kind (Czech "autobusové nádraží", iD's term of a transit station, Organic Maps' bus station).
- **Kinds named by generic words take none.** Kinds whose iD terms are their faith's generic
  words (``NAMES_ONLY`` of the builder: Shinto shrines, Buddhist temples) take no Organic Maps
  words either ("Santuario", "Sanctuaire", "Schrein" name shrines of every faith).
- **Clean words.** Arabic presentation forms and Hebrew written backwards (a word that starts
  with a final letter) are dropped; stray Thai marks are cut from words of other scripts.
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

#: Organic Maps' regional codes read as the emulator's languages (the first listed first).
LANGS = {"zh-Hans": "zh", "zh-Hant": "zh", "pt-BR": "pt", "es-MX": "es"}
#: English is left out: the table's English names are curated, iD's regional English added.
SKIP_LANGS = frozenset({"en", "en-US", "en-GB", "en-AU"})
#: At most this many Organic Maps words beside a kind's iD words in one language.
MAX_EXTRA = 4
_PRESENTATION = re.compile(r"[\ufb50-\ufdff\ufe70-\ufeff]")
_THAI_MARK = re.compile(r"[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]")
_THAI_LETTER = re.compile(r"[\u0e01-\u0e30]")

Rows = list[tuple[str, str, list[str]]]


@dataclass
class Block:
    """One block of the file: its OSM types, its groups and its own words per language."""

    types: list[str]
    groups: list[str]
    words: dict[str, list[str]] = field(default_factory=dict)


def parse(path: Path) -> tuple[dict[str, dict[str, list[str]]], list[Block]]:
    """``(groups, blocks)`` of the file: a group's and a block's words per language."""
    groups: dict[str, dict[str, list[str]]] = {}
    blocks: list[Block] = []
    current: dict[str, list[str]] | None = None
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            current = None if not line else current
            continue
        lang, sep, rest = line.partition(":")
        if current is not None and sep and re.fullmatch(r"[a-z]{2}(-[A-Za-z]+)?", lang):
            current.setdefault(lang, []).extend(rest.split("|"))
        elif line.startswith("@"):
            current = groups.setdefault(line[1:], {})
        else:
            heads = [h for h in line.split("|") if h]
            block = Block(
                [h for h in heads if not h.startswith("@")],
                [h[1:] for h in heads if h.startswith("@")],
            )
            blocks.append(block)
            current = block.words
    return groups, blocks


def clean(word: str) -> str:
    """A word as the builder keeps it, or ``""``: no prefix digit, emoji code, presentation form
    or backwards Hebrew; stray Thai marks cut from words of other scripts."""
    word = unicodedata.normalize("NFC", re.sub(r"^[1-9]", "", word.strip()))
    word = " ".join(word.split())
    if not word or "U+" in word or _PRESENTATION.search(word) or word[0] in "ךםןףץ":
        return ""
    if not _THAI_LETTER.search(word):
        word = _THAI_MARK.sub("", word)
    return word


def _split(words: list[str]) -> list[str]:
    out = []
    for w in words:
        out += [c for c in (clean(p) for p in re.split(r"[,，、،]", w)) if c]
    return out


def _lang_words(words: dict[str, list[str]]) -> dict[str, list[str]]:
    """Words per emulator language (regional codes merged after their language's own)."""
    out: dict[str, list[str]] = {}
    for code in sorted(words, key=lambda c: (LANGS.get(c, c), c in LANGS)):
        if code not in SKIP_LANGS and not code.startswith("en-"):
            out.setdefault(LANGS.get(code, code), []).extend(_split(words[code]))
    return out


def kinds_of_blocks(
    blocks: list[Block],
    keys: list[str],
    presets_of: Callable[[str, set[str]], list[str]],
    known: set[str],
) -> list[frozenset[str]]:
    """The kinds each block names: a kind takes the blocks of the first of its presets (the iD
    builder's mapping, widened by the file's types) that the file has."""
    types = [{t.replace("-", "/") for t in b.types} for b in blocks]
    every: set[str] = set().union(*types)
    kinds: list[set[str]] = [set() for _ in blocks]
    for key in keys:
        preset = next((p for p in presets_of(key, known | every) if p in every), None)
        for i, ts in enumerate(types):
            if preset in ts:
                kinds[i].add(key)
    return [frozenset(k) for k in kinds]


def own_words(
    groups: dict[str, dict[str, list[str]]], blocks: list[Block], kinds: list[frozenset[str]]
) -> tuple[list[dict[str, list[str]]], list[dict[str, list[str]]]]:
    """Each block's words per language: its own lines, then the groups only blocks of its kinds
    use; and every word it gives (with all its groups' words, to tell shared words)."""
    users: dict[str, set[frozenset[str]]] = defaultdict(set)
    for block, ks in zip(blocks, kinds, strict=True):
        for g in block.groups:
            if ks:
                users[g].add(ks)
    owns, heard = [], []
    for block, ks in zip(blocks, kinds, strict=True):
        words = _lang_words(block.words)
        every = {lang: list(ws) for lang, ws in words.items()}
        for g in block.groups:
            for lang, ws in _lang_words(groups.get(g, {})).items():
                every.setdefault(lang, []).extend(ws)
                if ks and users[g] == {ks}:
                    words.setdefault(lang, []).extend(ws)
        owns.append(words)
        heard.append(every)
    return owns, heard


def _fold(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.strip().casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def unshared(
    words: list[dict[str, list[str]]],
    heard: list[dict[str, list[str]]],
    kinds: list[frozenset[str]],
) -> dict[tuple[frozenset[str], str], list[tuple[str, bool]]]:
    """``(kinds, language) -> [(word, first)]`` without the words that blocks of other kinds
    give too, in their lines or their groups' (``first``: the block's first word, its name)."""
    seen: dict[tuple[str, str], set[frozenset[str]]] = defaultdict(set)
    for ws, ks in zip(heard, kinds, strict=True):
        for lang, items in ws.items() if ks else ():
            for w in items:
                seen[(lang, _fold(w))].add(ks)
    out: dict[tuple[frozenset[str], str], list[tuple[str, bool]]] = {}
    for ws, ks in zip(words, kinds, strict=True):
        for lang, items in ws.items() if ks else ():
            kept: dict[str, tuple[str, bool]] = {}
            for n, w in enumerate(items):
                if len(seen[(lang, _fold(w))]) == 1:
                    kept.setdefault(_fold(w), (w, n == 0))
            if kept:
                out.setdefault((ks, lang), []).extend(kept.values())
    return out


def _table_names(table_csv: Path) -> dict[str, dict[str, set[str]]]:
    """``language -> word -> kinds`` of the table's own names (``categories.csv``)."""
    out: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    with table_csv.open(encoding="utf-8", newline="") as fh:
        for rec in csv.DictReader(fh):
            for lang in ("en", "pt", "es", "fr", "de", "it", "pl", "ru"):
                for w in (rec.get(lang) or "").split("|"):
                    if w.strip():
                        out[lang][_fold(w)].add(rec["key"])
    return out


def merge(
    rows: Rows,
    om: dict[tuple[frozenset[str], str], list[tuple[str, bool]]],
    table_csv: Path,
    keep: Callable[[str], bool],
) -> list[tuple[str, str, list[str], list[str]]]:
    """``(kind, language, iD words, Organic Maps words)`` rows: iD's first, Organic Maps' after
    (``keep(word)``: the builder's length check)."""
    names = _table_names(table_csv)
    terms: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    for key, lang, words in rows:
        names[lang][_fold(words[0])].add(key)
        for w in words[1:]:
            terms[lang][_fold(w)].add(key)
    dropped: set[tuple[str, str, str]] = set()
    extra: dict[tuple[str, str], list[str]] = defaultdict(list)
    for (ks, lang), words in om.items():
        for w, first in words:
            f = _fold(w)
            if names[lang].get(f, set()) - ks or not keep(w) or len(w) > 40:
                continue  # iD or the table names another kind by it
            others = terms[lang].get(f, set()) - ks
            if others and not (first or others != terms[lang][f]):
                continue  # another kind's iD term, and no name of Organic Maps: iD's stays
            dropped |= {(k, lang, f) for k in others}  # Organic Maps' name or kind decides
            for key in ks:
                extra[(key, lang)].append(w)
    return _rows(rows, extra, dropped)


def _rows(
    rows: Rows, extra: dict[tuple[str, str], list[str]], dropped: set[tuple[str, str, str]]
) -> list[tuple[str, str, list[str], list[str]]]:
    out = []
    for key, lang, words in rows:
        kept = [w for n, w in enumerate(words) if n == 0 or (key, lang, _fold(w)) not in dropped]
        own = {_fold(w) for w in kept}
        add: list[str] = []
        for w in extra.pop((key, lang), []):
            if _fold(w) not in own:
                own.add(_fold(w))
                add.append(w)
        out.append((key, lang, kept, add[:MAX_EXTRA]))
    for (key, lang), words in sorted(extra.items()):
        firsts: dict[str, str] = {}
        for w in words:
            firsts.setdefault(_fold(w), w)
        out.append((key, lang, [], list(firsts.values())[: MAX_EXTRA + 2]))
    return out
