"""Summaries written the way the live server writes them (REAL_SERVER.md, last section).

An intro ``<p>`` that cites nothing, then one ``<p>`` per place: its first sentence starts with
the place's name as the subject (usually ``<strong>``, sometimes plain), every sentence about the
place ends with its citation ``[n]``, so the text right before the first ``[n]`` is the street
address ending in the country. Sometimes a closing paragraph shares citations (``[0][1]`` or
``[0, 1]``). The wording varies with the place id, deterministically; text is HTML-escaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape

from mapsnb_sandbox.contract.common import stable_int
from mapsnb_sandbox.languages.cases import AREAS, Anchor, place_kind
from mapsnb_sandbox.languages.texts import (
    DEFAULT_LANGUAGE,
    country_ablative,
    country_allative,
    country_in,
    country_in_sentence,
    country_locative,
    format_number,
    region_in,
    say,
    texts,
    town_in,
)
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.landmark_names.cases import nominative_of
from mapsnb_sandbox.world.landmarks import Landmark, landmark_with_id
from mapsnb_sandbox.world.names.islands import island_in, island_of_id
from mapsnb_sandbox.world.names.qualifiers import without_article
from mapsnb_sandbox.world.places import kind_at, rating, spot_from_id
from mapsnb_sandbox.world.resolved import Resolved, shown_landmark_name

__all__ = [
    "UNRATED_KINDS",
    "Anchor",
    "CountryAnchor",
    "PlaceLine",
    "distance_from",
    "intro_key",
    "is_area",
    "place_paragraph",
    "shown_anchor",
    "singular",
    "street_and_where",
    "summary_address",
    "summary_html",
]

#: Text groups whose places are venues (food, drink): their own detail phrases.
_VENUES = frozenset({"food", "cafe", "bar"})


@dataclass(frozen=True)
class PlaceLine:
    """What the summary says about one cited place beyond its name and address."""

    place: Resolved
    kind: str  # "coffee place", "museum", ...; "" for a generic place (never a made-up kind)
    distance: str | None = None  # "850 m from Paris"
    detour: str | None = None  # "about 4 min (1.2 km)"
    attribute: str | None = None  # "its phone number (synthetic) is +1 555-0123"
    extended: bool = False
    group: str = ""  # text group of the kind (data/categories.csv); "" reads it from the id
    lang: str = DEFAULT_LANGUAGE


#: The intro of a search around a town, and of one in an area that contains its places.
_INTRO_IN = {"intro_nearby": "intro_in", "intro_nearby_one": "intro_in_one"}
_INTRO_IN["intro_free"] = "intro_free_in"
#: The intro of a search in a country the language's locative is known of ("en France").
_INTRO_AT = {key: f"{text}_at" for key, text in _INTRO_IN.items()}


class CountryAnchor(Anchor):
    """A country's shown name that knows how the summary's language says "in" it, "to" it and
    "from" it: its preposition and article ("au Japon", "nos Estados Unidos";
    :func:`country_locative`; "in die Schweiz", "à Itália": :func:`country_allative`; "du
    Portugal", "vom Iran": :func:`country_ablative`), each "" where not known."""

    at: str
    to: str
    away: str

    def __new__(cls, name: str, at: str, to: str = "", away: str = "") -> CountryAnchor:
        made = str.__new__(cls, name)
        made.kind, made.at, made.to, made.away = "country", at, to, away
        return made


def shown_anchor(anchor: Resolved, typed: str, lang: str) -> Anchor:
    """The name a search's summary gives the place its query names, and what it is: a country
    by its name in ``lang`` (CLDR: "Norvegia", not the index's "Norway"), any other place as
    :func:`town_in` shows it (typed or de-inflected); an island by its name in ``lang``,
    after its article where it takes one (:func:`island_in`: "Крит", "la Crète")."""
    kind = place_kind(anchor.kind)
    if kind == "country":
        return _country_anchor(anchor.country_code, lang)
    island = island_of_id(anchor.place_id)
    if island is not None:  # "рядом с Критом", "près de la Crète", not "près de Crete"
        return Anchor(island_in(island, typed, lang), "island")
    landmark = landmark_with_id(anchor.place_id)
    if landmark is not None:  # "près de la Tour Eiffel", not "près de Eiffel Tower"
        return Anchor(landmark_in(landmark, typed, lang), kind)
    typed = without_article(typed) or typed  # "der Toskana": "Toskana"
    if kind == "region":  # "Bayern" as typed, where the language leaves it as it is
        return Anchor(region_in(anchor.name, typed, lang, anchor.place_id), kind)
    return Anchor(town_in(anchor.name, typed, lang, anchor.place_id), kind)


def _country_anchor(cc: str, lang: str) -> Anchor:
    """Country ``cc``'s :class:`CountryAnchor` in ``lang``, with the phrases the language has
    texts for; an :class:`Anchor` where it has none."""
    name, at, to, away = country_in_sentence(cc, lang), None, None, None
    if "intro_in_at" in texts(lang):  # a language with texts that name it so
        at = country_locative(cc, lang)
    if "intro_along_to" in texts(lang):
        to = country_allative(cc, lang)
    if "intro_along_from" in texts(lang):
        away = country_ablative(cc, lang)
    if at or to or away:
        return CountryAnchor(name, at or "", to or "", away or "")
    return Anchor(name, "country")


def landmark_in(landmark: Landmark, typed: str, lang: str) -> str:
    """A famous place's name for a summary in ``lang``: the one of its names the asker typed
    ("Tour Eiffel" of "la tour Eiffel", "東京タワー"), in the table's spelling; its first
    (English) name in English, or where the text is none of its names; a case form of one of
    them names it by that name ("Красная площадь" of "Красной площадью"), which the text's
    preposition then puts in its case (``data/landmark_name_cases.tsv``)."""
    if lang == DEFAULT_LANGUAGE:
        return shown_landmark_name(landmark, typed)  # "Klyuchevskaya Sopka", not in Cyrillic
    text = typed.strip(" ,?!.")
    folded = fold_text(without_article(text) or text)
    names = (landmark.name, *landmark.aliases)
    typed_name = next((n for n in names if fold_text(n) == folded), None)
    named = typed_name or nominative_of(text, lang, names, landmark.key)
    return named or shown_landmark_name(landmark, text)


def is_area(where: str) -> bool:
    """Whether ``where`` (an :class:`Anchor` or a town's name) contains a search's places."""
    return getattr(where, "kind", "town") in AREAS


def intro_key(key: str, where: str) -> str:
    """The intro text ``key`` for places around ``where``: "near" a town, a district, a point;
    "in" a region or a country, which holds them ("Here are 5 campgrounds in Norway"); a
    country by its locative where known ("Voici 5 résultats (hôtels) en France")."""
    if getattr(where, "at", ""):
        return _INTRO_AT.get(key, key)
    return _INTRO_IN.get(key, key) if is_area(where) else key


def distance_from(where: str, distance: str, lang: str) -> str | None:
    """ "850 m from Paris"; ``None`` in an area (:func:`is_area`): its search runs round one of
    its towns, and "660 m from Norway" would say nothing true."""
    return None if is_area(where) else say(lang, "distance_from", d=distance, where=where)


def singular(plural: str) -> str:
    """``"pharmacies"`` -> ``"pharmacy"``, ``"coffee places"`` -> ``"coffee place"``."""
    if plural.endswith("ies"):
        return plural[:-3] + "y"
    return plural[:-1] if plural.endswith("s") else plural


def summary_address(r: Resolved, lang: str = DEFAULT_LANGUAGE) -> str:
    """The place's address ending in its country (named in ``lang``), as live summaries do."""
    address = r.address.strip()
    country = country_in(r.country_code, lang) if r.country_code else ""
    if r.country_code and address.endswith(f", {r.country_code}"):
        address = address[: -len(r.country_code)] + country
    english = country_in(r.country_code, DEFAULT_LANGUAGE) if r.country_code else ""
    if english and lang != DEFAULT_LANGUAGE:  # "Lima, Perú"; "Moscow, Россия, 101763"
        parts = address.split(", ")
        address = ", ".join(country if i and p == english else p for i, p in enumerate(parts))
    if r.country_code and "," not in address and address not in (country, english):
        address = f"{address}, {country}"  # never "Germany, Germany" (an airport of no town)
    return address


def street_and_where(r: Resolved, lang: str = DEFAULT_LANGUAGE) -> tuple[str, str]:
    """An address result's street part and the rest of its address ("Damrak 1", "1013 YR
    Amsterdam, The Netherlands"), whatever the country's order ("657-8252 Tokyo, <street>")."""
    address = summary_address(r, lang)
    if r.name and r.name in address and not address.startswith(r.name):
        parts = [p.strip() for p in address.replace(r.name, "").split(",")]
        return r.name, ", ".join(p for p in parts if p)
    street, _, rest = address.partition(", ")
    return street, rest


def _rating(r: Resolved, lang: str) -> tuple[str, int]:
    stars, reviews = rating(r.place_id)
    return format_number(stars, lang, "0.0"), reviews


def _group(line: PlaceLine) -> str:
    if line.group:
        return line.group
    spot = spot_from_id(line.place.place_id)
    if spot is None:
        return "default"
    c = kind_at(spot.code)
    return c.group if c is not None else "default"


def _details(line: PlaceLine) -> list[str]:
    by_group = texts(line.lang)["details"]
    group = "venue" if _group(line) in _VENUES else _group(line)
    return list(by_group.get(group, by_group["default"]))


def _hours(line: PlaceLine, h: int, cite: str) -> str:
    table = texts(line.lang)["hours"]
    group = _group(line) if _group(line) in table else "default"
    start = 7 + (h >> 6) % 3 - (2 if group == "transport" else 0)
    return str(table[group]).format(h=start, cite=cite)


#: Kinds of places that are no business: a town, a country, a point, an address or a region
#: is never rated, nor said to have opening hours or waits (issue 40).
UNRATED_KINDS = frozenset(
    ["locality", "country", "coordinates", "street_address", "neighborhood", "route",
     "administrative_area_level_1", "administrative_area_level_2", "postal_code"]
)  # fmt: skip


def place_paragraph(line: PlaceLine, n: int) -> str:
    """The ``<p>`` of citation ``n``."""
    r, lang = line.place, line.lang
    h = stable_int("summary-style", r.place_id)
    name = escape(r.name, quote=False)
    subject = name if h % 3 == 0 else f"<strong>{name}</strong>"
    at = escape(summary_address(r, lang), quote=False)
    cite = f"[{n}]"
    rating, reviews = _rating(r, lang)
    kind = escape(line.kind, quote=False)
    details = [escape(d, quote=False) for d in _details(line)]
    detour = escape(line.detour or "", quote=False)
    common = {"subject": subject, "at": at, "cite": cite, "kind": kind}
    if line.detour:
        key = "s_detour_first" if (h >> 2) % 2 else "s_along"
        first = say(lang, key, detour=detour, **common)
    elif r.kind in UNRATED_KINDS:  # no rating, no hours: a town is no shop
        first = say(lang, ("s_is_a", "s_sits")[(h >> 2) % 2], **common)
    elif not line.kind:  # a generic place (a kind the table lacks): its kind goes unsaid
        key = ("s_rating", "s_offers")[(h >> 2) % 2]
        detail = details[(h >> 4) % len(details)]
        first = say(lang, key, rating=rating, reviews=reviews, detail=detail, **common)
    else:
        key = ("s_rating", "s_is_a", "s_sits", "s_offers")[(h >> 2) % 4]
        detail = details[(h >> 4) % len(details)]
        first = say(lang, key, rating=rating, reviews=reviews, detail=detail, **common)
    sentences = [first]
    if line.attribute:
        sentences.append(say(lang, "s_attr", attr=escape(line.attribute, quote=False), cite=cite))
    if line.detour and not (h >> 2) % 2:
        sentences.append(say(lang, "s_adds", detour=detour, cite=cite))
    if line.distance:
        distance = escape(line.distance, quote=False)
        sentences.append(say(lang, "s_distance", distance=distance, cite=cite))
    elif not line.detour and not line.attribute and r.kind not in UNRATED_KINDS:
        sentences.append(_hours(line, h, cite))
    if line.extended and r.kind not in UNRATED_KINDS:
        detail = details[(h >> 9) % len(details)]
        sentences.append(say(lang, "s_visitors", detail=detail, cite=cite))
    return "<p>" + " ".join(sentences) + "</p>"


def summary_html(intro: str, lines: Sequence[PlaceLine], key: str = "") -> str:
    """The whole summary: the intro paragraph, one paragraph per place, maybe a shared closing."""
    parts = [f"<p>{escape(intro, quote=False)}</p>"]
    parts += [place_paragraph(line, n) for n, line in enumerate(lines)]
    if len(lines) >= 2:
        lang = lines[0].lang
        h = stable_int("summary-outro", key, *(line.place.place_id for line in lines))
        if h % 3 == 1:
            parts.append(f"<p>{escape(say(lang, 'outro_closest'), quote=False)}</p>")
        elif h % 3 == 2:
            parts.append(f"<p>{escape(say(lang, 'outro_weekends'), quote=False)}</p>")
    return "".join(parts)
