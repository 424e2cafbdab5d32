"""Sweep the emulator's summaries in the 28 languages and check them against rules stated from
grammars (issue 40, round 21; benchmarks/README.md "Summaries in the 28 languages").

Every tool is called through the emulator (``Sandbox.call_tool``) for a fixed sample per
language: ``search_places`` with a kind in three towns, in seven countries and near two famous
places (one typed in a case form where the language declines: "рядом с Красной площадью");
``search_along_route`` town -> town, town -> each country, Switzerland -> town;
``compute_routes`` town ->
country; ``lookup_weather``; ``resolve_names``. The truth is typed here, not read from the
emulator's tables:

* towns by CLDR's exemplar cities of time zones in the language (Babel), countries by CLDR's
  territory names; the kind and the landmark phrases typed by hand per language;
* ``script``: a place named in a language written in its own script (Cyrillic, Greek, Arabic,
  Hebrew, Devanagari, Bengali, Thai, Hangul, kana and Han) holds no Latin letter unless typed so;
* ``english``: a place is not named by its English name where the language's name differs and
  the asker did not type it;
* ``prep``: no preposition doubled ("à en Italie", "nach in die"), and a country after the
  route's "to" in the allative the grammars give (French: Grevisse, *Le Bon Usage* §1050, "en"
  before a feminine name or one opening with a vowel, "au" a masculine, "aux" a plural, the
  same for the place one goes to; German: Duden, *Die Grammatik*, "nach" before a name without
  article, "in" + accusative article before one with it, "in die Schweiz", "in den Iran";
  Spanish: RAE, DPD "a" (+ "al"); Italian: Serianni, *Grammatica italiana* VIII.81, "in" as in
  the locative; Portuguese: Cunha & Cintra, "a" + article, "à Itália", "ao Irã", "a
  Portugal"; Dutch: "naar", "naar de Verenigde Staten"), the same phrases' locatives in a
  country search (or the neutral "search area" label), and a route from Switzerland in the
  ablative ("de Suisse", "von der Schweiz", "de Suiza", "da Suíça", "dalla Svizzera", "van
  Zwitserland"); in Russian, Ukrainian, Polish and
  Czech no CLDR nominative right after "до", "від", "do", "z", "od" (a case form or an
  apposition noun first);
* ``elision``: French "de", "le", "la", "que" and Italian "lo", "la" and their articled
  prepositions elide before a vowel ("d’Oslo", "dell’Italia");
* ``weather``: the condition's text is in the asked language;
* ``island`` (round 22): a search near an island and a route to it name it by its name in the
  language (Wikipedia's article titles, typed here: "Крит", "Majorque", "Córsega"), after the
  preposition in the case or with the article the grammars give: Russian's instrumental after
  "рядом с" and genitive after "от", "до" (Rosenthal), Ukrainian's and Polish's genitive after
  "поблизу", "w pobliżu" (Vyhovanets; PWN), Czech's genitive or "ostrova" + the nominative
  after "poblíž"; French "la" before a big island near Europe, none before a small one
  (Grevisse §1050: "la Crète", "la Corse", "Majorque"), Italian "alla Corsica" but "a Creta"
  (Serianni VIII.81), Portuguese "da Córsega" but "de Creta" (Cunha & Cintra), Spanish none,
  German none ("von Kreta"), Greek the article ("στην Κρήτη") or "στο νησί" + the name.

Addresses in the place paragraphs ("ул. Мира, 12, Moscow, Russia") are counted apart, not in
the clean share: answers whose addresses name a town of the sample in English (``town-en``), or
a country by its English CLDR name (``country-en``).

``python tools/sweep_summaries.py [--lang LANG ...] [--show]`` prints per language the checked
summaries, the clean share and the faults by class; ``--show`` prints every fault.
"""

from __future__ import annotations

import argparse
import itertools
import re
import sys
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from mapsnb._read.summary import plain_text
from mapsnb_sandbox import Sandbox
from mapsnb_sandbox.contract.common import SandboxToolError

LANGS = (
    *("en", "pt", "es", "fr", "de", "it", "pl", "ru", "ja", "zh", "hi", "ar", "id", "tr"),
    *("vi", "ko", "fa", "bn", "ur", "sw", "th", "uk", "nl", "sv", "el", "he", "ro", "cs"),
)
#: The towns searched, by their time zone (CLDR's exemplar city names them in each language).
TOWN_ZONES = ("Europe/Paris", "Europe/Rome", "Asia/Tokyo")
#: Route ends: (start town's zone, country code).
TO_COUNTRY = (
    ("Europe/Zurich", "IT"),
    ("Europe/Brussels", "NL"),
    ("Europe/Madrid", "PT"),
    ("Europe/Berlin", "CH"),
    ("Asia/Baghdad", "IR"),
    ("America/Toronto", "US"),
    ("Europe/Brussels", "FR"),
)
#: "pharmacy" in each language (typed from dictionaries).
KIND = {
    "en": "pharmacy", "pt": "farmácia", "es": "farmacia", "fr": "pharmacie", "de": "Apotheke",
    "it": "farmacia", "pl": "apteka", "ru": "аптека", "ja": "薬局", "zh": "药店",
    "hi": "दवाखाना", "ar": "صيدلية", "id": "apotek", "tr": "eczane", "vi": "nhà thuốc",
    "ko": "약국", "fa": "داروخانه", "bn": "ফার্মেসি", "ur": "فارمیسی", "sw": "duka la dawa",
    "th": "ร้านขายยา", "uk": "аптека", "nl": "apotheek", "sv": "apotek", "el": "φαρμακείο",
    "he": "בית מרקחת", "ro": "farmacie", "cs": "lékárna",
}  # fmt: skip
#: The Eiffel Tower as each language names it (Wikipedia's article titles).
EIFFEL = {
    "en": "Eiffel Tower", "pt": "Torre Eiffel", "es": "Torre Eiffel", "fr": "tour Eiffel",
    "de": "Eiffelturm", "it": "Torre Eiffel", "pl": "Wieża Eiffla", "ru": "Эйфелева башня",
    "ja": "エッフェル塔", "zh": "埃菲尔铁塔", "hi": "एफ़िल टॉवर", "ar": "برج إيفل",
    "id": "Menara Eiffel", "tr": "Eyfel Kulesi", "vi": "Tháp Eiffel", "ko": "에펠탑",
    "fa": "برج ایفل", "bn": "আইফেল টাওয়ার", "ur": "ایفل ٹاور", "sw": "Mnara wa Eiffel",
    "th": "หอไอเฟล", "uk": "Ейфелева вежа", "nl": "Eiffeltoren", "sv": "Eiffeltornet",
    "el": "Πύργος του Άιφελ", "he": "מגדל אייפל", "ro": "Turnul Eiffel", "cs": "Eiffelova věž",
}  # fmt: skip
#: Red Square after a preposition that governs a case, where the language declines (typed from
#: the grammars: instrumental after "рядом с", genitive after "біля", "u", locative after "przy").
RED_SQUARE = {
    "ru": ("рестораны рядом с Красной площадью", "Красная площадь"),
    "uk": ("ресторани біля Червоної площі", "Червона площа"),
    "pl": ("restauracje przy Placu Czerwonym", "Plac Czerwony"),
    "cs": ("restaurace u Rudého náměstí", "Rudé náměstí"),
    "tr": ("Kızıl Meydan'a yakın restoranlar", "Kızıl Meydan"),
    "el": ("εστιατόρια κοντά στην Κόκκινη Πλατεία", "Κόκκινη Πλατεία"),
}
#: "to <country>" (allative) and "in <country>" (locative) as the grammars of the module
#: docstring write them, for the sample's countries.
ALLATIVE = {
    "fr": {"IT": "en Italie", "NL": "aux Pays-Bas", "PT": "au Portugal", "CH": "en Suisse",
           "IR": "en Iran", "US": "aux États-Unis", "FR": "en France"},
    "de": {"IT": "nach Italien", "NL": "in die Niederlande", "PT": "nach Portugal",
           "CH": "in die Schweiz", "IR": "in den Iran", "US": "in die Vereinigten Staaten",
           "FR": "nach Frankreich"},
    "es": {"IT": "a Italia", "NL": "a los Países Bajos", "PT": "a Portugal", "CH": "a Suiza",
           "IR": "a Irán", "US": "a Estados Unidos", "FR": "a Francia"},
    "it": {"IT": "in Italia", "NL": "nei Paesi Bassi", "PT": "in Portogallo",
           "CH": "in Svizzera", "IR": "in Iran", "US": "negli Stati Uniti", "FR": "in Francia"},
    "pt": {"IT": "à Itália", "NL": "aos Países Baixos", "PT": "a Portugal", "CH": "à Suíça",
           "IR": "ao Irã", "US": "aos Estados Unidos", "FR": "à França"},
    "nl": {"IT": "naar Italië", "NL": "naar Nederland", "PT": "naar Portugal",
           "CH": "naar Zwitserland", "IR": "naar Iran", "US": "naar de Verenigde Staten",
           "FR": "naar Frankrijk"},
}  # fmt: skip
#: "from <country>" (ablative) for a route from Switzerland (Grevisse "de Suisse"; Duden "von der
#: Schweiz"; RAE "de Suiza"; Cunha & Cintra "da Suíça"; Serianni "dalla Svizzera").
ABLATIVE = {"fr": "de Suisse", "de": "von der Schweiz", "es": "de Suiza", "pt": "da Suíça",
            "it": "dalla Svizzera", "nl": "van Zwitserland"}  # fmt: skip
LOCATIVE = {
    "fr": {"IT": "en Italie", "NL": "aux Pays-Bas", "PT": "au Portugal", "CH": "en Suisse",
           "IR": "en Iran", "US": "aux États-Unis", "FR": "en France"},
    "de": {"IT": "in Italien", "NL": "in den Niederlanden", "PT": "in Portugal",
           "CH": "in der Schweiz", "IR": "im Iran", "US": "in den Vereinigten Staaten",
           "FR": "in Frankreich"},
    "es": {"IT": "en Italia", "NL": "en los Países Bajos", "PT": "en Portugal",
           "CH": "en Suiza", "IR": "en Irán", "US": "en Estados Unidos", "FR": "en Francia"},
    "it": ALLATIVE["it"],
    "pt": {"IT": "na Itália", "NL": "nos Países Baixos", "PT": "em Portugal", "CH": "na Suíça",
           "IR": "no Irã", "US": "nos Estados Unidos", "FR": "na França"},
    "nl": {"IT": "in Italië", "NL": "in Nederland", "PT": "in Portugal", "CH": "in Zwitserland",
           "IR": "in Iran", "US": "in de Verenigde Staten", "FR": "in Frankrijk"},
}  # fmt: skip
#: The neutral label a country search may use instead of its locative.
NEUTRAL = {"fr": "zone de recherche", "pt": "área de pesquisa", "de": "Suchgebiet",
           "it": "area di ricerca", "nl": "zoekgebied"}  # fmt: skip
#: Prepositions of place and direction (grammars above): two in a row are doubled.
PREPOSITIONS = {
    "fr": {"à", "en", "au", "aux", "de", "du", "des", "près", "dans"},
    "de": {"nach", "in", "im", "ins", "von", "vom", "aus", "bei", "nahe"},
    "es": {"a", "al", "en", "de", "del", "cerca"},
    "it": {"a", "in", "nel", "nella", "nei", "negli", "da", "dal", "dalla", "vicino"},
    "pt": {"a", "à", "ao", "aos", "em", "no", "na", "nos", "nas", "de", "do", "da", "perto"},
    "nl": {"naar", "in", "op", "van", "bij"},
    "ro": {"în", "la", "de", "din", "spre"},
    "sv": {"i", "till", "från", "nära"},
}
#: Prepositions after which a Slavic name is not in the nominative.
CASE_PREPOSITIONS = {
    "ru": ("до", "от", "рядом с", "в"),
    "uk": ("до", "від", "поблизу", "у", "в"),
    "pl": ("do", "z", "od", "w pobliżu", "w"),
    "cs": ("do", "z", "od", "poblíž", "v"),
}
#: Unicode ranges of the languages written in their own script.
SCRIPTS = {
    "ru": "\u0400-\u04ff", "uk": "\u0400-\u04ff", "el": "\u0370-\u03ff\u1f00-\u1fff",
    "ar": "\u0600-\u06ff", "fa": "\u0600-\u06ff", "ur": "\u0600-\u06ff", "he": "\u0590-\u05ff",
    "hi": "\u0900-\u097f", "bn": "\u0980-\u09ff", "th": "\u0e00-\u0e7f",
    "ko": "\uac00-\ud7af\u1100-\u11ff", "ja": "\u3040-\u30ff\u3400-\u9fff",
    "zh": "\u3400-\u9fff",
}  # fmt: skip
#: French and Italian words that elide before a vowel (Grevisse §44-45; Serianni I.68).
ELIDES = {
    "fr": re.compile(r"(?<![\w’'-])(?:de|le|la|que) (?=[aeiouéèêâîôAEIOUÉÈÊÂÎÔ])"),
    "it": re.compile(
        r"(?<![\w’'-])(?:lo|la|dello|della|nello|nella|allo|alla|dallo|dalla) (?=[aeiouAEIOU])"
    ),
}


#: Three islands as each language names them (the titles of their Wikipedia articles).
ISLANDS = {
    "Crete": {
        "en": "Crete", "pt": "Creta", "es": "Creta", "fr": "Crète", "de": "Kreta",
        "it": "Creta", "pl": "Kreta", "ru": "Крит", "ja": "クレタ島", "zh": "克里特岛",
        "hi": "क्रीट", "ar": "كريت", "id": "Kreta", "tr": "Girit", "vi": "Crete",
        "ko": "크레타섬", "fa": "کرت", "bn": "ক্রিট", "ur": "کریٹ", "sw": "Krete",
        "th": "เกาะครีต", "uk": "Крит", "nl": "Kreta", "sv": "Kreta", "el": "Κρήτη",
        "he": "כרתים", "ro": "Creta", "cs": "Kréta",
    },
    "Mallorca": {
        "en": "Mallorca", "pt": "Maiorca", "es": "Mallorca", "fr": "Majorque", "de": "Mallorca",
        "it": "Maiorca", "pl": "Majorka", "ru": "Майорка", "ja": "マヨルカ島", "zh": "马略卡岛",
        "hi": "मायोर्का", "ar": "مايوركا", "id": "Mallorca", "tr": "Mayorka", "vi": "Mallorca",
        "ko": "마요르카섬", "fa": "مایورکا", "bn": "মায়োর্কা", "ur": "مایورکا",
        "sw": "Mallorca", "th": "มาจอร์กา", "uk": "Майорка", "nl": "Mallorca", "sv": "Mallorca",
        "el": "Μαγιόρκα", "he": "מיורקה", "ro": "Mallorca", "cs": "Mallorca",
    },
    "Corsica": {
        "en": "Corsica", "pt": "Córsega", "es": "Córcega", "fr": "Corse", "de": "Korsika",
        "it": "Corsica", "pl": "Korsyka", "ru": "Корсика", "ja": "コルシカ島", "zh": "科西嘉岛",
        "hi": "कोर्सिका", "ar": "كورسيكا", "id": "Korsika", "tr": "Korsika", "vi": "Corse",
        "ko": "코르시카섬", "fa": "کرس", "bn": "কর্সিকা", "ur": "کورسیکا", "sw": "Korsika",
        "th": "เกาะคอร์ซิกา", "uk": "Корсика", "nl": "Corsica", "sv": "Korsika",
        "el": "Κορσική", "he": "קורסיקה", "ro": "Corsica", "cs": "Korsika",
    },
}  # fmt: skip
#: The phrases a search near each island must hold (any one), from the grammars above.
ISLAND_NEAR = {
    "ru": {"Crete": ("рядом с Критом",), "Mallorca": ("рядом с Майоркой",),
           "Corsica": ("рядом с Корсикой",)},
    "uk": {"Crete": ("поблизу Криту",), "Mallorca": ("поблизу Майорки",),
           "Corsica": ("поблизу Корсики",)},
    "pl": {"Crete": ("w pobliżu Krety",), "Mallorca": ("w pobliżu Majorki",),
           "Corsica": ("w pobliżu Korsyki",)},
    "cs": {"Crete": ("poblíž Kréty", "poblíž ostrova Kréta"),
           "Mallorca": ("poblíž Mallorky", "poblíž ostrova Mallorca"),
           "Corsica": ("poblíž Korsiky", "poblíž ostrova Korsika")},
    "fr": {"Crete": ("près de la Crète",), "Mallorca": ("près de Majorque",),
           "Corsica": ("près de la Corse",)},
    "it": {"Crete": ("vicino a Creta",), "Mallorca": ("vicino a Maiorca",),
           "Corsica": ("vicino alla Corsica",)},
    "pt": {"Crete": ("perto de Creta",), "Mallorca": ("perto de Maiorca",),
           "Corsica": ("perto da Córsega",)},
    "es": {"Crete": ("cerca de Creta",), "Mallorca": ("cerca de Mallorca",),
           "Corsica": ("cerca de Córcega",)},
    "de": {"Crete": ("von Kreta",), "Mallorca": ("von Mallorca",),
           "Corsica": ("von Korsika",)},
    "el": {"Crete": ("στην Κρήτη", "στο νησί Κρήτη"),
           "Mallorca": ("στη Μαγιόρκα", "στο νησί Μαγιόρκα"),
           "Corsica": ("στην Κορσική", "στο νησί Κορσική")},
}  # fmt: skip
#: A route's start on each island (a town typed by its English name, as an address).
ISLAND_STARTS = {"Crete": "Chania", "Mallorca": "Manacor", "Corsica": "Bastia"}


@dataclass
class Case:
    """One call and what its summary must name."""

    tool: str
    args: dict[str, Any]
    names: dict[str, str] = field(default_factory=dict)  # English name -> the language's
    typed: tuple[str, ...] = ()
    expect: str = ""  # a phrase the intro must hold ("en Italie")
    neutral: str = ""  # or this label instead (a country search)
    nominatives: tuple[str, ...] = ()  # CLDR nominatives not to follow a case preposition
    accept: tuple[str, ...] = ()  # an island's phrases, one of which the intro must hold
    island: bool = False  # a case of the islands' sample (counted apart too)


def _town(zone: str, lang: str) -> tuple[str, str]:
    """(English name, the language's name) of a time zone's exemplar city (CLDR)."""
    from babel import Locale
    from babel.dates import get_timezone_location

    english = get_timezone_location(zone, locale="en", return_city=True)
    own = Locale.parse(lang).time_zones.get(zone, {}).get("city")
    return str(english), str(own or english)


def _country(cc: str, lang: str) -> tuple[str, str]:
    from babel import Locale

    return str(Locale.parse("en").territories[cc]), str(Locale.parse(lang).territories[cc])


def cases(lang: str) -> Iterator[Case]:
    """The sample's calls in ``lang``."""
    kind = KIND[lang]
    for zone in TOWN_ZONES:
        english, own = _town(zone, lang)
        q = {"text_query": f"{kind} {own}", "language_code": lang}
        yield Case("search_places", q, {english: own}, (own,))
    for _, cc in TO_COUNTRY:
        english, own = _country(cc, lang)
        where = LOCATIVE.get(lang, {}).get(cc, own)  # "Apotheke in der Schweiz"
        q = {"text_query": f"{kind} {where}", "language_code": lang}
        yield Case(
            "search_places", q, {english: own}, (own,), LOCATIVE.get(lang, {}).get(cc, ""),
            NEUTRAL.get(lang, ""),
        )  # fmt: skip
    q = {"text_query": f"{kind} {EIFFEL[lang]}", "language_code": lang}
    yield Case("search_places", q, {"Eiffel Tower": EIFFEL[lang]}, (EIFFEL[lang],))
    if lang in RED_SQUARE:
        text, own = RED_SQUARE[lang]
        q = {"text_query": text, "language_code": lang}
        yield Case("search_places", q, {"Red Square": own}, (own,))
    yield from _routes(lang, kind)
    yield from island_cases(lang)


def island_cases(lang: str) -> Iterator[Case]:
    """A search near each island of :data:`ISLANDS` and a route from a town on it to it."""
    kind = KIND[lang]
    for english, names in ISLANDS.items():
        own = names[lang]
        declined = (own,) if lang in CASE_PREPOSITIONS else ()
        accept = ISLAND_NEAR.get(lang, {}).get(english, ())
        q = {"text_query": f"{kind} {own}", "language_code": lang}
        yield Case("search_places", q, {english: own}, (own,), nominatives=declined,
                   accept=accept, island=True)  # fmt: skip
        ends = {"origin": {"address": ISLAND_STARTS[english]}, "destination": {"address": own}}
        args = {"text_query": kind, "route_endpoints": ends, "language_code": lang}
        typed = (own, ISLAND_STARTS[english])
        yield Case("search_along_route", args, {english: own}, typed, nominatives=declined,
                   island=True)  # fmt: skip


def _routes(lang: str, kind: str) -> Iterator[Case]:
    a_en, a = _town(TOWN_ZONES[0], lang)
    b_en, b = _town("Europe/Brussels", lang)
    ends = {"origin": {"address": b}, "destination": {"address": a}}
    args = {"text_query": kind, "route_endpoints": ends, "language_code": lang}
    yield Case("search_along_route", args, {a_en: a, b_en: b}, (a, b))
    for zone, cc in TO_COUNTRY:
        s_en, s = _town(zone, lang)
        c_en, c = _country(cc, lang)
        ends = {"origin": {"address": s}, "destination": {"address": c}}
        args = {"text_query": kind, "route_endpoints": ends, "language_code": lang}
        expect = ALLATIVE.get(lang, {}).get(cc, "")
        yield Case("search_along_route", args, {s_en: s, c_en: c}, (s,), expect, "", (c,))
        if cc == "IT":
            route = {"origin": {"address": s}, "destination": {"address": c}, "language_code": lang}
            yield Case("compute_routes", route)
    c_en, c = _country("CH", lang)
    ends = {"origin": {"address": c}, "destination": {"address": a}}
    args = {"text_query": kind, "route_endpoints": ends, "language_code": lang}
    yield Case("search_along_route", args, {c_en: c, a_en: a}, (a,), ABLATIVE.get(lang, ""))
    loc = {"location": {"address": a}, "language_code": lang, "capabilities": ["WEATHER"]}
    yield Case("lookup_weather", loc)
    yield Case("resolve_names", {"queries": [{"text": a}, {"text": EIFFEL[lang]}]})


def _intro(summary: str) -> str:
    return plain_text(summary).strip().split("\n")[0]


def _script_faults(lang: str, text: str, typed: tuple[str, ...]) -> list[str]:
    if lang not in SCRIPTS:
        return []
    out = []
    for run in re.findall(r"[A-Za-z][A-Za-z'’ .-]*[A-Za-z]", text):
        if any(run in t for t in typed) or run.lower() in ("sandbox", "location_bias"):
            continue
        out.append(f"script: {run!r}")
    return out


def _english_faults(lang: str, text: str, case: Case) -> list[str]:
    if lang == "en":
        return []
    out = []
    for english, own in case.names.items():
        if english == own or any(english in t for t in case.typed) or english in own:
            continue
        if re.search(rf"(?<!\w){re.escape(english)}(?!\w)", text):
            out.append(f"english: {english!r} (the language's: {own!r})")
    return out


def _prep_faults(lang: str, text: str, case: Case) -> list[str]:
    out = []
    words = re.findall(r"[\w’']+", text.lower())
    preps = PREPOSITIONS.get(lang, set())
    for one, two in itertools.pairwise(words):
        if one == two and one in preps | {"the"}:
            out.append(f"prep: doubled {one!r}")
        elif one in preps and two in preps and (one, two) not in _PAIRS:
            out.append(f"prep: {one!r} {two!r}")
    if case.expect and case.expect not in text and not (case.neutral and case.neutral in text):
        out.append(f"prep: no {case.expect!r}")
    if case.accept and not any(a in text for a in case.accept):
        out.append(f"island: no {case.accept[0]!r}")
    for name in case.nominatives:
        for prep in CASE_PREPOSITIONS.get(lang, ()):
            if re.search(rf"(?<!\w){prep} {re.escape(name)}(?!\w)", text):
                out.append(f"case: {prep} {name}")
    return out


#: Prepositions that do follow each other ("près de", "vicino a", "cerca de", "perto de").
_PAIRS = {("près", "de"), ("vicino", "a"), ("cerca", "de"), ("perto", "de"), ("de", "la")}
_PAIRS |= {("perto", "da"), ("perto", "do")}  # "perto da Córsega" (Cunha & Cintra: de + a)


def _elision_faults(lang: str, text: str) -> list[str]:
    pattern = ELIDES.get(lang)
    return [f"elision: {m.group(0)!r}" for m in pattern.finditer(text)] if pattern else []


def _addr_english(lang: str, body: str) -> tuple[int, int]:
    """(1 if an address names its town in English, 1 if its country), for the sample's towns
    and every country CLDR names ("…, Moscow, Russia, 101763")."""
    if lang == "en":
        return 0, 0
    towns = [_town(zone, lang) for zone in (*TOWN_ZONES, *(z for z, _ in TO_COUNTRY))]
    countries = [_country(cc, lang) for cc in _all_countries()]
    return tuple(  # type: ignore[return-value]
        int(any(e != o and re.search(rf"(?<!\w){re.escape(e)}(?=,| \[|$)", body) for e, o in names))
        for names in (towns, countries)
    )


def _all_countries() -> list[str]:
    from babel import Locale

    return [cc for cc in Locale.parse("en").territories if cc.isalpha() and len(cc) == 2]


def check(box: Sandbox, lang: str, case: Case) -> tuple[list[str], tuple[int, int]] | None:
    """The faults of one call's answer and whether an address names a place in English;
    ``None`` when it names no place (an error, an empty answer)."""
    try:
        out = box.call_tool(case.tool, case.args)
    except SandboxToolError as exc:
        return [f"error: {exc}"], (0, 0)
    if case.tool == "lookup_weather":
        desc = out.get("weather", {}).get("currentConditions", {}).get("weatherCondition", {})
        code = desc.get("description", {}).get("languageCode")
        return ([] if code == lang else [f"weather: {code}"]), (0, 0)
    if case.tool in ("compute_routes", "resolve_names"):
        answered = bool(out.get("routes") or out.get("results"))
        return ([] if answered else ["error: no answer"]), (0, 0)
    summary = str(out.get("summary") or "")
    if not summary or not (out.get("places") or out.get("results")):
        return None
    intro, body = _intro(summary), plain_text(summary)
    faults = _script_faults(lang, intro, case.typed)
    faults += _english_faults(lang, intro, case)
    faults += _prep_faults(lang, intro, case)
    faults += _elision_faults(lang, intro)
    return faults, _addr_english(lang, body)


@dataclass
class Tally:
    """One language's figures."""

    checked: int = 0
    clean: int = 0
    addr_town: int = 0
    addr_country: int = 0
    faults: Counter[str] = field(default_factory=Counter)
    shown: list[str] = field(default_factory=list)
    isles_checked: int = 0
    isles_clean: int = 0


def sweep(lang: str, box: Sandbox) -> Tally:
    tally = Tally()
    for case in cases(lang):
        result = check(box, lang, case)
        if result is None:
            tally.faults["none: no places"] += 1
            continue
        faults, addr = result
        tally.checked += 1
        tally.clean += not faults
        tally.isles_checked += case.island
        tally.isles_clean += case.island and not faults
        tally.addr_town += addr[0]
        tally.addr_country += addr[1]
        for f in faults:
            tally.faults[f.split(":")[0]] += 1
            tally.shown.append(f"{lang} {case.tool} {case.args.get('text_query', '')!r}: {f}")
    return tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", nargs="*", default=list(LANGS))
    parser.add_argument("--show", action="store_true", help="print every fault")
    args = parser.parse_args()
    box = Sandbox(now="2026-09-18T15:00:00+00:00")
    total, clean, isles, isles_clean = 0, 0, 0, 0
    print("lang  checked  clean  share   addr: town-en country-en  faults")
    for lang in args.lang:
        t = sweep(lang, box)
        total, clean = total + t.checked, clean + t.clean
        isles, isles_clean = isles + t.isles_checked, isles_clean + t.isles_clean
        share = 100 * t.clean / max(1, t.checked)
        faults = ", ".join(f"{k} {v}" for k, v in sorted(t.faults.items()))
        addr = f"{t.addr_town:13} {t.addr_country:11}"
        print(f"{lang:4}  {t.checked:7}  {t.clean:5}  {share:5.1f} %  {addr}  {faults}")
        if args.show and t.shown:
            print("\n".join(f"    {s}" for s in t.shown))
    print(f"all   {total:7}  {clean:5}  {100 * clean / max(1, total):5.1f} %")
    print(f"isles {isles:7}  {isles_clean:5}  {100 * isles_clean / max(1, isles):5.1f} %")


if __name__ == "__main__":
    main()
