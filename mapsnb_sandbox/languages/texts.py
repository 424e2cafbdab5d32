"""The emulator's words in the asked language, and numbers and distances in that locale's format.

Texts live in ``data/texts/<lang>.json`` (:data:`SUPPORTED`: 28 languages); a key missing in one
language falls back to English. A language with no texts answers in English *and says so*: every
opening text (:data:`OPENING_KEYS`) gets :func:`english_note`. Numbers, units, weekday and country
names come from Babel (CLDR) for every language Babel knows, texts or not (:func:`babel_locale`;
Babel is imported on first use). Which town a text names is the resolver's
(:mod:`mapsnb_sandbox.world.resolver`); here only how a summary spells it, in the case a text
asks for (``{where:gen}``, :mod:`mapsnb_sandbox.languages.cases`). All loaded on first use.

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
import re
from pathlib import Path
from typing import Any

from mapsnb_sandbox.languages.cases import TownName
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.names.forms import script_rules, town_candidates
from mapsnb_sandbox.world.names.spelling import typed_town_name
from mapsnb_sandbox.world.regions import region_of_id, regions_named

__all__ = [
    "DEFAULT_LANGUAGE",
    "IMPERIAL",
    "OPENING_KEYS",
    "SUPPORTED",
    "aq_category",
    "babel_locale",
    "condition_text",
    "country_ablative",
    "country_allative",
    "country_in",
    "country_in_sentence",
    "country_locative",
    "english_note",
    "format_distance",
    "format_number",
    "health_recommendations",
    "language",
    "localized_distance",
    "plural_category",
    "pollen_advice",
    "pollen_index",
    "pollen_type_name",
    "region_in",
    "say",
    "texts",
    "town_in",
    "uses_miles",
    "weekday_names",
]

_DATA = Path(__file__).resolve().parents[1] / "data"
#: Languages with a text file in ``data/texts``.
SUPPORTED = (
    *("en", "pt", "es", "fr", "de", "it", "pl", "ru", "ja", "zh", "hi", "ar", "id", "tr"),
    *("vi", "ko", "fa", "bn", "ur", "sw", "th", "uk", "nl", "sv", "el", "he", "ro", "cs"),
)
#: The language of an answer when none is asked (and of every text a language lacks).
DEFAULT_LANGUAGE = SUPPORTED[0]
#: Texts that open an answer: in a language without texts they carry :func:`english_note`.
OPENING_KEYS = frozenset(
    {
        "intro_nearby",
        "intro_nearby_one",
        "intro_free",
        "intro_in",
        "intro_in_one",
        "intro_free_in",
        "intro_in_at",
        "intro_in_one_at",
        "intro_free_in_at",
        "intro_single",
        "no_match",
        "unknown_town",
        "unknown_phrase",
        "unread_words",
        "needs_location",
        "empty_area",
        "intro_along",
        "intro_along_to",
        "intro_along_from",
        "intro_along_from_to",
        "along_no_route",
        "along_none",
    }
)
#: Values of a text that name a town: they format in the case a text asks for (``{where:gen}``).
_TOWN_KEYS = frozenset({"where", "start", "end"})
#: Deprecated language subtags still sent by some clients, and their current ones.
_OLD_CODES = {"iw": "he", "in": "id", "ji": "yi", "jw": "jv", "mo": "ro", "tl": "fil"}
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
    """Primary language subtag of a BCP-47 code, lower case ("pt-BR" -> "pt"); missing means
    English. Any well-formed subtag is kept, texts or not: the answer says when it is English."""
    lang = (code or "en").replace("-", "_").split("_")[0].lower()
    if not (2 <= len(lang) <= 3 and lang.isascii() and lang.isalpha()):
        return "en"
    return _OLD_CODES.get(lang, lang)


@functools.cache
def babel_locale(lang: str) -> str:
    """The Babel locale for ``lang``'s numbers, units and names ("en" when Babel lacks it)."""
    from babel import Locale, UnknownLocaleError

    try:
        Locale.parse(lang)
    except (UnknownLocaleError, ValueError, TypeError):
        return "en"
    return lang


@functools.cache
def english_note(lang: str) -> str:
    """``""`` for a language with texts, else a note that the answer's text is in English."""
    if lang in SUPPORTED:
        return ""
    from babel import Locale

    name = Locale("en").languages.get(lang) if babel_locale(lang) != "en" else None
    named = f"{name} ({lang})" if name else f"“{lang}”"
    return f"[Note: the emulator has no texts in {named}, so this text is in English.]"


@functools.cache
def texts(lang: str) -> dict[str, Any]:
    """Every text of ``lang`` (English where the language has none)."""
    english: dict[str, Any] = json.loads((_DATA / "texts" / "en.json").read_text(encoding="utf-8"))
    if lang == "en" or lang not in SUPPORTED:
        return english
    own = json.loads((_DATA / "texts" / f"{lang}.json").read_text(encoding="utf-8"))
    return {**english, **own}


#: An English word that takes "an": a vowel sound first ("an airport", "an hour"), not a
#: vowel letter read as "you" or "wuh" ("a university", "a one-stop shop").
_AN = re.compile(r"(?:[aeio](?!ne\b|nce\b)|u(?!ni|s[aeiu]|ti|r[aeiou]|ka)|hour|honou?r|heir)", re.I)


def _english_article(text: str, kind: str) -> str:
    """``text`` with "a {kind}" made "an {kind}" where the kind's sound asks for it."""
    return text.replace(f" a {kind}", f" an {kind}") if _AN.match(kind) else text


#: Values of a text that count what its noun names ("{n} results", "{reviews} reviews",
#: "{m} λεπτά").
_COUNT_KEYS = ("n", "reviews", "m")


@functools.lru_cache(maxsize=1024)
def plural_category(lang: str, count: int) -> str:
    """CLDR's plural category of ``count`` in ``lang`` (Babel): "one", "two", "few", "many",
    "zero" or "other" ("few" is Russian 2-4 and 22-24, Romanian 2-19 and 101-119 (no "de"),
    Arabic 3-10; "many" Arabic 11-99; "two" Arabic's dual)."""
    from babel import Locale

    return str(Locale.parse(babel_locale(lang)).plural_form(count))


def _template(lang: str, key: str, values: dict[str, Any]) -> str:
    """The text ``key`` of ``lang``; a text given per plural category (a mapping with an
    "other" entry) in the form its count's category takes."""
    text = texts(lang)[key]
    if not isinstance(text, dict):
        return str(text)
    count = next((values[k] for k in _COUNT_KEYS if isinstance(values.get(k), int)), None)
    category = plural_category(lang, count) if count is not None else "other"
    return str(text.get(category, text["other"]))


def _place_name(value: str, lang: str) -> TownName:
    """A text's place name that formats in the case its spec asks, with the apposition noun
    its kind (:class:`~mapsnb_sandbox.languages.cases.Anchor`, else a town) takes in ``lang``."""
    kind = getattr(value, "kind", "town")
    nouns = texts(lang).get("apposition", {}).get(kind)
    return TownName(value, lang, kind=kind, nouns=nouns)


#: Russian consonants, and Polish vowels: a preposition's vowel is heard before a cluster.
_RU_CONSONANT = "бвгджзйклмнпрстфхцчшщ"
_PL_VOWEL = "aąeęioóuyAĄEĘIOÓUY"
#: French vowels: "de" elides before one ("de Oslo" -> "d’Oslo"; not before "h", aspirate
#: in "de Hambourg").
_FR_VOWEL = "aàâäeéèêëiîïoôöuùûüyAÀÂÄEÉÈÊËIÎÏOÔÖUÙÛÜY"


def _contracted(pairs: dict[str, str]) -> tuple[tuple[re.Pattern[str], str], ...]:
    """Patterns that join a preposition and the article of a place's name into one word, as
    the grammars write them ("de la Crète" stays, "de le" -> "du"; Italian "a la Corsica" ->
    "alla Corsica", Serianni, *Grammatica italiana* IV.79; Portuguese "de a Madeira" -> "da
    Madeira", Cunha & Cintra; Spanish "de el" -> "del", RAE): an island's name carries its
    article (:func:`~mapsnb_sandbox.world.names.islands.island_in`)."""
    return tuple(
        (re.compile(rf"(?<![\w’'-]){re.escape(two)}(?=[ \w])" if two.endswith("’") else
                    rf"(?<![\w’'-]){re.escape(two)} "), one if one.endswith("’") else one + " ")
        for two, one in pairs.items()
    )  # fmt: skip


#: Prepositions that take a vowel before a word opening with a cluster of like consonants
#: (Russian: "со" before с, з, ш, ж + consonant and "во" before в, ф + consonant, "рядом со
#: Смоленском", "во Владимире"; Polish: "ze" before s, z, ś, ź, ż, sz, rz + consonant and "we"
#: before w, f + consonant, "ze Szczecina", "we Wrocławiu"; Rosenthal, Справочник по
#: правописанию и стилистике; Wielki słownik poprawnej polszczyzny PWN).
_VOWELLED = {
    "ru": (
        (re.compile(rf"(?<![\w-])([сС]) (?=[сСзЗшШжЖ][{_RU_CONSONANT}])"), r"\1о "),
        (re.compile(rf"(?<![\w-])([вВ]) (?=[вВфФ][{_RU_CONSONANT}])"), r"\1о "),
    ),
    "pl": (
        (re.compile(rf"(?<![\w-])([zZ]) (?=(?:[sSzZśŚźŹżŻ]|[sSrR]z)[^{_PL_VOWEL}\s])"), r"\1e "),
        (re.compile(rf"(?<![\w-])([wW]) (?=[wWfF][^{_PL_VOWEL}\s])"), r"\1e "),
    ),
    "fr": (
        (re.compile(rf"(?<![\w-])([dD])e (?=[{_FR_VOWEL}])"), "\\1\u2019"),  # "d’Oslo"
        *_contracted({"de le": "du", "à le": "au", "de les": "des", "à les": "aux"}),
    ),
    "it": _contracted(
        {"a la": "alla", "da la": "dalla", "di la": "della", "in la": "nella"}
        | {"a l’": "all’", "da l’": "dall’", "di l’": "dell’", "in l’": "nell’"}
    ),
    "pt": _contracted(
        {"de a": "da", "de o": "do", "em a": "na", "em o": "no", "a a": "à", "a o": "ao"}
    ),
    "es": _contracted({"de el": "del", "a el": "al"}),
}


def _vowelled(lang: str, text: str) -> str:
    """``text`` with the prepositions of :data:`_VOWELLED` in the form the next word asks."""
    for pattern, form in _VOWELLED.get(lang, ()):
        text = pattern.sub(form, text)
    return text


def say(lang: str, key: str, **values: Any) -> str:
    """The text ``key`` of ``lang`` with ``values`` filled in: in the plural form of its count
    (:func:`_template`), its place names in their case (:func:`_place_name`), its prepositions
    in the form the next word asks (:func:`_vowelled`); an opening text in a language without
    texts ends with :func:`english_note`."""
    at = getattr(values.get("where"), "at", "")
    if at and "at" not in values:  # "en France": a country's locative (country_locative)
        values = {**values, "at": at}
    to = getattr(values.get("end"), "to", "")
    if to and "to" not in values:  # "aux Pays-Bas": a country's allative (country_allative)
        values = {**values, "to": to}
    away = getattr(values.get("start"), "away", "")
    if away and "from" not in values:  # "du Portugal": a country's ablative (country_ablative)
        values = {**values, "from": away}
    towns = {
        k: _place_name(v, lang) for k, v in values.items() if k in _TOWN_KEYS and isinstance(v, str)
    }
    text = _vowelled(lang, _template(lang, key, values).format(**{**values, **towns}))
    if "kind" in values and (lang == "en" or lang not in SUPPORTED):  # English: "an airport"
        text = _english_article(text, str(values["kind"]))
    note = english_note(lang) if key in OPENING_KEYS else ""
    return f"{text} {note}" if note else text


def condition_text(lang: str, cond: str, is_day: bool) -> tuple[str, str]:
    """Weather condition description and the language it is in."""
    table = texts(lang)["conditions"]
    used = lang if cond in table and lang in SUPPORTED else "en"
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

    locale = babel_locale(lang)
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
    ``"1,9 km"`` (the language's decimal separator, from Babel). ``region`` is the request's
    region code, ``country`` the code of the country the route is in."""
    lang = language.replace("_", "-").split("-")[0].lower()
    if uses_miles(language, region, country):
        miles = meters / 1609.344
        text = f"{round(meters * 3.28084, -1):.0f} ft" if miles < 0.1 else f"{miles:.1f} mi"
    elif round(meters, -1) < 1000:  # 996 m is "1.0 km", not "1000 m"
        text = f"{round(meters, -1):.0f} m"
    else:
        text = f"{meters / 1000:.1f} km"
    return text.replace(".", _decimal_symbol(_OLD_CODES.get(lang, lang)))


@functools.cache
def _decimal_symbol(lang: str) -> str:
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(babel_locale(lang)))


@functools.lru_cache(maxsize=256)
def format_number(value: float, lang: str = "en", pattern: str | None = None) -> str:
    """``value`` in ``lang``'s number format ("4.3" / "4,3")."""
    from babel.numbers import format_decimal

    return str(format_decimal(value, format=pattern, locale=babel_locale(lang)))


@functools.lru_cache(maxsize=1024)
def country_in(cc: str, lang: str = "en") -> str:
    """Name of country ``cc`` in ``lang`` (the emulator's English name for English)."""
    from mapsnb_sandbox.world.cities import country_name

    if lang == "en" or babel_locale(lang) == "en":
        return country_name(cc)
    from babel import Locale

    return str(Locale.parse(babel_locale(lang)).territories.get(cc.upper()) or country_name(cc))


#: English country names said with "the": a common noun in the name, or a plural form (Quirk
#: et al., A Comprehensive Grammar of the English Language, proper nouns with the definite
#: article: "the United States", "the Netherlands", "the Philippines"; a plain name takes
#: none: "in Norway").
_ENGLISH_THE = re.compile(
    r"\b(?:Republic|Kingdom|States|Islands|Emirates|Federation|Union)\b"
    r"|^(?:USA|UAE|Netherlands|Philippines|Bahamas|Maldives|Seychelles|Comoros|Gambia)$"
)


@functools.cache
def _locatives() -> dict[tuple[str, str], tuple[str, str, str]]:
    with (_DATA / "country_locatives.csv").open(encoding="utf-8", newline="") as f:
        rows = csv.DictReader(line for line in f if not line.startswith("#"))
        return {(r["code"], r["lang"]): (r["phrase"], r["to"], r["from"]) for r in rows}


def country_locative(cc: str, lang: str) -> str | None:
    """How ``lang`` says "in" country ``cc``, its preposition and article written as the
    language writes them ("en France", "au Japon", "im Iran", "negli Stati Uniti"; built by
    ``tools/build_country_locatives.py``); ``None`` where the article is not known."""
    return _locatives().get((cc.upper(), lang), (None, "", ""))[0]


def country_allative(cc: str, lang: str) -> str | None:
    """How ``lang`` says "to" country ``cc``, where a route ends ("aux Pays-Bas", "in die
    Schweiz", "in den Iran", "al Reino Unido", "à Itália"; the ``to`` column of
    ``data/country_locatives.csv``); ``None`` where it is not known."""
    return _locatives().get((cc.upper(), lang), (None, "", ""))[1] or None


def country_ablative(cc: str, lang: str) -> str | None:
    """How ``lang`` says "from" country ``cc``, where a route starts ("du Portugal", "von der
    Schweiz", "vom Iran", "del Reino Unido", "dos Estados Unidos"; the ``from`` column of
    ``data/country_locatives.csv``); ``None`` where it is not known."""
    return _locatives().get((cc.upper(), lang), (None, "", ""))[2] or None


def country_in_sentence(cc: str, lang: str) -> str:
    """Country ``cc``'s name for a sentence in ``lang`` ("the Netherlands" in English)."""
    name = country_in(cc, lang)
    if lang != "en":
        return name
    bare = name.removeprefix("The ")
    return f"the {bare}" if _ENGLISH_THE.search(bare) else bare


@functools.lru_cache(maxsize=16)
def weekday_names(lang: str = "en") -> tuple[str, str, str, str]:
    """Abbreviated Monday, Friday, Saturday and Sunday in ``lang`` (Babel)."""
    from babel.dates import get_day_names

    names = get_day_names("abbreviated", locale=babel_locale(lang))
    return str(names[0]), str(names[4]), str(names[5]), str(names[6])


# --------------------------------------------------------------------------- town names


#: Languages whose own script a typed town name is kept in (uninflected after their particles).
_OWN_SCRIPT = {
    "zh": ("\u3400", "\u9fff"),
    "ja": ("\u3040", "\u9fff"),
    "ko": ("\uac00", "\ud7af"),
    "th": ("\u0e00", "\u0e7f"),
    "hi": ("\u0900", "\u097f"),
    "bn": ("\u0980", "\u09ff"),
    "ar": ("\u0600", "\u06ff"),
    "fa": ("\u0600", "\u06ff"),
    "ur": ("\u0600", "\u06ff"),
    "he": ("\u0590", "\u05ff"),
    "el": ("\u0370", "\u03ff"),
}


#: Languages written in Cyrillic; the others without an :data:`_OWN_SCRIPT` are in Latin.
_CYRILLIC = ("ru", "uk")


def _glued_endings(lang: str) -> list[str]:
    """Case endings ``lang`` glues to a town's name in its own script (Bengali locative)."""
    rules = script_rules()["glued_endings"]
    return [e for r in rules if r["language"] == lang and r["span"] for e in r["endings"]]  # type: ignore[attr-defined]


def town_in(name: str, typed: str, lang: str, place_id: str | None = None) -> str:
    """The town's name for a summary in ``lang``: the asker's own spelling when it is written
    in the language's script ("北京" for Beijing in Chinese, "القاهرة" in Arabic); in a Latin
    or Cyrillic language, the town's name as the asker typed it or its de-inflected form
    ("Varsovie", "Москва" of "в Москве", with the town's ``place_id``); else the index's
    name."""
    span = _OWN_SCRIPT.get(lang)
    text = typed.strip(" ,?!.")
    if not text or len(text) > 40:
        return name
    if span is None:
        if not place_id:
            return name
        return typed_town_name(name, text, place_id, cyrillic=lang in _CYRILLIC)
    if any(span[0] <= c <= span[1] for c in name):  # the index's own name is in the script
        return name
    letters = [c for c in text if c.isalpha()]
    if not letters or not all(span[0] <= c <= span[1] for c in letters):
        return name
    if lang == "he" and text[:1] in "בלמ" and len(text) > 3:
        return text[1:]  # "בחיפה" (in Haifa) -> "חיפה"
    for ending in _glued_endings(lang):
        if text.endswith(ending) and len(text) > len(ending) + 1:
            return text[: -len(ending)]  # "ঢাকায়" (in Dhaka) -> "ঢাকা"
    return text


#: Latin-script languages whose place names keep their form after a preposition: a region's
#: name is shown as the asker typed it there ("im Suchgebiet „Bayern“", "en Baviera").
_UNINFLECTED = frozenset({"en", "pt", "es", "fr", "it", "nl", "sv", "de", "id", "vi", "sw", "ro"})


def region_in(name: str, typed: str, lang: str, place_id: str) -> str:
    """A first-level region's name for a summary in ``lang``: in a language of
    :data:`_UNINFLECTED`, the asker's text when it is one of the region's names ("Bayern",
    "Bavière"; a misspelling is not echoed); in another, the text or its first form that is
    ("Toskania" of "w Toskanii", for "w regionie …"); else as :func:`town_in` names it."""
    text = typed.strip(" ,?!.")
    region = region_of_id(place_id) if text else None
    forms = [text] if lang in _UNINFLECTED else [text, *town_candidates(text)]  # "Toskanii"
    for form in forms if region is not None else ():
        if fold_text(form) != fold_text(name) and region in regions_named(fold_text(form)):
            return form[:1].upper() + form[1:]
    return town_in(name, typed, lang, place_id)
