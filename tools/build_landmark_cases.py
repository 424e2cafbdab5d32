"""Rebuild ``mapsnb_sandbox/data/landmark_cases.tsv``: famous places' names (``data/famous_places.csv``)
in the cases a preposition or postposition governs ("рядом с Красной площадью", "біля
Софійського собору", "przy Zamku Królewskim", "u Pražského hradu", "Ayasofya'ya yakın", "κοντά
στον Λευκό Πύργο"), read back by ``world/landmark_names/cases.py`` as the place's names.

Each name written in a language's script gets its genitive, instrumental and locative:

- Russian and Ukrainian (Cyrillic names): pymorphy3's OpenCorpora and LanguageTool dictionaries
  (``pymorphy3-dicts-ru``, ``pymorphy3-dicts-uk``, CC BY-SA 3.0), a noun with its adjectives
  agreeing word by word, words after a first noun kept ("Собор Святой Софии"), as
  ``tools/build_town_cases.py`` inflects countries' names of several words;
- Polish (a Latin name of Polish shape): Morfeusz 2's SGJP dictionary (2-clause BSD), the same
  way;
- Czech (a Latin name with a letter only Czech writes, or a place of Czechia or Slovakia), Greek
  (article and accusative, genitive) and Turkish (case suffixes after an apostrophe, with vowel
  harmony and the pronominal n after a compound's -(s)I; a Latin name with a Turkish letter or
  head word, or a place of Turkey): the rules of ``data/landmark_case_rules.csv`` (grammar
  references cited there).

UniMorph (CC BY-SA 3.0) was the planned source for Czech, Polish and Russian paradigms; its
mirrored ces, pol and rus tables are Git LFS pointers only, so the dictionaries above (which
``build_town_cases.py`` already reads) and the cited rules stand in.

Guard: a form that is a town's own name in the emulator's index, a kind's word, or another
famous place's name is left out (the town or kind keeps it). ``pip install -e .[towncases]``,
then ``python tools/build_landmark_cases.py``.
"""

from __future__ import annotations

import csv
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_town_cases import (
    CASES,
    _agree,
    _morfeusz,
    _polish_shape,
    _restore,
    agreeing_adjective,
)

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "landmark_cases.tsv"
#: Each name's genitive, instrumental and locative in a row (Russian, Ukrainian, Polish), so
#: that a summary says the place's own name in the case its preposition governs.
NAME_CASES = DATA / "landmark_name_cases.tsv"
#: (language, name) -> its (genitive, instrumental, locative), filled as the makers run.
TRIPLES: dict[tuple[str, str], tuple[str, ...]] = {}
#: Letters the language's alphabet lacks: a name with one is another language's (Ukrainian has
#: no ё, ъ, ы, э; Russian no і, ї, є, ґ), whose forms the other dictionary only guessed.
_NOT_IN_ALPHABET = {"ru": set("іїєґ"), "uk": set("ёъыэ")}
RULES = DATA / "landmark_case_rules.csv"
_CYRILLIC = re.compile(r"^[А-ЯЁІЇЄҐа-яёіїєґ'’ʼ -]+$")
_GREEK = re.compile(r"^[\u0370-\u03ff\u1f00-\u1fff ]+$")
_LATIN = re.compile(r"^[A-Za-zÀ-ɏ'’ -]+$")
_CZECH_LETTERS = set("ěščřžůťďňĚŠČŘŽŮŤĎŇ")
#: Czech head words of a place's name written without a letter only Czech has.
_CZECH_HEADS = {"socha", "hrad", "most", "hora", "muzeum", "zahrada", "brana"}
_TURKISH_LETTERS = set("çğıöşüâİÇĞŞÖÜÂ")
#: Turkish head words of a place's name in its compound form (no Turkish letter in them).
_TURKISH_HEADS = {"kalesi", "kulesi", "camii", "katedrali", "kilisesi", "bazilikası", "meydanı"}
Rules = dict[tuple[str, str], dict[str, tuple[str, ...]]]


def _rules() -> Rules:
    """``landmark_case_rules.csv``: per (language, kind), each ending and its case forms."""
    out: Rules = {}
    with RULES.open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            cells = (row["gen"], row["ins"], row["loc"])
            out.setdefault((row["lang"], row["kind"]), {})[row["form"]] = cells
    return out


def _ending(
    word: str, table: dict[str, tuple[str, ...]], *, article: bool = False
) -> tuple[str, ...] | None:
    """``word``'s forms by its longest ending in ``table`` (a cell may hold two: "u|ě");
    ``article``: the last cell is an article, kept as it is."""
    low = word.lower()
    for end in sorted(table, key=len, reverse=True):
        if low.endswith(end) and len(word) > len(end):
            stem, cells = word[: len(word) - len(end)], table[end]
            made = [cells[-1]] if article else []
            kept = cells[:-1] if article else cells
            return tuple(["|".join(stem + c for c in cell.split("|")) for cell in kept] + made)
    return None


# --------------------------------------------------------------------------- Russian, Ukrainian


def _pymorphy(lang: str) -> Callable[..., tuple[str, ...] | None]:
    """A Cyrillic name's genitive, instrumental and locative by pymorphy3's dictionary: its
    last noun, or its first with the words after it kept ("Собор Святой Софии"), adjectives
    before it agreeing (``build_town_cases``' rules, any noun of the dictionary)."""
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang=lang)
    grams = {"gen": "gent", "ins": "ablt", "loc": "loct"}

    def noun(word: str) -> Any:
        for p in morph.parse(word):
            t = p.tag
            own = p.normal_form == word.lower() or "plur" in t
            known = p.is_known or word[:1].isupper()  # a foreign name: the predictor's parse
            if t.POS == "NOUN" and t.case == "nomn" and known and own and "Surn" not in t:
                return p
        return None

    def plans(words: list[str]) -> list[list[Any]]:
        """Each way the words decline: nouns side by side each ("Саграды Фамилии"), then the
        first noun alone ("Горы Синай", a generic word before a name), or adjectives agreeing
        with the last noun or the first."""
        out = []
        apposed = [noun(w) for w in words]
        if len(words) > 1 and all(apposed) and all(w[:1].isupper() for w in words):
            out += [apposed, [apposed[0]] + [None] * (len(words) - 1)]
        for i in dict.fromkeys([len(words) - 1, 0]):
            head = noun(words[i])
            parsed: list[Any] = [None]
            if head:
                parsed = [agreeing_adjective(morph, w, head, known=False) for w in words[:i]]
                parsed.append(head)
            if all(p is not None for p in parsed):
                return [*out, parsed + [None] * (len(words) - i - 1)]
        return out

    def forms(name: str, *_: bool) -> tuple[str, ...] | None:
        words = name.replace("ʼ", "'").split(" ")
        out = []
        for parsed in plans(words):
            triple = []
            for case in CASES:
                made = [
                    _agree(p, grams[case]) if p else w for p, w in zip(parsed, words, strict=True)
                ]
                if all(m is not None for m in made):
                    out.append(_restore(" ".join(made), name))  # type: ignore[arg-type]
                    triple.append(out[-1])
            if len(triple) == len(CASES):
                TRIPLES.setdefault((lang, name), tuple(triple))  # the first whole plan's
        return tuple(dict.fromkeys(out)) or None

    return forms


# --------------------------------------------------------------------------- Czech


def _czech_gender(noun: str) -> str:
    low = noun.lower()
    if low.endswith(("a", "e", "ě", "ž", "ď")) or (low.endswith("ost") and len(low) > 4):
        return "f"
    return "n" if low.endswith(("o", "í", "um")) else "m"


def czech(name: str, rules: Rules) -> list[str]:
    """A Czech name's genitive, instrumental and locative forms: adjectives agreeing before the
    last noun ("Pražského hradu"), or a first noun with the words after it kept ("Chrám svatého
    Víta": "Chrámu svatého Víta")."""
    words = name.split(" ")
    out: list[str] = []
    adjective = any(_ending(words[0], rules["cs", k]) for k in ("adj_m", "adj_f", "adj_n"))
    for head in dict.fromkeys([len(words) - 1] + ([] if adjective else [0])):
        noun = words[head]
        made = rules["cs", "name"].get(noun.lower()) or _ending(noun, rules["cs", "noun"])
        adjs = [_ending(w, rules["cs", "adj_" + _czech_gender(noun)]) for w in words[:head]]
        if made is None or any(a is None for a in adjs):
            continue
        if noun[:1].isupper():
            made = tuple(c[:1].upper() + c[1:] for c in made)
        for case in range(3):
            options = [a[case].split("|") for a in adjs] + [made[case].split("|")]  # type: ignore[index]
            for pick in zip(*[o * 2 for o in options], strict=False):
                out.append(" ".join([*pick, *words[head + 1 :]]))
    return out


# --------------------------------------------------------------------------- Greek


def greek(name: str, rules: Rules) -> list[str]:
    """A Greek name's genitive and accusative, bare and after "σε"'s article ("στην Ακρόπολη",
    "στον Λευκό Πύργο"): the first word alone inflected (a genitive after it kept: "Ακρόπολη
    Αθηνών"), or every word, adjectives agreeing with the last ("Κόκκινης Πλατείας")."""
    words = name.split(" ")
    nouns = rules["el", "noun"]
    out: list[str] = []
    first = _ending(words[0], nouns, article=True)
    if first:
        rest = words[1:]
        out += [" ".join([first[0], *rest]), " ".join([first[1], *rest])]
        out += [" ".join([a, first[1], *rest]) for a in _articles(first[2])]
    last = _ending(words[-1], nouns, article=True)
    gender = {"στον": "m", "στην": "f", "στο": "n"}.get(last[2].split("|")[0]) if last else None
    if last and gender and len(words) > 1:
        adjs = [_ending(w, rules["el", "adj_" + gender]) for w in words[:-1]]
        if all(adjs):
            gen = " ".join([*(a[0] for a in adjs), last[0]])  # type: ignore[index]
            acc = " ".join([*(a[1] for a in adjs), last[1]])  # type: ignore[index]
            out += [gen, acc, *(f"{a} {acc}" for a in _articles(last[2]))]
    return out


def _articles(cell: str) -> list[str]:
    """The articles of a rule's cell, and "στη" beside "στην" (the "ν" dropped before most
    consonants: "στη Σαντορίνη")."""
    articles = cell.split("|")
    return articles + ["στη" for a in articles if a == "στην"]


# --------------------------------------------------------------------------- Turkish

_BACK, _FRONT, _ROUND = set("aıou"), set("eiöü"), set("ouöü")
_VOICELESS = set("çfhkpsşt")


def turkish(name: str) -> list[str]:
    """A Turkish name with its dative, accusative, genitive, locative and ablative suffixes
    after an apostrophe (folding joins them: "Ayasofya'ya", "Galata Kulesi'nde")."""
    low = name.replace("I", "ı").replace("İ", "i").lower()
    vowels = [c for c in low if c in _BACK | _FRONT]
    if not vowels:
        return []
    v = vowels[-1]
    a = "a" if v in _BACK else "e"
    i = {"a": "ı", "ı": "ı", "o": "u", "u": "u", "e": "i", "i": "i", "ö": "ü", "ü": "ü"}[v]
    ends_vowel = low[-1] in _BACK | _FRONT
    compound = " " in low and ends_vowel and low[-1] in "ıiuü"
    d = "t" if low[-1] in _VOICELESS else "d"
    if compound:  # "Kulesi'ne", "Kulesi'nde": the pronominal n
        suffixes = [f"n{a}", f"n{i}", f"n{i}n", f"nd{a}", f"nd{a}n"]
    elif ends_vowel:
        suffixes = [f"y{a}", f"y{i}", f"n{i}n", f"d{a}", f"d{a}n"]
    else:
        suffixes = [a, i, f"{i}n", f"{d}{a}", f"{d}{a}n"]
    return [f"{name}'{s}" for s in suffixes]


def _czech_shape(name: str, cc: str) -> bool:
    first_or_last = {w.lower() for w in name.split(" ")[:: max(1, len(name.split(" ")) - 1)]}
    return (
        bool(_CZECH_LETTERS & set(name))
        or (cc in ("CZ", "SK") and bool(set("áéíóúý") & set(name)))
        or bool(first_or_last & _CZECH_HEADS)
    )


def _turkish_shape(name: str, cc: str) -> bool:
    words = name.lower().split(" ")
    return bool(_TURKISH_LETTERS & set(name)) or cc == "TR" or words[-1] in _TURKISH_HEADS


# --------------------------------------------------------------------------- the table


def _rows() -> Iterator[tuple[str, str, list[str]]]:
    """``(key, cc, names)`` of ``famous_places.csv`` and ``landmarks.csv``."""
    with (DATA / "famous_places.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            names = [n.strip() for n in row["names"].split("|") if n.strip()]
            yield row["key"].strip(), row["cc"].strip().upper(), names
    with (DATA / "landmarks.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            names = [row["name"], *(n.strip() for n in row["aliases"].split("|") if n.strip())]
            yield row["key"].strip(), row["country_code"].strip().upper(), names


def _slavic(
    name: str, makers: dict[str, Callable[..., tuple[str, ...] | None]]
) -> Iterator[tuple[str, tuple[str, ...]]]:
    """``(language, forms)`` of a Cyrillic or Polish-shaped name by the dictionaries."""
    if _CYRILLIC.match(name):
        for lang in ("ru", "uk"):
            made = makers[lang](name, True, True)
            if made:
                yield lang, made
                yield lang, tuple(_first_parts_kept(f, name) for f in made)
    elif _LATIN.match(name) and _polish_shape(name, home=False):
        made = makers["pl"](name, True, True, loose=True)
        if made:
            TRIPLES.setdefault(("pl", name), made)  # genitive, instrumental, locative
            yield "pl", made


#: Prepositions that open a town after a Slavic place's name ("Zamek Królewski w Warszawie"):
#: the words before them inflect, the town stays.
_TAIL_PREPOSITIONS = {"w", "we", "na", "v", "ve", "в", "во", "на", "у", "u", "nad", "над"}


def _tail(name: str) -> tuple[str, str]:
    """``name`` cut before its first preposition after a word: ("Zamek Królewski", " w
    Warszawie"), or ``(name, "")``."""
    words = name.split(" ")
    at = next((i for i, w in enumerate(words) if i and w in _TAIL_PREPOSITIONS), len(words))
    return " ".join(words[:at]), "".join(" " + w for w in words[at:])


def _first_parts_kept(form: str, name: str) -> str:
    """``form`` with each hyphenated word's parts but its last as in ``name`` ("Айя-Софии",
    not only "Айи-Софии")."""
    words, typed = form.split(" "), name.split(" ")
    if len(words) != len(typed):
        return form
    return " ".join(
        "-".join([*t.split("-")[:-1], w.split("-")[-1]]) if t.count("-") == w.count("-") else w
        for w, t in zip(words, typed, strict=True)
    )


def _forms(
    key: str, cc: str, names: list[str], rules: Rules, makers: dict
) -> Iterator[tuple[str, str, str]]:
    """``(language, name, form)`` of one famous place's names."""
    for name in names:
        head, tail = _tail(name)
        for lang, made in _slavic(head, makers):
            yield from ((lang, name, f + tail) for f in made)
        if _GREEK.match(name):
            yield from (("el", name, f) for f in greek(name, rules))
        if not _LATIN.match(name):
            continue
        if _czech_shape(name, cc):
            yield from (("cs", name, f + tail) for f in czech(head, rules))
        if _turkish_shape(name, cc):
            yield from (("tr", name, f) for f in turkish(name))


def _guard() -> Callable[[str], bool]:
    """Whether a form may be a famous place's: no town's own name, no kind's word."""
    from mapsnb_sandbox.world.cities import city_index
    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.kinds.table import kind_key, kind_table

    towns, kinds = city_index().by_name, kind_table().by_phrase

    def ok(form: str) -> bool:
        key = fold_text(form)
        return bool(key) and key not in towns and kind_key(form) not in kinds

    return ok


def main() -> None:
    from mapsnb_sandbox.world.landmarks import fold, landmark_index

    rules = _rules()
    makers = {"ru": _pymorphy("ru"), "uk": _pymorphy("uk"), "pl": _morfeusz()}
    OUT.unlink(missing_ok=True)  # the other places' names without this table's forms
    ok, taken = _guard(), set(landmark_index().by_name)
    rows: dict[tuple[str, str], list[str]] = {}
    for key, cc, names in _rows():
        for lang, name, form in _forms(key, cc, names, rules, makers):
            whole = len(form.split()) >= len(name.split())  # no word of it left out
            if whole and form != name and fold(form) not in taken and ok(form):
                made = rows.setdefault((key, lang), [])
                if form not in made:
                    made.append(form)
    head = "# famous places' names in cases (tools/build_landmark_cases.py: sources, licences)\n"
    lines = [f"{k}\t{lang}\t{'|'.join(forms)}" for (k, lang), forms in sorted(rows.items())]
    OUT.write_text(head + "key\tlang\tforms\n" + "\n".join(lines) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(lines)} rows, {OUT.stat().st_size / 1e3:.0f} kB")
    _write_name_cases(ok)


def _write_name_cases(ok: Callable[[str], bool]) -> None:
    """``NAME_CASES``: a row per name of :data:`TRIPLES` whose forms all pass the guard and
    differ from it, in ``town_cases.tsv``'s columns (language, name, genitive, instrumental,
    locative), read with the towns' case forms by ``languages/cases.py``."""
    rows = sorted(
        (lang, name, *forms)
        for (lang, name), forms in TRIPLES.items()
        if len(forms) == 3
        and all(ok(f) for f in forms)
        and forms != (name, name, name)
        and not set(name.lower()) & _NOT_IN_ALPHABET.get(lang, set())
    )
    head = "# famous places' names in their cases: tools/build_landmark_cases.py (sources there)\n"
    text = "".join("\t".join(r) + "\n" for r in rows)
    NAME_CASES.write_text(head + "lang\tname\tgen\tins\tloc\n" + text, encoding="utf-8")
    print(f"{NAME_CASES}: {len(rows)} rows, {NAME_CASES.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
