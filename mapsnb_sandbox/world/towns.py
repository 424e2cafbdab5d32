"""Finding the town a free-text query names: other spellings, inflected forms, typos.

The city index (:mod:`.geodata`) already knows primary names and the alternate names geonames
lists for big towns ("Cracow", "Lisboa", "Москва"). This module adds what a lookup by whole key
cannot do:

* **inflected forms**, cheaply: a last word ending in a common Polish or Russian case ending is
  also tried as its stem plus the nominative ending ("Krakowie" -> "krakow", "Казани" ->
  "казань", "Москве" -> "москва");
* **typos and near spellings** with :mod:`rapidfuzz` (``fuzz.ratio`` >= 88 on folded names of
  towns of :data:`FUZZY_POPULATION`+ people) — a kept matcher, not a hand-written one;
* **a town named inside a longer text** ("Kraków Główny", "Gare de Lyon Part-Dieu"): the
  longest run of words that is a town's name, ignoring :data:`GENERIC_WORDS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from collections.abc import Set as AbstractSet

from mapsnb_sandbox.contract.budget import current
from mapsnb_sandbox.world.cities import REGION_RIVAL_SHARE, RIVAL_SHARE, exonyms, script_ids
from mapsnb_sandbox.world.geodata import City, CityIndex, fold_text
from mapsnb_sandbox.world.index.name_languages import naming_languages, read_languages, written_so
from mapsnb_sandbox.world.indexfile import small_places
from mapsnb_sandbox.world.names.forms import case_forms
from mapsnb_sandbox.world.names.qualifiers import (
    COUNTRY_OVER_TOWN,
    Qualifiers,
    Regions,
    city_ok,
    country_named,
    holds,
    known_qualifier,
    qualifier_hits,
    qualifiers,
    region_abroad,
    region_words,
    regions,
    typed_postal_code,
)
from mapsnb_sandbox.world.names.town_words import keeps_feature_words

__all__ = [
    "COUNTRY_OVER_TOWN",
    "FUZZY_POPULATION",
    "GENERIC_WORDS",
    "PREPOSITIONS",
    "Qualifiers",
    "Regions",
    "TownHit",
    "city_ok",
    "country_named",
    "find_town",
    "foreign_name",
    "fuzzy_town",
    "holds",
    "known_qualifier",
    "name_rank",
    "name_variants",
    "named_ids",
    "named_more_abroad",
    "own_name",
    "own_namesakes",
    "qualifier_hits",
    "qualifiers",
    "region_abroad",
    "region_words",
    "regions",
    "script_ids",
    "small_places_named",
    "town_ids",
    "typed_postal_code",
]

#: Towns this big are found by near spellings; towns found inside a longer text must be this big
#: unless the text names them alone.
FUZZY_POPULATION = 15_000
#: Words that are town names somewhere but in a query mostly mean something else.
GENERIC_WORDS = frozenset(
    [
        "station",
        "central",
        "centraal",
        "centrale",
        "gare",
        "bahnhof",
        "hauptbahnhof",
        "terminus",
        "union",
        "place",
        "plaza",
        "platz",
        "square",
        "street",
        "road",
        "avenue",
        "park",
        "main",
        "north",
        "south",
        "east",
        "west",
        "city",
        "old",
        "new",
        "saint",
        "san",
        "santa",
        "port",
        "airport",
        "church",
        "cathedral",
        "castle",
        "bridge",
        "market",
        "hall",
        "tower",
        "museum",
        "university",
        "college",
        "school",
        "hospital",
        "beach",
        "lake",
        "river",
        "mount",
        "hill",
        "grand",
        "great",
        "little",
        "le",
        "la",
        "les",
        "de",
        "del",
        "der",
        "die",
        "das",
        "the",
        "of",
        "and",
        "on",
        "am",
        "an",
        "in",
        "im",
        "w",
        "na",
        "v",
        "в",
        "на",
        "do",
        "du",
        "des",
    ]
)
#: Words before a town's name in a query ("in", "em", "w", "в"; folded).
PREPOSITIONS = frozenset(
    [
        "in",
        "near",
        "at",
        "around",
        "em",
        "no",
        "na",
        "en",
        "a",
        "au",
        "aux",
        "dans",
        "bei",
        "im",
        "nahe",
        "um",
        "nel",
        "vicino",
        "w",
        "we",
        "v",
        "в",
        "во",
        "на",
        "около",
        "возле",
        "у",
        "σε",
        "στη",
        "στην",
        "στο",
        "στον",
        "κοντα",
        "τησ",  # Greek's genitive articles, folded: "Ακρόπολη της Αθήνας" (of Athens)
        "του",
        "των",
    ]
)
_ENDINGS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("owie", ("ow", "owa")),
    ("ie", ("", "a", "e")),
    ("iu", ("", "a")),
    ("u", ("", "a")),
    ("y", ("a", "")),
    ("e", ("a", "")),
    ("ой", ("а", "ая")),
    ("ом", ("",)),
    ("е", ("а", "", "ь")),
    ("и", ("ь", "а", "")),
    ("у", ("а", "")),
    ("ы", ("а",)),
)


class TownHit(tuple[int, int, int]):
    """``(city number, first word, end word)`` of a town found in a list of words."""

    __slots__ = ()

    @property
    def j(self) -> int:
        return self[0]


def _variants(key: str) -> Iterable[str]:
    """``key``, then stems of its last word with nominative endings (longest ending first)."""
    yield key
    head, _, last = key.rpartition(" ")
    for ending, repl in _ENDINGS:
        if last.endswith(ending) and len(last) - len(ending) >= 3:
            stem = last[: -len(ending)]
            for r in repl:
                yield f"{head} {stem}{r}" if head else stem + r


#: Words that link a name's parts in the Romance languages (folded): another language writes
#: another one ("Colônia do Sacramento" is "Colonia del Sacramento", "Rio di Janeiro").
LINKING_WORDS = ("de", "del", "do", "da", "dos", "das", "di", "della", "du", "des")


def _linked_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers named ``key`` with one linking word of :data:`LINKING_WORDS` inside it
    swapped for another, when no town is named ``key`` itself."""
    words = key.split()
    out: list[int] = []
    for i, w in enumerate(words[1:-1], start=1):
        if w not in LINKING_WORDS:
            continue
        for other in LINKING_WORDS:
            if other != w:
                out += idx.by_name.get(" ".join([*words[:i], other, *words[i + 1 :]]), ())
    return out


#: The countries whose towns a folded municipal suffix names (:data:`MUNICIPAL_SUFFIXES`).
MUNICIPAL_COUNTRIES = {" shi": ("JP", "CN", "TW"), " si": ("KR", "KP")}


def _ids_named(idx: CityIndex, key: str, variant: str) -> Sequence[int]:
    """The towns named ``variant`` of ``key``; where the variant drops ``key``'s municipal
    suffix, only those of the countries the suffix names ("Anyang-si" is Korea's, not
    China's Anyang of twice its people)."""
    ids = idx.by_name.get(variant, ())
    suffix = key[len(variant) :] if key.startswith(variant) else ""
    if suffix not in MUNICIPAL_COUNTRIES:
        return ids
    return [j for j in ids if idx.cities[j].cc in MUNICIPAL_COUNTRIES[suffix]]


def named_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers named ``key`` (folded, abbreviations spelled out), else called so in
    another script (:func:`script_ids`); repeated where several names match. A town a
    language's exonym names (:func:`exonyms`) counts twice, as a name several languages
    share (:func:`name_rank`)."""
    raw = [j for n in name_variants(key) for j in _ids_named(idx, key, n)] + _elided_ids(idx, key)
    raw = raw or _linked_ids(idx, key)
    target = exonyms().get(key) if raw else None
    if target is not None:
        big = [
            j for j in idx.by_name.get(fold_text(target[0]), ()) if idx.cities[j].cc == target[1]
        ]
        raw += big[:1] * 2
    return raw or script_ids(idx, key)


def town_ids(
    idx: CityIndex,
    key: str,
    ok: Callable[[int], bool],
    *,
    inflected: bool = True,
    typed: str | None = None,
) -> list[int]:
    """City numbers named ``key`` (folded) that pass ``ok``, most populous first; inflected
    forms only match towns of :data:`FUZZY_POPULATION`+ people, and a form ``key`` as ``typed``
    writes a letter foreign to its language names none (:func:`case_forms`: "Kutná")."""
    raw = [j for j in idx.by_name.get(key, ()) or script_ids(idx, key) if ok(j)]
    hits = list(dict.fromkeys(raw))
    if len(hits) > 1:  # a town's own name before a bigger town's other name ("Dili")
        ranks = name_rank(key, [idx.cities[j] for j in hits], [raw.count(j) for j in hits])
        hits = [j for _, j in sorted(zip(ranks, hits, strict=True), key=lambda t: t[0])]
    if hits or not inflected:
        return hits
    pops = idx.cities
    cases = case_forms(key, typed)
    forms = [v for v in _variants(key) if v != key] + [fold_text(c) for c in cases]
    for v in dict.fromkeys(forms):  # "москве"; "москві", "praze": the forms' tables
        hits = [
            j for j in idx.by_name.get(v, ()) if ok(j) and pops[j].population >= FUZZY_POPULATION
        ]
        if hits:
            return hits
    return []


_CHOICES: dict[int, tuple[CityIndex, list[str], list[int]]] = {}


def _fuzzy_choices(idx: CityIndex) -> tuple[list[str], list[int]]:
    """Folded names and numbers of the towns :func:`fuzzy_town` compares (built once)."""
    kept = _CHOICES.get(id(idx))
    if kept is not None and kept[0] is idx:
        return kept[1], kept[2]
    names: list[str] = []
    ids: list[int] = []
    cities = idx.cities
    pops = cities._pop
    from mapsnb_sandbox.world.names.districts import is_district

    for j, pop in enumerate(pops):
        if pop >= FUZZY_POPULATION and not is_district(cities.gid(j)):
            names.append(fold_text(cities._names[j]))
            ids.append(j)
    _CHOICES.clear()
    _CHOICES[id(idx)] = (idx, names, ids)
    return names, ids


def fuzzy_town(idx: CityIndex, key: str, ok: Callable[[int], bool]) -> int | None:
    """The town whose folded name is nearest to ``key`` (rapidfuzz ratio >= 88), or None; not
    one whose name lacks a natural feature's word of ``key`` ("Sierra Negra": no Serra Negra)."""
    if len(key) < 5:
        return None
    from rapidfuzz import fuzz, process

    names, ids = _fuzzy_choices(idx)
    best: tuple[float, int, int] | None = None
    for _, score, k in process.extract_iter(key, names, scorer=fuzz.ratio, score_cutoff=88):
        j = ids[k]
        first = names[k][:1] == key[:1]  # a typo rarely changes the first letter
        if first and ok(j) and keeps_feature_words(key, names[k]):
            cand = (score, idx.cities[j].population, j)
            if best is None or cand[:2] > best[:2]:
                best = cand
    return best[2] if best else None


def small_places_named(key: str, ccs: AbstractSet[str] = frozenset()) -> list[tuple[float, float]]:
    """The points of the populated places the index lacks (GeoNames' places of 500 to 1,000
    people, ``small_places.tsv.z``) whose own name is folded ``key``, of a country of ``ccs``
    if any."""
    return [(lat, lng) for cc, lat, lng in small_places(key) if not ccs or cc in ccs]


def find_town(
    idx: CityIndex,
    words: Sequence[str],
    ok: Callable[[int], bool],
    max_words: int = 6,
    typed: Sequence[str] | None = None,
) -> TownHit | None:
    """The town named by a run of ``words`` (folded) where a query's grammar puts one: after
    a preposition at the end ("riad in Chefchaouen"), else at the end ("currency exchange
    Samarkand"), else at the start ("Kraków Główny"), else inside; then the longest run, then
    the most populous town. Single generic words ("station", "union") and towns under
    :data:`FUZZY_POPULATION` people are skipped unless the run is the whole text; inflected
    forms ("w Krakowie") only count after a preposition, and not with a letter foreign to
    their language in ``words`` as ``typed`` (unfolded, the same words; :func:`town_ids`)."""
    best: tuple[int, int, int, TownHit] | None = None
    n = len(words)
    # after a preposition, the town is what follows it ("riad in Zzyx" names no town)
    start = max((i + 1 for i in range(1, n - 1) if words[i] in PREPOSITIONS), default=0)
    budget = current()  # one step per run of words looked up
    for i in range(start, n):
        for k in range(min(max_words, n - i), 0, -1):
            budget.check()
            run = words[i : i + k]
            whole = k == n
            if k == 1 and not whole and (run[0] in GENERIC_WORDS or len(run[0]) < 4):
                continue
            if all(w in GENERIC_WORDS or w.isdigit() for w in run):
                continue
            if not whole and all(len(w) == 1 and not w.isascii() for w in run):
                continue  # letters of a longer Indic name whose vowel signs folding dropped
            after = i > 0 and words[i - 1] in PREPOSITIONS
            place = 3 if after and i + k == n else 2 if i + k == n else 1 if i == 0 else 0
            as_typed = " ".join(typed[i : i + k]) if typed else None
            ids = town_ids(idx, " ".join(run), ok, inflected=after or whole, typed=as_typed)
            if not whole and place < 3:  # inside a text, only a big town ("Gare de Lyon X")
                least = FUZZY_POPULATION if place else PRIMARY_POPULATION
                ids = [j for j in ids if idx.cities[j].population >= least]
            if ids:
                j = ids[0]
                rank = (place, k, idx.cities[j].population)
                if best is None or rank > best[:3]:
                    best = (*rank, TownHit((j, i, i + k)))
                break
    return best[3] if best else None


# --------------------------------------------------------------------------- qualifiers

#: A primary name beats an alternate one unless its town is smaller than this and the
#: alternate's town :data:`ALT_FACTOR` times bigger ("Roma" is Rome, "Dili" is not Delhi).
PRIMARY_POPULATION = 100_000
ALT_FACTOR = 20
#: Below this, a town's own name yields to any such bigger town's alternate ("Cologne", Italy).
SMALL_POPULATION = 10_000
#: A town of fewer people than this (GeoNames gives 0 for many) is no rival to a town's other
#: name that no language gives ("Makale": Mek'ele's, over a Makale of Indonesia of 0 people;
#: not "Sangay", a town of 3,780 in the Philippines, which is no Shanghai).
UNKNOWN_SIZE = 1_000
#: A city of this many people named so in several languages, :data:`BIG_ALT_FACTOR` times
#: bigger than a town whose own name it is, is named too ("St. Petersburg": Russia's, not
#: Florida's 257,000).
BIG_ALT_POPULATION = 1_000_000
BIG_ALT_FACTOR = 10


def name_rank(key: str, cands: Sequence[City], counts: Sequence[int], typed: str = "") -> list[int]:
    """0 for a town named ``key`` by its own name, or by an exonym (an alternate name several
    languages share, ``counts`` >= 2, "Halle" of "Halle (Saale)" is its own, or any alternate when the own-name towns are under
    :data:`SMALL_POPULATION`) of a town :data:`ALT_FACTOR` times bigger than any small
    town of that own name ("Roma" is Rome; "Dili", "Agara", "Yicheng" are themselves); else 1."""
    from mapsnb_sandbox.world.geodata import fold_text

    spelt = [
        key in (fold_text(c.name), fold_text(c.name.split(" (")[0]))
        or key in name_variants(fold_text(c.name))  # "Saint Louis" of "St. Louis"
        or elided_key(key, c)
        for c in cands
    ]
    # "St George" is Saint George's own name too, unless a town spelt as typed is of like size
    # or bigger ("St. Louis": Missouri's, not Saint-Louis, Senegal's)
    first = max((c.population for c, p in zip(cands, spelt, strict=True) if p), default=-1)
    primary = [
        p or (own_name(key, c) and RIVAL_SHARE * c.population > first)
        for c, p in zip(cands, spelt, strict=True)
    ]
    top = max((c.population for c, p in zip(cands, primary, strict=True) if p), default=-1)
    strong = top >= PRIMARY_POPULATION
    shares = [shared_by(key, c, n, typed) for c, n in zip(cands, counts, strict=True)]
    return [
        0
        if p
        or (
            not strong
            and (n >= 2 or (top < SMALL_POPULATION and (n >= 1 or top < UNKNOWN_SIZE)))
            and c.population >= ALT_FACTOR * max(top, 1_000)
        )
        or (n >= 2 and c.population >= max(BIG_ALT_POPULATION, BIG_ALT_FACTOR * top))
        else 1
        for c, p, n in zip(cands, primary, shares, strict=True)
    ]


def shared_by(key: str, c: City, count: int, typed: str = "") -> int:
    """How many languages share ``key`` (folded) as an other name of town ``c``: ``count``, the
    alternates that fold to it, but no more than the languages GeoNames gives it in
    (:func:`.index.name_languages.naming_languages`; "Sangay", two alternates of Shanghai's,
    "Sangay" and "Şangay", in none), and two for a text ``typed`` as one of them writes it
    ("Thái Nguyên": Taiyuan's in Vietnamese, the asker's language); ``count`` for a town that
    table lacks, a language's exonym (:func:`exonyms`), or a key of another script than Latin
    (folding drops an Indic name's vowel signs: Cali's "कैली" and Kiel's "कील" meet)."""
    naming = naming_languages(c.geonameid, key) if key.isascii() else None
    target = exonyms().get(key)
    if naming is None or (target and fold_text(target[0]) == fold_text(c.name)):
        return count
    return max(min(count, len(naming.languages)), 2 if written_so(naming, typed) else 0)


def foreign_name(key: str, c: City, typed: str = "") -> bool:
    """Whether folded ``key`` is an other name of town ``c`` that only languages the emulator
    does not read give it (:func:`.index.name_languages.naming_languages`), and ``typed`` is
    not spelt as they write it: a bare "Trident" is Trento's only in Croatian and Slovak. Latin
    keys only: a name in another script is read by that script's readers ("वॉरसॉ": Marathi's
    name of Warsaw is Hindi's too)."""
    naming = naming_languages(c.geonameid, key) if key.isascii() else None
    if naming is None or not naming.languages or naming.languages & read_languages():
        return False
    return not written_so(naming, typed)


_ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort", "pt": "port"}
#: Words for "city" a language puts before a town's name where English puts "City" after it
#: (folded): "Cidade Quezon" (pt), "Ciudad Quezon" (es), "Thành phố Kansas" (vi), "Kota Cebu"
#: (id) are "Quezon City", "Kansas City", "Cebu City". Only before one name with no connector:
#: "Ciudad de Panamá" is no "Panama City" (Florida's).
CITY_WORDS = ("cidade", "ciudad", "citta", "thanh pho", "kota", "miasto", "oras", "sehir")


#: Municipal suffixes GeoNames leaves on some Japanese and Korean towns' own names (folded):
#: "Nara-shi", "Goyang-si" are Nara and Goyang too (bare "Nara" was Mali's town of 24,000).
MUNICIPAL_SUFFIXES = (" shi", " si")


def name_variants(key: str) -> list[str]:
    """``key``, its spelled-out form ("st andrews" -> "saint andrews"), its English "City"
    form ("cidade quezon" -> "quezon city", :data:`CITY_WORDS`) and its form without a
    municipal suffix ("nara shi" -> "nara", :data:`MUNICIPAL_SUFFIXES`)."""
    words = key.split()
    full = " ".join(_ABBREVIATIONS.get(w, w) for w in words)
    out = [key] if full == key else [key, full]
    out += [key[: -len(s)] for s in MUNICIPAL_SUFFIXES if key.endswith(s) and len(key) > len(s) + 2]
    for word in CITY_WORDS:
        rest = key[len(word) + 1 :]
        if key.startswith(word + " ") and rest and " " not in rest and len(rest) >= 3:
            out.append(f"{rest} city")
    return out


def named_more_abroad(c: City, cands: Sequence[City], counts: Sequence[int], own: int) -> bool:
    """Whether a town of another country, with :data:`.cities.REGION_RIVAL_SHARE` of ``c``'s
    people or more, bears the name more often (``counts``, ``c``'s is ``own``) than ``c``: an
    exonym rather its ("Kuito": Quito's name in one language, Cuíto's (Angola's) in three;
    "Iskandariya" stays Alexandria, 50 times the Iraqi town)."""
    return any(
        o.cc != c.cc and n > own and o.population >= REGION_RIVAL_SHARE * c.population
        for o, n in zip(cands, counts, strict=True)
    )


def own_namesakes(idx: CityIndex, ids: Sequence[int], *, key: str = "") -> list[int]:
    """The towns whose own name is the own name of a town of ``ids``: a name in another
    language or script travels with a town's own name to its namesakes ("Париж" names Paris,
    France; with "Техас", Paris, Texas). Not into a country where ``key`` (folded) is itself
    a town's own name: there it names those towns ("Milford", Newark's old name, is no
    Newark of New York). Nor a Latin name one letter off the own name (round 26): a spelling
    of that town's name, not its name in a language ("Salema" is Salem, India's, not Salem,
    Indonesia's). Nor the name of a town of a country where ``key`` is a town's own name
    (round 27): a local name, an old one or a neighbour's, not the town's name in a language
    ("Santo Rosario", San Fernando's old name and two towns' of Pampanga, is no San Fernando
    of Peru; "New Town", Cambridge, Massachusetts', no Cambridge of Canada). Nor a country's own
    name of its town (round 28, ``national_names.tsv``): a local name ("El Cinco", Mexico's
    short name of a La Concepción of Veracruz, is no La Concepción of Colombia). Nor a big
    city's district of ``districts.tsv.z`` (round 30), which the table names in every language
    it reads ("Wuxing", Huzhou's, is no Huzhou 里 of Taipei)."""
    from rapidfuzz.distance import Levenshtein

    from mapsnb_sandbox.world.geodata import fold_text
    from mapsnb_sandbox.world.names.districts import is_district
    from mapsnb_sandbox.world.national.names import coofficial_ids

    owners = {idx.cities[j].cc for j in ids if key and own_name(key, idx.cities[j])}
    local = set(coofficial_ids(idx, key)) if key else set()
    out: list[int] = []
    named = (idx.cities[j] for j in ids if j not in local)
    for name in dict.fromkeys(fold_text(c.name) for c in named if c.cc not in owners):
        if key.isascii() and Levenshtein.distance(key, name) == 1:
            continue  # "Salema, Indonesia": Salem's (India's) spelling, no name of its namesakes
        out += [
            k
            for k in named_ids(idx, name)
            if own_name(name, idx.cities[k])
            and idx.cities[k].cc not in owners
            and not is_district(idx.cities[k].geonameid)
        ]
    return out


def own_name(key: str, c: City) -> bool:
    """Whether folded ``key`` is town ``c``'s own name, abbreviations aside ("st paul" of
    "Saint Paul", "saint louis" of "St. Louis")."""
    from mapsnb_sandbox.world.geodata import fold_text

    name = fold_text(c.name)
    return key in name_variants(name) or name in name_variants(key)


#: Elided articles other languages drop from a town's name: "L'Aquila" is "Áquila" in
#: Portuguese, "L'Hospitalet de Llobregat" "Hospitalet de Llobregat" (folded, "laquila").
_ELIDED_ARTICLES = ("L'", "L’", "l'", "l’")


def elided_key(key: str, c: City) -> bool:
    """Whether town ``c``'s own name is folded ``key`` after an elided article ("L'Aquila")."""
    from mapsnb_sandbox.world.geodata import fold_text

    return c.name.startswith(_ELIDED_ARTICLES) and fold_text(c.name[2:]) == key


def _elided_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers whose own name is ``key`` after an elided article (:func:`elided_key`)."""
    if len(key) < 3:
        return []
    return [j for j in idx.by_name.get("l" + key, ()) if elided_key(key, idx.cities[j])]
