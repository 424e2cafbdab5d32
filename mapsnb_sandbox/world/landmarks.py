"""The emulator's curated landmarks (``data/landmarks.csv``), the world's airports
(``data/airports.tsv.z``, ``tools/build_airports.py``) and main railway stations (Europe's and
India's: ``data/stations.tsv.z``; others: ``data/famous_stations.csv``), loaded lazily, indexed.

The tables' rows are read by ``index/landmark_rows.py``; this module indexes them and reads
texts for landmarks' names and shapes. The rows' names stay importable here, and so does the
text folding every name lookup uses (``fold``, of ``index/letters.py``).
"""

from __future__ import annotations

import bisect
import functools
import json
import math
import os
from dataclasses import dataclass
from pathlib import Path

from mapsnb_sandbox.contract.common import Once
from mapsnb_sandbox.contract.ids import decode_tagged_id
from mapsnb_sandbox.world.index.landmark_rows import (
    AIRPORTS_TSV,
    FAMOUS_CSV,
    FAMOUS_STATIONS_CSV,
    FR_MUSEUMS_CSV,
    HERITAGE_CSV,
    JAPAN_MOUNTAINS_CSV,
    LANDMARKS_CSV,
    MUSEUM_CSVS,
    OSM_MUSEUMS_CSV,
    STATIONS_TSV,
    US_MUSEUMS_CSV,
    VOLCANOES_CSV,
    WITHHOLD_ENV,
    Landmark,
    famous_keys,
    folded_names,
    held_out,
    load_airports,
    load_famous,
    load_landmarks,
)
from mapsnb_sandbox.world.index.letters import fold
from mapsnb_sandbox.world.landmark_names.cases import with_case_keys
from mapsnb_sandbox.world.names.town_words import (
    FEATURE_WORDS,
    NATURAL_WORDS,
    keeps_feature_words,
    marked_otherwise,
    town_head,
)

__all__ = [
    "AIRPORTS_TSV",
    "AROUND",
    "FAMOUS_CSV",
    "FAMOUS_STATIONS_CSV",
    "FAMOUS_TOWN_POPULATION",
    "FEATURE_WORDS",
    "FR_MUSEUMS_CSV",
    "HERITAGE_CSV",
    "LANDMARKS_CSV",
    "LANDMARK_WORDS_JSON",
    "MUSEUM_CSVS",
    "NATURAL_KINDS",
    "NATURAL_WORDS",
    "OSM_MUSEUMS_CSV",
    "STATIONS_TSV",
    "US_MUSEUMS_CSV",
    "VOLCANOES_CSV",
    "WITHHOLD_ENV",
    "Landmark",
    "Once",
    "asks_for_a_kind",
    "compact_key",
    "derived_word",
    "famous_keys",
    "fold",
    "held_out",
    "keeps_feature_words",
    "landmark_index",
    "landmark_shape_words",
    "landmark_shaped",
    "landmarks",
    "load_airports",
    "load_famous",
    "load_landmarks",
    "named_with_its_place",
    "names_one_place",
    "near_spelling_ok",
    "unknown_landmark",
]

#: The packaged table: a test's own table (``geocode.use_landmarks``) stays alone.
_PACKAGED_CSV = LANDMARKS_CSV

#: A famous place's other name ("Pão de Açúcar") names it rather than a town under this.
FAMOUS_TOWN_POPULATION = 100_000


_ABBREV = "st:street ave:avenue av:avenue pkwy:parkway blvd:boulevard rd:road dr:drive ln:lane"
_MORE_ABBREV = f"{_ABBREV} hwy:highway pl:place sq:square ct:court"
_STREET_ABBREV = dict(p.split(":") for p in _MORE_ABBREV.split())
_STREET_ABBREV.update(n="north", s="south", e="east", w="west")


def names_one_place(label: str, town: str) -> bool:
    """Whether ``label`` names one place rather than a kind of place: a capitalised word past
    the first (the town's name aside) or a number ("Union Station", "Kraków Główny"), or one
    word of a script without capitals ("京都駅", Kyoto Station)."""
    town_words = set(fold(town).split())
    words = [w for w in label.split() if fold(w) not in town_words]
    if len(words) == 1:
        first = words[0][:1]
        return first.isupper() or (first.isalpha() and first.lower() == first.upper())
    return any(w[:1].isupper() for w in words[1:]) or any(c.isdigit() for c in label)


def street_key(text: str) -> str:
    """Folded street part with common abbreviations expanded ("pkwy" -> "parkway")."""
    return " ".join(_STREET_ABBREV.get(w, w) for w in fold(text).split())


@dataclass
class _LandmarkIndex:
    items: list[Landmark]
    by_name: dict[str, list[int]]  # folded name / alias / key -> landmarks
    by_street: dict[str, list[int]]  # folded street part of the address -> landmarks
    by_full_address: dict[str, int]
    fuzzy: frozenset[str]  # names/aliases of 4+ characters, found inside longer texts
    fuzzy_words: int  # the most words in one of them

    @functools.cached_property
    def _fuzzy_by_length(self) -> tuple[list[str], list[int]]:
        """The near spellings' candidates: no name only a broad list's rows bear
        (:attr:`Landmark.one_source`: "Montgey", a French village, is no "Puy de Montgy")."""
        broad = {n for n in self.fuzzy if all(self.items[i].one_source for i in self.by_name[n])}
        names = sorted(self.fuzzy - broad, key=lambda n: (len(n), n))
        return names, [len(n) for n in names]

    @functools.cached_property
    def heads(self) -> dict[str, list[int]]:
        """The folded part before the comma of names with a place after it ("royal botanic
        gardens" of "Royal Botanic Gardens, Kew"), and the own name of a landmark but its
        town's (:func:`.names.town_words.town_head`, airports aside: "guggenheim museum" of
        "Guggenheim Museum Bilbao") -> the landmarks so named."""
        out: dict[str, list[int]] = {}
        for i, lm in enumerate(self.items):
            for name in (lm.name, *lm.aliases):
                head, comma, _ = name.partition(",")
                if comma and (key := fold(head)):
                    out.setdefault(key, []).append(i)
            if not lm.whole_name_only and (key := fold(town_head(lm.name, lm.city, AROUND))):
                out.setdefault(key, []).append(i)
        return out

    def named_apart(self, key: str, lm: Landmark) -> bool:
        """Whether folded ``key``, a name of ``lm``, is also the name of another landmark 50 km
        or more away, or its name before its place ("Union Station": Los Angeles', Chicago's,
        Denver's; "Royal Botanic Gardens": Sydney's, and Kew's as "Royal Botanic Gardens,
        Kew"): not surely ``lm``."""
        others = (*self.by_name.get(key, ()), *self.heads.get(key, ()))
        return any(
            abs(o.lat - lm.lat) + abs(o.lng - lm.lng) > 0.5 for o in (self.items[i] for i in others)
        )

    @functools.cached_property
    def compact(self) -> dict[str, str]:
        """The :attr:`fuzzy` names by their :func:`compact_key`, when that key is one name's and
        no other name's: "ili boleng" by "iliboleng", "burni telong" by "burnitelong"."""
        out: dict[str, str] = {}
        for n in self.fuzzy:
            key = compact_key(n)
            out[key] = "" if out.get(key, n) != n else n
        return {k: n for k, n in out.items() if n}

    def respelt(self, text: str) -> str:
        """Folded ``text`` with its first run of words that is no name but a name's
        :func:`compact_key` ("iliboleng", "bur ni telong") spelt as that name; "" when none."""
        words = text.split()
        for i in range(len(words)):
            for k in range(min(self.fuzzy_words + 2, len(words) - i), 0, -1):
                run = " ".join(words[i : i + k])
                name = self.compact.get(compact_key(run), run)
                if name != run and run not in self.by_name:
                    return " ".join([*words[:i], name, *words[i + k :]])
        return ""

    def fuzzy_near(self, text: str, cutoff: float) -> list[str]:
        """The :attr:`fuzzy` names whose length allows a ``fuzz.ratio`` of ``cutoff`` (0-100)
        with ``text``: the ratio is at most ``200 * shorter / (sum of lengths)``."""
        k = cutoff / (200 - cutoff)  # shorter / longer at the least
        names, lengths = self._fuzzy_by_length
        lo = bisect.bisect_left(lengths, math.ceil(len(text) * k - 1e-9))
        return names[lo : bisect.bisect_right(lengths, math.floor(len(text) / k + 1e-9))]

    @functools.cached_property
    def ids(self) -> tuple[dict[str, int], dict[tuple[int, int], int]]:
        """Landmarks by their table's id, and by the ``(tag, number)`` their feature id packs
        (made on the first look-up by id)."""
        given = {lm.given_id: i for i, lm in enumerate(self.items) if lm.given_id}
        packed = {(lm.tag, lm.number): i for i, lm in enumerate(self.items) if not lm.given_id}
        return given, packed


#: Letters folding keeps that a name's Latin spelling writes otherwise ("Bárðarbunga",
#: "Bardarbunga"; "Þríhnúkagígur"; "Øraefajokull").
_PLAIN_LETTERS = str.maketrans(
    {"ð": "d", "þ": "th", "ø": "o", "æ": "ae", "œ": "oe", "ł": "l", "ß": "ss", "đ": "d", "ı": "i"}
)


def compact_key(folded: str) -> str:
    """A folded name without its spaces, in plain Latin letters (:data:`_PLAIN_LETTERS`): whole
    names that differ only there are one ("Ili Boleng", "Iliboleng"; "Bur ni Telong", "Burni
    Telong")."""
    return folded.translate(_PLAIN_LETTERS).replace(" ", "")


def _index_landmarks(items: list[Landmark]) -> _LandmarkIndex:
    by_name: dict[str, list[int]] = {}
    by_street: dict[str, list[int]] = {}
    by_full: dict[str, int] = {}
    for i, lm in enumerate(items):
        names = set(lm.keys) or folded_names(lm)
        for n in names:
            if n:
                by_name.setdefault(n, []).append(i)
        # an airport's, a station's or a famous place's address is its town's or country's
        if lm.address and not lm.whole_name_only and not lm.famous:
            by_full.setdefault(street_key(lm.address), i)
            street = lm.address.split(",")[0]
            if any(ch.isdigit() for ch in street):
                by_street.setdefault(street_key(street), []).append(i)
    # airports and stations match by a whole name only ("… International Airport", "… Hbf")
    fuzzy = frozenset(
        n
        for n, ids in by_name.items()
        if len(n) >= 4 and items[ids[0]].kind != "airport" and not items[ids[0]].whole_name_only
    )
    words = max((n.count(" ") + 1 for n in fuzzy), default=0)
    return _LandmarkIndex(items, by_name, by_street, by_full, fuzzy, words)


def names_inside(text: str, li: _LandmarkIndex) -> list[str]:
    """Landmark names/aliases that occur in folded ``text`` as whole words, longest first, ties
    in text order."""
    words = text.split()
    found = (
        name
        for i in range(len(words))
        for k in range(min(li.fuzzy_words, len(words) - i), 0, -1)
        if (name := " ".join(words[i : i + k])) in li.fuzzy
    )
    return sorted(dict.fromkeys(found), key=len, reverse=True)


#: Articles and prepositions around a landmark's name and its place ("el Coliseo", "Taj Mahal
#: in Agra, India"): words a name may carry without naming anything else.
_AROUND_WORDS = (
    "the a an of in at near de la le el il lo los las les l du des del di da do der die das "
    "den dem het en em im au na w v в во на у το η ο τα της του των"
)
AROUND = _AROUND = frozenset(_AROUND_WORDS.split())
#: Words of the kind of place a name may carry ("Gyeongbokgung Palace", "Shwedagon Pagoda").
_KIND = (
    "palace temple mosque church cathedral basilica shrine pagoda stupa castle fort fortress "
    "tower museum monument memorial ruins site park gardens garden bridge square"
)
_KIND_WORDS = frozenset(_KIND.split())
#: The kinds of the famous mountains, volcanoes, lakes and parks, whose names a natural feature's
#: word may carry too ("Cotopaxi volcano", "Vulkan Ätna", "volcán de Fuego", "Lake Titicaca").
NATURAL_KINDS = frozenset(["park", "lake"])
_NATURE_KIND_WORDS = _KIND_WORDS | FEATURE_WORDS


#: Words naming a landmark's kind in every supported language, whole words ("Historic Centre of
#: Warsaw", "Médina de Fès", "Кижи погост", "Topkapı Sarayı") and the ends of words in scripts
#: that do not space them ("金閣寺", "경복궁"): a text holding one names a landmark, not a street,
#: a square or a station. "temple" is left out ("Temple Bar, Dublin" is a street).
LANDMARK_WORDS_JSON = Path(__file__).resolve().parents[1] / "data" / "landmark_words.json"


@functools.cache
def _landmark_words() -> tuple[frozenset[str], tuple[str, ...]]:
    """The folded words of :data:`LANDMARK_WORDS_JSON`, and its word ends (all languages)."""
    table = json.loads(LANDMARK_WORDS_JSON.read_text(encoding="utf-8"))
    words = frozenset(fold(w) for ws in table["words"].values() for w in ws)
    return words, tuple(fold(p) for ps in table["parts"].values() for p in ps)


def landmark_shape_words() -> frozenset[str]:
    """The folded whole words of :data:`LANDMARK_WORDS_JSON` in every language."""
    return _landmark_words()[0]


def landmark_shaped(text: str, besides: str = "", *, whole: bool = False) -> bool:
    """Whether ``text`` (of two words or more) carries, before its first comma, a word of a
    landmark's kind (:data:`LANDMARK_WORDS_JSON`) that is not a word of ``besides`` (the town
    read in it): "Historic City of Toledo", "Médina de Fès", "Cathedral, Alcázar and Archivo de
    Indias in Seville"; not "Spanish Town", "Jomala, Åland Islands", "Nowhere Plaza, Paris" nor
    "Temple Bar, Dublin". With ``whole``, the words after the comma count too."""
    head = fold(text if whole else text.partition(",")[0]).split()
    own = fold(besides)
    words, parts = _landmark_words()
    if len(fold(text).split()) >= 2 and any(w in words and w not in own.split() for w in head):
        return True
    return any(  # "京都の金閣寺": a word ending of a kind, on a longer name
        len(w) > len(p) + 1 and p in w and p not in own
        for w in head
        if not w.isascii()
        for p in parts
    )


#: A landmark word in this many town names or more is also a word of towns' names ("fort",
#: "castle", "city", "villa", "hall"): it does not make a town's other name a landmark's.
TOWN_WORD_NAMES = 3


@functools.cache
def _rare_in_town_names() -> frozenset[str]:
    """The landmark words (:func:`landmark_shape_words`) fewer than :data:`TOWN_WORD_NAMES`
    names of the town index hold as a word ("castles", "monastery", "palace", "cathedral")."""
    from collections import Counter

    from mapsnb_sandbox.world.cities import city_index

    words = landmark_shape_words()
    keys = city_index().by_name.keys()
    counts = Counter(w for k in keys if " " in k for w in k.split() if w in words)
    return frozenset(w for w in words if counts[w] < TOWN_WORD_NAMES)


def landmark_not_town(text: str, town: str) -> bool:
    """Whether ``text``, which names town ``town`` only by another of its names sharing no word
    with its own, is a landmark's name: it holds a landmark word towns are hardly ever named
    with, in the Latin script ("Three Castles", another name of Khomeynī Shahr; not "Ville
    Lumière" for Paris, "Fort Lamy" for N'Djamena, nor "دير الزور", Deir ez-Zor in Arabic)."""
    words, own = fold(text).split(), set(fold(town).split())
    latin = all(c <= "\u024f" for c in text if c.isalpha())  # "دير الزور" is Deir ez-Zor's
    if len(words) < 2 or own & set(words) or not latin:
        return False
    return not _rare_in_town_names().isdisjoint(words)


#: Prepositions of a search for a kind of place in a town ("parks in Berlin", "églises à Rome",
#: "парки в Москве"): a text with one asks for a kind, not one landmark by its name. (Vietnamese
#: "tại" is left out: folded, it is "Taï" of "Taï National Park".)
_SEARCH_PREPOSITION_WORDS = (
    "in near around at a aux dans en em im am zum zur beim bei nahe cerca pres vicino al alla "
    "alle nel nella nei negli nelle nell nos nas w v na u в во около у рядом di da ve yakininda gan o"
)
_SEARCH_PREPOSITIONS = frozenset(_SEARCH_PREPOSITION_WORDS.split())


def asks_for_a_kind(text: str) -> bool:
    """Whether ``text`` holds a preposition of a search for a kind of place in a town
    ("churches in Rome", "églises à Rome", "парки в Москве"), before no town's name written
    with other marks (:func:`.names.town_words.marked_otherwise`: "Temple du Soleil à
    Konârak" asks for no temples in Iran's Konārak)."""
    words = text.split()
    at = [i for i, w in enumerate(words) if fold(w) in _SEARCH_PREPOSITIONS]
    place = " ".join(words[at[-1] + 1 :]) if at else ""
    return not _SEARCH_PREPOSITIONS.isdisjoint(fold(text).split()) and not marked_otherwise(place)


def unknown_landmark(text: str, town: str | None, how: str, *, search: bool = False) -> bool:
    """Whether ``text``, for which the resolver found only ``town`` (a LOW town, or ``None``)
    matched as ``how``, names a landmark the emulator does not know, so that no place answers
    it rather than the town or a kind of place around a town read in one of its words: a text of
    a landmark's shape (:func:`landmark_shaped`) asking for no kind in a town ("Historic City of
    Toledo", "Pirin National Park", "Médina de Fès"), or an unknown place in a town read among
    two or more other words with no comma ("Heart of Neolithic Orkney"). A street, square or
    station in a town set off by a comma is not one ("Gare Saint-Paul, Lyon"). With ``search``
    (a ``search_places`` text), a text with a preposition of a kind search asks for a kind
    ("churches in Rome")."""
    words = fold(text).split()
    if search and asks_for_a_kind(text):
        return False
    if landmark_shaped(text, besides=town or "", whole=how == "city"):
        return True  # "city": a LOW town whose qualifiers do not hold ("Cathedral, Alcázar...")
    if how == "fuzzy" and town is not None and derived_word(text, town):
        return True  # "Vittoriano" (Rome's monument) is no misspelling of Vittoria, Sicily
    if town is None or how != "approximate" or "," in text:
        return False
    return len(words) - len(fold(town).split()) >= 2


#: Letters a word adds to a town's whole name to be another word built on it, not a misspelling
#: of it ("Vittoriano" on Vittoria, "Hamiltonian" on Hamilton; "Lisbonn" is a misspelling).
DERIVED_LETTERS = 2


def derived_word(text: str, town: str) -> bool:
    """Whether one-word ``text`` is town name ``town`` and :data:`DERIVED_LETTERS` letters more."""
    key, name = fold(text), fold(town)
    return " " not in key and key.startswith(name) and len(key) - len(name) >= DERIVED_LETTERS


def near_spelling_ok(text: str, name: str) -> bool:
    """Whether folded ``text`` may be a misspelling of folded landmark name ``name`` (a near
    spelling found by ratio): not when a word they differ by is a town's name, on either side
    ("centre historique de sienne" is not "... de vienne", "vieille ville de caceres" not
    "vieille ville dacre"), nor when they share no word but kind, feature and article words and
    those differ more than a misspelling ("tai national park" is not "tajik national park", "gee
    island" no "goree island"), nor when only their kind words differ ("imperial palaces" are
    not "imperial palace"); "djemaa el fna" may be "jemaa el fnaa", "tajmahal" "taj mahal"."""
    from rapidfuzz import distance, fuzz

    from mapsnb_sandbox.world.cities import city_index

    by_name = city_index().by_name
    a, b = text.split(), name.split()
    differ = set(a) ^ set(b)
    if any(len(w) >= 4 and w in by_name for w in differ):
        return False
    if differ and differ <= landmark_shape_words():
        return False  # only the kind differs: "imperial palaces" are not "imperial palace"
    generic = landmark_shape_words() | _AROUND | NATURAL_WORDS
    x, y = (" ".join(w for w in d if w not in generic) for d in (a, b))
    typo = distance.Levenshtein.distance(x, y) <= 1 and not NATURAL_WORDS.isdisjoint(a)
    return not set(x.split()).isdisjoint(y.split()) or fuzz.ratio(x, y) >= 90 or typo


def _names_its_place(lm: Landmark, words: list[str]) -> bool:
    """Whether ``words`` (folded) name where ``lm`` is, in one or two runs: its country, a
    region holding it, or a town of that name (also inflected) within about 50 to 100 km."""
    from mapsnb_sandbox.world.cities import city_index, nearest_cached
    from mapsnb_sandbox.world.towns import regions, town_ids

    if not words:
        return True
    idx, rg, text = city_index(), regions(), " ".join(words)
    if lm.country_code in rg.countries.get(text, ()) or idx.countries.get(text) == lm.country_code:
        return True
    towns = (idx.cities[j] for j in town_ids(idx, text, lambda j: True)[:20])
    if any(abs(c.lat - lm.lat) + abs(c.lng - lm.lng) < 1.0 for c in towns):
        return True
    if text in rg.admin1 and rg.holds(text, nearest_cached(round(lm.lat, 4), round(lm.lng, 4))[0]):
        return True
    return len(words) <= 4 and any(
        _names_its_place(lm, words[:k]) and _names_its_place(lm, words[k:])
        for k in range(1, len(words))
    )


def named_with_its_place(text: str) -> Landmark | None:
    """A landmark whose whole name occurs in folded ``text`` when every other word is an
    article, a preposition, a word of its kind (of a natural feature for a mountain or lake,
    :data:`NATURAL_KINDS`: "cotopaxi volcano"), or names its town, region or country: "el
    coliseo", "taj mahal agra india", "kolosseum in rom", "vinh ha long quang ninh"."""
    li = landmark_index()
    if (lm := _named_in(text, li)) is not None:
        return lm
    respelt = li.respelt(text)  # only when the text as typed names none: "iliboleng volcano"
    return _named_in(respelt, li) if respelt else None


def _named_in(text: str, li: _LandmarkIndex) -> Landmark | None:
    words = text.split()
    for name in names_inside(text, li):
        n = len(name.split())
        at = next(i for i in range(len(words)) if " ".join(words[i : i + n]) == name)
        around = [w for w in words[:at] + words[at + n :] if w not in _AROUND]
        for lm in (li.items[i] for i in li.by_name[name]):
            kinds = _NATURE_KIND_WORDS if lm.kind in NATURAL_KINDS else _KIND_WORDS
            rest = [] if set(around) <= kinds else [w for w in around if w not in kinds]
            if _names_its_place(lm, rest):
                return lm
    return None


def _build_landmark_index() -> _LandmarkIndex:
    items = load_landmarks(LANDMARKS_CSV)
    if LANDMARKS_CSV == _PACKAGED_CSV:  # tests' own tables stay alone
        withhold = os.environ.get(WITHHOLD_ENV) == "1"
        items = load_famous(HERITAGE_CSV, load_famous(FAMOUS_CSV, items), withhold=withhold)
        for more in (*MUSEUM_CSVS, FAMOUS_STATIONS_CSV, VOLCANOES_CSV, JAPAN_MOUNTAINS_CSV):
            items = load_famous(more, items)
        items += load_airports(AIRPORTS_TSV) + load_airports(STATIONS_TSV, kind="station")
        items = with_case_keys(items, names=folded_names)  # "Красной площадью", round 20
    return _index_landmarks(items)


#: The landmark table, read and indexed on first use.
landmark_index = Once(_build_landmark_index)


def landmark_with_id(pid: str) -> Landmark | None:
    """The landmark or airport whose place id is ``pid``, or ``None``."""
    li = landmark_index()
    given, packed = li.ids
    if pid in given:
        return li.items[given[pid]]
    decoded = decode_tagged_id(pid)
    i = packed.get(decoded[:2]) if decoded is not None else None
    found = li.items[i] if i is not None else None
    return found if found is not None and found.place_id == pid else None


def landmarks() -> list[Landmark]:
    """All curated landmarks and airports (loaded once)."""
    return landmark_index().items
