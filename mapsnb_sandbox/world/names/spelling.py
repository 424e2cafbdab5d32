"""Whether a town is what the text spells, or only a reading of it the resolver made.

The resolver reads many texts as a town's whole name by a loose key: a transliteration folded to
its consonants, a Greek label read in Latin letters with l for r ("Παλάνα": Paraná), another
town's own name that is also a mid-sized town's other name ("Palana": Paraná's other name,
Palana's own), a hyphenated name of another town ("Ζι-Παρανά", Ji-Paraná, read as Paraná). A LOW
town the text does not spell is a guess: ``resolve_names`` answers it LOW, but a search (it shows
no confidence) lists nothing around it (:func:`loose_read`). A name of several words the index
gives only to another town, sharing no word with its own name and naming a kind of place ("Point
Hope": Newport News), is a guess too, LOW (:func:`alias_only`); and a town a text of several
words was placed in by one of its other names alone ("kafe": Kafue) is no answer of a search
(:func:`other_name_guess`). A near spelling of a South Asian town's name built on the same
ending ("Samalpur" of Sambalpur) is another town's name (:func:`other_compound_name`). A town
whose own name is a generic word ("North", Singapore's planning region) named by another word
("Norte", "شمال", "צפון": the word in other languages) is LOW too (:func:`generic_alias`): the
text says a direction, not which place. A near spelling that changes a short word of a name into
another word its country's names use ("Mường La", no Mường Lay) is another place's name
(:func:`word_apart`, round 26).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from mapsnb_sandbox.world.cities import city_index, exonyms, script_ids
from mapsnb_sandbox.world.geocode import resolve_text_match
from mapsnb_sandbox.world.index.letters import latin_letter
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.words import town_then_kind
from mapsnb_sandbox.world.landmarks import fold
from mapsnb_sandbox.world.names.compounds import ARTICLES, feature_words
from mapsnb_sandbox.world.names.forms import town_candidates
from mapsnb_sandbox.world.names.grammar import with_commas
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.towns import GENERIC_WORDS, named_ids, own_name

__all__ = [
    "alias_only",
    "consonants_apart",
    "generic_alias",
    "kind_word_read",
    "loose_read",
    "other_compound_name",
    "other_name_guess",
    "typed_town_name",
    "word_apart",
    "written_consonants_apart",
]

#: A city this big is what its other name means, even where a small town bears it as its own
#: ("Basra": Basrah, not Basra, Pakistan; "Cologne": Köln).
BIG_CITY = 1_000_000


def _number(place: Resolved) -> int | None:
    idx = city_index()
    return idx.place_ids.get(place.place_id, idx.cities)


def _own(key: str, place: Resolved) -> bool:
    """Whether folded ``key`` is the own name of town ``place`` (abbreviations aside)."""
    number = _number(place)
    if number is None:
        return fold(place.name) == key
    return own_name(key, city_index().cities[number])


def _exonym(key: str, place: Resolved) -> bool:
    """Whether folded ``key`` is a language's exonym of town ``place`` (``town_exonyms.tsv``)."""
    exonym = exonyms().get(key)
    return exonym is not None and fold(exonym[0]) == fold(place.name)


def _named_exactly(key: str, place: Resolved) -> bool:
    """Whether the index gives town ``place`` the folded name ``key`` (its own table of names,
    not a variant), and no town of another country has ``key`` for its own name unless
    ``place`` is a city of :data:`BIG_CITY` ("Palana" is Paraná's other name, but Palana's
    own)."""
    idx = city_index()
    number = _number(place)
    named = [*idx.by_name.get(key, ()), *script_ids(idx, key)]
    if number is None or number not in named:
        return False
    town = idx.cities[number]
    if town.population >= BIG_CITY:
        return True
    return not any(
        idx.cities[j].cc != town.cc and own_name(key, idx.cities[j]) for j in named
    )  # "Atizapán": a small town's own name and its country's bigger town's other name


def _spelt_in(key: str, place: Resolved) -> bool:
    """Whether some words of folded ``key`` in a row are town ``place``'s own name, an exonym
    of it or a name the index gives it."""
    words = key.split()
    spans = (" ".join(words[i:j]) for i in range(len(words)) for j in range(i + 1, len(words) + 1))
    return any(_own(s, place) or _exonym(s, place) or _named_exactly(s, place) for s in spans)


def _hyphen_tail(head: str, place: Resolved) -> bool:
    """Whether ``head`` is one hyphenated name whose last part alone names ``place`` and whose
    first part names no town ("Ζι-Παρανά": Ji-Paraná, not Paraná; "Hubli-Dharwad" stays)."""
    parts = [fold(p) for p in re.split(r"[-‐]", head.strip()) if fold(p)]
    if len(parts) < 2 or " " in head.strip():
        return False
    tail = fold(" ".join(parts[1:]))
    if not (_own(tail, place) or _named_exactly(tail, place)):
        return False
    return not named_ids(city_index(), parts[0])


def loose_read(place_text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town the place part ``place_text`` does not spell: read as a
    whole name (``how`` ``"city"``) by a key that is not its own name, an exonym of it or a
    name the index gives it alone; or placed (``"approximate"``) by words none of which name
    it, or by the last part of a hyphenated name. A search lists nothing around it."""
    if place is None or place.kind != "locality" or place.confidence != "LOW":
        return False
    place_text = with_commas(place_text)  # "نوم، آلاسکا"
    head = place_text.partition(",")[0]
    key = fold(head)
    if how == "approximate":  # "名古屋駅": a town's whole name, then a kind glued after it
        glued = town_then_kind(head.strip()) is not None
        return not (glued or _spelt_in(key, place)) or _hyphen_tail(head, place)
    if how != "city" or _own(key, place) or _exonym(key, place):
        return False
    if "," in place_text:  # "نوم، آلاسکا": a qualifier that holds chose the town
        return _unshared(place_text, place)
    return not _named_exactly(key, place) or _unshared(place_text, place)


def alias_only(text: str, place: Resolved, how: str) -> bool:
    """Whether ``place`` is a town matched by a name of two or more Latin words that is none
    of its own words nor a language's exonym of it, one of them a kind of place ("Point Hope"
    for Newport News): an other name the index gives it, not what a user asking that name
    means with confidence."""
    if how != "city" or place.kind != "locality" or place.confidence == "LOW":
        return False
    return _unshared(text, place)


def generic_alias(text: str, place: Resolved, how: str) -> bool:
    """Whether ``place`` is a town whose own name is one generic word ("North", "Central")
    matched by a text that is not that word: the word in another language ("Norte", "شمال")
    names no one place."""
    if how != "city" or place.kind != "locality" or place.confidence == "LOW":
        return False
    own = fold(place.name)
    head = fold(with_commas(text).partition(",")[0])
    return own in GENERIC_WORDS and len(own) >= 4 and head != own


def _unshared(text: str, place: Resolved) -> bool:
    """Whether the first comma part of ``text`` is two or more Latin words, none of them a
    word of town ``place``'s own name, nor a language's exonym of it, one of them a kind of
    place ("Point", "Fort", "Lake": :func:`~.compounds.feature_words`), that no town of the
    index bears as its own name: a name the index gives only to another place."""
    head = with_commas(text).partition(",")[0]
    key = fold(head)
    words = key.split()
    if len(words) < 2 or not head.isascii() or _own(key, place) or key in exonyms():
        return False
    if set(words) & set(fold(place.name).split()):
        return False
    if not any(w in feature_words() for w in words):
        return False  # "Den Haag", "Alma-Ata": other names, no kind of place
    idx = city_index()  # "Port Elizabeth" is also a town's own name: the size rule decides
    return not any(own_name(key, idx.cities[j]) for j in idx.by_name.get(key, ()))


def other_name_guess(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town a text of several words was placed in (``how`` is
    ``"approximate"``) by one of its other names alone, not its own name nor an exonym a
    language gives it: a kind word of a language the emulator does not read ("Yakutsk kafe":
    Kafue's other name "Kafe"), a nickname ("καφετέρια Σαμπά": São Paulo's "Sampa"). Nothing
    surely names that town, so a search shows no place for it."""
    if place is None or how != "approximate" or place.kind != "locality":
        return False
    if place.confidence != "LOW":
        return False
    key = f" {fold(text)} "
    if f" {fold(place.name)} " in key:
        return False
    own = fold(place.name)
    return not any(f" {k} " in key and fold(v[0]) == own for k, v in exonyms().items())


#: Endings South Asia's place names are built on ("-pur", town; "-abad", settled; "-nagar",
#: city; "-garh", fort; "-ganj", market; "-gaon", village; "-palli", "-halli", hamlet; "-pet",
#: market; "-kot", fort): a stem one letter off is another town's (India alone has thousands of
#: "-pur" villages; the index holds those of 1,000 people and more).
SOUTH_ASIAN_ENDINGS = (
    "pur", "pura", "puram", "abad", "nagar", "garh", "ganj", "gaon", "palli", "halli", "pet", "kot"
)  # fmt: skip
SOUTH_ASIA = frozenset({"IN", "PK", "BD", "NP", "LK"})


def other_compound_name(text: str, town: Resolved) -> bool:
    """Whether ``text``, a near spelling of South Asian town ``town``'s name, ends on the same
    place-name ending (:data:`SOUTH_ASIAN_ENDINGS`) with another stem: another town's name
    ("Samalpur", a village of West Bengal, is no misspelt Sambalpur), not a typo."""
    if town.country_code not in SOUTH_ASIA:
        return False
    key = "".join(c for c in fold(text) if c.isalpha())
    name = "".join(c for c in fold(town.name) if c.isalpha())
    return key != name and any(
        key.endswith(e) and name.endswith(e) and len(key) > len(e) + 1 for e in SOUTH_ASIAN_ENDINGS
    )


def typed_town_name(name: str, typed: str, place_id: str, *, cyrillic: bool) -> str:
    """The asker's name of town ``place_id`` in a Latin or Cyrillic language: the typed text,
    or the first form of :func:`town_candidates` ("Київ" of "Києві", "Brno" of "Brně"), in that
    script, that is one of the town's names (its own spelling when they fold alike: "Kraków"
    of "Krakowie"), or a run of its words that is ("München" of "Hauptbahnhof München"); else
    ``name``."""
    idx = city_index()
    j = idx.place_ids.get(place_id, idx.cities)
    if j is None:
        return name
    forms = sorted([typed, *town_candidates(typed)], key=_no_vowel)  # "Plzeň", not "Plzn"
    words = typed.replace(",", " ").split()  # else the words that name it: "München" of
    # "Hauptbahnhof München", "Hull" of "Hull, East Yorkshire" (no comma kept)
    spans = [
        " ".join(words[i : i + n])
        for n in range(len(words) - 1, 0, -1)
        for i in range(len(words) - n + 1)
    ]
    for form in [*forms, *spans]:
        letters = [c for c in form if c.isalpha()]
        if not letters or any(("\u0400" <= c <= "\u04ff") != cyrillic for c in letters):
            continue
        if cyrillic is False and not all(map(latin_letter, letters)):
            continue  # Latin letters only, Vietnamese's own ("Hà Nội") among them
        key = fold(form)
        if j in idx.by_name.get(key, ()) or j in script_ids(idx, key):  # "Цюрих"
            if key == fold(name) and not _marked_as_typed(form, typed, name):
                return name
            return form if form[:1].isupper() or cyrillic else form[:1].upper() + form[1:]
    return name


def _marked_as_typed(form: str, typed: str, name: str) -> bool:
    """Whether ``form`` is the asker's text with marks the index's ``name`` lacks ("París",
    "Berlín", "Séoul" of Paris, Berlin, Seoul: the language's own spelling, kept), not a
    form cut from it ("Krakow" of "Krakowie" takes the index's "Kraków")."""
    return form == typed and form != name and not form.isascii() and form.lower() != name.lower()


def _no_vowel(form: str) -> bool:
    """Whether a Latin ``form`` has no vowel: a stem cut from an inflection ("Plzn"), which
    some town's odd alternate name may match, ranks after the forms that have one."""
    base = unicodedata.normalize("NFD", form.lower())
    return form.isascii() and not any(v in base for v in "aeiouy")


#: Spellings of one sound that transliterations trade (German "sch", English "sh", French "ch"
#: and "tch" of the one Russian letter; "kh" or "h"; "dz" or "z"; "gn" of a palatal n),
#: read as one letter before two names' consonants are compared (:func:`consonants_apart`).
_DIGRAPHS = (("sch", "s"), ("dzh", "j"), ("tch", "c"), ("sh", "s"), ("ch", "c"), ("zh", "j"),
             ("kh", "h"), ("dz", "z"), ("ds", "s"), ("ts", "s"), ("tz", "z"), ("ck", "k"),
             ("gn", "n"))  # fmt: skip
#: Sibilants and velars transliterations write with any of these letters ("Sztavropol",
#: "Kandalakcha", "Dalandsadgad"): one letter when consonants are compared.
_ONE_SOUND = str.maketrans("zcxjqk", "ssssss")
#: What transliterations vary freely: vowels, "y", "h", "w", spaces, hyphens, apostrophes.
_NOISE = re.compile(r"[aeiouyhw\W\d_]+")
#: An ending a language adds or drops (Spanish plural "-s", Greek neuter "-on"): "Lechería" is
#: Lecherías, "Oraiokastron" Oraiókastro.
_ENDINGS = ("s", "n")
#: Arabic's article, which takes the sound of a sun letter after it ("Al-Suwayda", "As-Suwayda").
_ARTICLE = re.compile(r"^[ae][lsrtdnz]h? ")


def _consonants(key: str) -> str:
    """The consonants of folded Latin ``key`` as :func:`consonants_apart` compares them: one
    sound per digraph, one letter per sibilant, vowels and "h", "w", "y" out, doubles single."""
    for spelt, sound in _DIGRAPHS:
        key = key.replace(spelt, sound)
    return re.sub(r"(.)\1+", r"\1", _NOISE.sub("", key.translate(_ONE_SOUND)))


def consonants_apart(text: str, name: str) -> bool:
    """Whether Latin ``text``, a near spelling of town name ``name``, has a consonant of its own
    that no transliteration trades (:data:`_DIGRAPHS`, :data:`_ONE_SOUND`, :data:`_NOISE`),
    beyond a final "-s" or "-n" (:data:`_ENDINGS`): another place's name, not a spelling of
    ``name`` ("Breziers", a village of the Alpes, is no Béziers; "Argentieres" no
    Armentières); "Yeniseisk", "Phattalung", "Sztavropol" are Yeniseysk, Phatthalung and
    Stavropol. Names in other scripts are never apart."""
    key, own = (_ARTICLE.sub("", fold(t)) for t in (text, name))
    if not (key.isascii() and own.isascii()) or _consonants(key) == _consonants(own):
        return False
    for a, b in ((key, own), (own, key)):
        if a[-1:] in _ENDINGS and _consonants(a[:-1]) == _consonants(b):
            return False
    return True


#: A word this short that a near spelling changes is another word, not a typo of it ...
SHORT_WORD = 3
#: ... when this many towns of the town's country have it as a word of their own name: "La" of
#: "Mường La" (a district of Sơn La) is Vietnam's "Sơn La", "La Gi", no "Mường Lay" typed short.
NAME_WORD_TOWNS = 3


@functools.cache
def _name_words(cc: str) -> dict[str, int]:
    """Per folded word, how many towns of country ``cc`` bear it in their own name of two words
    or more."""
    out: dict[str, int] = {}
    for c in city_index().cities:
        words = fold(c.name).split() if c.cc == cc else []
        for w in set(words) if len(words) > 1 else ():
            out[w] = out.get(w, 0) + 1
    return out


def word_apart(text: str, town: Resolved) -> bool:
    """Whether ``text``, a near spelling of town ``town``'s name of as many words (two or more),
    differs from it in one word of up to :data:`SHORT_WORD` letters that is a word of the own
    names of :data:`NAME_WORD_TOWNS` towns of its country: another place's name ("Mường La",
    a district, no Mường Lay), not a typo (a typo of a short word makes no word the country's
    names use)."""
    typed, name = fold(text).split(), fold(town.name).split()
    if len(typed) < 2 or len(typed) != len(name):
        return False
    apart = [(a, b) for a, b in zip(typed, name, strict=True) if a != b]
    if len(apart) != 1 or len(apart[0][0]) > SHORT_WORD or set(apart[0]) <= ARTICLES:
        return False  # "Al-Suwayda": As-Suwayda, the article as it sounds before "s"
    return _name_words(town.country_code).get(apart[0][0], 0) >= NAME_WORD_TOWNS


def written_consonants_apart(text: str, name: str) -> bool:
    """Whether Latin ``text`` and town name ``name`` differ in their consonants as written, what
    transliterations vary freely aside (vowels, "y", "h", "w", doubled letters): "Winsor" lacks
    Windsor's "d" (another village), "Jamame" is Jamaame and "Izmail" Izmayil spelt otherwise."""
    key, own = fold(text), fold(name)
    if not (key.isascii() and own.isascii()):
        return False
    return len({re.sub(r"(.)\1+", r"\1", _NOISE.sub("", k)) for k in (key, own)}) > 1


def kind_word_read(text: str, place: Resolved, how: str = "partial") -> str | None:
    """The place part of ``text`` (a kind and a place: "ঢাকা হাসপাতাল", Dhaka hospital; ``""``
    for a kind alone) when LOW town ``place`` is read in the kind's word (the Bengali
    "হাসপাতাল", its vowel signs folded away, as Hosapete's Bengali name): a kind's word is no
    town; else ``None``. A town read ``how`` "approximate" (its other words unread) only before
    a country ("Apotheke Italien": Abū Tīj by its Greek name Apotheke; not "… Museum, Bungay")."""
    split = split_kind_and_place(text)
    if place.confidence != "LOW" or split is None or (split[1] and split[1] not in text):
        return None
    part = split[1] or ""
    if how == "approximate" and not _country_named(part):
        return None
    kind_part = text.replace(part, " ", 1).strip(" ,") if part else text
    read = resolve_text_match(kind_part) if kind_part else None
    return part if read is not None and read[0].place_id == place.place_id else None


def _country_named(text: str) -> bool:
    """Whether ``text`` is a country's name in some language ("Italien")."""
    read = resolve_text_match(text) if text else None
    return read is not None and read[1] == "country"
