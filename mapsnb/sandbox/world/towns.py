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

from mapsnb.sandbox.world.geodata import CityIndex

__all__ = [
    "FUZZY_POPULATION",
    "GENERIC_WORDS",
    "TownHit",
    "find_town",
    "fuzzy_town",
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


def town_ids(
    idx: CityIndex, key: str, ok: Callable[[int], bool], *, inflected: bool = True
) -> list[int]:
    """City numbers named ``key`` (folded) that pass ``ok``, most populous first; inflected
    forms only match towns of :data:`FUZZY_POPULATION`+ people."""
    hits = [j for j in idx.by_name.get(key, ()) if ok(j)]
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
    from mapsnb.sandbox.world.geodata import fold_text

    for j, pop in enumerate(pops):
        if pop >= FUZZY_POPULATION:
            names.append(fold_text(cities._names[j]))
            ids.append(j)
    _CHOICES.clear()
    _CHOICES[id(idx)] = (idx, names, ids)
    return names, ids


def fuzzy_town(idx: CityIndex, key: str, ok: Callable[[int], bool]) -> int | None:
    """The town whose folded name is nearest to ``key`` (rapidfuzz ratio >= 88), or None."""
    if len(key) < 4:
        return None
    from rapidfuzz import fuzz, process

    names, ids = _fuzzy_choices(idx)
    best: tuple[float, int, int] | None = None
    for _, score, k in process.extract_iter(key, names, scorer=fuzz.ratio, score_cutoff=88):
        j = ids[k]
        if ok(j):
            cand = (score, idx.cities[j].population, j)
            if best is None or cand[:2] > best[:2]:
                best = cand
    return best[2] if best else None


def find_town(
    idx: CityIndex, words: Sequence[str], ok: Callable[[int], bool], max_words: int = 4
) -> TownHit | None:
    """The town named by a run of ``words`` (folded): the longest run, then the most populous
    town; single generic words ("station", "union") and towns under
    :data:`FUZZY_POPULATION` people are skipped unless the run is the whole text."""
    best: tuple[int, int, TownHit] | None = None
    n = len(words)
    for i in range(n):
        for k in range(min(max_words, n - i), 0, -1):
            run = words[i : i + k]
            whole = k == n
            if k == 1 and not whole and (run[0] in GENERIC_WORDS or len(run[0]) < 4):
                continue
            if all(w in GENERIC_WORDS or w.isdigit() for w in run):
                continue
            key = " ".join(run)
            ids = town_ids(idx, key, ok)
            if not whole:
                ids = [j for j in ids if idx.cities[j].population >= FUZZY_POPULATION]
            if ids:
                j = ids[0]
                rank = (k, idx.cities[j].population)
                if best is None or rank > best[:2]:
                    best = (*rank, TownHit((j, i, i + k)))
                break
    return best[2] if best else None
