"""The emulator's words in the asked language, and numbers and distances in that locale's format.

Texts live in ``data/texts/<lang>.json`` (en, pt, es, fr, de, it, pl, ru; ja has only an intro);
a key missing in one language falls back to English. Numbers and units are formatted by Babel.
Inflected town names after a preposition ("в Казани", "w Krakowie") are turned back into the
names the town index knows with the rules of ``data/town_forms.csv``. All loaded on first use.

Road distances (:func:`localized_distance`) are in miles in the United States, the United
Kingdom, Liberia and Myanmar and in metres and kilometres elsewhere. The unit follows the
request's ``region_code``, else the country the route is in, else the language's own region
("en-GB"), else the US for bare "en"; never the language alone, so a detour in Lyon reads
"450 m" in English and in French and parses to the same metres. The decimal separator follows
the language.
"""

from __future__ import annotations

import csv
import functools
import json
from pathlib import Path
from typing import Any

from mapsnb.sandbox.world.landmarks import fold

__all__ = [
    "IMPERIAL",
    "SUPPORTED",
    "aq_category",
    "condition_text",
    "country_in",
    "format_distance",
    "format_number",
    "health_recommendations",
    "language",
    "localized_distance",
    "pollen_advice",
    "pollen_index",
    "pollen_type_name",
    "say",
    "texts",
    "town_candidates",
    "uses_miles",
    "weekday_names",
]

_DATA = Path(__file__).resolve().parents[1] / "data"
SUPPORTED = ("en", "pt", "es", "fr", "de", "it", "pl", "ru", "ja")
#: Health-advice groups, and the group of a translation's shorter list each one reads.
_HEALTH_GROUPS = {
    "generalPopulation": "general",
    "elderly": "sensitive",
    "lungDiseasePopulation": "sensitive",
    "heartDiseasePopulation": "sensitive",
    "athletes": "athletes",
    "pregnantWomen": "sensitive",
    "children": "children",
}


def language(code: str | None) -> str:
    """Two-letter language of a BCP-47 code; unknown or missing means English."""
    lang = (code or "en").replace("-", "_").split("_")[0].lower()
    return lang if lang in SUPPORTED else "en"


@functools.cache
def texts(lang: str) -> dict[str, Any]:
    """Every text of ``lang`` (English where the language has none)."""
    english = json.loads((_DATA / "texts" / "en.json").read_text(encoding="utf-8"))
    if lang == "en" or lang not in SUPPORTED:
        return english
    own = json.loads((_DATA / "texts" / f"{lang}.json").read_text(encoding="utf-8"))
    return {**english, **own}


def say(lang: str, key: str, **values: Any) -> str:
    """The text ``key`` of ``lang`` with ``values`` filled in."""
    return str(texts(lang)[key]).format(**values)


def condition_text(lang: str, cond: str, is_day: bool) -> tuple[str, str]:
    """Weather condition description and the language it is in."""
    table = texts(lang)["conditions"]
    used = lang if cond in table and lang in SUPPORTED and lang != "ja" else "en"
    day, night = texts(used)["conditions"][cond]
    return (day if is_day else night), used


def aq_category(lang: str, english: str) -> str:
    """An air-quality category in ``lang`` (English when not translated)."""
    return str(texts(lang)["aq_categories"].get(english, english))


def health_recommendations(lang: str, level: int) -> dict[str, str]:
    """Health advice for UAQI level 0 (excellent) … 4 (poor), per population group."""
    advice = texts(lang)["health"][level]
    if "generalPopulation" in advice:
        return dict(advice)
    return {key: str(advice[group]) for key, group in _HEALTH_GROUPS.items()}


def pollen_index(lang: str, value: int) -> tuple[str, str]:
    """Universal Pollen Index category and description of ``value`` (0..5)."""
    name, text = texts(lang)["pollen_index"][value]
    return str(name), str(text)


def pollen_advice(lang: str, level: str) -> list[str]:
    """Pollen health advice for ``level`` ("low", "mid", "high" or "off")."""
    return list(texts(lang)["pollen_advice"][level])


def pollen_type_name(lang: str, code: str) -> str:
    """Display name of a pollen type (TREE, GRASS, WEED)."""
    return str(texts(lang)["pollen_types"][code])


@functools.lru_cache(maxsize=1024)
def format_distance(meters: float, lang: str = "en") -> str:
    """``"850 m"`` / ``"1.4 km"`` in ``lang``'s number format (Babel)."""
    from babel.units import format_unit

    locale = lang if lang in SUPPORTED else "en"
    rounded = round(meters, -1)
    if rounded < 1000:
        return str(format_unit(int(rounded), "length-meter", length="short", locale=locale))
    return str(
        format_unit(
            round(meters / 1000, 1),
            "length-kilometer",
            length="short",
            locale=locale,
            format="#,##0.0",
        )
    )


#: Countries whose road distances are in miles.
IMPERIAL = frozenset({"US", "GB", "LR", "MM"})
_DECIMAL_COMMA = frozenset({"pt", "fr", "de", "ru", "es", "it", "pl"})


def uses_miles(language: str, region: str | None = None, country: str | None = None) -> bool:
    """Whether road distances are in miles for this request (see the module docstring)."""
    parts = language.replace("_", "-").split("-")
    lang = parts[0].lower()
    where = (region or country or (parts[1] if len(parts) > 1 else "")).upper()
    if not where and lang == "en":
        where = "US"
    return where in IMPERIAL


def localized_distance(
    meters: float, language: str = "en-US", region: str | None = None, country: str | None = None
) -> str:
    """Display text for a distance: ``"1.2 mi"``, ``"850 ft"``, ``"1.9 km"``, ``"850 m"``,
    ``"1,9 km"`` (decimal comma for pt, fr, de, ru, es, it, pl). ``region`` is the request's
    region code, ``country`` the code of the country the route is in."""
    lang = language.replace("_", "-").split("-")[0].lower()
    if uses_miles(language, region, country):
        miles = meters / 1609.344
        text = f"{round(meters * 3.28084, -1):.0f} ft" if miles < 0.1 else f"{miles:.1f} mi"
    elif round(meters, -1) < 1000:  # 996 m is "1.0 km", not "1000 m"
        text = f"{round(meters, -1):.0f} m"
    else:
        text = f"{meters / 1000:.1f} km"
    return text.replace(".", ",") if lang in _DECIMAL_COMMA else text


@functools.lru_cache(maxsize=256)
def format_number(value: float, lang: str = "en", pattern: str | None = None) -> str:
    """``value`` in ``lang``'s number format ("4.3" / "4,3")."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=pattern, locale=lang if lang in SUPPORTED else "en"))


@functools.lru_cache(maxsize=1024)
def country_in(cc: str, lang: str = "en") -> str:
    """Name of country ``cc`` in ``lang`` (the emulator's English name for English)."""
    from mapsnb.sandbox.world.cities import country_name

    if lang == "en" or lang not in SUPPORTED:
        return country_name(cc)
    from babel import Locale

    return str(Locale.parse(lang).territories.get(cc.upper()) or country_name(cc))


@functools.lru_cache(maxsize=16)
def weekday_names(lang: str = "en") -> tuple[str, str, str, str]:
    """Abbreviated Monday, Friday, Saturday and Sunday in ``lang`` (Babel)."""
    from babel.dates import get_day_names

    names = get_day_names("abbreviated", locale=lang if lang in SUPPORTED else "en")
    return str(names[0]), str(names[4]), str(names[5]), str(names[6])


# --------------------------------------------------------------------------- town forms


@functools.cache
def _town_forms() -> tuple[dict[str, str], tuple[tuple[str, str], ...]]:
    names: dict[str, str] = {}
    suffixes: list[tuple[str, str]] = []
    with (_DATA / "town_forms.csv").open(encoding="utf-8", newline="") as fh:
        rows = csv.DictReader(line for line in fh if not line.startswith("#"))
        for row in rows:
            if row["kind"] == "name":
                names[fold(row["form"])] = row["replacement"]
            elif row["kind"] == "suffix":
                suffixes.append((row["form"], row["replacement"] or ""))
    return names, tuple(suffixes)


def town_candidates(text: str) -> list[str]:
    """Other spellings of a town name to try: a known form, then de-inflected endings."""
    names, suffixes = _town_forms()
    words = text.strip(" ,?!.").split(" ")
    head, rest = words[0], words[1:]
    out: list[str] = []
    known = names.get(fold(text))
    if known:
        out.append(known)
    first = names.get(fold(head))
    if first:
        out.append(" ".join([first, *rest]))
    for i in range(len(words)):
        word = words[i]
        for ending, replacement in suffixes:
            if len(word) > len(ending) + 2 and word.lower().endswith(ending):
                fixed = word[: len(word) - len(ending)] + replacement
                out.append(" ".join([*words[:i], fixed, *words[i + 1 :]]))
    out += [names[fold(c)] for c in out if fold(c) in names]
    seen: set[str] = set()
    return [c for c in out if not (c in seen or seen.add(c))]  # type: ignore[func-returns-value]
