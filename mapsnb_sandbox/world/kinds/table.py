"""Kinds of places the emulator knows, read from ``data/categories.csv``.

The table holds the Places API (New) place types (Table A) and a few everyday kinds: per row a
wire key, a text group (what summaries may say), a scatter radius, a display label and, in en,
pt, es, fr, de, it, pl, ru, ``singular|plural|synonym|…``. A row's position is its code, packed
into synthetic place ids: rows are only ever appended. More names come from
``data/category_names.tsv`` (OpenStreetMap iD presets in ~80 languages, ISC licence, and Organic
Maps' search categories, Apache-2.0, in a fourth column; ``tools/build_category_names.py``), read
by :mod:`.words`; :mod:`.reading` finds a kind in a query. A query naming no known kind may name
*some* kind ("solar energy companies in Lyon"): see :func:`free_category` (code
:data:`FREE_CODE`)."""

from __future__ import annotations

import contextlib
import contextvars
import csv
import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from mapsnb_sandbox.world.indexfile import query_words
from mapsnb_sandbox.world.landmarks import fold

__all__ = [
    "FREE_CODE",
    "LANGUAGES",
    "Category",
    "categories",
    "category_at",
    "category_key",
    "detect_category",
    "extra_names",
    "find_category",
    "free_category",
    "is_generic_query",
    "kind_head_forms",
    "kind_key",
    "kind_plurals",
    "kind_qualities",
    "quality_table",
    "query_language",
    "reading_language",
]

CATEGORIES_CSV = Path(__file__).resolve().parents[2] / "data" / "categories.csv"
NAMES_TSV = CATEGORIES_CSV.with_name("category_names.tsv")
LANGUAGES = ("en", "pt", "es", "fr", "de", "it", "pl", "ru")
#: Code of a kind made up from the query's own words (not a row of the table).
FREE_CODE = 0xFFF
MAX_WORDS = 6
#: Words before a place name: "schools in Lyon", "escolas em Lisboa", "школы в Казани", ...
#: (a phrase before its first word: "Museen in der Nähe von Bonn" is cut before "Bonn")
SPLIT = re.compile(
    r"\s+(?:in der nähe von|in der nähe|in der nahe von|in de buurt van|in de buurt|w pobliżu|"
    r"v blízkosti|near(?:by)?|in|around|close to|next to|by|at|within|inside|perto de|perto do|"
    r"perto da|em|no|na|nos|nas|cerca de|en|près de|pres de|à|a|au|aux|dans|bei|nahe|nähe|"
    r"um|vicino a|presso|w|we|koło|obok|niedaleko|przy|в|во|около|рядом с|возле|под|"
    r"في|بالقرب من|قرب|در|نزدیک|میں|کے قریب|में|के पास|ở|tại|gần|di|dekat|katika|mjini|nchini|jijini|"
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
        """Singular name in ``lang`` (English when the table has none), as sentences write it."""
        return in_sentence(self.names.get(lang, self.names["en"])[0], lang)

    def plural_in(self, lang: str) -> str:
        """Plural name in ``lang`` (English when the table has none), as sentences write it."""
        return in_sentence(self.names.get(lang, self.names["en"])[1], lang)


#: Languages whose kind names keep their capitals in a sentence: German's nouns, the table's
#: English ("Mexican restaurant").
_KEEP_CAPITALS = frozenset({"de", "en"})


def in_sentence(name: str, lang: str) -> str:
    """A kind's display name inside a sentence: iD's capital of a one-word name ("Hotel",
    "Eczane", "Lékárna") or of a Vietnamese one's head noun ("Khách sạn") dropped ("5 hotel",
    "bir otel"); a longer name, which may open with a proper adjective ("Chinees restaurant",
    "Çin Restoranı"), and an abbreviation ("ATM") kept."""
    one = " " not in name or lang == "vi"
    if lang in _KEEP_CAPITALS or not one or not (name[:1].isupper() and name[1:2].islower()):
        return name
    return name[0].lower() + name[1:]


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
    english: frozenset[str]  # every English name (the CSV's, iD's regional), folded


#: Scripts written without spaces between words: Thai, Lao, Myanmar, Khmer, kana, Han, Hangul.
NO_SPACE = re.compile(  # and Hangul, whose compounds run together ("버스터미널"), as jamo too
    r"[\u0e00-\u0eff\u1000-\u11ff\u1780-\u17ff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]"
)
#: Scripts whose vowel signs are letters (Brahmic: Devanagari ... Khmer): marks are kept.
_KEEP_MARKS = re.compile("[\u0900-\u0dff\u0e00-\u0fff\u1000-\u109f\u1780-\u17ff]")


#: Thai and Lao tone marks and the signs beside them (U+0E47-0E4E, U+0EC8-0ECD): the Unicode
#: Collation Algorithm's table (DUCET, UTS #10 allkeys) weighs them at the secondary level only,
#: as it weighs Latin accents, so a search that ignores accents ignores them ("ปั๊ม", the
#: Royal Institute's spelling of pump, and "ปั้ม", as often written, are one word).
_TONE_MARKS = frozenset(map(chr, [*range(0x0E47, 0x0E4F), *range(0x0EC8, 0x0ECE)]))


def kind_key(text: str) -> str:
    """:func:`fold` for kind names, keeping the vowel signs of Brahmic scripts (Hindi,
    Bengali, Thai, ...) that ``fold`` would split words at, less Thai and Lao tone marks
    (:data:`_TONE_MARKS`)."""
    if text.isascii() or not _KEEP_MARKS.search(text):
        return fold(text)
    out: list[str] = []
    for ch in unicodedata.normalize("NFC", text.casefold()):
        if ch in _TONE_MARKS:
            continue
        if ch.isalnum() or (unicodedata.category(ch) in ("Mn", "Mc") and _KEEP_MARKS.match(ch)):
            out.append(ch)
        else:
            out.append(" ")
    return " ".join("".join(out).split())


@functools.cache
def extra_names() -> dict[str, dict[str, list[str]]]:
    """``key -> language -> names`` from ``data/category_names.tsv`` (and its kind nouns)."""
    out: dict[str, dict[str, list[str]]] = {}
    if not NAMES_TSV.exists():
        return out
    with NAMES_TSV.open(encoding="utf-8") as fh:
        for line in fh:
            if line.startswith("#") or not line.strip():
                continue
            key, lang, *names = line.rstrip("\n").split("\t")  # iD's, then Organic Maps'
            words = [n for part in names for n in part.split("|") if n]
            words += [r for n in words if "/" in n for r in slash_readings(n)]
            plurals = [p for n in words for p in plural_of(n, lang)] if lang in _PLURALS else []
            out.setdefault(key, {})[lang] = words + plurals
    for key, lang, noun in [*_kind_nouns(), *_kind_nouns("kind_app_names.tsv")]:
        out.setdefault(key, {}).setdefault(lang, []).append(noun)  # terms after iD's
    for key, lang, name in _kind_nouns("kind_type_names.tsv"):  # iD silent: the display name
        out.setdefault(key, {}).setdefault(lang, []).insert(0, name)
    return out


_SLASH = re.compile(r"(\S+)\s*/\s*(\S+)")


def _slash_part(word: str) -> bool:
    """Whether a slash may join ``word``: three characters or more, no digit, no hyphen at
    its ends ("-komplex", "in" of "Chiropraktiker/in" are a word's parts)."""
    return len(word) >= 3 and word[0] != "-" and word[-1] != "-" and not any(map(str.isdigit, word))


def slash_readings(name: str) -> list[str]:
    """The names a name with alternatives joined by a slash stands for, each slash read as its
    left word, then as its right word: "Автобусная станция/терминал" is "Автобусная станция"
    and "Автобусная терминал", "Základní / střední škola" "Základní škola" and "střední škola",
    "Busbahnhof / Busterminal" both words; none for a name without a slash, with brackets, or
    whose slash joins a word's ending ("Chiropraktiker/in")."""
    match = _SLASH.search(name)
    if match is None or "(" in name or not all(map(_slash_part, match.groups())):
        return []  # "Chiropraktiker/in", "Sport-/Freizeit-": a word's ending, no word
    out = []
    for word in match.groups():
        reading = " ".join(f"{name[: match.start()]}{word}{name[match.end() :]}".split())
        out += [reading] if "/" not in reading else slash_readings(reading)
    return list(dict.fromkeys(r for r in out if r))


#: The languages :func:`plural_of` writes plurals in.
_PLURALS = frozenset({"es", "pt"})
#: A Spanish or Portuguese name of a head and its complement after "de" ("Estación de tren").
_COMPLEMENT = re.compile(r"(.+ (?:de|del|do|da) )([^\W\d_]+)")
_UNACCENTED = str.maketrans("áéíóú", "aeiou")


def plural_of(name: str, lang: str) -> list[str]:
    """A Spanish or Portuguese kind's name with its complement after "de" in the plural, as
    people say it ("estación de trenes", "parada de autobuses", "estação de trens"): Spanish
    adds -s after a vowel, -es after a consonant (the stress mark dropped: "autobús" ->
    "autobuses"), -ces for -z; Portuguese -ões for -ão, -ns for -m, -es after r or z, -s after a
    vowel (RAE's and the Portuguese grammars' regular plurals; other endings left)."""
    match = _COMPLEMENT.fullmatch(name)
    if lang not in _PLURALS or match is None:
        return []
    head, noun = match.groups()
    if noun.endswith("s") and (lang == "pt" or noun[-3:] == noun[-3:].translate(_UNACCENTED)):
        return []  # a plural, or one that has none ("ómnibus"); "autobús" has "autobuses"
    if lang == "es" and noun[-1] in "aeiouáéó":
        plural = noun + "s"
    elif lang == "es":  # the last syllable's stress mark dropped: "camión" -> "camiones"
        plural = (
            noun[:-1] + "ces"
            if noun[-1] == "z"
            else noun[:-3] + noun[-3:].translate(_UNACCENTED) + "es"
        )
    elif noun.endswith("ão"):
        plural = noun[:-2] + "ões"
    elif noun.endswith("m"):
        plural = noun[:-1] + "ns"
    elif noun[-1] in "rz" or noun[-1] in "aeiouéô":
        plural = noun + ("es" if noun[-1] in "rz" else "s")
    else:
        return []
    return [head + plural]


_LANGUAGE: contextvars.ContextVar[str | None] = contextvars.ContextVar(
    "kind_reading_language", default=None
)


@contextlib.contextmanager
def reading_language(code: str | None) -> Iterator[None]:
    """Within it, kinds are read as a query in ``code`` reads them (a BCP-47 tag, "it-IT";
    ``None``: no language known): a language's own forms of a kind serve it alone."""
    base = re.split("[-_]", code)[0].lower() if code else None
    token = _LANGUAGE.set(base or None)
    try:
        yield
    finally:
        _LANGUAGE.reset(token)


def query_language() -> str | None:
    """The base language of the query being read (:func:`reading_language`), or ``None``."""
    return _LANGUAGE.get()


@functools.cache
def kind_plurals() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``(key, language, forms)``: the inflected forms of kinds' names a stem does not read
    ("museer", "gări"; ``data/kind_plurals.tsv``, ``tools/build_kind_plurals.py``), each
    serving its own language only."""
    rows = _kind_nouns("kind_plurals.tsv")
    return tuple((key, lang, tuple(forms.split("|"))) for key, lang, forms in rows)


@functools.cache
def kind_head_forms() -> tuple[tuple[str, str, tuple[str, ...]], ...]:
    """``(word, language, forms)``: the forms of the words that open kinds' names of two
    words or more ("σταθμοί" of "σταθμός"; ``data/kind_head_forms.tsv``,
    ``tools/build_kind_plurals.py``)."""
    rows = _kind_nouns("kind_head_forms.tsv")
    return tuple((word, lang, tuple(forms.split("|"))) for word, lang, forms in rows)


def _kind_nouns(name: str = "kind_nouns.tsv") -> list[tuple[str, str, str]]:
    """``(key, language, noun)``: a kind's bare noun where iD names it only with a qualifier
    ("כנסייה" of "כנסייה נוצרית"; ``data/kind_nouns.tsv``, ``tools/build_kind_nouns.py``); with
    ``name="kind_type_names.tsv"``, Organic Maps' display name of the kind's OSM type where
    iD's presets have none in a language ("Gară"; ``tools/build_kind_type_names.py``); with
    ``name="kind_app_names.tsv"``, OsmAnd's names of kinds' types and English names, read as
    search terms ("Terminal bus"; ``tools/build_kind_app_names.py``)."""
    path = NAMES_TSV.with_name(name)
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return [(r[0], r[1], r[2]) for r in rows if len(r) == 3 and not r[0].startswith("#")]


@dataclass
class _Gathered:
    """The kinds' names as :func:`kind_table` gathers them, row by row, in table order."""

    own: list[tuple[str, int]] = field(default_factory=list)  # the CSV's names
    first: list[tuple[str, int]] = field(default_factory=list)  # display names: before synonyms
    later: list[tuple[str, int, bool]] = field(default_factory=list)  # (phrase, code, iD term)
    others: list[tuple[str, int, bool]] = field(default_factory=list)  # languages without texts
    english: set[str] = field(default_factory=set)


@functools.cache
def kind_table() -> _Table:
    rows: list[Category] = []
    got = _Gathered()
    extra = extra_names()
    spoken = {p.stem for p in NAMES_TSV.with_name("texts").glob("*.json")}
    with CATEGORIES_CSV.open(encoding="utf-8", newline="") as fh:
        for code, rec in enumerate(csv.DictReader(fh)):
            row_extra = extra.get(rec["key"], {})
            names, synonyms = _csv_names(code, rec, row_extra, got)
            _other_names(code, row_extra, spoken, names, got)
            got.later += [(w, code, False) for w in synonyms]
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
    for phrase, code in got.own:
        by_phrase.setdefault(fold(phrase), code)
    by_phrase.pop("", None)
    by_key = {c.key: c.code for c in rows}
    later = tuple(got.later + got.others)
    return _Table(tuple(rows), by_phrase, by_key, tuple(got.first), later, frozenset(got.english))


def _csv_names(
    code: int, rec: dict[str, str], extra: dict[str, list[str]], got: _Gathered
) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """Row ``rec``'s names in the CSV's languages (singular, plural) and all its words (its
    synonyms), added to ``got``; its English names, with ``extra``'s (iD's), to
    ``got.english``."""
    names: dict[str, tuple[str, str]] = {}
    synonyms: list[str] = []
    for lang in LANGUAGES:
        words = [w.strip() for w in (rec.get(lang) or "").split("|") if w.strip()]
        if lang == "en" and not words:
            words = _derived_names(rec["key"])
        if lang == "en":
            got.english.update(kind_key(w) for w in [*words, *extra.get(lang, [])])
        if words:
            names[lang] = (words[0], words[1] if len(words) > 1 else words[0])
            synonyms += words
            got.own += [(w, code) for w in words]
            got.first += [(w, code) for w in words[:2]]
    return names, synonyms


def _other_names(
    code: int,
    extra: dict[str, list[str]],
    spoken: set[str],
    names: dict[str, tuple[str, str]],
    got: _Gathered,
) -> None:
    """A row's names of ``extra`` (iD's, by language) added to ``names`` and ``got``: the first
    a display name, the others search terms (checked in ``_wide``); those of a language the
    emulator has no texts in after every supported one's names."""
    for lang, words in extra.items():
        names.setdefault(lang, (words[0], words[0]))
        terms = [(w, code, True) for w in words[1:]]  # iD terms: checked in _wide
        if lang in spoken:
            got.first.append((words[0], code))
            got.later += terms
        else:  # a language without texts: after every supported one's names
            got.others += [(words[0], code, False), *terms]


#: Article and one-letter prefixes glued to Arabic and Hebrew words ("الصيدلية", "בתל אביב").
AR_PREFIXES = ("وال", "بال", "فال", "كال", "لل", "ال", "و", "ب", "ل")
HE_PREFIXES = ("וה", "שה", "בה", "לה", "מה", "ה", "ב", "ל", "מ", "ו", "ש")


def unprefixed(word: str) -> str:
    """``word`` less an Arabic article/prefix or a Hebrew one-letter prefix (else itself)."""
    if "\u0600" <= word[:1] <= "\u06ff":
        for p in AR_PREFIXES:
            if word.startswith(p) and len(word) - len(p) >= 3:
                return word[len(p) :]
    elif "\u05d0" <= word[:1] <= "\u05ea":
        for p in HE_PREFIXES:
            if word.startswith(p) and len(word) - len(p) >= 2:
                return word[len(p) :]
    return word


def quality_table() -> list[str]:
    """Words and phrases that qualify a kind in a query, as written: the ``kind_qualities``
    table of ``data/query_words.json`` ("best", "cheap", "pas cher", "24 horas") and the words
    of faiths in scripts without capitals (:func:`religion_words`: "হিন্দু মন্দির ঢাকা")."""
    table = query_words()["kind_qualities"]
    return [w for words in table.values() for w in words] + list(religion_words())


@functools.cache
def religion_words() -> tuple[str, ...]:
    """The words of faiths in scripts without capitals (``data/kind_religions.tsv``: the iD
    presets' religion options, ``tools/build_kind_religions.py``): "হিন্দু", "ہندو", "יהודי"."""
    path = CATEGORIES_CSV.with_name("kind_religions.tsv")
    rows = [line.rstrip("\n").split("\t") for line in path.read_text(encoding="utf-8").splitlines()]
    return tuple(
        w for row in rows if len(row) == 2 and not row[0].startswith("#") for w in row[1].split("|")
    )


@functools.cache
def religion_keys() -> frozenset[str]:
    """:func:`religion_words` folded as kind names are."""
    return frozenset(kind_key(w) for w in religion_words())


@functools.cache
def kind_heads() -> dict[str, tuple[str, ...]]:
    """Words that open kinds' names, folded, each to its forms: the ``kind_heads`` table of
    ``data/query_words.json`` (Hebrew "בית", house of, and "בתי", houses of: "בית מלון" is a
    hotel, "בתי מרקחת" pharmacies)."""
    table = query_words()["kind_heads"]
    groups = [tuple(kind_key(w) for w in g) for gs in table.values() for g in gs]
    return {w: g for g in groups for w in g}


@functools.cache
def kind_qualities() -> frozenset[tuple[str, ...]]:
    """:func:`quality_table` folded into words."""
    return frozenset(tuple(kind_key(w).split()) for w in quality_table() if kind_key(w))


def categories() -> tuple[Category, ...]:
    """Every known kind, in code order."""
    return kind_table().rows


def category_at(code: int) -> Category | None:
    """The known kind with this code, or ``None``."""
    rows = kind_table().rows
    return rows[code] if 0 <= code < len(rows) else None


def category_key(key: str) -> Category | None:
    """The known kind with wire key ``key`` ("museum"), or ``None``."""
    code = kind_table().by_key.get(key)
    return None if code is None else kind_table().rows[code]


def find_category(text: str) -> tuple[int, int, int] | None:
    """The leftmost, longest kind named in ``text``: ``(code, first word, end word)``.

    Word indices refer to ``fold(text).split()``.
    """
    words = fold(text).split()
    by_phrase = kind_table().by_phrase
    for i in range(len(words)):
        for n in range(min(MAX_WORDS, len(words) - i), 0, -1):
            code = by_phrase.get(" ".join(words[i : i + n]))
            if code is None and words[i] != unprefixed(words[i]):
                code = by_phrase.get(" ".join([unprefixed(words[i]), *words[i + 1 : i + n]]))
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
