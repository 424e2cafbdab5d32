"""The one resolver: every text that names a place, in every tool, becomes a :class:`Resolution`.

:func:`resolve` is the single entry point. ``search_places``' anchor ("pharmacy in Paris, Texas",
"kawiarnia w Krakowie"), ``compute_routes``' origin, destination and waypoints,
``search_along_route``'s route ends, ``lookup_weather``'s location and ``resolve_names`` all call
it, so qualifiers ("Paris, TX", "Richmond, British Columbia", "Kuta, Niger State") and the ranking
of namesakes (:mod:`.geocode`: qualifiers that hold, own name, bias, region, population) are the
same everywhere, and a text naming nothing the emulator knows is an honest ``not_found`` with a
reason. ``role="town"`` reads the place part of "kind in X" queries: the same ranking, and if it
is only a guess, the town's inflected or foreign forms (``data/town_forms.csv``, scripts), the
comma qualifiers kept ("Krakowie, Polska" is tried as "Kraków, Polska").

Tools import place-name helpers only from here (parsing coordinates, whether a word may stand
for a town, the asker's spelling of a town's name).
"""

from __future__ import annotations

import functools
import unicodedata
from dataclasses import dataclass, replace
from typing import Literal

from mapsnb_sandbox.world.cities import city_index, city_place_id
from mapsnb_sandbox.world.doubts import (
    bare_guess,
    common_pinyin_read,
    county_elsewhere,
    lacked_elsewhere,
    lacked_outweighs,
    named_so,
    section_in_country,
    small_place_elsewhere,
    town_population,
    unsure_namesake,
)
from mapsnb_sandbox.world.geocode import (
    bare_town_ok,
    parse_lat_lng,
    resolve_text_match,
    split_qualifiers,
    with_commas,
)
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.kinds.reading import kind_and_town
from mapsnb_sandbox.world.landmark_names.leads import landmark_lead_apart
from mapsnb_sandbox.world.landmark_names.spelling import (
    marked_kind_word,
    namesakes_apart,
    numbered_building,
    town_spelt_otherwise,
)
from mapsnb_sandbox.world.landmarks import (
    fold,
    landmark_not_town,
    names_one_place,
    unknown_landmark,
)
from mapsnb_sandbox.world.named_towns import plain_line
from mapsnb_sandbox.world.names.compounds import cut_compound, part_of_name, stray_part
from mapsnb_sandbox.world.names.forms import town_candidates
from mapsnb_sandbox.world.names.heads import unknown_town_of_qualifier
from mapsnb_sandbox.world.names.namesakes import (
    bigger_namesake,
    language_country,
    language_country_over,
    language_home,
)
from mapsnb_sandbox.world.names.pinyin import other_pinyin_name, other_romaji_name
from mapsnb_sandbox.world.names.qualifiers import without_article
from mapsnb_sandbox.world.names.spelling import (
    alias_only,
    consonants_apart,
    generic_alias,
    kind_word_read,
    loose_read,
    other_compound_name,
    other_name_guess,
    word_apart,
    written_consonants_apart,
)
from mapsnb_sandbox.world.regions import REGION_KIND, province_home
from mapsnb_sandbox.world.resolved import Resolved, landmark_resolved
from mapsnb_sandbox.world.towns import (
    GENERIC_WORDS,
    PREPOSITIONS,
    PRIMARY_POPULATION,
    fuzzy_town,
    named_ids,
)

__all__ = [
    "EXACT",
    "GENERIC_WORDS",
    "NOT_FOUND",
    "PREPOSITIONS",
    "UNKNOWN_LANDMARK",
    "Resolution",
    "bare_guess",
    "bare_town_ok",
    "fold",
    "loose_read",
    "names_one_place",
    "other_name_guess",
    "parse_lat_lng",
    "resolve",
    "town_candidates",
    "town_population",
    "unsure_namesake",
]

#: How a match is exact: the text is the place's name, alias, address, street or coordinates.
EXACT = frozenset({"name", "alias", "address", "street", "coords"})
#: ``Resolution.how`` when nothing was found.
NOT_FOUND = "not_found"
#: ``how`` of a text naming a landmark the emulator does not know, in which only a LOW town
#: was read ("Historic City of Toledo"): no place, for every tool.
UNKNOWN_LANDMARK = "unknown_landmark"
#: What a form of a name may be: a town, or a region ("в Баварии": Bavaria, a region).
_FORM_KINDS = ("locality", REGION_KIND, "country")  # "в Норвегии": Norway
#: Matches that are guesses: a near spelling, or a town whose other words were not read.
_GUESSES = frozenset({"partial", "fuzzy"})


def _part_read(found: tuple[Resolved, str], candidate: str) -> bool:
    """Whether ``found`` is only a guess of form ``candidate``: a near spelling ("Zlína":
    Žilina), a town read in some of its words ("Порт-Линкольн" is no Lincoln); a town after
    one word before it ("из Мюнхен", "ve Zlín") is the form's town."""
    if found[1] == "partial":
        return not named_so(found[0], " ".join(candidate.split()[1:]))
    return found[1] in ("fuzzy", "approximate")


@dataclass(frozen=True)
class Resolution:
    """What a text names: the place (or ``None``), how it matched, and why nothing matched.

    ``how`` is one of :data:`EXACT`, ``"city"``, ``"country"``, ``"fuzzy"``, ``"approximate"``
    (a place the emulator does not know, placed in the town the text names), ``"partial"``
    (the town, other words unread), ``"form"`` (a town by an inflected or foreign form of its
    name), :data:`UNKNOWN_LANDMARK` (no place: a landmark it does not know, a LOW town read
    in it) or :data:`NOT_FOUND`.
    """

    place: Resolved | None
    how: str
    reason: str = ""

    @property
    def found(self) -> bool:
        """Whether a place was found."""
        return self.place is not None

    @property
    def confidence(self) -> str:
        """The place's confidence (HIGH, MEDIUM, LOW), ``"NONE"`` when not found."""
        return self.place.confidence if self.place is not None else "NONE"

    @property
    def exact(self) -> bool:
        """Whether the text is the place's own name, alias, address or coordinates."""
        return self.how in EXACT


def _not_found(text: str) -> Resolution:
    return Resolution(None, NOT_FOUND, f"no town, landmark, address or point named {text!r}")


#: A near spelling of a name shorter than this (letters) is another name, not a typo: "Kerma" is
#: no Kerman, "Aniak" no Anak, "Menia" no Mena, "Bentong" no Betong (a small town's short
#: name); "Phattalung", "Yeniseisk" are Phatthalung and Yeniseysk ...
SHORT_NAME = 7
#: ... unless it is a city this big: "Lodon", "Berln" are typos of London and Berlin.
TYPO_POPULATION = 1_000_000
#: A near spelling lacking this many letters of the town's name or more is another name, not a
#: typo (a typo drops one): "Portville" (NY) is no Porterville, "Willisburg" (KY) no
#: Williamsburg, "Richards" (TX) no Richardson (USPS's town names, the ``zipcodes`` package).
MISSING_LETTERS = 2


def _letters(text: str) -> int:
    """The letters of folded ``text``."""
    return sum(c.isalpha() for c in fold(text))


def _word_of_another(text: str, town: Resolved) -> bool:
    """Whether ``text`` differs from ``town``'s name of as many words by a word of four letters
    or more that is a town's own name and two edits or more from the name's word, no typo of it
    ("Little Haven": "haven", no Little Havana; "Grosse Point Woods" is Grosse Pointe Woods)."""
    from rapidfuzz.distance import Levenshtein

    typed, name = fold(text).split(), fold(town.name).split()
    if len(typed) < 2 or len(typed) != len(name):
        return False
    by_name = city_index().by_name
    return any(
        len(a) >= 4 and a in by_name and Levenshtein.distance(a, b) >= 2
        for a, b in zip(typed, name, strict=True)
    )


def other_name(text: str, town: Resolved) -> bool:
    """Whether ``text``, a near spelling of ``town``'s name, is rather another place's name
    the index lacks: a name under :data:`SHORT_NAME` letters (the town's only if it is under
    :data:`~.towns.PRIMARY_POPULATION` people: "Lisbonn" is Lisbon), or another Chinese name
    (:mod:`.names.pinyin`: "Xiegang" is no Xigang), or one lacking :data:`MISSING_LETTERS`
    of its letters ("Portville"), or one with a consonant of its own no transliteration
    trades (:func:`~.names.spelling.consonants_apart`: "Breziers" is no Béziers), or one whose
    other word is a town's own name ("Little Haven": no Little Havana), but a big city's."""
    letters, head = [c for c in fold(text) if c.isalpha()], text.partition(",")[0]
    short = sum(c.isalpha() for c in fold(town.name)) < SHORT_NAME
    other = len(letters) < SHORT_NAME or (short and town_population(town) < PRIMARY_POPULATION)
    if _letters(head) < SHORT_NAME and written_consonants_apart(head, town.name):
        other = True  # "Winsor, United Kingdom": a short name a consonant off, no Windsor
    other = other or _word_of_another(head, town)  # "Little Haven": no Little Havana
    other = other or other_pinyin_name(head, town)
    other = other or other_compound_name(head, town)  # "Samalpur": no Sambalpur
    other = other or other_romaji_name(head, town)  # "Takanezawa": no Takanawa
    other = other or _letters(town.name) - _letters(head) >= MISSING_LETTERS  # "Portville"
    other = other or consonants_apart(head, town.name)  # "Breziers": no Béziers
    other = other or word_apart(head, town)  # "Mường La": no Mường Lay
    return other and town_population(town) < TYPO_POPULATION


def resolve(
    text: str,
    *,
    bias: tuple[float, float] | None = None,
    region: str | None = None,
    role: Literal["place", "town"] = "place",
    language: str | None = None,
) -> Resolution:
    """The place ``text`` names.

    Parameters
    ----------
    text
        Free text: a landmark, address, town ("Paris, TX", "Windsor, Ontario"), country or
        ``"lat,lng"``.
    bias
        A point: among namesakes the nearest wins (after the qualifiers the text gives).
    region
        A two-letter country code: among namesakes one in that country wins.
    role
        ``"place"``: the text names one place. ``"town"``: the text is the place part of a
        "kind in X" query; inflected and foreign forms of a town's name are tried too.
    language
        The asker's language: with ``role="town"`` and no ``region``, a LOW town that a
        namesake in the language's country rivals is read in that country
        (:func:`~mapsnb_sandbox.world.names.namesakes.language_home`).
    """
    if not isinstance(text, str) or not text.strip():
        return Resolution(None, NOT_FOUND, "the text is empty")
    text = with_commas(text)
    hit = resolve_text_match(text, bias=bias, region=region)
    plain = plain_line(text) if hit is None or hit[0].confidence == "LOW" else text
    if plain != text and (read := resolve_text_match(plain, bias=bias, region=region)):
        text, hit = plain, read  # "75001 Paris", "downtown Seattle": the town
    if role == "town":
        found = _town_doubts(
            text,
            _whole_compound(text, _town(text.strip(), hit, bias, region, language), small=False),
        )
        found = _small_place_doubt(text, found, town=True)  # "hotels in Laveyron": no Rodez
        country = language_country_over(found.place, found.how, text, language)
        if country is not None:  # "Francia" to a Spanish asker: France
            found = Resolution(country, "country")
        home = None if region else language_home(text, found.place, language)
        answered_in = found.place.country_code if found.place and found.how == "region" else None
        asker = None if region or not language else language_country(language)
        home = home or province_home(text, answered_in, asker)  # "provincia de Córdoba"
        return found if home is None else resolve(text, bias=bias, region=home, role="town")
    guess = hit is not None and hit[1] in _GUESSES  # "Cleveland'da" read as Clevelândia
    if _case_form(text) and (hit is None or guess or _other_town(hit[0], text)):
        town = _town(text.strip(), hit, bias, region)
        if town.place is not None and (town.how == "form" or not guess):
            # read as a form ("v Praze", "Konya'dan"), or as it was when no form reads it
            hit = replace(town.place, confidence="LOW"), town.how
    if (hit is None or hit[0].confidence == "LOW") and (bare := without_article(text)):
        area = resolve_text_match(bare, bias=bias, region=region)  # "la France", "die Schweiz"
        hit = area if area is not None and area[1] in ("country", "region") else hit
    if hit is None or (
        hit[1] == "fuzzy" and hit[0].kind == "locality" and other_name(text, hit[0])
    ):
        return _not_found(text)  # "Menia" is no misspelt Mena: a town the index lacks
    if _form_only(text, *hit):
        return Resolution(
            None, NOT_FOUND, f"{text!r} is no name of a town, only like a form of one"
        )
    if lm := landmark_lead_apart(text, *hit):  # "San Pedro": a far town, or a castle's name
        reason = f"{text!r} names a town and, far from it, {lm.name!r}"
        return Resolution(None, NOT_FOUND, reason)
    if hit[1] == "city" and not (bias or region) and (big := bigger_namesake(text, hit[0])):
        reason = f"{text!r} names {hit[0].name!r} and, by another name, the far bigger {big!r}"
        return Resolution(None, NOT_FOUND, reason)
    if hit[1] in ("partial", "approximate") and (part := kind_word_read(text, *hit)) is not None:
        named = resolve(part, bias=bias, region=region, role="town").place if part else None
        low = replace(named, confidence="LOW") if named else None  # "ঢাকা হাসপাতাল": Dhaka
        return Resolution(low, "approximate") if low else _not_found(text)
    found = _whole_compound(text, _unknown_landmark(text, *hit) or Resolution(*hit))
    return _small_place_doubt(text, found, town=False)


def _small_place_doubt(text: str, found: Resolution, *, town: bool) -> Resolution:
    """No place where ``text`` is the own name of a small place the index lacks and ``found``
    a far place read from it by another name (:func:`small_place_elsewhere`: "Laveyron" is a
    commune of the Drôme, not "l'Aveyron"'s Rodez)."""
    if found.place is None or not small_place_elsewhere(text, found.place, found.how, town=town):
        return found
    reason = f"{text!r} names a small place the index lacks, not {found.place.name!r}"
    return Resolution(None, NOT_FOUND, reason)


def _town_doubts(text: str, found: Resolution) -> Resolution:
    """No place for a town read from the place part of a query only by a near spelling of
    another's name (:func:`other_name`: "Belarga") or by a form (:func:`_form_only`: "hotell i
    Iide, Japan" is no case form of Iida)."""
    place = found.place
    if place is None:
        return found
    if found.how == "fuzzy" and place.kind == "locality" and other_name(text, place):
        return _not_found(text)
    return _not_found(text) if _form_only(text, place, found.how) else found


def _form_only(text: str, place: Resolved, how: str) -> bool:
    """Whether a bare text (no comma, no preposition) is read as town ``place``, LOW, only by
    a form the resolver made of a word (an ending changed: "Assise" as Assis, "Suse" as
    Sousse's "Susa"), not by a name the index gives any town: a word no town bears, maybe a
    landmark's or an exonym the index lacks (Assisi's French name), is no town's case form
    without the preposition that asks for one ("w Krakowie"), nor before a comma ("Iide,
    Japan" is no Iida); a text of another script may be a case form alone (:func:`_case_form`)."""
    if how != "city" or place.kind != "locality" or place.confidence != "LOW":
        return False
    head = text.partition(",")[0].strip()
    if _case_form(head) or named_ids(city_index(), fold(head)):
        return False
    return "," not in text or not _typo_of(head, place)  # "Zouerate, Mauritania": Zouérat


def _typo_of(head: str, place: Resolved) -> bool:
    """Whether ``head`` is a near spelling of town ``place``'s name, not another's
    (:func:`other_name`: "Yongjiu" is no Yongji)."""
    idx = city_index()
    j = fuzzy_town(idx, fold(head), lambda k: True)
    same = j is not None and city_place_id(idx.cities[j]) == place.place_id
    return same and not other_name(head, place)


def _whole_compound(text: str, found: Resolution, *, small: bool = True) -> Resolution:
    """No place for a LOW town read from part of a compound name ("Fort Severn": Fürth;
    :func:`~mapsnb_sandbox.world.names.compounds.cut_compound`) or named by a qualifier only,
    for a first part that reads as another town's name ("Meihekou, Jilin"; :mod:`.names.heads`);
    LOW for a town named by an other name of words none of its own (:func:`~.names.spelling.alias_only`)."""
    place, how = found.place, found.how
    if unknown_town_of_qualifier(text, place, how):
        head, _, rest = text.partition(",")
        reason = f"no town {head.strip()!r} is known in {rest.strip()!r}"
        return Resolution(None, NOT_FOUND, reason)
    if place is not None and (
        alias_only(text, place, how)
        or generic_alias(text, place, how)
        or common_pinyin_read(text, place)
    ):
        return _county_doubt(text, Resolution(replace(place, confidence="LOW"), how), small)
    if not (
        cut_compound(text, place, how)
        or part_of_name(text, place, how)
        or stray_part(text, place, how)  # "El Salto de los Salado": one of five El Saltos
    ):
        return _county_doubt(text, found, small)
    return Resolution(None, NOT_FOUND, f"{text!r} is a compound name no town of the index bears")


def _unknown_landmark(text: str, place: Resolved, how: str) -> Resolution | None:
    """No place when ``place`` is only a LOW town read in ``text``, a landmark the emulator does
    not know (:func:`~mapsnb_sandbox.world.landmarks.unknown_landmark`), for every tool: not
    Toledo, Ohio for "Historic City of Toledo", nor Jaipur's point for a route from "Hawa Mahal
    Museum of Jaipur"."""
    if place.kind != "locality":  # "Royal Botanic Gardens": Sydney's and Kew's alike
        apart = how in ("name", "alias") and namesakes_apart(text, place)
        return Resolution(None, NOT_FOUND, f"{text!r} names landmarks far apart") if apart else None
    if place.confidence == "LOW" and how == "approximate" and (lm := town_spelt_otherwise(text)):
        return Resolution(landmark_resolved(lm, "MEDIUM"), "fuzzy")  # "Sun Temple, Konârak"
    if place.confidence != "LOW":  # "Three Castles": Khomeynī Shahr's other name, MEDIUM
        other = how == "city" and "," not in text and landmark_not_town(text, place.name)
        if not (other or marked_kind_word(text, place.name)):  # "Nhà Trắng": no Nha Trang
            return None
    elif not (
        unknown_landmark(text, place.name, how)
        or numbered_building(text, place.name)
        or marked_kind_word(text, place.name)
    ) or kind_and_town(text, place.name, is_town=_whole_town):
        return None  # "museum Paris": a kind in a town; "One Madison" is a tower
    reason = (
        f"it names a landmark the emulator does not know (in {place.name}?); "
        "its town is not placed for it"
    )
    return Resolution(None, UNKNOWN_LANDMARK, reason)


def _county_doubt(text: str, found: Resolution, small: bool = True) -> Resolution:
    """``found``, LOW when a county of China the index lacks bears the Pinyin name its town is
    read from (:func:`county_elsewhere`: "Jurong", Singapore's or Jiangsu's), or a township or
    small place of its country of like weight bears its name (:func:`lacked_elsewhere`:
    "Puxi, China"); no place when a county's name was a guess already (LOW: "Houma",
    Louisiana's of 34,000, or Shanxi's)."""
    if found.place is None:
        return found
    if county_elsewhere(text, found.place):
        if found.place.confidence == "LOW" or lacked_outweighs(text, found.place, county=True):
            reason = f"{text!r} names {found.place.name!r} and a county of China the index lacks"
            return Resolution(None, NOT_FOUND, reason)
        return Resolution(replace(found.place, confidence="LOW"), found.how)
    if lacked_elsewhere(text, found.place, small=small):  # a search's town: no small place
        if lacked_outweighs(text, found.place, county=False):  # "Wutong, China": a township's
            reason = f"{text!r} names {found.place.name!r} and a bigger place the index lacks"
            return Resolution(None, NOT_FOUND, reason)
        return Resolution(replace(found.place, confidence="LOW"), found.how)
    if small and section_in_country(text, found.place):  # "Kamýk, Czechia": not a search's town
        return Resolution(replace(found.place, confidence="LOW"), found.how)
    return found


def _whole_town(text: str) -> bool:
    """Whether ``text`` is a town's whole name or a case form of it ("Москвы")."""
    return resolve(text, role="town").how in ("city", "form")


def _other_town(r: Resolved, text: str) -> bool:
    """Whether ``r`` is a town ``text`` names by no word of its own name after a preposition
    ("v Kolíně" read as Colina, Chile), or by a spelling its accents do not match ("v Mostě"
    read as Moste, Slovenia): a case form of another town's name may be meant."""
    words = text.split()
    unlike = not fold(text).endswith(fold(r.name)) or (
        not text.isascii() and not _spelt(text, r.name)
    )
    return r.kind == "locality" and len(words) > 1 and fold(words[0]) in PREPOSITIONS and unlike


def _case_form(text: str) -> bool:
    """Whether ``text`` may be a town's name in a case form: up to three words after a
    preposition ("z Liberce"), with an apostrophe ("Konya'dan"), of a non-Latin script
    ("בירושלים", "بالإسكندرية"), or Latin with marks, but not before a comma: a name a
    qualifier follows is written as listed ("Mieściska, Polonia" is a village, no case form of
    Mieścisko; h-lang28)."""
    words = text.split()
    if not 1 <= len(words) <= 3:
        return False
    if words[-1][:1].islower() and any(w[:1].isupper() for w in words):
        return False  # "Rizières en terrasses": a capitalised text writes a town capitalised
    if fold(words[0]) in PREPOSITIONS or "'" in text or "’" in text:
        return True
    if any(ch.isalpha() and not latin_letter(ch) for ch in text):
        return True
    return not text.isascii() and "," not in text  # "Mieściska, Polonia": a name as listed


def _spelt(form: str, name: str) -> bool:
    """Whether ``form`` ends with town name ``name`` spelt alike, accents and all."""
    nfc = functools.partial(unicodedata.normalize, "NFC")
    return nfc(form).casefold().endswith(nfc(name).casefold())


def _whole_form(found: tuple[Resolved, str], candidate: str) -> bool:
    """Whether form ``candidate`` (a preposition aside) is a name the index gives the town
    ``found``: a compound's whole name ("у Сантьяго-де-Кубі": Santiago de Cuba), which beats a
    place the resolver placed in a town named by its first word (Santiago, Chile)."""
    words = candidate.split()
    return named_so(found[0], candidate) or (
        len(words) > 1 and named_so(found[0], " ".join(words[1:]))
    )


def _town(
    text: str,
    hit: tuple[Resolved, str] | None,
    bias: tuple[float, float] | None,
    region: str | None,
    language: str | None = None,
) -> Resolution:
    """The place ``text`` names after a kind ("Brně" of "kavárna v Brně"): what the resolver
    finds, unless that is a guess or a town by another of its names and a form of
    :func:`town_candidates` names a bigger town ("Brno", not Bern, whose Czech name is "Brně";
    "ঢাকা" of "ঢাকায়", not a "Kaya" read inside it); else the most populous town a form
    names ("v Karlíně": Karlín, not Karlino of the ending "-no"). The
    forms are of the town's name (the first comma part); the qualifiers after it are kept."""
    split = split_qualifiers(text) if "," not in text else None
    head, comma, qualifiers = ", ".join(split).partition(",") if split else text.partition(",")
    guess = hit is not None and hit[1] in _GUESSES
    own = hit is not None and (hit[0].kind != "locality" or fold(hit[0].name) == fold(head))
    if hit is not None and not guess and own:
        return Resolution(*hit)
    direct = hit[0] if hit is not None else None
    best: tuple[bool, bool, int, Resolved] | None = None  # an area, spelt as the form, people
    for candidate in town_candidates(head, language=language):
        found = resolve_text_match(candidate + comma + qualifiers, bias=bias, region=region)
        if found is None or found[0].kind not in _FORM_KINDS or _part_read(found, candidate):
            continue  # a near spelling of a form ("Zlína": Žilina), a town in one of its words
        if (
            found[0].place_id == getattr(direct, "place_id", None)
            or direct is None
            or (_spelt(candidate, found[0].name) and not named_so(direct, head))
            or guess
            or town_population(found[0]) > town_population(direct)
            or (_other_town(direct, head) and not _other_town(found[0], candidate))
            or (hit is not None and hit[1] == "approximate" and _whole_form(found, candidate))
        ):
            area = found[1] in ("country", "region") and found[0].confidence != "LOW"
            spelt = _spelt(candidate, found[0].name)
            rank = (area, spelt, town_population(found[0]), found[0])
            if best is None or rank[:3] > best[:3]:
                best = rank
    if best is not None:
        return Resolution(best[3], "form")
    if hit is None:
        return _not_found(text)
    if hit[1] == "partial":  # "fresh orange": words, no town
        return Resolution(None, NOT_FOUND, f"{text!r} holds a town's name among other words")
    return Resolution(*hit)
