"""A ``search_places`` query read into parts: the attribute asked, "near me", kind and place text.

The words come from ``data/query_words.json`` (attributes such as "opening hours", "near me"
phrases, words of a question that are no kind, the prepositions before a town) and the kinds
from :mod:`mapsnb_sandbox.world.kinds`; which place a text names is always the resolver's
(:func:`mapsnb_sandbox.world.resolver.resolve`). No word of any language is written here.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import city_index
from mapsnb_sandbox.world.geodata import fold_text
from mapsnb_sandbox.world.indexfile import query_words
from mapsnb_sandbox.world.kinds.reading import (
    qualifies_kind,
    split_kind_and_place,
    trim_place,
    unqualified_after,
    unqualified_before,
)
from mapsnb_sandbox.world.kinds.table import NO_SPACE, SPLIT, detect_category, kind_key, kind_table
from mapsnb_sandbox.world.named_towns import plain_line
from mapsnb_sandbox.world.names.forms import hyphenated_compound
from mapsnb_sandbox.world.names.heads import place_inside_town
from mapsnb_sandbox.world.names.islands import island_prepositions, islands_named
from mapsnb_sandbox.world.regions import province_town, worded_region
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.resolver import (
    GENERIC_WORDS,
    SHORT_NAME,
    TYPO_POPULATION,
    Resolution,
    bare_town_ok,
    fold,
    loose_read,
    other_name,
    resolve,
    town_population,
)

__all__ = [
    "SHORT_NAME",
    "TYPO_POPULATION",
    "Query",
    "country_before_kind",
    "kind_in_a_name",
    "made_up_kind",
    "named_kind",
    "place_in_town",
    "read_query",
    "rest_of",
    "rest_of_town",
    "spelt_apart",
    "split_query",
    "splits",
    "sure_town",
    "title_cased",
    "unread_words",
    "words_as_typed",
]

_LETTER = re.compile(r"[^\W\d_]")
_VOWEL = re.compile(r"[aeiouy]")
_CLUSTER = re.compile(r"[^aeiouy]{5}|(.)\1\1")


@functools.cache
def _attributes() -> tuple[tuple[str, str], ...]:
    """``(phrase, attribute)`` of every language, in the table's order ("opening hours" first)."""
    tables = query_words()["attributes"].values()
    return tuple((p, a) for t in tables for p, a in t.items())


def _words(table: str) -> frozenset[str]:
    return frozenset(w for ws in query_words()[table].values() for w in ws)


def _alternatives(table: str, *, glued: bool) -> str:
    """The phrases of ``data/query_words.json``'s ``table``, those of a script written without
    spaces (glued to the kind: "近くの薬局", :data:`NO_SPACE`) or the others, as a regular
    expression's alternatives (longest first)."""
    rows: dict[str, list[str]] = query_words()[table]
    phrases = {p for ps in rows.values() for p in ps if bool(NO_SPACE.search(p)) == glued}
    return "|".join(
        r"\s+".join(map(re.escape, p.split())) for p in sorted(phrases, key=len, reverse=True)
    )


@functools.cache
def _near_me() -> re.Pattern[str]:
    """ "near me", "nearby", "près de moi", "рядом со мной" ... at the end of a query, or before
    its kind ("近くの薬局", "en yakın eczane", "근처 약국"): the caller's own place, no town."""
    after = rf"(?:\s+(?:{_alternatives('near_me', glued=False)})"
    after += rf"|\s*(?:{_alternatives('near_me', glued=True)}))\s*[?!.]*$"
    before = rf"^\s*(?:(?:{_alternatives('near_me_before', glued=False)})\s+"
    before += rf"|(?:{_alternatives('near_me_before', glued=True)})\s*)"
    return re.compile(f"{after}|{before}", re.I)


@dataclass(frozen=True)
class Query:
    """A query's parts: the text without attribute and "near me", the attribute asked, and what
    the whole text names (the resolver's answer, with the request's bias and region)."""

    text: str
    attr: str | None
    whole: Resolution


def _strip_attribute(text: str) -> tuple[str, str | None]:
    f = fold(text)
    for phrase, attr in _attributes():
        if f.endswith(" " + phrase):
            cut = re.compile(r"\W+".join(map(re.escape, phrase.split())) + r"\W*$", re.I)
            stripped = cut.sub("", text).strip(" ,?")
            if stripped:
                return stripped, attr
    return text, None


def read_query(text: str, bias: tuple[float, float] | None, region: str | None) -> Query:
    """``text`` read into parts, with one resolver call for the text as a whole."""
    text, attr = _strip_attribute(text)
    text = _near_me().sub("", text).strip() or text  # "sushi near me": the bias, no town "Me"
    return Query(text, attr, resolve(text, bias=bias, region=region))


def splits(text: str) -> list[tuple[str, str]]:
    """Every ``(what, where)`` cut of ``text`` at a place preposition, left to right; none
    before a kind's whole name (a postposition's kind: "Puerto Rico, स्पेन में फार्मेसी"), nor
    inside a French compound written with spaces ("Morville En Beauce": no "Beauce",
    :func:`~mapsnb_sandbox.world.names.forms.hyphenated_compound`)."""
    text = hyphenated_compound(text)
    cuts = [
        (text[: m.start()].strip(" ,?"), text[m.end() :].strip(" ,?!."))
        for m in SPLIT.finditer(text)
        if not _inside_a_name(text[: m.start()], m.group(0).strip(), text[m.end() :])
    ]
    return [(left, right) for left, right in cuts if not _only_a_kind(right)]


#: The words of a town's name before a preposition inside it ("Sankt Marein bei Graz": two).
NAME_WORDS = 4


def _inside_a_name(left: str, cut: str, right: str) -> bool:
    """Whether preposition ``cut`` lies inside a town's whole name that ends the text, its first
    words ending ``left`` ("школа Altenmarkt bei Sankt Gallen": the Styrian village, no cut
    before "Sankt Gallen", 400 km off)."""
    names, words = city_index().by_name, left.split()
    return any(
        fold(" ".join([*words[a:], cut, right])) in names
        for a in range(max(0, len(words) - NAME_WORDS), len(words))
    )


def split_query(text: str) -> tuple[str, str | None]:
    """``"coffee shops near Golden Gate Park"`` -> ``("coffee shops", "Golden Gate Park")``;
    not at a word inside a kind's name ("stazione di rifornimento Milano": a fuel station, no
    train station "di" Milano), nor before a kind's whole name, which a postposition puts after
    its place ("Playa Blanca, स्पेन में फार्मेसी": a pharmacy, no beach in "फार्मेसी")."""
    for m in SPLIT.finditer(text):
        left, right = text[: m.start()].strip(" ,?"), text[m.end() :].strip(" ,?!.")
        if detect_category(left) is None or not right or _only_a_kind(right):
            continue
        if _inside_a_name(left, m.group(0).strip(), right):
            continue  # "школа Altenmarkt bei Sankt Gallen": one name
        if _worded_area(right) or not _kind_across(text, m):  # "in provincia di Savona"
            return left, right
    return _island_split(text) or (text, None)


def _only_a_kind(text: str) -> bool:
    """Whether ``text`` is a kind's name in some language and nothing else ("फार्मेसी"), and
    no capitalised town's ("Cologne", a perfume's name too)."""
    split = split_kind_and_place(text)
    town = text[:1].isupper() and fold(text) in city_index().by_name
    return split is not None and split[1] is None and not town


def _island_split(text: str) -> tuple[str, str] | None:
    """``"hotels on Maui"`` -> ``("hotels", "Maui")``: a kind, and an island after a preposition
    that stands before islands' names (``island_prepositions``: "auf Mallorca", "op Texel")."""
    for phrase in island_prepositions():
        cut = re.compile(r"\s+" + r"\s+".join(map(re.escape, phrase.split())) + r"\s+", re.I)
        for m in cut.finditer(text):
            left, right = text[: m.start()].strip(" ,?"), text[m.end() :].strip(" ,?!.")
            if right and islands_named(fold(right))[0] and detect_category(left) is not None:
                return left, right
    return None


def _worded_area(text: str) -> bool:
    """Whether ``text`` names a region or province with its region word ("provincia di
    Savona", "estado de Oregon"): the word is the place's, no kind's ("provincia": an office)."""
    key = fold_text(text)
    return worded_region(key) is not None or province_town(key, typed=text) is not None


def _kind_across(text: str, cut: re.Match[str]) -> bool:
    """Whether the preposition ``cut`` of ``text`` is a word of one kind's name, with one to
    three words before it and one or two after, in any language ("stazione di rifornimento")."""
    before, after = text[: cut.start()].split(), text[cut.end() :].split()
    for k in range(1, min(3, len(before)) + 1):
        for n in (2, 1):
            if len(after) >= n:
                phrase = " ".join([*before[-k:], cut.group().strip(), *after[:n]])
                hit = split_kind_and_place(phrase)
                if hit is not None and hit[1] is None:
                    return True
    return False


def made_up_kind(text: str) -> str | None:
    """The words of a made-up kind ("solar energy companies"), or ``None`` if not a phrase:
    a question ("where can I get a haircut") or a word with no vowel ("zzqx") is no kind."""
    words = text.split()
    if not 1 <= len(words) <= 6 or not _LETTER.search(text) or len(text) > 60:
        return None
    folded = fold(text).split()
    not_a_kind = _words("not_a_kind")
    if any(w in not_a_kind for w in folded) or any(
        w.isascii() and w.isalpha() and (not _VOWEL.search(w) or _CLUSTER.search(w)) for w in folded
    ):
        return None
    return " ".join(words)


#: Combining marks (vowel signs of Brahmic scripts, Arabic and Hebrew points, accents typed
#: apart): letters of the word they stand in, which ``\\w`` does not match.
_MARKS = "".join(ch for ch in map(chr, range(0x300, 0x3000)) if unicodedata.category(ch)[0] == "M")
_WHOLE_WORD = re.compile(rf"(?:[^\W_]|[{_MARKS}])+")


def title_cased(text: str) -> bool:
    """Whether every word of ``text`` of four letters or more starts with a capital ("Kujataa",
    "District d'at-Turaif", "Shennongjia"): a place's name, not a kind ("solar energy
    companies"). A word of an uncased script counts whole, its vowel signs in it ("संयुक्त",
    not "स", "य", "क", "त"): no capital, so "Holmesville, संयुक्त राज्य में होटल" is no name."""
    typed = re.sub(r"['’]", "", text.replace("&", " and "))
    words = [w for w in _WHOLE_WORD.findall(typed) if len(w) >= 4 and w[:1].isalpha()]
    return bool(words) and all(w[:1].isupper() for w in words)


def words_as_typed(text: str) -> list[str]:
    """The words of ``text`` as typed, cut where :func:`fold` cuts them ("d'Abou" is one word,
    "At-Turaif" two)."""
    return re.findall(r"[^\W_]+", re.sub(r"['’]", "", text.replace("&", " and ")))


def named_kind(
    text: str,
    cat_text: str,
    place_text: str | None,
    found: tuple[int, int, int],
    *,
    bias: tuple[float, float] | None,
    region: str | None,
) -> bool:
    """Whether the kind ``found`` (code, word span of folded ``cat_text``, the kind part of
    ``text``) is a word of a place's name (:func:`kind_in_a_name`) and no town surely follows a
    kind-search preposition: "Vézelay, Church and Hill", "Monuments de Nubie d'Abou Simbel à
    Philae" (a temple, no town), not "Buddhist Monuments at Sanchi" (monuments in Sanchi)."""
    if place_text is not None:  # a town, or an area that holds places ("au Pays de Galles")
        how = resolve(place_text, bias=bias, region=region, role="town").how
        return how not in ("city", "form", "region", "country") and kind_in_a_name(
            cat_text, found, None
        )
    town = rest_of(text, found[1], found[2])
    sure = sure_town(town, bias=bias, region=region)
    return kind_in_a_name(cat_text, found, town if sure else None)


def sure_town(text: str | None, *, bias: tuple[float, float] | None, region: str | None) -> bool:
    """Whether ``text`` is a town's own or other name, or a country's name in some language
    ("Italien": Italy, not a town Abū Tīj by a loose spelling), not a guess at one ("Mantar")."""
    if not text:
        return False
    how = resolve(text, bias=bias, region=region, role="town").how
    if how in ("city", "form", "country"):
        return True
    named = text[:1].isupper()  # "Hauptbahnhof München"; not "estación de Málaga", a kind's rest
    return named and bool(place_in_town(text, bias=bias, region=region))


#: How far a known place named before a town may lie from it and still be that town's.
_IN_TOWN_M = 25_000.0
#: The most words of a town's name after a place inside it.
_TOWN_WORDS = 3


def place_in_town(
    text: str | None, *, bias: tuple[float, float] | None, region: str | None
) -> str | None:
    """What to search around when ``text`` is a place inside a town, then the town, and no town
    itself: ``text`` when it is a place the emulator knows in that town ("Gare de Lyon Paris",
    "Hauptbahnhof München"), the town when it is a street, square or station of it unknown
    ("Stephansplatz Wien", "Dworzec Centralny Warszawa": Vienna, Warsaw) or a capitalised name
    it knows nowhere ("Taksim İstanbul": Istanbul), or the town in the
    words for its centre ("centro de Coimbra": Coimbra, as the resolver reads it); else ``None``;
    not a text with a comma, whose parts the resolver reads ("Strangers Hall Museum, Norwich")."""
    if not text or "," in text:
        return None
    if (plain := plain_line(text)) != text:
        return plain
    words = text.split()
    whole = resolve(text, bias=bias, region=region, role="town")
    if whole.how in ("city", "form", "country", "region"):
        return None
    for k in range(min(_TOWN_WORDS, len(words) - 1), 0, -1):  # "New York" before "York"
        town = " ".join(words[-k:])
        found = resolve(town, bias=bias, region=region, role="town")
        if found.how not in ("city", "form") or found.place is None:
            continue
        if _known_in(whole, found.place):
            return text
        head = " ".join(words[:-k])
        inside = place_inside_town(head, town) or _unknown_name_in(whole, found.place, head, town)
        return town if inside else None
    return None


def _unknown_name_in(whole: Resolution, town: Resolved, head: str, typed: str) -> bool:
    """Whether capitalised ``head``, before ``town``, is a name the emulator knows nowhere, of no
    kind's word, that the resolver places in that town, words unread ("Taksim İstanbul"); not
    where ``typed`` is only part of the town's own name ("Sargent Juárez", Ciudad Juárez's)."""
    r = whole.place
    if whole.how != "approximate" or r is None or r.place_id != town.place_id:
        return False
    own, words = fold(town.name).split(), fold(typed).split()
    if len(own) > len(words) and words in (own[: len(words)], own[-len(words) :]):
        return False  # "Sargent Juárez": a compound name, not a place of Ciudad Juárez
    if not all(w[:1].isupper() for w in head.split()) or set(fold(head).split()) & _kind_words():
        return False  # "kuil Shinto Jakarta": a word of a kind's name ("Shinto shrine")
    return resolve(head, role="town").place is None


@functools.cache
def _kind_words() -> frozenset[str]:
    """The words of kinds' names in every language of the table."""
    return frozenset(w for phrase, _code in kind_table().first for w in kind_key(phrase).split())


def _known_in(whole: Resolution, town: Resolved) -> bool:
    """Whether ``whole`` is a place the emulator knows, surely, within reach of ``town``."""
    r = whole.place
    if r is None or whole.how not in ("name", "alias", "fuzzy") or r.confidence == "LOW":
        return False
    return haversine_m(r.lat, r.lng, town.lat, town.lng) <= _IN_TOWN_M


def kind_in_a_name(text: str, found: tuple[int, int, int], town: str | None) -> bool:
    """Whether the kind ``found`` (code, word span of folded ``text``) is a word of one place's
    name: a capitalised word beside it that neither qualifies it nor is ``town`` ("Temple du
    Soleil", "Monuments de Nubie d'Abou Simbel", "Vézelay, Church and Hill"); the first word
    only when the kind's word is capitalised too ("Sun Temple", not "Lyon schools")."""
    words = words_as_typed(text)
    if len(words) != len(fold(text).split()):
        return False
    start, end = found[1], found[2]
    skip = set(fold(town or "").split())
    capital = any(w[:1].isupper() for w in words[start:end])
    return any(
        (i > 0 or capital)
        for i, w in enumerate(words)
        if not start <= i < end
        and w[:1].isupper()
        and fold(w) not in skip
        and not qualifies_kind([w])
    )


def rest_of(text: str, start: int, end: int) -> str | None:
    """``text`` without the words ``start:end`` of its folded form ("Lyon schools" -> "Lyon")."""
    words = text.split()
    if len(words) != len(fold(text).split()):
        words = re.split(r"[\s\-–]+", text)  # a hyphenated name folds to two words
    if len(words) != len(fold(text).split()):
        return None
    if words[end:] and "," in " ".join(words[:start]):
        return None  # "Bridge, Towers and Monuments, Mostar": parts of one name, no town
    after = unqualified_after(words[end:])  # "Madrid hotel barato": Madrid
    before = unqualified_before(words[:start])  # "Madrid cheap hotel": Madrid
    rest = " ".join(before + after).strip(" ,?")  # "best pizza Naples": Naples
    if not before and after:  # "rodoviária de Lota": Lota
        rest = trim_place(after) or ""
    elif not rest.isascii():  # "부산의 ATM", "大阪の ATM": a particle glued to the town
        rest = trim_place(rest.split()) or rest
    named = any(w in GENERIC_WORDS for w in fold(" ".join(words[start:end])).split())
    last = start == 0 and end < len(words)
    bare = len(rest.split()) == 1 and not named and not bare_town_ok(rest, last=last)
    if bare and not _city_before_kind(rest, words[start:end], before=bool(before)):
        return None  # an ordinary word before a kind is no town ("nice cafe")
    return rest or None


#: A town this big, capitalised before a kind's own name, is the town though its name is also
#: a word ("Manchester pharmacy", "Bologna restaurants", "Porto banco"), not "Mocha latte".
CITY_BEFORE_KIND = 100_000


def _city_before_kind(word: str, kind: list[str], *, before: bool) -> bool:
    """Whether ``word``, a capitalised ordinary word before the kind, is a town of
    :data:`CITY_BEFORE_KIND` people and the kind is named by its own name in some language
    ("pharmacy", "restaurants", "banco"), not by a thing it sells ("sandwich", "latte")."""
    if not before or not word[:1].isupper() or kind_key(" ".join(kind)) not in _kind_names():
        return False
    idx = city_index()
    people = (idx.cities[j].population for j in idx.by_name.get(fold(word), ()))
    return max(people, default=0) >= CITY_BEFORE_KIND


@functools.cache
def _kind_names() -> frozenset[str]:
    """Kinds' own names (singular and plural) in every language of the table."""
    return frozenset(kind_key(phrase) for phrase, _code in kind_table().first)


def unread_words(
    text: str, town: Resolved, *, bias: tuple[float, float] | None, region: str | None
) -> str | None:
    """The words of ``text`` beside the town it names ("kilise" of "kilise İstanbul",
    "بیمارستان" of "بیمارستان تهران"): in other scripts, cut from either end while the rest
    alone is that town; ``None`` when no cut leaves it ("北京药店": no spaces)."""
    if text.isascii():
        return rest_of_town(text, town.name)
    words = text.split()
    for k in range(1, len(words)):
        for unread, rest in ((words[:k], words[k:]), (words[-k:], words[:-k])):
            found = resolve(" ".join(rest), bias=bias, region=region, role="town").place
            if found is not None and found.place_id == town.place_id:
                return " ".join(unread)
    return None


def rest_of_town(text: str, town: str) -> str:
    """``text`` without the words of the town's name and the prepositions before it."""
    drop = set(fold(town).split())
    before = _words("place_prepositions")
    words = [w for w in text.split() if fold(w) not in drop]
    while words and fold(words[-1]) in before:
        words.pop()
    return " ".join(words) or text


def _cut_short(head: list[str], name: str) -> bool:
    """Whether the folded words ``head`` are only the first letters of the town's ``name``,
    ending inside one of its words (letters alone compared: "Raba" of Rabat; "Kengtung" is Kēng
    Tung's whole name, "León" the first words of León de los Aldama)."""
    typed = re.sub(r"\W", "", "".join(head))
    words = [re.sub(r"\W", "", w) for w in fold(name).split()]
    firsts = {"".join(words[: k + 1]) for k in range(len(words))}
    own = "".join(words)
    return typed.isascii() and len(typed) >= 3 and typed not in firsts and own.startswith(typed)


def _own_name(text: str, town: Resolved) -> bool:
    """Whether ``text`` is one of the index's names of ``town`` ("Basra" of Basrah)."""
    idx = city_index()
    at = idx.place_ids.get(town.place_id, idx.cities)
    return at is not None and at in idx.by_name.get(fold_text(text), ())


def spelt_apart(place_text: str, found: Resolution) -> bool:
    """Whether the town a search's place part names is only a guess spelt apart from the text:
    a LOW near spelling that is rather another place's name (:func:`.resolver.other_name`) or
    two letters off a smaller town's (:func:`_far_typo`: "Vřeskovice", no Vršovice), or
    a LOW town read in the last or first words of a longer name, beside a word that is neither
    the town's nor an administrative unit's ("Ingeniero Juárez" is not Ciudad Juárez,
    "Katta-Kurgan" not Kurgan, "San Juan de Nicaragua" not San Juan, Puerto Rico; "Ticul
    Municipality", "Kota Iloilo", "Hubli-Dharwad" stay). A search shows no confidence, so it
    lists nothing around such a guess; nor around a LOW town the text does not spell
    (:func:`~mapsnb_sandbox.world.names.spelling.loose_read`)."""
    town = found.place
    if loose_read(place_text, town, found.how):
        return True  # "Palana": Paraná by a loose key (names/spelling.py)
    if town is None or town.confidence != "LOW":
        return False
    head = fold(place_text.partition(",")[0]).split()
    if _cut_short(head, town.name) and not _own_name(" ".join(head), town):
        return True  # "Montevid": only Montevideo's first letters, no name of it
    if found.how not in ("fuzzy", "approximate"):
        return False
    if found.how == "fuzzy":  # "Vřeskovice": a village the index lacks, no Vršovice
        return other_name(" ".join(head), town) or _far_typo(" ".join(head), town)
    own = set(fold(town.name).split())
    at = [i for i, w in enumerate(head) if w in own]
    if not at:
        return False
    plain = _words("admin_words") | GENERIC_WORDS
    stray = head[: at[0]] + head[at[-1] + 1 :]
    return any(len(w) >= 3 and w not in plain for w in stray)


#: A near spelling is read as a town this big in a search ("hotels in Amsterdm"); a smaller
#: town's is read only one edit off its name ("Yeniseisk", "Phattalung") or with its consonants
#: (vowels and "h" aside: a transliteration, "Louangphrabang"), not beyond ("Vřeskovice" is a
#: village the index lacks, no Vršovice).
TYPO_TOWN_PEOPLE = 100_000
_VOWELS_AND_H = re.compile(r"[aeiouyh\W_]")


def _far_typo(head: str, town: Resolved) -> bool:
    """Whether folded ``head`` reads town ``town``, of under :data:`TYPO_TOWN_PEOPLE`, by a
    near spelling two or more edits off its name (two letters swapped count as one, a slip of
    the hand: "Ahrensbrug") and with other consonants (:data:`_VOWELS_AND_H` aside)."""
    from rapidfuzz.distance import OSA

    if town.kind != "locality" or town_population(town) >= TYPO_TOWN_PEOPLE:
        return False
    own = fold(town.name)
    if OSA.distance(re.sub(r"[\W_]", "", head), re.sub(r"[\W_]", "", own)) < 2:
        return False
    return _VOWELS_AND_H.sub("", head) != _VOWELS_AND_H.sub("", own)


def country_before_kind(text: str, place: str) -> bool:
    """Whether ``text`` opens with ``place``, a town and a country after a comma, and a kind
    follows ("Nambour, Kanada otel"): the kind is read, and the town is looked for in that
    country only (no Nambour in Canada: no town), not in the whole text's unread reading."""
    head, comma, last = place.rpartition(",")
    return (
        bool(comma and head.strip())
        and text.startswith(place)
        and (resolve(last.strip()).how == "country")
    )
