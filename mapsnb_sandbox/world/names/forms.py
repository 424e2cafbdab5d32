"""Other spellings of a town's name to try (``data/town_forms.csv``, ``data/town_cases.tsv``,
``data/script_forms.json``): known forms, de-inflected endings, a script's index suffixes and
prefixes, Greek in Latin letters."""

from __future__ import annotations

import csv
import functools
import itertools
import json
import unicodedata
from pathlib import Path

from mapsnb_sandbox.world.geodata import fold_text as fold  # (not landmarks': towns reads forms)
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.names.qualifiers import glued_region_forms, without_article

__all__ = [
    "case_forms",
    "compound_joins",
    "hyphenated_compound",
    "inflecting_languages",
    "known_form",
    "script_rules",
    "town_candidates",
    "town_case_rows",
]

_DATA = Path(__file__).resolve().parents[2] / "data"


@functools.cache
def _form_rows() -> tuple[dict[str, str], ...]:
    """The rows of ``data/town_forms.csv`` (comment lines left out), read once for its readers."""
    with (_DATA / "town_forms.csv").open(encoding="utf-8", newline="") as fh:
        return tuple(csv.DictReader(line for line in fh if not line.startswith("#")))


@functools.cache
def _town_forms() -> tuple[dict[str, str], tuple[tuple[str, str, str], ...]]:
    names: dict[str, str] = {}
    suffixes: list[tuple[str, str, str]] = []
    for row in _form_rows():
        if row["kind"] == "name":
            names[fold(row["form"])] = row["replacement"]
        elif row["kind"] == "suffix":
            suffixes.append((row["form"], row["replacement"] or "", row["lang"]))
    # the case forms summaries write a town in, read back ("Ростове-на-Дону": no ending rule
    # de-inflects a hyphenated name's first part), before a form's Latin name ("Nizhniy Novgorod");
    # a country's short name and its forms as the name it stands for ("США", "Britanii")
    for (_, nominative, *forms), means in zip(town_case_rows(), _stands_for(), strict=True):
        made = [f for f in forms if f and f != nominative] + ([nominative] if means else [])
        names.update((fold(form), means or nominative) for form in made)
    return names, tuple(suffixes)


@functools.cache
def inflecting_languages() -> frozenset[str]:
    """The languages whose place names the forms tables inflect (``town_forms.csv``'s endings,
    ``script_forms.json``'s glued endings): "cs", "ru", "tr", "bn", ..."""
    langs = {row["lang"] for row in _form_rows() if row["kind"] == "suffix"}
    glued = script_rules()["glued_endings"]
    assert isinstance(glued, list)
    return frozenset(langs | {r["language"] for r in glued if r.get("language")})


@functools.cache
def _case_table() -> tuple[tuple[str, ...], ...]:
    """The rows of ``data/town_cases.tsv``, each of six columns."""
    with (_DATA / "town_cases.tsv").open(encoding="utf-8") as fh:
        rows = [line.rstrip("\n").split("\t") for line in fh]
    return tuple(
        (*r, "", "")[:6] for r in rows if len(r) > 2 and not r[0].startswith("#") and r[0] != "lang"
    )


@functools.cache
def town_case_rows() -> tuple[tuple[str, ...], ...]:
    """``(language, nominative, genitive, instrumental, locative)`` rows of
    ``data/town_cases.tsv`` (``tools/build_town_cases.py``; an unknown form empty): read back
    here, written by :mod:`mapsnb_sandbox.languages.cases`."""
    return tuple(r[:5] for r in _case_table())


def _stands_for() -> tuple[str, ...]:
    """Per row of :func:`town_case_rows`, the country's name its nominative stands for (itself,
    or for a short name the country's: "Соединенные Штаты" of "США"), ``""`` for a town."""
    return tuple(r[5] for r in _case_table())


@functools.cache
def script_rules() -> dict[str, object]:
    """The spelling rules of ``data/script_forms.json``: script ranges, glued endings, prefixes,
    suffixes a script's town names carry in the index, Greek to Latin."""
    rules: dict[str, object] = json.loads((_DATA / "script_forms.json").read_text("utf-8"))
    return rules


def _word_forms(
    word: str, suffixes: tuple[tuple[str, str, str], ...], language: str | None = None
) -> list[str]:
    """``word`` with each de-inflected ending (a stem of two letters or more kept); none for a
    Latin word with an apostrophe inside, a letter of its name ("Bu'ale" is no "Bu'ala"). With
    the asker's ``language``, a Latin ending only of that language's rules ("bank i Allenbach",
    Swedish, has no Polish locative "-ach" of Allenby; "spital în Gurani" no "-i" of Guran)."""
    low = word.lower()
    low = low[:-1] + "ς" if low.endswith("σ") else low  # folding writes Greek's final sigma "σ"
    inner = word.strip("'’‘").replace("’", "'").replace("‘", "'")
    if "'" in inner and all(c.isascii() or not c.isalpha() or c <= "\u024f" for c in word):
        return []
    language = language.replace("_", "-").split("-")[0].lower() if language else None  # "pl-PL"
    return [
        word[: len(word) - len(ending)] + replacement
        for ending, replacement, lang in suffixes
        if len(word) >= len(ending) + 2 and low.endswith(ending)
        if language is None or lang == language or not _latin(ending)
    ]


def _latin(ending: str) -> bool:
    """Whether an ending is written in Latin letters (Cyrillic and Greek ones name their
    language by their script whatever language the asker sets)."""
    return all(c <= "\u024f" for c in ending)


def case_forms(key: str, typed: str | None = None) -> list[str]:
    """The nominatives a folded one-word ``key`` may be a case form of: the case table's and
    ``town_forms.csv``'s whole forms ("москві" -> "Москва"; none of a language whose letters
    lack one ``typed`` writes, :func:`known_form`), then its de-inflected endings ("praze" ->
    "praha", "агрі" -> "агра"), but no one ASCII letter (German's genitive "-s": "Lamis" is
    no "Lami"); none of :func:`town_candidates`' script forms."""
    _, suffixes = _town_forms()
    if key in _country_forms():
        return []  # "армении": Armenia, the country, not a town it names (Armenia, Colombia)
    form = known_form(typed if typed is not None and fold(typed) == key else key)
    known = [form] if form else []
    endings = tuple(s for s in suffixes if len(s[0]) >= 2 or not s[0].isascii())
    return known + ([] if " " in key else _word_forms(key, endings))


@functools.cache
def _form_languages() -> dict[str, frozenset[str]]:
    """The languages whose rows of the forms tables write each folded whole form."""
    langs: dict[str, set[str]] = {}
    for row in _form_rows():
        if row["kind"] == "name":
            langs.setdefault(fold(row["form"]), set()).add(row["lang"])
    for lang, nominative, *forms in town_case_rows():
        for form in forms:
            if form and form != nominative:
                langs.setdefault(fold(form), set()).add(lang)
    return {form: frozenset(ls) for form, ls in langs.items()}


@functools.cache
def language_letters() -> dict[str, frozenset[str]]:
    """The marked Latin letters each language's rows of the forms tables write in their forms
    (Polish's "ą", "ł", "ó", ...; never "á"): what a form of that language may be typed with."""
    letters: dict[str, set[str]] = {}
    written = [(row["lang"], row["form"]) for row in _form_rows()]
    written += [(lang, f) for lang, nominative, *forms in town_case_rows() for f in forms]
    for lang, form in written:
        letters.setdefault(lang, set()).update(_marked(form))
    return {lang: frozenset(ls) for lang, ls in letters.items()}


def _marked(text: str) -> set[str]:
    """The marked Latin letters of ``text`` (lower case, composed: "á", "ł")."""
    nfc = unicodedata.normalize("NFC", text).casefold()
    return {c for c in nfc if not c.isascii() and latin_letter(c)}


def known_form(typed: str) -> str | None:
    """The nominative the whole form ``typed`` is of in the forms tables ("Krakowie" ->
    "Kraków"), unless ``typed`` writes a marked letter that none of the languages whose rows
    hold that form writes ("Kutná" is no Polish genitive "Kutna" of Kutno: Polish has no "á")."""
    key = fold(typed)
    names, _ = _town_forms()
    if key not in names:
        return None
    marks = _marked(typed)
    letters = language_letters()
    langs = _form_languages().get(key, frozenset())
    if marks and langs and all(marks - letters.get(lang, frozenset()) for lang in langs):
        return None
    return names[key]


@functools.cache
def compound_joins() -> frozenset[str]:
    """France's own connectors of compound names: the French words of
    ``data/name_connectors.txt`` (libpostal's stopwords) that the index's French town names hold
    between two of their words more often than all other countries' names together ("sur" 703
    to 42, "en" 247 to 22, "aux" 24 to 14; not "de", 306 to 4,329, nor "la", 174 to 694)."""
    import re

    from mapsnb_sandbox.world.cities import city_index

    lines = (_DATA / "name_connectors.txt").read_text(encoding="utf-8").splitlines()
    rows = (line.split("\t") for line in lines if line and not line.startswith("#"))
    french = {word for word, langs in rows if "fr" in langs.split(",")}
    inside: dict[str, list[int]] = {w: [0, 0] for w in french}
    for c in city_index().cities:
        words = [fold(p) for p in re.split(r"[\s\-]+", c.name) if fold(p)]
        for w in words[1:-1]:
            if w in inside:
                inside[w][c.cc != "FR"] += 1
    return frozenset(w for w, (home, abroad) in inside.items() if home > abroad)


def hyphenated_compound(text: str) -> str:
    """``text`` with each connector of :func:`compound_joins` between two capitalised words
    joined to both by hyphens, as France writes its compound names ("Montreuil En Caux" ->
    "Montreuil-En-Caux"); else ``text``."""
    words = text.split(" ")
    if len(words) < 3:
        return text
    joins = compound_joins()
    for k in range(len(words) - 2, 0, -1):
        if fold(words[k]) in joins and words[k - 1][:1].isupper() and words[k + 1][:1].isupper():
            words[k - 1 : k + 2] = ["-".join(words[k - 1 : k + 2])]
    return " ".join(words)


def town_candidates(text: str, *, language: str | None = None) -> list[str]:
    """Other spellings of a town name to try: a known form, de-inflected endings (of one word,
    then of every word of a two- or three-word name: "Českých Budějovicích", also after a
    lower-case preposition: "v Mladé Boleslavi"; Latin ones of the
    asker's ``language`` only, when given), the words run together ("Đà Lạt" is "Dalat"). A
    French compound written with spaces is one name, as hyphenated (:func:`hyphenated_compound`:
    no form of "Beauce" in "Morville En Beauce")."""
    text = hyphenated_compound(text)
    names, suffixes = _town_forms()
    words = text.strip(" ,?!.").split(" ")
    head, rest = words[0], words[1:]
    out: list[str] = []
    known = known_form(text)
    if known and fold(text) in _country_forms():
        return [known]  # "Indii": India, no ending guess ("Indi", a town of India)
    if known:
        out.append(known)
    first = known_form(head)
    if first:
        out.append(" ".join([first, *rest]))
    forms = [_word_forms(w, suffixes, language) for w in words]
    for i, word_forms in enumerate(forms):
        out += [" ".join([*words[:i], f, *words[i + 1 :]]) for f in word_forms]
    if 2 <= len(words) <= 3 and all(forms):
        out += [" ".join(combo) for combo in itertools.product(*forms)]
    elif len(words) in (3, 4) and words[0].islower() and all(forms[1:]):  # "v Mladé Boleslavi"
        out += [" ".join(combo) for combo in itertools.product([head], *forms[1:])]
    greek = [_greek_latin(c) for c in out if any("\u0370" <= ch <= "\u03ff" for ch in c)]
    out += _script_forms(text.strip(" ,?!.")) + greek  # "Ναύπλιον": Ναύπλιο, "Nafplio"
    if 2 <= len(words) <= 3:
        out.append("".join(words))
    out += [names[fold(c)] for c in out if fold(c) in names]
    out += glued_region_forms(text)  # "カリフォルニア州", "四川": a region's name
    if bare := without_article(text):  # "den Niederlanden": "Niederlanden", "Niederlande"
        out += [bare, *_dative_plural_cuts(bare), *town_candidates(bare, language=language)]
    seen: set[str] = set()
    return [c for c in out if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]


def _dative_plural_cuts(text: str) -> list[str]:
    """``text`` without German's dative plural "-n" on every word ending "-en" ("Vereinigten
    Arabischen Emiraten" -> "Vereinigte Arabische Emirate"), or on all but its noun, the last
    ("Vereinigten Staaten" -> "Vereinigte Staaten"); read only after an article."""
    words = text.split(" ")
    cut = [w[:-1] if w.endswith("en") else w for w in words]
    return [" ".join(cut), " ".join([*cut[:-1], words[-1]])]


@functools.cache
def _country_forms() -> frozenset[str]:
    """The folded forms of the case table's country names ("indii", "stanach zjednoczonych"):
    a whole form the table knows is read as its country, before a town an ending guess names."""
    return frozenset(
        fold(form)
        for _, nominative, *forms, means in _case_table()
        for form in [*forms, nominative]
        if form and means
    )


def _in_span(text: str, span: list[str]) -> bool:
    return bool(text) and all(span[0] <= c <= span[1] for c in text)


def _script_forms(text: str) -> list[str]:
    """Spellings a town's name takes in some scripts (``data/script_forms.json``): a suffix the
    index's name carries ("北京" is "北京市", "경주" is "경주시"), a one-letter prefix
    ("בתל אביב"), glued case endings (Turkish, Bengali), Greek read in Latin letters."""
    rules = script_rules()
    out: list[str] = []
    for rule in rules["index_suffixes"]:  # type: ignore[attr-defined]
        if _in_span(text, rule["span"]):
            out += [text + s for s in rule["suffixes"]]
    for a, b in rules["letter_swaps"]:  # type: ignore[attr-defined]
        if a in text.lower():
            out.append(text.replace(a.upper(), b.upper()).replace(a, b))
    for rule in rules["prefixes"]:  # type: ignore[attr-defined]
        if rule["span"][0] <= text[:1] <= rule["span"][1] and len(text) > rule["min_length"]:
            letters = rule["letters"]
            if letters is None or text.startswith(tuple(letters)):
                out.append(text[1:])
    for rule in rules["glued_endings"]:  # type: ignore[attr-defined]
        span = rule.get("span")
        if span is None or span[0] <= text[:1] <= span[1]:
            out += [text[: -len(e)] for e in rule["endings"] if text.lower().endswith(e)]
    if any("\u0370" <= c <= "\u03ff" for c in text):
        out.append(_greek_latin(text))
    return out


def _greek_latin(text: str) -> str:
    """Greek in Latin letters (ELOT 743, simplified): "Βόλος" -> "Volos", "Ναύπακτος" ->
    "Nafpaktos" ("αυ" before a voiceless consonant)."""
    greek = script_rules()["greek_latin"]
    start, pairs, letters = greek["start"], greek["pairs"], greek["letters"]  # type: ignore[index]
    voiceless = greek["voiceless"]  # type: ignore[index]
    words = []
    for word in fold(text).split():
        out, i = [], 0
        while i < len(word):
            pair = word[i : i + 2]
            if pair in voiceless["pairs"] and word[i + 2 : i + 3] in (*voiceless["before"], ""):
                out.append(voiceless["pairs"][pair])
                i += 2
            elif (i == 0 and pair in start) or pair in pairs:
                out.append(start[pair] if i == 0 and pair in start else pairs[pair])
                i += 2
            else:
                out.append(letters.get(word[i], word[i]))
                i += 1
        words.append("".join(out).capitalize())
    return " ".join(words)
