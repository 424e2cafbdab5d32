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
#: Scripts written without spaces (as the builder's): a word is found inside another.
_NO_SPACE = re.compile(
    r"[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)

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


#: A group is a kind's own vote when blocks of at most this many kinds use it
#: (``@category_hospital``: hospitals and doctors; not ``@category_eat``).
VOTE_GROUP_KINDS = 2


def votes(
    groups: dict[str, dict[str, list[str]]], blocks: list[Block], kinds: list[frozenset[str]]
) -> tuple[dict[tuple[str, str], list[str]], dict[tuple[str, str], set[str]]]:
    """``(kind, language) -> `` Organic Maps' display names of the kind (its blocks' first word:
    of their category group that blocks of at most :data:`VOTE_GROUP_KINDS` kinds use,
    ``@category_hospital``'s "Sjukhus", else of their own lines, "Skola"), and every word
    of those groups and lines, folded."""
    users: dict[str, set[frozenset[str]]] = defaultdict(set)
    for block, ks in zip(blocks, kinds, strict=True):
        for g in block.groups if ks else ():
            users[g].add(ks)
    shown: dict[tuple[str, str], list[str]] = defaultdict(list)
    heard: dict[tuple[str, str], set[str]] = defaultdict(set)
    for block, ks in zip(blocks, kinds, strict=True):
        own = [g for g in block.groups if len(users[g]) <= VOTE_GROUP_KINDS]
        texts = [*(groups.get(g, {}) for g in own if g.startswith("category_")), block.words]
        seen: set[str] = set()
        for lang, ws in (item for t in texts for item in _lang_words(t).items() if item[1]):
            for key in ks:
                if lang not in seen:
                    shown[(key, lang)].append(ws[0])
                heard[(key, lang)] |= {_fold(w) for w in ws}
            seen.add(lang)
    return shown, heard


def qualified_kinds(id_english: dict[str, str], own_english: dict[str, list[str]]) -> set[str]:
    """The kinds whose iD preset's English name is none of the kind's English names but one of
    them with more words: a qualifier or an alternative ("Pharmacy Counter", "School Grounds", "Christian
    Church", "Gym / Fitness Center"); iD's translations of it often keep them ("Läkemedel",
    "Skolområde", "Kristen kyrka")."""
    out = set()
    for key, name in id_english.items():
        tokens = re.findall(r"\w+", name.casefold())
        owns = [re.findall(r"\w+", own.casefold()) for own in own_english.get(key, [])]
        if tokens in owns:
            continue  # "Gas Station": the kind's own name ("gas" only one of its words)
        for own in own_english.get(key, []):
            part = re.findall(r"\w+", own.casefold())
            n = len(part)
            if (
                part
                and len(tokens) > n
                and any(tokens[i : i + n] == part for i in range(len(tokens) - n + 1))
            ):
                out.add(key)
    return out


#: Marks of a display name that gives alternatives or a qualifier ("Busstation / Bussterminal",
#: "学校（代表点または敷地）", "博物館・美術館", "بقالة - متجر صغير").
_VARIANTS = re.compile(r"/|／|\(|（|・| - ")


def display_first(
    rows: list[tuple[str, str, list[str], list[str]]],
    vote: tuple[dict[tuple[str, str], list[str]], dict[tuple[str, str], set[str]]],
    qualified: set[str],
    skip: frozenset[str],
    by_hand: dict[str, dict[str, str]],
) -> list[tuple[str, str, list[str], list[str]]]:
    """The rows with iD's everyday name of a kind first where the two sources agree on it.

    Where iD's display name is suspect (its kind in ``qualified``: "Läkemedel", Swedish for
    "Pharmacy Counter", "Skolområde" for "School Grounds"; or it gives alternatives,
    :data:`_VARIANTS`) and is none of Organic Maps' words for the kind in that language, the
    first of Organic Maps' display names of the kind (:func:`votes`) that is among iD's later
    words ("apotek", "skola") becomes the display name; the others keep their order. Languages
    in ``skip`` (the table's own) and names written by hand (``by_hand``, the builder's
    supplement: Hindi "चर्च") are left alone."""
    firsts = {(lang, _fold(ws[0])) for _k, lang, ws, _e in rows if ws}
    out = []
    for key, lang, words, extra in rows:
        hand = by_hand.get(lang, {}).get(key, "").split("|")
        suspect = bool(words) and (key in qualified or bool(_VARIANTS.search(words[0])))
        if suspect and lang not in skip and words[0] not in hand:
            shown, heard = vote[0].get((key, lang), []), vote[1].get((key, lang), set())
            pick = _agreed(words, extra, shown, heard)
            if pick is not None and (lang, _fold(pick)) not in firsts:
                words = [pick, *(w for w in words if w != pick)]
                extra = [w for w in extra if w != pick]
        out.append((key, lang, words, extra))
    return out


def _agreed(words: list[str], extra: list[str], shown: list[str], heard: set[str]) -> str | None:
    """The first of Organic Maps' display names (``shown``) that is one of iD's later ``words``,
    or one of Organic Maps' own words (``extra``) that iD's display name holds with one more word
    ("Kyrka" of "Kristen kyrka", "Bank" of "Bank (financieel)"), fit to display; ``None`` where
    Organic Maps names the kind by iD's display name too (``heard``)."""
    if _fold(words[0]) in heard:
        return None
    later = {_fold(w): w for w in reversed(words[1:]) if _plain(w)}
    later.update({_fold(w): w for w in extra if _plain(w) and _part_of(w, words[0])})
    return next((later[f] for f in map(_fold, shown) if f in later), None)


def _part_of(part: str, name: str) -> bool:
    """Whether ``part`` is the head of ``name``, a script with spaces: ``name`` is ``part`` and
    one more word (a qualifier or an alternative: "Kristen kyrka", "Bank (financieel)"), or one
    of its words is ``part`` inflected or compounded ("Schoolgebied", "Περιοχή Σχολείου",
    "Територія університету", "Areál univerzity"). Not a whole word among more ("Gedung Pusat
    Olahraga" is no "Olahraga", sport), nor in a script without spaces ("ศูนย์กีฬา", sports
    centre, is no "กีฬา")."""
    if _NO_SPACE.search(name):
        return False
    p, n = re.findall(r"\w+", _fold(part)), re.findall(r"\w+", _fold(name))
    if bool(p) and len(n) == len(p) + 1 and (n[1:] == p or n[:-1] == p):
        return True
    return len(p) == 1 and len(p[0]) >= 4 and any(_inflected(p[0], t) for t in n)


def _inflected(word: str, token: str) -> bool:
    """Whether ``token`` is ``word`` with an ending or a compound's other part ("schoolgebied",
    "σχολειου" of "σχολειο"), or both are one word of six letters or more with other endings
    ("univerzity", "univerzita")."""
    if token == word:
        return False
    ending = len(token) >= 6 and abs(len(token) - len(word)) <= 2
    return token.startswith(word) or (ending and word.startswith(token[: len(token) - 2]))


def _plain(word: str) -> bool:
    """A word fit to display: no wildcard, slash or bracket, and not a short Latin word ("wc")."""
    return not set(word) & set("*/()") and not (word.isascii() and len(word) <= 3)
