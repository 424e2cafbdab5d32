"""The asker's language among namesakes: a town of the language's own country weighs.

A Romanian asking for "cafenea în Călărași" more likely means Romania's Călărași than Moldova's,
even where the index makes Moldova's the bigger. The language's country is CLDR's likely
territory of the language (``babel``'s ``likely_subtags``: ro → RO, sv → SE, fa → IR). When the
town found is LOW, lies in another country, and a namesake in the language's country has
:data:`~mapsnb_sandbox.world.cities.COUNTRY_RIVAL_SHARE` of its people or more, 50+ km away, no
town is surely meant: a search reads the text in the language's country
(:func:`language_home`). A namesake of less than a fifth does not weigh: "farmacia de León"
is León, Guanajuato (1.6 million), not León, Spain, nor, in English, Leon, Iowa.
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import replace
from typing import TYPE_CHECKING

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import COUNTRY_RIVAL_SHARE, RIVAL_SHARE, city_index, district
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.index.name_languages import naming_languages, read_languages, written_so
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.forms import inflecting_languages, town_candidates
from mapsnb_sandbox.world.names.grammar import with_commas
from mapsnb_sandbox.world.resolved import Resolved, country_resolved
from mapsnb_sandbox.world.towns import ALT_FACTOR, named_ids, own_name

if TYPE_CHECKING:
    from babel import Locale

__all__ = [
    "bigger_namesake",
    "language_country",
    "language_country_over",
    "language_home",
    "language_rival",
    "own_language_country",
    "zone_city_named",
]

#: A namesake this near is the same town's other record, no rival.
_APART_KM = 50
#: A bare name's LOW town under this many people yields to no guess when a town
#: :data:`~mapsnb_sandbox.world.towns.ALT_FACTOR` times bigger (and of this many) is called so
#: too, by another name.
SMALL_OWN_POPULATION = 100_000


@functools.cache
def language_country(language: str) -> str | None:
    """The country code CLDR gives language ``language`` as its likely territory ("ro" → "RO"),
    ``None`` when CLDR gives none."""
    from babel.core import get_global

    likely = get_global("likely_subtags").get(language.replace("-", "_").split("_")[0].lower())
    if not likely:
        return None
    parts = likely.split("_")
    return parts[-1] if len(parts) == 3 and parts[-1].isalpha() else None


@functools.cache
def _locale(language: str) -> Locale | None:
    """CLDR's data for ``language`` (Babel), ``None`` for a code it does not know."""
    from babel import Locale, UnknownLocaleError

    try:
        return Locale.parse(language.replace("-", "_"))
    except (ValueError, TypeError, UnknownLocaleError):
        return None


@functools.cache
def _territory_names(language: str) -> dict[str, str]:
    """Folded CLDR names of the countries in ``language`` -> their code ({} for none)."""
    names = locale.territories if (locale := _locale(language)) is not None else {}
    return {fold(n): cc for cc, n in names.items() if len(cc) == 2 and cc.isalpha()}


def own_language_country(text: str, language: str | None) -> str | None:
    """The country whose CLDR name in the asker's ``language`` ``text`` is ("Francia" in
    Spanish, "Lào" in Vietnamese, "केन्या" in Hindi), else ``None``."""
    return _territory_names(language).get(fold(text.strip())) if language else None


@functools.cache
def _zone_cities(language: str) -> dict[str, str]:
    """Time zone -> the folded name ``language`` gives its city (CLDR's exemplar cities)."""
    zones = locale.time_zones if (locale := _locale(language)) is not None else {}
    return {tz: fold(v["city"]) for tz, v in zones.items() if isinstance(v.get("city"), str)}


def zone_city_named(c: City, text: str, language: str | None) -> bool:
    """Whether ``text`` is the name the asker's ``language`` gives town ``c`` as the city of its
    time zone (CLDR: "عمّان", Amman in Arabic, also Oman's name; "Алжир", Algiers)."""
    if not language or fold(c.tz.rsplit("/", 1)[-1].replace("_", " ")) != fold(c.name):
        return False
    return _zone_cities(language).get(c.tz) == fold(text.strip())


def language_country_over(
    place: Resolved | None, how: str, text: str, language: str | None
) -> Resolved | None:
    """The country the asker's ``language`` calls ``text`` (CLDR), where it should replace what
    the resolver found, ``place`` (matched as ``how``): a LOW answer, nothing, or a town not
    called so ("Lào": Laos, not Lao; "केन्या": Kenya, not Konya, which GeoNames also calls so;
    "Francia" to a Spanish asker, though a hamlet bears it); the country MEDIUM where it was
    LOW; ``None`` to keep ``place`` ("Granada" to a Spanish asker: the city's own name)."""
    cc = _language_country(place, how, text, language)
    if cc is None:
        return None
    if place is not None and place.kind == "country" and place.country_code == cc:
        return replace(place, confidence="MEDIUM") if place.confidence == "LOW" else None
    if place is None or place.confidence == "LOW":
        return country_resolved(cc)
    if place.kind == "locality" and not _own(place, text, language):
        return country_resolved(cc)
    return None


def _language_country(
    place: Resolved | None, how: str, text: str, language: str | None
) -> str | None:
    """The country whose name in ``language`` ``text`` is, or, where nothing, a LOW place or a
    form answered, one of its forms is, in a language whose place names inflect ("Şili'de":
    Chile; "v Argentině"; not English "Guyane", no form of "Guyana")."""
    cc = own_language_country(text, language)
    unsure = place is None or place.confidence == "LOW"
    if (
        cc is None
        and language
        and (how == "form" or (unsure and language in inflecting_languages()))
    ):
        forms = (own_language_country(f, language) for f in town_candidates(text))
        cc = next((c for c in forms if c is not None), None)
    return cc


def _own(r: Resolved, text: str, language: str | None) -> bool:
    """Whether ``text`` is town ``r``'s own name, or the asker's language's name of it as its
    time zone's city ("عمان": Amman, not Oman, in Arabic)."""
    idx = city_index()
    j = idx.place_ids.get(r.place_id, idx.cities)
    if j is None:
        return False
    c = idx.cities[j]
    return own_name(fold(text.strip()), c) or zone_city_named(c, text, language)


def language_rival(place_text: str, anchor: Resolved, language: str) -> bool:
    """Whether LOW town ``anchor`` (read from ``place_text``, no comma qualifier) has a
    namesake in the country of the asked ``language`` with a fifth of its people or more,
    50+ km away: the asker's own country's town is as likely meant; not when a namesake
    anywhere has :data:`~mapsnb_sandbox.world.cities.RIVAL_SHARE` of its people (no town is
    meant: the search lists nothing, ``unsure_namesake``)."""
    if anchor.kind != "locality" or anchor.confidence != "LOW" or "," in with_commas(place_text):
        return False
    country = language_country(language)
    if country is None or anchor.country_code == country:
        return False
    idx = city_index()
    at = idx.place_ids.get(anchor.place_id, idx.cities)
    if at is None:
        return False
    town, share = idx.cities[at], COUNTRY_RIVAL_SHARE
    home = False
    for j in dict.fromkeys(named_ids(idx, fold(place_text))):
        other = idx.cities[j]
        far = haversine_m(other.lat, other.lng, town.lat, town.lng) / 1000 >= _APART_KM
        if not far or district(other) or other.geonameid == town.geonameid:
            continue  # "Salamanca", Madrid's district, is no namesake of a town
        if other.population >= RIVAL_SHARE * town.population:
            return False  # "Nieuw Amsterdam": two of like size, no town is meant at all
        home = home or (other.cc == country and other.population >= share * town.population)
    return home


def language_home(place_text: str, place: Resolved | None, language: str | None) -> str | None:
    """The country of the asked ``language`` when its namesake rivals LOW town ``place``
    (:func:`language_rival`): the resolver then reads the text in that country ("cafenea în
    Călărași": Romania's), else ``None``."""
    if place is None or not language or not language_rival(place_text, place, language):
        return None
    return language_country(language)


def bigger_namesake(text: str, place: Resolved) -> str | None:
    """The name of a town far bigger than LOW town ``place``, read from bare ``text`` by its
    own name, that ``text`` names by one of its other names, not its own (Spanish "Constantina"
    is Constantine's as well as a Brazilian town's of 10,385); ``None`` when there is none.
    The resolver ranks a town's own name first (:func:`~mapsnb_sandbox.world.towns.name_rank`
    lets an alternate win only over a town under 10,000), so the small town answers, but the
    asker of another language may well mean the big one: no town is surely meant. Only a town
    under :data:`SMALL_OWN_POPULATION` people yields ("Dili", 150,000, stays Dili, not
    Delhi), to one :data:`~mapsnb_sandbox.world.towns.ALT_FACTOR` times bigger, 50+ km away,
    or to one a language the emulator reads calls so that it does not rival
    (:func:`_read_rival`: "São Francisco", Portuguese for San Francisco)."""
    if place.kind != "locality" or place.confidence != "LOW" or "," in with_commas(text):
        return None
    idx = city_index()
    at = idx.place_ids.get(place.place_id, idx.cities)
    if at is None:
        return None
    town, key = idx.cities[at], fold(text)
    if (
        not own_name(key, town)
        and _foreign_script(text, town.cc)
        and (bearer := _bigger_bearer(town))
    ):
        return bearer  # "Кінгстон": Kingston, Ontario's spelling only; Kingston, Jamaica's name
    if town.population >= SMALL_OWN_POPULATION:
        return None
    least = max(SMALL_OWN_POPULATION, ALT_FACTOR * town.population)
    for j in dict.fromkeys(named_ids(idx, key)):
        other = idx.cities[j]
        if fold(other.name.split(" (")[0]) == key:
            continue  # "Boston": Massachusetts' own name, no other name
        if other.population < least and not _read_rival(text, town, other):
            continue
        far = haversine_m(other.lat, other.lng, town.lat, town.lng) / 1000 >= _APART_KM
        if far and not district(other):
            return other.name
    return None


def _read_rival(text: str, town: City, other: City) -> bool:
    """Whether a language the emulator reads calls town ``other``, of
    :data:`SMALL_OWN_POPULATION`+ people, by ``text`` as it writes it (marks and all; unmarked
    where the languages outnumber the forms with marks: ``data/name_languages.tsv.z``), and
    ``town``, which bears the name as its own, has under :data:`~mapsnb_sandbox.world.cities.RIVAL_SHARE` of ``other``'s
    people: by size alone the resolver would answer ``other``, by its own name ``town`` ("São
    Francisco": Portuguese for San Francisco, 830,000, and a Brazilian town's own name, 53,000;
    "Altay": English for Xinjiang's city of 190,000, and Kazakhstan's town of 45,000; not
    "Kudus", Indonesia's, which Turkish writes "Kudüs" for Jerusalem)."""
    if other.population < SMALL_OWN_POPULATION or town.population >= RIVAL_SHARE * other.population:
        return False
    naming = naming_languages(other.geonameid, fold(text))
    if naming is None or not naming.languages & read_languages():
        return False
    plain = len(naming.written) < len(naming.languages)  # one language at least writes no marks
    return written_so(naming, text) or (plain and text.strip().isascii())


@functools.cache
def latin_country(cc: str) -> bool:
    """Whether country ``cc`` writes its towns' names in Latin letters: the script CLDR gives
    its likely language (``und_GR`` → Greek), or its most spoken language's (Canada: English)."""
    from babel.core import get_global

    likely = get_global("likely_subtags")
    tag = likely.get(f"und_{cc}")
    if tag is None:
        langs = get_global("territory_languages").get(cc) or {"en": {}}
        tag = likely.get(max(langs, key=lambda k: langs[k].get("population_percent", 0)), "")
    return "_Latn" in tag


def _foreign_script(text: str, cc: str) -> bool:
    """Whether ``text`` is written in another script than the Latin one country ``cc`` writes
    its towns in ("Кінгстон" of a Canadian town; not "Σπάρτη" of a Greek one)."""
    letters = [ch for ch in text if ch.isalpha()]
    return (
        bool(letters)
        and not all(ch.isascii() or "LATIN" in unicodedata.name(ch, "") for ch in letters)
        and latin_country(cc)
    )


def _bigger_bearer(town: City) -> str | None:
    """The name of a town bigger than ``town``, 50+ km away and no district, that bears
    ``town``'s own name: a text naming ``town`` by a spelling or script only it carries in the
    index (the index gives such names to some sizes of town only) may render that name, which
    the bigger town answers when typed (a search already lists nothing here,
    :func:`~mapsnb_sandbox.world.cities.own_name_rival`); ``None`` when there is none."""
    idx = city_index()
    own = fold(town.name)
    for j in idx.by_name.get(own, ()):
        other = idx.cities[j]
        if fold(other.name) != own or other.population <= town.population:
            continue
        far = haversine_m(other.lat, other.lng, town.lat, town.lng) / 1000 >= _APART_KM
        if far and not district(other):
            return other.name
    return None
