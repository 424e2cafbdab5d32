"""Kinds of places the emulator knows, read from ``data/categories.csv``, and their detection.

The table holds the Places API (New) place types (Table A) and a few everyday kinds: per row a
wire key, a text group (what summaries may say), a scatter radius, a display label and, in en,
pt, es, fr, de, it, pl, ru, ``singular|plural|synonym|…``. A row's position is its code, packed
into synthetic place ids: rows are only ever appended. More names come from
``data/category_names.tsv`` (OpenStreetMap iD presets in ~80 languages, ISC licence;
``tools/build_category_names.py``). :func:`split_kind_and_place` finds a kind in any script:
CJK, Thai and Hangul inside words, Arabic and Hebrew less their prefixes, inflected forms by a
shared stem. A query naming no known kind may name *some* kind ("solar energy companies in
Lyon"): see :func:`free_category` (code :data:`FREE_CODE`)."""

from __future__ import annotations

import csv
import functools
import json
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb_sandbox.world.landmarks import AROUND, fold

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
    "kind_and_town",
    "kind_key",
    "kind_named",
    "split_kind_and_place",
    "trim_place",
]

CATEGORIES_CSV = Path(__file__).resolve().parents[1] / "data" / "categories.csv"
NAMES_TSV = CATEGORIES_CSV.with_name("category_names.tsv")
LANGUAGES = ("en", "pt", "es", "fr", "de", "it", "pl", "ru")
#: Code of a kind made up from the query's own words (not a row of the table).
FREE_CODE = 0xFFF
_MAX_WORDS = 6
#: Words before a place name: "schools in Lyon", "escolas em Lisboa", "школы в Казани", ...
#: (a phrase before its first word: "Museen in der Nähe von Bonn" is cut before "Bonn")
SPLIT = re.compile(
    r"\s+(?:in der nähe von|in der nähe|in der nahe von|in de buurt van|in de buurt|w pobliżu|"
    r"v blízkosti|near(?:by)?|in|around|close to|next to|by|at|within|inside|perto de|perto do|"
    r"perto da|em|no|na|nos|nas|cerca de|en|près de|pres de|à|a|au|aux|dans|bei|nahe|nähe|"
    r"um|vicino a|presso|w|we|koło|obok|niedaleko|przy|в|во|около|рядом с|возле|под|"
    r"في|بالقرب من|قرب|در|نزدیک|میں|کے قریب|में|के पास|ở|tại|gần|di|dekat|katika|mjini|"
    r"у|біля|поблизу|bij|nabij|i|nära|vid|στο|στη|στην|στον|κοντά σε|în|lângă|v|ve|poblíž|"
    r"u|ליד|ใน|ใกล้|แถว)\s+",
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
    """The kinds and their names in the CSV's eight languages: what most queries need."""

    rows: tuple[Category, ...]
    by_phrase: dict[str, int]  # the CSV's names (en, pt, es, fr, de, it, pl, ru)
    by_key: dict[str, int]
    first: tuple[tuple[str, int], ...]  # display names: matched before any synonym (_Wide)
    later: tuple[tuple[str, int, bool], ...]  # synonyms and iD search terms (_Wide)


@dataclass(frozen=True)
class _Wide:
    """Names in every language of the iD presets: built on the first query the CSV's names
    do not read (about 70,000 names), so a first English search does not pay for it."""

    every_phrase: dict[str, int]  # the iD presets' names in every language
    glued: dict[str, int]  # phrases in scripts without spaces (matched inside a word)
    stems: dict[str, int]  # single-word phrases less their last letters (inflected forms)


#: Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, Han, Hangul.
_NO_SPACE = re.compile(  # and Hangul, whose compounds run together ("버스터미널"), as jamo too
    r"[\u0e00-\u0eff\u1000-\u11ff\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)
#: Scripts whose vowel signs are letters (Brahmic: Devanagari ... Khmer): marks are kept.
_KEEP_MARKS = re.compile("[\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff]")


def kind_key(text: str) -> str:
    """:func:`fold` for kind names, keeping the vowel signs of Brahmic scripts (Hindi,
    Bengali, Thai, ...) that ``fold`` would split words at."""
    if text.isascii() or not _KEEP_MARKS.search(text):
        return fold(text)
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text.casefold()):
        if ch.isalnum() or (unicodedata.category(ch) in ("Mn", "Mc") and _KEEP_MARKS.match(ch)):
            out.append(ch)
        else:
            out.append(" ")
    return " ".join("".join(out).split())


def _extra_names() -> dict[str, dict[str, list[str]]]:
    """``key -> language -> names`` from ``data/category_names.tsv``."""
    out: dict[str, dict[str, list[str]]] = {}
    if not NAMES_TSV.exists():
        return out
    with NAMES_TSV.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            key, lang, names = line.rstrip("\n").split("\t")
            out.setdefault(key, {})[lang] = [n for n in names.split("|") if n]
    return out


@functools.cache
def _table() -> _Table:
    rows: list[Category] = []
    own: list[tuple[str, int]] = []
    first: list[tuple[str, int]] = []  # display names: matched before any synonym
    later: list[tuple[str, int, bool]] = []  # (phrase, code, an iD term to check)
    others: list[tuple[str, int, bool]] = []  # the same, of languages the emulator has no texts in
    extra = _extra_names()
    spoken = {p.stem for p in NAMES_TSV.with_name("texts").glob("*.json")}
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
                    own += [(w, code) for w in words]
                    first += [(w, code) for w in words[:2]]
            for lang, words in extra.get(rec["key"], {}).items():
                names.setdefault(lang, (words[0], words[0]))
                terms = [(w, code, True) for w in words[1:]]  # iD terms: checked in _wide
                if lang in spoken:
                    first.append((words[0], code))
                    later += terms
                else:  # a language without texts: after every supported one's names
                    others += [(words[0], code, False), *terms]
            later += [(w, code, False) for w in synonyms]
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
    by_phrase: dict[str, int] = {}
    for phrase, code in own:
        by_phrase.setdefault(fold(phrase), code)
    by_phrase.pop("", None)
    by_key = {c.key: c.code for c in rows}
    return _Table(tuple(rows), by_phrase, by_key, tuple(first), tuple(later + others))


@functools.cache
def _wide() -> _Wide:
    every: dict[str, int] = {}
    glued: dict[str, int] = {}
    stems: dict[str, int] = {}
    table = _table()
    countries = _country_names()
    later = [
        (w, code)
        for w, code, term in table.later
        if not (term and (_loose_term(w) or kind_key(w) in countries))
    ]
    for phrase, code in [*table.first, *later]:
        key = kind_key(phrase)
        for k in {key, _unprefixed(key)}:
            every.setdefault(k, code)
        if _NO_SPACE.search(key) and len(phrase.strip()) >= 2:
            glued.setdefault(key.replace(" ", ""), code)
        elif _NO_SPACE.search(key):  # one character ("寺") glued only after "の", "的", "의"
            glued.update({kind_key(p + phrase): code for p in "の的의"})
        if " " not in key and len(key) >= 5 and not _NO_SPACE.search(key):
            stems.setdefault(key[: max(4, len(key) - 2)], code)
    every.pop("", None)
    return _Wide(every, glued, stems)


#: Article and one-letter prefixes glued to Arabic and Hebrew words ("الصيدلية", "בתל אביב").
_AR_PREFIXES = ("وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل")
_HE_PREFIXES = ("וה", "שה", "בה", "לה", "מה", "ה", "ב", "ל", "מ", "ו", "ש")


def _unprefixed(word: str) -> str:
    """``word`` less an Arabic article/prefix or a Hebrew one-letter prefix (else itself)."""
    if "\u0600" <= word[:1] <= "\u06ff":
        for p in _AR_PREFIXES:
            if word.startswith(p) and len(word) - len(p) >= 3:
                return word[len(p) :]
    elif "\u05d0" <= word[:1] <= "\u05ea":
        for p in _HE_PREFIXES:
            if word.startswith(p) and len(word) - len(p) >= 2:
                return word[len(p) :]
    return word


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
            if code is None and words[i] != _unprefixed(words[i]):
                code = by_phrase.get(" ".join([_unprefixed(words[i]), *words[i + 1 : i + n]]))
            if code is not None:
                return code, i, i + n
    return None


def detect_category(text: str) -> int | None:
    """Code of the kind of place named anywhere in ``text``, or ``None``."""
    hit = find_category(text)
    return hit[0] if hit else None


def kind_named(text: str) -> int | None:
    """Code of the kind ``text`` names in any supported language and script: the table's
    phrases (:func:`detect_category`), else :func:`split_kind_and_place` ("nhà hàng",
    "ガソリンスタンド", "benzin istasyonu"); what ``search_places`` and ``search_along_route``
    share."""
    hit = find_category(text)
    if hit is not None and hit[2] - hit[1] == len(fold(text).split()):
        return hit[0]  # the whole text is a kind of the table ("coffee shops")
    split = split_kind_and_place(text)  # the longest kind of any language ("trạm xăng")
    if split is not None:
        return split[0]
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


#: Words between a kind and a place ("in", "near", "的", "में", "در" ...), stripped at the
#: place's ends once the kind is cut out of the query.
_CONNECTOR_WORDS = (
    "in near nearby around at by close to next the of en em no na a à au aux dans près de "
    "bei nahe um vicino presso w we koło obok przy в во около рядом с возле у біля поблизу "
    "коло на bij nabij rond nära vid på i στο στη στην στον σε κοντά în din lângă aproape "
    "v ve u poblíž blízko ở tại gần quanh khu vực trong di dekat sekitar kota katika mjini "
    "jijini karibu huko ya la wa في قرب بالقرب من بجانب حول در نزدیک اطراف حوالی ها های "
    "میں کے قریب پاس में के पास नज़दीक नजदीक की का ליד באזור קרוב ใน ที่ ใกล้ แถว ย่าน 근처 "
    "주변 에서 의 近く 周辺 付近 附近 周边 周围 yakınında civarında yakını içinde kaçin "
    "कहाँ where find best cheap"
)
#: Particles glued to a place in scripts without spaces ("北京的", "東京の", "서울에서").
_GLUED_AFTER = (
    "附近的", "周边的", "周围的", "里的", "市内的", "的", "附近", "周边", "周围", "市内",
    "近くの", "周辺の", "付近の", "にある", "の", "で", "駅前", "에서", "에", "의", "근처",
    "주변",
)  # fmt: skip
_GLUED_BEFORE = ("在", "位于", "去", "ใน", "ที่", "ใกล้", "แถว")


def _a_town(token: str) -> bool:
    """Whether a word of a script without spaces is a town's whole name (commas aside)."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.towns import named_ids

    return bool(named_ids(city_index(), fold(token.strip(",、，"))))


def _cut_glued(token: str) -> tuple[int, int, int] | None:
    """``(code, start, end)`` of the longest kind inside a token of a script without spaces."""
    glued = _wide().glued  # its keys folded as kind_key folds (Hangul to jamo, "バ" to "ハ゛")
    best: tuple[int, int, int] | None = None
    for i in range(len(token)):
        for j in range(min(len(token), i + 12), i + 1, -1):
            code = glued.get(kind_key(token[i:j]))
            if code is not None and (best is None or j - i > best[2] - best[1]):
                best = (code, i, j)
                break
    return best


def _country_names() -> frozenset[str]:
    """Country names in every language (:func:`.towns.regions`): an iD search term that is one
    ("美国" of American restaurants) names no kind."""
    from mapsnb_sandbox.world.towns import regions

    return frozenset(kind_key(n) for n in regions().countries)


def _loose_term(term: str) -> bool:
    """Whether an iD search term is too short to match a whole word safely in any language:
    a Latin-script term of three letters ("hat" of another language is no chiropractor)."""
    key = kind_key(term)
    return key.isascii() and len(key.replace(" ", "")) <= 3


#: A Latin-script word shares a kind's stem only over this many letters ("glasses" is no
#: "glass"-ice-cream shop, "mañana" no "manad"-farm); other scripts inflect more.
_LATIN_STEM = 5


def _stem_code(word: str) -> int | None:
    """The kind whose single-word name shares this word's stem ("аптеки" -> "аптека")."""
    stems = _wide().stems
    least = _LATIN_STEM if word.isascii() else 4
    for cut in range(len(word), least - 1, -1):
        code = stems.get(word[:cut])
        if code is not None and len(word) - cut <= 4:
            return code
    return None


@functools.cache
def _connectors() -> frozenset[str]:
    return frozenset(kind_key(w) for w in _CONNECTOR_WORDS.split())


def trim_place(words: list[str]) -> str | None:
    """The place in ``words`` left of a kind: without the connector words at its ends ("de Lota"
    -> "Lota", "in der Nähe von Bonn" -> "Bonn"; a name's article stays: "La Paz") and particles
    glued to it ("東京の")."""
    return _trim(words)


def _name_article(words: list[str]) -> bool:
    """Whether ``words`` open with a capitalised connector before a capitalised word: the
    article of a name ("La Paz", "Le Havre", "The Hague"), not a preposition before it."""
    return (
        len(words) > 1
        and words[0][:1].isupper()
        and words[0][1:].islower()
        and words[1][:1].isupper()
    )


#: A Hebrew or Arabic one-letter prefix (or article) glued to a name in Latin letters
#: ("בSan Felipe", "بLondon"): the prefix is no part of the name.
_GLUED_PREFIX = re.compile(
    "^(?:" + "|".join(sorted({*_HE_PREFIXES, *_AR_PREFIXES}, key=len, reverse=True)) + ")"
    r"(?=[A-Za-z\u00c0-\u024f])"
)


def _trim(words: list[str], *, articles: bool = True) -> str | None:
    """The place among ``words``: connectors at both ends stripped (not a name's article,
    with ``articles``: a text not in title case), a prefix glued to a Latin name cut, a
    particle glued in a script without spaces cut."""
    past = False  # past a connector, a capitalised word of a text not in title case is a
    while (  # name, whatever it folds to: "ramen in Nara" ("nära" is Swedish for "near")
        words
        and _connector(words[0], named=articles and (past or len(words) == 1))
        and not (articles and _name_article(words))
    ):
        words, past = words[1:], True
    while words and _connector(words[-1], named=articles):
        words = words[:-1]
    if words:
        words = [_GLUED_PREFIX.sub("", words[0]), *words[1:]]
    text = " ".join(words).strip(" ,?!.:;、，。？！")
    for after in _GLUED_AFTER:
        if text.endswith(after) and len(text) > len(after):
            text = text[: -len(after)]
            break
    for before in _GLUED_BEFORE:
        if text.startswith(before) and len(text) > len(before) + 1:
            text = text[len(before) :]
    return text.strip() or None


def _connector(word: str, *, named: bool) -> bool:
    """Whether ``word`` is a connector of a query's place part (not a capitalised ``named`` one)."""
    return kind_key(word) in _connectors() and not (named and word[:1].isupper())


_SEPARATORS = re.compile(r"([\s,،?!.:;、，。？！\u200c]+)")


def _tokens(text: str) -> list[str]:
    """The words of ``text``; a word before a comma keeps one ("Concepcion," of "La Concepcion,
    Panama"), so the place left of a kind keeps its qualifier."""
    parts = _SEPARATORS.split(text)
    out: list[str] = []
    for k in range(0, len(parts), 2):
        if not parts[k]:
            continue
        comma = k + 1 < len(parts) and any(c in parts[k + 1] for c in ",،，、")
        out.append(parts[k] + "," if comma else parts[k])
    return out


def split_kind_and_place(text: str) -> tuple[int, str | None] | None:
    """The kind a query names in any language and what is left of it as the place:
    ``"药店 北京"``, ``"北京的药店"`` -> (pharmacy, "北京"); ``"दिल्ली में दवा की दुकान"`` ->
    (pharmacy, "दिल्ली"); ``"الصيدليات في القاهرة"`` -> (pharmacy, "القاهرة").
    ``None`` when no kind is named."""
    tokens = _tokens(text)
    keys = [kind_key(t) for t in tokens]
    by_phrase = _wide().every_phrase
    best: tuple[int, int, int] | None = None  # (code, first, end): most words, then leftmost
    for i in range(len(tokens)):  # whole words
        for n in range(min(_MAX_WORDS, len(tokens) - i), 0, -1):
            if best is not None and n <= best[2] - best[1]:
                break
            code = by_phrase.get(" ".join(keys[i : i + n]))
            if code is None:
                code = by_phrase.get(" ".join([_unprefixed(keys[i]), *keys[i + 1 : i + n]]))
            if code is not None and _one_side(_unqualified(tokens[:i]), tokens[i + n :]):
                best = (code, i, i + n)
    if best is not None:
        code, i, j = best
        articles = not all(t[:1].isupper() for t in tokens if t[:1].isalpha())  # "Hotels In X"
        return code, _trim(_unqualified(tokens[:i]), articles=articles) or _trim(
            tokens[j:], articles=articles
        )
    for i, token in enumerate(tokens):  # inside a word of a script without spaces
        if _NO_SPACE.search(token) and not _a_town(token):  # "マラボ" (Malabo): no "ラボ" (lab)
            cut = _cut_glued(token)
            if cut is not None:
                code, a, b = cut
                before = [*tokens[:i], token[:a]] if token[:a] else tokens[:i]
                after = [token[b:], *tokens[i + 1 :]] if token[b:] else tokens[i + 1 :]
                return code, _trim(before) or _trim(after)
    for i, key in enumerate(keys):  # an inflected form
        word = key if _stem_code(key) is not None else _unprefixed(key)  # "מוזיאונים": no מ-
        if " " not in word and len(word) >= 5 and not _NO_SPACE.search(word):
            code = _stem_code(word)
            before = _unqualified(tokens[:i])
            if code is not None and _one_side(before, tokens[i + 1 :]):
                return code, _trim(before) or _trim(tokens[i + 1 :])
    return None


@functools.cache
def _kind_qualities() -> frozenset[str]:
    """Words that qualify a kind in a query ("best", "cheap", "günstige"), folded: the
    ``kind_qualities`` table of ``data/query_words.json``."""
    table = json.loads(CATEGORIES_CSV.with_name("query_words.json").read_text(encoding="utf-8"))
    return frozenset(kind_key(w) for words in table["kind_qualities"].values() for w in words)


def qualifies_kind(words: list[str]) -> bool:
    """Whether ``words`` are all words that qualify a kind, not a town ("best", "late night")."""
    return bool(words) and all(kind_key(w) in _kind_qualities() for w in words)


def _unqualified(before: list[str]) -> list[str]:
    """The words before a kind, none if they only qualify it ("best pizza Naples")."""
    return [] if qualifies_kind(before) else before


def _one_side(before: list[str], after: list[str]) -> bool:
    """Whether the words around a kind name one place on one side of it: a kind word inside a
    name ("Victoria Station London", "Grand Central Terminal New York") names no kind."""
    first, last = _trim(before), _trim(after)
    return not (first and last) and _one_place(first or last, particles=not first)


#: Lower-case particles inside a place's name between capitalised words ("Rio de Janeiro",
#: "Santa Cruz de la Sierra", "Reggio di Calabria"), though they are connectors elsewhere.
_NAME_PARTICLES = frozenset(["de", "la", "di", "du", "des", "do", "da", "del"])


def _one_place(place: str | None, *, particles: bool = False) -> bool:
    """Whether what is left names one place, not more of a query ("energy companies in Lyon");
    with ``particles`` (a place after its kind), a name's particles between its capitalised
    words do not count ("hotels in Rio de Janeiro"; not "Cueva de las Manos, Río Pinturas")."""
    words = (place or "").split()
    named = particles and len(words) > 2 and words[0][:1].isupper() and words[-1][:1].isupper()
    return not any(
        kind_key(w) in _connectors() and not (named and w in _NAME_PARTICLES) for w in words[1:-1]
    )


def kind_and_town(text: str, town: str | None, *, is_town: Callable[[str], bool]) -> bool:
    """Whether ``text`` is a name of town ``town`` (its own, or the place part a kind search
    reads: "Москвы", the kind then typed in lower case) and, before or after it, only a kind of
    place in any supported language ("museum Paris", "Berlin museum", "Museo Madrid", "art
    gallery London", "музеи Москвы"): a search for that kind in the town, not a landmark's name
    ("Museum of Fine Arts, Houston", "Art Gallery of Ontario", "Fitzwilliam Museum").
    ``is_town``: whether a text is a town's whole name or case form."""
    words = fold(text.replace(",", " ")).split()
    split = split_kind_and_place(text)
    if split is not None and split[1] is not None:
        typed = text.replace(split[1], "")  # the kind in lower case or an uncased script
        if not any(ch.isupper() for ch in typed) and is_town(split[1]):
            return True  # "музеи Москвы", "متحف في بغداد", "伦敦博物馆"; not "Лос-Лагос"
    own = fold(town or "").split()
    n = len(own)
    if not own or len(words) <= n:
        return False
    rest = words[n:] if words[:n] == own else words[:-n] if words[-n:] == own else None
    if rest is None:
        return False
    lower = all(not w[:1].isupper() for w in text.split() if fold(w) in rest)
    if not (lower or AROUND.isdisjoint(rest)):
        return False  # "Art Gallery of Ontario": a name, not galleries in Ontario
    kinds = [w for w in rest if w not in AROUND]  # "museo de Madrid"
    hit = find_category(" ".join(kinds))
    kind = split_kind_and_place(" ".join(kinds))
    return (hit is not None and hit[2] - hit[1] == len(kinds)) or (
        kind is not None and kind[1] is None
    )
