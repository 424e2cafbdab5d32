"""Compound place names: a town read from only part of a multi-word name is no answer.

"Fort Severn", "Puerto Deseado", "Chesterfield Inlet", "Bandar Seri Begawan", "Kota Dawson" name
places the index may not hold; their generic word ("Fort", read as Fürth; "Bandar", Bender;
"Kota", Kota) or their other words ("Chesterfield", "Ayacucho") name another town. When the
index does not give the whole name to the town found, and that town is only a LOW guess, the
text names nothing the emulator knows: ``not_found``, for every tool. The generic words, in the
scripts of the 28 languages, are in ``data/compound_words.json`` (sources there).

Round 22 (:func:`part_of_name`): any LOW town read in only some words of a longer name the index
lacks is no answer either, where a hyphen joins the town to the other words ("Saint-Priest-des-
Champs") or the name has a shape common among the index's names ("Santiago …", "… Springs",
"… Bridge": "Palatine Bridge" is no Palatine, Illinois), unless the other words make a reading
of the town (a kind, a landmark's or unit's word, a region that holds, a place near it).

Round 25 (:func:`stray_part`): nor is a LOW town whose other words hold a proper name it does not
account for, when it was read by another of its names that another town bears as its own
("Canton Township": Guangzhou) or by its own name that namesakes share ("El Salto de los Salado,
Mexico"), counted in the text's countries, else where its connectors' languages are official
(``data/name_connectors.txt``: libpostal's stopwords; CLDR's territory languages).

Round 26: nor is a LOW town under a million people beside proper words that no town of the index
or small place of ``cities500`` near it bears ("Soem Klang", "Tegal Harum": villages, not quarters
of Klang and Tegal; a big city's quarter may be named beside it, "Taksim İstanbul"), unless those
words open or close many names of the index ("Khlong Toei Nuea"); an other name read so that a
small place bears far away ("Khlon Maning": no Wanning); a word for a town after a name ("Barurambat
Kota": no Kota).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
from dataclasses import replace
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.world.cities import COUNTRY_RIVAL_SHARE, RIVAL_SHARE, city_index
from mapsnb_sandbox.world.geodata import City
from mapsnb_sandbox.world.kinds.reading import split_kind_and_place
from mapsnb_sandbox.world.kinds.table import find_category
from mapsnb_sandbox.world.landmarks import NATURAL_WORDS, fold, landmark_shape_words
from mapsnb_sandbox.world.named_towns import COMPASS_WORDS
from mapsnb_sandbox.world.names.forms import hyphenated_compound
from mapsnb_sandbox.world.names.grammar import with_commas
from mapsnb_sandbox.world.names.qualifiers import (
    city_ok,
    known_qualifier,
    qualifiers,
    query_phrases,
)
from mapsnb_sandbox.world.resolved import Resolved
from mapsnb_sandbox.world.towns import (
    MUNICIPAL_SUFFIXES,
    PREPOSITIONS,
    named_ids,
    own_name,
    small_places_named,
)

__all__ = [
    "compound_words",
    "connector_countries",
    "connector_languages",
    "connectors",
    "cut_compound",
    "feature_words",
    "joined_name",
    "part_of_name",
    "stray_part",
]

_WORDS = Path(__file__).resolve().parents[2] / "data" / "compound_words.json"
#: What separates the words of a compound name: spaces, hyphens, the Japanese middle dot.
_SPLIT = re.compile(r"[\s\-‐–・·]+")
#: How a match is the place's own record (never cut).
_EXACT = frozenset({"name", "alias", "address", "street", "coords"})


@functools.cache
def compound_words() -> tuple[frozenset[str], frozenset[str]]:
    """The folded generic words of compound names: heads ("fort", "インレット") and words for
    a city ("kota") (``data/compound_words.json``)."""
    data = json.loads(_WORDS.read_text(encoding="utf-8"))
    heads = frozenset(fold(w) for w in data["heads"])
    return heads, frozenset(fold(w) for w in data["city_words"])


@functools.cache
def feature_words() -> frozenset[str]:
    """The heads that name a kind of place ("fort", "point", "lake"), not a saint's title nor
    a rank or office ("coronel", "presidente")."""
    data = json.loads(_WORDS.read_text(encoding="utf-8"))
    return compound_words()[0] - {fold(w) for w in [*data["saints"], *data["titles"]]}


def _words(text: str) -> list[str]:
    return [fold(w) for w in _SPLIT.split(text) if fold(w)]


def _named(key: str, city: City, number: int) -> bool:
    """Whether folded ``key`` is town ``city``'s (number ``number``) own or other name."""
    return own_name(key, city) or number in named_ids(city_index(), key)


def _head_last(words: list[str], heads: frozenset[str]) -> bool:
    """Whether the last of ``words`` is a head after a word that is no preposition nor head
    ("augusta springs", not "hotel in springs")."""
    if len(words) < 2 or words[-1] not in heads:
        return False
    return words[-2] not in PREPOSITIONS and words[-2] not in heads


def joined_name(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place``, a LOW town, is read from only the first parts of a hyphenated name
    (the text's first comma part) whose later parts hold a word in lower case, so that the
    whole is one name ("Saint-Priest-des-Champs" is no Saint-Priest, "Bagnols-sur-Cèze" no
    Bagnols), and the index gives the whole name to no town; a part in capitals after a town
    is its quarter ("Frankfurt-Höchst")."""
    if place is None or place.kind != "locality" or place.confidence != "LOW" or how in _EXACT:
        return False
    head = with_commas(text).partition(",")[0].strip()
    token = next((t for t in head.split() if "-" in t.strip("-")), None)
    if token is None or len(head.split()) > 1:
        return False
    parts = [p for p in token.split("-") if p]
    own = fold(place.name).split()
    lower = [i for i, p in enumerate(parts) if i > 0 and p[:1].islower()]
    if not lower or [fold(p) for p in parts[: len(own)]] != own or len(own) > lower[0]:
        return False
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    return number is not None and not _named(fold(token), idx.cities[number], number)


def cut_compound(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town read from only part of a compound name in ``text`` (its
    first comma part): a generic word of it read as the town ("فورت سورن": Fürth; "Kota
    Dawson": Kota), or its other words after or before a head that makes another place of
    them ("پوئرتو آیاکوچو": Ayacucho; "チェスターフィールド・インレット": Chesterfield), where
    the index does not give the whole name to that town."""
    if place is None or place.kind != "locality" or place.confidence != "LOW" or how in _EXACT:
        return False
    if joined_name(text, place, how):
        return True
    head = with_commas(text).partition(",")[0].strip()
    words = _words(head)
    heads, city_words = compound_words()
    generic = [w for w in words if w in heads or w in city_words]
    if len(words) < 2 or not generic or len(generic) == len(words):
        return False
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    if number is None:
        return False
    city = idx.cities[number]
    if _named(" ".join(words), city, number) or _named(fold(head), city, number):
        return False  # "Fort Worth", "Saint-Étienne": the town's whole name
    own = fold(city.name).split()
    if len(own) > 1 and any(w in heads for w in own):
        return False  # "Puerto Aisén", "у Порт-Морсбі": a spelling of a compound town's name
    followed = [w for w, nxt in itertools.pairwise(words) if nxt not in PREPOSITIONS]
    if any(w in generic and _named(w, city, number) for w in followed):
        return True  # the generic word, before the rest of the name, read as the town
    if _head_last(words, heads) and _named(words[-1], city, number):
        return True  # "Augusta Springs": the head after the name read as the town Springs
    if words[-1] in city_words and _named(words[-1], city, number):
        return True  # "Barurambat Kota": the word for a town after the name, read as Kota
    rest = [w for w in words if w not in generic]
    spans = [" ".join(rest), *rest]  # the town read from the other words, not a qualifier
    read = how == "partial" or any(_named(w, city, number) for w in spans)
    return read and any(w in heads for w in generic)


#: A town read in a text's first (last) words whose name opens (closes) the names of this many
#: towns of the index ("Santiago", "Novi", "Tanjung"; "Springs", "Bend", "Dong") ...
AFFIX_TOWNS = 10
#: ... or other words that open (close) this many names ("Rio", "Bahia"; "Bridge") make the text
#: one more such name, which the index lacks ("Santiago Yaveo", "Augusta Springs").
AFFIX_WORDS = 5
#: A town this big whose name holds the town read, near it, may be what the text names in
#: another language (the index holds other languages' names of towns of 100,000+ only).
LIKE_NAME_PEOPLE = 100_000
#: The Arabic article as names romanise it, assimilated or not ("Al-Raqqah", "Ad Dujayl",
#: "El Minya"): the town's own name with it.
ARTICLES = frozenset(["al", "el", "ad", "ar", "as", "ash", "at", "az", "an", "ud", "ul"])
#: Romanised words for a unit that close a Korean, Japanese or Chinese town's name ("Yeongi-gun",
#: "Chiyoda-ku", "Haidian Qu"): the town itself.
UNIT_SUFFIXES = frozenset(
    ["gun", "gu", "ku", "eup", "myeon", "dong", "machi", "cho", "mura", "xian", "qu"]
)
#: A place the other words name this near the town read makes the text that town's part.
NEAR_KM = 50.0


@functools.cache
def _affixes() -> tuple[dict[str, list[int]], dict[str, list[int]]]:
    """The index's towns whose names (of two words or more) each run of first words opens, and
    each run of last words closes (folded)."""
    first: dict[str, list[int]] = {}
    last: dict[str, list[int]] = {}
    for number, c in enumerate(city_index().cities):
        words = _words(c.name)
        for k in range(1, len(words)):
            first.setdefault(" ".join(words[:k]), []).append(number)
            last.setdefault(" ".join(words[k:]), []).append(number)
    return first, last


@functools.cache
def _big_runs() -> dict[str, list[int]]:
    """The index's towns of :data:`LIKE_NAME_PEOPLE` or more and of two words or more, per run
    of their name's words short of the whole name (folded): "taipei" of "New Taipei City"."""
    runs: dict[str, list[int]] = {}
    for number, c in enumerate(city_index().cities):
        words = _words(c.name) if c.population >= LIKE_NAME_PEOPLE else []
        for i, j in itertools.combinations(range(len(words) + 1), 2):
            if j - i < len(words):
                runs.setdefault(" ".join(words[i:j]), []).append(number)
    return runs


def _like_name_near(town: str, city: City, size: int) -> bool:
    """Whether a town of :data:`LIKE_NAME_PEOPLE` or more near ``city`` bears a name of ``size``
    words, or one more ("City"), that holds ``town`` (the words ``city`` is read in): the text
    may be that name in another language ("Nowe Delhi": New Delhi, "Nuevo Taipéi": New Taipei
    City), whose other names the index lacks."""
    idx = city_index()
    for number in _big_runs().get(town, []):
        o = idx.cities[number]
        if not size <= len(_words(o.name)) <= size + 1:
            continue
        if haversine_m(o.lat, o.lng, city.lat, city.lng) < 1000 * NEAR_KM:
            return True
    return False


def _town_run(words: list[str], city: City, number: int) -> tuple[int, int] | None:
    """The longest proper run ``(i, j)`` of ``words`` that names town ``city``."""
    n = len(words)
    for size in range(n - 1, 0, -1):
        for i in range(n - size + 1):
            run = words[i : i + size]
            if _named(" ".join(run), city, number) or _named("-".join(run), city, number):
                return i, i + size
    return None


def _tokens(head: str) -> list[int]:
    """Per word of ``head`` (as :func:`_words` splits it), the spaced token it belongs to; a
    hyphen joins ("Saint-Priest-des-Champs", "Ibeju - Lekki"), and so does a connector of
    France's compound names between two capitalised words ("Montreuil En Caux", "La Chapelle
    aux Saints": :func:`~mapsnb_sandbox.world.names.forms.hyphenated_compound`)."""
    out: list[int] = []
    spaced = re.sub(r"\s*[-‐–]\s*", "-", hyphenated_compound(head)).split()
    for k, token in enumerate(spaced):
        out.extend(k for w in _SPLIT.split(token) if fold(w))
    return out


@functools.cache
def _plain_words() -> frozenset[str]:
    """Words beside a town's name that leave it the town: prepositions, compass points, municipal
    suffixes, and ``data/query_words.json``'s words of a unit ("Stadt Kehl", "Ticul
    Municipality"), a region, a town's centre and articles, in every language."""
    tables = ("admin_words", "region_words", "town_centre", "name_articles")
    found = {w for t in tables for w in query_phrases(t)}
    return frozenset(found | PREPOSITIONS | COMPASS_WORDS | {s.strip() for s in MUNICIPAL_SUFFIXES})


def _kept(rest: list[str], typed: str, city: City) -> bool:
    """Whether the words ``rest`` (``typed`` as written) besides a town make a reading of that
    town: a landmark's or a natural feature's word ("Hwange National Park"), a kind ("Berlin
    museum", "Museo Madrid"; a loose kind only in lower case: "Paris hotels"), a number, a
    country or region that holds for it, or a place near the town ("Lima Miraflores", "Kyoto Gion")."""
    shapes, plain = landmark_shape_words(), _plain_words()
    if any(w in shapes or w in NATURAL_WORDS or w.isdigit() for w in rest):
        return True
    text = " ".join(rest)
    if text in plain or all(w in plain or w in ARTICLES or w in UNIT_SUFFIXES for w in rest):
        return True  # "Stadt Kehl"; not "Saint-Priest-des-Champs" for its "des"
    hit = find_category(text)
    if hit is not None and hit[2] - hit[1] == len(rest):
        return True
    if known_qualifier(typed) and city_ok(city, replace(qualifiers([typed]), cities=set())):
        return True  # "Palatine Illinois"; not "Bahia Laredo": Laredo is not in Bahia
    kind = split_kind_and_place(typed) if typed.islower() else None
    if kind is not None and kind[1] is None:
        return True
    idx = city_index()
    others = (idx.cities[j] for j in dict.fromkeys(named_ids(idx, text)))
    return any(haversine_m(o.lat, o.lng, city.lat, city.lng) / 1000 < NEAR_KM for o in others)


def _affixed(words: list[str], i: int, j: int) -> bool:
    """Whether town run ``words[i:j]`` and the words beside it read as a name of the index's
    common shapes (:data:`AFFIX_TOWNS`, :data:`AFFIX_WORDS`)."""
    first, last = _affixes()
    town, before, after = " ".join(words[i:j]), " ".join(words[:i]), " ".join(words[j:])
    opens = bool(after) and (
        len(first.get(town, ())) >= AFFIX_TOWNS or len(last.get(after, ())) >= AFFIX_WORDS
    )
    closes = bool(before) and (
        len(last.get(town, ())) >= AFFIX_TOWNS or len(first.get(before, ())) >= AFFIX_WORDS
    )
    return opens or closes


def _without_qualifier(head: str) -> str:
    """``head`` without the country or region its last words name ("Palatine Bridge NY")."""
    typed = head.split()
    for k in (3, 2, 1):
        if len(typed) > k + 1 and known_qualifier(" ".join(typed[-k:])):
            return " ".join(typed[:-k])
    return head


def part_of_name(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place`` is a LOW town read in only some words of a name of several that the
    index gives no town ("Palatine Bridge": Palatine, Illinois; "Augusta Springs": Springs;
    "Saint-Priest-des-Champs": Saint-Priest): the town's words are joined to the others by a
    hyphen, or the town's name or the other words open or close many names of the index
    (:func:`_affixed`), and the other words are no landmark's, feature's, number, region or
    place near the town (:func:`_kept`), nor a preposition's town ("hotel in Paris")."""
    if place is None or place.kind != "locality" or place.confidence != "LOW":
        return False
    if how not in ("approximate", "partial"):
        return False
    head = _without_qualifier(with_commas(text).partition(",")[0].strip())
    words = _words(head)
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    if len(words) < 2 or number is None or named_ids(idx, " ".join(words)):
        return False
    city = idx.cities[number]
    run = _town_run(words, city, number)
    if run is None:
        return False
    i, j = run
    rest = words[:i] + words[j:]
    typed = [w for w in _SPLIT.split(head) if fold(w)]
    if len(typed) != len(words) or _kept(rest, " ".join(typed[:i] + typed[j:]), city):
        return False
    tokens = _tokens(head)
    town = {tokens[k] for k in range(i, j)} if len(tokens) == len(words) else set()
    joined = any(tokens[k] in town for k in range(len(words)) if not i <= k < j)
    if _like_name_near(" ".join(words[i:j]), city, len(words)):
        return False
    if joined:
        return True
    return j - i <= len(rest) and _affixed(words, i, j)  # not "Mount Clemens Heights"


_CONNECTORS = Path(__file__).resolve().parents[2] / "data" / "name_connectors.txt"
#: A town whose read name this many towns bear as their own (in the text's countries, if it
#: names any) is one guess among namesakes when the text has proper-name words besides it ...
NAMESAKES = 3
#: ... counting those of this share of its people or more: Berlin's namesakes in the US (under
#: one hundredth of its people) leave "Postgebäude Berlin" Berlin's; Santa Isabel's villages of
#: 1,100-1,400 people in Mexico (a twentieth of the town of 29,000 read) make it a guess.
NAMESAKE_SHARE = 0.02


@functools.cache
def connector_languages() -> dict[str, frozenset[str]]:
    """The folded words that join the parts of a name ("de", "los", "en", "aux", "bei", "i") and
    the languages that use them: libpostal's stopwords of every language
    (``data/name_connectors.txt``)."""
    lines = _CONNECTORS.read_text(encoding="utf-8").splitlines()
    rows = (line.split("\t") for line in lines if line and not line.startswith("#"))
    return {word: frozenset(langs.split(",")) for word, langs in rows}


@functools.cache
def connectors() -> frozenset[str]:
    """The folded connectors of :func:`connector_languages`."""
    return frozenset(connector_languages())


#: The statuses of a language in a country (CLDR's territory data) that make it the country's
#: (not a regional one: German in Denmark's south).
_OFFICIAL = frozenset({"official", "de_facto_official"})


@functools.cache
def _language_countries() -> dict[str, frozenset[str]]:
    """Per language, the countries where it is official (CLDR's territory languages, babel)."""
    from babel.core import get_global

    out: dict[str, set[str]] = {}
    for cc, langs in get_global("territory_languages").items():
        for lang, info in langs.items():
            if info.get("official_status") in _OFFICIAL:
                out.setdefault(lang, set()).add(cc)
    return {lang: frozenset(ccs) for lang, ccs in out.items()}


def connector_countries(words: list[str]) -> frozenset[str]:
    """The countries whose official languages use a connector of ``words`` (folded): "bei",
    German's, names a town of Germany, Austria, Switzerland...; empty without a connector."""
    langs = connector_languages()
    by_lang = _language_countries()
    return frozenset(cc for w in words for lang in langs.get(w, ()) for cc in by_lang.get(lang, ()))


def _read_run(text: str, city: City, number: int) -> tuple[list[str], list[str], int, int] | None:
    """The words and typed words of ``text``'s name (its first comma part, without a trailing
    region or country unless the town is read in it) and the run of them that names town
    ``city``."""
    first = with_commas(text).partition(",")[0].strip()
    for head in dict.fromkeys([_without_qualifier(first), first]):
        words = _words(head)
        typed = [w for w in _SPLIT.split(head) if fold(w)]
        run = _town_run(words, city, number) if len(words) == len(typed) else None
        if run is not None:
            return words, typed, *run
    return None


def _own_bearers(name: str, ccs: frozenset[str]) -> list[City]:
    """The index's towns whose own name is folded ``name``, in ``ccs`` if any."""
    idx = city_index()
    towns = (idx.cities[j] for j in dict.fromkeys(named_ids(idx, name)))
    return [c for c in towns if own_name(name, c) and (not ccs or c.cc in ccs)]


def _named_near(rest: list[str], city: City) -> bool:
    """Whether the proper words ``rest``, connectors set aside, are the own name of a town
    :data:`NEAR_KM` km or less from ``city`` ("Pasiano di Pordenone": Pasiano, by Pordenone)."""
    name = " ".join(w for w in rest if w not in connectors())
    towns = _own_bearers(name, frozenset({city.cc})) if name else []
    return any(haversine_m(o.lat, o.lng, city.lat, city.lng) < 1000 * NEAR_KM for o in towns)


def _namesakes(town: str, city: City, scope: frozenset[str]) -> bool:
    """Whether ``town`` (folded) is the own name of :data:`NAMESAKES` towns of the countries
    ``scope`` (all when empty), ``city`` among them, each of :data:`NAMESAKE_SHARE` of its people
    or more, or of one 50+ km from ``city`` with :data:`~.cities.COUNTRY_RIVAL_SHARE` of them in
    its country (:data:`~.cities.RIVAL_SHARE` abroad): ``city`` is one guess among them."""
    towns = [
        o for o in _own_bearers(town, scope) if o.population >= NAMESAKE_SHARE * city.population
    ]
    if len(towns) >= NAMESAKES:
        return True
    return any(
        o.population >= (COUNTRY_RIVAL_SHARE if o.cc == city.cc else RIVAL_SHARE) * city.population
        and haversine_m(o.lat, o.lng, city.lat, city.lng) >= 1000 * NEAR_KM
        for o in towns
    )


#: A town this big may have a quarter the emulator does not know named before or after it
#: ("Taksim İstanbul", "Lima Miraflores"); the emulator's quarters (``districts.tsv.z``, WOF)
#: are those of cities this big. A smaller town beside a proper name known nowhere is a guess.
QUARTER_CITY = 1_000_000


def _placed_apart(rest: list[str], city: City) -> bool:
    """Whether the proper words ``rest`` (folded, connectors aside) name no town of the index nor
    a small place of GeoNames' ``cities500`` (``data/small_places.tsv.z``) within :data:`NEAR_KM`
    of town ``city``: known nowhere ("Soem"), or far from it ("Downton", Wiltshire's)."""
    name = " ".join(w for w in rest if w not in connectors())
    if not name:
        return False
    idx = city_index()
    towns = [(idx.cities[j].lat, idx.cities[j].lng) for j in named_ids(idx, name)]
    near = 1000 * NEAR_KM
    return all(
        haversine_m(a, b, city.lat, city.lng) >= near
        for a, b in [*towns, *small_places_named(name)]
    )


def _shared_beside(words: list[str], i: int, j: int) -> bool:
    """Whether the words before town run ``words[i:j]`` open, or those after it close, the names
    of :data:`AFFIX_WORDS` towns of the index: a word names share, a compass point or size in the
    names' language ("Khlong Toei Nuea", north; "Bang Rak Noi", little; "Talat Krathum Baen",
    market), which makes a part or neighbour of the town."""
    first, last = _affixes()
    before, after = " ".join(words[:i]), " ".join(words[j:])
    opens = bool(before) and len(first.get(before, ())) >= AFFIX_WORDS
    return opens or (bool(after) and len(last.get(after, ())) >= AFFIX_WORDS)


def _quarter_after(text: str, i: int, j: int) -> bool:
    """Whether the town run ``i:j`` opens ``text``'s name and a hyphen joins the next word to it:
    a quarter after its town, as German and others write it ("Frankfurt-Höchst", "Berlin-Mitte")."""
    head = with_commas(text).partition(",")[0].strip()
    tokens = _tokens(head)
    return i == 0 and j < len(tokens) and tokens[j] == tokens[j - 1]


def _small_bearer_far(town: str, city: City) -> bool:
    """Whether a small place of ``cities500`` the index lacks bears ``town`` (folded), an other
    name of ``city``, as its own :data:`NEAR_KM`+ km from it ("Maning", Guangxi's: no Wanning)."""
    far = 1000 * NEAR_KM
    return any(haversine_m(a, b, city.lat, city.lng) >= far for a, b in small_places_named(town))


def _kind_in_town(typed: list[str], town: str) -> str | None:
    """The place part of ``typed`` when it is a kind in the town ``town`` (folded) names ("Hotels
    in Bergen", "Omaha kafe": "Bergen", "Omaha"; ``""`` for a kind alone), else ``None``; not a
    kind's word inside a proper name ("Potok-Stany Kolonia": "kolonia")."""
    kind = split_kind_and_place(" ".join(typed))
    if kind is None or (kind[1] is not None and town not in " ".join(_words(kind[1]))):
        return None
    return kind[1] or ""


def stray_part(text: str, place: Resolved | None, how: str) -> bool:
    """Whether ``place``, a LOW town read in only some words of the name ``text`` types (its
    first comma part; no kind is asked in it), is a guess: the other words hold a proper name (a
    capitalised word, no connector of :func:`connectors`) that the town's names do not account
    for, and the words it was read in are another of its names (Latin letters) that another town
    bears as its own ("Canton Township": Canton, Ohio's, Guangzhou's other name; "Almoloya de
    Gutierrez": Gutiérrez, Colombia's, Tuxtla Gutiérrez's), or a small place of ``cities500``
    50+ km away (round 26: "Khlon Maning", no Wanning), or its own name, the other words
    making no reading of it (:func:`_kept`, nor a town near it), that namesakes bear
    (:func:`_namesakes`: "El Salto de los Salado, Mexico", "Santa Isabel Tepetzala, Mexico",
    "Darsalam Plantation"): the other words told them apart. Namesakes count in the countries the text
    names, else in those whose languages use its connectors (:func:`connector_countries`: not
    "Bibra bei Jena", Germany's one Jena), else anywhere. Round 26: so is a town under
    :data:`QUARTER_CITY` beside proper words placed nowhere near it (:func:`_placed_apart`: "Soem Klang",
    "Tegal Harum", "Stanley Downton" are villages, not quarters of Klang, Tegal, Stanley), unless
    its own name is read beside words many names share (:func:`_shared_beside`: "Khlong Toei
    Nuea")."""
    if place is None or place.kind != "locality" or place.confidence != "LOW":
        return False
    idx = city_index()
    number = idx.place_ids.get(place.place_id, idx.cities)
    if how not in ("approximate", "partial") or number is None:
        return False
    city = idx.cities[number]
    read = _read_run(text, city, number)
    if read is None or named_ids(idx, " ".join(read[0])):
        return False
    words, typed, i, j = read
    others = [k for k in range(len(words)) if not i <= k < j]
    if not any(typed[k][:1].isupper() and words[k] not in connectors() for k in others):
        return False
    town, rest = " ".join(words[i:j]), [words[k] for k in others]
    where = _kind_in_town(typed, town)
    if where is not None:  # "Hotels in Bergen": a kind in a town; "post office in Abbots Leigh"
        tail = with_commas(text).partition(",")[2]  # asks in a place its words name, as a whole
        shorter = 0 < len(_words(where)) < len(words) and where != " ".join(typed)
        return shorter and stray_part(where + ("," + tail if tail else ""), place, how)
    ccs = frozenset(qualifiers(with_commas(text).split(",")[1:]).ccs)
    scope = ccs or connector_countries(words)
    kept = _kept(rest, " ".join(typed[k] for k in others), city) or _named_near(rest, city)
    small = city.population < QUARTER_CITY  # "Greater Bombay": Mumbai, whatever bears "Bombay"
    nowhere = small and not kept and not _quarter_after(text, i, j) and _placed_apart(rest, city)
    if not own_name(town, city):  # "Canton Township": Canton, Ohio's own name, Guangzhou's other
        bearers = bool(_own_bearers(town, scope)) or (small and _small_bearer_far(town, city))
        return town.isascii() and (bearers or nowhere)  # not "Yarkent İlçesi" (a unit's word)
    if kept:
        return False
    if _like_name_near(town, city, len(words)):
        return False  # "Nowe Delhi": New Delhi's name in another language
    return (nowhere and not _shared_beside(words, i, j)) or _namesakes(town, city, scope)
