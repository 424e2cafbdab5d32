"""The world's places: every synthetic business the emulator can return, generated per grid cell.

The earth is cut into cells of :data:`CELL_DEG` x :data:`CELL_DEG` degrees. The places of a kind
in a cell are drawn from ``(cell, kind code)`` alone, so a place exists once: one id, one point,
one name, whatever the query or the tool. How many: a Poisson draw whose mean is the people in
the cell (a kernel around every town of the index, wider for bigger towns; commerce twice as
concentrated toward the centre; places of worship by communities, not heads:
:func:`.cities.people_per_km2`) times the kind's rate per person (``data/kind_rates.csv``; for a
place of worship, per adherent times its religion's share in the country, :func:`local_rate`),
plus for kinds that follow land (campsites) a rate per km² of countryside near a town.
Water holds nothing, nor do cells far from any town. Cells are generated lazily and kept in
bounded LRU caches; the towns near a coarse cell (:data:`COARSE_DEG`) are cached too.

A place's id is a well-formed feature id (:mod:`mapsnb_sandbox.contract.ids`): the cell half is
the S2 cell (level 10) holding its point, the fingerprint packs the grid cell, the kind code,
the index in the cell and a check, so any process decodes an id back to its place.

The curated landmarks and airports live in the same cells, after the generated places of their
kind (:data:`LANDMARK_KINDS`), with their own ids and top prominence: a search for museums
near the Louvre finds the Louvre, a search for airports finds the airports.
"""

from __future__ import annotations

import csv
import functools
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mapsnb_sandbox.contract.common import Once, stable_int
from mapsnb_sandbox.contract.features import feature_place_id
from mapsnb_sandbox.contract.ids import business_id, decode_business_id
from mapsnb_sandbox.earth.water import is_land
from mapsnb_sandbox.world.addresses import local_address
from mapsnb_sandbox.world.cities import (
    COARSE_DEG,
    RURAL_PER_KM2,
    country_at,
    people_per_km2,
    timezone_at,
)
from mapsnb_sandbox.world.kinds.table import (
    FREE_CODE,
    Category,
    categories,
    category_at,
    category_key,
    free_category,
)
from mapsnb_sandbox.world.kinds.worship import own_count, own_count_kinds, religion_share
from mapsnb_sandbox.world.landmarks import Landmark, fold, landmark_index, landmark_with_id
from mapsnb_sandbox.world.resolved import Resolved, landmark_resolved

__all__ = [
    "CELL_DEG",
    "COARSE_DEG",
    "LANDMARK_KINDS",
    "RURAL_PER_KM2",
    "Spot",
    "business_name",
    "cell_of",
    "cell_spots",
    "kind_at",
    "kind_of_name",
    "kind_rate",
    "land_rate",
    "local_code",
    "local_kind",
    "local_rate",
    "people_per_km2",
    "place_from_id",
    "place_of",
    "place_of_cid",
    "rating",
    "select",
    "spot_from_id",
    "spots_along",
    "spots_named",
    "spots_near",
]

CELL_DEG = 0.005
KIND_RATES = Path(__file__).resolve().parents[1] / "data" / "kind_rates.csv"
_KM_PER_DEG = 111.32
_CELL_AREA_KM2 = (CELL_DEG * _KM_PER_DEG) ** 2
_MAX_PER_CELL = 255
#: The world kind (a Places type of ``data/categories.csv``) of each kind of curated landmark
#: (``data/landmarks.csv``, airports from ``airportsdata``); neighbourhoods, streets and lakes are
#: no place a search lists.
LANDMARK_KINDS: dict[str, tuple[str, ...]] = {
    "airport": ("airport", "international_airport"),
    "landmark": ("tourist_attraction",),
    "bridge": ("tourist_attraction",),
    "museum": ("museum",),
    "park": ("park",),
    "stadium": ("stadium",),
    "station": ("train_station",),
    "shopping": ("shopping_mall",),
    "university": ("university",),
    "government": ("government_office",),
    "venue": ("event_venue",),
}
#: Curated places are indexed in their cell after every generated one (at most 255).
_CURATED_INDEX0 = 256
#: Kinds whose places crowd the centre (commerce): their kernel is half as wide.
_CENTRAL_GROUPS = frozenset(
    {"food", "cafe", "bar", "shop", "finance", "lodging", "service", "health"}
)
_ADJ = ("Cedar", "Harbor", "Maple", "Juniper", "Copper", "Lantern", "Willow", "Granite",
        "Amber", "Birch", "Coral", "Elm", "Hazel", "Indigo", "Linden", "Saffron")  # fmt: skip
_NOUN = ("Pine", "Finch", "Stone", "Anchor", "Meadow", "Oak", "Sparrow", "Brook",
         "Heron", "Lark", "Ridge", "Harbour", "Bridge", "Garden", "Wren", "Field")  # fmt: skip


# --------------------------------------------------------------------------- rates and people


def _read_rates() -> tuple[dict[str, float], dict[str, float], dict[str, str]]:
    """Each kind's places per 100,000 people (or adherents of its religion, the third table),
    and (some) per 1,000 km² of countryside."""
    with KIND_RATES.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    land = {row["kind"]: float(row["per_1000_km2"]) for row in rows if row["per_1000_km2"]}
    faith = {row["kind"]: row["religion"] for row in rows if row["religion"]}
    return {row["kind"]: float(row["per_100k"]) for row in rows}, land, faith


_rates = Once(_read_rates)


def kind_rate(c: Category) -> float:
    """Places of kind ``c`` per person (per adherent for a kind that serves a religion): its
    row of ``kind_rates.csv``, else its group's."""
    table = _rates()[0]
    per_100k = table.get(c.key, table.get(f"group:{c.group}", table["group:default"]))
    return per_100k / 100_000


def local_rate(c: Category, iy: int, ix: int) -> float:
    """Places of kind ``c`` per person in cell ``(iy, ix)``: a kind that serves a religion
    follows the share of its people in the cell's country (``data/religions.csv``, Pew); a
    country's own count (``data/worship_counts.csv``) comes first."""
    faith = _rates()[2].get(c.key)
    if faith is None and c.key not in own_count_kinds():
        return kind_rate(c)
    cc = _cell_country(iy, ix)
    own = own_count(cc, c.key)
    if own is not None:
        return own / 100_000
    return kind_rate(c) * (religion_share(cc, faith) if faith else 1.0)


@functools.lru_cache(maxsize=16_384)
def _cell_country(iy: int, ix: int) -> str:
    """The country of the tenth of a degree that holds cell ``(iy, ix)``: one nearest-town look-up
    per tenth, not per cell ("synagogue Leeds" scanned 3,256 cells at 48 ms each)."""
    k = round(0.1 / CELL_DEG)
    return country_at((iy // k + 0.5) * 0.1, (ix // k + 0.5) * 0.1)[0]


#: A religion of this share of a country's people or more covers it with a network of
#: communities (parishes, village mosques: :data:`.cities.COMMUNITY_EXPONENT`); a smaller one
#: gathers where its people live, in towns (Hindus in France, Jews in the US), its places
#: following heads, blended in proportion to its share below this one.
_NETWORK_SHARE = 0.2


def _worship_people(mid: tuple[float, float], c: Category, iy: int, ix: int) -> float:
    """People per km² in cell ``(iy, ix)`` as a kind that serves a religion sees them."""
    communities = people_per_km2(*mid, communities=True)
    faith = _rates()[2].get(c.key)
    if not communities or not faith:
        return communities
    network = min(1.0, religion_share(_cell_country(iy, ix), faith) / _NETWORK_SHARE)
    return (
        network * communities + (1 - network) * people_per_km2(*mid) if network < 1 else communities
    )


def land_rate(c: Category) -> float:
    """Places of kind ``c`` per km² of countryside near a town, besides those per person: the
    kinds that follow land, not people (campsites: two thirds of the EU's are rural)."""
    return _rates()[1].get(c.key, 0.0) / 1000


# --------------------------------------------------------------------------- cells


@dataclass(frozen=True)
class Spot:
    """A place of the world, light: enough to select and rank it without building it."""

    lat: float
    lng: float
    iy: int
    ix: int
    code: int
    index: int
    place_id: str
    prominence: float


def cell_of(lat: float, lng: float) -> tuple[int, int]:
    """The grid cell ``(iy, ix)`` holding the point."""
    return math.floor(lat / CELL_DEG), math.floor(((lng + 180) % 360 - 180) / CELL_DEG)


def _poisson(mean: float, u: float) -> int:
    """The Poisson(``mean``) count at quantile ``u`` (a normal approximation past 60)."""
    if mean <= 0:
        return 0
    if mean > 60:
        z = math.sqrt(-2 * math.log(max(1e-12, 1 - u))) * (1 if u > 0.5 else -1) * 0.8
        return max(0, round(mean + z * math.sqrt(mean)))
    p = math.exp(-mean)
    k, cdf = 0, p
    while u > cdf and k < _MAX_PER_CELL:
        k += 1
        p *= mean / k
        cdf += p
    return k


def rating(place_id: str) -> tuple[float, int]:
    """``(stars, reviews)`` of a place: fixed per place (the summaries say the same)."""
    h = stable_int("rating", place_id)
    return round(3.6 + h % 14 / 10, 1), 20 + (h >> 8) % 900


def kind_at(code: int) -> Category | None:
    """The kind of a code: a row of the table, or for :data:`FREE_CODE` the generic kind
    (label "Place") whose places answer the kinds the table lacks."""
    return free_category("place") if code == FREE_CODE else category_at(code)


def cell_spots(iy: int, ix: int, code: int) -> tuple[Spot, ...]:
    """The places of kind ``code`` in grid cell ``(iy, ix)``, in index order: the generated
    ones, then the curated landmarks of that kind there."""
    if _CURATED.get("index") is not landmark_index():  # first use, or tests switched the table
        _curated_cells()
    return _cell_spots(iy, ix, code)


@functools.lru_cache(maxsize=60_000)
def _cell_spots(iy: int, ix: int, code: int) -> tuple[Spot, ...]:
    c = kind_at(code)
    if c is None:
        return ()
    return _generated(iy, ix, code, c) + _curated(iy, ix, code)


#: The curated landmarks of each ``(cell, kind code)``, and the landmark index they come from.
_CURATED: dict[str, Any] = {}


def _curated_cells() -> dict[tuple[int, int, int], tuple[Landmark, ...]]:
    """The curated landmarks of each ``(cell, kind code)``, in the landmark table's order (made
    again when the landmark table is switched: tests use their own; the cells cached with the
    old table are dropped)."""
    index = landmark_index()
    if _CURATED.get("index") is not index:
        _cell_spots.cache_clear()
        _CURATED.update(index=index, cells=_landmark_cells(index.items))
    cells: dict[tuple[int, int, int], tuple[Landmark, ...]] = _CURATED["cells"]
    return cells


def _landmark_cells(items: list[Landmark]) -> dict[tuple[int, int, int], tuple[Landmark, ...]]:
    cells: dict[tuple[int, int, int], list[Landmark]] = {}
    for lm in items:
        for key in LANDMARK_KINDS.get(lm.kind, ()):
            kind = category_key(key)
            if kind is not None:
                cells.setdefault((*cell_of(lm.lat, lm.lng), kind.code), []).append(lm)
    return {key: tuple(found) for key, found in cells.items()}


def _curated(iy: int, ix: int, code: int) -> tuple[Spot, ...]:
    top = _PROMINENCE_RANGE[1]
    return tuple(
        Spot(lm.lat, lm.lng, iy, ix, code, _CURATED_INDEX0 + k, lm.place_id, top)
        for k, lm in enumerate(_curated_cells().get((iy, ix, code), ()))
    )


def _generated(iy: int, ix: int, code: int, c: Category) -> tuple[Spot, ...]:
    lat0, lng0 = iy * CELL_DEG, ix * CELL_DEG
    mid = (lat0 + CELL_DEG / 2, lng0 + CELL_DEG / 2)
    if c.group == "worship":
        people = _worship_people(mid, c, iy, ix)
    else:
        people = people_per_km2(*mid, central=c.group in _CENTRAL_GROUPS)
    per_km2 = people * local_rate(c, iy, ix) + land_rate(c) if people else 0.0
    mean = per_km2 * _CELL_AREA_KM2 * math.cos(math.radians(mid[0]))
    if mean < 1e-4:
        return ()
    h = stable_int("world-cell", iy, ix, code)
    count = _poisson(mean, (h & 0xFFFFFFFF) / 2**32)
    out = []
    for index in range(count):
        hp = stable_int("world-spot", iy, ix, code, index)
        lat = round(lat0 + ((hp & 0xFFFFFF) / 2**24) * CELL_DEG, 6)
        lng = round(lng0 + ((hp >> 24 & 0xFFFFFF) / 2**24) * CELL_DEG, 6)
        if not is_land(lat, lng):
            continue
        pid = business_id(lat, lng, iy, ix, code, index)
        stars, reviews = rating(pid)
        out.append(Spot(lat, lng, iy, ix, code, index, pid, stars * math.log(reviews)))
    return tuple(out)


def spots_near(lat: float, lng: float, radius_m: float, code: int) -> list[Spot]:
    """Every place of kind ``code`` in the cells a circle touches (callers measure distance)."""
    dlat = radius_m / 1000 / _KM_PER_DEG
    dlng = dlat / max(0.05, math.cos(math.radians(lat)))
    y0, x0 = cell_of(lat - dlat, lng - dlng)
    y1, x1 = cell_of(lat + dlat, lng + dlng)
    if x1 < x0:  # across the antimeridian
        x1 += round(360 / CELL_DEG)
    wrap = round(360 / CELL_DEG)
    half = wrap // 2
    out: list[Spot] = []
    for iy in range(y0, y1 + 1):
        for ix in range(x0, x1 + 1):
            out.extend(cell_spots(iy, (ix + half) % wrap - half, code))
    return out


# --------------------------------------------------------------------------- places


def business_name(c: Category, place_id: str) -> str:
    """Display name of a place of kind ``c`` (always says "Sandbox" or "(synthetic)")."""
    seed = stable_int("world-name", place_id)
    number = 1 + (seed >> 12) % 999
    adj, noun = _ADJ[(seed >> 2) % len(_ADJ)], _NOUN[(seed >> 6) % len(_NOUN)]
    style = seed % 3
    if style == 0:
        return f"Sandbox {c.label} {number}"
    if style == 1:
        return f"{adj} & {noun} {c.label} (synthetic)"
    return f"{adj} {c.label} Sandbox {number}"


@functools.lru_cache(maxsize=8192)
def place_of(spot: Spot) -> Resolved:
    """The whole place (name, address, town, time zone) of a :class:`Spot`."""
    if spot.index >= _CURATED_INDEX0:
        landmark = landmark_with_id(spot.place_id)
        if landmark is not None:
            return landmark_resolved(landmark, "HIGH")
    c = kind_at(spot.code) or free_category("place")
    seed = stable_int("world-address", spot.place_id) & 0xFFFFFF
    address, city, cc = local_address(spot.lat, spot.lng, seed)
    return Resolved(
        spot.lat,
        spot.lng,
        business_name(c, spot.place_id),
        address,
        spot.place_id,
        c.key,
        city,
        cc,
        timezone_at(spot.lat, spot.lng),
        "HIGH",
    )


def spot_from_id(place_id: str) -> Spot | None:
    """The :class:`Spot` of a world place id (any process), or ``None``."""
    unpacked = decode_business_id(place_id)
    if unpacked is None:
        return None
    iy, ix, code, index = unpacked
    for spot in cell_spots(iy, ix, code):
        if spot.index == index:
            return spot if spot.place_id == place_id else None
    return None


def place_of_cid(cid: int) -> Resolved | None:
    """The world place whose fingerprint is ``cid`` (a ``?cid=`` link), or ``None``: the
    fingerprint names the grid cell, so the cell half of the id follows from the place."""
    unpacked = decode_business_id(feature_place_id(0, cid)) if 0 <= cid < 2**64 else None
    if unpacked is None:
        return None
    iy, ix, code, index = unpacked
    spot = next((s for s in cell_spots(iy, ix, code) if s.index == index), None)
    return None if spot is None else place_of(spot)


def place_from_id(place_id: str) -> Resolved | None:
    """The world place of an id the emulator issued, or ``None``."""
    spot = spot_from_id(place_id)
    return None if spot is None else place_of(spot)


# --------------------------------------------------------------------------- selection

#: Distances are normalised by the circle's radius, at most this (the live bias is soft: past a
#: few km, metres count as metres), and so far the circle is scanned before filling.
_SCAN_M = 3000.0
#: How far a circle that holds too few places is filled from outside.
_FILL_M = 12_000.0
#: How far, in radii of its spread, a kind of wide spread looks for its curated places.
_WIDE_REACH = 3.0
#: How far a search around a famous place that finds nothing within :data:`_FILL_M` reaches
#: on: live biases, not restricts, a search to its place ("hotels near Mount Elbrus" lists
#: Terskol's, 20 km off), and this stays under issue 40's 50 km of a place "placed elsewhere".
#: Not round a famous place of one broad list (a volcano, a GSI summit): a namesake town that
#: list lacks may be meant ("škola Parinacota": Peru's, not Chile's volcano, 105 km off).
FAR_REACH_M = 40_000.0
#: Weight of prominence against normalised distance in a circle's ranking.
_PROMINENCE_WEIGHT = 0.6
_PROMINENCE_RANGE = (10.0, 34.0)  # stars x ln(reviews) of the least and most prominent place


def _distance_m(lat: float, lng: float, spot: Spot) -> float:
    kx = math.cos(math.radians((lat + spot.lat) / 2))
    dx = ((spot.lng - lng + 180) % 360 - 180) * kx
    return math.hypot(spot.lat - lat, dx) * _KM_PER_DEG * 1000


def _score(distance_m: float, scale_m: float, spot: Spot) -> float:
    low, high = _PROMINENCE_RANGE
    prominence = min(1.0, max(0.0, (spot.prominence - low) / (high - low)))
    return distance_m / scale_m + _PROMINENCE_WEIGHT * (1 - prominence)


def select(
    center: tuple[float, float], radius_m: float, code: int, count: int, *, far: bool = False
) -> list[tuple[Spot, float]]:
    """The ``count`` places of kind ``code`` a circle selects, with their distance (m).

    Places inside the circle come first, ranked by distance over the radius plus a fixed
    prominence (stars x log reviews); when the circle holds fewer than ``count``, the nearest
    places outside fill the rest (out to :data:`_FILL_M`; with ``far``, a famous place's
    circle that holds none then looks out to :data:`FAR_REACH_M`). A query selects, never
    creates.
    """
    lat, lng = center
    scale = max(1.0, min(radius_m, _SCAN_M))
    scanned = min(radius_m, _SCAN_M)
    near = [(s, _distance_m(lat, lng, s)) for s in spots_near(lat, lng, scanned, code)]
    inside = sorted(
        ((s, d) for s, d in near if d <= scanned),
        key=lambda sd: (_score(sd[1], scale, sd[0]), sd[0].place_id),
    )
    reach = scanned
    while len(inside) < count and reach < _FILL_M:
        reach = min(_FILL_M, max(reach * 2, 500.0))
        seen = {s.place_id for s, _ in inside}
        ring = [(s, _distance_m(lat, lng, s)) for s in spots_near(lat, lng, reach, code)]
        outside = sorted(
            ((s, d) for s, d in ring if s.place_id not in seen and d <= reach),
            key=lambda sd: (sd[1], sd[0].place_id),
        )
        inside += outside[: count - len(inside)]
    if len(inside) < count and radius_m > _FILL_M:  # a kind of wide spread: airports, parks
        seen = {s.place_id for s, _ in inside}
        inside += _curated_within(lat, lng, radius_m * _WIDE_REACH, code, seen)
    if not inside and far:
        inside = _nearest_beyond(lat, lng, code, count)
    return inside[:count]


def _nearest_beyond(lat: float, lng: float, code: int, count: int) -> list[tuple[Spot, float]]:
    """The ``count`` places of kind ``code`` nearest ``lat, lng`` beyond :data:`_FILL_M`, out to
    :data:`FAR_REACH_M` (the circle doubles until it holds one)."""
    reach = _FILL_M
    while reach < FAR_REACH_M:
        reach = min(FAR_REACH_M, reach * 2)
        ring = [(s, _distance_m(lat, lng, s)) for s in spots_near(lat, lng, reach, code)]
        found = sorted(
            ((s, d) for s, d in ring if d <= reach), key=lambda sd: (sd[1], sd[0].place_id)
        )
        if found:
            return found[:count]
    return []


def _curated_within(
    lat: float, lng: float, reach_m: float, code: int, seen: set[str]
) -> list[tuple[Spot, float]]:
    """The curated places of kind ``code`` within ``reach_m``, nearest first: a kind of wide
    spread (an airport 30 km out of town) lies beyond the cells a circle can afford to scan."""
    found = [
        (s, _distance_m(lat, lng, s))
        for (iy, ix, kind) in _curated_cells()
        if kind == code
        for s in _curated(iy, ix, code)
        if s.place_id not in seen
    ]
    return sorted(
        ((s, d) for s, d in found if d <= reach_m), key=lambda sd: (sd[1], sd[0].place_id)
    )


def spots_along(
    path: list[tuple[float, float]], half_width_m: float, code: int
) -> list[tuple[Spot, float]]:
    """Places of kind ``code`` within ``half_width_m`` of points along a path (sampled at most
    every ``half_width_m``), each with its distance to the nearest sample."""
    best: dict[str, tuple[Spot, float]] = {}
    for plat, plng in path:
        for s in spots_near(plat, plng, half_width_m, code):
            d = _distance_m(plat, plng, s)
            if d <= half_width_m and (s.place_id not in best or d < best[s.place_id][1]):
                best[s.place_id] = (s, d)
    return sorted(best.values(), key=lambda sd: (sd[1], sd[0].place_id))


def spots_named(
    name: str, code: int, center: tuple[float, float], radius_m: float
) -> list[tuple[Spot, float]]:
    """Places of kind ``code`` called ``name`` within ``radius_m`` of ``center``, nearest first."""
    c = kind_at(code) or free_category("place")
    lat, lng = center
    hits = [
        (s, _distance_m(lat, lng, s))
        for s in spots_near(lat, lng, radius_m, code)
        if business_name(c, s.place_id) == name
    ]
    return sorted(hits, key=lambda sd: (sd[1], sd[0].place_id))


_NAME_FORMS = ("Sandbox {label} ", " {label} (synthetic)", " {label} Sandbox ")


def kind_of_name(name: str) -> int | None:
    """The kind code a synthetic place's name says (``"Sandbox Pharmacy 179"`` -> pharmacy),
    the longest label that fits one of the name forms, or ``None``."""
    best: tuple[int, int] | None = None
    for c in (*categories(), free_category("place")):
        if not c.label:
            continue
        for form in _NAME_FORMS:
            if form.format(label=c.label) in f" {name} " and (
                best is None or len(c.label) > best[0]
            ):
                best = (len(c.label), c.code)
    return None if best is None else best[1]


# --------------------------------------------------------------------------- worship by country
# "Temple" (templo, Tempel, 寺院, ...) names a Hindu temple in India but a Buddhist temple in
# Thailand or Japan: the table's generic words belong to ``hindu_temple``; data/temple_kinds.csv
# gives, per country, the kind such a word means there (the countries whose Buddhists outnumber
# their Hindus: Pew Research Center, The Global Religious Landscape, 2012, 2010 shares). A query
# that names the kind itself ("hindu temple", "templo hindú") keeps it.

TEMPLE_KINDS = Path(__file__).resolve().parents[1] / "data" / "temple_kinds.csv"
#: The kind whose table words include the generic "temple" of many languages.
_GENERIC_TEMPLE = "hindu_temple"


@functools.cache
def _temple_by_country() -> dict[str, str]:
    """``{country code: kind key}`` from ``data/temple_kinds.csv``."""
    with TEMPLE_KINDS.open(encoding="utf-8", newline="") as fh:
        return {row["cc"]: row["kind"] for row in csv.DictReader(fh)}


def _names_itself(c: Category, text: str) -> bool:
    """Whether ``text`` holds one of the kind's own display names ("hindu temple")."""
    folded = f" {fold(text)} "
    for singular, plural in c.names.values():
        for name in {singular, plural}:
            key = fold(name)
            if key and (f" {key} " in folded or (not key.isascii() and key in folded)):
                return True
    return False


def local_kind(c: Category, text: str, point: tuple[float, float]) -> Category:
    """The kind a generic word of ``text`` means at ``point``; ``c`` itself otherwise."""
    if c.key != _GENERIC_TEMPLE or _names_itself(c, text):
        return c
    local = _temple_by_country().get(country_at(point[0], point[1])[0])
    found = category_key(local) if local else None
    return found if found is not None else c


def local_code(code: int, text: str, point: tuple[float, float]) -> int:
    """:func:`local_kind` by code (``search_along_route``'s kinds are codes)."""
    c = category_at(code)
    return code if c is None else local_kind(c, text, point).code
