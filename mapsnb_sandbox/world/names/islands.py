"""Islands as places ("Mallorca", "Isle of Skye", "Maui", "済州島", "Terre-Neuve").

An island is a row of ``data/islands.tsv`` (``tools/build_islands.py``: Natural Earth's island
labels, public domain, and a few islands and other languages' names typed from Wikipedia): its
English name, its point (its biggest town, so a search in it lists places in its towns, on
land), its area, the people of its towns, its country and its names in other languages. It is
named by any of them (in Russian, Ukrainian, Polish and Czech also in the genitive and
locative, ``data/island_cases.tsv``: "на Крите", "na Krecie"), bare or with an island word of
any language (``data/query_words.json``'s ``island_words``: "Isle of Skye", "Jeju Island",
"isla de Lanzarote", "остров Крит"). A name answers an island only where no town answers it
surely (as a region's, :mod:`..regions`): a LOW town on the island keeps it ("Capri", "Kos"),
one elsewhere with fewer people than the island does not ("Rhodes" is the Greek island, not
Rhodes, Sydney; "Elba" not Elba, Alabama).
Its id carries its row (:func:`~mapsnb_sandbox.contract.ids.island_id`).
"""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import NamedTuple, Protocol, TypeVar

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.ids import decode_island_id, island_id
from mapsnb_sandbox.earth.sides import sides
from mapsnb_sandbox.world.cities import nearest_cached
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.indexfile import query_words
from mapsnb_sandbox.world.names.qualifiers import Qualifiers, query_phrases

__all__ = [
    "ISLAND_KIND",
    "Island",
    "bigger_island",
    "island_after_preposition",
    "island_answer",
    "island_case_rows",
    "island_elsewhere",
    "island_in",
    "island_of_id",
    "island_only",
    "island_place_id",
    "island_prepositions",
    "islands_named",
    "near_island",
    "on_island",
    "worded",
]

_DATA = Path(__file__).resolve().parents[2] / "data"
#: The kind an island answers as (Google's type of a natural feature).
ISLAND_KIND = "natural_feature"
#: Another island of the name with this share of the best one's people leaves it unsure.
_RIVAL_SHARE = 0.1
#: A town this far beyond the disc of its island's area round its point is no town of it.
_ON_ISLAND_SLACK_M = 10_000.0
#: The language of the table's own names.
_ENGLISH = "en"
#: An island this big (km²) is the name's first meaning over a LOW town elsewhere of fewer than
#: :data:`_BIG_ISLAND_TOWN` people, whatever people its towns count: the index holds an island's
#: biggest towns only ("New Britain": 36,070 km², 54,208 people in its towns, some 590,000 in
#: Papua New Guinea's 2011 census; not New Britain, Connecticut, 73,000).
_BIG_ISLAND_KM2 = 10_000.0
_BIG_ISLAND_TOWN = 100_000
#: Latin names shorter than this are no island's bare name ("Man"; "Kos" is its town's too).
_SHORTEST = 3


class Island(NamedTuple):
    """An island: its row, English name, point (its biggest town), km², people, country."""

    number: int
    name: str
    lat: float
    lng: float
    km2: float
    people: int
    cc: str


@functools.cache
def island_prepositions() -> tuple[str, ...]:
    """The prepositions before an island's name ("on", "auf", "på", "на"), longest first."""
    rows = query_words()["island_prepositions"]
    phrases = {p.casefold() for ps in rows.values() for p in ps}
    return tuple(sorted(phrases, key=len, reverse=True))


@functools.cache
def _table() -> tuple[tuple[Island, ...], dict[str, tuple[int, ...]]]:
    """The islands and, per folded name, the rows that bear it. An island the data gives no
    country keeps ``cc`` empty here: :func:`_island` finds it when the island is asked for."""
    islands: list[Island] = []
    keys: dict[str, list[int]] = {}
    for n, line in enumerate((_DATA / "islands.tsv").read_text(encoding="utf-8").splitlines()):
        name, lat, lng, km2, people, cc, others = line.split("\t")
        islands.append(Island(n, name, float(lat), float(lng), float(km2), int(people), cc))
        for other in {name, *others.split("|"), *_cases().get(name, ())} - {""}:
            keys.setdefault(fold_text(other), []).append(n)
    return tuple(islands), {k: tuple(dict.fromkeys(v)) for k, v in keys.items()}


@functools.cache
def _island(n: int) -> Island:
    """Island row ``n`` with its country: the data's, or its nearest town's (184 islands far
    out at sea, whose nearest town takes a search of the whole world: done only for the islands
    a query names, not for all of them at the first call)."""
    i = _table()[0][n]
    return i if i.cc else i._replace(cc=nearest_cached(round(i.lat, 4), round(i.lng, 4))[0].cc)


class _Said(NamedTuple):
    """An island's name in one language: its nominative, its genitive, locative and
    instrumental where the language declines it, and the name after its article ("la Crète")."""

    island: str
    lang: str
    name: str
    gen: str
    loc: str
    ins: str
    articled: str


@functools.cache
def _said() -> tuple[_Said, ...]:
    """The rows of ``data/island_cases.tsv`` (``tools/build_island_cases.py``): islands' names
    in other languages, in Russian, Ukrainian, Polish and Czech with their cases ("на Крите",
    "na Krecie", "na Krétě", "рядом с Критом"), in French, Italian, Portuguese, Spanish and
    English with their article ("la Crète", "a Madeira")."""
    rows = []
    for line in (_DATA / "island_cases.tsv").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            cells = line.split("\t")
            rows.append(_Said(*cells, *[""] * (7 - len(cells))))
    return tuple(rows)


def _cases() -> dict[str, set[str]]:
    """Per island's English name, its names in other languages and their case forms."""
    forms: dict[str, set[str]] = {}
    for r in _said():
        forms.setdefault(r.island, set()).update((r.name, r.gen, r.loc, r.ins))
    return forms


def island_case_rows() -> list[tuple[str, str, str, str, str]]:
    """(lang, nominative, genitive, instrumental, locative) of each island's declined name, in
    the columns of the towns' case table ("ru", "Крит", "Крита", "Критом", "Крите")."""
    return [(r.lang, r.name, r.gen, r.ins, r.loc) for r in _said() if r.gen or r.loc or r.ins]


def island_in(i: Island, typed: str, lang: str) -> str:
    """Island ``i``'s name for a summary in ``lang``: its name in the language (the one the
    asker typed where it has two: "馬略卡島"), after its article where it takes one ("la
    Crète", "a Madeira": a summary's "de" then reads "de la Crète", "da Madeira"); else the
    asker's text when it names the island; else its table name. English rows are other
    English names ("Corsica" of "Corse"): the table's own name is one of them."""
    said = [r for r in _said() if r.island == i.name and r.lang == lang]
    if lang == _ENGLISH:
        said.append(_Said(i.name, lang, i.name, "", "", "", ""))
    folded = fold_text(typed.strip(" ,?!."))
    typed_row = next((r for r in said if fold_text(r.name) == folded), None)
    row = typed_row or (said[0] if said else None)
    if row is not None:
        return row.articled or row.name
    if folded and i in islands_named(folded)[0] and not worded(folded):
        return typed.strip(" ,?!.")
    return i.name


def _unworded(key: str) -> str | None:
    """Folded ``key`` without an island word before or after the name ("isle of skye" ->
    "skye", "jeju island" -> "jeju", "済州島" -> "済州"), or ``None``."""
    for w in query_phrases("island_words"):
        glued = not w.isascii() and len(w) == 1  # "島", "岛", "섬": glued to the name
        if key.startswith(w + " "):
            return key[len(w) + 1 :].strip() or None
        if key.endswith(" " + w) or (glued and key.endswith(w) and len(key) > 2):
            return key[: -len(w)].strip() or None
    return None


def islands_named(key: str) -> tuple[list[Island], bool]:
    """The islands folded ``key`` names, most populous first, and whether it says "island"."""
    keys = _table()[1]
    rows = keys.get(key, ())
    bare = None if rows else _unworded(key)
    if bare is not None:
        rows = keys.get(bare, ())
    if not rows or (bare is None and key.isascii() and len(key) < _SHORTEST):
        return [], False
    found = sorted((_island(j) for j in rows), key=lambda i: -i.people)
    return found, worded(key)


def bigger_island(key: str, c: City, *, bare: bool) -> bool:
    """Whether folded ``key`` names an island over town ``c`` of that name: saying "island",
    one with more people than the town ("Jeju Island"; not "Victoria Island", Lagos's
    district, over Canada's island of no town); ``bare``, any island elsewhere
    (:func:`island_elsewhere`: "New Britain", Connecticut's town or Papua New Guinea's island;
    "Santiago", Chile's capital or Cape Verde's island; "Boa Vista", Roraima's capital or Cape
    Verde's island), which leaves the town unsure (LOW): a bare name does not say which, and a
    bigger town is no surer than a namesake of like size would make it."""
    found, said = islands_named(key)
    if said:
        return bool(found) and found[0].people > c.population
    return bare and island_elsewhere(key, c) is not None


def island_elsewhere(key: str, c: City, share: float = 0.0) -> Island | None:
    """The most populous island bare folded ``key`` names that town ``c`` does not lie on, with
    at least ``share`` of its people, or ``None`` ("Palmerston": an atoll of the Cook Islands and
    a town of Australia; "New Britain": an island and a town of Connecticut; "Victoria
    Island": Lagos's district, or Canada's island, whatever the town's own name says)."""
    found, _ = islands_named(key)
    if not found or on_island(c, found[0]):
        return None
    return found[0] if found[0].people >= c.population * share else None


def island_after_preposition(text: str, name: str) -> Island | None:
    """The island ``name`` names when ``text`` ends with it after a preposition that stands
    before islands' names ("hotels on Santiago", "Hotels auf São Miguel", "hotele na Krecie":
    ``island_prepositions``), or ``None``: the asker means the island, not a town elsewhere."""
    folded, key = fold_text(text).strip(" ,?!."), fold_text(name).strip(" ,?!.")
    said = any(folded.endswith(f" {fold_text(p)} {key}") for p in island_prepositions())
    found = islands_named(key)[0] if said and key else []
    return found[0] if found else None


def worded(key: str) -> bool:
    """Whether folded ``key`` says "island" ("victoria island", "isle of skye", "済州島")."""
    return _unworded(key) is not None


def on_island(c: City, i: Island) -> bool:
    """Whether town ``c`` lies on island ``i`` (its country, within the disc of its area)."""
    return c.cc == i.cc and near_island(c.lat, c.lng, i)


def near_island(lat: float, lng: float, i: Island) -> bool:
    """Whether ``lat, lng`` lies within the disc of island ``i``'s area round its point."""
    reach = math.sqrt(i.km2 / math.pi) * 1000 + _ON_ISLAND_SLACK_M
    return haversine_m(lat, lng, i.lat, i.lng) <= reach


def island_answer(
    key: str, q: Qualifiers, town: City | None, *, near_bias: bool
) -> tuple[Island, bool] | None:
    """The island folded ``key`` names, and whether surely, where no town answers surely: none
    is found, or the LOW town ``town`` is not on the island, has fewer people than it (or the
    island is a big one, :data:`_BIG_ISLAND_KM2`) and is not at the caller's bias; with an island word ("Isle of Skye") whatever town. Unsure when
    another island of the name has a tenth of its people."""
    found, worded = islands_named(key)
    found = [i for i in found if q.ccs <= {i.cc} and not (q.states or q.cities or q.regions)]
    if not found:
        return None
    best = found[0]
    big = best.km2 >= _BIG_ISLAND_KM2 and town is not None and town.population < _BIG_ISLAND_TOWN
    kept = town is not None and (
        near_bias or on_island(town, best) or (town.population >= best.people and not big)
    )
    whole = town is not None and fold_text(town.name) == key  # "Victoria Island": Lagos's
    if kept and (not worded or whole):
        return None  # "Capri": its town; "Victoria": the city
    rival = len(found) > 1 and found[1].people >= best.people * _RIVAL_SHARE
    return best, not rival


def island_place_id(i: Island) -> str:
    """The id of island ``i``."""
    return island_id(i.number, i.lat, i.lng)


def island_of_id(pid: str) -> Island | None:
    """The island an :func:`island_place_id` names, or ``None``."""
    decoded = decode_island_id(pid)
    islands = _table()[0]
    if decoded is None or decoded[0] >= len(islands):
        return None
    i = _island(decoded[0])
    return i if (math.floor(i.lat), math.floor(i.lng)) == decoded[1:] else None


class _Point(Protocol):
    @property
    def lat(self) -> float: ...
    @property
    def lng(self) -> float: ...


_S = TypeVar("_S", bound=_Point)


def island_only(
    pid: str, at: tuple[float, float], chosen: list[tuple[_S, float]]
) -> list[tuple[_S, float]]:
    """The places of ``chosen`` (place, distance) on the land of ``at`` when ``pid`` is an
    island's id (one flood of land cells, :func:`~mapsnb_sandbox.earth.sides.sides`: "hotels on
    Texel" lists none in Den Helder, across the Marsdiep); ``chosen`` for any other place."""
    if not chosen or island_of_id(pid) is None:
        return chosen
    labels = sides((at, *((s.lat, s.lng) for s, _ in chosen)))
    own = labels[0]
    return [sd for sd, side in zip(chosen, labels[1:], strict=True) if own < 0 or side in (own, -1)]
