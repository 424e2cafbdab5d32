"""First-level regions (states, provinces, prefectures) as places: "Tuscany", "Bali", "Texas".

A region is named as GeoNames writes it (``data/region_names.tsv``, built by
``tools/build_regions.py --names-only``) and found by any name of the region table
(:func:`~.names.qualifiers.regions`: GeoNames, ISO 3166-2 and the region's own language). It
stands at the centroid of its shape in Natural Earth's admin-1 units
(``data/region_points.tsv``, built by ``tools/build_region_points.py``), however its towns lie
(Ontario's are in its south); a region that table lacks at the mean of the grid cells its towns
(GeoNames towns of 1,000+ people) fall in (:func:`_spread_centre`), or at its town nearest
that when it is off land or nearer another region's town (a ring, a bay). Its id carries its
country and its place in the country's list (:func:`~mapsnb_sandbox.contract.ids.region_id`),
so any process decodes it. A name answers a region only where no town answers it surely
(:func:`region_answer`). Regions across the antimeridian (Chukotka) are not centred well.
"""

from __future__ import annotations

import functools
import math
from pathlib import Path
from typing import NamedTuple

from mapsnb.polyline import haversine_m
from mapsnb_sandbox.contract.ids import REGIONS_PER_COUNTRY, decode_region_id, region_id
from mapsnb_sandbox.earth.water import is_land
from mapsnb_sandbox.world.cities import city_index, nearest_cached
from mapsnb_sandbox.world.geodata import City, fold_text
from mapsnb_sandbox.world.indexfile import query_words
from mapsnb_sandbox.world.names.provinces import Box, province_boxes, worded_province
from mapsnb_sandbox.world.names.qualifiers import (
    Qualifiers,
    region_of_words,
    region_words,
    regions,
    unworded_region,
    without_article,
)

__all__ = [
    "REGION_KIND",
    "Region",
    "capital_namesake",
    "of_named_type",
    "province_answer",
    "province_over_region",
    "province_town",
    "region_answer",
    "region_at",
    "region_name",
    "region_of_country",
    "region_of_id",
    "region_place_id",
    "regions_named",
    "search_centre",
    "spelt_rival",
    "state_in_address",
    "worded_region",
]

_NAMES = Path(__file__).resolve().parents[1] / "data" / "region_names.tsv"
_POINTS = _NAMES.with_name("region_points.tsv")
#: The kind a region answers as (Google's type of a first-level region).
REGION_KIND = "administrative_area_level_1"
#: Latin names shorter than this are codes and initials ("tx", "nsw"), not a bare region.
_SHORTEST_NAME = 4
#: A region sharing its name with one this many times less populous is surely meant.
_SURE_RATIO = 10
#: ... and one of another country this many times less populous (as a town twenty times
#: bigger keeps a name: "Florida" is the US state, not Uruguay's department; "Maryland" not
#: Liberia's county).
_SURE_ABROAD = 20
#: A search in a region looks in its town of :data:`_SEARCH_TOWN_PEOPLE` nearest its towns'
#: centre, else its biggest within this reach of it ("hotels in Texas": Killeen's, not none in
#: the farmland round the centre; "…in Veneto": Padua's; "…in Western Australia": Perth's).
_SEARCH_REACH_M = 250_000.0
_SEARCH_TOWN_PEOPLE = 50_000
#: A town bearing its region's name stands for it when it holds this share of its people.
_NAMESAKE_SHARE = 0.01
#: A bare name is weak evidence of a region with fewer people than this (in its towns): the
#: table lacks most namesakes of small ones ("North", "East": Cameroon's, and Lebanon's ...).
BARE_REGION_PEOPLE = 1_000_000
#: Rings of whole-degree cells searched for a region's towns; cells of the grid over them
#: (:func:`_spread_centre`), at most this many and at least this many degrees wide.
_MAX_RINGS, _SAMPLES, _FINEST = 40, 400, 0.02


class Region(NamedTuple):
    """A first-level region: its country, GeoNames code, name, people (of its towns), point."""

    cc: str
    admin1: str
    name: str
    people: int
    lat: float
    lng: float
    rank: int  # its place in its country's list (the id's number)


@functools.cache
def _named() -> dict[tuple[str, str], tuple[str, int]]:
    """``(cc, admin1) -> (name, rank)``: the table's rows, ranked in each country's order."""
    out: dict[tuple[str, str], tuple[str, int]] = {}
    seen: dict[str, int] = {}
    for line in _NAMES.read_text(encoding="utf-8").splitlines():
        cc, admin1, name = line.split("\t")
        rank = seen.get(cc, 0)
        if rank < REGIONS_PER_COUNTRY:
            out[(cc, admin1)] = (name, rank)
        seen[cc] = rank + 1
    return out


def region_name(cc: str, admin1: str) -> str | None:
    """First-level region ``admin1`` of ``cc`` as GeoNames writes it ("Tamil Nadu")."""
    named = _named().get((cc, admin1))
    return named[0] if named else None


@functools.cache
def _admin1_names() -> dict[tuple[str, str], tuple[str, ...]]:
    out: dict[tuple[str, str], list[str]] = {}
    for name, keys in regions().admin1.items():
        for key in keys:
            out.setdefault(key, []).append(name)
    return {k: tuple(sorted(v)) for k, v in out.items()}


def state_in_address(cc: str, admin1: str, *, abbreviated: bool) -> str:
    """How an address writes the first-level region ``admin1`` of ``cc``: its postal
    abbreviation when ``abbreviated`` and GeoNames has one ("ON", "NSW", "SP"), else its name
    as GeoNames writes it (``data/region_names.tsv``: "Maharashtra"; the table's folded names
    are in many scripts, "마하라슈트라"); ``""`` when unknown."""
    names = _admin1_names().get((cc, admin1), ())
    short = sorted((n for n in names if 2 <= len(n) <= 3 and n.isalpha()), key=len)
    if abbreviated and short:
        return short[0].upper()
    if written := region_name(cc, admin1):  # as GeoNames writes it ("Tamil Nadu")
        return written
    words = [n for n in names if len(n) > 3 and not n.isdigit()]
    return max(words, key=len).title() if words else ""


@functools.cache
def _points() -> dict[tuple[str, str], tuple[float, float]]:
    """``(cc, admin1) -> (lat, lng)``: the centres of the regions Natural Earth's units match."""
    out: dict[tuple[str, str], tuple[float, float]] = {}
    for line in _POINTS.read_text(encoding="utf-8").splitlines():
        cc, admin1, lat, lng = line.split("\t")
        out[(cc, admin1)] = (float(lat), float(lng))
    return out


@functools.cache
def _by_rank() -> dict[tuple[str, int], str]:
    return {(cc, rank): admin1 for (cc, admin1), (_, rank) in _named().items()}


@functools.cache
def _sums() -> dict[tuple[str, str], tuple[int, float, float, int]]:
    return city_index().cities.region_sums()


def _in_region(c: City, cc: str, admin1: str) -> bool:
    return c.cc == cc and c.admin1 == admin1


def _own_towns(cc: str, admin1: str, lat: float, lng: float) -> list[City]:
    """The region's towns, by rings of whole-degree cells round ``lat, lng`` until two rings
    in a row hold none of them."""
    idx = city_index()
    row, col = math.floor(lat), math.floor(lng)
    found: list[City] = []
    empty = 0
    for ring in range(_MAX_RINGS):
        cells = [
            (row + dr, (col + dc + 180) % 360 - 180)
            for dr in range(-ring, ring + 1)
            for dc in range(-ring, ring + 1)
            if max(abs(dr), abs(dc)) == ring
        ]
        own = [
            c for c in (idx.cities[j] for cell in cells for j in idx.grid.get(cell))
            if _in_region(c, cc, admin1)
        ]  # fmt: skip
        found += own
        empty = 0 if own else empty + 1
        if found and empty >= 2:
            break
    return found


def _spread_centre(towns: list[City]) -> tuple[float, float]:
    """The mean of the cells of a grid over ``towns`` that hold one: each part of the region
    counts once, however many towns it has (Queensland's south-east, dense, is not its
    centre); :data:`_SAMPLES` cells over the box round them."""
    lat0, lat1 = min(c.lat for c in towns), max(c.lat for c in towns)
    lng0, lng1 = min(c.lng for c in towns), max(c.lng for c in towns)
    step = max(_FINEST, math.sqrt((lat1 - lat0) * (lng1 - lng0) / _SAMPLES))
    cells = {(math.floor((c.lat - lat0) / step), math.floor((c.lng - lng0) / step)) for c in towns}
    lat = lat0 + (sum(i for i, _ in cells) / len(cells) + 0.5) * step
    lng = lng0 + (sum(k for _, k in cells) / len(cells) + 0.5) * step
    return lat, lng


@functools.cache
def region_at(cc: str, admin1: str) -> Region | None:
    """The region ``admin1`` of country ``cc``, or ``None`` (no such region, or no town in it)."""
    named, sums = _named().get((cc, admin1)), _sums().get((cc, admin1))
    if named is None or sums is None:
        return None
    people, lat_sum, lng_sum, n = sums
    lat, lng = _points().get((cc, admin1)) or _towns_centre(cc, admin1, lat_sum / n, lng_sum / n)
    return Region(cc, admin1, named[0], people, round(lat, 6), round(lng, 6), named[1])


def _towns_centre(cc: str, admin1: str, lat: float, lng: float) -> tuple[float, float]:
    """Where a region the points table lacks stands, from its towns round ``lat, lng`` (their
    mean): :func:`_spread_centre`, or its town nearest that when that is off land or nearer
    another region's town (a ring or a bay round the centre: Hawaii's is at sea)."""
    towns = _own_towns(cc, admin1, lat, lng)
    if not towns:
        return lat, lng
    lat, lng = _spread_centre(towns)
    near, _ = nearest_cached(round(lat, 4), round(lng, 4))
    if not (is_land(lat, lng) and _in_region(near, cc, admin1)):
        best = min(towns, key=lambda c: haversine_m(c.lat, c.lng, lat, lng))
        lat, lng = best.lat, best.lng
    return lat, lng


def regions_named(key: str, *, worded: bool = False) -> list[Region]:
    """The regions folded ``key`` names in full (no code or initials), most populous first;
    ``worded``: the text names it with its region word, so three letters are a name ("the
    prefecture of Mie"), not a code."""
    if len(key) < _SHORTEST_NAME - worded and key.isascii():
        return []  # "tx", "nsw": codes and initials; "北海道" is a name
    found = (region_at(cc, admin1) for cc, admin1 in regions().admin1.get(key, ()))
    return sorted((r for r in found if r is not None), key=lambda r: -r.people)


def region_of_id(pid: str) -> Region | None:
    """The region a :func:`~mapsnb_sandbox.contract.ids.region_id` names, or ``None`` (also
    for an id whose cell is not the region's: an old hashed spot id of the same number)."""
    decoded = decode_region_id(pid)
    if decoded is None:
        return None
    cc, rank, lat_deg, lng_deg = decoded
    admin1 = _by_rank().get((cc, rank))
    r = region_at(cc, admin1) if admin1 is not None else None
    if r is None or (math.floor(r.lat), math.floor(r.lng)) != (lat_deg, lng_deg):
        return None
    return r


def region_place_id(r: Region) -> str:
    """The id of region ``r``."""
    return region_id(r.cc, r.rank, r.lat, r.lng)


@functools.cache
def _search_centre(cc: str, admin1: str) -> tuple[float, float] | None:
    sums = _sums().get((cc, admin1))
    if sums is None:
        return None
    lat, lng = _towns_centre(cc, admin1, sums[1] / sums[3], sums[2] / sums[3])
    towns = _own_towns(cc, admin1, lat, lng)
    big = [c for c in towns if c.population >= _SEARCH_TOWN_PEOPLE]
    if big:  # however far: Perth for Western Australia, whose middle is outback
        best = min(big, key=lambda c: haversine_m(c.lat, c.lng, lat, lng))
        return best.lat, best.lng
    near = [c for c in towns if haversine_m(c.lat, c.lng, lat, lng) < _SEARCH_REACH_M]
    top = max(near, key=lambda c: c.population, default=None)
    return (top.lat, top.lng) if top else (lat, lng)


def search_centre(pid: str, lat: float, lng: float) -> tuple[float, float]:
    """Where a search for places in the place ``pid`` at ``lat, lng`` looks: in a region, its
    town of 50,000 nearest its towns' centre (:func:`_towns_centre`: Natural Earth's point of
    Ontario lies in its empty north, of Bali in its mountains, and the towns' centre of Texas
    in its farmland, where a kind's circle finds no hotel, no beach); round any other place's
    point."""
    r = region_of_id(pid)
    return (r and _search_centre(r.cc, r.admin1)) or (lat, lng)


def region_of_country(key: str, cc: str) -> Region | None:
    """The region of country ``cc`` folded ``key`` names, when the key is another name of the
    country than its own ("Scotland", "England": the region, not the United Kingdom; "Mexico"
    and "Luxembourg" stay countries)."""
    own = city_index().country_names.get(cc, "")
    if fold_text(own) == key:
        return None
    return next((r for r in regions_named(key) if r.cc == cc), None)


def capital_namesake(r: Region) -> City | None:
    """The biggest town of region ``r`` that bears the region's own name and holds a
    :data:`_NAMESAKE_SHARE` of its people or more (Rajshahi in Rajshahi Division, Arusha,
    Paraguarí): a text that names the region only in another language ("Radźszahi", Polish)
    means that town as its own name would (:func:`_named_after_town`), not the region's middle."""
    best = max(_towns_named(r, fold_text(r.name)), key=lambda c: c.population, default=None)
    return best if best and best.population >= r.people * _NAMESAKE_SHARE else None


def _named_after_town(r: Region, key: str) -> bool:
    """Whether a town of region ``r`` bears folded ``key`` (Odesa in Odesa Oblast, Nara)."""
    return bool(_towns_named(r, key))


def _towns_named(r: Region, key: str) -> list[City]:
    """The towns of region ``r`` that folded ``key`` names."""
    idx = city_index()
    towns = (idx.cities[j] for j in idx.by_name.get(key, ()))
    return [c for c in towns if _in_region(c, r.cc, r.admin1)]


def _qualified(r: Region, q: Qualifiers) -> bool:
    """Whether the text's qualifiers hold for region ``r`` (a country of its, nothing else)."""
    return not (q.states or q.cities or q.unknown or q.regions) and q.ccs <= {r.cc}


def worded_region(key: str) -> str | None:
    """The first-level region folded ``key`` names with its region words ("estado de oregon",
    "штате калифорния", "estado de são paulo": the state, not its capital), not with a short one
    of another language that is a word of the query's ("panama hat": Vietnamese "hạt", a
    district); else ``None``."""
    text = without_article(key) or key
    if region_words().intersection(text.split()) and regions_named(text):
        return text  # a region's whole name with its word: "nara prefecture", "estado de são paulo"
    bare = region_of_words(text)  # (for a qualifier, "拉巴斯" is also "拉巴斯省": no word typed)
    if bare is None or bare not in text or not regions_named(bare, worded=True):
        return None
    short = " " in text and len(text.replace(bare, "").replace(" ", "")) < _SHORTEST_NAME
    return None if short else bare


#: A second-level region's search looks in its town of this many people nearest its box's middle.
_PROVINCE_TOWN_PEOPLE = 10_000


@functools.cache
def _article_regions() -> tuple[tuple[str, str], ...]:
    """``article_regions`` of ``data/query_words.json``, folded: "le " -> "departement du "."""
    pairs = (pair for lang in query_words()["article_regions"].values() for pair in lang.items())
    return tuple((_folded_keeping_space(a), _folded_keeping_space(r)) for a, r in pairs)


def _folded_keeping_space(text: str) -> str:
    """``text`` folded, with its trailing space ("le " is a word, "l" a glued prefix)."""
    return fold_text(text) + (" " if text.endswith(" ") else "")


def _article_region(key: str, typed: str | None = None) -> str | None:
    """The second-level region folded ``key`` names after its article ("le var" -> "departement
    du var", "lain" -> "departement de lain"), where the region table has it; else ``None``.
    A glued article is one only where the ``typed`` text (if given) writes its apostrophe
    ("l'Ain"; not "Laveyron", a town of the Drôme, as "l'Aveyron")."""
    elided = not typed or "'" in typed or "\u2019" in typed
    for article, worded in _article_regions():
        if not (elided or article.endswith(" ")):
            continue
        if key.startswith(article) and (name := worded + key[len(article) :]) in regions().admin2:
            return name
    return None


def province_town(key: str, *, bare: bool = False, typed: str | None = None) -> City | None:
    """The town a second-level region folded ``key`` (``typed`` so) names with its region word
    (or alone, with ``bare``) stands for (:func:`province_answer`); ``None`` for another text."""
    found = province_answer(key, bare=bare, typed=typed)
    return found[0] if found else None


def province_home(text: str, answered_in: str | None, home: str | None) -> str | None:
    """Country ``home`` (the asked language's) when a region of another country
    (``answered_in``) answers ``text`` and a province of ``home`` bears the name with its word
    ("la provincia de Córdoba" to a Spanish asker: Spain's, not Argentina's), else ``None``."""
    if home is None or answered_in is None or answered_in == home:
        return None
    seat = province_answer(fold_text(text), typed=text)
    return home if seat is not None and seat[1] == home else None


def province_answer(
    key: str, *, bare: bool = False, typed: str | None = None
) -> tuple[City, str, int] | None:
    """The town a second-level region folded ``key`` names with its region word stands for,
    its country and its people (the region table's boxes: "provincia de málaga", "la provincia
    de granada"; or any name of :mod:`.names.provinces`: "provincia de guipúzcoa", "provincia
    di savona"; with ``bare``, that name alone, "gipuzkoa"): the town of its name inside it,
    else its town of :data:`_PROVINCE_TOWN_PEOPLE` nearest its middle, else its biggest
    ("département du var": Toulon's area); ``None`` for another text. ``typed``: the text as
    written, whose apostrophe an elided article needs (:func:`_article_region`)."""
    text = _article_region(key, typed) or without_article(key) or key
    box = _province_box(text, bare=bare)
    if box is None:
        return None
    towns = _province_towns(box)
    seat = _province_seat(text.split(), towns, box)
    return (seat, box[0], sum(c.population for c in towns)) if seat else None


def province_over_region(
    key: str, ccs: set[str], r: Region, *, home: str | None = None
) -> City | None:
    """The seat of the second-level unit worded ``key`` names ("provincia de toledo") where it
    outweighs the first-level region ``r`` of another country the name also answers (Toledo
    District, Belize), whose regions the word does not name ("provincia de córdoba":
    Argentina's provinces are so called), and no country ``ccs`` qualifies the text otherwise;
    always in the caller's country ``home`` (a Spanish asker's "provincia de Córdoba")."""
    found = province_answer(key)
    if found is None or found[1] == r.cc or (ccs and found[1] not in ccs):
        return None
    if home is not None and found[1] == home:
        return found[0]
    seat, _, people = found
    return seat if people > r.people and not of_named_type(key, r) else None


def _province_box(text: str, *, bare: bool) -> Box | None:
    """The box of the one second-level region folded ``text`` names, with its region word
    (or alone, with ``bare``)."""
    words = text.split()
    boxes = [b for b in regions().admin2.get(text, ()) if len(words) > 1]
    if len(boxes) == 1 and region_words().intersection(words):
        return boxes[0]
    unworded = unworded_region(text)  # "provincia de la coruna": "la coruna", "coruna"
    name = worded_province(n for u in unworded for n in (u, without_article(u)))
    if name is None and bare and len(text) >= _SHORTEST_NAME + 1:
        name = text if len(province_boxes().get(text, ())) == 1 else None
    return province_boxes()[name][0] if name else None


def _inside(c: City, box: Box) -> bool:
    """Whether town ``c`` is of ``box``'s country and inside it."""
    cc, la0, lo0, la1, lo1 = box
    return c.cc == cc and la0 <= c.lat <= la1 and lo0 <= c.lng <= lo1


@functools.cache
def _province_towns(box: Box) -> list[City]:
    """The towns of ``box``'s country inside it."""
    return [c for c in city_index().cities if _inside(c, box)]


def _province_seat(words: list[str], towns: list[City], box: Box) -> City | None:
    """The town of the region's name among ``towns`` ("provincia de málaga": Málaga), else
    the one of :data:`_PROVINCE_TOWN_PEOPLE` nearest the box's middle, else the biggest."""
    idx = city_index()
    for k in range(len(words)):
        named = [idx.cities[j] for j in idx.by_name.get(" ".join(words[k:]), ())]
        if named := [c for c in named if _inside(c, box)]:
            return max(named, key=lambda c: c.population)
    _, la0, lo0, la1, lo1 = box
    mid = ((la0 + la1) / 2, (lo0 + lo1) / 2)
    big = [c for c in towns if c.population >= _PROVINCE_TOWN_PEOPLE]
    if big:
        return min(big, key=lambda c: haversine_m(c.lat, c.lng, *mid))
    return max(towns, key=lambda c: c.population, default=None)


@functools.cache
def _type_words() -> dict[str, str]:
    """Folded region word -> the type of region it names (``region_types`` of
    ``data/query_words.json``: "estado" -> "state", "provincia" -> "province")."""
    table = query_words()["region_types"]
    return {fold_text(w): kind for kind, words in table.items() for w in words}


@functools.cache
def _country_types() -> dict[str, frozenset[str]]:
    """Country -> the types of its first-level regions (``data/region_types.csv``, ISO 3166-2)."""
    lines = _NAMES.with_name("region_types.csv").read_text(encoding="utf-8").splitlines()
    rows = (ln.split(",") for ln in lines if ln[:1] != "#" and not ln.startswith("cc,"))
    return {cc: frozenset(types.split("|")) for cc, types in rows}


def _of_named_type(key: str, found: list[Region]) -> list[Region]:
    """Those of ``found`` whose country's first-level regions are of the type a region word of
    folded ``key`` names ("the state of montana": the US's, not Bulgaria's; "punjab province":
    Pakistan's), or all when none is (or the key names no type)."""
    typed = [r for r in found if of_named_type(key, r)]
    return typed or found


def of_named_type(key: str, r: Region) -> bool:
    """Whether a region word of folded ``key`` names the type of region ``r``'s country's
    first-level regions ("provincia de cordoba": Argentina's are provinces)."""
    words = key.split()
    pairs = (" ".join(words[i : i + n]) for n in (1, 2) for i in range(len(words)))
    named = {t for p in pairs if (t := _type_words().get(p))}
    return bool(named & _country_types().get(r.cc, frozenset()))


def spelt_rival(c: City, r: Region) -> bool:
    """Whether town ``c``, spelt near a name region ``r`` bears exactly, keeps the name from
    it: a town of the region ("Lopburi": Lop Buri), or one a tenth its size or more
    ("Sanaag": Sanaa); not a town it dwarfs abroad ("Zambezia" is Mozambique's province, not
    Zambezi, Zambia; "Far North", Cameroon's, not Farnworth; "La Guajira" not La Guaira)."""
    return (c.cc, c.admin1) == (r.cc, r.admin1) or c.population * 10 >= r.people


def region_answer(
    key: str,
    q: Qualifiers,
    town: City | None,
    *,
    near_bias: bool,
) -> tuple[Region, bool] | None:
    """The region folded ``key`` names, and whether surely, where no town answers surely: none
    is found, or the LOW town ``town`` has fewer people than the region, is not in it, and is
    not at the caller's bias or region (``near_bias``: "Bali" near Kolkata is Bāli). Unsure
    when another region of the name has a tenth of its people or more ("Punjab"), a region of
    another country a twentieth ("Amazonas": Brazil's, LOW, unless a country qualifies the
    name; "Florida" stays the US state), or it is bare and small (:data:`BARE_REGION_PEOPLE`:
    "North", Cameroon's; not with its region word: "Pardubický kraj", "w województwie
    opolskim")."""
    if near_bias and town is not None:
        return None
    found = [r for r in regions_named(key) if _qualified(r, q)]
    bare = None if found else worded_region(key)  # "estado de oregon"
    if bare is not None:
        found = [r for r in regions_named(bare, worded=True) if _qualified(r, q)]
        if len(bare) < _SHORTEST_NAME:  # "prefecture of mie": Japan's; "province du sud": no
            found = [r for r in found if of_named_type(key, r)]
    found = _of_named_type(key, found)  # "the state of Montana": the US state, not Bulgaria's
    if not found:
        return None
    best = found[0]
    town_wins = town is not None and (
        town.population >= best.people or _named_after_town(best, key)
    )
    if town_wins and bare is None:  # region words name the region ("provincia de Mendoza")
        return None  # the town the region is named after ("Nara": the city, not the prefecture)
    rival = len(found) > 1 and found[1].people * _SURE_RATIO >= best.people
    abroad = [r for r in found[1:] if r.cc != best.cc]  # "Amazonas": Colombia's, Peru's too
    rival = rival or any(r.people * _SURE_ABROAD >= best.people for r in abroad)
    worded = bare is not None or bool(region_words().intersection(key.split()))
    rival = rival or (not q.ccs and not worded and best.people < BARE_REGION_PEOPLE)
    return best, not rival
