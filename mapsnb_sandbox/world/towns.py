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

import csv
import functools
import json
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.budget import current
from mapsnb_sandbox.world.cities import city_index, exonyms, script_ids
from mapsnb_sandbox.world.geodata import City, CityIndex
from mapsnb_sandbox.world.geodata import fold_text as fold

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
    "fuzzy_town",
    "holds",
    "known_qualifier",
    "name_rank",
    "name_variants",
    "named_ids",
    "own_name",
    "qualifiers",
    "region_words",
    "regions",
    "script_ids",
    "town_ids",
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


def named_ids(idx: CityIndex, key: str) -> list[int]:
    """City numbers named ``key`` (folded, abbreviations spelled out), else called so in
    another script (:func:`script_ids`); repeated where several names match. A town a
    language's exonym names (:func:`exonyms`) counts twice, as a name several languages
    share (:func:`name_rank`)."""
    raw = [j for n in name_variants(key) for j in idx.by_name.get(n, ())] + _elided_ids(idx, key)
    target = exonyms().get(key) if raw else None
    if target is not None:
        from mapsnb_sandbox.world.geodata import fold_text

        big = [
            j for j in idx.by_name.get(fold_text(target[0]), ()) if idx.cities[j].cc == target[1]
        ]
        raw += big[:1] * 2
    return raw or script_ids(idx, key)


def town_ids(
    idx: CityIndex, key: str, ok: Callable[[int], bool], *, inflected: bool = True
) -> list[int]:
    """City numbers named ``key`` (folded) that pass ``ok``, most populous first; inflected
    forms only match towns of :data:`FUZZY_POPULATION`+ people."""
    raw = [j for j in idx.by_name.get(key, ()) or script_ids(idx, key) if ok(j)]
    hits = list(dict.fromkeys(raw))
    if len(hits) > 1:  # a town's own name before a bigger town's other name ("Dili")
        ranks = name_rank(key, [idx.cities[j] for j in hits], [raw.count(j) for j in hits])
        hits = [j for _, j in sorted(zip(ranks, hits, strict=True), key=lambda t: t[0])]
    if hits or not inflected:
        return hits
    pops = idx.cities
    for v in _variants(key):
        if v != key:
            hits = [
                j
                for j in idx.by_name.get(v, ())
                if ok(j) and pops[j].population >= FUZZY_POPULATION
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
    from mapsnb_sandbox.world.geodata import fold_text

    for j, pop in enumerate(pops):
        if pop >= FUZZY_POPULATION:
            names.append(fold_text(cities._names[j]))
            ids.append(j)
    _CHOICES.clear()
    _CHOICES[id(idx)] = (idx, names, ids)
    return names, ids


def fuzzy_town(idx: CityIndex, key: str, ok: Callable[[int], bool]) -> int | None:
    """The town whose folded name is nearest to ``key`` (rapidfuzz ratio >= 88), or None."""
    if len(key) < 5:
        return None
    from rapidfuzz import fuzz, process

    names, ids = _fuzzy_choices(idx)
    best: tuple[float, int, int] | None = None
    for _, score, k in process.extract_iter(key, names, scorer=fuzz.ratio, score_cutoff=88):
        j = ids[k]
        if names[k][:1] == key[:1] and ok(j):  # a typo rarely changes the first letter
            cand = (score, idx.cities[j].population, j)
            if best is None or cand[:2] > best[:2]:
                best = cand
    return best[2] if best else None


def find_town(
    idx: CityIndex, words: Sequence[str], ok: Callable[[int], bool], max_words: int = 6
) -> TownHit | None:
    """The town named by a run of ``words`` (folded) where a query's grammar puts one: after
    a preposition at the end ("riad in Chefchaouen"), else at the end ("currency exchange
    Samarkand"), else at the start ("Kraków Główny"), else inside; then the longest run, then
    the most populous town. Single generic words ("station", "union") and towns under
    :data:`FUZZY_POPULATION` people are skipped unless the run is the whole text; inflected
    forms ("w Krakowie") only count after a preposition."""
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
            ids = town_ids(idx, " ".join(run), ok, inflected=after or whole)
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

_REGIONS = Path(__file__).resolve().parents[1] / "data" / "regions.tsv.z"
#: A primary name beats an alternate one unless its town is smaller than this and the
#: alternate's town :data:`ALT_FACTOR` times bigger ("Roma" is Rome, "Dili" is not Delhi).
PRIMARY_POPULATION = 100_000
ALT_FACTOR = 20
#: Below this, a town's own name yields to any such bigger town's alternate ("Cologne", Italy).
SMALL_POPULATION = 10_000
#: A city of this many people named so in several languages, :data:`BIG_ALT_FACTOR` times
#: bigger than a town whose own name it is, is named too ("St. Petersburg": Russia's, not
#: Florida's 257,000).
BIG_ALT_POPULATION = 1_000_000
BIG_ALT_FACTOR = 10


@dataclass(frozen=True)
class Regions:
    """Folded names a query qualifies a town with (``data/regions.tsv.z``, built by
    ``tools/build_regions.py`` from GeoNames, ISO 3166 and CLDR)."""

    countries: dict[str, frozenset[str]]  # name in any language -> country codes
    admin1: dict[str, frozenset[tuple[str, str]]]  # name, ISO code, initials -> (cc, admin1)
    admin2: dict[str, tuple[tuple[str, float, float, float, float], ...]]  # name -> boxes

    def holds(self, name: str, c: City) -> bool | None:
        """Whether the region, state or country ``name`` holds town ``c`` (None: no such
        region)."""
        ccs, a1s, boxes = self.countries.get(name), self.admin1.get(name), self.admin2.get(name)
        if ccs is None and a1s is None and boxes is None:
            return None
        m = 0.05  # degrees around a county's towns
        return bool(
            (ccs and c.cc in ccs)
            or (len(name) == 2 and name.upper() == c.cc)  # a code of a country and of states
            or (a1s and (c.cc, c.admin1) in a1s)
            or any(
                cc == c.cc and la0 - m <= c.lat <= la1 + m and lo0 - m <= c.lng <= lo1 + m
                for cc, la0, lo0, la1, lo1 in boxes or ()
            )
        )


_HISTORIC = Path(__file__).resolve().parents[1] / "data" / "historic_regions.csv"


def _add_historic(
    admin1: dict[str, set[tuple[str, str]]],
    admin2: dict[str, list[tuple[str, float, float, float, float]]],
) -> None:
    """Add ``data/historic_regions.csv`` (ceremonial counties, former regions: "Berkshire",
    "Picardie") as the boxes of their member counties or their first-level codes."""
    from mapsnb_sandbox.world.geodata import fold_text

    lines = _HISTORIC.read_text(encoding="utf-8").splitlines()
    for row in csv.DictReader(line for line in lines if not line.startswith("#")):
        cc, members = row["cc"], row["members"].split("|")
        for name in {fold_text(n) for n in row["name"].split("|")}:
            for m in members:
                if m.startswith("admin1:"):
                    admin1.setdefault(name, set()).add((cc, m.split(":", 1)[1]))
                else:
                    boxes = [b for b in admin2.get(m, ()) if b[0] == cc]
                    admin2.setdefault(name, []).extend(boxes)


@functools.cache
def regions() -> Regions:
    """The region tables, read on first use (a few tens of milliseconds)."""
    countries: dict[str, set[str]] = {}
    admin1: dict[str, set[tuple[str, str]]] = {}
    admin2: dict[str, list[tuple[str, float, float, float, float]]] = {}
    for line in zlib.decompress(_REGIONS.read_bytes()).decode("utf-8").splitlines():
        f = line.split("\t")
        if f[0] == "C":
            countries.setdefault(f[2], set()).add(f[1])
        elif f[0] == "A":
            admin1.setdefault(f[3], set()).add((f[1], f[2]))
        elif f[0] == "B":
            box = (f[1], float(f[3]), float(f[4]), float(f[5]), float(f[6]))
            admin2.setdefault(f[2], []).append(box)
    _add_historic(admin1, admin2)
    return Regions(
        {k: frozenset(v) for k, v in countries.items()},
        {k: frozenset(v) for k, v in admin1.items()},
        {k: tuple(v) for k, v in admin2.items()},
    )


def name_rank(key: str, cands: Sequence[City], counts: Sequence[int]) -> list[int]:
    """0 for a town named ``key`` by its own name, or by an exonym (an alternate name several
    languages share, ``counts`` >= 2, "Halle" of "Halle (Saale)" is its own, or any alternate when the own-name towns are under
    :data:`SMALL_POPULATION`) of a town :data:`ALT_FACTOR` times bigger than any small
    town of that own name ("Roma" is Rome; "Dili", "Agara", "Yicheng" are themselves); else 1."""
    from mapsnb_sandbox.world.geodata import fold_text

    primary = [
        key in (fold_text(c.name), fold_text(c.name.split(" (")[0]))
        or key in name_variants(fold_text(c.name))  # "Saint Louis" of "St. Louis"
        or elided_key(key, c)
        for c in cands
    ]
    top = max((c.population for c, p in zip(cands, primary, strict=True) if p), default=-1)
    strong = top >= PRIMARY_POPULATION
    return [
        0
        if p
        or (
            not strong
            and (n >= 2 or top < SMALL_POPULATION)
            and c.population >= ALT_FACTOR * max(top, 1_000)
        )
        or (n >= 2 and c.population >= max(BIG_ALT_POPULATION, BIG_ALT_FACTOR * top))
        else 1
        for c, p, n in zip(cands, primary, counts, strict=True)
    ]


_ABBREVIATIONS = {"st": "saint", "ste": "sainte", "mt": "mount", "ft": "fort", "pt": "port"}


def name_variants(key: str) -> list[str]:
    """``key`` and its spelled-out form ("st andrews" -> "saint andrews")."""
    words = key.split()
    full = " ".join(_ABBREVIATIONS.get(w, w) for w in words)
    return [key] if full == key else [key, full]


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


# --------------------------------------------------------------------------- what a text qualifies a town with


@dataclass
class Qualifiers:
    """The comma parts of a text after the first, sorted by what they name."""

    ccs: set[str]
    states: set[str]
    cities: set[str]  # parts that may name a town (or nothing known)
    regions: set[str]  # parts that name a region, state or country (maybe also a town)
    unknown: set[str]  # parts that name nothing the emulator knows


def qualifiers(parts: Iterable[str]) -> Qualifiers:
    """The comma parts ``parts`` (after the town) sorted into :class:`Qualifiers`."""
    q = Qualifiers(set(), set(), set(), set(), set())
    parts = list(parts)
    for i, raw in enumerate(parts):
        # "CA 94043" -> "ca"; trailing postcodes are dropped
        p = " ".join(w for w in fold(raw).split() if not w.isdigit())
        if p:
            _add_qualifier(q, p, last=i == len(parts) - 1)
    return q


@functools.cache
def region_words() -> frozenset[str]:
    """Words that say a qualifier is a region ("Niger State", "Hunan Province"), of every
    language of ``data/query_words.json``."""
    path = Path(__file__).resolve().parents[1] / "data" / "query_words.json"
    tables = json.loads(path.read_text(encoding="utf-8"))["region_words"]
    return frozenset(fold(w) for words in tables.values() for w in words)


def _as_region(p: str) -> str | None:
    """``p`` without a trailing or leading region word, when what is left is a first- or
    second-level region ("niger state" -> "niger", the Nigerian state, not the country)."""
    words, rg = p.split(), regions()
    if len(words) < 2 or p in rg.admin1 or p in rg.admin2 or p in rg.countries:
        return None
    for rest in (words[:-1], words[1:]):
        dropped = words[-1] if rest == words[:-1] else words[0]
        name = " ".join(rest)
        if dropped in region_words() and (name in rg.admin1 or name in rg.admin2):
            return name
    return None


def _us_state_only(p: str) -> bool:
    """Whether ``p`` is a US state's code or name that names no region of another country
    ("tx" names only Texas; "wa" is also Western Australia)."""
    return all(cc == "US" for cc, _ in regions().admin1.get(p, ()))


def _add_state(q: Qualifiers, p: str) -> None:
    """A US state's code or name: the state, or any region of that code where other countries
    share it ("WA": Washington or Western Australia, whichever holds the town)."""
    if _us_state_only(p):
        q.states.add(city_index().states[p])
        q.ccs.add("US")
    else:
        q.regions.add(p)


def _add_qualifier(q: Qualifiers, p: str, *, last: bool) -> None:
    """Sort comma part ``p`` into ``q``: a country, a US state, a region (held by
    :meth:`.towns.Regions.holds`) or a town."""
    idx, rg = city_index(), regions()
    region = _as_region(p)
    if region is not None:
        q.regions.add(region)  # "Niger State": the state, not the country
    elif not last and p in rg.admin1 and p not in idx.states:
        q.regions.add(p)  # "La Trinidad, Mexico, Mexico": the state before the country
        if p in idx.by_name:
            q.cities.add(p)
    elif p in idx.states and p in idx.countries and len(p) > 2:
        q.regions.add(p)  # "Georgia": the state or the country, whichever holds
    elif p in idx.states and (len(p) == 2 or p not in idx.countries):
        _add_state(q, p)
    elif len(rg.countries.get(p, ())) > 1:
        q.regions.add(p)  # "Nga": Russia in Vietnamese, Nigeria's ISO code; whichever holds
    elif p in idx.countries:
        q.ccs.add(idx.countries[p])
    elif len(p) == 2 and p.upper() in idx.country_names and p not in rg.admin1:
        q.ccs.add(p.upper())
    elif len(p) == 2 and p.upper() in idx.country_names:
        q.regions.add(p)  # "PE": Peru, or Pernambuco, or Prince Edward Island, whichever holds
    elif p in rg.countries and len(rg.countries[p]) == 1 and not _big_town(p):
        q.ccs.update(rg.countries[p])  # (a city's own name is that city too: "…, Granada")
    elif p in rg.admin1 or p in rg.admin2 or p in rg.countries:
        q.regions.add(p)
        if p in idx.by_name:
            q.cities.add(p)
    else:
        q.cities.add(p)
        if p not in idx.by_name:
            q.unknown.add(p)


#: A town this big named by a country's name in another language is named by it too
#: ("Alhambra, Granada": the city, or Grenada in Spanish; "Grenade" in French).
BIG_OWN_NAME = 100_000


def _big_town(p: str) -> bool:
    """Whether a town of :data:`BIG_OWN_NAME` people or more is named folded ``p``."""
    idx = city_index()
    return any(idx.cities[j].population >= BIG_OWN_NAME for j in idx.by_name.get(p, ()))


def holds(p: str, c: City) -> bool:
    """Whether qualifier ``p`` holds for town ``c``: a region it lies in, or a town of that
    name within 30 km ("Manhattan, New York")."""
    if regions().holds(p, c):
        return True
    idx = city_index()
    return any(
        haversine_m(idx.cities[j].lat, idx.cities[j].lng, c.lat, c.lng) < 30_000
        for j in idx.by_name.get(p, ())[:8]
    )


def city_ok(c: City, q: Qualifiers) -> bool:
    if q.ccs and c.cc not in q.ccs:
        return False
    if q.states and c.cc == "US" and c.admin1 not in q.states:
        return False
    return all(regions().holds(p, c) for p in q.regions if p not in q.cities)


def known_qualifier(typed: str) -> bool:
    """Whether ``typed`` (as written) names a country, state, region or county: a code of two
    letters only in capitals ("OH", "NZ", not "oh")."""
    p = fold(typed)
    if len(p) <= 2 and p.isascii() and not (typed.isupper() and len(typed) == 2):
        return False
    idx, rg = city_index(), regions()
    return (
        p in idx.states
        or p in idx.countries
        or p in rg.countries
        or p in rg.admin1
        or p in rg.admin2
        or _as_region(p) is not None
    )


#: A country's name in one of the 28 languages (CLDR) names the country, not a town of that
#: name smaller than this ("Germania", Argentina; "Francia", Honduras).
COUNTRY_OVER_TOWN = 1_000_000


def country_named(full: str, n_parts: int) -> str | None:
    """The country whose name (the index's English one, else one in the 32 languages of
    ``regions.tsv.z``, CLDR) is the whole text ("Egypt", "Niemcy", "ドイツ"), or ``None``."""
    if n_parts != 1:
        return None
    if full in city_index().countries:
        return city_index().countries[full]
    ccs = regions().countries.get(full)
    return next(iter(ccs)) if ccs and len(ccs) == 1 else None
